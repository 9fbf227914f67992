// A glTF scene to an msh::BuildModel (include/parkan/import/gltf.hpp; docs/import.md 2-3).
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "import/gltf_accessor.hpp"
#include "import/gltf_channels.hpp"
#include "import/gltf_document.hpp"
#include "parkan/core/text.hpp"
#include "parkan/import/codes.hpp"
#include "parkan/msh/math.hpp"

namespace parkan::importer {

namespace {

using detail::read_indices;
using detail::read_vectors;
using Vec3d = std::array<double, 3>;
using Mat3d = std::array<double, 9>;  // row-major

constexpr Mat3d kIdentity = {1, 0, 0, 0, 1, 0, 0, 0, 1};
// glTF's Y-up to the game's Z-up, the inverse of the export's root (docs/formats/msh.md 13.2):
// (x, y, z) -> (x, -z, y).
constexpr Mat3d kYUpToZUp = {1, 0, 0, 0, 0, -1, 0, 1, 0};
constexpr std::size_t kMaxBatchVertices = 0xFFFF;
// The largest stored UV coordinate: u16 / 1024 (docs/formats/msh.md 4.3).
constexpr double kMaxUv = 65535.0 / 1024.0;
// How far a node's local pose may wander (rotation matrix cells, translation relative to its size)
// and still be a node that does not move.
constexpr double kStillTolerance = 1e-6;
// How far from orthogonal a node's scaled axes may be before its frame counts as sheared.
constexpr double kShearTolerance = 1e-4;

Mat3d mul(const Mat3d& a, const Mat3d& b) {
  Mat3d r{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) r[i * 3 + j] += a[i * 3 + k] * b[k * 3 + j];
  return r;
}
Mat3d transpose(const Mat3d& a) { return {a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]}; }
Vec3d mat_vec(const Mat3d& m, const Vec3d& v) {
  return {m[0] * v[0] + m[1] * v[1] + m[2] * v[2], m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
          m[6] * v[0] + m[7] * v[1] + m[8] * v[2]};
}
Vec3d add(const Vec3d& a, const Vec3d& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
Vec3d sub(const Vec3d& a, const Vec3d& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
double dot(const Vec3d& a, const Vec3d& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
double det(const Mat3d& m) {
  return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
}

// x, y, z, w (glTF order), a unit Hamilton quaternion, to its rotation matrix.
Mat3d rotation_matrix(double x, double y, double z, double w) {
  const double n = std::sqrt(x * x + y * y + z * z + w * w);
  if (n > 0) x /= n, y /= n, z /= n, w /= n;
  return {1 - 2 * (y * y + z * z), 2 * (x * y - z * w),     2 * (x * z + y * w),
          2 * (x * y + z * w),     1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
          2 * (x * z - y * w),     2 * (y * z + x * w),     1 - 2 * (x * x + y * y)};
}

// A rotation matrix to [w, x, y, z] with w >= 0 (Shepperd's method).
std::array<double, 4> quaternion_of(const Mat3d& m) {
  const double trace = m[0] + m[4] + m[8];
  std::array<double, 4> q;
  if (trace > 0) {
    const double s = std::sqrt(trace + 1.0) * 2;
    q = {0.25 * s, (m[7] - m[5]) / s, (m[2] - m[6]) / s, (m[3] - m[1]) / s};
  } else if (m[0] > m[4] && m[0] > m[8]) {
    const double s = std::sqrt(1.0 + m[0] - m[4] - m[8]) * 2;
    q = {(m[7] - m[5]) / s, 0.25 * s, (m[1] + m[3]) / s, (m[2] + m[6]) / s};
  } else if (m[4] > m[8]) {
    const double s = std::sqrt(1.0 + m[4] - m[0] - m[8]) * 2;
    q = {(m[2] - m[6]) / s, (m[1] + m[3]) / s, 0.25 * s, (m[5] + m[7]) / s};
  } else {
    const double s = std::sqrt(1.0 + m[8] - m[0] - m[4]) * 2;
    q = {(m[3] - m[1]) / s, (m[2] + m[6]) / s, (m[5] + m[7]) / s, 0.25 * s};
  }
  if (q[0] < 0) q = {-q[0], -q[1], -q[2], -q[3]};
  return q;
}

struct Affine {
  Mat3d m = kIdentity;
  Vec3d t{};
};
Affine compose(const Affine& a, const Affine& b) { return {mul(a.m, b.m), add(mat_vec(a.m, b.t), a.t)}; }

Affine local_of(const tinygltf::Node& node) {
  Affine a;
  if (node.matrix.size() == 16) {  // column-major
    const std::vector<double>& c = node.matrix;
    a.m = {c[0], c[4], c[8], c[1], c[5], c[9], c[2], c[6], c[10]};
    a.t = {c[12], c[13], c[14]};
    return a;
  }
  Mat3d r = kIdentity;
  if (node.rotation.size() == 4) r = rotation_matrix(node.rotation[0], node.rotation[1], node.rotation[2], node.rotation[3]);
  Vec3d s{1, 1, 1};
  if (node.scale.size() == 3) s = {node.scale[0], node.scale[1], node.scale[2]};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) a.m[i * 3 + j] = r[i * 3 + j] * s[j];
  if (node.translation.size() == 3) a.t = {node.translation[0], node.translation[1], node.translation[2]};
  return a;
}

detail::Trs trs_of(const tinygltf::Node& node) {
  detail::Trs trs;
  if (node.translation.size() == 3) trs.t = {node.translation[0], node.translation[1], node.translation[2]};
  if (node.rotation.size() == 4) trs.r = {node.rotation[0], node.rotation[1], node.rotation[2], node.rotation[3]};
  if (node.scale.size() == 3) trs.s = {node.scale[0], node.scale[1], node.scale[2]};
  return trs;
}

Affine affine_of(const detail::Trs& trs) {
  Affine a;
  const Mat3d r = rotation_matrix(trs.r[0], trs.r[1], trs.r[2], trs.r[3]);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) a.m[i * 3 + j] = r[i * 3 + j] * trs.s[j];
  a.t = trs.t;
  return a;
}

// The export's root (docs/formats/msh.md 13.2): no mesh, no translation or scale, a rotation of -90
// degrees about X. Below it the nodes are already in the game's Z-up frame.
bool is_axis_root(const tinygltf::Node& node) {
  if (node.mesh >= 0 || node.children.empty()) return false;
  const Affine a = local_of(node);
  const Mat3d expected = transpose(kYUpToZUp);
  for (int i = 0; i < 9; ++i)
    if (std::fabs(a.m[i] - expected[i]) > 1e-6) return false;
  return std::fabs(a.t[0]) < 1e-9 && std::fabs(a.t[1]) < 1e-9 && std::fabs(a.t[2]) < 1e-9;
}

// A node's place in the game's frame: a rigid frame (rotation, translation) and the shape K that
// takes a vertex of the node's glTF mesh into that frame (axis change and scale; docs/import.md 2).
struct Frame {
  Mat3d rotation = kIdentity;
  Vec3d translation{};
  Mat3d shape = kIdentity;
  Mat3d normal_shape = kIdentity;  // K^-T
  bool mirrored = false;           // det K < 0: triangle order reversed
};

struct Primary {  // an MSH node
  int gltf = -1;
  std::uint16_t parent = msh::kNoParent;
  Frame frame;
  msh::BuildNode node;
};

class SceneImporter {
 public:
  SceneImporter(const LoadedGltf& document, const SceneOptions& options)
      : doc_(document), model_(document.model), options_(options) {}

  Result<ImportedScene> run();

 private:
  Result<Frame> frame_of(int node, const Affine& world) const;
  Status visit(int node, const Affine& parent_world, std::uint16_t msh_parent, int depth);
  Status add_mesh(int gltf_node, const Frame& frame, std::size_t msh_node, std::size_t stage, std::size_t level);
  Status add_primitive(const tinygltf::Primitive& primitive, const std::string& what, const Frame& source,
                       const Frame& target, std::vector<msh::BuildBatch>& slot);
  Result<std::uint8_t> row_for(int material, bool lightmapped);
  void keep_file_order();
  Result<int> chosen_animation() const;
  Affine world_at(int node, const detail::Channels& channels, double time) const;
  Status sample_animation(const detail::Channels& channels);
  Result<msh::AnimKey> key_of(const Frame& parent, const Frame& node, float time) const;
  void warn(const char* code, std::string message) {
    scene_.warnings.push_back(Diagnostic{code, Severity::warning, Location{doc_.file_name, {}, {}}, std::move(message)});
  }
  std::string node_label(int node) const {
    const std::string& name = model_.nodes[static_cast<std::size_t>(node)].name;
    return name.empty() ? fmt::format("node {}", node) : fmt::format("node {} \"{}\"", node, name);
  }

  const LoadedGltf& doc_;
  const tinygltf::Model& model_;
  const SceneOptions& options_;
  Mat3d axis_ = kYUpToZUp;
  std::vector<int> parent_of_;  // glTF node -> glTF parent in the imported hierarchy, -1 for a root
  ImportedScene scene_;
  std::vector<Primary> primaries_;
  struct Deferred {  // a _LOD / _STAGE node, filled after every primary node is known
    int gltf = -1;
    Affine world;
    SlotName slot;
  };
  std::vector<Deferred> deferred_;
  std::map<std::pair<int, bool>, std::uint8_t> rows_;
};

Result<Frame> SceneImporter::frame_of(int node, const Affine& world) const {
  // Columns of the world's linear part: the node's axes, scaled.
  std::array<Vec3d, 3> axis;
  Vec3d scale;
  for (int j = 0; j < 3; ++j) {
    axis[j] = {world.m[j], world.m[3 + j], world.m[6 + j]};
    scale[j] = std::sqrt(dot(axis[j], axis[j]));
    if (!(scale[j] > 0) || !std::isfinite(scale[j]))
      return invalid_rule(codes::kGltfShear, fmt::format("{}: a zero or non-finite scale", node_label(node)));
  }
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j)
      if (std::fabs(dot(axis[i], axis[j])) / (scale[i] * scale[j]) > kShearTolerance)
        return invalid_rule(codes::kGltfShear,
                            fmt::format("{}: non-uniform scale under rotation shears its frame (bake the scale in "
                                        "Blender: Apply > Scale)",
                                        node_label(node)));
  Mat3d rotation{};
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) rotation[i * 3 + j] = axis[j][i] / scale[j];
  if (det(rotation) < 0) {  // a mirror: the rotation keeps +1, the scale takes the sign
    scale[0] = -scale[0];
    for (int i = 0; i < 3; ++i) rotation[i * 3] = -rotation[i * 3];
  }
  Frame f;
  f.rotation = mul(mul(axis_, rotation), transpose(axis_));
  f.translation = mat_vec(axis_, world.t);
  Mat3d s{scale[0], 0, 0, 0, scale[1], 0, 0, 0, scale[2]};
  Mat3d s_inv{1 / scale[0], 0, 0, 0, 1 / scale[1], 0, 0, 0, 1 / scale[2]};
  f.shape = mul(axis_, s);
  f.normal_shape = mul(axis_, s_inv);
  f.mirrored = det(s) < 0;
  return f;
}

