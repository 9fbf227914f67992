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

// ---- gltf_material_chain.cpp: batch material index -> WEAR row -> MAT0 -> phase 0 -> Texm ----
struct ResolvedMaterial {
  std::optional<std::size_t> wear_row;  // the batch's row when the table has it
  std::string wear_name;                // that row's material name (cp1251)
  std::string mat0_name;                // the MAT0 entry used (cp1251); empty: none
  std::string match;                    // "exact", "default", "first", "none"
  std::optional<material::Mat0> mat;
  std::string texture_name;             // phase 0 texture (cp1251); empty: untextured
  std::optional<texm::Image> image;     // the texture decoded (level 0, its own palette)
};

class MaterialChain {
 public:
  MaterialChain(const Source& source, std::vector<Diagnostic>& warnings);
  // The material of a batch's `material` word, resolved once per row.
  const ResolvedMaterial& resolve(std::uint16_t batch_material);

 private:
  void warn(std::string code, std::string message);
  ResolvedMaterial resolve_uncached(std::uint16_t batch_material);
  void load_texture(ResolvedMaterial& resolved);

  const Source& source_;
  std::vector<Diagnostic>& warnings_;
  std::optional<std::vector<std::string>> wear_names_;  // the WEAR material rows
  std::shared_ptr<const resource::Archive> materials_, textures_;
  std::map<std::uint16_t, ResolvedMaterial> cache_;
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
  std::size_t primitives = 0, vertices = 0;
  std::vector<ImageFile> images;  // PNGs for a .gltf
};
// Fills `out` (nodes 0..n-1 are the model's nodes, node n the root). Errors: a sampler error of a
// rest pose, a PNG that cannot be encoded.
Result<SceneStats> build_scene(const SceneInput& input, MaterialChain& chain, tinygltf::Model& out,
                               BufferBuilder& buffer);

// glTF rotation [x, y, z, w] of the engine's node matrix: conj(q) of q = [w, x, y, z], normalized
// (identity for a zero quaternion), docs/formats/msh.md 7.3.
std::array<double, 4> gltf_rotation(const msh::Quat& q);

// ---- gltf_animation.cpp ----
// One animation sampling every node with a frame map at frames 0 .. frame_count - 1; returns the
// number of animated nodes. Errors: the sampler's.
Result<std::size_t> build_animation(const msh::AnimStreams& anim, const Options& options, tinygltf::Model& out,
                                    BufferBuilder& buffer);

// ---- gltf_write.cpp ----
Result<ByteBuffer> serialize(const tinygltf::Model& model, Container container);

}  // namespace parkan::gltf::detail
