// Texm reader: every rule of docs/formats/texm.md 8.1 with its own message and offset.
#include "parkan/texm/read.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

namespace parkan::texm {

std::optional<Format> to_format(std::uint32_t number) {
  for (Format f : kAllFormats)
    if (format_number(f) == number) return f;
  return std::nullopt;
}

bool operator==(const Texture& a, const Texture& b) {
  auto same = [](ByteView x, ByteView y) { return std::ranges::equal(x, y); };
  return a.header == b.header && a.format == b.format && same(a.palette, b.palette) && same(a.pixels, b.pixels) &&
         a.levels == b.levels && a.page == b.page && a.core_size == b.core_size;
}

std::optional<ByteView> font_atlas(ByteView payload) {
  if (payload.size() <= kFontAtlasOffset || load_u32(payload.data()) != kFontMagic) return std::nullopt;
  return payload.subspan(kFontAtlasOffset);
}

namespace {

Header decode_header(const std::uint8_t* p) {
  Header h;
  h.magic = load_u32(p + 0);
  h.width = load_u32(p + 4);
  h.height = load_u32(p + 8);
  h.mip_count = load_u32(p + 12);
  h.flags4 = load_u32(p + 16);
  h.flags5 = load_u32(p + 20);
  h.unk6 = load_u32(p + 24);
  h.format = load_u32(p + 28);
  return h;
}

}  // namespace

Result<std::vector<Level>> layout(const Header& header, std::size_t payload_size) {
  if (header.magic != kMagic) return invalid_rule("texm.header.magic", fmt::format("bad magic 0x{:08x}: not a Texm texture", header.magic), 0);
  if (header.width == 0) return invalid_rule("texm.header.width", "width is 0", 4);
  if (header.height == 0) return invalid_rule("texm.header.height", "height is 0", 8);
  if (header.mip_count == 0) return invalid_rule("texm.header.mip_count", "mip count is 0", 12);
  if (header.mip_count > kMaxMipCount)
    return invalid_rule("texm.header.mip_count", fmt::format("mip count {} is above {}", header.mip_count, kMaxMipCount), 12);
  std::optional<Format> format = to_format(header.format);
  if (!format) return invalid_rule("texm.header.format", fmt::format("unknown format {}", header.format), 28);
  std::uint64_t offset = kHeaderSize;
  if (*format == Format::indexed8) {
    if (!range_fits(offset, kPaletteSize, payload_size))
      return invalid_rule("texm.palette.size", fmt::format("format 0 texture has no room for its palette: {} bytes after the header, need {}",
                                 payload_size - std::min<std::size_t>(payload_size, kHeaderSize), kPaletteSize),
                     kHeaderSize);
    offset += kPaletteSize;
  }
  const std::uint64_t bpp = bytes_per_pixel(*format);
  std::vector<Level> levels;
  levels.reserve(header.mip_count);  // at most kMaxMipCount
  for (std::uint32_t i = 0; i < header.mip_count; ++i) {
    Level level;
    level.width = level_side(header.width, i);
    level.height = level_side(header.height, i);
    // width, height < 2^32, so the product fits in 64 bits; the size check avoids the multiply by bpp overflowing.
    std::uint64_t pixels = std::uint64_t(level.width) * level.height;
    std::uint64_t left = offset <= payload_size ? payload_size - offset : 0;
    if (pixels > left / bpp)
      return invalid_rule("texm.size.truncated", fmt::format("mip level {} ({}x{}, {} bytes) is truncated: {} bytes left", i, level.width,
                                 level.height, pixels <= UINT64_MAX / bpp ? fmt::to_string(pixels * bpp) : "over 2^64",
                                 left),
                     offset);
    level.offset = offset;
    level.size = pixels * bpp;
    offset += level.size;
    levels.push_back(level);
  }
  return levels;
}

Result<Texture> read(ByteView payload) {
  if (payload.size() < kHeaderSize)
    return invalid_rule("texm.header.size", fmt::format("payload too small for the Texm header: {} bytes, need {}", payload.size(), kHeaderSize), 0);
  Texture t;
  t.header = decode_header(payload.data());
  PARKAN_ASSIGN(t.levels, layout(t.header, payload.size()));
  t.format = *to_format(t.header.format);
  std::size_t pixels_start = t.levels.front().offset;
  if (t.format == Format::indexed8) t.palette = payload.subspan(kHeaderSize, kPaletteSize);
  t.core_size = t.levels.back().offset + t.levels.back().size;
  t.pixels = payload.subspan(pixels_start, t.core_size - pixels_start);

  const std::size_t core = t.core_size;
  const std::size_t tail = payload.size() - core;
  if (tail == 0) return t;
  if (tail < kPageHeaderSize)
    return invalid_rule("texm.page.size", fmt::format("{} bytes after the mip chain: too short for a Page chunk (need {})", tail, kPageHeaderSize),
                   core);
  std::uint32_t magic = load_u32(payload.data() + core);
  if (magic != kPageMagic)
    return invalid_rule("texm.page.magic", fmt::format("{} bytes after the mip chain are not a Page chunk (magic 0x{:08x})", tail, magic), core);
  std::uint64_t rect_count = load_u32(payload.data() + core + 4);
  std::uint64_t need = kPageHeaderSize + rect_count * kPageRectSize;
  if (need != tail)
    return invalid_rule("texm.page.size", fmt::format("Page chunk with {} rects needs {} bytes, the tail has {}", rect_count, need, tail),
                   core + 4);
  std::vector<PageRect> rects(rect_count);  // rect_count * 8 bytes exist: checked above
  const std::uint8_t* p = payload.data() + core + kPageHeaderSize;
  for (PageRect& r : rects) {
    r.x = load_i16(p + 0);
    r.w = load_i16(p + 2);
    r.y = load_i16(p + 4);
    r.h = load_i16(p + 6);
    p += kPageRectSize;
  }
  t.page = std::move(rects);
  return t;
}

}  // namespace parkan::texm
