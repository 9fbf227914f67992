// The .ndp and .cpt beside the sample's buildings, vehicles, robots and turrets, shaped like the
// retail ones (docs/formats/objdata.md 1, 2): as many damage records as the model has nodes (541 of
// 542 retail files), the root node's death kills the object, interiors and sockets cannot be hit;
// control points mostly with a zero first triple (3,432 of 3,599 retail points), the others on a node.
#include "sample/sample_object_data.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "parkan/objdata/objdata.hpp"
#include "parkan/msh/model.hpp"
#include "sample/sample_shared_names.hpp"

namespace parkan::sample {

namespace {

constexpr std::int32_t kNodeKillsObject = 0x2;  // flags bit 1 (docs/formats/objdata.md 1)
constexpr std::int32_t kNodeScenery = 0x1;
constexpr float kIndestructible = 1.0e6f;

// The explosion by the object's size: small props and turrets, medium vehicles and robots, big buildings.
std::string_view explosion_of(std::string_view family) {
  using shared_names::kExplosions;
  if (family == "building") return kExplosions[2];
  if (family == "vehicle" || family == "robot") return kExplosions[1];
  return kExplosions[0];
}

bool is_socket_or_interior(const SampleNode& node) {
  return node.name.starts_with("Base_") || (node.flags & msh::kNodeInterior) != 0;
}

}  // namespace

SampleObjectData sample_object_data(const SampleModel& model, std::string_view family) {
  std::vector<objdata::NodeDamage> damage;
  damage.reserve(model.nodes.size());
  const float base_hp = family == "building" ? 4000.0f : family == "turret" ? 600.0f : 1200.0f;
  for (std::size_t i = 0; i < model.nodes.size(); ++i) {
    objdata::NodeDamage d;
    const SampleNode& node = model.nodes[i];
    d.flags = i == 0 ? kNodeKillsObject : 0;
    if (family == "building" && i != 0) d.flags |= kNodeScenery;
    d.hit_points = is_socket_or_interior(node) ? kIndestructible : base_hp / float(1 + i);
    d.density = family == "building" ? 2.4f : 7.8f;
    d.archive = std::string(shared_names::kExplosionArchive);
    d.effect = std::string(explosion_of(family));
    damage.push_back(std::move(d));
  }
  std::vector<objdata::ControlPoint> points;
  auto point = [&](std::string name, std::uint32_t node, bool on_node, msh::Vec3 at) {
    objdata::ControlPoint p;
    if (on_node) p.nodes = {0, node, node};
    p.position = at;
    p.direction = {0.0f, 0.0f, 1.0f};
    p.name = std::move(name);
    points.push_back(std::move(p));
  };
  point("CameraCenter", 0, false, {0.0f, -6.0f, 3.0f});
  point(family == "turret" ? "TurretCenter" : "P000", 0, false, {0.0f, 0.0f, 1.0f});
  // One explosion point on each of the first three nodes that are not the root.
  const std::size_t last = std::min<std::size_t>(model.nodes.size(), 4);
  for (std::size_t i = 1; i < last; ++i)
    point(fmt::format("Exp_{}", i - 1), static_cast<std::uint32_t>(i), true, model.nodes[i].pos);
  // Names and counts are well within the writers' limits.
  return {objdata::write_ndp(damage).value(), objdata::write_cpt(points).value()};
}

}  // namespace parkan::sample
