// One triangle by scanlines (triangle_fill.hpp).
#include "export/triangle_fill.hpp"

#include <algorithm>
#include <cmath>

namespace parkan::topdown::detail {

void fill_triangle(texm::Image& image, const std::array<Point, 3>& corners, const std::array<std::uint8_t, 4>& rgba) {
  for (const Point& p : corners)
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) return;
  if (image.width == 0 || image.height == 0) return;
  std::array<Point, 3> v = corners;
  std::sort(v.begin(), v.end(), [](const Point& a, const Point& b) { return a.y < b.y; });
  // Rows whose centre y + 0.5 lies in [top, bottom).
  const double top = std::max(0.0, std::ceil(double(v[0].y) - 0.5));
  const double bottom = std::min(double(image.height), std::ceil(double(v[2].y) - 0.5));
  auto x_at = [](const Point& a, const Point& b, double y) {
    if (b.y == a.y) return double(a.x);
    return double(a.x) + (double(b.x) - double(a.x)) * (y - double(a.y)) / (double(b.y) - double(a.y));
  };
  for (double row = top; row < bottom; row += 1.0) {
    const double y = row + 0.5;
    const double long_x = x_at(v[0], v[2], y);
    const double short_x = y < double(v[1].y) ? x_at(v[0], v[1], y) : x_at(v[1], v[2], y);
    const double left = std::min(long_x, short_x), right = std::max(long_x, short_x);
    // Columns whose centre x + 0.5 lies in [left, right).
    const double first = std::max(0.0, std::ceil(left - 0.5));
    const double last = std::min(double(image.width), std::ceil(right - 0.5));
    std::uint8_t* line = image.rgba.data() + std::size_t(row) * image.width * 4;
    for (double column = first; column < last; column += 1.0) {
      std::uint8_t* pixel = line + std::size_t(column) * 4;
      std::copy(rgba.begin(), rgba.end(), pixel);
    }
  }
}

}  // namespace parkan::topdown::detail
