// The mission panel's endpoints (docs/view.md 3.2): /api/mission (clans, objects, routes, lodes and
// zones with the map's extent), /api/mission/map.png (the map from above), /api/mission.glb (the
// world export in memory), /api/mission/object.glb (one placed object), /api/unit.glb (a .dat
// assembled) and /api/terrain/map.png (a map folder's terrain without a mission).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/export/gltf.hpp"
#include "parkan/export/gltf_world.hpp"
#include "parkan/export/png.hpp"
#include "parkan/export/terrain_map.hpp"
#include "parkan/mission/mission.hpp"
#include "parkan/objects/objects.hpp"
#include "parkan/terrain/land.hpp"
#include "view_internal.hpp"

namespace parkan::view::detail {

namespace {

using nlohmann::json;

Opened<mission::Mission> open_mission(const ServiceState& state, const Query& query) {
  return open_as<mission::Mission>(state, query, "mission", "mission", [](const Located& at) {
    return at.payload.parse([](ByteView bytes) { return mission::read_mission(bytes); });
  });
}

// A stored string as the page shows it.
std::string shown(std::string_view stored) { return cp1251_to_utf8(mission::stored_text(stored)); }

// A path as a mission stores it ('\\' separated) as the game looks it up.
std::string mission_game_path(std::string_view stored) {
  std::string path(mission::stored_text(stored));
  std::replace(path.begin(), path.end(), '\\', '/');
  return path;
}

// A query value percent-encoded (RFC 3986 unreserved bytes kept).
std::string url_encode(std::string_view text) {
  std::string out;
  for (unsigned char c : text) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
        c == '.' || c == '~')
      out += char(c);
    else
      out += fmt::format("%{:02X}", c);
  }
  return out;
}

json vec3_json(const mission::Vec3& v) {
  auto number = [](float f) { return std::isfinite(f) ? json(f) : json(nullptr); };
  return json::array({number(v[0]), number(v[1]), number(v[2])});
}

// The mission's map folder, or empty.
std::string map_folder_of(const mission::Mission& m) {
  return mission::map_folder(mission::stored_text(m.map_path));
}

std::optional<std::uint32_t> map_size(const Query& query) {
  auto size = query_number(query, "size", kMaxMapSize, kDefaultMapSize);
  if (!size || *size == 0) return std::nullopt;
  return static_cast<std::uint32_t>(*size);
}

Response map_png(const ServiceState& state, const std::string& folder, std::uint32_t size) {
  if (!state.game->find_file(folder + "/Land.msh"))
    return error_response(404, "view.not_found", fmt::format("the map folder {} has no Land.msh", cp1251_to_utf8(folder)));
  auto map = topdown::render_map(*state.game, folder, size);
  if (!map) return unreadable_response(folder + "/Land.msh", map.error());
  auto png = png::encode(map->image, png::Effort::balanced);
  if (!png) return error_response(500, "view.internal", png.error().message);
  return {200, "image/png", std::string(png->begin(), png->end())};
}

Response glb_response(const Result<gltf::Exported>& exported, const ServiceState& state, const Located& located) {
  if (!exported) return broken_response(state, located, exported.error());
  return {200, "model/gltf-binary", std::string(exported->document.begin(), exported->document.end())};
}

// An objects.rlb key to its model's archive and entry (docs/formats/objects.md), as the world export
// resolves it.
std::optional<objects::ObjectRef> prototype_model(const ServiceState& state, std::string_view key) {
  auto registry_archive = state.game->archive(objects::kObjectsArchive);
  if (!registry_archive) return std::nullopt;
  std::shared_ptr<const resource::Archive> archive = *registry_archive;
  objects::ObjectRegistry registry;
  registry.prototype = [&archive](std::string_view name) -> std::optional<std::vector<objects::ObjectRef>> {
    auto index = archive->find(name);
    if (!index) return std::nullopt;
    auto payload = archive->payload(*index);
    if (!payload) return std::nullopt;
    auto refs = objects::read_object_refs(payload->bytes());
    if (!refs) return std::nullopt;
    return std::move(*refs);
  };
  registry.exists = [&state](std::string_view library, std::string_view resource) {
    auto found = state.game->archive(library);
    return found && (*found)->find(resource).has_value();
  };
  return objects::resolve_object(registry, key).model;
}

}  // namespace

