#pragma once
// The parts of the glTF export (gltf.hpp), shared by its source files only: tinygltf stays private to
// parkan_export.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <tiny_gltf.h>

#include "parkan/export/gltf.hpp"
#include "parkan/material/model.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/core/text.hpp"
#include "parkan/texm/load.hpp"

namespace parkan::gltf::detail {

// ---- extras values (shared by the scene, the materials and the world) ----
inline tinygltf::Value int_value(std::uint64_t v) { return tinygltf::Value(int(v)); }
inline tinygltf::Value signed_value(std::int64_t v) { return tinygltf::Value(int(v)); }
inline tinygltf::Value text_value(std::string_view cp1251) { return tinygltf::Value(cp1251_to_utf8(cp1251)); }
template <class Values>
tinygltf::Value int_array(const Values& values) {
  tinygltf::Value::Array array;
  for (auto v : values) array.push_back(tinygltf::Value(int(v)));
  return tinygltf::Value(std::move(array));
}
template <class Values>
tinygltf::Value number_array(const Values& values) {
  tinygltf::Value::Array array;
  for (auto v : values) array.push_back(tinygltf::Value(double(v)));
  return tinygltf::Value(std::move(array));
}

// ---- gltf_buffer.cpp: one binary buffer, a buffer view and an accessor per array ----
class BufferBuilder {
 public:
  explicit BufferBuilder(tinygltf::Model& model);
  // A VEC3 float accessor with min and max (required for POSITION, written for every VEC3).
  int add_vec3(const std::vector<msh::Vec3>& values, int target);
  int add_vec2(const std::vector<std::array<float, 2>>& values, int target);
  // Animation rotations (no target), or a vertex attribute (COLOR_0) with TINYGLTF_TARGET_ARRAY_BUFFER.
  int add_vec4(const std::vector<std::array<float, 4>>& values, int target = 0);
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

// What the chain resolves by material name alone (Material.lib, the texture), shared by every chain of
// one export so that a material worn by many models is looked up, decoded and warned about once.
using NamedMaterials = std::map<std::string, ResolvedMaterial>;

class MaterialChain {
 public:
  // The rows of the model's `<stem>.wea` beside it in `source.library`.
  MaterialChain(const Source& source, std::vector<Diagnostic>& warnings, NamedMaterials* shared = nullptr);
  // Rows given by the caller (a map's Land1.wea or Land2.wea, docs/formats/terrain.md 5); warnings name
  // `display_name`. No LIGHTMAPS rows.
  MaterialChain(std::vector<std::string> rows, std::string display_name, resource::Game* game,
                std::vector<Diagnostic>& warnings, NamedMaterials* shared = nullptr);
  // The material of a batch's WEAR row (Batch::wear_row), resolved once per row.
  const ResolvedMaterial& resolve(std::uint8_t wear_row);
  // The lightmap of a lit batch's LIGHTMAPS row (Batch::lightmap), resolved once per row.
  const ResolvedLightmap& lightmap(std::uint8_t lightmap_row);
  std::size_t row_count() const { return wear_names_ ? wear_names_->size() : 0; }

 private:
  void open_libraries();
  void warn(std::string code, std::string message);
  ResolvedMaterial resolve_uncached(std::uint8_t wear_row);
  ResolvedMaterial resolve_name(const std::string& wear_name, std::uint8_t wear_row);
  ResolvedLightmap lightmap_uncached(std::uint8_t lightmap_row);
  void load_texture(ResolvedMaterial& resolved);

