#pragma once
// Texm pixels to RGBA8 (decisions.md "Texm pixel decoding"). The fast decoder (SSE2 on x86-64,
// portable C++ elsewhere) and the scalar reference decoder give identical bytes for every input.
#include <span>

#include "parkan/texm/image.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::texm {

// Widening of short channels by exact rounding, round(v * 255 / max) (decisions.md).
constexpr std::uint8_t widen5(std::uint32_t v) { return static_cast<std::uint8_t>((v * 255 + 15) / 31); }
constexpr std::uint8_t widen6(std::uint32_t v) { return static_cast<std::uint8_t>((v * 255 + 31) / 63); }
constexpr std::uint8_t widen4(std::uint32_t v) { return static_cast<std::uint8_t>(v * 17); }

// Decodes `count` pixels of `format` from `src` into `dst` (count * 4 bytes). `palette` is the
// 1024-byte Texm palette for format 0 (ignored otherwise). The caller checks the sizes.
void decode_pixels(Format format, const std::uint8_t* src, std::size_t count, const std::uint8_t* palette,
                   std::uint8_t* dst);
// The same, one pixel at a time, written straight from the decisions.md table: the reference the
// tests compare decode_pixels against.
void decode_pixels_reference(Format format, const std::uint8_t* src, std::size_t count, const std::uint8_t* palette,
                             std::uint8_t* dst);

// Level `level` of a parsed texture as RGBA8.
Result<Image> decode(const Texture& texture, std::size_t level = 0);

}  // namespace parkan::texm
