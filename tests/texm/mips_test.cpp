// Mip chains (docs/formats/texm.md 7.5): level k is the truncated mean of level 0's 2^k x 2^k
// blocks. Expected values computed by hand.
#include "parkan/texm/mips.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "parkan/texm/encode.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::texm {
namespace {

TEST(TexmMips, FullCount) {
  EXPECT_EQ(full_mip_count(1, 1), 1u);
  EXPECT_EQ(full_mip_count(1024, 1024), 11u);
  EXPECT_EQ(full_mip_count(5, 3), 3u);
  EXPECT_EQ(full_mip_count(1, 8), 4u);
}

// A 4x4 level 0:
//   R  0  1  2  3 | G 100 everywhere | B  2 3 1 2 | A 255 except (3, 3) = 0
//      4  5  6  7 |                  |    3 3 2 2 |
//      8  9 10 11 |                  |    1 2 1 2 |
//     12 13 14 255|                  |    2 2 2 2 |
Image four_by_four() {
  const std::uint8_t r[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 255};
  const std::uint8_t b[16] = {2, 3, 1, 2, 3, 3, 2, 2, 1, 2, 1, 2, 2, 2, 2, 2};
  Image image{4, 4, ByteBuffer(64)};
  for (std::size_t i = 0; i < 16; ++i) {
    image.rgba[4 * i] = r[i];
    image.rgba[4 * i + 1] = 100;
    image.rgba[4 * i + 2] = b[i];
    image.rgba[4 * i + 3] = i == 15 ? 0 : 255;
  }
  return image;
}

TEST(TexmMips, LevelsAreTruncatedMeansOfLevelZero) {
  const std::vector<Image> chain = build_mip_chain(four_by_four(), 0);
  ASSERT_EQ(chain.size(), 3u);
  // Level 1: R sums 10, 18, 42, 290 -> 2, 4, 10, 72 (rounding would give 3, 5, 11, 73);
  // B sums 11, 7, 7, 7 -> 2, 1, 1, 1; A sums 1020, 1020, 1020, 765 -> 255, 255, 255, 191.
  EXPECT_EQ(chain[1], (Image{2, 2, ByteBuffer{2, 100, 2, 255, 4, 100, 1, 255, 10, 100, 1, 255, 72, 100, 1, 191}}));
  // Level 2 from level 0: R 360 / 16 = 22; B 32 / 16 = 2 (level 1's truncated values would give
  // (2 + 1 + 1 + 1) / 4 = 1); A 3825 / 16 = 239.
  EXPECT_EQ(chain[2], (Image{1, 1, ByteBuffer{22, 100, 2, 239}}));
  EXPECT_EQ(mip_level(four_by_four(), 1), chain[1]);
  EXPECT_EQ(mip_level(four_by_four(), 2), chain[2]);
}

TEST(TexmMips, NonSquareBlocksAreCutAtTheEdge) {
  // 8x2, R = 10 x + y. Level 1 (4x1): whole 2x2 blocks; level 2 (2x1): 4x4 blocks cut to 4x2;
  // level 3 (1x1): the 8x8 block cut to the whole image.
  Image image{8, 2, ByteBuffer(64, 0)};
  for (std::uint32_t y = 0; y < 2; ++y)
    for (std::uint32_t x = 0; x < 8; ++x) image.rgba[(y * 8 + x) * 4] = static_cast<std::uint8_t>(10 * x + y);
  const std::vector<Image> chain = build_mip_chain(image, 0);
  ASSERT_EQ(chain.size(), 4u);
  EXPECT_EQ(chain[1].rgba[0], 5);       // (0 + 10 + 1 + 11) / 4 = 5.5
  EXPECT_EQ(chain[1].rgba[12], 65);     // (60 + 70 + 61 + 71) / 4 = 65.5
  EXPECT_EQ(chain[2], (Image{2, 1, ByteBuffer{15, 0, 0, 0, 55, 0, 0, 0}}));  // 124 / 8, 444 / 8
  EXPECT_EQ(chain[3], (Image{1, 1, ByteBuffer{35, 0, 0, 0}}));               // 568 / 16
  // An odd side: the third column of a 3x1 belongs to no level-1 block.
  Image row{3, 1, ByteBuffer{10, 0, 0, 0, 20, 0, 0, 0, 90, 0, 0, 0}};
  EXPECT_EQ(build_mip_chain(row, 0)[1], (Image{1, 1, ByteBuffer{15, 0, 0, 0}}));
  Image one{1, 1, ByteBuffer{1, 2, 3, 4}};
  EXPECT_EQ(build_mip_chain(one, 0), std::vector<Image>{one});
}

TEST(TexmMips, GammaCorrectAveragesInLinearLight) {
  Image src{2, 1, ByteBuffer{0, 0, 0, 0, 255, 255, 255, 255}};
  EXPECT_EQ(build_mip_chain(src, 2, true)[1], (Image{1, 1, ByteBuffer{188, 188, 188, 127}}));
  EXPECT_EQ(build_mip_chain(src, 2, false)[1], (Image{1, 1, ByteBuffer{127, 127, 127, 127}}));
}

TEST(TexmMips, ChainOfANonPowerOfTwo) {
  Image base{5, 3, ByteBuffer(60, 200)};
  auto chain = build_mip_chain(base, 0);
  ASSERT_EQ(chain.size(), 3u);
  EXPECT_EQ(chain[0], base);
  EXPECT_EQ(chain[1].width, 2u);
  EXPECT_EQ(chain[1].height, 1u);
  EXPECT_EQ(chain[2], (Image{1, 1, ByteBuffer(4, 200)}));
  EXPECT_EQ(build_mip_chain(base, 2).size(), 2u);
}

// The encoder averages stored fields: 565 codes, not RGBA8.
TEST(TexmMips, EncoderAveragesStoredFields) {
  // R = 0, 8, 8, 8: codes 0, 1, 1, 1 -> level 1 code 3 / 4 = 0 (averaging RGBA8, 6, would give code 1).
  Image image{2, 2, ByteBuffer{0, 0, 0, 255, 8, 0, 0, 255, 8, 0, 0, 255, 8, 0, 0, 255}};
  EncodeOptions options;
  options.format = Format::rgb565;
  options.mip_count = 2;
  ByteBuffer bytes = *encode(image, options);
  ASSERT_EQ(bytes.size(), 32u + 8 + 2);
  EXPECT_EQ(load_u16(bytes.data() + 32 + 2), 1u << 11);  // level 0 pixel 1: code 1
  EXPECT_EQ(load_u16(bytes.data() + 40), 0u);            // level 1
  // 8888: stored bytes B, G, R, A averaged: R 7 / 4 = 1, A 255 / 4 = 63.
  Image alpha{2, 2, ByteBuffer{1, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 255}};
  options.format = Format::argb8888;
  bytes = *encode(alpha, options);
  EXPECT_EQ(ByteBuffer(bytes.begin() + 32 + 16, bytes.end()), (ByteBuffer{0, 0, 1, 63}));
  // 888: the spare byte stays 0 on every level.
  options.format = Format::rgbx888;
  bytes = *encode(alpha, options);
  EXPECT_EQ(ByteBuffer(bytes.begin() + 32 + 16, bytes.end()), (ByteBuffer{0, 0, 1, 0}));
  // 88: L and A are the fields: L of (0, 0, 0) and (255, 255, 255) -> (0 + 255 + 255 + 255) / 4 = 191.
  Image grey{2, 2, ByteBuffer{0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0}};
  options.format = Format::la88;
  bytes = *encode(grey, options);
  EXPECT_EQ(ByteBuffer(bytes.begin() + 32 + 8, bytes.end()), (ByteBuffer{191, 191}));  // L, A = 765 / 4
}

RC_GTEST_PROP(TexmMips, FlatImagesStayFlat, (std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a)) {
  std::uint32_t w = *rc::gen::inRange<std::uint32_t>(1, 33), h = *rc::gen::inRange<std::uint32_t>(1, 33);
  Image image{w, h, ByteBuffer(std::size_t(w) * h * 4)};
  for (std::size_t i = 0; i < image.rgba.size(); i += 4) image.rgba[i] = r, image.rgba[i + 1] = g, image.rgba[i + 2] = b, image.rgba[i + 3] = a;
  for (const Image& level : build_mip_chain(image, 0))
    for (std::size_t i = 0; i < level.rgba.size(); i += 4)
      RC_ASSERT(level.rgba[i] == r && level.rgba[i + 1] == g && level.rgba[i + 2] == b && level.rgba[i + 3] == a);
}

// The running sums give what the direct definition gives, for any size.
RC_GTEST_PROP(TexmMips, ChainEqualsTheDirectDefinition, ()) {
  std::uint32_t w = *rc::gen::inRange<std::uint32_t>(1, 40), h = *rc::gen::inRange<std::uint32_t>(1, 40);
  Image image{w, h, *rc::gen::container<ByteBuffer>(std::size_t(w) * h * 4, rc::gen::arbitrary<std::uint8_t>())};
  const std::vector<Image> chain = build_mip_chain(image, 0);
  for (std::uint32_t k = 0; k < chain.size(); ++k) RC_ASSERT(chain[k] == mip_level(image, k));
}

}  // namespace
}  // namespace parkan::texm
