// RGBA8 to Texm pixels and whole payloads (the inverse of decode.cpp, docs/formats/texm.md 7.2), mip
// levels as truncated means of level 0 per stored field (docs/formats/texm.md 7.5).
#include "parkan/texm/encode.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include <fmt/format.h>

#include "parkan/texm/decode.hpp"
#include "parkan/texm/mips.hpp"
#include "parkan/texm/read.hpp"
#include "texm/simd.hpp"

namespace parkan::texm {

namespace {

// For every 8-bit value, the code whose widened value is nearest (ties to the lower code).
template <std::uint32_t Bits>
constexpr std::array<std::uint8_t, 256> nearest_table() {
  std::array<std::uint8_t, 256> table{};
  constexpr std::uint32_t max = (1u << Bits) - 1;
  for (std::uint32_t v = 0; v < 256; ++v) {
    std::uint32_t best = 0, best_distance = 256;
    for (std::uint32_t c = 0; c <= max; ++c) {
      std::uint32_t w = Bits == 5 ? widen5(c) : Bits == 6 ? widen6(c) : widen4(c);
      std::uint32_t d = w > v ? w - v : v - w;
      if (d < best_distance) best = c, best_distance = d;
    }
    table[v] = static_cast<std::uint8_t>(best);
  }
  return table;
}
constexpr auto kNearest5 = nearest_table<5>();
constexpr auto kNearest6 = nearest_table<6>();
constexpr auto kNearest4 = nearest_table<4>();

std::uint16_t pack16(Format format, const std::uint8_t* p) {
  const std::uint8_t r = p[0], g = p[1], b = p[2], a = p[3];
  switch (format) {
    case Format::rgb565: return static_cast<std::uint16_t>(kNearest5[r] << 11 | kNearest6[g] << 5 | kNearest5[b]);
    case Format::rgb556: return static_cast<std::uint16_t>(kNearest5[r] << 11 | kNearest5[g] << 6 | kNearest6[b]);
    case Format::argb4444:
      return static_cast<std::uint16_t>(kNearest4[a] << 12 | kNearest4[r] << 8 | kNearest4[g] << 4 | kNearest4[b]);
    default: return static_cast<std::uint16_t>(a << 8 | luminance(r, g, b));  // la88 (A8L8): first byte L, second A
  }
}

// 888 and 8888 (docs/formats/texm.md 6.1): RGBA8 to bytes B, G, R, A / X: bytes 0 and 2 swapped,
// then AND `keep`, OR `set` (888: X = kEncoded888Padding).
void encode_32(const std::uint8_t* __restrict rgba, std::size_t count, std::uint8_t* __restrict dst, std::uint32_t keep,
               std::uint32_t set) {
  std::size_t i = best_simd_path() >= SimdPath::avx2 ? simd::swap_red_blue_avx2(rgba, count, dst, keep, set) : 0;
  for (; i < count; ++i) {
    const std::uint32_t v = load_u32(rgba + 4 * i);  // R | G << 8 | B << 16 | A << 24
    store_u32(dst + 4 * i, (simd::swap_red_blue(v) & keep) | set);
  }
}

// The stored fields of each format (docs/formats/texm.md 6.1), low bit and width, in word order from
// the high end: the mip builder averages these (docs/formats/texm.md 7.5).
struct Field {
  std::uint8_t shift, bits;
};
struct Fields {
  std::uint8_t count;
  Field field[4];
};
Fields fields_of(Format format) {
  switch (format) {
    case Format::rgb565: return {3, {{11, 5}, {5, 6}, {0, 5}, {}}};
    case Format::rgb556: return {3, {{11, 5}, {6, 5}, {0, 6}, {}}};
    case Format::argb4444: return {4, {{12, 4}, {8, 4}, {4, 4}, {0, 4}}};
    case Format::la88: return {2, {{8, 8}, {0, 8}, {}, {}}};
    default: return {4, {{24, 8}, {16, 8}, {8, 8}, {0, 8}}};  // 888, 8888: the four bytes
  }
}

// Stored pixels to an image of their fields (one byte each, up to four per pixel), and back.
Image unpack_fields(Format format, const std::uint8_t* stored, std::uint32_t width, std::uint32_t height) {
  const Fields f = fields_of(format);
  const std::size_t bpp = bytes_per_pixel(format), count = std::size_t(width) * height;
  Image out{width, height, ByteBuffer(count * 4)};
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t word = bpp == 2 ? load_u16(stored + 2 * i) : load_u32(stored + 4 * i);
    for (std::size_t c = 0; c < f.count; ++c)
      out.rgba[4 * i + c] = static_cast<std::uint8_t>(word >> f.field[c].shift & ((1u << f.field[c].bits) - 1));
  }
  return out;
}

void pack_fields(Format format, const Image& fields, std::uint8_t* stored) {
  const Fields f = fields_of(format);
  const std::size_t bpp = bytes_per_pixel(format), count = std::size_t(fields.width) * fields.height;
  for (std::size_t i = 0; i < count; ++i) {
    std::uint32_t word = 0;
    for (std::size_t c = 0; c < f.count; ++c) word |= std::uint32_t(fields.rgba[4 * i + c]) << f.field[c].shift;
    if (bpp == 2)
      store_u16(stored + 2 * i, static_cast<std::uint16_t>(word));
    else
      store_u32(stored + 4 * i, word);
  }
}

// The 4x4 Bayer matrix, thresholds 0..15.
constexpr std::uint8_t kBayer4[4][4] = {{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}};

// Shifts an 8-bit value by a threshold in (-1/2, 1/2) of one quantization step of `bits` bits.
std::uint8_t dither_value(std::uint8_t v, std::uint32_t bits, std::uint8_t threshold) {
  double step = 255.0 / double((1u << bits) - 1);
  double shifted = v + ((threshold + 0.5) / 16.0 - 0.5) * step;
  return static_cast<std::uint8_t>(std::clamp(std::lround(shifted), 0L, 255L));
}

}  // namespace

