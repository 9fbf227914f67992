// Mip chains (docs/formats/texm.md 7.5): level k as the truncated mean of level 0's 2^k x 2^k blocks,
// the rule retail textures follow (248 of 341 mip-mapped members of Textures.lib match it at every
// level). Exact sums are carried from level to level while no side is cut at the edge; a level
// whose block is cut is summed from level 0 directly.
#include "parkan/texm/mips.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "parkan/texm/read.hpp"

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

std::uint8_t linear_to_srgb(double linear) {
  double l = std::clamp(linear, 0.0, 1.0);
  double c = l <= 0.0031308 ? l * 12.92 : 1.055 * std::pow(l, 1 / 2.4) - 0.055;
  return static_cast<std::uint8_t>(std::lround(c * 255.0));
}

// The level-0 range of block index `i` along a side of `side` pixels at level k: [i 2^k, (i+1) 2^k)
// cut at the side.
struct Span {
  std::uint64_t begin, end;
};
Span block_span(std::uint32_t i, std::uint32_t k, std::uint32_t side) {
  const std::uint64_t size = k < 32 ? std::uint64_t(1) << k : std::uint64_t(1) << 32;
  return {std::min<std::uint64_t>(i * size, side), std::min<std::uint64_t>((i + 1) * size, side)};
}

// True when level k has no block cut at an edge: both sides of level 0 hold at least 2^k pixels.
bool whole_blocks(const Image& base, std::uint32_t k) {
  return k < 32 && (base.width >> k) > 0 && (base.height >> k) > 0;
}

// Sums of 2x2 cells of a `w`-wide grid of 4-channel values (bytes of level 0, or the block sums of
// the previous level) into an nw x nh grid.
template <class T>
void sum_quads(const T* src, std::uint32_t w, std::uint32_t nw, std::uint32_t nh, std::uint64_t* out) {
  for (std::uint32_t y = 0; y < nh; ++y) {
    const T* r0 = src + std::size_t(2 * y) * w * 4;
    const T* r1 = r0 + std::size_t(w) * 4;
    std::uint64_t* o = out + std::size_t(y) * nw * 4;
    for (std::size_t i = 0; i < std::size_t(nw) * 4; ++i) {
      const std::size_t at = (i / 4) * 8 + i % 4;
      o[i] = std::uint64_t(r0[at]) + r0[at + 4] + r1[at] + r1[at + 4];
    }
  }
}

}  // namespace

std::uint32_t full_mip_count(std::uint32_t width, std::uint32_t height) {
  std::uint32_t side = std::max(width, height);
  return side == 0 ? 0 : std::uint32_t(std::bit_width(side));
}

Image mip_level(const Image& base, std::uint32_t k, bool gamma_correct) {
  Image out;
  out.width = level_side(base.width, k);
  out.height = level_side(base.height, k);
  out.rgba.resize(std::size_t(out.width) * out.height * 4);
  const auto& to_linear = srgb_to_linear_table();
  for (std::uint32_t y = 0; y < out.height; ++y) {
    const Span rows = block_span(y, k, base.height);
    for (std::uint32_t x = 0; x < out.width; ++x) {
      const Span cols = block_span(x, k, base.width);
      std::uint64_t sum[4] = {};
      double linear[3] = {};
      for (std::uint64_t r = rows.begin; r < rows.end; ++r)
        for (std::uint64_t c = cols.begin; c < cols.end; ++c) {
          const std::uint8_t* p = base.rgba.data() + (r * base.width + c) * 4;
          for (int ch = 0; ch < 4; ++ch) sum[ch] += p[ch];
          if (gamma_correct)
            for (int ch = 0; ch < 3; ++ch) linear[ch] += to_linear[p[ch]];
        }
      const std::uint64_t count = (rows.end - rows.begin) * (cols.end - cols.begin);
      std::uint8_t* o = out.rgba.data() + (std::size_t(y) * out.width + x) * 4;
      for (int ch = 0; ch < 4; ++ch)
        o[ch] = gamma_correct && ch < 3 ? linear_to_srgb(linear[ch] / double(count))
                                        : static_cast<std::uint8_t>(sum[ch] / count);
    }
  }
  return out;
}

std::vector<Image> build_mip_chain(const Image& base, std::uint32_t count, bool gamma_correct) {
  if (count == 0) count = full_mip_count(base.width, base.height);
  std::vector<Image> chain;
  chain.reserve(count);
  chain.push_back(base);
  // sums[4 * i + c]: the sum of channel c over the level-0 block of pixel i of the last level built.
  std::vector<std::uint64_t> sums;
  std::uint32_t w = base.width, h = base.height;
  for (std::uint32_t k = 1; k < count; ++k) {
    if (gamma_correct || !whole_blocks(base, k)) {  // once a block is cut, every later level is too
      chain.push_back(mip_level(base, k, gamma_correct));
      continue;
    }
    const std::uint32_t nw = w / 2, nh = h / 2;  // >= 1: whole blocks
    std::vector<std::uint64_t> next(std::size_t(nw) * nh * 4);
    if (k == 1)
      sum_quads(base.rgba.data(), w, nw, nh, next.data());
    else
      sum_quads(sums.data(), w, nw, nh, next.data());
    sums = std::move(next);
    w = nw;
    h = nh;
    Image level{w, h, ByteBuffer(sums.size())};
    for (std::size_t i = 0; i < sums.size(); ++i) level.rgba[i] = static_cast<std::uint8_t>(sums[i] >> (2 * k));
    chain.push_back(std::move(level));
  }
  return chain;
}

}  // namespace parkan::texm
