// glTF export: the drawn nodes with their names, still poses and parents, a mesh per node from the
// chosen slot, one primitive per batch (with the lightmap UVs of a lit batch), materials and images
// (docs/formats/msh.md 13, 2.2, 5.1).
#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "parkan/msh/codes.hpp"
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

// The glTF texture of an image: one per name and load flags (a texture and a lightmap may share
// none; two materials whose flags decode the texture differently get an image each).
struct TextureKey {
  bool lightmap = false;
  std::string name;
  std::uint32_t load_flags = 0;
  auto operator<=>(const TextureKey&) const = default;
};

class SceneBuilder {
 public:
  SceneBuilder(const SceneInput& input, MaterialChain& chain, tinygltf::Model& out, BufferBuilder& buffer)
      : in_(input), model_(input.model), chain_(chain), out_(out), buffer_(buffer),
        remap_(input.model.positions.size(), kUnmapped),
        level_(input.options.cockpit ? msh::kCockpitLevel : input.options.lod) {}

  Result<SceneStats> build();

 private:
  void choose_nodes();
  Status add_nodes();
  Result<int> add_mesh(std::size_t node, std::uint16_t slot_id);
  Result<int> material_for(const msh::Batch& batch, bool lit);
  Result<int> texture_for(const TextureKey& key, const texm::Image& image);
  void add_primitive(tinygltf::Mesh& mesh, const msh::Slot& slot, std::size_t batch_index,
                     std::size_t& triangle_cursor, const std::optional<texm::LoadedRect>& cell, bool lit);

  const SceneInput& in_;
  const msh::Model& model_;
  MaterialChain& chain_;
  tinygltf::Model& out_;
  BufferBuilder& buffer_;
  SceneStats stats_;
  std::vector<std::uint32_t> remap_;  // source vertex -> primitive vertex, kUnmapped between batches
  const std::size_t level_;           // the slot level exported: the LOD, or the cockpit's
  std::map<std::pair<std::uint8_t, std::uint8_t>, int> materials_;  // (WEAR row, lightmap row) -> material
  std::map<TextureKey, int> textures_;                             // -> glTF texture
};

Result<SceneStats> SceneBuilder::build() {
  choose_nodes();
  PARKAN_TRY(add_nodes());
  for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
    if (stats_.gltf_node[n] < 0) continue;
    const std::uint16_t slot_id = model_.nodes[n].slot(in_.options.state, level_);
    if (slot_id == msh::kNoSlot) continue;
    PARKAN_ASSIGN(int mesh, add_mesh(n, slot_id));
    if (mesh >= 0) out_.nodes[std::size_t(stats_.gltf_node[n])].mesh = mesh;
  }
  return std::move(stats_);
}

// Which nodes are exported (docs/formats/msh.md 13.1). Level 4 is the unit's own first-person view
// and a cockpit node (flag 0x20) has geometry there only (2.2, 2.3): the outside view leaves both
// out, with every node below a cockpit node; --cockpit keeps the cockpit nodes and the nodes with a
// level-4 slot, and their ancestors for the transforms. Parents precede children (checked).
void SceneBuilder::choose_nodes() {
  const std::size_t count = model_.nodes.size();
  std::vector<bool> keep(count, false);
  if (in_.options.cockpit) {
    for (std::size_t n = count; n-- > 0;) {
      const msh::Node& node = model_.nodes[n];
      if ((node.flags & msh::kNodeCockpit) || node.slot(in_.options.state, msh::kCockpitLevel) != msh::kNoSlot)
        keep[n] = true;
      if (keep[n] && node.parent != msh::kNoParent && node.parent < n) keep[node.parent] = true;
    }
  } else {
    std::vector<bool> cockpit(count, false);
    for (std::size_t n = 0; n < count; ++n) {
      const msh::Node& node = model_.nodes[n];
      cockpit[n] = (node.flags & msh::kNodeCockpit) || (node.parent != msh::kNoParent && node.parent < n &&
                                                        cockpit[node.parent]);
      keep[n] = !cockpit[n];
    }
  }
  stats_.gltf_node.assign(count, -1);
  int next = 0;
  for (std::size_t n = 0; n < count; ++n)
    if (keep[n]) stats_.gltf_node[n] = next++;
}