// The nodes in the order the file lists them when every parent still comes before its children (so
// that a model parkan exported comes back with its node indices), else in the order they were
// visited (depth first).
void SceneImporter::keep_file_order() {
  std::vector<std::size_t> order(primaries_.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return primaries_[a].gltf < primaries_[b].gltf; });
  std::vector<std::size_t> position(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) position[order[i]] = i;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::uint16_t parent = primaries_[order[i]].parent;
    if (parent != msh::kNoParent && position[parent] >= i) return;
  }
  std::vector<Primary> sorted;
  sorted.reserve(order.size());
  for (std::size_t i : order) {
    Primary p = std::move(primaries_[i]);
    if (p.parent != msh::kNoParent) p.parent = static_cast<std::uint16_t>(position[p.parent]);
    p.node.parent = p.parent;
    sorted.push_back(std::move(p));
  }
  primaries_ = std::move(sorted);
}

Result<std::uint8_t> SceneImporter::row_for(int material, bool lightmapped) {
  if (auto it = rows_.find({material, lightmapped}); it != rows_.end()) return it->second;
  // A batch names its WEAR row in one byte (docs/formats/msh.md 5.1).
  if (scene_.materials.size() > 0xFF)
    return invalid_rule(codes::kGltfMaterials, "more than 256 materials: a batch names its WEAR row in one byte");
  auto [it, added] = rows_.try_emplace({material, lightmapped}, static_cast<std::uint8_t>(scene_.materials.size()));
  if (added) {
    MaterialUse use;
    use.gltf_material = material;
    if (material >= 0) use.name = model_.materials[static_cast<std::size_t>(material)].name;
    use.lightmapped = lightmapped;
    scene_.materials.push_back(std::move(use));
  }
  return it->second;
}

