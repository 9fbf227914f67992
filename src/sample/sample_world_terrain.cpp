// A sample map's terrain, Land.msh (docs/formats/terrain.md): rolling hills cut by a river whose faces
// lie flat on one water plane, two material layers (a second material blended in on the slopes), both
// levels of detail, the spatial index, the grid and the draw order, laid out stream by stream in the
// retail order 1, 2, 3, 4, 5, 18, 14, 11, 21. Land1.wea and Land2.wea beside it.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <cstring>
#include <numbers>

#include <fmt/format.h>

#include "sample/sample_world.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::sample {

namespace {

// Rows of Land1.wea (row 0 is worn by no face: the engine gives it to the ground it rebuilds around a
// placed building) and, row for row, Land2.wea's microtexture materials.
enum LandRow : std::uint8_t { kRowBuilding = 0, kRowGrass = 1, kRowRock = 2, kRowDirt = 3, kRowWater = 4 };
constexpr std::array<const char*, 5> kLand1 = {"BLD_CONCRETE", "VEG_LEAF", "ROCK_STONE", "BLD_RUBBLE", "BLD_WINDOW"};
constexpr std::array<const char*, 5> kLand2 = {"TANK_TREAD", "TANK_TREAD", "ROCK_STONE", "BLD_RUBBLE", "BLD_WINDOW"};
constexpr std::uint8_t kNoSecond = 0xFF;

// Face words (docs/formats/terrain.md 2).
constexpr std::uint16_t kFlagsBase = 0x600, kFlagSecond = 0x004, kFlagWater = 0x008;
constexpr std::uint16_t kSurfaceWater = 0x02;
constexpr std::uint16_t kNone16 = 0xFFFF;
constexpr std::uint8_t kOrderFlags = 0x48, kOrderBatch = 0x10;
// UV units: 1024 = one texture turn; stream 18 advances 51.2 per world unit (a turn per 20), stream 5
// about 4 to 6 (a turn per 170 to 256 units).
constexpr float kMicroPerUnit = 51.2f, kMaterialPerUnit = 5.0f;
constexpr std::size_t kCellRecord = 68, kBoxHeader = 96 + 44;
constexpr std::size_t kSlotWords = 15;

using V3 = std::array<float, 3>;

V3 sub(const V3& a, const V3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
V3 cross(const V3& a, const V3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
V3 normalized(V3 v) {
  const float n = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  return n > 0 ? V3{v[0] / n, v[1] / n, v[2] / n} : V3{0, 0, 1};
}

struct Face {
  std::array<std::uint32_t, 3> v{};
  std::uint8_t tex1 = kRowGrass, tex2 = kNoSecond;
  bool water = false;
  std::array<std::uint16_t, 3> neighbour{kNone16, kNone16, kNone16};
  std::uint16_t edges = 0x3F;  // 2 bits per edge: the neighbour's matching edge, 3 = none
};

void put16(ByteBuffer& b, std::uint16_t v) { b.push_back(std::uint8_t(v)), b.push_back(std::uint8_t(v >> 8)); }
void put32(ByteBuffer& b, std::uint32_t v) { put16(b, std::uint16_t(v)), put16(b, std::uint16_t(v >> 16)); }
void putf(ByteBuffer& b, float f) {
  std::uint32_t w;
  std::memcpy(&w, &f, 4);
  put32(b, w);
}

// sin and cos by IEEE additions and multiplications only (-ffp-contract=off): the C libraries round
// std::sin differently, and a seed must give the same sample bytes on every platform.
float wave_sin(float x) {
  constexpr double kTwoPi = 2 * std::numbers::pi;
  double r = double(x) - kTwoPi * std::floor(double(x) / kTwoPi + 0.5);  // [-pi, pi]
  if (r > std::numbers::pi / 2) r = std::numbers::pi - r;                 // [-pi/2, pi/2]
  if (r < -std::numbers::pi / 2) r = -std::numbers::pi - r;
  const double r2 = r * r;
  return float(r * (1 + r2 * (-1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5040 + r2 * (1.0 / 362880))))));
}
float wave_cos(float x) { return wave_sin(x + std::numbers::pi_v<float> / 2); }

// The river: a band along a sine across the map.
float river_distance(const MapSpec& map, float x, float y) {
  const float e = map_extent(map);
  const float centre = e * (0.5f + 0.18f * wave_sin(x / e * 2 * std::numbers::pi_v<float> + float(map.seed % 7)));
  return std::fabs(y - centre);
}
float river_half_width(const MapSpec& map) { return map.cell * 0.45f; }

// Neighbours within one level: faces sharing an edge (its two vertices), and which edge of the other.
void link_neighbours(std::vector<Face>& faces, std::size_t first, std::size_t end) {
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::pair<std::size_t, int>> open;
  for (std::size_t f = first; f < end; ++f)
    for (int e = 0; e < 3; ++e) {
      const std::uint32_t a = faces[f].v[e], b = faces[f].v[(e + 1) % 3];
      const auto key = std::minmax(a, b);
      auto it = open.find(key);
      if (it == open.end()) {
        open.emplace(key, std::pair{f, e});
        continue;
      }
      const auto [g, ge] = it->second;
      faces[f].neighbour[e] = std::uint16_t(g);
      faces[g].neighbour[ge] = std::uint16_t(f);
      faces[f].edges = std::uint16_t((faces[f].edges & ~(3u << (2 * e))) | (unsigned(ge) << (2 * e)));
      faces[g].edges = std::uint16_t((faces[g].edges & ~(3u << (2 * ge))) | (unsigned(e) << (2 * ge)));
      open.erase(it);
    }
}

}  // namespace