Status SceneBuilder::add_nodes() {
  const msh::AnimStreams& anim = in_.anim;
  const std::size_t exported = std::size_t(std::count_if(stats_.gltf_node.begin(), stats_.gltf_node.end(),
                                                         [](int g) { return g >= 0; }));
  out_.nodes.resize(exported + 1);
  const std::size_t root = exported;
  for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
    if (stats_.gltf_node[n] < 0) continue;
    const msh::Node& source = model_.nodes[n];
    tinygltf::Node& node = out_.nodes[std::size_t(stats_.gltf_node[n])];
    node.name = cp1251_to_utf8(model_.node_name(n));
    PARKAN_ASSIGN(std::uint32_t key_index, still_key(anim, std::uint32_t(n)));
    const msh::AnimKey still = anim.key(key_index);
    msh::NodePose pose;
    pose.quat = msh::decode_quat(still.quat_raw);
    pose.pos = still.pos;
    node.translation = translation_of(msh::pose_walk_local(std::uint32_t(n), source.parent, pose));
    std::array<double, 4> rotation = gltf_rotation(pose.quat);
    node.rotation.assign(rotation.begin(), rotation.end());
    tinygltf::Value::Object extras;
    extras["msh_node"] = int_value(n);
    extras["flags"] = int_value(source.flags);
    extras["still_key"] = int_value(key_index);
    extras["fallback_key"] = int_value(source.fallback_key);
    extras["anim_map_start"] = int_value(source.anim_map_start);
    if (const std::string prefix = model_.socket_prefix(n); !prefix.empty())
      extras["socket_prefix"] = text_value(prefix);
    node.extras = tinygltf::Value(std::move(extras));
    const std::size_t parent = source.parent == msh::kNoParent ? root : std::size_t(stats_.gltf_node[source.parent]);
    out_.nodes[parent].children.push_back(stats_.gltf_node[n]);
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
  mesh.name = out_.nodes[std::size_t(stats_.gltf_node[node])].name;
  std::size_t triangle_cursor = slot.tri_start;
  for (std::size_t b = slot.batch_start; b < std::size_t(slot.batch_start) + slot.batch_count; ++b) {
    const msh::Batch& batch = model_.batches[b];
    if (batch.index_count < 3) continue;
    // A lit batch (docs/formats/msh.md 5.1, 13.6): +5 names a LIGHTMAPS row, its UVs are type 18 (a lit
    // batch without them is refused before, msh.batch.lightmap_uv).
    const bool lit = batch.lightmap != msh::kBatchUnlit && !model_.lightmap_uv.empty();
    PARKAN_ASSIGN(int material, material_for(batch, lit));
    add_primitive(mesh, slot, b, triangle_cursor, chain_.resolve(batch.wear_row).cell, lit);
    mesh.primitives.back().material = material;
  }
  if (mesh.primitives.empty()) return -1;
  tinygltf::Value::Object extras;
  extras["slot"] = int_value(slot_id);
  extras["state"] = int_value(in_.options.state);
  extras["level"] = int_value(level_);
  mesh.extras = tinygltf::Value(std::move(extras));
  out_.meshes.push_back(std::move(mesh));
  return int(out_.meshes.size() - 1);
}