Status SceneImporter::add_primitive(const tinygltf::Primitive& p, const std::string& what, const Frame& source,
                                    const Frame& target, std::vector<msh::BuildBatch>& slot) {
  if (!p.targets.empty())
    return invalid_rule(codes::kGltfMorph, fmt::format("{}: morph targets are not supported", what));
  if (p.attributes.count("JOINTS_0") || p.attributes.count("WEIGHTS_0"))
    return invalid_rule(codes::kGltfSkin, fmt::format("{}: a skinned mesh (JOINTS_0): the game's models are rigid", what));
  const int mode = p.mode < 0 ? TINYGLTF_MODE_TRIANGLES : p.mode;
  if (mode != TINYGLTF_MODE_TRIANGLES && mode != TINYGLTF_MODE_TRIANGLE_STRIP && mode != TINYGLTF_MODE_TRIANGLE_FAN)
    return invalid_rule(codes::kGltfMode, fmt::format("{}: mode {} (points or lines), not triangles", what, mode));
  if (p.material >= 0 && static_cast<std::size_t>(p.material) >= model_.materials.size())
    return invalid_rule(codes::kGltfAccessor, fmt::format("{}: material {} does not exist", what, p.material));
  auto position = p.attributes.find("POSITION");
  if (position == p.attributes.end()) return {};  // nothing to draw
  PARKAN_ASSIGN(auto positions, read_vectors(model_, position->second, 3, false, what + " POSITION"));
  std::vector<std::array<double, 4>> normals, uvs, lightmap_uvs;
  if (auto a = p.attributes.find("NORMAL"); a != p.attributes.end()) {
    PARKAN_ASSIGN(normals, read_vectors(model_, a->second, 3, false, what + " NORMAL"));
  }
  if (auto a = p.attributes.find("TEXCOORD_0"); a != p.attributes.end()) {
    PARKAN_ASSIGN(uvs, read_vectors(model_, a->second, 2, true, what + " TEXCOORD_0"));
  }
  bool lightmapped = false;
  if (p.material >= 0 && static_cast<std::size_t>(p.material) < model_.materials.size()) {
    const tinygltf::Material& m = model_.materials[static_cast<std::size_t>(p.material)];
    auto a = p.attributes.find("TEXCOORD_1");
    if (m.occlusionTexture.index >= 0 && m.occlusionTexture.texCoord == 1 && a != p.attributes.end()) {
      PARKAN_ASSIGN(lightmap_uvs, read_vectors(model_, a->second, 2, true, what + " TEXCOORD_1"));
      lightmapped = true;
    }
  }
  for (const auto* stream : {&normals, &uvs, &lightmap_uvs})
    if (!stream->empty() && stream->size() != positions.size())
      return invalid_rule(codes::kGltfAccessor, fmt::format("{}: {} attribute values for {} positions", what,
                                                            stream->size(), positions.size()));
  std::vector<std::uint32_t> indices;
  if (p.indices >= 0) {
    PARKAN_ASSIGN(indices, read_indices(model_, p.indices, what + " indices"));
  } else {
    indices.resize(positions.size());
    for (std::size_t i = 0; i < indices.size(); ++i) indices[i] = static_cast<std::uint32_t>(i);
  }
  for (std::uint32_t i : indices)
    if (i >= positions.size())
      return invalid_rule(codes::kGltfAccessor, fmt::format("{}: index {} past the {} positions", what, i, positions.size()));
  // Triangles, in the order glTF draws them (strips alternate, fans turn about the first vertex).
  std::vector<std::array<std::uint32_t, 3>> triangles;
  if (mode == TINYGLTF_MODE_TRIANGLES) {
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) triangles.push_back({indices[t], indices[t + 1], indices[t + 2]});
  } else if (mode == TINYGLTF_MODE_TRIANGLE_STRIP) {
    for (std::size_t t = 0; t + 2 < indices.size(); ++t)
      triangles.push_back(t % 2 == 0 ? std::array{indices[t], indices[t + 1], indices[t + 2]}
                                     : std::array{indices[t + 1], indices[t], indices[t + 2]});
  } else {
    for (std::size_t t = 1; t + 1 < indices.size(); ++t) triangles.push_back({indices[0], indices[t], indices[t + 1]});
  }
  if (triangles.empty()) return {};
  // Whole tiles off the primitive's UVs so that they start in 0..1 (a repeating sampler draws the same).
  auto tile_shift = [&](const std::vector<std::array<double, 4>>& values, const char* name) -> Result<std::array<double, 2>> {
    if (values.empty()) return std::array<double, 2>{0, 0};
    std::array<double, 2> lo{values[0][0], values[0][1]}, hi = lo;
    for (const auto& v : values)
      for (int k = 0; k < 2; ++k) {
        if (!std::isfinite(v[k])) return invalid_rule(codes::kGltfUv, fmt::format("{}: a {} value is not finite", what, name));
        lo[k] = std::min(lo[k], v[k]), hi[k] = std::max(hi[k], v[k]);
      }
    const std::array<double, 2> shift{std::floor(lo[0]), std::floor(lo[1])};
    if (hi[0] - shift[0] > kMaxUv || hi[1] - shift[1] > kMaxUv)
      return invalid_rule(codes::kGltfUv, fmt::format("{}: {} spans ({:.3f}, {:.3f}) .. ({:.3f}, {:.3f}), more than the 64 "
                                                      "tiles a u16 / 1024 coordinate holds",
                                                      what, name, lo[0], lo[1], hi[0], hi[1]));
    return shift;
  };
  PARKAN_ASSIGN(const auto uv_shift, tile_shift(uvs, "TEXCOORD_0"));
  PARKAN_ASSIGN(const auto lightmap_shift, tile_shift(lightmap_uvs, "TEXCOORD_1"));

  PARKAN_ASSIGN(const std::uint8_t row, row_for(p.material, lightmapped));
  const Mat3d to_target = transpose(target.rotation);
  auto place = [&](const std::array<double, 4>& v) {
    const Vec3d world = add(source.translation, mat_vec(source.rotation, mat_vec(source.shape, {v[0], v[1], v[2]})));
    return mat_vec(to_target, sub(world, target.translation));
  };
  auto place_normal = [&](const std::array<double, 4>& n) -> Vec3d {
    Vec3d r = mat_vec(to_target, mat_vec(source.rotation, mat_vec(source.normal_shape, {n[0], n[1], n[2]})));
    const double length = std::sqrt(dot(r, r));
    return length > 0 ? Vec3d{r[0] / length, r[1] / length, r[2] / length} : Vec3d{0, 0, 1};
  };
  msh::BuildBatch* batch = nullptr;
  std::map<std::uint32_t, std::uint16_t> local;  // source vertex -> batch vertex
  auto fresh_batch = [&] {
    slot.emplace_back();
    batch = &slot.back();
    batch->wear_row = row;
    batch->lightmapped = lightmapped;
    local.clear();
  };
  // Continue the slot's last batch of this row when it has room (one batch per node, slot and material).
  if (!slot.empty() && slot.back().wear_row == row && slot.back().lightmapped == lightmapped) batch = &slot.back();
  else fresh_batch();
  auto vertex_of = [&](std::uint32_t s) -> std::uint16_t {
    if (auto it = local.find(s); it != local.end()) return it->second;
    msh::BuildVertex v;
    const Vec3d pos = place(positions[s]);
    v.pos = {static_cast<float>(pos[0]), static_cast<float>(pos[1]), static_cast<float>(pos[2])};
    if (!normals.empty()) {
      const Vec3d n = place_normal(normals[s]);
      v.normal = {static_cast<float>(n[0]), static_cast<float>(n[1]), static_cast<float>(n[2])};
    }
    if (!uvs.empty()) v.uv = {static_cast<float>(uvs[s][0] - uv_shift[0]), static_cast<float>(uvs[s][1] - uv_shift[1])};
    if (lightmapped)
      v.lightmap = {static_cast<float>(lightmap_uvs[s][0] - lightmap_shift[0]),
                    static_cast<float>(lightmap_uvs[s][1] - lightmap_shift[1])};
    const auto index = static_cast<std::uint16_t>(batch->vertices.size());
    batch->vertices.push_back(v);
    local.emplace(s, index);
    return index;
  };
  const bool flip = source.mirrored;
  for (const auto& tri : triangles) {
    std::array<std::uint32_t, 3> t = tri;
    if (flip) std::swap(t[1], t[2]);
    // Without normals glTF asks for flat ones: each such triangle gets its own three vertices.
    if (normals.empty()) local.clear();
    std::size_t fresh = 0;
    for (std::uint32_t s : t) fresh += local.count(s) ? 0 : 1;
    if (batch->vertices.size() + fresh > kMaxBatchVertices || batch->indices.size() + 3 > 0xFFFF) fresh_batch();
    const std::array<std::uint16_t, 3> v{vertex_of(t[0]), vertex_of(t[1]), vertex_of(t[2])};
    if (normals.empty()) {
      const msh::Vec3& a = batch->vertices[v[0]].pos;
      const msh::Vec3& b = batch->vertices[v[1]].pos;
      const msh::Vec3& c = batch->vertices[v[2]].pos;
      const Vec3d e1{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, e2{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
      Vec3d n{e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
      const double length = std::sqrt(dot(n, n));
      if (length > 0) n = {n[0] / length, n[1] / length, n[2] / length};
      for (std::uint16_t i : v)
        batch->vertices[i].normal = {static_cast<float>(n[0]), static_cast<float>(n[1]), static_cast<float>(n[2])};
    }
    batch->indices.insert(batch->indices.end(), v.begin(), v.end());
  }
  return {};
}

Status SceneImporter::add_mesh(int gltf_node, const Frame& frame, std::size_t msh_node, std::size_t stage,
                               std::size_t level) {
  const tinygltf::Node& node = model_.nodes[static_cast<std::size_t>(gltf_node)];
  if (node.mesh < 0) return {};
  if (static_cast<std::size_t>(node.mesh) >= model_.meshes.size())
    return invalid_rule(codes::kGltfAccessor, fmt::format("{}: mesh {} does not exist", node_label(gltf_node), node.mesh));
  if (node.skin >= 0)
    return invalid_rule(codes::kGltfSkin, fmt::format("{}: a skinned mesh: the game's models are rigid", node_label(gltf_node)));
  const tinygltf::Mesh& mesh = model_.meshes[static_cast<std::size_t>(node.mesh)];
  Primary& target = primaries_[msh_node];
  std::vector<msh::BuildBatch>& slot = target.node.slots[{stage, level}];
  for (std::size_t i = 0; i < mesh.primitives.size(); ++i) {
    const std::string what = fmt::format("{} mesh \"{}\" primitive {}", node_label(gltf_node), mesh.name, i);
    PARKAN_TRY(add_primitive(mesh.primitives[i], what, frame, target.frame, slot));
  }
  if (slot.empty()) target.node.slots.erase({stage, level});
  return {};
}

Status SceneImporter::visit(int index, const Affine& parent_world, std::uint16_t msh_parent, int depth) {
  if (index < 0 || static_cast<std::size_t>(index) >= model_.nodes.size() || depth > 256)
    return invalid_rule(codes::kGltfAccessor, fmt::format("node {} does not exist, or the hierarchy is deeper than 256", index));
  const tinygltf::Node& node = model_.nodes[static_cast<std::size_t>(index)];
  const Affine world = compose(parent_world, local_of(node));
  for (int child : node.children)
    if (child >= 0 && static_cast<std::size_t>(child) < parent_of_.size()) parent_of_[static_cast<std::size_t>(child)] = index;
  SlotName slot = parse_slot_name(node.name);
  std::uint16_t parent_for_children = msh_parent;
  if (slot.suffixed) {
    deferred_.push_back({index, world, slot});
  } else if (node.mesh < 0 && (node.camera >= 0 || node.extensions.count("KHR_lights_punctual"))) {
    warn(codes::kNodeDropped, fmt::format("{}: a camera or a light: left out", node_label(index)));
  } else {
    PARKAN_ASSIGN(Frame frame, frame_of(index, world));
    Primary p;
    p.gltf = index;
    p.parent = msh_parent;
    p.frame = frame;
    std::optional<std::string> cp1251 = utf8_to_cp1251(node.name);
    std::string name = cp1251 ? *cp1251 : node.name;
    if (name.empty()) name = fmt::format("node{}", primaries_.size());
    if (name.size() >= msh::kNodeNameSize) {
      warn(codes::kNameCut, fmt::format("{}: the name is cut to {} bytes", node_label(index), msh::kNodeNameSize - 1));
      name.resize(msh::kNodeNameSize - 1);
    }
    p.node.name = name;
    p.node.parent = msh_parent;
    if (slot.cockpit) p.node.flags |= msh::kNodeCockpit;
    // What parkan's export keeps in a node's extras (docs/formats/msh.md 13.3): the socket prefix and
    // the flags the names do not carry.
    if (node.extras.IsObject()) {
      if (const tinygltf::Value& socket = node.extras.Get("socket_prefix"); socket.IsString()) {
        std::optional<std::string> text = utf8_to_cp1251(socket.Get<std::string>());
        p.node.socket = text ? *text : socket.Get<std::string>();
      }
      if (const tinygltf::Value& flags = node.extras.Get("flags"); flags.IsInt())
        p.node.flags |= static_cast<std::uint16_t>(flags.Get<int>() & (msh::kNodeInterior | msh::kNodeDrawnAtZeroLife));
    }
    primaries_.push_back(std::move(p));
    const std::size_t me = primaries_.size() - 1;
    if (me > 0xFFFE) return invalid_rule(codes::kGltfAccessor, "more than 65535 nodes");
    PARKAN_TRY(add_mesh(index, primaries_[me].frame, me, 0, slot.cockpit ? msh::kCockpitLevel : 0));
    parent_for_children = static_cast<std::uint16_t>(me);
  }
  for (int child : node.children) PARKAN_TRY(visit(child, world, parent_for_children, depth + 1));
  return {};
}

// The node's pose against its MSH parent's frame as a key; the engine's matrix rotates by conj(q)
// (docs/formats/msh.md 7.3).
Result<msh::AnimKey> SceneImporter::key_of(const Frame& parent, const Frame& node, float time) const {
  const Mat3d local = mul(transpose(parent.rotation), node.rotation);
  const Vec3d t = mat_vec(transpose(parent.rotation), sub(node.translation, parent.translation));
  const auto q = quaternion_of(local);
  msh::AnimKey key;
  key.time = time;
  key.pos = {static_cast<float>(t[0]), static_cast<float>(t[1]), static_cast<float>(t[2])};
  PARKAN_ASSIGN(key.quat_raw, msh::quantize_quat({static_cast<float>(q[0]), static_cast<float>(-q[1]),
                                                  static_cast<float>(-q[2]), static_cast<float>(-q[3])}));
  return key;
}

// The index of the animation the options name (by name; "" the first), -1 when the file has none
// or the options ask for the still model.
Result<int> SceneImporter::chosen_animation() const {
  if (options_.still || (options_.animation.empty() && model_.animations.empty())) return -1;
  if (options_.animation.empty()) return 0;
  for (std::size_t i = 0; i < model_.animations.size(); ++i)
    if (model_.animations[i].name == options_.animation) return int(i);
  std::string names;
  for (const tinygltf::Animation& a : model_.animations) names += (names.empty() ? "" : ", ") + ("\"" + a.name + "\"");
  return invalid_rule(codes::kGltfAnimation, fmt::format("no animation named \"{}\" (the file has {})", options_.animation,
                                                         names.empty() ? "none" : names));
}

Affine SceneImporter::world_at(int node, const detail::Channels& channels, double time) const {
  Affine world;
  // Up the imported hierarchy (at most the depth visit accepted), then composed root first.
  std::vector<int> chain;
  for (int n = node; n >= 0 && chain.size() <= 257; n = parent_of_[static_cast<std::size_t>(n)]) chain.push_back(n);
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const tinygltf::Node& n = model_.nodes[static_cast<std::size_t>(*it)];
    // A node given as a matrix cannot be animated (glTF 2.0 3.7.3.1).
    world = compose(world, n.matrix.size() == 16 ? local_of(n) : affine_of(channels.at(*it, trs_of(n), time)));
  }
  return world;
}

// Keys at every frame from the earliest key to the last one (frame 0 at the earliest key: Blender
// writes its frame 1 at 1/fps) for every node whose pose against its MSH parent changes
// (docs/import.md 4); the others stay still.
Status SceneImporter::sample_animation(const detail::Channels& channels) {
  const double fps = options_.fps;
  const double start = channels.start();
  const auto frames = static_cast<std::uint32_t>(std::lround((channels.duration() - start) * fps));
  if (frames == 0) return {};
  std::vector<std::vector<Frame>> at(frames + 1);
  for (std::uint32_t f = 0; f <= frames; ++f) {
    at[f].resize(primaries_.size());
    for (std::size_t i = 0; i < primaries_.size(); ++i) {
      const int g = primaries_[i].gltf;
      if (g < 0) continue;  // the inserted root: identity throughout
      PARKAN_ASSIGN(at[f][i], frame_of(g, world_at(g, channels, start + f / fps)));
    }
  }
  for (std::size_t i = 0; i < primaries_.size(); ++i) {
    Primary& p = primaries_[i];
    if (p.gltf >= 0 && channels.animates_scale(p.gltf))
      warn(codes::kAnimScale, fmt::format("{}: its scale is animated; the game's nodes have none, the still scale is kept",
                                          node_label(p.gltf)));
    std::vector<msh::AnimKey> keys;
    bool moves = false;
    Mat3d first_rotation{};
    Vec3d first_translation{};
    for (std::uint32_t f = 0; f <= frames; ++f) {
      const Frame parent = p.parent == msh::kNoParent ? Frame{} : at[f][p.parent];
      PARKAN_ASSIGN(msh::AnimKey key, key_of(parent, at[f][i], static_cast<float>(f)));
      keys.push_back(key);
      // Moving or not is decided on the exact local pose: a node that only rides on its parent can
      // differ from frame to frame in the last bit of float, which is no motion.
      const Mat3d rotation = mul(transpose(parent.rotation), at[f][i].rotation);
      const Vec3d translation = mat_vec(transpose(parent.rotation), sub(at[f][i].translation, parent.translation));
      if (f == 0) {
        first_rotation = rotation, first_translation = translation;
        continue;
      }
      for (int k = 0; k < 9; ++k) moves = moves || std::fabs(rotation[k] - first_rotation[k]) > kStillTolerance;
      for (int k = 0; k < 3; ++k)
        moves = moves || std::fabs(translation[k] - first_translation[k]) > kStillTolerance * (1 + std::fabs(first_translation[k]));
    }
    if (moves) p.node.keys = std::move(keys);
  }
  return {};
}

Result<ImportedScene> SceneImporter::run() {
  std::vector<int> roots;
  if (model_.defaultScene >= 0 && static_cast<std::size_t>(model_.defaultScene) < model_.scenes.size())
    roots = model_.scenes[static_cast<std::size_t>(model_.defaultScene)].nodes;
  else if (!model_.scenes.empty())
    roots = model_.scenes[0].nodes;
  else
    for (std::size_t i = 0; i < model_.nodes.size(); ++i) {  // no scene: every node nobody names as a child
      bool child = false;
      for (const tinygltf::Node& n : model_.nodes)
        child = child || std::find(n.children.begin(), n.children.end(), int(i)) != n.children.end();
      if (!child) roots.push_back(int(i));
    }
  if (roots.size() == 1 && roots[0] >= 0 && static_cast<std::size_t>(roots[0]) < model_.nodes.size() &&
      is_axis_root(model_.nodes[static_cast<std::size_t>(roots[0])])) {
    scene_.axis_root_dropped = true;
    axis_ = kIdentity;
    roots = model_.nodes[static_cast<std::size_t>(roots[0])].children;
  }
  parent_of_.assign(model_.nodes.size(), -1);
  for (int root : roots) PARKAN_TRY(visit(root, Affine{}, msh::kNoParent, 0));
  for (int root : roots)
    if (root >= 0 && static_cast<std::size_t>(root) < parent_of_.size()) parent_of_[static_cast<std::size_t>(root)] = -1;
  keep_file_order();
  for (const Deferred& d : deferred_) {
    auto base = std::find_if(primaries_.begin(), primaries_.end(),
                             [&](const Primary& p) { return p.gltf >= 0 && model_.nodes[std::size_t(p.gltf)].name == d.slot.base; });
    if (base == primaries_.end())
      return invalid_rule(codes::kGltfSlot, fmt::format("{}: its base node \"{}\" is not in the scene", node_label(d.gltf),
                                                        d.slot.base));
    PARKAN_ASSIGN(Frame frame, frame_of(d.gltf, d.world));
    PARKAN_TRY(add_mesh(d.gltf, frame, std::size_t(base - primaries_.begin()), d.slot.stage, d.slot.level));
  }
  // The engine zeroes a root node 0's translation (docs/formats/msh.md 7.4): a first node that is
  // placed away from the origin goes under an identity root of its own.
  const bool needs_root = !primaries_.empty() && (std::fabs(primaries_[0].frame.translation[0]) > 1e-6 ||
                                                  std::fabs(primaries_[0].frame.translation[1]) > 1e-6 ||
                                                  std::fabs(primaries_[0].frame.translation[2]) > 1e-6);
  if (needs_root) {
    Primary root;
    root.node.name = "root";
    for (Primary& p : primaries_) {
      p.parent = p.parent == msh::kNoParent ? 0 : static_cast<std::uint16_t>(p.parent + 1);
      p.node.parent = p.parent;
    }
    primaries_.insert(primaries_.begin(), std::move(root));
  }
  PARKAN_ASSIGN(const int animation, chosen_animation());
  if (animation >= 0) {
    PARKAN_ASSIGN(const detail::Channels channels, detail::Channels::read(model_, animation));
    PARKAN_TRY(sample_animation(channels));
  }
  std::size_t triangles = 0;
  for (Primary& p : primaries_) {
    const Frame parent = p.parent == msh::kNoParent ? Frame{} : primaries_[p.parent].frame;
    PARKAN_ASSIGN(msh::AnimKey still, key_of(parent, p.frame, 0.0f));
    p.node.rest = still.quat_raw;
    p.node.pos = still.pos;
    for (const auto& [key, batches] : p.node.slots)
      for (const msh::BuildBatch& b : batches) triangles += b.indices.size() / 3;
    scene_.gltf_node_of.push_back(p.gltf);
    scene_.model.nodes.push_back(std::move(p.node));
  }
  if (triangles == 0) return invalid_rule(codes::kGltfEmpty, "the scene has no triangles to import");
  return std::move(scene_);
}

}  // namespace

