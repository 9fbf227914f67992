// Texm pixels to RGBA8: the reference decoder (docs/formats/texm.md 6.1, one pixel at a time) and
// the fast one. The 16-bit formats use SSE2 (baseline on x86-64) with the exact widening computed
// as multiply-add-shift, or AVX2 (simd_avx2.cpp) when the CPU has it; 888 and 8888 use an AVX2
// byte shuffle, the palette lookup AVX-512 VBMI when available; the portable path is plain loops
// that gcc -O3 vectorizes. The surface rule (docs/formats/texm.md 6.4) is resolved once per
// texture into a PixelRule: a palette of RGBA entries and a byte ORed into A.
#include "parkan/texm/decode.hpp"

#include "parkan/texm/palette.hpp"
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

// The alpha of an opaque surface: ORed into the A byte (docs/formats/texm.md 6.4).
constexpr std::uint8_t alpha_or(const PixelRule& rule) { return rule.alpha ? 0 : 0xFF; }

// The reference decoder: docs/formats/texm.md 6.1, one pixel.
void decode_one(const PixelRule& rule, const std::uint8_t* s, std::uint8_t* d) {
  const std::uint8_t set_alpha = alpha_or(rule);
  switch (rule.format) {
    case Format::indexed8:
    case Format::indexed8_external:
      std::memcpy(d, rule.palette.data() + 4 * std::size_t(s[0]), 4);  // resolved by the surface rule
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
      put(d, widen4((v >> 8) & 15), widen4((v >> 4) & 15), widen4(v & 15), widen4(v >> 12) | set_alpha);
      return;
    }
    case Format::la88:  // A8L8: L = first byte (bits 7..0), A = second byte (bits 15..8)
      put(d, s[0], s[0], s[0], s[1] | set_alpha);
      return;
    case Format::rgbx888:  // bytes B, G, R, X: X is ignored
      put(d, s[2], s[1], s[0], 255);
      return;
    case Format::argb8888:  // bytes B, G, R, A
      put(d, s[2], s[1], s[0], s[3] | set_alpha);
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

// `set_alpha` is ORed into A (0xFF on an opaque surface, docs/formats/texm.md 6.4).
template <Format F>
std::size_t decode16_sse2(const std::uint8_t* src, std::size_t count, std::uint8_t* dst, std::uint8_t set_alpha) {
  const __m128i m4 = _mm_set1_epi16(15), m5 = _mm_set1_epi16(31), m6 = _mm_set1_epi16(63);
  const __m128i opaque = _mm_set1_epi16(static_cast<short>(0xFF00)), low = _mm_set1_epi16(0xFF);
  const __m128i alpha_set = _mm_set1_epi16(static_cast<short>(set_alpha << 8));
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
      ba = _mm_or_si128(_mm_or_si128(b, _mm_slli_epi16(a, 8)), alpha_set);
    } else {  // la88: the word is L | A << 8 already
      __m128i l = _mm_and_si128(v, low);
      rg = _mm_or_si128(l, _mm_slli_epi16(l, 8));
      ba = _mm_or_si128(v, alpha_set);
    }
    store8(rg, ba, dst + 4 * i);
  }
  return i;
}
#endif

// The 16-bit formats: SIMD for whole groups, the exact scalar form for the rest.
template <Format F>
void decode16(SimdPath path, const PixelRule& rule, const std::uint8_t* src, std::size_t count, std::uint8_t* dst) {
  std::size_t i = 0;
  if (path >= SimdPath::avx2) i = simd::decode16_avx2(F, src, count, dst, alpha_or(rule));
#if defined(__SSE2__)
  if (path != SimdPath::portable) i += decode16_sse2<F>(src + 2 * i, count - i, dst + 4 * i, alpha_or(rule));
#endif
  for (; i < count; ++i) decode_one(rule, src + 2 * i, dst + 4 * i);
}

// Formats 0 and 2: a lookup in the palette the surface rule resolved.
void decode_indexed(SimdPath path, const PixelRule& rule, const std::uint8_t* __restrict src, std::size_t count,
                    std::uint8_t* __restrict dst) {
  std::uint32_t table[256];
  std::memcpy(table, rule.palette.data(), sizeof table);
  std::size_t i = 0;
  if (path == SimdPath::avx512vbmi) {
    std::uint8_t planes[4 * 256];
    for (int e = 0; e < 256; ++e)
      for (int c = 0; c < 4; ++c) planes[256 * c + e] = rule.palette[4 * std::size_t(e) + std::size_t(c)];
    i = simd::decode_indexed_avx512vbmi(src, count, planes, dst);
  }
  for (; i < count; ++i) std::memcpy(dst + 4 * i, &table[src[i]], 4);
}

// 888 and 8888 (docs/formats/texm.md 6.1: memory B, G, R, A / X): swap bytes 0 and 2, then set A
// where the surface (or format 888) is opaque (docs/formats/texm.md 6.4).
void decode_32(SimdPath path, const std::uint8_t* __restrict src, std::size_t count, std::uint8_t* __restrict dst,
               std::uint32_t set) {
  std::size_t i = path >= SimdPath::avx2 ? simd::swap_red_blue_avx2(src, count, dst, 0xFFFFFFFFu, set) : 0;
  for (; i < count; ++i) store_u32(dst + 4 * i, simd::swap_red_blue(load_u32(src + 4 * i)) | set);
}

