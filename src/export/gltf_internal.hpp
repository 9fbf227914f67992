#pragma once
// The parts of the glTF export (gltf.hpp), shared by its source files only: tinygltf stays private to
// parkan_export.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "parkan/export/gltf.hpp"
#include "parkan/material/model.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/texm/load.hpp"

namespace parkan::gltf::detail {

// ---- gltf_buffer.cpp: one binary buffer, a buffer view and an accessor per array ----
class BufferBuilder {
 public:
  explicit BufferBuilder(tinygltf::Model& model);
  // A VEC3 float accessor with min and max (required for POSITION, written for every VEC3).
  int add_vec3(const std::vector<msh::Vec3>& values, int target);
  int add_vec2(const std::vector<std::array<float, 2>>& values, int target);
  int add_vec4(const std::vector<std::array<float, 4>>& values);  // animation rotations
  int add_scalars(const std::vector<float>& values);               // animation times, with min and max
  // Triangle indices: unsigned short when every index fits, else unsigned int.
  int add_indices(const std::vector<std::uint32_t>& indices, std::uint32_t vertex_count);
  // A bufferView holding `bytes` (an embedded image).
  int add_view(ByteView bytes);

 private:
  int append(const void* data, std::size_t size, int target);
  tinygltf::Model& model_;
};

// ---- gltf_material_chain.cpp: batch WEAR row -> MAT0 -> the still phase -> Texm; lightmap row -> LightMap.lib ----
struct ResolvedMaterial {
  std::optional<std::size_t> wear_row;  // the batch's row when the table has it
  std::string wear_name;                // that row's material name (cp1251)
  std::string mat0_name;                // the MAT0 entry used (cp1251); empty: none
  std::string match;                    // "exact", "default", "first", "none"
  std::optional<material::Mat0> mat;
  std::size_t phase = 0;                // the phase a still material shows (still_phase)
  std::string texture_name;             // that phase's texture (cp1251); empty: untextured
  // The flags the engine loads that texture with for this material (docs/runtime.md 6.3, 9.3):
  // material::phase_texture_load_flags of the entry's attr1 plus the Page flag.
  std::uint32_t load_flags = 0;
  std::optional<texm::Image> image;     // the texture decoded (level 0, its own palette, `load_flags`)
  // The Page rectangle that the phase's p17 = c >= 0 selects (loaded record c + 1), in UVs; none for
  // the whole texture (docs/formats/msh.md 13.6).
  std::optional<texm::LoadedRect> cell;
};

struct ResolvedLightmap {
  std::string name;                  // the LIGHTMAPS row's name (cp1251); empty: no such row
  std::optional<texm::Image> image;  // the page from LightMap.lib, decoded; none: drawn unlit
};

// The phase a still material shows: the one track 0's first key names (docs/formats/mat0.md 5),
// phase 0 when there is no track, no key or the key's phase is past the table.
std::size_t still_phase(const material::Mat0& mat);

class MaterialChain {
 public:
  MaterialChain(const Source& source, std::vector<Diagnostic>& warnings);
  // The material of a batch's WEAR row (Batch::wear_row), resolved once per row.
  const ResolvedMaterial& resolve(std::uint8_t wear_row);
  // The lightmap of a lit batch's LIGHTMAPS row (Batch::lightmap), resolved once per row.
  const ResolvedLightmap& lightmap(std::uint8_t lightmap_row);

 private:
  void warn(std::string code, std::string message);
  ResolvedMaterial resolve_uncached(std::uint8_t wear_row);
  ResolvedLightmap lightmap_uncached(std::uint8_t lightmap_row);
  void load_texture(ResolvedMaterial& resolved);

  const Source& source_;
  std::vector<Diagnostic>& warnings_;
  std::optional<std::vector<std::string>> wear_names_;      // the WEAR material rows
  std::optional<std::vector<std::string>> lightmap_names_;  // its LIGHTMAPS rows
  std::shared_ptr<const resource::Archive> materials_, textures_, lightmaps_;
  bool lightmap_library_tried_ = false;
  std::map<std::uint8_t, ResolvedMaterial> cache_;
  std::map<std::uint8_t, ResolvedLightmap> lightmap_cache_;
};

// ---- gltf_scene.cpp: nodes, meshes, materials ----
struct SceneInput {
  const msh::Model& model;
  const msh::AnimStreams& anim;
  const Options& options;
  Container container;
  std::string root_name;  // the extra Z-up to Y-up root
};
struct SceneStats {
  std::vector<int> gltf_node;  // model node -> glTF node, -1 when left out (docs/formats/msh.md 13.1)
  std::size_t primitives = 0, vertices = 0;
  std::vector<ImageFile> images;  // PNGs for a .gltf
};
// Fills `out` (the exported model nodes in model order, then the root). Errors: a sampler error of a
// rest pose, a PNG that cannot be encoded.
Result<SceneStats> build_scene(const SceneInput& input, MaterialChain& chain, tinygltf::Model& out,
                               BufferBuilder& buffer);

// The key of a node's still pose (docs/formats/msh.md 13.3): frame 0 of its run,
// keys[frame_map[anim_map_start]], for a node with a frame map; its fallback key otherwise. Errors:
// anim.node.map_range (the map word past Res19), anim.node.fallback_range (a key past the pool).
Result<std::uint32_t> still_key(const msh::AnimStreams& anim, std::uint32_t node);
// The translation of a local matrix (elements 3, 7, 11). The still pose and every animation frame take
// it from msh::pose_walk_local, which zeroes node 0's when it has no parent (docs/formats/msh.md 7.4).
std::vector<double> translation_of(const msh::Mat4& local);

// glTF rotation [x, y, z, w] of the engine's node matrix: conj(q) of q = [w, x, y, z], normalized
// (identity for a zero quaternion), docs/formats/msh.md 7.3.
std::array<double, 4> gltf_rotation(const msh::Quat& q);

// ---- gltf_animation.cpp ----
// One animation sampling every exported node with a frame map (`gltf_node` >= 0) at frames
// 0 .. frame_count - 1; returns the number of animated nodes. Errors: the sampler's.
Result<std::size_t> build_animation(const msh::AnimStreams& anim, const std::vector<int>& gltf_node,
                                    const Options& options, tinygltf::Model& out, BufferBuilder& buffer);

// ---- gltf_write.cpp ----
Result<ByteBuffer> serialize(const tinygltf::Model& model, Container container);

}  // namespace parkan::gltf::detail
