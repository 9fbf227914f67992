// `msh info --json` (docs/cli.md 10.5).
#include "parkan/msh/info_json.hpp"

#include "parkan/core/text.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::msh {

namespace {

using nlohmann::json;

json vec3_json(const Vec3& v) {
  return json::array({float_for_json(v[0]), float_for_json(v[1]), float_for_json(v[2])});
}

json slots_of_node_json(const Node& node) {
  json out = json::array();
  for (std::size_t stage = 0; stage < kDamageStageCount; ++stage)
    for (std::size_t level = 0; level < kLevelCount; ++level)
      if (node.slot(stage, level) != kNoSlot)
        out.push_back({{"stage", stage}, {"level", level}, {"slot", node.slot(stage, level)}});
  return out;
}

// The names of the set bits that have one (docs/formats/msh.md 2.3, 5.2); other bits stay in the number.
template <std::size_t N>
json bit_names_json(std::uint32_t value, const std::pair<std::uint32_t, const char*> (&names)[N]) {
  json out = json::array();
  for (const auto& [bit, name] : names)
    if (value & bit) out.push_back(name);
  return out;
}

constexpr std::pair<std::uint32_t, const char*> kNodeFlagNames[] = {
    {kNodeInterior, "interior"}, {kNodeCockpit, "cockpit"}, {kNodeDrawnAtZeroLife, "drawn_at_zero_life"}};
constexpr std::pair<std::uint32_t, const char*> kBatchWordNames[] = {
    {kBatchWordPortal, "portal"}, {kBatchWordTranslucent, "translucent"}, {kBatchWordLightmapped, "lightmapped"}};

json lightmap_json(std::uint8_t lightmap) {
  if (lightmap == kBatchUnlit) return "unlit";
  if (lightmap == kBatchLightmapped) return "lightmapped";
  return lightmap;
}

}  // namespace

std::vector<std::size_t> stream_sizes(const Model& model) {
  std::vector<std::size_t> sizes;
  auto archive = nres::read(model.container, nres::Profile::compatible);
  for (std::size_t i = 0; i < model.streams.size(); ++i)
    sizes.push_back(archive && i < archive->entries.size() ? archive->entries[i].size
                                                           : model.streams[i].payload.size());
  return sizes;
}

std::optional<std::string> batch_material_name(const WearSummary* wear, std::uint16_t wear_row) {
  if (!wear || !wear->material_names || wear_row >= wear->material_names->size()) return std::nullopt;
  return cp1251_to_utf8((*wear->material_names)[wear_row]);
}

json model_info_json(const Model& m, std::string_view display_name, const WearSummary* wear) {
  json doc;
  doc["model"] = std::string(display_name);
  doc["kind"] = m.kind == ModelKind::terrain ? "terrain" : "model";
  doc["node_table"] = m.node_layout == NodeLayout::legacy24 ? 24 : 38;
  json streams = json::array();
  const std::vector<std::size_t> sizes = stream_sizes(m);
  for (std::size_t i = 0; i < m.streams.size(); ++i) {
    const StreamRow& r = m.streams[i];
    streams.push_back({{"index", i}, {"type", r.type_id}, {"name", cp1251_to_utf8(r.name)}, {"attr1", r.attr1},
                       {"attr2", r.attr2}, {"attr3", r.attr3}, {"size", sizes[i]}});
  }
  doc["streams"] = std::move(streams);
  json nodes = json::array();
  for (std::size_t i = 0; i < m.nodes.size(); ++i) {
    const Node& n = m.nodes[i];
    nodes.push_back({{"index", i},
                     {"name", cp1251_to_utf8(m.node_name(i))},
                     {"socket_prefix", i < m.node_strings.size() && m.node_strings[i].present
                                           ? json(cp1251_to_utf8(m.socket_prefix(i)))
                                           : json(nullptr)},
                     {"parent", n.parent == kNoParent ? json(nullptr) : json(n.parent)},
                     {"flags", n.flags},
                     {"flag_names", bit_names_json(n.flags, kNodeFlagNames)},
                     {"anim_map_start", n.anim_map_start == kNoMap ? json(nullptr) : json(n.anim_map_start)},
                     {"fallback_key", n.fallback_key},
                     {"slots", slots_of_node_json(n)}});
  }
  doc["nodes"] = std::move(nodes);
  json slots = json::array();
  for (std::size_t j = 0; j < m.slots.size(); ++j) {
    const Slot& s = m.slots[j];
    slots.push_back({{"index", j},
                     {"tri_start", s.tri_start},
                     {"tri_count", s.tri_count},
                     {"batch_start", s.batch_start},
                     {"batch_count", s.batch_count},
                     {"aabb_min", vec3_json(s.aabb_min)},
                     {"aabb_max", vec3_json(s.aabb_max)},
                     {"sphere_center", vec3_json(s.sphere_center)},
                     {"sphere_radius", float_for_json(s.sphere_radius)},
                     {"area", float_for_json(s.area)},
                     {"box_volume", float_for_json(s.box_volume)},
                     {"tail", s.tail}});
  }
  doc["slots"] = std::move(slots);
  doc["counts"] = {{"nodes", m.node_layout == NodeLayout::legacy24 ? json(nullptr) : json(m.nodes.size())},
                   {"slots", m.slots.size()},
                   {"vertices", m.positions.size()},
                   {"indices", m.indices.size()},
                   {"triangles", m.triangles.size()},
                   {"batches", m.batches.size()},
                   {"node_names", m.node_names.size()},
                   {"lightmap_uvs", m.lightmap_uv.size()},
                   {"path_nodes", m.path_nodes.size()},
                   {"path_links", m.path_links.size()}};
  doc["lightmap_uv"] = m.has_stream(kLightmapUvType);
  doc["path_graph"] = m.has_stream(kPathGraphType) && (!m.path_nodes.empty() || !m.path_links.empty())
                          ? json{{"nodes", m.path_nodes.size()}, {"links", m.path_links.size()}}
                          : json(nullptr);
  json batches = json::array();
  for (std::size_t j = 0; j < m.batches.size(); ++j) {
    const Batch& b = m.batches[j];
    const std::optional<std::string> name = batch_material_name(wear, b.wear_row);
    batches.push_back({{"index", j},
                       {"word", b.word},
                       {"word_names", bit_names_json(b.word, kBatchWordNames)},
                       {"wear_row", b.wear_row},
                       {"material_name", name ? json(*name) : json(nullptr)},
                       {"lightmap", lightmap_json(b.lightmap)},
                       {"room", b.room == kNoRoom ? json(nullptr) : json(b.room)},
                       {"index_start", b.index_start},
                       {"index_count", b.index_count},
                       {"vertex_count", b.vertex_count},
                       {"base_vertex", b.base_vertex}});
  }
  doc["batches"] = std::move(batches);
  if (!wear) {
    doc["wear"] = nullptr;
  } else {
    const bool found = wear->material_names.has_value();
    doc["wear"] = {{"name", cp1251_to_utf8(wear->name)},
                   {"found", found},
                   {"materials", found ? json(wear->material_names->size()) : json(nullptr)},
                   {"lightmaps", found ? json(wear->has_lightmaps) : json(nullptr)},
                   {"problem", wear->problem ? json(*wear->problem) : json(nullptr)}};
  }
  return doc;
}

}  // namespace parkan::msh
