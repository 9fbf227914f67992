#pragma once
// A glTF node's place in the game's frame (docs/import.md 2): its local transform, the export's axis
// root, and a world transform taken apart into a rigid frame and the shape baked into its vertices.
#include <string>

#include <tiny_gltf.h>

#include "import/affine.hpp"
#include "import/gltf_channels.hpp"
#include "parkan/core/error.hpp"

namespace parkan::importer::detail {

// glTF's Y-up to the game's Z-up, the inverse of the export's root (docs/formats/msh.md 13.2):
// (x, y, z) -> (x, -z, y).
inline constexpr Mat3d kYUpToZUp = {1, 0, 0, 0, 0, -1, 0, 1, 0};

// A node's place in the game's frame: a rigid frame (rotation, translation) and the shape K that
// takes a vertex of the node's glTF mesh into that frame (axis change and scale; docs/import.md 2).
struct Frame {
  Mat3d rotation = kIdentity;
  Vec3d translation{};
  Mat3d shape = kIdentity;
  Mat3d normal_shape = kIdentity;  // K^-T
  bool mirrored = false;           // det K < 0: triangle order reversed
};

Affine local_of(const tinygltf::Node& node);  // its matrix, or T * R * S
Trs trs_of(const tinygltf::Node& node);
Affine affine_of(const Trs& trs);
// The export's root (docs/formats/msh.md 13.2): no mesh, no translation or scale, a rotation of -90
// degrees about X. Below it the nodes are already in the game's Z-up frame.
bool is_axis_root(const tinygltf::Node& node);

// The frame of a node whose world transform (glTF frame) is `world`, seen through `axis` (kYUpToZUp,
// or the identity below the export's axis root). Errors: import.gltf.shear (a zero scale, or scaled
// axes not at right angles: non-uniform scale under rotation), naming `label`.
Result<Frame> node_frame(const Affine& world, const Mat3d& axis, const std::string& label);

}  // namespace parkan::importer::detail
