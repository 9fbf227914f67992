// Texm pixels to RGBA8: the reference decoder (docs/formats/texm.md 6.1, one pixel at a time) and
// the fast one. The 16-bit formats use SSE2 (baseline on x86-64) with the exact widening computed
// as multiply-add-shift, or AVX2 (simd_avx2.cpp) when the CPU has it; 8888 and the palette lookup
// use AVX2 byte shuffles / gathers when available; 888 and the portable path are plain loops that
// gcc -O3 vectorizes.
#include "parkan/texm/decode.hpp"

#include "texm/simd.hpp"

#include <cstring>

#include <fmt/format.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace parkan::texm {

namespace {

// Exact rounding widen as multiply-add-shift, valid for every code (checked below): the form the
// SIMD path computes in 16-bit lanes.
constexpr std::uint32_t widen5_fast(std::uint32_t v) { return (v * 527 + 23) >> 6; }
constexpr std::uint32_t widen6_fast(std::uint32_t v) { return (v * 259 + 33) >> 6; }
constexpr bool fast_widen_exact() {
  for (std::uint32_t v = 0; v < 32; ++v)
    if (widen5_fast(v) != widen5(v)) return false;
  for (std::uint32_t v = 0; v < 64; ++v)
    if (widen6_fast(v) != widen6(v)) return false;
  return true;
}
static_assert(fast_widen_exact());

inline void put(std::uint8_t* d, std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
  d[0] = r;
  d[1] = g;
  d[2] = b;
  d[3] = a;
}

// docs/formats/palettes.md 6 (C15): Texm palette entries are stored R, G, B, A.
inline void palette_entry_to_rgba(const std::uint8_t* entry, std::uint8_t* d) { put(d, entry[0], entry[1], entry[2], entry[3]); }

void decode_one(Format format, const std::uint8_t* s, const std::uint8_t* palette, std::uint8_t* d) {
  switch (format) {
    case Format::indexed8:
      palette_entry_to_rgba(palette + 4 * std::size_t(s[0]), d);
      return;
    case Format::rgb565: {
      std::uint32_t v = load_u16(s);
      put(d, widen5(v >> 11), widen6((v >> 5) & 63), widen5(v & 31), 255);
      return;
    }
    case Format::rgb556: {
      std::uint32_t v = load_u16(s);
      put(d, widen5(v >> 11), widen5((v >> 6) & 31), widen6(v & 63), 255);
      return;
    }
    case Format::argb4444: {
      std::uint32_t v = load_u16(s);
      put(d, widen4((v >> 8) & 15), widen4((v >> 4) & 15), widen4(v & 15), widen4(v >> 12));
      return;
    }
    case Format::la88: {
      std::uint32_t v = load_u16(s);  // L = second byte, A = first byte
      std::uint8_t l = static_cast<std::uint8_t>(v >> 8);
      put(d, l, l, l, static_cast<std::uint8_t>(v & 0xFF));
      return;
    }
    case Format::rgbx888:
      put(d, s[0], s[1], s[2], 255);
      return;
    case Format::argb8888:
      put(d, s[1], s[2], s[3], s[0]);
      return;
  }
}

#if defined(__SSE2__)
// 8 pixels of a 16-bit format: `rg` holds R | G << 8 per lane, `ba` holds B | A << 8.
inline void store8(__m128i rg, __m128i ba, std::uint8_t* d) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(d), _mm_unpacklo_epi16(rg, ba));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(d + 16), _mm_unpackhi_epi16(rg, ba));
}
inline __m128i w5(__m128i v) { return _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(v, _mm_set1_epi16(527)), _mm_set1_epi16(23)), 6); }
inline __m128i w6(__m128i v) { return _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(v, _mm_set1_epi16(259)), _mm_set1_epi16(33)), 6); }
inline __m128i w4(__m128i v) { return _mm_or_si128(v, _mm_slli_epi16(v, 4)); }

template <Format F>
std::size_t decode16_sse2(const std::uint8_t* src, std::size_t count, std::uint8_t* dst) {
  const __m128i m4 = _mm_set1_epi16(15), m5 = _mm_set1_epi16(31), m6 = _mm_set1_epi16(63);
  const __m128i opaque = _mm_set1_epi16(static_cast<short>(0xFF00)), low = _mm_set1_epi16(0xFF);
  std::size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + 2 * i));
    __m128i rg, ba;
    if constexpr (F == Format::rgb565) {
      __m128i r = w5(_mm_srli_epi16(v, 11)), g = w6(_mm_and_si128(_mm_srli_epi16(v, 5), m6)), b = w5(_mm_and_si128(v, m5));
      rg = _mm_or_si128(r, _mm_slli_epi16(g, 8));
      ba = _mm_or_si128(b, opaque);
    } else if constexpr (F == Format::rgb556) {
      __m128i r = w5(_mm_srli_epi16(v, 11)), g = w5(_mm_and_si128(_mm_srli_epi16(v, 6), m5)), b = w6(_mm_and_si128(v, m6));
      rg = _mm_or_si128(r, _mm_slli_epi16(g, 8));
      ba = _mm_or_si128(b, opaque);
    } else if constexpr (F == Format::argb4444) {
      __m128i a = w4(_mm_srli_epi16(v, 12)), r = w4(_mm_and_si128(_mm_srli_epi16(v, 8), m4));
      __m128i g = w4(_mm_and_si128(_mm_srli_epi16(v, 4), m4)), b = w4(_mm_and_si128(v, m4));
      rg = _mm_or_si128(r, _mm_slli_epi16(g, 8));
      ba = _mm_or_si128(b, _mm_slli_epi16(a, 8));
    } else {  // la88
      __m128i l = _mm_srli_epi16(v, 8), a = _mm_and_si128(v, low);
      rg = _mm_or_si128(l, _mm_slli_epi16(l, 8));
      ba = _mm_or_si128(l, _mm_slli_epi16(a, 8));
    }
    store8(rg, ba, dst + 4 * i);
  }
  return i;
}
#endif

