#pragma once
// A sample model in authoring terms (named nodes with a parent, a rest pose, geometry per
// (damage stage, level) and optional animation keys), turned into a model NRes with every typed
// stream of docs/formats/msh.md 1-7 as the retail models have them: packed normals and u16 UVs, one
// batch per material and style (its WEAR row at +4, the lightmap byte at +5, the portal room at +6,
// the vertex count at +0x0E), one triangle descriptor per triangle with its twin edges, slot bounds
// in node space with the area and box volume, model bounds over every frame of the animation, node
// names in type 9, socket prefixes in type 10, and for a lightmapped model the lightmap UVs of type 18;
// a building's path graph in type 17.
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sample/sample_mesh_builder.hpp"
#include "parkan/core/bytes.hpp"
#include "parkan/core/error.hpp"
#include "parkan/msh/anim_types.hpp"
#include "parkan/msh/math.hpp"
#include "parkan/msh/model.hpp"

namespace parkan::sample {

// The stored quaternion whose engine matrix turns by `angle` radians counter-clockwise about the
// axis (the matrix rotates by conj(q): docs/formats/msh.md 7.3).
msh::RawQuat node_rotation(msh::Vec3 axis, float angle);
// The product of two such rotations: first `b`, then `a` (both in the node's parent frame).
msh::RawQuat node_rotation_then(msh::Vec3 axis_a, float angle_a, msh::Vec3 axis_b, float angle_b);

struct SampleNode {
  std::string name;                           // type 9 (at most 31 bytes)
  std::string socket;                         // type 10: the part prefix a Base_* socket accepts, "" none
  std::uint16_t parent = msh::kNoParent;
  msh::Vec3 pos{};                            // rest pose, in the parent's frame
  msh::RawQuat rest = msh::identity_raw_quat();
  // (damage stage, level) -> geometry: stage 0..2 (0 intact, filled in order), level 0..3 the LODs
  // (0 finest) and level 4 (msh::kCockpitLevel) the first-person view (docs/formats/msh.md 2.2).
  std::map<std::pair<int, int>, mesh::SlotMesh> slots;
  std::vector<msh::AnimKey> keys;             // empty: static at the rest pose; else whole frames from 0
  std::uint16_t flags = 0;                    // msh::kNodeInterior, msh::kNodeCockpit ...
};

// A point of a building's path graph (type 17), in the frame of node `node`.
struct SamplePathPoint {
  msh::Vec3 position{};
  std::uint32_t place_flags = 0;
  std::uint16_t node = 0;
};

struct SampleModel {
  std::vector<SampleNode> nodes;  // parents precede children
  // Lightmapped when lightmap_width > 0 (the width of the LIGHTMAPS page its WEAR names): the batches
  // of the WEAR rows in lit_rows (bit r: row r) take the lightmap (+5 = 0x00, word bit 0x2000) and
  // type 18 maps them into the page (docs/formats/msh.md 4.3).
  std::uint32_t lightmap_width = 0;
  std::uint32_t lit_rows = 0;
  std::map<std::uint16_t, std::uint32_t> row_words;  // further batch word bits per WEAR row
  std::vector<SamplePathPoint> path_points;           // type 17 nodes
  std::vector<std::pair<std::uint32_t, std::uint32_t>> path_links;  // type 17 links: from, to
};

// A simple first-person interior for a cockpit node (flag 0x20, level 4 only): a floor, side walls,
// an instrument panel below a viewport frame, `width` metres across, the eye at the origin looking
// along -Y. `frame_row` for the structure, `panel_row` for the instruments.
mesh::SlotMesh cockpit_interior(std::uint16_t frame_row, std::uint16_t panel_row, float width);

// The model NRes (write_model's corpus stream layout), animated when a node has keys. An animated
// node's rest pose is its last key (the canonical writer's fallback key): loops end where they start.
Result<ByteBuffer> build_sample_model(const SampleModel& model);

// Keys at frames 0, step, 2 * step, ..., end (end included), each from pose(frame).
struct NodePoseAt {
  msh::Vec3 pos{};
  msh::RawQuat rotation = msh::identity_raw_quat();
};
std::vector<msh::AnimKey> sample_keys(std::uint32_t end, std::uint32_t step,
                                      const std::function<NodePoseAt(float frame)>& pose);

// The models of models.rlb (sample_tank.cpp, sample_building.cpp, sample_walker.cpp); batch
// materials are the wear_row values of sample_model_assets.hpp.
SampleModel tank_model();
SampleModel building_model();
SampleModel walker_model();

}  // namespace parkan::sample
