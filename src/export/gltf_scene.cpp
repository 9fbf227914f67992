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

constexpr msh::Mat4 kIdentityMatrix = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

msh::NodePose pose_of(const msh::AnimKey& key) {
  msh::NodePose pose;
  pose.quat = msh::decode_quat(key.quat_raw);
  pose.pos = key.pos;
  return pose;
}

class TemplateBuilder {
 public:
  TemplateBuilder(const SceneInput& input, MaterialChain& chain, DocumentMaterials& materials, tinygltf::Model& out,
                  BufferBuilder& buffer)
      : in_(input), model_(input.model), chain_(chain), materials_(materials), out_(out), buffer_(buffer),
        remap_(input.model.positions.size(), kUnmapped),
        level_(input.options.cockpit ? msh::kCockpitLevel : input.options.lod) {}

  Result<ModelTemplate> build();

 private:
  void choose_nodes();
  Status add_nodes();
  Result<int> add_mesh(std::size_t node, std::uint16_t slot_id);
  void add_primitive(tinygltf::Mesh& mesh, const msh::Slot& slot, std::size_t batch_index,
                     std::size_t& triangle_cursor, const std::optional<texm::LoadedRect>& cell, bool lit);

  const SceneInput& in_;
  const msh::Model& model_;
  MaterialChain& chain_;
  DocumentMaterials& materials_;
  tinygltf::Model& out_;
  BufferBuilder& buffer_;
  ModelTemplate result_;
  std::vector<std::uint32_t> remap_;  // source vertex -> primitive vertex, kUnmapped between batches
  const std::size_t level_;           // the slot level exported: the LOD, or the cockpit's
};

Result<ModelTemplate> TemplateBuilder::build() {
  result_.nodes.resize(model_.nodes.size());
  result_.path_nodes = model_.path_nodes;
  choose_nodes();
  PARKAN_TRY(add_nodes());
  for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
    if (!result_.nodes[n].kept) continue;
    const std::uint16_t slot_id = model_.nodes[n].slot(in_.options.state, level_);
    if (slot_id == msh::kNoSlot) continue;
    PARKAN_ASSIGN(int mesh, add_mesh(n, slot_id));
    result_.nodes[n].mesh = mesh;
  }
  return std::move(result_);
}

// Which nodes are exported (docs/formats/msh.md 13.1). Level 4 is the unit's own first-person view
// and a cockpit node (flag 0x20) has geometry there only (2.2, 2.3): the outside view leaves both
// out, with every node below a cockpit node; --cockpit keeps the cockpit nodes and the nodes with a
// level-4 slot, and their ancestors for the transforms. Parents precede children (checked).
void TemplateBuilder::choose_nodes() {
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
  for (std::size_t n = 0; n < count; ++n) result_.nodes[n].kept = keep[n];
}

Status TemplateBuilder::add_nodes() {
  const msh::AnimStreams& anim = in_.anim;
  for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
    ModelTemplate::NodeInfo& info = result_.nodes[n];
    const msh::Node& source = model_.nodes[n];
    info.parent = source.parent;
    info.local = kIdentityMatrix;  // a node left out whose pose does not sample
    auto key = still_key(anim, std::uint32_t(n));
    if (!info.kept) {
      if (key) info.local = msh::pose_walk_local(std::uint32_t(n), source.parent, pose_of(anim.key(*key)));
      continue;
    }
    info.name = cp1251_to_utf8(model_.node_name(n));
    if (!key) return std::move(key).error();
    const std::uint32_t key_index = *key;
    const msh::AnimKey still = anim.key(key_index);
    msh::NodePose pose;
    pose.quat = msh::decode_quat(still.quat_raw);
    pose.pos = still.pos;
    info.local = msh::pose_walk_local(std::uint32_t(n), source.parent, pose);
    info.translation = translation_of(info.local);
    info.rotation = gltf_rotation(pose.quat);
    tinygltf::Value::Object extras;
    extras["msh_node"] = int_value(n);
    extras["flags"] = int_value(source.flags);
    extras["still_key"] = int_value(key_index);
    extras["fallback_key"] = int_value(source.fallback_key);
    extras["anim_map_start"] = int_value(source.anim_map_start);
    if (const std::string prefix = model_.socket_prefix(n); !prefix.empty())
      extras["socket_prefix"] = text_value(prefix);
    info.extras = tinygltf::Value(std::move(extras));
  }
  return {};
}