// The 16-bit formats: SIMD for whole groups, the exact scalar form for the rest.
template <Format F>
void decode16(SimdPath path, const std::uint8_t* src, std::size_t count, std::uint8_t* dst) {
  std::size_t i = 0;
  if (path >= SimdPath::avx2) i = simd::decode16_avx2(F, src, count, dst);
#if defined(__SSE2__)
  if (path != SimdPath::portable) i += decode16_sse2<F>(src + 2 * i, count - i, dst + 4 * i);
#endif
  for (; i < count; ++i) decode_one(F, src + 2 * i, nullptr, dst + 4 * i);
}

void decode_indexed(SimdPath path, const std::uint8_t* __restrict src, std::size_t count, const std::uint8_t* palette,
                    std::uint8_t* __restrict dst) {
  std::uint32_t table[256];
  std::uint8_t planes[4 * 256];
  for (int i = 0; i < 256; ++i) {
    std::uint8_t rgba[4];
    palette_entry_to_rgba(palette + 4 * i, rgba);
    std::memcpy(&table[i], rgba, 4);
    for (int c = 0; c < 4; ++c) planes[256 * c + i] = rgba[c];
  }
  std::size_t i = path == SimdPath::avx512vbmi ? simd::decode_indexed_avx512vbmi(src, count, planes, dst) : 0;
  for (; i < count; ++i) std::memcpy(dst + 4 * i, &table[src[i]], 4);
}

void decode_888(const std::uint8_t* __restrict src, std::size_t count, std::uint8_t* __restrict dst) {
  for (std::size_t i = 0; i < count; ++i) store_u32(dst + 4 * i, load_u32(src + 4 * i) | 0xFF000000u);
}

void decode_8888(SimdPath path, const std::uint8_t* __restrict src, std::size_t count, std::uint8_t* __restrict dst) {
  std::size_t i = path >= SimdPath::avx2 ? simd::decode_8888_avx2(src, count, dst) : 0;
  for (; i < count; ++i) {
    std::uint32_t v = load_u32(src + 4 * i);  // bytes A, R, G, B
    store_u32(dst + 4 * i, (v >> 8) | (v << 24));
  }
}

SimdPath usable(SimdPath path) {
  while (!simd_path_available(path)) path = SimdPath(int(path) - 1);
  return path;
}

}  // namespace

void decode_pixels_reference(Format format, const std::uint8_t* src, std::size_t count, const std::uint8_t* palette,
                             std::uint8_t* dst) {
  const std::size_t bpp = bytes_per_pixel(format);
  for (std::size_t i = 0; i < count; ++i) decode_one(format, src + bpp * i, palette, dst + 4 * i);
}

bool simd_path_available(SimdPath path) {
  switch (path) {
    case SimdPath::portable: return true;
#if defined(__SSE2__)
    case SimdPath::sse2: return true;
    case SimdPath::avx2: return simd::has_avx2();
    case SimdPath::avx512vbmi: return simd::has_avx2() && simd::has_avx512vbmi();
#else
    default: return false;
#endif
  }
  return false;
}

SimdPath best_simd_path() {
  static const SimdPath best = usable(SimdPath::avx512vbmi);
  return best;
}

void decode_pixels_using(SimdPath path, Format format, const std::uint8_t* src, std::size_t count,
                         const std::uint8_t* palette, std::uint8_t* dst) {
  path = usable(path);
  switch (format) {
    case Format::indexed8: return decode_indexed(path, src, count, palette, dst);
    case Format::rgb565: return decode16<Format::rgb565>(path, src, count, dst);
    case Format::rgb556: return decode16<Format::rgb556>(path, src, count, dst);
    case Format::argb4444: return decode16<Format::argb4444>(path, src, count, dst);
    case Format::la88: return decode16<Format::la88>(path, src, count, dst);
    case Format::rgbx888: return decode_888(src, count, dst);
    case Format::argb8888: return decode_8888(path, src, count, dst);
  }
}

void decode_pixels(Format format, const std::uint8_t* src, std::size_t count, const std::uint8_t* palette,
                   std::uint8_t* dst) {
  decode_pixels_using(best_simd_path(), format, src, count, palette, dst);
}

Result<Image> decode(const Texture& texture, std::size_t level) {
  if (level >= texture.levels.size())
    return invalid(fmt::format("no mip level {} (the texture has {})", level, texture.levels.size()));
  const Level& l = texture.levels[level];
  std::size_t count = std::size_t(l.width) * l.height;
  ByteView bytes = texture.level_bytes(level);
  if (l.size != count * bytes_per_pixel(texture.format) || bytes.size() != l.size ||
      (texture.format == Format::indexed8 && texture.palette.size() != kPaletteSize))
    return invalid(fmt::format("mip level {} does not match its {}x{} layout", level, l.width, l.height));
  Image image;
  image.width = l.width;
  image.height = l.height;
  image.rgba.resize(count * 4);
  decode_pixels(texture.format, bytes.data(), count, texture.palette.data(), image.rgba.data());
  return image;
}

}  // namespace parkan::texm
