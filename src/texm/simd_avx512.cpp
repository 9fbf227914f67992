// AVX-512 VBMI palette lookup (runtime dispatch through simd::has_avx512vbmi): 64 indices at a
// time, each channel looked up in its 256-byte plane with two 128-byte permutes, then the four
// channel vectors interleaved into RGBA.
#include "texm/simd.hpp"

#if defined(__x86_64__)
// gcc 12 warns about the undefined vector inside its own _mm512_shuffle_i64x2 (a false positive).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#define PARKAN_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi")))

namespace parkan::texm::simd {

bool has_avx512vbmi() {
  static const bool yes = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                          __builtin_cpu_supports("avx512vbmi");
  return yes;
}

PARKAN_AVX512 std::size_t decode_indexed_avx512vbmi(const std::uint8_t* src, std::size_t count, const std::uint8_t* planes,
                                                    std::uint8_t* dst) {
  __m512i table[4][4];
  for (int c = 0; c < 4; ++c)
    for (int q = 0; q < 4; ++q) table[c][q] = _mm512_loadu_si512(planes + 256 * c + 64 * q);
  std::size_t i = 0;
  for (; i + 64 <= count; i += 64) {
    __m512i idx = _mm512_loadu_si512(src + i);
    __mmask64 high = _mm512_movepi8_mask(idx);  // index >= 128
    __m512i ch[4];
    for (int c = 0; c < 4; ++c) {
      __m512i lo = _mm512_permutex2var_epi8(table[c][0], idx, table[c][1]);
      __m512i hi = _mm512_permutex2var_epi8(table[c][2], idx, table[c][3]);
      ch[c] = _mm512_mask_blend_epi8(high, lo, hi);
    }
    // Interleave within each 128-bit lane: o_k lane L holds pixels 16L + 4k .. 16L + 4k + 3.
    __m512i rg_lo = _mm512_unpacklo_epi8(ch[0], ch[1]), rg_hi = _mm512_unpackhi_epi8(ch[0], ch[1]);
    __m512i ba_lo = _mm512_unpacklo_epi8(ch[2], ch[3]), ba_hi = _mm512_unpackhi_epi8(ch[2], ch[3]);
    __m512i o0 = _mm512_unpacklo_epi16(rg_lo, ba_lo), o1 = _mm512_unpackhi_epi16(rg_lo, ba_lo);
    __m512i o2 = _mm512_unpacklo_epi16(rg_hi, ba_hi), o3 = _mm512_unpackhi_epi16(rg_hi, ba_hi);
    // Transpose the 4x4 grid of 128-bit lanes so that output k is lanes k of o0..o3.
    __m512i t0 = _mm512_shuffle_i64x2(o0, o1, 0x44), t1 = _mm512_shuffle_i64x2(o2, o3, 0x44);
    __m512i t2 = _mm512_shuffle_i64x2(o0, o1, 0xEE), t3 = _mm512_shuffle_i64x2(o2, o3, 0xEE);
    std::uint8_t* d = dst + 4 * i;
    _mm512_storeu_si512(d, _mm512_shuffle_i64x2(t0, t1, 0x88));
    _mm512_storeu_si512(d + 64, _mm512_shuffle_i64x2(t0, t1, 0xDD));
    _mm512_storeu_si512(d + 128, _mm512_shuffle_i64x2(t2, t3, 0x88));
    _mm512_storeu_si512(d + 192, _mm512_shuffle_i64x2(t2, t3, 0xDD));
  }
  return i;
}

}  // namespace parkan::texm::simd

#else

namespace parkan::texm::simd {
bool has_avx512vbmi() { return false; }
std::size_t decode_indexed_avx512vbmi(const std::uint8_t*, std::size_t, const std::uint8_t*, std::uint8_t*) { return 0; }
}  // namespace parkan::texm::simd

#endif
