// One glTF primitive into a slot's batches (src/import/gltf_primitive.hpp).
#include "import/gltf_primitive.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "import/gltf_accessor.hpp"
#include "parkan/import/codes.hpp"

namespace parkan::importer::detail {

namespace {

constexpr std::size_t kMaxBatchVertices = 0xFFFF;
// The largest stored UV coordinate: u16 / 1024 (docs/formats/msh.md 4.3).
constexpr double kMaxUv = 65535.0 / 1024.0;

}  // namespace

Status append_primitive(const tinygltf::Model& model, const tinygltf::Primitive& p, const std::string& what,
                        const Frame& source, const Frame& target, const RowFor& row_for, std::vector<msh::BuildBatch>& slot,
                        const TriangleFilter& keep) {
  if (!p.targets.empty())
    return invalid_rule(codes::kGltfMorph, fmt::format("{}: morph targets are not supported", what));
  if (!keep && (p.attributes.count("JOINTS_0") || p.attributes.count("WEIGHTS_0")))
    return invalid_rule(codes::kGltfSkin, fmt::format("{}: a skinned mesh (JOINTS_0): the game's models are rigid", what));
  const int mode = p.mode < 0 ? TINYGLTF_MODE_TRIANGLES : p.mode;
  if (mode != TINYGLTF_MODE_TRIANGLES && mode != TINYGLTF_MODE_TRIANGLE_STRIP && mode != TINYGLTF_MODE_TRIANGLE_FAN)
    return invalid_rule(codes::kGltfMode, fmt::format("{}: mode {} (points or lines), not triangles", what, mode));
  if (p.material >= 0 && static_cast<std::size_t>(p.material) >= model.materials.size())
    return invalid_rule(codes::kGltfAccessor, fmt::format("{}: material {} does not exist", what, p.material));
  auto position = p.attributes.find("POSITION");
  if (position == p.attributes.end()) return {};  // nothing to draw
  PARKAN_ASSIGN(auto positions, read_vectors(model, position->second, 3, false, what + " POSITION"));
  std::vector<std::array<double, 4>> normals, uvs, lightmap_uvs;
  if (auto a = p.attributes.find("NORMAL"); a != p.attributes.end()) {
    PARKAN_ASSIGN(normals, read_vectors(model, a->second, 3, false, what + " NORMAL"));
  }
  if (auto a = p.attributes.find("TEXCOORD_0"); a != p.attributes.end()) {
    PARKAN_ASSIGN(uvs, read_vectors(model, a->second, 2, true, what + " TEXCOORD_0"));
  }
  bool lightmapped = false;
  if (p.material >= 0 && static_cast<std::size_t>(p.material) < model.materials.size()) {
    const tinygltf::Material& m = model.materials[static_cast<std::size_t>(p.material)];
    auto a = p.attributes.find("TEXCOORD_1");
    if (m.occlusionTexture.index >= 0 && m.occlusionTexture.texCoord == 1 && a != p.attributes.end()) {
      PARKAN_ASSIGN(lightmap_uvs, read_vectors(model, a->second, 2, true, what + " TEXCOORD_1"));
      lightmapped = true;
    }
  }
  for (const auto* stream : {&normals, &uvs, &lightmap_uvs})
    if (!stream->empty() && stream->size() != positions.size())
      return invalid_rule(codes::kGltfAccessor, fmt::format("{}: {} attribute values for {} positions", what,
                                                            stream->size(), positions.size()));
  std::vector<std::uint32_t> indices;
  if (p.indices >= 0) {
    PARKAN_ASSIGN(indices, read_indices(model, p.indices, what + " indices"));
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
    if (keep && !keep(tri)) continue;
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
  if (!slot.empty() && slot.back().indices.empty()) slot.pop_back();  // a filter kept none
  return {};
}

}  // namespace parkan::importer::detail