SimdPath usable(SimdPath path) {
  while (!simd_path_available(path)) path = SimdPath(int(path) - 1);
  return path;
}

}  // namespace

bool has_alpha_surface(Format format, std::uint32_t flags5, std::uint32_t load_flags) {
  if (load_flags & kLoadFlagOpaque) return false;
  return format == Format::argb4444 || format == Format::argb8888 || (flags5 & (kColourKeyFlag | kFadePaletteFlag)) != 0;
}

PaletteAlpha palette_alpha(std::uint32_t flags5, bool alpha_surface) {
  if (!alpha_surface) return PaletteAlpha::opaque;
  return (flags5 & kFadePaletteFlag) ? PaletteAlpha::fade : PaletteAlpha::colour_key;
}

RgbaPalette resolve_palette(const std::uint8_t* bgrx, std::uint32_t flags5, PaletteAlpha alpha) {
  RgbaPalette out{};
  for (std::size_t i = 0; i < 256; ++i) {
    // docs/formats/texm.md 6.4: the fade repeats entry flags5 & 0xFF with alpha 7, 15, ..., 255 (i | 7).
    const std::uint8_t* entry = bgrx + 4 * (alpha == PaletteAlpha::fade ? (flags5 & 0xFFu) : i);
    const std::uint8_t a = alpha == PaletteAlpha::fade         ? static_cast<std::uint8_t>(i | 7)
                           : alpha == PaletteAlpha::colour_key ? (i == 0 ? 0 : 255)
                                                               : 255;
    put(out.data() + 4 * i, entry[2], entry[1], entry[0], a);  // B, G, R, X (docs/formats/texm.md 3.3)
  }
  return out;
}

PixelRule surface_rule(Format format, std::uint32_t flags5, const std::uint8_t* bgrx, std::uint32_t load_flags) {
  PixelRule rule;
  rule.format = format;
  rule.alpha = has_alpha_surface(format, flags5, load_flags);
  rule.palette_alpha = palette_alpha(flags5, rule.alpha);
  if (is_indexed(format) && bgrx) rule.palette = resolve_palette(bgrx, flags5, rule.palette_alpha);
  return rule;
}

Result<PixelRule> pixel_rule(const Texture& texture, const DecodeOptions& options) {
  const std::uint8_t* bgrx = nullptr;
  if (texture.format == Format::indexed8) {
    if (texture.palette.size() != kPaletteSize)
      return invalid_rule("texm.palette.size", fmt::format("format 0 texture has a palette of {} bytes, needs {}",
                                                           texture.palette.size(), kPaletteSize));
    bgrx = texture.palette.data();
  } else if (texture.format == Format::indexed8_external) {
    PARKAN_ASSIGN(ByteView colours, external_palette_colours(options.palette));
    bgrx = colours.data();  // a view into options.palette
  }
  return surface_rule(texture.format, texture.header.flags5, bgrx, options.load_flags);
}

void decode_pixels_reference(const PixelRule& rule, const std::uint8_t* src, std::size_t count, std::uint8_t* dst) {
  const std::size_t bpp = bytes_per_pixel(rule.format);
  for (std::size_t i = 0; i < count; ++i) decode_one(rule, src + bpp * i, dst + 4 * i);
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

void decode_pixels_using(SimdPath path, const PixelRule& rule, const std::uint8_t* src, std::size_t count,
                         std::uint8_t* dst) {
  path = usable(path);
  switch (rule.format) {
    case Format::indexed8:
    case Format::indexed8_external: return decode_indexed(path, rule, src, count, dst);
    case Format::rgb565: return decode16<Format::rgb565>(path, rule, src, count, dst);
    case Format::rgb556: return decode16<Format::rgb556>(path, rule, src, count, dst);
    case Format::argb4444: return decode16<Format::argb4444>(path, rule, src, count, dst);
    case Format::la88: return decode16<Format::la88>(path, rule, src, count, dst);
    case Format::rgbx888: return decode_32(path, src, count, dst, 0xFF000000u);
    case Format::argb8888: return decode_32(path, src, count, dst, std::uint32_t(alpha_or(rule)) << 24);
  }
}

void decode_pixels(const PixelRule& rule, const std::uint8_t* src, std::size_t count, std::uint8_t* dst) {
  decode_pixels_using(best_simd_path(), rule, src, count, dst);
}

Result<Image> decode(const Texture& texture, std::size_t level, const DecodeOptions& options) {
  if (level >= texture.levels.size())
    return invalid(fmt::format("no mip level {} (the texture has {})", level, texture.levels.size()));
  const Level& l = texture.levels[level];
  std::size_t count = std::size_t(l.width) * l.height;
  ByteView bytes = texture.level_bytes(level);
  if (l.size != count * bytes_per_pixel(texture.format) || bytes.size() != l.size)
    return invalid(fmt::format("mip level {} does not match its {}x{} layout", level, l.width, l.height));
  PARKAN_ASSIGN(PixelRule rule, pixel_rule(texture, options));
  Image image;
  image.width = l.width;
  image.height = l.height;
  image.rgba.resize(count * 4);  // not zeroed (PixelBuffer): decode_pixels writes every byte
  decode_pixels(rule, bytes.data(), count, image.rgba.data());
  return image;
}

}  // namespace parkan::texm