std::uint8_t nearest_code5(std::uint8_t v) { return kNearest5[v]; }
std::uint8_t nearest_code6(std::uint8_t v) { return kNearest6[v]; }
std::uint8_t nearest_code4(std::uint8_t v) { return kNearest4[v]; }

void encode_pixels(Format format, const std::uint8_t* rgba, std::size_t count, std::uint8_t* dst) {
  switch (format) {
    case Format::argb8888: return encode_32(rgba, count, dst, 0xFFFFFFFFu, 0);
    case Format::rgbx888: return encode_32(rgba, count, dst, 0x00FFFFFFu, std::uint32_t(kEncoded888Padding) << 24);
    case Format::indexed8: case Format::indexed8_external: return;  // needs a palette: index_pixels
    default:
      for (std::size_t i = 0; i < count; ++i) store_u16(dst + 2 * i, pack16(format, rgba + 4 * i));
  }
}

void encode_pixels_dithered(Format format, const Image& image, std::uint8_t* dst) {
  std::uint32_t bits[4] = {8, 8, 8, 8};  // R, G, B, A
  switch (format) {
    case Format::rgb565: bits[0] = 5, bits[1] = 6, bits[2] = 5; break;
    case Format::rgb556: bits[0] = 5, bits[1] = 5, bits[2] = 6; break;
    case Format::argb4444: bits[0] = bits[1] = bits[2] = bits[3] = 4; break;
    default: return encode_pixels(format, image.rgba.data(), std::size_t(image.width) * image.height, dst);
  }
  const std::size_t bpp = bytes_per_pixel(format);
  for (std::uint32_t y = 0; y < image.height; ++y)
    for (std::uint32_t x = 0; x < image.width; ++x) {
      std::size_t i = std::size_t(y) * image.width + x;
      std::uint8_t p[4];
      for (int c = 0; c < 4; ++c) {
        std::uint8_t v = image.rgba[4 * i + c];
        p[c] = bits[c] == 8 ? v : dither_value(v, bits[c], kBayer4[y & 3][x & 3]);
      }
      encode_pixels(format, p, 1, dst + bpp * i);
    }
}