void SceneBuilder::add_primitive(tinygltf::Mesh& mesh, const msh::Slot& slot, std::size_t batch_index,
                                 std::size_t& triangle_cursor, const std::optional<texm::LoadedRect>& cell,
                                 bool lit) {
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
  std::vector<std::array<float, 2>> lightmap_uvs(lit ? sources.size() : 0);
  std::vector<bool> has_normal(sources.size(), false);
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const std::uint32_t s = sources[i];
    positions[i] = model_.positions[s];
    if (!model_.normals.empty())
      if (auto n = normalized(msh::decode_normal(model_.normals[s]))) normals[i] = *n, has_normal[i] = true;
    if (!uvs.empty()) {
      uvs[i] = msh::decode_uv(model_.uv0[s]);
      // The material's Page cell, baked in (docs/formats/msh.md 13.6): the batch's UVs span the cell.
      if (cell) uvs[i] = {cell->u0 + uvs[i][0] * cell->du, cell->v0 + uvs[i][1] * cell->dv};
    }
    if (lit) lightmap_uvs[i] = msh::decode_uv(model_.lightmap_uv[s]);
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
  if (lit) primitive.attributes["TEXCOORD_1"] = buffer_.add_vec2(lightmap_uvs, TINYGLTF_TARGET_ARRAY_BUFFER);
  primitive.indices = buffer_.add_indices(indices, std::uint32_t(sources.size()));
  tinygltf::Value::Object extras;
  extras["batch"] = int_value(batch_index);
  extras["word"] = int_value(batch.word);
  extras["wear_row"] = int_value(batch.wear_row);
  extras["lightmap"] = int_value(batch.lightmap);
  extras["room"] = int_value(batch.room);
  extras["vertex_count"] = int_value(batch.vertex_count);
  extras["winding_reversed"] = tinygltf::Value(reverse);
  primitive.extras = tinygltf::Value(std::move(extras));
  mesh.primitives.push_back(std::move(primitive));
  ++stats_.primitives;
  stats_.vertices += sources.size();
}

