// The mission as JSON (docs/cli.md 5.12): names as UTF-8 of cp1251, stored strings by their text.
#include <cstring>

#include <nlohmann/json.hpp>

#include "parkan/core/text.hpp"
#include "parkan/mission/mission.hpp"

namespace parkan::mission {

namespace {

std::string text(std::string_view stored) { return cp1251_to_utf8(stored_text(stored)); }

nlohmann::json vec(const Vec3& v) { return nlohmann::json::array({v[0], v[1], v[2]}); }

// A property word as the number its type says (f32 or i32).
nlohmann::json word(std::uint32_t type, std::uint32_t w) {
  if (type == static_cast<std::uint32_t>(PropertyType::real)) {
    float f;
    std::memcpy(&f, &w, 4);
    return f;
  }
  return static_cast<std::int32_t>(w);
}

nlohmann::json clan_json(const Clan& c, std::size_t index) {
  nlohmann::json zones = nlohmann::json::array();
  for (const Zone& z : c.zones)
    zones.push_back({{"kind", z.kind}, {"centre", vec(z.centre)}, {"inner", z.inner}, {"outer", z.outer}});
  nlohmann::json relations = nlohmann::json::array();
  for (const Relation& r : c.relations) relations.push_back({{"clan", text(r.clan)}, {"ally", r.ally}});
  return {{"index", index},
          {"name", text(c.name)},
          {"type", c.type},
          {"type_name", clan_type_name(c.type)},
          {"parent", c.parent},
          {"base", {c.base[0], c.base[1]}},
          {"ai_script", text(c.ai_script)},
          {"zones", std::move(zones)},
          {"behaviour", text(c.behaviour)},
          {"minds", c.minds},
          {"relations", std::move(relations)}};
}

nlohmann::json object_json(const Object& o, std::size_t index) {
  nlohmann::json properties = nlohmann::json::array();
  for (const Property& p : o.properties)
    properties.push_back({{"name", text(p.name)},
                          {"type", p.type},
                          {"value", word(p.type, p.value)},
                          {"min", word(p.type, p.minimum)},
                          {"max", word(p.type, p.maximum)}});
  return {{"index", index},
          {"kind", o.kind},
          {"kind_name", object_kind_name(o.kind)},
          {"path", text(o.path)},
          {"clan", o.clan},
          {"logical_id", o.logical_id},
          {"position", vec(o.position)},
          {"rotation", vec(o.rotation)},
          {"scale", vec(o.scale)},
          {"name", text(o.name)},
          {"start_flag", o.start_flag},
          {"host", o.host},
          {"hallway", o.hallway},
          {"properties", std::move(properties)}};
}

}  // namespace

nlohmann::json mission_json(const Mission& m) {
  nlohmann::json routes = nlohmann::json::array();
  for (const Route& r : m.routes) {
    nlohmann::json points = nlohmann::json::array();
    for (const Vec3& p : r.points) points.push_back(vec(p));
    routes.push_back({{"id", r.id}, {"points", std::move(points)}});
  }
  nlohmann::json clans = nlohmann::json::array();
  for (std::size_t i = 0; i < m.clans.size(); ++i) clans.push_back(clan_json(m.clans[i], i));
  nlohmann::json objects = nlohmann::json::array();
  nlohmann::json by_kind = nlohmann::json::object();
  for (std::size_t i = 0; i < m.objects.size(); ++i) {
    objects.push_back(object_json(m.objects[i], i));
    auto& n = by_kind[std::string(object_kind_name(m.objects[i].kind))];
    n = n.is_null() ? 1 : n.get<int>() + 1;
  }
  nlohmann::json lodes = nlohmann::json::array();
  for (const Lode& l : m.lodes)
    lodes.push_back(
        {{"position", vec(l.position)}, {"found", l.found}, {"type", l.type}, {"amount", l.amount}, {"word", l.last}});
  return {{"versions", {{"routes", m.route_version}, {"clans", m.clan_version}, {"objects", m.object_version},
                        {"lodes", m.lode_version}}},
          {"map_path", text(m.map_path)},
          {"map_folder", cp1251_to_utf8(map_folder(m.map_path))},
          {"map_word", m.map_word},
          {"description", text(m.description)},
          {"description_bytes", m.description.size()},
          {"objects_by_kind", std::move(by_kind)},
          {"routes", std::move(routes)},
          {"clans", std::move(clans)},
          {"objects", std::move(objects)},
          {"lodes", std::move(lodes)}};
}

}  // namespace parkan::mission
