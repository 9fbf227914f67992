#pragma once
// AVX2 kernels of the decoders and the 8888 encoder, chosen at run time (the default build stays
// baseline x86-64). Each returns how many pixels it did; the caller finishes the rest.
#include <cstddef>
#include <cstdint>

#include "parkan/texm/model.hpp"

namespace parkan::texm::simd {

// True when the CPU runs AVX2 / AVX-512 BW+VBMI (checked once); always false off x86-64.
bool has_avx2();
bool has_avx512vbmi();

std::size_t decode16_avx2(Format format, const std::uint8_t* src, std::size_t count, std::uint8_t* dst);
std::size_t decode_8888_avx2(const std::uint8_t* src, std::size_t count, std::uint8_t* dst);
std::size_t encode_8888_avx2(const std::uint8_t* rgba, std::size_t count, std::uint8_t* dst);
// `planes` holds the 256 palette colours as four 256-byte planes R, G, B, A. (An AVX2 gather is
// slower than the scalar lookup on current AMD cores, so the palette has only this wide path.)
std::size_t decode_indexed_avx512vbmi(const std::uint8_t* src, std::size_t count, const std::uint8_t* planes,
                                      std::uint8_t* dst);

}  // namespace parkan::texm::simd
