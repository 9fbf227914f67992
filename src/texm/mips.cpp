// Mip chains: 2x2 box filter with clamped edges; optional linear-light averaging of R, G, B.
#include "parkan/texm/mips.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

namespace parkan::texm {

namespace {

const std::array<float, 256>& srgb_to_linear_table() {
  static const std::array<float, 256> table = [] {
    std::array<float, 256> t{};
    for (int i = 0; i < 256; ++i) {
      double c = i / 255.0;
      t[i] = static_cast<float>(c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
    }
    return t;
  }();
  return table;
}

std::uint8_t linear_to_srgb(float linear) {
  double l = std::clamp(double(linear), 0.0, 1.0);
  double c = l <= 0.0031308 ? l * 12.92 : 1.055 * std::pow(l, 1 / 2.4) - 0.055;
  return static_cast<std::uint8_t>(std::lround(c * 255.0));
}

// Interior of an even-by-even region: four whole pixels per output pixel, no clamping. Kept as a
// plain loop over bytes that gcc -O3 vectorizes.
void box_rows(const std::uint8_t* __restrict r0, const std::uint8_t* __restrict r1, std::size_t out_pixels,
              std::uint8_t* __restrict out) {
  for (std::size_t x = 0; x < out_pixels; ++x)
    for (std::size_t c = 0; c < 4; ++c) {
      unsigned s = unsigned(r0[8 * x + c]) + r0[8 * x + 4 + c] + r1[8 * x + c] + r1[8 * x + 4 + c];
      out[4 * x + c] = static_cast<std::uint8_t>((s + 2) >> 2);
    }
}

}  // namespace

std::uint32_t full_mip_count(std::uint32_t width, std::uint32_t height) {
  std::uint32_t side = std::max(width, height);
  return side == 0 ? 0 : std::uint32_t(std::bit_width(side));
}

Image downsample(const Image& src, bool gamma_correct) {
  Image dst;
  dst.width = std::max<std::uint32_t>(1, src.width / 2);
  dst.height = std::max<std::uint32_t>(1, src.height / 2);
  dst.rgba.resize(std::size_t(dst.width) * dst.height * 4);
  const std::size_t stride = std::size_t(src.width) * 4;
  auto pixel = [&](std::uint32_t x, std::uint32_t y) {
    return src.rgba.data() + std::size_t(std::min(y, src.height - 1)) * stride + 4 * std::size_t(std::min(x, src.width - 1));
  };
  const bool whole = src.width >= 2 && src.height >= 2;
  if (!gamma_correct && whole) {
    for (std::uint32_t y = 0; y < dst.height; ++y)
      box_rows(pixel(0, 2 * y), pixel(0, 2 * y + 1), dst.width, dst.rgba.data() + std::size_t(y) * dst.width * 4);
    return dst;
  }
  const auto& to_linear = srgb_to_linear_table();
  for (std::uint32_t y = 0; y < dst.height; ++y)
    for (std::uint32_t x = 0; x < dst.width; ++x) {
      const std::uint8_t* p[4] = {pixel(2 * x, 2 * y), pixel(2 * x + 1, 2 * y), pixel(2 * x, 2 * y + 1),
                                  pixel(2 * x + 1, 2 * y + 1)};
      std::uint8_t* out = dst.rgba.data() + (std::size_t(y) * dst.width + x) * 4;
      for (int c = 0; c < 4; ++c) {
        if (gamma_correct && c < 3) {
          float sum = to_linear[p[0][c]] + to_linear[p[1][c]] + to_linear[p[2][c]] + to_linear[p[3][c]];
          out[c] = linear_to_srgb(sum * 0.25f);
        } else {
          out[c] = static_cast<std::uint8_t>((unsigned(p[0][c]) + p[1][c] + p[2][c] + p[3][c] + 2) >> 2);
        }
      }
    }
  return dst;
}

std::vector<Image> build_mip_chain(const Image& base, std::uint32_t count, bool gamma_correct) {
  if (count == 0) count = full_mip_count(base.width, base.height);
  std::vector<Image> chain;
  chain.reserve(count);
  chain.push_back(base);
  while (chain.size() < count) chain.push_back(downsample(chain.back(), gamma_correct));
  return chain;
}

}  // namespace parkan::texm
