// The map from above (parkan/export/terrain_map.hpp): the scanline fill's coverage rule (two triangles
// sharing an edge paint every pixel of their square exactly once) and the sample game's map (every
// pixel covered, the longer side `size`).
#include <algorithm>
#include <limits>

#include <gtest/gtest.h>

#include "export/triangle_fill.hpp"
#include "parkan/export/terrain_map.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/sample/sample_game.hpp"
#include "support.hpp"

namespace parkan::topdown {
namespace {

texm::Image blank(std::uint32_t width, std::uint32_t height) {
  return texm::Image{width, height, texm::PixelBuffer(std::size_t(width) * height * 4, 0)};
}

TEST(TriangleFill, TwoTrianglesCoverTheirSquareOnce) {
  texm::Image image = blank(8, 8);
  // The square [1, 7) x [1, 7) split along its diagonal; each triangle adds 1 to the red channel.
  auto add = [&](std::array<detail::Point, 3> corners) {
    texm::Image layer = blank(8, 8);
    detail::fill_triangle(layer, corners, {1, 0, 0, 1});
    for (std::size_t i = 0; i < image.rgba.size(); ++i) image.rgba[i] = std::uint8_t(image.rgba[i] + layer.rgba[i]);
  };
  add({{{1, 1}, {7, 1}, {7, 7}}});
  add({{{1, 1}, {7, 7}, {1, 7}}});
  for (std::uint32_t y = 0; y < 8; ++y)
    for (std::uint32_t x = 0; x < 8; ++x) {
      const bool inside = x >= 1 && x < 7 && y >= 1 && y < 7;
      EXPECT_EQ(image.rgba[(y * 8 + x) * 4], inside ? 1 : 0) << x << "," << y;
    }
}

TEST(TriangleFill, ClipsAndSkipsWhatIsNotFinite) {
  texm::Image image = blank(4, 4);
  detail::fill_triangle(image, {{{-100, -100}, {100, -100}, {0, 100}}}, {9, 9, 9, 9});
  EXPECT_EQ(image.rgba[(2 * 4 + 2) * 4], 9);
  texm::Image untouched = blank(4, 4);
  detail::fill_triangle(untouched, {{{0, 0}, {std::numeric_limits<float>::infinity(), 0}, {0, 4}}}, {9, 9, 9, 9});
  detail::fill_triangle(untouched, {{{0, 0}, {std::numeric_limits<float>::quiet_NaN(), 0}, {0, 4}}}, {9, 9, 9, 9});
  EXPECT_EQ(untouched, blank(4, 4));
}

TEST(TerrainMap, TheSampleMapCoversEveryPixel) {
  test::TempDir dir;
  ASSERT_TRUE(sample::write_sample_game(dir.path(), sample::SampleOptions{}));
  auto game = resource::Game::open(dir.path());
  ASSERT_TRUE(game);
  auto map = render_map(*game, "DATA/MAPS/M01", 128);
  ASSERT_TRUE(map) << map.error().to_string();
  EXPECT_EQ(std::max(map->image.width, map->image.height), 128u);
  EXPECT_LT(map->extent.min_x, map->extent.max_x);
  std::size_t covered = 0;
  for (std::size_t i = 3; i < map->image.rgba.size(); i += 4) covered += map->image.rgba[i] == 255;
  EXPECT_EQ(covered, std::size_t(map->image.width) * map->image.height);
  EXPECT_FALSE(render_map(*game, "DATA/MAPS/NONE", 128));
  EXPECT_FALSE(render_map(*game, "DATA/MAPS/M01", 0));
}

}  // namespace
}  // namespace parkan::topdown
