// glTF export: nodes with their rest poses and parents, a mesh per node from the chosen slot, one
// primitive per batch, materials and images (docs/formats/msh.md 7.3, "glTF export:
// axes, winding, normals", "Batch material", "MSH node slots").
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "export/gltf_internal.hpp"
#include "parkan/core/text.hpp"
#include "parkan/export/png.hpp"
#include "parkan/material/phase_record.hpp"
#include "parkan/material/pipeline.hpp"
#include "parkan/msh/math.hpp"

namespace parkan::gltf::detail {

namespace {

using msh::Vec3;
constexpr std::uint32_t kUnmapped = std::numeric_limits<std::uint32_t>::max();

Vec3 sub(const Vec3& a, const Vec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
float dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
// The unit vector, or nullopt for a zero (or non-finite) one.
std::optional<Vec3> normalized(const Vec3& v) {
  const float length = std::sqrt(dot(v, v));
  if (!(length > 0.0f) || !std::isfinite(length)) return std::nullopt;
  return Vec3{v[0] / length, v[1] / length, v[2] / length};
}

tinygltf::Value int_value(std::uint64_t v) { return tinygltf::Value(int(v)); }
tinygltf::Value text_value(std::string_view cp1251) { return tinygltf::Value(cp1251_to_utf8(cp1251)); }
template <class Container>
tinygltf::Value int_array(const Container& values) {
  tinygltf::Value::Array array;
  for (auto v : values) array.push_back(tinygltf::Value(int(v)));
  return tinygltf::Value(std::move(array));
}

// A file name beside the .gltf: ASCII letters, digits, '.', '-', '_' (a URI needs no escaping).
std::string image_file_name(std::string_view texture, std::size_t index) {
  std::string name;
  for (char c : texture) {
    const auto u = static_cast<unsigned char>(c);
    const bool plain = (u >= '0' && u <= '9') || (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || c == '.' ||
                       c == '-' || c == '_';
    name += plain ? c : '_';
  }
  return fmt::format("{}_{}.png", name.empty() ? "texture" : name, index);
}

bool alpha_is_binary(const texm::Image& image) {
  for (std::size_t i = 3; i < image.rgba.size(); i += 4)
    if (image.rgba[i] != 0 && image.rgba[i] != 255) return false;
  return true;
}
bool alpha_is_opaque(const texm::Image& image) {
  for (std::size_t i = 3; i < image.rgba.size(); i += 4)
    if (image.rgba[i] != 255) return false;
  return true;
}

// glTF alphaMode from the pipeline category (docs/formats/mat0.md 2.3): 0 draws
// without blending; 1 blends with alpha and alpha-tests (MASK when the texture's alpha is only 0 and
// 255, where the test decides alone); 2..4 blend (additive, multiplicative: BLEND is the nearest);
// 5..15 leave the state unchanged (OPAQUE).
std::string alpha_mode(std::uint32_t category, const std::optional<texm::Image>& image) {
  if (category == 1) {
    if (image && alpha_is_opaque(*image)) return "OPAQUE";
    if (image && alpha_is_binary(*image)) return "MASK";
    return "BLEND";
  }
  if (category >= 2 && category <= 4) return "BLEND";
  return "OPAQUE";
}

class SceneBuilder {
 public:
  SceneBuilder(const SceneInput& input, MaterialChain& chain, tinygltf::Model& out, BufferBuilder& buffer)
      : in_(input), model_(input.model), chain_(chain), out_(out), buffer_(buffer),
        remap_(input.model.positions.size(), kUnmapped) {}

  Result<SceneStats> build();

 private:
  Status add_nodes();
  Result<int> add_mesh(std::size_t node, std::uint16_t slot_id);
  Result<int> material_for(const msh::Batch& batch);
  Result<int> image_for(const ResolvedMaterial& resolved);
  void add_primitive(tinygltf::Mesh& mesh, const msh::Slot& slot, std::size_t batch_index,
                     std::size_t& triangle_cursor);

  const SceneInput& in_;
  const msh::Model& model_;
  MaterialChain& chain_;
  tinygltf::Model& out_;
  BufferBuilder& buffer_;
  SceneStats stats_;
  std::vector<std::uint32_t> remap_;  // source vertex -> primitive vertex, kUnmapped between batches
  std::map<std::pair<std::uint16_t, bool>, int> materials_;  // (WEAR row, two-sided) -> glTF material
  std::map<std::string, int> textures_;                      // texture name -> glTF texture
};

Result<SceneStats> SceneBuilder::build() {
  PARKAN_TRY(add_nodes());
  for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
    const std::uint16_t slot_id = model_.nodes[n].slot(in_.options.state, in_.options.lod);
    if (slot_id == msh::kNoSlot) continue;
    PARKAN_ASSIGN(int mesh, add_mesh(n, slot_id));
    if (mesh >= 0) out_.nodes[n].mesh = mesh;
  }
  return std::move(stats_);
}

Status SceneBuilder::add_nodes() {
  const msh::AnimStreams& anim = in_.anim;
  out_.nodes.resize(model_.nodes.size() + 1);
  const std::size_t root = model_.nodes.size();
  for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
    const msh::Node& source = model_.nodes[n];
    tinygltf::Node& node = out_.nodes[n];
    node.name = cp1251_to_utf8(model_.node_name(n));
    if (source.fallback_key >= anim.key_count)
      return invalid_rule("anim.node.fallback_range",
                          fmt::format("node {}: fallback key {} is past the {} keys", n, source.fallback_key,
                                      anim.key_count));
    const msh::AnimKey rest = anim.key(source.fallback_key);  // docs/formats/msh.md 7: the rest pose
    node.translation = {rest.pos[0], rest.pos[1], rest.pos[2]};
    std::array<double, 4> rotation = gltf_rotation(msh::decode_quat(rest.quat_raw));
    node.rotation.assign(rotation.begin(), rotation.end());
    tinygltf::Value::Object extras;
    extras["msh_node"] = int_value(n);
    extras["flags"] = int_value(source.flags);
    extras["fallback_key"] = int_value(source.fallback_key);
    extras["anim_map_start"] = int_value(source.anim_map_start);
    if (n < model_.node_strings.size() && model_.node_strings[n].present)
      extras["string"] = text_value(model_.node_strings[n].text);
    node.extras = tinygltf::Value(std::move(extras));
    const std::size_t parent = source.parent == msh::kNoParent ? root : source.parent;
    out_.nodes[parent].children.push_back(int(n));
  }
  // docs/formats/msh.md 13.2: Z-up to Y-up, a rotation of -90 degrees about X: (x, y, z) -> (x, z, -y).
  tinygltf::Node& up = out_.nodes[root];
  up.name = in_.root_name;
  const double half = std::sqrt(0.5);
  up.rotation = {-half, 0.0, 0.0, half};
  tinygltf::Scene scene;
  scene.name = in_.root_name;
  scene.nodes.push_back(int(root));
  out_.scenes.push_back(std::move(scene));
  out_.defaultScene = 0;
  return {};
}

Result<int> SceneBuilder::add_mesh(std::size_t node, std::uint16_t slot_id) {
  const msh::Slot& slot = model_.slots[slot_id];
  tinygltf::Mesh mesh;
  mesh.name = out_.nodes[node].name;
  std::size_t triangle_cursor = slot.tri_start;
  for (std::size_t b = slot.batch_start; b < std::size_t(slot.batch_start) + slot.batch_count; ++b) {
    const msh::Batch& batch = model_.batches[b];
    if (batch.index_count < 3) continue;
    PARKAN_ASSIGN(int material, material_for(batch));
    add_primitive(mesh, slot, b, triangle_cursor);
    mesh.primitives.back().material = material;
  }
  if (mesh.primitives.empty()) return -1;
  tinygltf::Value::Object extras;
  extras["slot"] = int_value(slot_id);
  extras["state"] = int_value(in_.options.state);
  extras["lod"] = int_value(in_.options.lod);
  mesh.extras = tinygltf::Value(std::move(extras));
  out_.meshes.push_back(std::move(mesh));
  return int(out_.meshes.size() - 1);
}

void SceneBuilder::add_primitive(tinygltf::Mesh& mesh, const msh::Slot& slot, std::size_t batch_index,
                                 std::size_t& triangle_cursor) {
  const msh::Batch& batch = model_.batches[batch_index];
  const std::size_t triangles = batch.index_count / 3;
  const std::size_t slot_end = std::size_t(slot.tri_start) + slot.tri_count;
  std::vector<std::uint32_t> sources;  // primitive vertex -> source vertex
  std::vector<std::uint32_t> indices;
  indices.reserve(triangles * 3);
  std::size_t agree = 0, disagree = 0;
  for (std::size_t t = 0; t < triangles; ++t, ++triangle_cursor) {
    std::array<std::uint32_t, 3> v{};
    for (std::size_t k = 0; k < 3; ++k) {
      v[k] = batch.base_vertex + model_.indices[batch.index_start + 3 * t + k];
      if (remap_[v[k]] == kUnmapped) {
        remap_[v[k]] = std::uint32_t(sources.size());
        sources.push_back(v[k]);
      }
      indices.push_back(remap_[v[k]]);
    }
    // Winding vote (docs/formats/msh.md 13.5): the geometric normal against the stored vertex normals, or the
    // triangle descriptor's face normal when those are zero.
    const Vec3 geometric = cross(sub(model_.positions[v[1]], model_.positions[v[0]]),
                                 sub(model_.positions[v[2]], model_.positions[v[0]]));
    Vec3 stored{};
    if (!model_.normals.empty())
      for (std::uint32_t s : v) {
        const Vec3 n = msh::decode_normal(model_.normals[s]);
        stored = {stored[0] + n[0], stored[1] + n[1], stored[2] + n[2]};
      }
    if (dot(stored, stored) == 0.0f && triangle_cursor < slot_end && triangle_cursor < model_.triangles.size()) {
      const auto& face = model_.triangles[triangle_cursor].normal;
      stored = {float(face[0]), float(face[1]), float(face[2])};
    }
    const float d = dot(stored, geometric);
    if (d > 0.0f) ++agree;
    if (d < 0.0f) ++disagree;
  }
  const bool reverse = disagree > agree;
  if (reverse)
    for (std::size_t t = 0; t < triangles; ++t) std::swap(indices[3 * t + 1], indices[3 * t + 2]);

  std::vector<Vec3> positions(sources.size()), normals(sources.size());
  std::vector<std::array<float, 2>> uvs(model_.uv0.empty() ? 0 : sources.size());
  std::vector<bool> has_normal(sources.size(), false);
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const std::uint32_t s = sources[i];
    positions[i] = model_.positions[s];
    if (!model_.normals.empty())
      if (auto n = normalized(msh::decode_normal(model_.normals[s]))) normals[i] = *n, has_normal[i] = true;
    if (!uvs.empty()) uvs[i] = msh::decode_uv(model_.uv0[s]);
    remap_[s] = kUnmapped;
  }
  // A zero normal gets the face normal (of the first triangle, in the written winding, that uses it).
  for (std::size_t t = 0; t < triangles; ++t) {
    const std::uint32_t* tri = &indices[3 * t];
    bool needed = false;
    for (std::size_t k = 0; k < 3; ++k) needed = needed || !has_normal[tri[k]];
    if (!needed) continue;
    const Vec3 face = normalized(cross(sub(positions[tri[1]], positions[tri[0]]),
                                       sub(positions[tri[2]], positions[tri[0]])))
                          .value_or(Vec3{0.0f, 0.0f, 1.0f});
    for (std::size_t k = 0; k < 3; ++k)
      if (!has_normal[tri[k]]) normals[tri[k]] = face, has_normal[tri[k]] = true;
  }

