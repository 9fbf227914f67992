// The engine's texture loader (sub_1000FB30, sub_1000F580): docs/formats/texm.md 4-5.5, 6.4.
#include "parkan/texm/load.hpp"

#include "parkan/texm/decode.hpp"

namespace parkan::texm {

// docs/formats/texm.md 5.2 (sub_1000F580).
std::uint32_t mip_skip_policy(std::uint32_t flags5, std::uint32_t width, std::uint32_t height, std::uint32_t mip_count) {
  if (mip_count <= 1) return 0;
  switch (flags5 & kMipSkipMask) {
    case 0x02000000: return mip_count > 2 ? 2 : 1;
    case 0x10000000: return 1;
    case 0x20000000: return (width >= 256 || height >= 256) ? 1 : 0;
    case 0x40000000:
      if (width > 128 && height > 128) return mip_count > 2 ? 2 : 1;
      if (width == 128 || height == 128) return 1;
      return 0;
    default: return 0;
  }
}

// docs/formats/texm.md 5.2: the loader adds the level-0 size, or 1.25 times it for two levels,
// computed from the original width and height (not the max(1, ...) sizes of the levels).
std::uint64_t engine_pixel_offset(Format format, std::uint32_t width, std::uint32_t height, std::uint32_t mip_skip) {
  std::uint64_t base = kHeaderSize + (format == Format::indexed8 ? kPaletteSize : 0);
  std::uint64_t level0 = std::uint64_t(bytes_per_pixel(format)) * width * height;
  if (mip_skip == 1) return base + level0;
  if (mip_skip == 2) return base + level0 + level0 / 4;
  return base;
}

// docs/formats/texm.md 4, with the shifts done on int32 as the engine does.
LoadedRect page_rect_to_loaded(const PageRect& r, std::uint32_t width, std::uint32_t height, std::uint32_t s) {
  LoadedRect out;
  out.x0 = std::int32_t(r.x) * (1 << s);
  out.x1 = (std::int32_t(r.x) + r.w) * (1 << s);
  out.y0 = std::int32_t(r.y) * (1 << s);
  out.y1 = (std::int32_t(r.y) + r.h) * (1 << s);
  float full_w = float(std::uint64_t(width) << s), full_h = float(std::uint64_t(height) << s);
  out.u0 = float(r.x) / full_w;
  out.du = float(r.w) / full_w;
  out.v0 = float(r.y) / full_h;
  out.dv = float(r.h) / full_h;
  return out;
}

namespace {

// LoaderProfile::force_16bit, the project's reading (see load.hpp): 32-bit and palette sources go
// to 4444 on an alpha surface, to 565 on an opaque one (docs/formats/texm.md 6.4).
Format upload_format(const Texture& t, bool alpha_surface, bool force_16bit) {
  if (!force_16bit) return t.format;
  switch (t.format) {
    case Format::argb8888: case Format::rgbx888: case Format::indexed8: case Format::indexed8_external:
      return alpha_surface ? Format::argb4444 : Format::rgb565;
    default: return t.format;
  }
}

}  // namespace

LoadResult load(const Texture& t, std::uint32_t load_flags, const LoaderProfile& profile) {
  const Header& h = t.header;
  LoadResult out;
  out.mip_skip = mip_skip_policy(h.flags5, h.width, h.height, h.mip_count);
  out.width = h.width >> out.mip_skip;
  out.height = h.height >> out.mip_skip;
  out.mip_count = h.mip_count - out.mip_skip;
  out.pixel_offset = engine_pixel_offset(t.format, h.width, h.height, out.mip_skip);
  out.exact_pixel_offset = out.mip_skip < t.levels.size() ? t.levels[out.mip_skip].offset : out.pixel_offset;
  if (profile.disable_mipmap) out.mip_count = 1;
  out.runtime_mips = !profile.disable_mipmap && out.mip_count == 1 && (out.width > 1 || out.height > 1);
  out.alpha_surface = has_alpha_surface(t.format, h.flags5, load_flags);
  out.upload_format = upload_format(t, out.alpha_surface, profile.force_16bit);

  LoadedRect whole;
  whole.x1 = std::int32_t(out.width);
  whole.y1 = std::int32_t(out.height);
  whole.du = 1.0f;
  whole.dv = 1.0f;
  out.rects.push_back(whole);
  if ((load_flags & kLoadFlagPage) && t.page)
    for (const PageRect& r : *t.page) out.rects.push_back(page_rect_to_loaded(r, out.width, out.height, out.mip_skip));
  return out;
}

}  // namespace parkan::texm