namespace {

// Checks shared by encode_levels and encode: the image sizes, the level count, the palette.
Status check_image(const Image& image, const char* what) {
  if (image.width == 0 || image.height == 0) return invalid(fmt::format("{} is {}x{}", what, image.width, image.height));
  if (image.rgba.size() != std::size_t(image.width) * image.height * 4)
    return invalid(fmt::format("{} has {} bytes of RGBA, {}x{} needs {}", what, image.rgba.size(), image.width,
                               image.height, std::size_t(image.width) * image.height * 4));
  return {};
}

// The palette a payload's pixels index (formats 0 and 2), stored B, G, R, X.
Result<Palette> palette_for(std::span<const Image> levels, const EncodeOptions& options) {
  if (options.palette) return *options.palette;
  if (options.format == Format::indexed8_external)
    return invalid_rule("texm.palette.external",
                        "format 2 stores indices into an external palette (a font's PAL.PAL): give the palette to encode with");
  return build_palette(levels, options.flags5);
}

// The indices of `image` by exact colour under `rule` (docs/formats/texm.md 7.4): the index of `hint`
// (the original texture's, or empty) where that entry holds the pixel's colour, else the first entry
// that does. False when a pixel's colour is in no entry.
bool index_exactly(const PixelRule& rule, const Image& image, ByteView hint, std::uint8_t* dst) {
  std::unordered_map<std::uint32_t, std::uint8_t> first_entry;
  for (std::size_t e = 0; e < 256; ++e) first_entry.try_emplace(load_u32(rule.palette.data() + 4 * e), std::uint8_t(e));
  const std::size_t count = std::size_t(image.width) * image.height;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t colour = load_u32(image.rgba.data() + 4 * i);
    if (!hint.empty() && load_u32(rule.palette.data() + 4 * std::size_t(hint[i])) == colour) {
      dst[i] = hint[i];
      continue;
    }
    auto entry = first_entry.find(colour);
    if (entry == first_entry.end()) return false;
    dst[i] = entry->second;
  }
  return true;
}

// Format 0 over the palette of options.original (EncodeOptions::original, docs/formats/texm.md 7.4),
// or nullopt when it does not apply (no such original, a palette given, a colour not in its palette).
// `derived`: levels 1.. were built from level 0, so the original's own levels replace them when level
// 0 is unchanged.
std::optional<ByteBuffer> indices_into_original(std::span<const Image> levels, const EncodeOptions& options,
                                                bool derived) {
  if (options.format != Format::indexed8 || options.palette || !options.original ||
      options.original->format != Format::indexed8 || options.original->palette.size() != kPaletteSize)
    return std::nullopt;
  const Texture& original = *options.original;
  const PixelRule rule = surface_rule(Format::indexed8, options.flags5, original.palette.data());
  // The original's level k where it has the same size, else nothing.
  auto original_level = [&](std::size_t k) -> ByteView {
    if (k >= original.levels.size() || original.levels[k].width != levels[k].width ||
        original.levels[k].height != levels[k].height)
      return {};
    return original.level_bytes(k);
  };
  std::size_t total = 0;
  for (const Image& l : levels) total += std::size_t(l.width) * l.height;
  ByteBuffer pixels(total);
  const ByteView original0 = original_level(0);
  if (!index_exactly(rule, levels[0], original0, pixels.data())) return std::nullopt;
  const std::size_t size0 = std::size_t(levels[0].width) * levels[0].height;
  const bool unchanged = !original0.empty() && std::equal(pixels.begin(), pixels.begin() + std::ptrdiff_t(size0),
                                                          original0.begin(), original0.end());
  std::size_t at = size0;
  for (std::size_t k = 1; k < levels.size(); ++k) {
    const ByteView hint = original_level(k);
    if (derived && unchanged && !hint.empty())
      std::copy(hint.begin(), hint.end(), pixels.begin() + std::ptrdiff_t(at));
    else if (!index_exactly(rule, levels[k], hint, pixels.data() + at))
      index_pixels(rule, levels[k], pixels.data() + at);  // an averaged colour the palette lacks: the nearest
    at += std::size_t(levels[k].width) * levels[k].height;
  }
  return pixels;
}

// The payload around stored pixels: header from `options`, palette for format 0, Page chunk.
Result<ByteBuffer> assemble(std::uint32_t width, std::uint32_t height, std::size_t level_count, const EncodeOptions& options,
                            const std::optional<Palette>& palette, const ByteBuffer& pixels) {
  if (options.page && options.page->size() > 0xFFFFFFFFu) return invalid("more than 2^32 Page rects");
  Texture t;
  t.header.width = width;
  t.header.height = height;
  t.header.mip_count = static_cast<std::uint32_t>(level_count);
  t.header.flags4 = options.flags4;
  t.header.flags5 = options.flags5;
  t.header.unk6 = options.unk6;
  t.header.format = format_number(options.format);
  t.format = options.format;
  if (options.format == Format::indexed8) t.palette = ByteView(palette->data(), palette->size());
  t.pixels = pixels;
  t.page = options.page;
  return write(t);
}

