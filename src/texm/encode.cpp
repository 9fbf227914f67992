// RGBA8 to Texm pixels and whole payloads (the inverse of decode.cpp, docs/formats/texm.md 7.2).
#include "parkan/texm/encode.hpp"

#include <algorithm>
#include <cmath>

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
    default: return static_cast<std::uint16_t>(luminance(r, g, b) << 8 | a);  // la88: first byte A, second L
  }
}

void encode_8888(const std::uint8_t* __restrict rgba, std::size_t count, std::uint8_t* __restrict dst) {
  std::size_t i = best_simd_path() >= SimdPath::avx2 ? simd::encode_8888_avx2(rgba, count, dst) : 0;
  for (; i < count; ++i) {
    std::uint32_t v = load_u32(rgba + 4 * i);  // R | G << 8 | B << 16 | A << 24
    store_u32(dst + 4 * i, (v << 8) | (v >> 24));  // bytes A, R, G, B
  }
}

void encode_888(const std::uint8_t* __restrict rgba, std::size_t count, std::uint8_t* __restrict dst) {
  for (std::size_t i = 0; i < count; ++i)
    store_u32(dst + 4 * i, (load_u32(rgba + 4 * i) & 0x00FFFFFFu) | std::uint32_t(kEncoded888Padding) << 24);
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
    case Format::argb8888: return encode_8888(rgba, count, dst);
    case Format::rgbx888: return encode_888(rgba, count, dst);
    case Format::indexed8: return;  // needs a palette: index_pixels
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

Result<ByteBuffer> encode_levels(std::span<const Image> levels, const EncodeOptions& options) {
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
  if (options.page && options.page->size() > 0xFFFFFFFFu) return invalid("more than 2^32 Page rects");

  Texture t;
  t.header.width = base.width;
  t.header.height = base.height;
  t.header.mip_count = static_cast<std::uint32_t>(levels.size());
  t.header.flags4 = options.flags4;
  t.header.flags5 = options.flags5;
  t.header.unk6 = options.unk6;
  t.header.format = format_number(options.format);
  t.format = options.format;
  const std::size_t bpp = bytes_per_pixel(options.format);
  std::size_t total = 0;
  for (const Image& l : levels) total += std::size_t(l.width) * l.height * bpp;
  ByteBuffer pixels(total);
  Palette palette{};
  if (options.format == Format::indexed8) palette = build_palette(levels);
  std::size_t at = 0;
  for (const Image& l : levels) {
    if (options.format == Format::indexed8)
      index_pixels(palette, l, pixels.data() + at);
    else if (options.dither)
      encode_pixels_dithered(options.format, l, pixels.data() + at);
    else
      encode_pixels(options.format, l.rgba.data(), std::size_t(l.width) * l.height, pixels.data() + at);
    at += std::size_t(l.width) * l.height * bpp;
  }
  if (options.format == Format::indexed8) t.palette = palette;
  t.pixels = pixels;
  t.page = options.page;
  return write(t);
}

Result<ByteBuffer> encode(const Image& image, const EncodeOptions& options) {
  if (image.width == 0 || image.height == 0) return invalid(fmt::format("image is {}x{}", image.width, image.height));
  if (image.rgba.size() != std::size_t(image.width) * image.height * 4)
    return invalid(fmt::format("image has {} bytes of RGBA, {}x{} needs {}", image.rgba.size(), image.width,
                               image.height, std::size_t(image.width) * image.height * 4));
  std::uint32_t full = full_mip_count(image.width, image.height);
  std::uint32_t count = options.mip_count == 0 ? full : options.mip_count;
  if (count > full)
    return invalid(fmt::format("{} mip levels requested, a {}x{} image has at most {}", count, image.width,
                               image.height, full));
  std::vector<Image> chain = build_mip_chain(image, count, options.gamma_correct_mips);
  return encode_levels(chain, options);
}

}  // namespace parkan::texm
