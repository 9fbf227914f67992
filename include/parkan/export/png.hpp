#pragma once
// PNG through libpng, both directions. Any PNG (grey, grey+alpha, palette with or without tRNS,
// RGB, RGBA, 1..16 bits, interlaced) reads as RGBA8: 16-bit channels scale to 8 bits by exact
// rounding, no gamma or colour management (pixel values as stored).
#include "parkan/texm/image.hpp"

namespace parkan::png {

// Bounds that keep a hostile file from making us allocate what it cannot justify.
inline constexpr std::uint32_t kMaxSide = 1u << 16;
// Deflate expands at most ~1032:1, so the raw image of a real PNG is at most about this many times
// its compressed size (plus a small constant for tiny files).
inline constexpr std::uint64_t kMaxExpansion = 1100;
inline constexpr std::uint64_t kMinBudget = 1u << 20;

Result<texm::Image> decode(ByteView png);
// smallest: zlib's default level and libpng's adaptive filters (files that are kept); fastest: level 1
// and the Sub filter, a few times faster for a 512x512 texture (PNGs shown once, by the viewer).
enum class Effort { smallest, fastest };
Result<ByteBuffer> encode(const texm::Image& image, Effort effort = Effort::smallest);

}  // namespace parkan::png