  tinygltf::Primitive primitive;
  primitive.mode = TINYGLTF_MODE_TRIANGLES;
  primitive.attributes["POSITION"] = buffer_.add_vec3(positions, TINYGLTF_TARGET_ARRAY_BUFFER);
  primitive.attributes["NORMAL"] = buffer_.add_vec3(normals, TINYGLTF_TARGET_ARRAY_BUFFER);
  if (!uvs.empty()) primitive.attributes["TEXCOORD_0"] = buffer_.add_vec2(uvs, TINYGLTF_TARGET_ARRAY_BUFFER);
  primitive.indices = buffer_.add_indices(indices, std::uint32_t(sources.size()));
  tinygltf::Value::Object extras;
  extras["batch"] = int_value(batch_index);
  extras["flags"] = int_value(batch.flags);
  extras["material_row"] = int_value(batch.material);
  extras["w04"] = int_value(batch.w04);
  extras["w06"] = int_value(batch.w06);
  extras["w0E"] = int_value(batch.w0E);
  extras["winding_reversed"] = tinygltf::Value(reverse);
  primitive.extras = tinygltf::Value(std::move(extras));
  mesh.primitives.push_back(std::move(primitive));
  ++stats_.primitives;
  stats_.vertices += sources.size();
}

Result<int> SceneBuilder::material_for(const msh::Batch& batch) {
  const bool two_sided = (batch.flags & msh::kBatchTwoSided) != 0;
  auto key = std::make_pair(batch.material, two_sided);
  if (auto found = materials_.find(key); found != materials_.end()) return found->second;
  const ResolvedMaterial& resolved = chain_.resolve(batch.material);

  tinygltf::Material m;
  m.name = !resolved.mat0_name.empty()   ? cp1251_to_utf8(resolved.mat0_name)
           : !resolved.wear_name.empty() ? cp1251_to_utf8(resolved.wear_name)
                                         : fmt::format("row{}", batch.material);
  m.doubleSided = two_sided;
  m.pbrMetallicRoughness.metallicFactor = 0.0;  // the engine's materials are not PBR: a matte dielectric
  m.pbrMetallicRoughness.roughnessFactor = 1.0;
  tinygltf::Value::Object extras;
  extras["wear_row"] = resolved.wear_row ? int_value(*resolved.wear_row) : tinygltf::Value();
  extras["wear_name"] = text_value(resolved.wear_name);
  extras["mat0"] = text_value(resolved.mat0_name);
  extras["match"] = tinygltf::Value(resolved.match);
  if (resolved.mat) {
    const material::Mat0& mat = *resolved.mat;
    const material::RuntimeFlags flags = material::decode_runtime_flags(mat.attributes.attr1);
    // Phase 0 (docs/formats/mat0.md 4.3): diffuse p4..p6 / 255 times the texture, opacity p3 * 0.01.
    const material::Phase& phase = mat.phases.empty() ? material::Phase{} : mat.phases[0];
    const auto& p = phase.params;
    const double opacity = std::clamp(double(material::param_percent(p[3])), 0.0, 1.0);
    m.pbrMetallicRoughness.baseColorFactor = {double(material::param_unit(p[4])), double(material::param_unit(p[5])),
                                              double(material::param_unit(p[6])), opacity};
    m.alphaMode = alpha_mode(flags.category, resolved.image);
    extras["attr1"] = int_value(mat.attributes.attr1);
    extras["attr2"] = int_value(mat.attributes.attr2);
    extras["category"] = int_value(flags.category);
    if (auto pipeline = material::pipeline_category(flags.category)) {
      tinygltf::Value::Object state;
      state["blending"] = tinygltf::Value(pipeline->blending);
      state["src"] = tinygltf::Value(std::string(material::blend_factor_name(pipeline->src)));
      state["dst"] = tinygltf::Value(std::string(material::blend_factor_name(pipeline->dst)));
      state["alpha_test"] = tinygltf::Value(pipeline->alpha_test);
      extras["pipeline"] = tinygltf::Value(std::move(state));
    }
    extras["meta"] = int_array(std::array<std::uint32_t, 4>{mat.meta_a, mat.meta_b, mat.meta_c, mat.meta_d});
    tinygltf::Value::Array phases;
    for (const material::Phase& each : mat.phases) {
      tinygltf::Value::Object entry;
      entry["params"] = int_array(each.params);
      entry["texture"] = text_value(each.texture_name());
      phases.push_back(tinygltf::Value(std::move(entry)));
    }
    extras["phases"] = tinygltf::Value(std::move(phases));
    tinygltf::Value::Array blocks;
    for (const material::AnimBlock& block : mat.blocks) {
      tinygltf::Value::Object entry;
      entry["header"] = int_value(block.header_raw);
      tinygltf::Value::Array keys;
      for (const material::Key& k : block.keys) keys.push_back(int_array(std::array{k.phase, k.end_time, k.k2}));
      entry["keys"] = tinygltf::Value(std::move(keys));
      blocks.push_back(tinygltf::Value(std::move(entry)));
    }
    extras["animation_blocks"] = tinygltf::Value(std::move(blocks));
  }
  extras["texture"] = text_value(resolved.texture_name);
  m.extras = tinygltf::Value(std::move(extras));
  if (resolved.image) {
    PARKAN_ASSIGN(int texture, image_for(resolved));
    m.pbrMetallicRoughness.baseColorTexture.index = texture;
  }
  out_.materials.push_back(std::move(m));
  const int index = int(out_.materials.size() - 1);
  materials_.emplace(key, index);
  return index;
}

Result<int> SceneBuilder::image_for(const ResolvedMaterial& resolved) {
  if (auto found = textures_.find(resolved.texture_name); found != textures_.end()) return found->second;
  auto png_bytes = in_.options.encode_png ? in_.options.encode_png(*resolved.image) : png::encode(*resolved.image);
  if (!png_bytes) return std::move(png_bytes).error();
  if (out_.samplers.empty()) {
    tinygltf::Sampler sampler;  // UVs tile (docs/formats/msh.md 4: about -32..+32)
    sampler.wrapS = TINYGLTF_TEXTURE_WRAP_REPEAT;
    sampler.wrapT = TINYGLTF_TEXTURE_WRAP_REPEAT;
    sampler.magFilter = TINYGLTF_TEXTURE_FILTER_LINEAR;
    sampler.minFilter = TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR;
    out_.samplers.push_back(sampler);
  }
  tinygltf::Image image;
  image.name = cp1251_to_utf8(resolved.texture_name);
  image.mimeType = "image/png";
  if (in_.container == Container::glb) {
    image.bufferView = buffer_.add_view(*png_bytes);
  } else {
    image.uri = image_file_name(resolved.texture_name, out_.images.size());
    stats_.images.push_back(ImageFile{image.uri, std::move(*png_bytes)});
  }
  out_.images.push_back(std::move(image));
  tinygltf::Texture texture;
  texture.source = int(out_.images.size() - 1);
  texture.sampler = 0;
  texture.name = cp1251_to_utf8(resolved.texture_name);
  out_.textures.push_back(std::move(texture));
  const int index = int(out_.textures.size() - 1);
  textures_.emplace(resolved.texture_name, index);
  return index;
}

}  // namespace

std::array<double, 4> gltf_rotation(const msh::Quat& q) {
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  const double length = std::sqrt(w * w + x * x + y * y + z * z);
  if (!(length > 0.0) || !std::isfinite(length)) return {0.0, 0.0, 0.0, 1.0};
  return {-x / length, -y / length, -z / length, w / length};  // conj(q), glTF order x, y, z, w
}

Result<SceneStats> build_scene(const SceneInput& input, MaterialChain& chain, tinygltf::Model& out,
                               BufferBuilder& buffer) {
  SceneBuilder builder(input, chain, out, buffer);
  return builder.build();
}

}  // namespace parkan::gltf::detail
