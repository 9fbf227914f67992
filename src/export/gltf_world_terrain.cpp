// glTF world export: the terrain (docs/formats/terrain.md; world specification 1 and 10). Level 0 only
// (both levels cover the map and would z-fight), bed faces (flag 0x2000, under a liquid, not drawn from
// above) left out. One primitive per (tex1, tex2) pair in the order the pairs first appear: tex1's
// material, TEXCOORD_0 = stream 5 / 1024, TEXCOORD_1 = stream 18 / 1024 (the microtexture's UVs); the
// pairs with a second material again as a BLEND primitive with tex2's material and COLOR_0's alpha =
// stream 14. Both bytes are rows of Land1.wea (openparkan's reading); the same row of Land2.wea names
// the microtexture, kept in the material's extras.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "export/gltf_world_internal.hpp"
#include "parkan/core/text.hpp"
#include "parkan/export/codes.hpp"
#include "parkan/material/wear.hpp"

namespace parkan::gltf::detail {

namespace {

constexpr float kUvTurn = 1024.0f;          // a u16 UV of 1024 is one texture turn (docs/formats/terrain.md 2)
constexpr float kNormalUnit = 127.0f;       // stream 4: i8 / 127
constexpr float kFaceNormalUnit = 32767.0f; // a face record's normal: i16 / 32767

std::optional<std::vector<std::string>> wear_rows(WorldDocument& doc, const std::string& path) {
  auto payload = doc.game->get(path);
  if (!payload) {
    doc.warn(codes::kMissionMap, fmt::format("the map has no {}: the terrain is untextured", cp1251_to_utf8(path)));
    return std::nullopt;
  }
  auto wear = material::parse_wear(payload->bytes(), material::WearParser::file);
  if (!wear) {
    doc.warn(codes::kMissionTerrain, fmt::format("{} does not read ({}): the terrain is untextured",
                                                 cp1251_to_utf8(path), wear.error().to_string()));
    return std::nullopt;
  }
  std::vector<std::string> rows;
  for (const material::WearRow& row : wear->materials) rows.push_back(row.name);
  return rows;
}

// The microtexture of a Land2.wea row's material: the texture of the phase its track 1 starts on;
// a material with one track doubles itself (world specification 10.4): its still phase's texture.
std::string microtexture_name(const ResolvedMaterial& resolved) {
  if (!resolved.mat) return {};
  const material::Mat0& mat = *resolved.mat;
  std::size_t phase = resolved.phase;
  if (mat.blocks.size() > 1 && !mat.blocks[1].keys.empty() && mat.blocks[1].keys[0].phase < mat.phases.size())
    phase = mat.blocks[1].keys[0].phase;
  if (phase >= mat.phases.size() || !mat.phases[phase].has_texture()) return {};
  return std::string(mat.phases[phase].texture_name());
}

msh::Vec3 terrain_normal(const terrain::Terrain& land, std::uint16_t vertex, const terrain::Face& face) {
  if (vertex < land.normals.size()) {
    const auto& n = land.normals[vertex];
    const float x = float(n[0]) / kNormalUnit, y = float(n[1]) / kNormalUnit, z = float(n[2]) / kNormalUnit;
    const float length = std::sqrt(x * x + y * y + z * z);
    if (length > 0.0f && std::isfinite(length)) return {x / length, y / length, z / length};
  }
  const float x = float(face.normal[0]) / kFaceNormalUnit, y = float(face.normal[1]) / kFaceNormalUnit,
              z = float(face.normal[2]) / kFaceNormalUnit;
  const float length = std::sqrt(x * x + y * y + z * z);
  if (length > 0.0f && std::isfinite(length)) return {x / length, y / length, z / length};
  return {0.0f, 0.0f, 1.0f};
}

// The face's corners in the order whose geometric normal agrees with its stored normal (the material
// is double-sided; the order only decides which side glTF calls the front).
std::array<std::uint16_t, 3> wound(const terrain::Terrain& land, const terrain::Face& face) {
  std::array<std::uint16_t, 3> v = face.vertices;
  const terrain::Vec3 &a = land.positions[v[0]], &b = land.positions[v[1]], &c = land.positions[v[2]];
  const float ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z, wx = c.x - a.x, wy = c.y - a.y, wz = c.z - a.z;
  const float nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
  const float d = nx * float(face.normal[0]) + ny * float(face.normal[1]) + nz * float(face.normal[2]);
  if (d < 0.0f) std::swap(v[1], v[2]);
  return v;
}

struct Pair {
  std::uint8_t tex1 = 0, tex2 = terrain::kNoSecondMaterial;
  std::vector<std::size_t> faces;
};

}  // namespace

Result<int> add_terrain(WorldDocument& doc, const std::string& map_folder) {
  if (!doc.game) {
    doc.warn(codes::kMissionMap, "no game folder: the terrain is left out");
    return -1;
  }
  const std::string land_path = map_folder + "/Land.msh";
  auto payload = doc.game->get(land_path);
  if (!payload) {
    doc.warn(codes::kMissionMap, fmt::format("the map folder {} has no Land.msh: the terrain is left out",
                                             cp1251_to_utf8(map_folder)));
    return -1;
  }
  auto land = terrain::read_terrain(payload->bytes());
  if (!land) {
    doc.warn(codes::kMissionTerrain, fmt::format("{} does not read ({}): the terrain is left out",
                                                 cp1251_to_utf8(land_path), land.error().to_string()));
    return -1;
  }
  const std::size_t vertex_count = land->positions.size();
  std::vector<Pair> pairs;
  std::map<std::pair<std::uint8_t, std::uint8_t>, std::size_t> pair_index;
  const std::size_t lod0 = std::min(land->lod_split, land->faces.size());
  for (std::size_t f = 0; f < lod0; ++f) {
    const terrain::Face& face = land->faces[f];
    if (face.bed()) continue;
    bool inside = true;
    for (std::uint16_t v : face.vertices) inside = inside && v < vertex_count;
    if (!inside) continue;  // read_terrain checks the range: never taken on a file that reads
    auto [it, added] = pair_index.emplace(std::make_pair(face.tex1, face.tex2), pairs.size());
    if (added) pairs.push_back(Pair{face.tex1, face.tex2, {}});
    pairs[it->second].faces.push_back(f);
  }

  auto land1_rows = wear_rows(doc, map_folder + "/Land1.wea");
  auto land2_rows = wear_rows(doc, map_folder + "/Land2.wea");
  MaterialChain land1(land1_rows.value_or(std::vector<std::string>{}), cp1251_to_utf8(map_folder + "/Land1.wea"),
                      doc.game, doc.warnings, &doc.named);
  MaterialChain land2(land2_rows.value_or(std::vector<std::string>{}), cp1251_to_utf8(map_folder + "/Land2.wea"),
                      doc.game, doc.warnings, &doc.named);
  auto layer = [&](std::uint8_t row, bool blend) {
    TerrainLayer l;
    l.row = row;
    l.blend = blend;
    if (land2_rows && row < land2_rows->size()) {
      const ResolvedMaterial& micro = land2.resolve(row);
      l.has_micro = micro.mat.has_value();
      l.micro_material = micro.mat0_name;
      l.micro_texture = microtexture_name(micro);
    }
    return l;
  };

  tinygltf::Mesh mesh;
  mesh.name = "terrain";
  std::vector<std::uint32_t> remap(vertex_count, std::numeric_limits<std::uint32_t>::max());
  for (const Pair& pair : pairs) {
    std::vector<std::uint16_t> sources;
    std::vector<std::uint32_t> indices;
    for (std::size_t f : pair.faces)
      for (std::uint16_t v : wound(*land, land->faces[f])) {
        if (remap[v] == std::numeric_limits<std::uint32_t>::max()) {
          remap[v] = std::uint32_t(sources.size());
          sources.push_back(v);
        }
        indices.push_back(remap[v]);
      }
    std::vector<msh::Vec3> positions(sources.size()), normals(sources.size());
    std::vector<std::array<float, 2>> uv0(sources.size()), uv1(sources.size());
    std::vector<std::array<float, 4>> colours(sources.size(), {1.0f, 1.0f, 1.0f, 1.0f});
    const terrain::Face& first_face = land->faces[pair.faces.front()];
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const std::uint16_t s = sources[i];
      positions[i] = {land->positions[s].x, land->positions[s].y, land->positions[s].z};
      normals[i] = terrain_normal(*land, s, first_face);
      if (s < land->material_uv.size())
        uv0[i] = {float(land->material_uv[s].u) / kUvTurn, float(land->material_uv[s].v) / kUvTurn};
      if (s < land->micro_uv.size())
        uv1[i] = {float(land->micro_uv[s].u) / kUvTurn, float(land->micro_uv[s].v) / kUvTurn};
      if (land->alpha && s < land->alpha->size()) colours[i][3] = std::clamp((*land->alpha)[s], 0.0f, 1.0f);
      remap[s] = std::numeric_limits<std::uint32_t>::max();
    }
    const int position_accessor = doc.buffer.add_vec3(positions, TINYGLTF_TARGET_ARRAY_BUFFER);
    const int normal_accessor = doc.buffer.add_vec3(normals, TINYGLTF_TARGET_ARRAY_BUFFER);
    const int uv0_accessor = doc.buffer.add_vec2(uv0, TINYGLTF_TARGET_ARRAY_BUFFER);
    const int uv1_accessor = doc.buffer.add_vec2(uv1, TINYGLTF_TARGET_ARRAY_BUFFER);
    const int index_accessor = doc.buffer.add_indices(indices, std::uint32_t(sources.size()));
    auto primitive = [&](std::uint8_t row, bool blend) -> Status {
      tinygltf::Primitive p;
      p.mode = TINYGLTF_MODE_TRIANGLES;
      p.attributes["POSITION"] = position_accessor;
      p.attributes["NORMAL"] = normal_accessor;
      p.attributes["TEXCOORD_0"] = uv0_accessor;
      p.attributes["TEXCOORD_1"] = uv1_accessor;
      if (blend) p.attributes["COLOR_0"] = doc.buffer.add_vec4(colours, TINYGLTF_TARGET_ARRAY_BUFFER);
      p.indices = index_accessor;
      PARKAN_ASSIGN(int material, doc.materials.terrain_material(land1, layer(row, blend)));
      p.material = material;
      tinygltf::Value::Object extras;
      extras["tex1"] = int_value(pair.tex1);
      extras["tex2"] = int_value(pair.tex2);
      extras["layer"] = tinygltf::Value(std::string(blend ? "tex2" : "tex1"));
      extras["faces"] = int_value(pair.faces.size());
      p.extras = tinygltf::Value(std::move(extras));
      mesh.primitives.push_back(std::move(p));
      return {};
    };
    PARKAN_TRY(primitive(pair.tex1, false));
    if (pair.tex2 != terrain::kNoSecondMaterial) PARKAN_TRY(primitive(pair.tex2, true));
  }
  tinygltf::Node node;
  node.name = "terrain";
  tinygltf::Value::Object extras;
  extras["map"] = text_value(map_folder);
  extras["faces_lod0"] = int_value(lod0);
  extras["pairs"] = int_value(pairs.size());
  node.extras = tinygltf::Value(std::move(extras));
  if (!mesh.primitives.empty()) {
    doc.model.meshes.push_back(std::move(mesh));
    node.mesh = int(doc.model.meshes.size() - 1);
  }
  return push_node(doc.model, std::move(node));
}

}  // namespace parkan::gltf::detail