// The glTF material of a batch (docs/formats/msh.md 13.7): one per (WEAR row, lightmap row).
Result<int> SceneBuilder::material_for(const msh::Batch& batch, bool lit) {
  const std::uint8_t lightmap_row = lit ? batch.lightmap : msh::kBatchUnlit;
  auto key = std::make_pair(batch.wear_row, lightmap_row);
  if (auto found = materials_.find(key); found != materials_.end()) return found->second;
  const ResolvedMaterial& resolved = chain_.resolve(batch.wear_row);
  const ResolvedLightmap* lightmap = lit ? &chain_.lightmap(lightmap_row) : nullptr;

  tinygltf::Material m;
  m.name = !resolved.mat0_name.empty()   ? cp1251_to_utf8(resolved.mat0_name)
           : !resolved.wear_name.empty() ? cp1251_to_utf8(resolved.wear_name)
                                         : fmt::format("row{}", batch.wear_row);
  if (lightmap && !lightmap->name.empty()) m.name += " @ " + cp1251_to_utf8(lightmap->name);
  m.doubleSided = true;  // the engine draws every batch with culling off (docs/formats/msh.md 13.5)
  m.pbrMetallicRoughness.metallicFactor = 0.0;  // the engine's materials are not PBR: a matte dielectric
  m.pbrMetallicRoughness.roughnessFactor = 1.0;
  tinygltf::Value::Object extras;
  extras["wear_row"] = resolved.wear_row ? int_value(*resolved.wear_row) : tinygltf::Value();
  extras["wear_name"] = text_value(resolved.wear_name);
  extras["mat0"] = text_value(resolved.mat0_name);
  extras["match"] = tinygltf::Value(resolved.match);
  extras["phase"] = int_value(resolved.phase);
  if (resolved.mat) {
    const material::Mat0& mat = *resolved.mat;
    const material::RuntimeFlags flags = material::decode_runtime_flags(mat.attributes.attr1);
    // The still phase (docs/formats/mat0.md 4.1, 5): diffuse p4..p6 / 255 times the texture, ambient
    // alpha p3 * 0.01 as the opacity; ambient p0..p2 / 255 as the emissive colour of an unlit batch
    // (the device's emissive), with the texture, so that a glow shows without scene lights. A lit
    // batch's colour is the texture times its lightmap (docs/formats/msh.md 13.7): no emissive.
    const material::Phase& phase = mat.phases.empty() ? material::Phase{} : mat.phases[resolved.phase];
    const auto& p = phase.params;
    const double opacity = std::clamp(double(material::param_percent(p[3])), 0.0, 1.0);
    m.pbrMetallicRoughness.baseColorFactor = {double(material::param_unit(p[4])), double(material::param_unit(p[5])),
                                              double(material::param_unit(p[6])), opacity};
    if (!lit)
      m.emissiveFactor = {double(material::param_unit(p[0])), double(material::param_unit(p[1])),
                          double(material::param_unit(p[2]))};
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
  if (resolved.cell) {
    const texm::LoadedRect& c = *resolved.cell;
    tinygltf::Value::Array cell;
    for (float v : {c.u0, c.v0, c.du, c.dv}) cell.push_back(tinygltf::Value(double(v)));
    extras["page_cell"] = tinygltf::Value(std::move(cell));
  }
  if (lightmap) extras["lightmap"] = text_value(lightmap->name);
  m.extras = tinygltf::Value(std::move(extras));
  if (resolved.image) {
    PARKAN_ASSIGN(int texture, texture_for(TextureKey{false, resolved.texture_name, resolved.load_flags}, *resolved.image));
    m.pbrMetallicRoughness.baseColorTexture.index = texture;
    const bool glows = std::any_of(m.emissiveFactor.begin(), m.emissiveFactor.end(), [](double c) { return c > 0.0; });
    if (!lit && glows) m.emissiveTexture.index = texture;
  }
  if (lightmap && lightmap->image) {
    // The lightmap page on type 18 (docs/formats/msh.md 13.7): glTF has no light map slot; occlusion
    // (which multiplies, as the engine's second stage does) is the nearest, and the viewer draws it
    // as a light map.
    PARKAN_ASSIGN(int texture, texture_for(TextureKey{true, lightmap->name}, *lightmap->image));
    m.occlusionTexture.index = texture;
    m.occlusionTexture.texCoord = 1;
  }
  out_.materials.push_back(std::move(m));
  const int index = int(out_.materials.size() - 1);
  materials_.emplace(key, index);
  return index;
}

Result<int> SceneBuilder::texture_for(const TextureKey& key, const texm::Image& decoded) {
  if (auto found = textures_.find(key); found != textures_.end()) return found->second;
  auto png_bytes = in_.options.encode_png ? in_.options.encode_png(decoded) : png::encode(decoded, png::Effort::balanced);
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
  image.name = cp1251_to_utf8(key.name);
  image.mimeType = "image/png";
  if (in_.container == Container::glb) {
    image.bufferView = buffer_.add_view(*png_bytes);
  } else {
    image.uri = image_file_name(key.name, out_.images.size());
    stats_.images.push_back(ImageFile{image.uri, std::move(*png_bytes)});
  }
  out_.images.push_back(std::move(image));
  tinygltf::Texture texture;
  texture.source = int(out_.images.size() - 1);
  texture.sampler = 0;
  texture.name = cp1251_to_utf8(key.name);
  out_.textures.push_back(std::move(texture));
  const int index = int(out_.textures.size() - 1);
  textures_.emplace(key, index);
  return index;
}

}  // namespace

std::vector<double> translation_of(const msh::Mat4& local) { return {local[3], local[7], local[11]}; }

Result<std::uint32_t> still_key(const msh::AnimStreams& anim, std::uint32_t node) {
  const std::uint16_t start = anim.node_map_start(node);
  if (start == msh::kNoMap) {
    const std::uint16_t fallback = anim.node_fallback(node);
    if (fallback >= anim.key_count)
      return invalid_rule(msh::codes::kAnimNodeFallbackRange,
                          fmt::format("node {}: fallback key {} is past the {} keys", node, fallback, anim.key_count));
    return std::uint32_t(fallback);
  }
  if (start >= anim.word_count)
    return invalid_rule(msh::codes::kAnimNodeMapRange, fmt::format("node {}: frame map start {} is past the {} words of Res19",
                                                           node, start, anim.word_count));
  const std::uint16_t key = load_u16(anim.map.data() + std::size_t(start) * msh::kMapWordSize);
  if (key >= anim.key_count)
    return invalid_rule(msh::codes::kAnimMapNextKey, fmt::format("node {}: frame 0 maps to key {}, past the {} keys", node,
                                                         key, anim.key_count));
  return std::uint32_t(key);
}

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
