#pragma once
// glTF 2.0 to the game's model terms (docs/import.md): the inverse of the export of
// include/parkan/export/gltf.hpp. A glTF scene becomes an msh::BuildModel: the axes turned from
// glTF's Y-up to the game's Z-up (or, for a file whose one root is the export's axis root, that root
// dropped), every node but cameras and lights an MSH node (parents first, names cut to 31 bytes,
// empties kept: they are the sockets parts mount on), node scale baked into the geometry, `_LOD1`..`_LOD3` and `_STAGE1`/`_STAGE2` nodes into
// the slots of the node they name, `CP_` nodes the cockpit view (level 4, flag 0x20); one batch per
// (node, slot, material) split at 65535 vertices, its WEAR row the material's place in the order the
// batches first use it.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"
#include "parkan/msh/build.hpp"

namespace parkan::importer {

// What a node name may say about its slot (docs/import.md 2).
struct SlotName {
  std::string base;        // the name without the suffixes: the MSH node it fills
  std::size_t stage = 0;   // _STAGE1, _STAGE2
  std::size_t level = 0;   // _LOD1 .. _LOD3
  bool cockpit = false;    // CP_ prefix: level 4, flag 0x20
  bool suffixed = false;   // a _LOD or _STAGE suffix was there
};
SlotName parse_slot_name(std::string_view name);

// One glTF material as the batches use it (the WEAR row is its index in ImportedScene::materials).
struct MaterialUse {
  int gltf_material = -1;  // -1: a primitive without a material (parkan's default grey)
  std::string name;        // the glTF name (UTF-8), "" when it has none
  bool lightmapped = false;  // drawn with TEXCOORD_1 and an occlusionTexture (a lightmapped batch)
};

struct SceneOptions {
  std::string animation;  // the glTF animation by name; "" the first one, if the file has any
  bool still = false;     // no animation: every node at its still pose
  double fps = 30.0;      // frames per second of glTF time (the export's default, docs/formats/msh.md 13)
  // A skinned mesh's triangles each go to the node of their dominant joint (the joint with the most
  // weight over the triangle's three corners), placed by that joint's bind pose; without it a skinned
  // mesh is import.gltf.skin (docs/import.md 3).
  bool rigid = false;
};

struct ImportedScene {
  msh::BuildModel model;
  std::vector<MaterialUse> materials;   // WEAR rows in order
  std::vector<int> gltf_node_of;        // MSH node -> glTF node (-1 for an inserted root)
  std::vector<Diagnostic> warnings;     // names cut, empty nodes dropped, ...
  bool axis_root_dropped = false;       // the file's root was the export's Z-up to Y-up node
};

// Loads a .glb or .gltf from memory (the kind is taken from the bytes: "glTF" magic or JSON). A
// .gltf's external buffers and images are read from `base_dir`. Errors carry tinygltf's message
// (import.gltf.parse) and name `file_name`.
struct LoadedGltf;  // opaque: the parsed document
struct GltfDeleter {
  void operator()(LoadedGltf* document) const;
};
using GltfDocument = std::unique_ptr<LoadedGltf, GltfDeleter>;
Result<GltfDocument> load_gltf(ByteView bytes, std::string_view file_name, std::string_view base_dir);

// The default scene (or scene 0) as model terms. Errors (import.*): import.gltf.skin (a skinned
// mesh without `rigid`; with it, a skin whose joints, weights or matrices cannot be used), import.gltf.morph (morph targets), import.gltf.mode (points or lines),
// import.gltf.accessor (an accessor past its buffer, or of a type the attribute does not allow),
// import.gltf.shear (non-uniform scale under rotation: the node is named), import.gltf.uv (UVs that
// do not fit 0 .. 64 after shifting the primitive by whole tiles: the primitive is named),
// import.gltf.slot (a _LOD or _STAGE node whose base node is not there), import.gltf.empty (no
// triangles at all), import.gltf.animation (the named animation is not there, a channel that cannot
// be sampled, a frame rate that is not positive); and msh::build_model's.
// Animation (docs/import.md 4): the chosen animation's channels are sampled at every whole frame of
// `fps` from the earliest key (frame 0) to the last; a node whose pose against its MSH parent changes gets a key per frame
// (the canonical writer of msh::set_animation derives the frame map), the others stay still. The
// still pose is the pose at frame 0.
Result<ImportedScene> import_scene(const LoadedGltf& document, const SceneOptions& options = {});

}  // namespace parkan::importer