float map_extent(const MapSpec& map) { return float(map.squares) * map.cell; }

float map_water_level(const MapSpec& map) { return 8.0f + float(map.seed % 5); }

float map_height(const MapSpec& map, float x, float y) {
  const float e = map_extent(map), k = 2 * std::numbers::pi_v<float> / e;
  const float s = float(map.seed % 11);
  float z = 30 + 22 * wave_sin(k * 1.3f * x + s) * wave_cos(k * 0.9f * y - s) +
            9 * wave_sin(k * 3.1f * (x + y) + 2 * s) + 4 * wave_cos(k * 6.7f * x - k * 5.3f * y);
  // The valley: down to the bed a band around the river.
  const float d = river_distance(map, x, y), w = river_half_width(map);
  if (d < 3 * w) {
    const float t = std::clamp((d - w) / (2 * w), 0.0f, 1.0f);
    const float bed = map_water_level(map) - 3;
    z = bed + (z - bed) * t * t * (3 - 2 * t);
  }
  // Dry ground stays above the water plane (the river's faces alone lie on it).
  return d < w ? z : std::max(z, map_water_level(map) + 0.5f);
}

float vertex_height(const MapSpec& map, std::uint32_t i, std::uint32_t j) {
  const float step = map.cell / float(map.per_square), x = float(i) * step, y = float(j) * step;
  return river_distance(map, x, y) < river_half_width(map) ? map_water_level(map) : map_height(map, x, y);
}

float surface_height(const MapSpec& map, float x, float y) {
  const std::uint32_t steps = map.squares * map.per_square;
  const float step = map.cell / float(map.per_square);
  const float gx = std::clamp(x / step, 0.0f, float(steps)), gy = std::clamp(y / step, 0.0f, float(steps));
  const auto i = std::min(std::uint32_t(gx), steps - 1), j = std::min(std::uint32_t(gy), steps - 1);
  const float fx = gx - float(i), fy = gy - float(j);
  const float h00 = vertex_height(map, i, j), h10 = vertex_height(map, i + 1, j), h01 = vertex_height(map, i, j + 1),
              h11 = vertex_height(map, i + 1, j + 1);
  // The quad's two faces as sample_terrain cuts it: (00, 10, 11) below the diagonal, (00, 11, 01) above.
  return fx >= fy ? h00 + fx * (h10 - h00) + fy * (h11 - h10) : h00 + fy * (h01 - h00) + fx * (h11 - h01);
}

