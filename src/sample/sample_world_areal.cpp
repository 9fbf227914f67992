// A sample map's areal map, Land.map (docs/formats/areal.md): the map tiled by triangles of a coarse
// grid, each areal's polygon anticlockwise with its neighbours across each edge (mutual), the river's
// areals flagged as a lake, and the 128 x 128 lookup grid of the areals over each of its cells.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "sample/sample_world.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::sample {

namespace {

constexpr std::uint32_t kArealTypeId = 12;
constexpr std::uint32_t kLookupSide = 128;  // every retail map
constexpr std::uint32_t kLakeClass = 0xF0;

void areal_put32(ByteBuffer& b, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) b.push_back(std::uint8_t(v >> (8 * k)));
}
void areal_putf(ByteBuffer& b, float f) {
  std::uint32_t w;
  std::memcpy(&w, &f, 4);
  areal_put32(b, w);
}

}  // namespace

SampleFile sample_areal_map(const MapSpec& map) {
  // About 1,000 areals on a retail-size map (2 per coarse square).
  const std::uint32_t side = map.squares >= 16 ? 22 : 12;
  const float extent = map_extent(map), size = extent / float(side);
  ByteBuffer payload;
  std::uint32_t count = 0;
  auto index = [&](std::int64_t a, std::int64_t b, int t) -> std::int32_t {
    if (a < 0 || b < 0 || a >= side || b >= side) return -1;
    return std::int32_t(2 * (b * side + a) + t);
  };
  for (std::uint32_t b = 0; b < side; ++b)
    for (std::uint32_t a = 0; a < side; ++a)
      for (int t = 0; t < 2; ++t) {
        const float x0 = float(a) * size, y0 = float(b) * size, x1 = x0 + size, y1 = y0 + size;
        // t 0: (x0,y0) (x1,y0) (x1,y1); t 1: (x0,y0) (x1,y1) (x0,y1); both anticlockwise from +z.
        const std::array<std::array<float, 2>, 3> p =
            t == 0 ? std::array<std::array<float, 2>, 3>{{{x0, y0}, {x1, y0}, {x1, y1}}}
                   : std::array<std::array<float, 2>, 3>{{{x0, y0}, {x1, y1}, {x0, y1}}};
        const float cx = (p[0][0] + p[1][0] + p[2][0]) / 3, cy = (p[0][1] + p[1][1] + p[2][1]) / 3;
        const bool lake = map_height(map, cx, cy) < map_water_level(map);
        areal_putf(payload, cx), areal_putf(payload, cy), areal_putf(payload, 0), areal_putf(payload, 0);
        areal_putf(payload, size * size / 2);
        areal_putf(payload, 0), areal_putf(payload, 0), areal_putf(payload, 1);
        for (std::uint32_t flag : {lake ? 0u : 1u, 0u, lake ? kLakeClass | 1u : 1u, 0u}) areal_put32(payload, flag);
        areal_put32(payload, 3), areal_put32(payload, 0);  // three corners, no sub-blocks
        for (const auto& q : p) areal_putf(payload, q[0]), areal_putf(payload, q[1]), areal_putf(payload, map_height(map, q[0], q[1]));
        // Across edge e (corner e to e + 1): the areal there and the edge's index in it.
        const std::array<std::pair<std::int32_t, std::int32_t>, 3> links =
            t == 0 ? std::array<std::pair<std::int32_t, std::int32_t>, 3>{{{index(a, std::int64_t(b) - 1, 1), 1},
                                                                           {index(a + 1, b, 1), 2},
                                                                           {index(a, b, 1), 0}}}
                   : std::array<std::pair<std::int32_t, std::int32_t>, 3>{{{index(a, b, 0), 2},
                                                                           {index(a, b + 1, 0), 0},
                                                                           {index(std::int64_t(a) - 1, b, 0), 1}}};
        for (const auto& [neighbour, twin] : links) {
          areal_put32(payload, std::uint32_t(neighbour));
          areal_put32(payload, std::uint32_t(neighbour < 0 ? -1 : twin));
        }
        ++count;
      }
  // The lookup grid, x outer, y inner: the areals of every coarse square a cell overlaps.
  areal_put32(payload, kLookupSide), areal_put32(payload, kLookupSide);
  const float cell = extent / float(kLookupSide);
  for (std::uint32_t x = 0; x < kLookupSide; ++x)
    for (std::uint32_t y = 0; y < kLookupSide; ++y) {
      const auto lo_a = std::uint32_t(float(x) * cell / size), hi_a = std::min(side - 1, std::uint32_t((float(x + 1) * cell - 1e-3f) / size));
      const auto lo_b = std::uint32_t(float(y) * cell / size), hi_b = std::min(side - 1, std::uint32_t((float(y + 1) * cell - 1e-3f) / size));
      std::vector<std::uint16_t> here;
      for (std::uint32_t b = lo_b; b <= hi_b; ++b)
        for (std::uint32_t a = lo_a; a <= hi_a; ++a)
          for (int t = 0; t < 2; ++t) here.push_back(std::uint16_t(index(a, b, t)));
      payload.push_back(std::uint8_t(here.size())), payload.push_back(std::uint8_t(here.size() >> 8));
      for (std::uint16_t i : here) payload.push_back(std::uint8_t(i)), payload.push_back(std::uint8_t(i >> 8));
    }
  const std::vector<nres::EntrySpec> entry = {{kArealTypeId, count, 0, 0, "ArealMap", payload}};
  return {"DATA/MAPS/" + map.name + "/Land.map", nres::build(entry).value()};
}

}  // namespace parkan::sample
