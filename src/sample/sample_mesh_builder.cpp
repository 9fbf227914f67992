// Shape primitives of the sample models (see sample_mesh_builder.hpp).
#include "sample/sample_mesh_builder.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

namespace parkan::sample::mesh {

namespace {

Vec3 sub(Vec3 a, Vec3 b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Vec3 add3(Vec3 a, Vec3 b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
Vec3 scale(Vec3 a, float s) { return {a[0] * s, a[1] * s, a[2] * s}; }
Vec3 cross(Vec3 a, Vec3 b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
Vec3 normalized(Vec3 a) {
  float length = std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
  return length > 0.0f ? scale(a, 1.0f / length) : Vec3{0, 0, 1};
}
Vec3 rotated(const std::array<float, 9>& r, Vec3 p) {
  return {r[0] * p[0] + r[1] * p[1] + r[2] * p[2], r[3] * p[0] + r[4] * p[1] + r[5] * p[2],
          r[6] * p[0] + r[7] * p[1] + r[8] * p[2]};
}

// Shifts the UVs of vertices [first, end) by whole tiles so that the smallest is in [0, 1): the texture
// repeats, so the picture is unchanged, and a u16 UV cannot be negative.
void shift_uvs_positive(std::vector<Vertex>& vertices, std::size_t first) {
  if (first >= vertices.size()) return;
  float min_u = vertices[first].u, min_v = vertices[first].v;
  for (std::size_t i = first; i < vertices.size(); ++i) min_u = std::min(min_u, vertices[i].u), min_v = std::min(min_v, vertices[i].v);
  const float du = std::floor(min_u), dv = std::floor(min_v);
  for (std::size_t i = first; i < vertices.size(); ++i) vertices[i].u -= du, vertices[i].v -= dv;
}

}  // namespace

Placement rotate_x(float angle, Vec3 offset) {
  float c = std::cos(angle), s = std::sin(angle);
  return {{1, 0, 0, 0, c, -s, 0, s, c}, offset};
}
Placement rotate_y(float angle, Vec3 offset) {
  float c = std::cos(angle), s = std::sin(angle);
  return {{c, 0, s, 0, 1, 0, -s, 0, c}, offset};
}
Placement rotate_z(float angle, Vec3 offset) {
  float c = std::cos(angle), s = std::sin(angle);
  return {{c, -s, 0, s, c, 0, 0, 0, 1}, offset};
}

Group& SlotMesh::group(std::uint16_t material) {
  for (Group& g : groups_)
    if (g.material == material && g.style == style_) return g;
  groups_.push_back(Group{material, style_, {}, {}});
  return groups_.back();
}

std::uint16_t SlotMesh::add(Group& g, Vec3 pos, Vec3 normal, float u, float v) {
  Vertex vertex;
  vertex.pos = add3(rotated(placement_.rotation, pos), placement_.offset);
  vertex.normal = normalized(rotated(placement_.rotation, normal));
  vertex.u = u;
  vertex.v = v;
  g.vertices.push_back(vertex);
  return static_cast<std::uint16_t>(g.vertices.size() - 1);
}

void SlotMesh::polygon(std::uint16_t material, const std::vector<Vec3>& corners, float tile) {
  std::vector<Vec3> points;
  for (const Vec3& p : corners)
    if (points.empty() || sub(p, points.back()) != Vec3{0, 0, 0}) points.push_back(p);
  while (points.size() > 1 && sub(points.front(), points.back()) == Vec3{0, 0, 0}) points.pop_back();
  if (points.size() < 3) return;
  Vec3 sum{};  // Newell's normal: robust for any planar polygon
  for (std::size_t i = 0; i < points.size(); ++i) sum = add3(sum, cross(points[i], points[(i + 1) % points.size()]));
  Vec3 n = normalized(sum);
  float ax = std::fabs(n[0]), ay = std::fabs(n[1]), az = std::fabs(n[2]);
  Group& g = group(material);
  std::uint16_t first = static_cast<std::uint16_t>(g.vertices.size());
  for (const Vec3& p : points) {
    float u = 0, v = 0;
    if (az >= ax && az >= ay) u = p[0], v = -p[1];
    else if (ax >= ay) u = n[0] > 0 ? p[1] : -p[1], v = -p[2];
    else u = n[1] > 0 ? -p[0] : p[0], v = -p[2];
    add(g, p, n, u / tile, v / tile);
  }
  shift_uvs_positive(g.vertices, first);
  for (std::size_t i = 1; i + 1 < points.size(); ++i) {
    g.indices.push_back(first);
    g.indices.push_back(static_cast<std::uint16_t>(first + i));
    g.indices.push_back(static_cast<std::uint16_t>(first + i + 1));
  }
}

void SlotMesh::decal(std::uint16_t material, const std::array<Vec3, 4>& c) {
  Vec3 n = normalized(cross(sub(c[1], c[0]), sub(c[2], c[0])));
  Group& g = group(material);
  std::uint16_t first = static_cast<std::uint16_t>(g.vertices.size());
  const float uvs[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
  for (int k = 0; k < 4; ++k) add(g, c[static_cast<std::size_t>(k)], n, uvs[k][0], uvs[k][1]);
  for (std::uint16_t i : {0, 1, 2, 0, 2, 3}) g.indices.push_back(static_cast<std::uint16_t>(first + i));
}

void SlotMesh::hexahedron(std::uint16_t material, const std::array<Vec3, 8>& c, float tile) {
  polygon(material, {c[0], c[3], c[2], c[1]}, tile);  // bottom, seen from below
  polygon(material, {c[4], c[5], c[6], c[7]}, tile);  // top
  for (int i = 0; i < 4; ++i) {
    int j = (i + 1) % 4;
    polygon(material, {c[i], c[j], c[j + 4], c[i + 4]}, tile);
  }
}

void SlotMesh::box(std::uint16_t material, Vec3 lo, Vec3 hi, float tile) {
  tapered_box(material, lo, hi, 0.0f, 0.0f, tile);
}

void SlotMesh::tapered_box(std::uint16_t material, Vec3 lo, Vec3 hi, float inset_x, float inset_y, float tile) {
  float x0 = lo[0] + inset_x, x1 = hi[0] - inset_x, y0 = lo[1] + inset_y, y1 = hi[1] - inset_y;
  hexahedron(material,
             {Vec3{lo[0], lo[1], lo[2]}, {hi[0], lo[1], lo[2]}, {hi[0], hi[1], lo[2]}, {lo[0], hi[1], lo[2]},
              {x0, y0, hi[2]}, {x1, y0, hi[2]}, {x1, y1, hi[2]}, {x0, y1, hi[2]}},
             tile);
}

void SlotMesh::cylinder(std::uint16_t material, int axis, Vec3 base, float radius, float length, int segments,
                        float tile) {
  // (e1, e2, d) right-handed, d along the cylinder from its base.
  Vec3 ex{1, 0, 0}, ey{0, 1, 0}, ez{0, 0, 1};
  Vec3 e1 = axis == 0 ? ey : axis == 1 ? ez : ex;
  Vec3 e2 = axis == 0 ? ez : axis == 1 ? ex : ey;
  Vec3 d = axis == 0 ? ex : axis == 1 ? ey : ez;
  if (length < 0) {
    std::swap(e1, e2);
    d = scale(d, -1.0f);
    length = -length;
  }
  auto radial = [&](int k) {
    float angle = 2.0f * std::numbers::pi_v<float> * static_cast<float>(k % segments) / static_cast<float>(segments);
    return add3(scale(e1, std::cos(angle)), scale(e2, std::sin(angle)));
  };
  Group& g = group(material);
  std::uint16_t first = static_cast<std::uint16_t>(g.vertices.size());
  float around = 2.0f * std::numbers::pi_v<float> * radius / tile;
  for (int k = 0; k <= segments; ++k) {  // a seam: the last column repeats the first with u + around
    Vec3 r = radial(k);
    float u = around * static_cast<float>(k) / static_cast<float>(segments);
    add(g, add3(base, scale(r, radius)), r, u, 0.0f);
    add(g, add3(add3(base, scale(r, radius)), scale(d, length)), r, u, -length / tile);
  }
  shift_uvs_positive(g.vertices, first);
  for (int k = 0; k < segments; ++k) {
    auto at = [&](int column, int top) { return static_cast<std::uint16_t>(first + 2 * column + top); };
    for (std::uint16_t i : {at(k, 0), at(k + 1, 0), at(k + 1, 1), at(k, 0), at(k + 1, 1), at(k, 1)})
      g.indices.push_back(i);
  }
  std::vector<Vec3> top, bottom;
  for (int k = 0; k < segments; ++k) {
    top.push_back(add3(add3(base, scale(radial(k), radius)), scale(d, length)));
    bottom.push_back(add3(base, scale(radial(segments - k), radius)));
  }
  polygon(material, top, tile);
  polygon(material, bottom, tile);
}

}  // namespace parkan::sample::mesh
