#pragma once
// A model in authoring terms (named nodes with a parent, a rest pose, triangle lists per (damage
// stage, level) grouped by WEAR row, optional animation keys) turned into a Model with every typed
// stream as the retail models have them (docs/formats/msh.md 1-7): packed normals and u16 UVs, one
// batch per group (WEAR row at +4, lightmap byte at +5, portal room at +6, vertex count at +0x0E,
// base vertex at +0x10), one triangle descriptor per triangle with its face normal, flags and twin
// edges, Slot68 bounds in node space with area and box volume, model bounds over every frame of the
// animation, node names in type 9, socket prefixes in type 10, lightmap UVs in type 18 when any batch
// is lightmapped, a building's path graph in type 17. The sample generator and `import gltf` both
// write their models through it.
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/error.hpp"
#include "parkan/msh/anim_types.hpp"
#include "parkan/msh/math.hpp"
#include "parkan/msh/model.hpp"

namespace parkan::msh {

struct BuildVertex {
  Vec3 pos{};
  Vec3 normal{};                   // packed to int8 / 127 (clamped; not renormalized)
  std::array<float, 2> uv{};       // type 5, u16 / 1024: 0 .. 64 (docs/formats/msh.md 4.3)
  std::array<float, 2> lightmap{}; // type 18, used when the model has lightmapped batches
};

// One batch: the triangles of one WEAR row and style.
struct BuildBatch {
  std::uint8_t wear_row = 0;
  std::uint32_t word = 0;          // batch word bits (docs/formats/msh.md 5.2); lightmapped and portal bits are added
  std::uint16_t face_flags = 0;    // type 7 flags of every triangle (kFaceWalkable, kFaceDoor ...)
  std::uint16_t room = kNoRoom;    // a portal batch: the node of the room beyond it
  bool lightmapped = false;        // +5 = 0x00 and word bit 0x2000: LIGHTMAPS entry 0 on type 18
  std::vector<BuildVertex> vertices;
  std::vector<std::uint16_t> indices;  // triangle list into `vertices`; stored order (v1-v0)x(v2-v0) is the face normal
};

struct BuildNode {
  std::string name;                // type 9: at most 31 bytes
  std::string socket;              // type 10: the part prefix a Base_* socket accepts, "" none
  std::uint16_t parent = kNoParent;
  std::uint16_t flags = 0;         // kNodeInterior, kNodeCockpit, kNodeDrawnAtZeroLife
  Vec3 pos{};                      // rest pose in the parent's frame (a node without keys)
  RawQuat rest = identity_raw_quat();
  // (damage stage 0..2, level 0..4) -> the slot's batches (docs/formats/msh.md 2.2).
  std::map<std::pair<std::size_t, std::size_t>, std::vector<BuildBatch>> slots;
  std::vector<AnimKey> keys;       // empty: still at the rest pose; else whole frames from 0
};

struct BuildModel {
  std::vector<BuildNode> nodes;    // parents precede children
  // Type 18 for every vertex (zero on unlit batches): what a model whose WEAR has LIGHTMAPS carries
  // (docs/formats/msh.md 4.3). Implied by any lightmapped batch.
  bool lightmap_uvs = false;
  std::vector<PathNode> path_nodes;  // type 17
  std::vector<PathLink> path_links;
};

// Errors (msh.build.*): msh.build.parent (a parent that is not an earlier node), msh.build.slot (a
// slot past the 3x5 matrix), msh.build.name (a node name past 31 bytes), msh.build.limit
// (more than 65535 triangles, batches, slots or nodes, a batch past 65535 indices or vertices, an
// index past its batch's vertices, a count not a multiple of 3), msh.build.uv (a UV outside
// 0 .. 65535/1024), msh.build.finite (a position or normal that is not finite); and those of
// set_animation for the keys.
Result<Model> build_model(const BuildModel& model);
// build_model, then write_model.
Result<ByteBuffer> build_model_bytes(const BuildModel& model);

}  // namespace parkan::msh
