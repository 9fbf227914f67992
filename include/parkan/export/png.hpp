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
// smallest: zlib's default level and libpng's adaptive filters; balanced: libdeflate at
// kBalancedDeflateLevel with each row's filter the cheapest of None, Sub and Up (texm to-png, the
// glTF images, the viewer's PNGs). On the retail-size sample's 393 textures balanced is about twice
// as fast as zlib level 1 with the Sub filter (the viewer's encoder before) and 10 % smaller, so
// nothing needs a faster effort.
enum class Effort { smallest, balanced };

// The libdeflate level of Effort::balanced, chosen on the 393 textures of the retail-size sample
// game (38.1 MB of level-0 RGBA), encoder alone on one core, MB/s of RGBA and PNG bytes (docs/cli.md
// 4.1 has the whole table; a shared 2-core machine, so ranges):
//   zlib 6, adaptive filters (Effort::smallest, texm to-png before):  12-17 MB/s  10,184,686
//   zlib 1 / 4, no filter:                                     106-122 / 64-85 MB/s  +14.0 % / +0.9 %
//   libdeflate 1, None/Sub/Up per row (chosen):                       113-216 MB/s  10,528,712 (+3.4 %)
//   libdeflate 2 / 4, None/Sub/Up per row:                     110-134 / 97-106 MB/s  +1.8 % / -0.5 %
// Level 1 is the fastest and stays well within 15 % of the old size.
inline constexpr int kBalancedDeflateLevel = 1;

Result<ByteBuffer> encode(const texm::Image& image, Effort effort = Effort::smallest);

}  // namespace parkan::png
