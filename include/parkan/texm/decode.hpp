#pragma once
// Texm pixels to RGBA8 (docs/formats/texm.md 6). The fast decoder (SSE2 on any x86-64,
// AVX2 / AVX-512 VBMI when the CPU has them, portable C++ elsewhere) and the scalar reference
// decoder give identical bytes for every input.
#include <span>

#include "parkan/texm/image.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::texm {

// Widening of short channels by exact rounding, round(v * 255 / max) (docs/formats/texm.md 6.2).
constexpr std::uint8_t widen5(std::uint32_t v) { return static_cast<std::uint8_t>((v * 255 + 15) / 31); }
constexpr std::uint8_t widen6(std::uint32_t v) { return static_cast<std::uint8_t>((v * 255 + 31) / 63); }
constexpr std::uint8_t widen4(std::uint32_t v) { return static_cast<std::uint8_t>(v * 17); }

// Decodes `count` pixels of `format` from `src` into `dst` (count * 4 bytes). `palette` is the
// 1024-byte Texm palette for format 0 (ignored otherwise). The caller checks the sizes.
void decode_pixels(Format format, const std::uint8_t* src, std::size_t count, const std::uint8_t* palette,
                   std::uint8_t* dst);
// The same, one pixel at a time, written straight from the table of docs/formats/texm.md 6.1: the reference the
// tests compare decode_pixels against.
void decode_pixels_reference(Format format, const std::uint8_t* src, std::size_t count, const std::uint8_t* palette,
                             std::uint8_t* dst);

// The code paths of decode_pixels: portable C++ (any CPU), SSE2 (baseline x86-64), AVX2 and
// AVX-512 VBMI (the palette lookup), chosen at run time when the CPU has them. decode_pixels uses
// the best available one; each path includes the lower ones for what it does not cover.
enum class SimdPath { portable, sse2, avx2, avx512vbmi };
bool simd_path_available(SimdPath path);
SimdPath best_simd_path();
// decode_pixels on one given path (for tests and benchmarks); an unavailable path falls back to a lower one.
void decode_pixels_using(SimdPath path, Format format, const std::uint8_t* src, std::size_t count,
                         const std::uint8_t* palette, std::uint8_t* dst);

// Level `level` of a parsed texture as RGBA8.
Result<Image> decode(const Texture& texture, std::size_t level = 0);

}  // namespace parkan::texm
