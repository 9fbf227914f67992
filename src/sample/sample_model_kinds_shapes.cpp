// Shapes and rotations shared by the model families of the catalog (sample_model_catalog.hpp).
#include <cmath>

#include "sample/sample_model_catalog.hpp"
#include "parkan/msh/math.hpp"

namespace parkan::sample {

namespace {

using msh::Vec3;

msh::Quat shapes_axis_angle(Vec3 axis, float angle) {  // [w, x, y, z]
  float length = std::sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
  float s = catalog_sin(angle / 2.0f) / length;
  return {catalog_cos(angle / 2.0f), axis[0] * s, axis[1] * s, axis[2] * s};
}

msh::Quat shapes_product(const msh::Quat& a, const msh::Quat& b) {
  return {a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3], a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
          a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1], a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0]};
}

msh::RawQuat shapes_stored(const msh::Quat& rotation) {  // the engine's matrix rotates by conj(q)
  msh::Quat q = {rotation[0], -rotation[1], -rotation[2], -rotation[3]};
  if (q[0] < 0) q = {-q[0], -q[1], -q[2], -q[3]};
  return msh::quantize_quat(q).value();  // finite by construction
}

Vec3 shapes_add(Vec3 a, Vec3 b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }

// The point at angle step k of `sides` on the circle of `radius` in the plane across `axis`.
Vec3 shapes_around(int axis, int k, int sides, float radius) {
  float angle = 2.0f * kCatalogPi * static_cast<float>(k % sides) / static_cast<float>(sides);
  float c = radius * catalog_cos(angle), s = radius * catalog_sin(angle);
  if (axis == 0) return {0, c, s};
  if (axis == 1) return {s, 0, c};
  return {c, s, 0};
}

}  // namespace

msh::RawQuat catalog_rotation(Vec3 axis, float angle) { return shapes_stored(shapes_axis_angle(axis, angle)); }

msh::RawQuat catalog_rotation_then(Vec3 axis_a, float angle_a, Vec3 axis_b, float angle_b) {
  return shapes_stored(shapes_product(shapes_axis_angle(axis_a, angle_a), shapes_axis_angle(axis_b, angle_b)));
}

mesh::Placement catalog_turn_z(float angle, Vec3 offset) {
  float c = catalog_cos(angle), s = catalog_sin(angle);
  return {{c, -s, 0, s, c, 0, 0, 0, 1}, offset};
}
mesh::Placement catalog_turn_x(float angle, Vec3 offset) {
  float c = catalog_cos(angle), s = catalog_sin(angle);
  return {{1, 0, 0, 0, c, -s, 0, s, c}, offset};
}
mesh::Placement catalog_turn_y(float angle, Vec3 offset) {
  float c = catalog_cos(angle), s = catalog_sin(angle);
  return {{c, 0, s, 0, 1, 0, -s, 0, c}, offset};
}

void catalog_prism(mesh::SlotMesh& m, std::uint16_t material, int axis, Vec3 base, float radius, float length,
                   int sides, float tile) {
  Vec3 d{};
  d[static_cast<std::size_t>(axis)] = length;
  // shapes_around runs counter-clockwise seen from the +axis end; a negative length flips the ends.
  bool forward = length > 0;
  std::vector<Vec3> near_cap, far_cap;
  for (int k = 0; k < sides; ++k) {
    Vec3 r = shapes_around(axis, forward ? k : sides - k, sides, radius);
    near_cap.push_back(shapes_add(base, r));
    far_cap.push_back(shapes_add(shapes_add(base, r), d));
  }
  for (int k = 0; k < sides; ++k) {
    int j = (k + 1) % sides;
    m.polygon(material, {near_cap[k], near_cap[j], far_cap[j], far_cap[k]}, tile);
  }
  m.polygon(material, far_cap, tile);
  std::vector<Vec3> reversed(near_cap.rbegin(), near_cap.rend());
  m.polygon(material, reversed, tile);
}

void catalog_cone(mesh::SlotMesh& m, std::uint16_t material, Vec3 base, float r0, float r1, float height, int sides,
                  float tile) {
  std::vector<Vec3> bottom, top;
  for (int k = 0; k < sides; ++k) {
    bottom.push_back(shapes_add(base, shapes_around(2, k, sides, r0)));
    top.push_back(shapes_add(shapes_add(base, shapes_around(2, k, sides, r1)), {0, 0, height}));
  }
  for (int k = 0; k < sides; ++k) {
    int j = (k + 1) % sides;
    if (r1 > 0) m.polygon(material, {bottom[k], bottom[j], top[j], top[k]}, tile);
    else m.polygon(material, {bottom[k], bottom[j], top[k]}, tile);
  }
  if (r1 > 0) m.polygon(material, top, tile);
  std::vector<Vec3> reversed(bottom.rbegin(), bottom.rend());
  m.polygon(material, reversed, tile);
}

void catalog_blob(mesh::SlotMesh& m, SampleRandom& rng, std::uint16_t material, Vec3 centre, Vec3 radii, int rings,
                  int sides, float jitter, float tile) {
  // Rings from the bottom pole (ring 0) to the top pole (ring `rings`); the poles are single points.
  std::vector<std::vector<Vec3>> grid;
  for (int r = 0; r <= rings; ++r) {
    float polar = kCatalogPi * static_cast<float>(r) / static_cast<float>(rings);
    float z = -catalog_cos(polar), w = catalog_sin(polar);
    std::vector<Vec3> ring;
    int count = (r == 0 || r == rings) ? 1 : sides;
    for (int k = 0; k < count; ++k) {
      float angle = 2.0f * kCatalogPi * static_cast<float>(k) / static_cast<float>(sides);
      float scale = 1.0f + rng.range(-jitter, jitter);
      ring.push_back({centre[0] + radii[0] * w * catalog_cos(angle) * scale,
                      centre[1] + radii[1] * w * catalog_sin(angle) * scale, centre[2] + radii[2] * z * scale});
    }
    grid.push_back(std::move(ring));
  }
  auto at = [&](int r, int k) {
    const std::vector<Vec3>& ring = grid[static_cast<std::size_t>(r)];
    return ring.size() == 1 ? ring[0] : ring[static_cast<std::size_t>(k % sides)];
  };
  for (int r = 0; r < rings; ++r)
    for (int k = 0; k < sides; ++k) {
      // Counter-clockwise seen from outside: around the ring (+angle), then up (+z).
      if (r == 0) {
        m.polygon(material, {at(0, 0), at(1, k + 1), at(1, k)}, tile);
      } else if (r + 1 == rings) {
        m.polygon(material, {at(r, k), at(r, k + 1), at(rings, 0)}, tile);
      } else {
        m.polygon(material, {at(r, k), at(r, k + 1), at(r + 1, k + 1)}, tile);
        m.polygon(material, {at(r, k), at(r + 1, k + 1), at(r + 1, k)}, tile);
      }
    }
}

SampleNode catalog_node(std::string name, std::uint16_t parent, Vec3 pos, mesh::SlotMesh geometry) {
  SampleNode n;
  n.name = std::move(name);
  n.parent = parent;
  n.pos = pos;
  n.slots[{0, 0}] = std::move(geometry);
  return n;
}

}  // namespace parkan::sample