Response handle_mission(const ServiceState& state, const Query& query) {
  Opened<mission::Mission> m = open_mission(state, query);
  if (!m.value) return m.error;
  const mission::Mission& mission = *m.value;
  const std::string folder = map_folder_of(mission);
  json extent = nullptr;
  json terrain_file = nullptr;
  if (!folder.empty()) {
    const std::string land = folder + "/Land.msh";
    if (auto payload = state.game->get(land))
      if (auto read = terrain::read_terrain(payload->bytes())) {
        const topdown::Extent e = topdown::terrain_extent(*read);
        extent = {{"min", {e.min_x, e.min_y}}, {"max", {e.max_x, e.max_y}}};
        terrain_file = state.game->find_file(land).value_or(land);
      }
  }
  json clans = json::array();
  for (std::size_t i = 0; i < mission.clans.size(); ++i) {
    const mission::Clan& c = mission.clans[i];
    json zones = json::array();
    for (const mission::Zone& z : c.zones)
      zones.push_back({{"kind", z.kind}, {"centre", vec3_json(z.centre)}, {"inner", z.inner}, {"outer", z.outer}});
    clans.push_back({{"index", i},
                     {"name", shown(c.name)},
                     {"type", c.type},
                     {"type_name", mission::clan_type_name(c.type)},
                     {"base", {c.base[0], c.base[1]}},
                     {"zones", std::move(zones)}});
  }
  const std::string file_param = url_encode(m.located->file);
  json objects = json::array();
  for (std::size_t i = 0; i < mission.objects.size(); ++i) {
    const mission::Object& o = mission.objects[i];
    objects.push_back({{"index", i},
                       {"kind", o.kind},
                       {"kind_name", mission::object_kind_name(o.kind)},
                       {"path", shown(o.path)},
                       {"clan", o.clan},
                       {"logical_id", o.logical_id},
                       {"position", vec3_json(o.position)},
                       {"rotation_z", std::isfinite(o.rotation[2]) ? json(o.rotation[2]) : json(nullptr)},
                       {"scale", vec3_json(o.scale)},
                       {"name", shown(o.name)},
                       {"host", o.host},
                       {"glb", fmt::format("/api/mission/object.glb?file={}&object={}", file_param, i)}});
  }
  json routes = json::array();
  for (const mission::Route& r : mission.routes) {
    json points = json::array();
    for (const mission::Vec3& p : r.points) points.push_back(vec3_json(p));
    routes.push_back({{"id", r.id}, {"points", std::move(points)}});
  }
  json lodes = json::array();
  for (std::size_t i = 0; i < mission.lodes.size(); ++i) {
    const mission::Lode& l = mission.lodes[i];
    lodes.push_back({{"index", i}, {"position", vec3_json(l.position)}, {"type", l.type}, {"amount", l.amount},
                     {"found", l.found}});
  }
  json zones = json::array();
  for (std::size_t c = 0; c < mission.clans.size(); ++c)
    for (const mission::Zone& z : mission.clans[c].zones)
      zones.push_back({{"clan", c}, {"kind", z.kind}, {"centre", vec3_json(z.centre)}, {"inner", z.inner},
                       {"outer", z.outer}});
  return json_response({{"name", display_name(*m.located)},
                        {"map", shown(mission.map_path)},
                        {"map_folder", folder},
                        {"terrain", std::move(terrain_file)},
                        {"extent", std::move(extent)},
                        {"description", shown(mission.description)},
                        {"clans", std::move(clans)},
                        {"objects", std::move(objects)},
                        {"routes", std::move(routes)},
                        {"lodes", std::move(lodes)},
                        {"zones", std::move(zones)},
                        {"diagnostics", findings_json(state, state.findings_of(m.located->file,
                                                                               m.located->payload.location().name))}});
}

Response handle_mission_map_png(const ServiceState& state, const Query& query) {
  Opened<mission::Mission> m = open_mission(state, query);
  if (!m.value) return m.error;
  const auto size = map_size(query);
  if (!size) return error_response(400, "view.bad_request", fmt::format("`size` is 1..{} pixels", kMaxMapSize));
  const std::string folder = map_folder_of(*m.value);
  if (folder.empty())
    return error_response(404, "view.not_found",
                          fmt::format("the mission's map path \"{}\" names no folder", shown(m.value->map_path)));
  return map_png(state, folder, *size);
}

