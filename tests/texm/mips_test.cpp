#include "parkan/texm/mips.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace parkan::texm {
namespace {

TEST(TexmMips, FullCount) {
  EXPECT_EQ(full_mip_count(1, 1), 1u);
  EXPECT_EQ(full_mip_count(1024, 1024), 11u);
  EXPECT_EQ(full_mip_count(5, 3), 3u);
  EXPECT_EQ(full_mip_count(1, 8), 4u);
}

TEST(TexmMips, BoxFilterRoundsToNearest) {
  Image src{2, 2, ByteBuffer{0, 1, 2, 255, 1, 1, 2, 255, 0, 1, 3, 0, 1, 2, 3, 1}};
  Image dst = downsample(src);
  EXPECT_EQ(dst, (Image{1, 1, ByteBuffer{1, 1, 3, 128}}));  // (2+2)/4, (5+2)/4, (10+2)/4, (511+2)/4
}

TEST(TexmMips, OddAndThinSidesClampAtTheEdge) {
  Image row{3, 1, ByteBuffer{10, 0, 0, 0, 20, 0, 0, 0, 90, 0, 0, 0}};
  Image half = downsample(row);
  EXPECT_EQ(half, (Image{1, 1, ByteBuffer{15, 0, 0, 0}}));  // pixels 0 and 1, each twice
  Image column{1, 2, ByteBuffer{0, 0, 0, 0, 255, 255, 255, 255}};
  EXPECT_EQ(downsample(column), (Image{1, 1, ByteBuffer{128, 128, 128, 128}}));
  Image one{1, 1, ByteBuffer{1, 2, 3, 4}};
  EXPECT_EQ(downsample(one), one);
}

TEST(TexmMips, GammaCorrectAveragesInLinearLight) {
  Image src{2, 1, ByteBuffer{0, 0, 0, 0, 255, 255, 255, 255}};
  EXPECT_EQ(downsample(src, true), (Image{1, 1, ByteBuffer{188, 188, 188, 128}}));
  EXPECT_EQ(downsample(src, false), (Image{1, 1, ByteBuffer{128, 128, 128, 128}}));
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

// The fast interior path agrees with the clamped general path (both are the same box filter).
RC_GTEST_PROP(TexmMips, FlatImagesStayFlat, (std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a)) {
  std::uint32_t w = *rc::gen::inRange<std::uint32_t>(1, 33), h = *rc::gen::inRange<std::uint32_t>(1, 33);
  Image image{w, h, ByteBuffer(std::size_t(w) * h * 4)};
  for (std::size_t i = 0; i < image.rgba.size(); i += 4) image.rgba[i] = r, image.rgba[i + 1] = g, image.rgba[i + 2] = b, image.rgba[i + 3] = a;
  for (const Image& level : build_mip_chain(image, 0))
    for (std::size_t i = 0; i < level.rgba.size(); i += 4)
      RC_ASSERT(level.rgba[i] == r && level.rgba[i + 1] == g && level.rgba[i + 2] == b && level.rgba[i + 3] == a);
}

}  // namespace
}  // namespace parkan::texm
