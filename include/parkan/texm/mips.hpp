#pragma once
// Mip chains from RGBA8 images (docs/formats/texm.md 7.5): level k is, per byte channel, the
// truncated mean of the 2^k x 2^k block of level 0, as retail textures are built; optionally
// R, G, B averaged in linear light (sRGB transfer) instead, alpha always as stored.
#include <vector>

#include "parkan/texm/image.hpp"

namespace parkan::texm {

// Levels down to 1x1: floor(log2(max(width, height))) + 1.
std::uint32_t full_mip_count(std::uint32_t width, std::uint32_t height);

// Level k of `base` (k >= 0): max(1, w >> k) x max(1, h >> k). Output pixel (x, y) is the mean of
// level-0 pixels [x 2^k, (x+1) 2^k) x [y 2^k, (y+1) 2^k), rounded down; where a side of level 0
// is shorter than 2^k the block is cut at the edge and the mean is over the pixels it holds.
// Columns and rows past w >> k blocks belong to no block (docs/formats/texm.md 7.5).
Image mip_level(const Image& base, std::uint32_t k, bool gamma_correct = false);

// `count` levels, the first being `base` itself (count 0 means the full chain); equal to
// mip_level(base, k) for each k, computed from running block sums.
std::vector<Image> build_mip_chain(const Image& base, std::uint32_t count, bool gamma_correct = false);

}  // namespace parkan::texm