SlotName parse_slot_name(std::string_view name) {
  SlotName out;
  std::string base(name);
  auto ends_with = [&](std::string_view suffix) {
    if (base.size() <= suffix.size()) return false;
    return fold_lower_text(base.substr(base.size() - suffix.size())) == fold_lower_text(suffix);
  };
  for (bool found = true; found;) {
    found = false;
    for (std::size_t level = 1; level <= 3 && !found; ++level)
      if (ends_with(fmt::format("_LOD{}", level))) {
        out.level = level, out.suffixed = found = true;
        base.resize(base.size() - 5);
      }
    for (std::size_t stage = 1; stage <= 2 && !found; ++stage)
      if (ends_with(fmt::format("_STAGE{}", stage))) {
        out.stage = stage, out.suffixed = found = true;
        base.resize(base.size() - 7);
      }
  }
  out.cockpit = !out.suffixed && fold_lower_text(base.substr(0, std::min<std::size_t>(3, base.size()))) == "cp_";
  out.base = base;
  return out;
}

Result<ImportedScene> import_scene(const LoadedGltf& document, const SceneOptions& options) {
  if (!(options.fps > 0) || !std::isfinite(options.fps))
    return std::move(invalid_rule(codes::kGltfAnimation, fmt::format("frame rate {} is not a positive number", options.fps)))
        .in_file(document.file_name);
  SceneImporter importer(document, options);
  Result<ImportedScene> scene = importer.run();
  if (!scene) return std::move(scene).error().in_file(document.file_name);
  return scene;
}

}  // namespace parkan::importer