std::vector<SampleFile> sample_terrain(const MapSpec& map) {
  const std::uint32_t squares = map.squares * map.squares, steps = map.squares * map.per_square, side = steps + 1;
  const float step = map.cell / float(map.per_square);
  // Vertices on a regular grid; in the river they lie on the water plane.
  std::vector<V3> pos(std::size_t(side) * side);
  std::vector<bool> wet(pos.size());
  for (std::uint32_t j = 0; j < side; ++j)
    for (std::uint32_t i = 0; i < side; ++i) {
      const float x = float(i) * step, y = float(j) * step;
      const std::size_t k = std::size_t(j) * side + i;
      wet[k] = river_distance(map, x, y) < river_half_width(map);
      pos[k] = {x, y, vertex_height(map, i, j)};
    }
  auto vertex = [&](std::uint32_t i, std::uint32_t j) { return j * side + i; };
  const float rock_from = 44, rock_full = 52;  // heights where rock takes over from grass

  // Faces, square by square: level 0 every step, level 1 every second step (level-0 vertices only).
  std::vector<Face> faces;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> runs;  // per cell: first face, count
  for (int level = 0; level < 2; ++level) {
    const std::uint32_t stride = level == 0 ? 1 : 2, n = map.per_square / stride;
    for (std::uint32_t sq = 0; sq < squares; ++sq) {
      const std::uint32_t sx = sq % map.squares, sy = sq / map.squares, first = std::uint32_t(faces.size());
      for (std::uint32_t b = 0; b < n; ++b)
        for (std::uint32_t a = 0; a < n; ++a) {
          const std::uint32_t i = sx * map.per_square + a * stride, j = sy * map.per_square + b * stride;
          const std::uint32_t v00 = vertex(i, j), v10 = vertex(i + stride, j), v01 = vertex(i, j + stride),
                              v11 = vertex(i + stride, j + stride);
          for (const auto& tri : {std::array{v00, v10, v11}, std::array{v00, v11, v01}}) {  // anticlockwise from +z
            Face f;
            f.v = tri;
            f.water = wet[tri[0]] && wet[tri[1]] && wet[tri[2]];
            float top = std::max({pos[tri[0]][2], pos[tri[1]][2], pos[tri[2]][2]});
            bool near_water = wet[tri[0]] || wet[tri[1]] || wet[tri[2]];
            f.tex1 = f.water ? kRowWater : near_water ? kRowDirt : top >= rock_full ? kRowRock : kRowGrass;
            if (!f.water && f.tex1 == kRowGrass && top >= rock_from) f.tex2 = kRowRock;
            faces.push_back(f);
          }
        }
      runs.emplace_back(first, std::uint32_t(faces.size()) - first);
    }
  }
  const std::size_t split = runs[squares].first;
  link_neighbours(faces, 0, split);
  link_neighbours(faces, split, faces.size());

  // Stream 14: the second material's alpha per vertex, 0 below rock_from to 1 at rock_full.
  std::vector<float> alpha(pos.size());
  for (std::size_t k = 0; k < pos.size(); ++k)
    alpha[k] = std::clamp((pos[k][2] - rock_from) / (rock_full - rock_from), 0.0f, 1.0f);

  // Vertex normals from the level-0 faces around each vertex.
  std::vector<V3> normal(pos.size(), V3{0, 0, 0});
  for (std::size_t f = 0; f < split; ++f) {
    const V3 n = cross(sub(pos[faces[f].v[1]], pos[faces[f].v[0]]), sub(pos[faces[f].v[2]], pos[faces[f].v[0]]));
    for (std::uint32_t v : faces[f].v)
      for (int c = 0; c < 3; ++c) normal[v][c] += n[c];
  }

  ByteBuffer s1, s2, s3, s4, s5, s18, s14, s11, s21;
  for (std::uint32_t sq = 0; sq < squares; ++sq) {  // stream 1: a Node38 per square
    for (std::uint16_t w : {std::uint16_t(0), kNone16, std::uint16_t(0), std::uint16_t(0)}) put16(s1, w);
    put16(s1, std::uint16_t(sq));
    put16(s1, std::uint16_t(squares + sq));
    for (std::size_t k = 2; k < kSlotWords; ++k) put16(s1, kNone16);
  }
  const float extent = map_extent(map);
  float zlo = pos[0][2], zhi = pos[0][2];
  for (const V3& p : pos) zlo = std::min(zlo, p[2]), zhi = std::max(zhi, p[2]);
  for (int c = 0; c < 8; ++c) {  // stream 2: the map box's corners, corner 0 the origin
    putf(s2, c & 1 ? extent : 0), putf(s2, c & 2 ? extent : 0), putf(s2, c & 4 ? zhi : zlo);
  }
  s2.resize(kBoxHeader, 0);
  for (const auto& [first, count] : runs) {
    V3 lo = pos[faces[first].v[0]], hi = lo;
    for (std::uint32_t f = first; f < first + count; ++f)
      for (std::uint32_t v : faces[f].v)
        for (int c = 0; c < 3; ++c) lo[c] = std::min(lo[c], pos[v][c]), hi[c] = std::max(hi[c], pos[v][c]);
    const V3 centre{(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2};
    const V3 half = sub(hi, centre);
    put16(s2, std::uint16_t(first)), put16(s2, std::uint16_t(count)), put32(s2, 0);
    for (const V3* v : std::array<const V3*, 3>{&lo, &hi, &centre})
      for (float c : *v) putf(s2, c);
    putf(s2, std::sqrt(half[0] * half[0] + half[1] * half[1] + half[2] * half[2]));
    s2.resize(s2.size() + 20, 0);
  }
  for (std::size_t k = 0; k < pos.size(); ++k) {
    for (float c : pos[k]) putf(s3, c);
    const V3 n = normalized(normal[k]);
    for (float c : n) s4.push_back(std::uint8_t(std::int8_t(std::lround(c * 127))));
    s4.push_back(0);
    put16(s5, std::uint16_t(std::lround(pos[k][0] * kMaterialPerUnit)));
    put16(s5, std::uint16_t(std::lround(pos[k][1] * kMaterialPerUnit)));
    // A turn per 20 units, wrapping at 64 turns (the u16's range).
    put16(s18, std::uint16_t(std::lround(pos[k][0] * kMicroPerUnit) & 0xFFFF));
    put16(s18, std::uint16_t(std::lround(pos[k][1] * kMicroPerUnit) & 0xFFFF));
    putf(s14, alpha[k]);
  }
  for (const auto& [first, count] : runs) {  // stream 11: each cell's faces grouped by (tex1, tex2)
    std::vector<std::uint32_t> order(count);
    for (std::uint32_t k = 0; k < count; ++k) order[k] = first + k;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return std::pair(faces[a].tex1, faces[a].tex2) < std::pair(faces[b].tex1, faces[b].tex2);
    });
    for (std::size_t k = 0; k < order.size(); ++k) {
      const bool starts = k == 0 || std::pair(faces[order[k]].tex1, faces[order[k]].tex2) !=
                                        std::pair(faces[order[k - 1]].tex1, faces[order[k - 1]].tex2);
      put16(s11, std::uint16_t(order[k]));
      s11.push_back(std::uint8_t(kOrderFlags | (starts ? kOrderBatch : 0)));
      s11.push_back(0);
    }
  }
  for (const Face& f : faces) {  // stream 21: the face records
    put16(s21, std::uint16_t(kFlagsBase | (f.tex2 != kNoSecond ? kFlagSecond : 0) | (f.water ? kFlagWater : 0)));
    put16(s21, f.water ? kSurfaceWater : 0);
    s21.push_back(f.tex1), s21.push_back(f.tex2);
    put16(s21, kNone16);
    for (std::uint32_t v : f.v) put16(s21, std::uint16_t(v));
    for (std::uint16_t n : f.neighbour) put16(s21, n);
    const V3 n = normalized(cross(sub(pos[f.v[1]], pos[f.v[0]]), sub(pos[f.v[2]], pos[f.v[0]])));
    for (float c : n) put16(s21, std::uint16_t(std::int16_t(std::lround(c * 32767))));
    put16(s21, f.edges);
  }

  const auto nv = std::uint32_t(pos.size()), nf = std::uint32_t(faces.size()), cells = std::uint32_t(runs.size());
  const std::vector<nres::EntrySpec> streams = {
      {1, squares, map.squares, 38, "Land", s1},   {2, cells, 0, kCellRecord, "Land", s2}, {3, nv, 0, 12, "Land", s3},
      {4, nv, 0, 4, "Land", s4},                   {5, nv, 0, 4, "Land", s5},              {18, nv, 0, 4, "Land", s18},
      {14, nv, 0, 4, "Land", s14},                 {11, nf, 0, 4, "Land", s11},            {21, nf, 0, 28, "Land", s21}};
  const std::string folder = "DATA/MAPS/" + map.name + "/";
  auto wear = [](const auto& rows) {
    std::string text = fmt::format("{}\r\n", rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) text += fmt::format("{} {}\r\n", r, rows[r]);
    return ByteBuffer(text.begin(), text.end());
  };
  return {{folder + "Land.msh", nres::build(streams).value()},  // names and sizes valid by construction
          {folder + "Land1.wea", wear(kLand1)},
          {folder + "Land2.wea", wear(kLand2)}};
}

}  // namespace parkan::sample