Result<int> TemplateBuilder::add_mesh(std::size_t node, std::uint16_t slot_id) {
  const msh::Slot& slot = model_.slots[slot_id];
  tinygltf::Mesh mesh;
  mesh.name = result_.nodes[node].name;
  std::size_t triangle_cursor = slot.tri_start;
  for (std::size_t b = slot.batch_start; b < std::size_t(slot.batch_start) + slot.batch_count; ++b) {
    const msh::Batch& batch = model_.batches[b];
    if (batch.index_count < 3) continue;
    // A lit batch (docs/formats/msh.md 5.1, 13.6): +5 names a LIGHTMAPS row, its UVs are type 18 (a lit
    // batch without them is refused before, msh.batch.lightmap_uv).
    const bool lit = batch.lightmap != msh::kBatchUnlit && !model_.lightmap_uv.empty();
    PARKAN_ASSIGN(int material, materials_.batch_material(chain_, batch.wear_row, lit ? batch.lightmap : msh::kBatchUnlit, lit));
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

void TemplateBuilder::add_primitive(tinygltf::Mesh& mesh, const msh::Slot& slot, std::size_t batch_index,
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
  ++result_.primitives;
  result_.vertices += sources.size();
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

msh::Mat4 ModelTemplate::model_matrix(std::size_t n) const {
  msh::Mat4 m = nodes[n].local;
  for (std::size_t guard = 0; nodes[n].parent < n && guard < nodes.size(); ++guard) {
    n = nodes[n].parent;  // parents precede children (read_hierarchy): the walk ends
    m = msh::multiply(nodes[n].local, m);
  }
  return m;
}

Result<ModelTemplate> build_model_template(const SceneInput& input, MaterialChain& chain, DocumentMaterials& materials,
                                           tinygltf::Model& out, BufferBuilder& buffer) {
  TemplateBuilder builder(input, chain, materials, out, buffer);
  return builder.build();
}

std::vector<int> instantiate_template(const ModelTemplate& model, int dropped_root, tinygltf::Model& out,
                                      std::vector<int>& tops) {
  std::vector<int> gltf_node(model.nodes.size(), -1);
  for (std::size_t n = 0; n < model.nodes.size(); ++n) {
    const ModelTemplate::NodeInfo& info = model.nodes[n];
    if (!info.kept || int(n) == dropped_root) continue;
    tinygltf::Node node;
    node.name = info.name;
    node.translation = info.translation;
    node.rotation.assign(info.rotation.begin(), info.rotation.end());
    node.extras = info.extras;
    if (info.mesh >= 0) node.mesh = info.mesh;
    const int index = int(out.nodes.size());
    out.nodes.push_back(std::move(node));
    gltf_node[n] = index;
    if (info.parent < n && gltf_node[info.parent] >= 0)
      out.nodes[std::size_t(gltf_node[info.parent])].children.push_back(index);
    else
      tops.push_back(index);
  }
  return gltf_node;
}

int add_axis_root(tinygltf::Model& out, const std::string& name, std::vector<int> children) {
  // docs/formats/msh.md 13.2: Z-up to Y-up, a rotation of -90 degrees about X: (x, y, z) -> (x, z, -y).
  tinygltf::Node up;
  up.name = name;
  const double half = std::sqrt(0.5);
  up.rotation = {-half, 0.0, 0.0, half};
  up.children = std::move(children);
  out.nodes.push_back(std::move(up));
  const int root = int(out.nodes.size() - 1);
  tinygltf::Scene scene;
  scene.name = name;
  scene.nodes.push_back(root);
  out.scenes.push_back(std::move(scene));
  out.defaultScene = 0;
  return root;
}

Result<SceneStats> build_scene(const SceneInput& input, MaterialChain& chain, tinygltf::Model& out,
                               BufferBuilder& buffer) {
  DocumentMaterials materials(input.options, input.container, out, buffer);
  PARKAN_ASSIGN(ModelTemplate model, build_model_template(input, chain, materials, out, buffer));
  SceneStats stats;
  std::vector<int> tops;
  stats.gltf_node = instantiate_template(model, -1, out, tops);
  stats.primitives = model.primitives;
  stats.vertices = model.vertices;
  stats.images = materials.take_images();
  add_axis_root(out, input.root_name, std::move(tops));
  return stats;
}

}  // namespace parkan::gltf::detail
