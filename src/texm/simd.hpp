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

// `set_alpha` is ORed into every A byte (0xFF on an opaque surface, docs/formats/texm.md 6.4).
std::size_t decode16_avx2(Format format, const std::uint8_t* src, std::size_t count, std::uint8_t* dst,
                          std::uint8_t set_alpha);
// The scalar form: bytes 0 and 2 of a little-endian pixel word swapped (docs/formats/texm.md 6.1:
// 8888 / 888 store B, G, R, A / X; RGBA8 is R, G, B, A). Its own inverse: decoder and encoder share it.
constexpr std::uint32_t swap_red_blue(std::uint32_t v) { return (v & 0xFF00FF00u) | (v >> 16 & 0xFFu) | (v & 0xFFu) << 16; }
// Every 4-byte pixel with bytes 0 and 2 swapped (B, G, R, A <-> R, G, B, A: docs/formats/texm.md 6.1),
// then ANDed with `keep` and ORed with `set` as a little-endian word: decodes 888 / 8888 and encodes them.
std::size_t swap_red_blue_avx2(const std::uint8_t* src, std::size_t count, std::uint8_t* dst, std::uint32_t keep,
                               std::uint32_t set);
// `planes` holds the 256 palette colours as four 256-byte planes R, G, B, A. (An AVX2 gather is
// slower than the scalar lookup on current AMD cores, so the palette has only this wide path.)
std::size_t decode_indexed_avx512vbmi(const std::uint8_t* src, std::size_t count, const std::uint8_t* planes,
                                      std::uint8_t* dst);

}  // namespace parkan::texm::simd
