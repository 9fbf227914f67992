// glTF world export: what a mission marks without a model (docs/formats/mission.md 2): each route a
// node with a LINE_LOOP mesh through its corners (a route is a polygon), each nature clan's zone and
// each mineral lode an empty node at its place, their fields in extras. One group node per kind.
#include <cmath>

#include <fmt/format.h>

#include "export/gltf_world_internal.hpp"
#include "parkan/core/text.hpp"

namespace parkan::gltf::detail {

namespace {

int marker_group(WorldDocument& doc, std::string name, const std::vector<int>& children) {
  tinygltf::Node group;
  group.name = std::move(name);
  group.children = children;
  return push_node(doc.model, std::move(group));
}

tinygltf::Node marker_at(std::string name, const mission::Vec3& at) {
  tinygltf::Node node;
  node.name = std::move(name);
  if (std::isfinite(at[0]) && std::isfinite(at[1]) && std::isfinite(at[2]))  // glTF takes no NaN
    node.translation = {double(at[0]), double(at[1]), double(at[2])};
  return node;
}

}  // namespace

std::vector<int> add_markers(WorldDocument& doc, const mission::Mission& mission) {
  std::vector<int> groups;
  std::vector<int> routes;
  for (std::size_t r = 0; r < mission.routes.size(); ++r) {
    const mission::Route& route = mission.routes[r];
    tinygltf::Node node;
    node.name = fmt::format("route {}", route.id);
    tinygltf::Value::Object extras;
    extras["marker"] = tinygltf::Value(std::string("route"));
    extras["id"] = int_value(route.id);
    extras["points"] = int_value(route.points.size());
    node.extras = tinygltf::Value(std::move(extras));
    std::vector<msh::Vec3> points;
    for (const mission::Vec3& p : route.points)
      if (std::isfinite(p[0]) && std::isfinite(p[1]) && std::isfinite(p[2])) points.push_back(p);
    if (points.size() >= 2) {
      tinygltf::Primitive line;
      line.mode = TINYGLTF_MODE_LINE_LOOP;
      line.attributes["POSITION"] = doc.buffer.add_vec3(points, TINYGLTF_TARGET_ARRAY_BUFFER);
      tinygltf::Mesh mesh;
      mesh.name = node.name;
      mesh.primitives.push_back(std::move(line));
      doc.model.meshes.push_back(std::move(mesh));
      node.mesh = int(doc.model.meshes.size() - 1);
    }
    routes.push_back(push_node(doc.model, std::move(node)));
  }
  if (!routes.empty()) groups.push_back(marker_group(doc, "routes", routes));

  std::vector<int> zones;
  for (std::size_t c = 0; c < mission.clans.size(); ++c) {
    const mission::Clan& clan = mission.clans[c];
    for (std::size_t z = 0; z < clan.zones.size(); ++z) {
      const mission::Zone& zone = clan.zones[z];
      tinygltf::Node node = marker_at(fmt::format("zone {} {}", cp1251_to_utf8(mission::stored_text(clan.name)), z),
                                      zone.centre);
      tinygltf::Value::Object extras;
      extras["marker"] = tinygltf::Value(std::string("zone"));
      extras["clan"] = int_value(c);
      extras["kind"] = int_value(zone.kind);
      extras["inner"] = tinygltf::Value(double(zone.inner));
      extras["outer"] = tinygltf::Value(double(zone.outer));
      node.extras = tinygltf::Value(std::move(extras));
      zones.push_back(push_node(doc.model, std::move(node)));
    }
  }
  if (!zones.empty()) groups.push_back(marker_group(doc, "zones", zones));

  std::vector<int> lodes;
  for (std::size_t l = 0; l < mission.lodes.size(); ++l) {
    const mission::Lode& lode = mission.lodes[l];
    tinygltf::Node node = marker_at(fmt::format("lode {}", l), lode.position);
    tinygltf::Value::Object extras;
    extras["marker"] = tinygltf::Value(std::string("lode"));
    extras["type"] = int_value(lode.type);
    extras["found"] = int_value(lode.found);
    extras["amount"] = tinygltf::Value(double(lode.amount));
    node.extras = tinygltf::Value(std::move(extras));
    lodes.push_back(push_node(doc.model, std::move(node)));
  }
  if (!lodes.empty()) groups.push_back(marker_group(doc, "lodes", lodes));
  return groups;
}

}  // namespace parkan::gltf::detail
