// AVX2 kernels (runtime dispatch through simd::has_avx2). Same arithmetic as the SSE2 path of
// decode.cpp, 16 pixels at a time; the tests compare every path against the reference decoder.
#include "texm/simd.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define PARKAN_AVX2 __attribute__((target("avx2")))

namespace parkan::texm::simd {

bool has_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}

namespace {

PARKAN_AVX2 inline __m256i w5(__m256i v) {
  return _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(v, _mm256_set1_epi16(527)), _mm256_set1_epi16(23)), 6);
}
PARKAN_AVX2 inline __m256i w6(__m256i v) {
  return _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(v, _mm256_set1_epi16(259)), _mm256_set1_epi16(33)), 6);
}
PARKAN_AVX2 inline __m256i w4(__m256i v) { return _mm256_or_si256(v, _mm256_slli_epi16(v, 4)); }

// 16 pixels: rg = R | G << 8, ba = B | A << 8 per 16-bit lane, in pixel order.
PARKAN_AVX2 inline void store16(__m256i rg, __m256i ba, std::uint8_t* d) {
  __m256i lo = _mm256_unpacklo_epi16(rg, ba);  // pixels 0-3 | 8-11
  __m256i hi = _mm256_unpackhi_epi16(rg, ba);  // pixels 4-7 | 12-15
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(d), _mm256_permute2x128_si256(lo, hi, 0x20));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + 32), _mm256_permute2x128_si256(lo, hi, 0x31));
}

template <Format F>
PARKAN_AVX2 std::size_t decode16(const std::uint8_t* src, std::size_t count, std::uint8_t* dst, std::uint8_t set_alpha) {
  const __m256i m4 = _mm256_set1_epi16(15), m5 = _mm256_set1_epi16(31), m6 = _mm256_set1_epi16(63);
  const __m256i opaque = _mm256_set1_epi16(static_cast<short>(0xFF00)), low = _mm256_set1_epi16(0xFF);
  const __m256i alpha_set = _mm256_set1_epi16(static_cast<short>(set_alpha << 8));
  std::size_t i = 0;
  for (; i + 16 <= count; i += 16) {
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + 2 * i));
    __m256i rg, ba;
    if constexpr (F == Format::rgb565) {
      __m256i r = w5(_mm256_srli_epi16(v, 11)), g = w6(_mm256_and_si256(_mm256_srli_epi16(v, 5), m6));
      __m256i b = w5(_mm256_and_si256(v, m5));
      rg = _mm256_or_si256(r, _mm256_slli_epi16(g, 8));
      ba = _mm256_or_si256(b, opaque);
    } else if constexpr (F == Format::rgb556) {
      __m256i r = w5(_mm256_srli_epi16(v, 11)), g = w5(_mm256_and_si256(_mm256_srli_epi16(v, 6), m5));
      __m256i b = w6(_mm256_and_si256(v, m6));
      rg = _mm256_or_si256(r, _mm256_slli_epi16(g, 8));
      ba = _mm256_or_si256(b, opaque);
    } else if constexpr (F == Format::argb4444) {
      __m256i a = w4(_mm256_srli_epi16(v, 12)), r = w4(_mm256_and_si256(_mm256_srli_epi16(v, 8), m4));
      __m256i g = w4(_mm256_and_si256(_mm256_srli_epi16(v, 4), m4)), b = w4(_mm256_and_si256(v, m4));
      rg = _mm256_or_si256(r, _mm256_slli_epi16(g, 8));
      ba = _mm256_or_si256(_mm256_or_si256(b, _mm256_slli_epi16(a, 8)), alpha_set);
    } else {  // la88: the word is L | A << 8 already
      __m256i l = _mm256_and_si256(v, low);
      rg = _mm256_or_si256(l, _mm256_slli_epi16(l, 8));
      ba = _mm256_or_si256(v, alpha_set);
    }
    store16(rg, ba, dst + 4 * i);
  }
  return i;
}

// Bytes 0 and 2 of each 4-byte pixel swapped, then AND `keep`, OR `set`; 16 pixels per iteration.
PARKAN_AVX2 std::size_t swap32(const std::uint8_t* src, std::size_t count, std::uint8_t* dst, std::uint32_t keep,
                               std::uint32_t set) {
  const __m256i mask = _mm256_setr_epi8(2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15,  //
                                        2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
  const __m256i and_mask = _mm256_set1_epi32(static_cast<int>(keep)), or_mask = _mm256_set1_epi32(static_cast<int>(set));
  std::size_t i = 0;
  for (; i + 16 <= count; i += 16) {
    __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + 4 * i));
    __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + 4 * i + 32));
    a = _mm256_or_si256(_mm256_and_si256(_mm256_shuffle_epi8(a, mask), and_mask), or_mask);
    b = _mm256_or_si256(_mm256_and_si256(_mm256_shuffle_epi8(b, mask), and_mask), or_mask);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + 4 * i), a);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + 4 * i + 32), b);
  }
  return i;
}

}  // namespace

PARKAN_AVX2 std::size_t decode16_avx2(Format format, const std::uint8_t* src, std::size_t count, std::uint8_t* dst,
                                      std::uint8_t set_alpha) {
  switch (format) {
    case Format::rgb565: return decode16<Format::rgb565>(src, count, dst, set_alpha);
    case Format::rgb556: return decode16<Format::rgb556>(src, count, dst, set_alpha);
    case Format::argb4444: return decode16<Format::argb4444>(src, count, dst, set_alpha);
    case Format::la88: return decode16<Format::la88>(src, count, dst, set_alpha);
    default: return 0;
  }
}

PARKAN_AVX2 std::size_t swap_red_blue_avx2(const std::uint8_t* src, std::size_t count, std::uint8_t* dst,
                                           std::uint32_t keep, std::uint32_t set) {
  return swap32(src, count, dst, keep, set);
}

}  // namespace parkan::texm::simd

#else

namespace parkan::texm::simd {
bool has_avx2() { return false; }
std::size_t decode16_avx2(Format, const std::uint8_t*, std::size_t, std::uint8_t*, std::uint8_t) { return 0; }
std::size_t swap_red_blue_avx2(const std::uint8_t*, std::size_t, std::uint8_t*, std::uint32_t, std::uint32_t) { return 0; }
}  // namespace parkan::texm::simd

#endif