  std::string display_name_;
  resource::Game* game_ = nullptr;
  std::vector<Diagnostic>& warnings_;
  NamedMaterials* shared_ = nullptr;
  std::optional<std::vector<std::string>> wear_names_;      // the WEAR material rows
  std::optional<std::vector<std::string>> lightmap_names_;  // its LIGHTMAPS rows
  std::shared_ptr<const resource::Archive> materials_, textures_, lightmaps_;
  bool lightmap_library_tried_ = false;
  std::map<std::uint8_t, ResolvedMaterial> cache_;
  std::map<std::uint8_t, ResolvedLightmap> lightmap_cache_;
};

// ---- gltf_materials.cpp: glTF materials, textures and images, shared by every model of a document ----
// The glTF texture of an image: one per name and load flags (a texture and a lightmap may share
// none; two materials whose flags decode the texture differently get an image each).
struct TextureKey {
  bool lightmap = false;
  std::string name;
  std::uint32_t load_flags = 0;
  auto operator<=>(const TextureKey&) const = default;
};

// A terrain layer's material (docs/formats/terrain.md 5): a Land1.wea row as the base (OPAQUE) or as
// the layer drawn over it (BLEND, alpha from COLOR_0), with the Land2.wea row's microtexture named in
// its extras.
struct TerrainLayer {
  std::uint8_t row = 0;
  bool blend = false;
  bool has_micro = false;      // the same row of Land2.wea resolved to a material
  std::string micro_material;  // its MAT0 name (cp1251)
  std::string micro_texture;   // its track 1's texture (cp1251), empty: none
};

class DocumentMaterials {
 public:
  DocumentMaterials(const Options& options, Container container, tinygltf::Model& out, BufferBuilder& buffer)
      : options_(options), container_(container), out_(out), buffer_(buffer) {}
  // The material of a model batch (docs/formats/msh.md 13.7): one per (WEAR row, row name, MAT0,
  // lightmap) over the whole document.
  Result<int> batch_material(MaterialChain& chain, std::uint8_t wear_row, std::uint8_t lightmap_row, bool lit);
  // The material of a terrain layer: one per (row, blend) of the map.
  Result<int> terrain_material(MaterialChain& land1, const TerrainLayer& layer);
  Result<int> texture(const TextureKey& key, const texm::Image& image);
  std::vector<ImageFile> take_images() { return std::move(images_); }

 private:
  tinygltf::Material base_material(const ResolvedMaterial& resolved, std::uint8_t row, bool lit);

  const Options& options_;
  Container container_;
  tinygltf::Model& out_;
  BufferBuilder& buffer_;
  std::vector<ImageFile> images_;  // PNGs for a .gltf
  std::map<std::tuple<std::uint8_t, std::string, std::string, std::string, bool>, int> batch_materials_;
  std::map<std::pair<std::uint8_t, bool>, int> terrain_materials_;
  std::map<TextureKey, int> textures_;
};

// ---- gltf_scene.cpp: a model's nodes and meshes ----
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

// One model's part of a document, built once and placed any number of times: the nodes exported
// (docs/formats/msh.md 13.1) with their still poses, and a glTF mesh per node with geometry.
struct ModelTemplate {
  struct NodeInfo {
    bool kept = false;
    std::uint16_t parent = 0xFFFF;  // msh::kNoParent
    std::string name;               // UTF-8
    std::vector<double> translation;
    std::array<double, 4> rotation{0, 0, 0, 1};
    msh::Mat4 local{};              // the still pose's local matrix (pose_walk_local)
    int mesh = -1;                  // glTF mesh, -1 none
    tinygltf::Value extras;
  };
  std::vector<NodeInfo> nodes;
  std::vector<msh::PathNode> path_nodes;  // type 17: a building's hall-way graph (docs/formats/msh.md 6.6)
  std::size_t primitives = 0, vertices = 0;
  // The still pose's model-space matrix of node `n` (the product of its ancestors' local matrices).
  msh::Mat4 model_matrix(std::size_t n) const;
};
// The nodes, their still poses and meshes of `input.model`, its materials through `chain` and
// `materials`. Errors: a sampler error of a still pose, a PNG that cannot be encoded.
Result<ModelTemplate> build_model_template(const SceneInput& input, MaterialChain& chain, DocumentMaterials& materials,
                                           tinygltf::Model& out, BufferBuilder& buffer);
// Appends a glTF node per kept model node (model order), parents as in the model;
// `dropped_root` is the model node left out, its children taking its place (a mounted part's root,
// the world specification section 4), or -1. Returns model node -> glTF node (-1 when not added) and
// the top-level glTF nodes in `tops` (the caller hangs them on their parent).
std::vector<int> instantiate_template(const ModelTemplate& model, int dropped_root, tinygltf::Model& out,
                                      std::vector<int>& tops);

// The Z-up to Y-up root (docs/formats/msh.md 13.2) over `children`, and the document's one scene
// holding it; returns the root's index.
int add_axis_root(tinygltf::Model& out, const std::string& name, std::vector<int> children);

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

// ---- gltf_export.cpp ----
// The first error of check_model, or gltf.model.kind for a terrain or 24-byte node table model.
Status refuse_broken(const msh::Model& model);

// ---- gltf_write.cpp ----
Result<ByteBuffer> serialize(const tinygltf::Model& model, Container container);

}  // namespace parkan::gltf::detail
