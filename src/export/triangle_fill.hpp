#pragma once
// A scanline fill of one triangle into an RGBA image (terrain_map.cpp): pixel centres inside the
// triangle (half-open on the right and bottom, so that two triangles sharing an edge never both paint a
// pixel, and none between them is left out), clipped to the image. Non-finite corners paint nothing.
#include <array>
#include <cstdint>

#include "parkan/texm/image.hpp"

namespace parkan::topdown::detail {

struct Point {
  float x = 0, y = 0;  // pixels: x right, y down
};

void fill_triangle(texm::Image& image, const std::array<Point, 3>& corners, const std::array<std::uint8_t, 4>& rgba);

}  // namespace parkan::topdown::detail