Response handle_terrain_map_png(const ServiceState& state, const Query& query) {
  Resolved r = resolve(state, query);
  if (!r.located) return std::move(r.error);
  if (r.located->view != "terrain") return wrong_kind(*r.located, "terrain");
  const auto size = map_size(query);
  if (!size) return error_response(400, "view.bad_request", fmt::format("`size` is 1..{} pixels", kMaxMapSize));
  if (r.located->entry) return wrong_kind(*r.located, "Land.msh file");
  const std::string folder = path_to_utf8(path_from_utf8(r.located->file).parent_path());
  return map_png(state, folder.empty() ? "." : folder, *size);
}

Response handle_mission_glb(const ServiceState& state, const Query& query) {
  Resolved r = resolve(state, query);
  if (!r.located) return std::move(r.error);
  if (r.located->view != "mission") return wrong_kind(*r.located, "mission");
  return glb_response(gltf::export_mission(r.located->payload.bytes(), display_name(*r.located), state.game.get(),
                                           gltf::Options{}, gltf::Container::glb),
                      state, *r.located);
}

Response handle_mission_object_glb(const ServiceState& state, const Query& query) {
  Opened<mission::Mission> m = open_mission(state, query);
  if (!m.value) return m.error;
  const std::size_t count = m.value->objects.size();
  if (!query.count("object"))
    return error_response(400, "view.bad_request", "the parameter `object` is missing");
  auto index = query_number(query, "object", std::numeric_limits<std::uint32_t>::max());
  if (!index) return error_response(400, "view.bad_request", "`object` is an object index (a decimal number)");
  if (*index >= count)
    return error_response(404, "view.not_found",
                          fmt::format("{} has {} objects: no object {}", display_name(*m.located), count, *index));
  const mission::Object& o = m.value->objects[static_cast<std::size_t>(*index)];
  const std::string name = fmt::format("{} object {}", display_name(*m.located), *index);
  if (o.kind <= std::uint32_t(mission::ObjectKind::unit)) {
    const std::string path = mission_game_path(o.path);
    auto payload = state.game->get(path);
    if (!payload)
      return error_response(404, "view.not_found",
                            fmt::format("object {}: {} is not in the game", *index, cp1251_to_utf8(path)));
    return glb_response(gltf::export_unit(payload->bytes(), cp1251_to_utf8(path), state.game.get(), gltf::Options{},
                                          gltf::Container::glb),
                        state, *m.located);
  }
  if (o.kind > std::uint32_t(mission::ObjectKind::rock))
    return error_response(422, "view.kind", fmt::format("object {} has kind {}, which has no model", *index, o.kind));
  const std::string key(mission::stored_text(o.path));
  const std::optional<objects::ObjectRef> model = prototype_model(state, key);
  if (!model)
    return error_response(404, "view.not_found",
                          fmt::format("object {}: \"{}\" is no prototype of {} with a model", *index,
                                      cp1251_to_utf8(key), objects::kObjectsArchive));
  auto archive = state.game->archive(model->archive);
  if (!archive) return unreadable_response(model->archive, archive.error());
  auto entry = (*archive)->find(model->resource);
  auto payload = entry ? (*archive)->payload(*entry) : Result<resource::Payload>(invalid_rule("view.not_found", "no entry"));
  if (!payload)
    return error_response(404, "view.not_found",
                          fmt::format("object {}: {} has no {}", *index, cp1251_to_utf8(model->archive),
                                      cp1251_to_utf8(model->resource)));
  gltf::Source source;
  source.model = payload->bytes();
  source.entry_name = model->resource;
  source.display_name = cp1251_to_utf8(model->archive + "::" + model->resource);
  source.library = *archive;
  source.game = state.game.get();
  gltf::Options options;
  options.animation = false;
  return glb_response(gltf::export_model(source, options, gltf::Container::glb), state, *m.located);
}

Response handle_unit_glb(const ServiceState& state, const Query& query) {
  Resolved r = resolve(state, query);
  if (!r.located) return std::move(r.error);
  if (r.located->view != "unit") return wrong_kind(*r.located, "unit");
  return glb_response(gltf::export_unit(r.located->payload.bytes(), display_name(*r.located), state.game.get(),
                                        gltf::Options{}, gltf::Container::glb),
                      state, *r.located);
}

}  // namespace parkan::view::detail
