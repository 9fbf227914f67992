#pragma once
// Mip chains from RGBA8 images: a 2x2 box filter (edges clamped for odd and 1-pixel sides),
// optionally averaging R, G, B in linear light (sRGB transfer), alpha always linear.
#include <vector>

#include "parkan/texm/image.hpp"

namespace parkan::texm {

// Levels down to 1x1: floor(log2(max(width, height))) + 1.
std::uint32_t full_mip_count(std::uint32_t width, std::uint32_t height);

// The next level: max(1, w/2) x max(1, h/2).
Image downsample(const Image& image, bool gamma_correct = false);

// `count` levels, the first being `base` itself (count 0 means the full chain).
std::vector<Image> build_mip_chain(const Image& base, std::uint32_t count, bool gamma_correct = false);

}  // namespace parkan::texm
