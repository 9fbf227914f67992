#pragma once
// Shape primitives for the sample models: boxes, slanted boxes (any eight corners), cylinders and
// flat polygons, with flat face normals (smooth around a cylinder), counter-clockwise winding seen
// from outside in the right-handed Z-up frame of the models (docs/formats/msh.md 4, 7), and UVs that tile a
// texture every `tile` model units, shifted by whole tiles so that none is negative (UVs are stored
// as u16 / 1024: docs/formats/msh.md 4.3). Triangles are grouped by material (the WEAR row of a batch)
// and style: the type 7 face flags of their triangles and the room beyond a portal batch.
#include <array>
#include <cstdint>
#include <numbers>
#include <vector>

#include "parkan/msh/anim_types.hpp"

namespace parkan::sample::mesh {

using msh::Vec3;

inline constexpr float kPi = std::numbers::pi_v<float>;

struct Vertex {
  Vec3 pos{};
  Vec3 normal{};
  float u = 0.0f, v = 0.0f;
};

// What a batch carries besides its material: the type 7 flags of its triangles (kFaceWalkable on a
// floor of the path graph, kFaceDoor on a door leaf ...) and, for a portal batch, the node of the
// room beyond it (docs/formats/msh.md 5.1, 6.1).
struct Style {
  std::uint16_t face_flags = 0;
  std::uint16_t room = 0xFFFF;  // 0xFFFF: not a portal
  bool operator==(const Style&) const = default;
};

// The triangles of one material and style: a batch of the slot.
struct Group {
  std::uint16_t material = 0;
  Style style;
  std::vector<Vertex> vertices;
  std::vector<std::uint16_t> indices;  // triangle list, counter-clockwise from outside
};

// A rigid placement for the shapes that follow: p' = rotation * p + offset (row-major 3x3).
struct Placement {
  std::array<float, 9> rotation{1, 0, 0, 0, 1, 0, 0, 0, 1};
  Vec3 offset{};
};
Placement rotate_x(float angle, Vec3 offset = {});  // counter-clockwise seen from +X
Placement rotate_y(float angle, Vec3 offset = {});
Placement rotate_z(float angle, Vec3 offset = {});

// The geometry of one slot (one node in one state and LOD).
class SlotMesh {
 public:
  void place(const Placement& placement) { placement_ = placement; }
  void reset_placement() { placement_ = {}; }
  // The style of the shapes that follow.
  void style(const Style& style) { style_ = style; }
  void reset_style() { style_ = {}; }

  // A planar polygon, corners counter-clockwise seen from the side its normal points to; UVs by
  // projecting on the plane of the two axes the face is most parallel to.
  void polygon(std::uint16_t material, const std::vector<Vec3>& corners, float tile);
  // A planar quadrilateral whose texture spans it once: corners counter-clockwise from the one at
  // UV (0, 1) (bottom left as seen), then (1, 1), (1, 0), (0, 0). For a material that draws one
  // Page cell of its texture (docs/formats/mat0.md), where the UVs address the cell.
  void decal(std::uint16_t material, const std::array<Vec3, 4>& corners);
  // Eight corners: bottom face then top face, each counter-clockwise seen from above (+Z); the six
  // faces may be slanted (a wedge, a glacis, a tapered turret), each must stay planar.
  void hexahedron(std::uint16_t material, const std::array<Vec3, 8>& corners, float tile);
  void box(std::uint16_t material, Vec3 min, Vec3 max, float tile);
  // A box whose top face is `min`..`max` shrunk by `inset` on X and Y (a frustum of a box).
  void tapered_box(std::uint16_t material, Vec3 min, Vec3 max, float inset_x, float inset_y, float tile);
  // A cylinder along `axis` (0 = X, 1 = Y, 2 = Z) from `base` over `length` (negative: the other way),
  // `segments` sides with smooth normals, flat caps.
  void cylinder(std::uint16_t material, int axis, Vec3 base, float radius, float length, int segments, float tile);

  const std::vector<Group>& groups() const { return groups_; }
  bool empty() const { return groups_.empty(); }

 private:
  Group& group(std::uint16_t material);
  std::uint16_t add(Group& g, Vec3 pos, Vec3 normal, float u, float v);

  Placement placement_;
  Style style_;
  std::vector<Group> groups_;  // in the order materials first appear
};

}  // namespace parkan::sample::mesh