// encode_levels; `derived`: levels 1.. were built from level 0 (encode).
Result<ByteBuffer> encode_chain(std::span<const Image> levels, const EncodeOptions& options, bool derived) {
  if (levels.empty()) return invalid("no image to encode");
  if (levels.size() > kMaxMipCount) return invalid(fmt::format("{} mip levels, at most {}", levels.size(), kMaxMipCount));
  const Image& base = levels[0];
  if (base.width == 0 || base.height == 0) return invalid(fmt::format("image is {}x{}", base.width, base.height));
  for (std::size_t i = 0; i < levels.size(); ++i) {
    std::uint32_t w = level_side(base.width, std::uint32_t(i)), h = level_side(base.height, std::uint32_t(i));
    if (levels[i].width != w || levels[i].height != h)
      return invalid(fmt::format("mip level {} is {}x{}, must be {}x{}", i, levels[i].width, levels[i].height, w, h));
    if (levels[i].rgba.size() != std::size_t(w) * h * 4)
      return invalid(fmt::format("mip level {} has {} bytes of RGBA, must be {}", i, levels[i].rgba.size(),
                                 std::size_t(w) * h * 4));
  }
  if (std::optional<ByteBuffer> kept = indices_into_original(levels, options, derived)) {
    Palette palette{};
    std::copy(options.original->palette.begin(), options.original->palette.end(), palette.begin());
    return assemble(base.width, base.height, levels.size(), options, palette, *kept);
  }
  std::optional<Palette> palette;
  PixelRule rule;
  if (is_indexed(options.format)) {
    PARKAN_ASSIGN(palette, palette_for(levels, options));
    rule = surface_rule(options.format, options.flags5, palette->data());
  }
  const std::size_t bpp = bytes_per_pixel(options.format);
  std::size_t total = 0;
  for (const Image& l : levels) total += std::size_t(l.width) * l.height * bpp;
  ByteBuffer pixels(total);
  std::size_t at = 0;
  for (const Image& l : levels) {
    if (is_indexed(options.format))
      index_pixels(rule, l, pixels.data() + at);
    else if (options.dither)
      encode_pixels_dithered(options.format, l, pixels.data() + at);
    else
      encode_pixels(options.format, l.rgba.data(), std::size_t(l.width) * l.height, pixels.data() + at);
    at += std::size_t(l.width) * l.height * bpp;
  }
  return assemble(base.width, base.height, levels.size(), options, palette, pixels);
}

}  // namespace

Result<ByteBuffer> encode_levels(std::span<const Image> levels, const EncodeOptions& options) {
  return encode_chain(levels, options, false);
}

Result<ByteBuffer> encode(const Image& image, const EncodeOptions& options) {
  PARKAN_TRY(check_image(image, "image"));
  std::uint32_t full = full_mip_count(image.width, image.height);
  std::uint32_t count = options.mip_count == 0 ? full : options.mip_count;
  if (count > full)
    return invalid(fmt::format("{} mip levels requested, a {}x{} image has at most {}", count, image.width,
                               image.height, full));
  // Indices cannot be averaged, and linear light is a property of colours: those levels are built
  // from RGBA8 and encoded one by one.
  if (is_indexed(options.format) || options.gamma_correct_mips) {
    std::vector<Image> chain = build_mip_chain(image, count, options.gamma_correct_mips);
    return encode_chain(chain, options, true);
  }
  // Otherwise level 0 is encoded and every level k is the truncated mean of its stored fields
  // (docs/formats/texm.md 7.5).
  const std::size_t bpp = bytes_per_pixel(options.format);
  std::size_t total = 0;
  for (std::uint32_t k = 0; k < count; ++k)
    total += std::size_t(level_side(image.width, k)) * level_side(image.height, k) * bpp;
  ByteBuffer pixels(total);
  if (options.dither)
    encode_pixels_dithered(options.format, image, pixels.data());
  else
    encode_pixels(options.format, image.rgba.data(), std::size_t(image.width) * image.height, pixels.data());
  if (count > 1) {
    const Image fields = unpack_fields(options.format, pixels.data(), image.width, image.height);
    std::vector<Image> chain = build_mip_chain(fields, count);
    std::size_t at = std::size_t(image.width) * image.height * bpp;
    for (std::uint32_t k = 1; k < count; ++k) {
      pack_fields(options.format, chain[k], pixels.data() + at);
      at += std::size_t(chain[k].width) * chain[k].height * bpp;
    }
  }
  return assemble(image.width, image.height, count, options, std::nullopt, pixels);
}

}  // namespace parkan::texm
