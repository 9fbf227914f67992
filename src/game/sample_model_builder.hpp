#pragma once
// A sample model in authoring terms (named nodes with a parent, a rest pose, geometry per
// (state, LOD) and optional animation keys), turned into a model NRes with every typed stream of
// docs/formats/msh.md 1-7: packed normals and UVs, one batch per material, one triangle descriptor per triangle,
// slot bounds in node space, model bounds over every frame of the animation, node names in type 10.
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "game/sample_mesh_builder.hpp"
#include "parkan/core/bytes.hpp"
#include "parkan/core/error.hpp"
#include "parkan/msh/anim_types.hpp"

namespace parkan::game {

// The stored quaternion whose engine matrix turns by `angle` radians counter-clockwise about the
// axis (the matrix rotates by conj(q): docs/formats/msh.md 7.3).
msh::RawQuat node_rotation(msh::Vec3 axis, float angle);
// The product of two such rotations: first `b`, then `a` (both in the node's parent frame).
msh::RawQuat node_rotation_then(msh::Vec3 axis_a, float angle_a, msh::Vec3 axis_b, float angle_b);

struct SampleNode {
  std::string name;
  std::uint16_t parent = msh::kNoParent;
  msh::Vec3 pos{};                            // rest pose, in the parent's frame
  msh::RawQuat rest{0, 0, 0, 32767};          // identity
  std::map<std::pair<int, int>, mesh::SlotMesh> slots;  // (state, LOD) -> geometry
  std::vector<msh::AnimKey> keys;             // empty: static at the rest pose; else whole frames from 0
  std::uint16_t flags = 0;
};

struct SampleModel {
  std::vector<SampleNode> nodes;  // parents precede children
};

// The model NRes (write_model's corpus stream layout), animated when a node has keys. An animated
// node's rest pose is its last key (the canonical writer's fallback key): loops end where they start.
Result<ByteBuffer> build_sample_model(const SampleModel& model);

// Keys at frames 0, step, 2 * step, ..., end (end included), each from pose(frame).
struct NodePoseAt {
  msh::Vec3 pos{};
  msh::RawQuat rotation{0, 0, 0, 32767};
};
std::vector<msh::AnimKey> sample_keys(std::uint32_t end, std::uint32_t step,
                                      const std::function<NodePoseAt(float frame)>& pose);

// The models of models.rlb (sample_tank.cpp, sample_building.cpp, sample_walker.cpp); batch
// materials are the wear_row values of sample_model_assets.hpp.
SampleModel tank_model();
SampleModel building_model();
SampleModel walker_model();

}  // namespace parkan::game
