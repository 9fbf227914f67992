// glTF world export (gltf_world.hpp): a mission as one scene, a unit assembled. Under the Z-up to
// Y-up root (docs/formats/msh.md 13.2): the terrain node, an "objects" node holding one node per placed
// object (placement = translation · Rz·Ry·Rx, world specification 3; kinds 2/3 scaled), and the marker
// groups. Every distinct model is built once (ModelLibrary) and its meshes are shared by the objects.
#include <cmath>

#include <fmt/format.h>

#include "export/gltf_world_internal.hpp"
#include "parkan/core/text.hpp"
#include "parkan/export/codes.hpp"

namespace parkan::gltf::detail {

WorldDocument::WorldDocument(resource::Game* game_folder, const Options& export_options, Container kind,
                             std::string name)
    : game(game_folder), options(export_options), container(kind), display_name(std::move(name)), buffer(model),
      materials(export_options, kind, model, buffer) {
  model.asset.version = "2.0";
  model.asset.generator = "parkan export gltf";
}

void WorldDocument::warn(std::string code, std::string message) {
  warnings.push_back(Diagnostic{std::move(code), Severity::warning, Location{display_name, {}, {}}, std::move(message)});
}

int push_node(tinygltf::Model& model, tinygltf::Node node) {
  model.nodes.push_back(std::move(node));
  return int(model.nodes.size() - 1);
}

std::array<double, 4> placement_rotation(const mission::Vec3& angles) {
  // q = qz * qy * qx (the matrix Rz·Ry·Rx applies x first), each a right-handed turn.
  const double hx = double(angles[0]) / 2, hy = double(angles[1]) / 2, hz = double(angles[2]) / 2;
  const double cx = std::cos(hx), sx = std::sin(hx), cy = std::cos(hy), sy = std::sin(hy), cz = std::cos(hz),
               sz = std::sin(hz);
  const double w = cz * cy * cx + sz * sy * sx;
  const double x = cz * cy * sx - sz * sy * cx;
  const double y = cz * sy * cx + sz * cy * sx;
  const double z = sz * cy * cx - cz * sy * sx;
  return {x, y, z, w};
}

msh::Mat4 placement_matrix(const mission::Vec3& position, const mission::Vec3& angles) {
  const double cx = std::cos(double(angles[0])), sx = std::sin(double(angles[0])), cy = std::cos(double(angles[1])),
               sy = std::sin(double(angles[1])), cz = std::cos(double(angles[2])), sz = std::sin(double(angles[2]));
  // Rz·Ry·Rx, row-major, translation at 3, 7, 11 (the engine's order, msh::Mat4).
  return {float(cz * cy), float(cz * sy * sx - sz * cx), float(cz * sy * cx + sz * sx), position[0],
          float(sz * cy), float(sz * sy * sx + cz * cx), float(sz * sy * cx - cz * sx), position[1],
          float(-sy),     float(cy * sx),                float(cy * cx),                position[2],
          0, 0, 0, 1};
}

namespace {

bool finite3(const mission::Vec3& v) { return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]); }

// An object's glTF node name: its instance name, else its path and logical id.
std::string object_name(const mission::Object& o) {
  const std::string name = cp1251_to_utf8(mission::stored_text(o.name));
  if (!name.empty()) return name;
  return fmt::format("{} #{}", cp1251_to_utf8(mission::stored_text(o.path)), o.logical_id);
}

// The scale of a kind 2/3 object (uniform in retail; the three stored values, each non-finite or zero
// one taken as 1). Buildings and units are not scaled (the engine ignores theirs).
std::vector<double> object_scale(const mission::Object& o) {
  std::vector<double> scale;
  for (float s : o.scale) scale.push_back(std::isfinite(s) && s != 0.0f ? double(s) : 1.0);
  return scale;
}

// Where a hosted unit starts (world specification 3): node `hallway` of its host building's MSH
// stream-17 graph, in world space. nullopt (with a warning) when the host or the node is not there.
std::optional<mission::Vec3> hallway_position(WorldDocument& doc, ModelLibrary& library, const mission::Mission& m,
                                              const mission::Object& unit_object, std::string_view context) {
  const mission::Object* host = nullptr;
  for (const mission::Object& o : m.objects)
    if (o.kind == std::uint32_t(mission::ObjectKind::building) && o.logical_id == unit_object.host) host = &o;
  if (!host) {
    doc.warn(codes::kMissionHost, fmt::format("{}: host building {} is no building of the mission: placed at its own "
                                              "position", context, unit_object.host));
    return std::nullopt;
  }
  const unit::Assembly* assembly = library.assembly(host->path, context);
  const ModelTemplate* model = assembly && !assembly->parts.empty() ? library.prototype(assembly->parts[0].key, context)
                                                                    : nullptr;
  if (!model) return std::nullopt;  // warned
  if (unit_object.hallway < 0 || std::size_t(unit_object.hallway) >= model->path_nodes.size() ||
      model->path_nodes[std::size_t(unit_object.hallway)].frame_node >= model->nodes.size()) {
    doc.warn(codes::kMissionHost, fmt::format("{}: hall-way node {} is not in its host's graph ({} nodes): placed at "
                                              "its own position", context, unit_object.hallway, model->path_nodes.size()));
    return std::nullopt;
  }
  const msh::PathNode& point = model->path_nodes[std::size_t(unit_object.hallway)];
  const msh::Mat4 world = msh::multiply(placement_matrix(host->position, host->rotation),
                                        model->model_matrix(point.frame_node));
  const msh::Vec3& p = point.position;
  return mission::Vec3{world[0] * p[0] + world[1] * p[1] + world[2] * p[2] + world[3],
                       world[4] * p[0] + world[5] * p[1] + world[6] * p[2] + world[7],
                       world[8] * p[0] + world[9] * p[1] + world[10] * p[2] + world[11]};
}

int add_object(WorldDocument& doc, ModelLibrary& library, const mission::Mission& m, std::size_t index) {
  const mission::Object& o = m.objects[index];
  const std::string context = fmt::format("object {}", index);
  tinygltf::Node node;
  node.name = object_name(o);
  mission::Vec3 position = o.position;
  tinygltf::Value::Object extras;
  extras["object"] = int_value(index);
  extras["kind"] = int_value(o.kind);
  extras["kind_name"] = tinygltf::Value(std::string(mission::object_kind_name(o.kind)));
  extras["clan"] = int_value(o.clan);
  extras["logical_id"] = signed_value(o.logical_id);
  extras["path"] = text_value(mission::stored_text(o.path));
  extras["instance_name"] = text_value(mission::stored_text(o.name));
  if (o.host != mission::kNone) {
    extras["host"] = signed_value(o.host);
    extras["hallway"] = signed_value(o.hallway);
    if (o.kind == std::uint32_t(mission::ObjectKind::unit))
      if (auto at = hallway_position(doc, library, m, o, context)) position = *at;
  }
  node.extras = tinygltf::Value(std::move(extras));
  if (finite3(position)) node.translation = {double(position[0]), double(position[1]), double(position[2])};
  if (finite3(o.rotation)) {
    const std::array<double, 4> q = placement_rotation(o.rotation);
    node.rotation.assign(q.begin(), q.end());
  }
  const bool scenery = o.kind == std::uint32_t(mission::ObjectKind::vegetation) ||
                       o.kind == std::uint32_t(mission::ObjectKind::rock);
  if (scenery) node.scale = object_scale(o);
  const int added = push_node(doc.model, std::move(node));
  if (scenery) {
    if (const ModelTemplate* model = library.prototype(mission::stored_text(o.path), context)) {
      std::vector<int> tops;
      instantiate_template(*model, -1, doc.model, tops);
      auto& children = doc.model.nodes[std::size_t(added)].children;
      children.insert(children.end(), tops.begin(), tops.end());
    }
  } else if (o.kind <= std::uint32_t(mission::ObjectKind::unit)) {
    if (const unit::Assembly* assembly = library.assembly(o.path, context))
      mount_assembly(doc, library, *assembly, added, context);
  }
  return added;
}

Result<Exported> finish(WorldDocument& doc, std::size_t objects) {
  Exported exported;
  if (doc.model.buffers[0].data.empty()) doc.model.buffers.clear();
  auto bytes = serialize(doc.model, doc.container);
  if (!bytes) return std::move(bytes).error().in_file(doc.display_name);
  exported.document = std::move(*bytes);
  exported.images = doc.materials.take_images();
  exported.warnings = std::move(doc.warnings);
  exported.nodes = doc.model.nodes.size() - 1;  // without the axis root
  exported.materials = doc.model.materials.size();
  exported.meshes = doc.model.meshes.size();
  exported.objects = objects;
  for (const tinygltf::Mesh& mesh : doc.model.meshes) exported.primitives += mesh.primitives.size();
  return exported;
}

}  // namespace

}  // namespace parkan::gltf::detail

namespace parkan::gltf {

Result<Exported> export_mission(ByteView bytes, const std::string& display_name, resource::Game* game,
                                const Options& options, Container container) {
  auto mission = mission::read_mission(bytes);
  if (!mission) return std::move(mission).error().in_file(display_name);
  detail::WorldDocument doc(game, options, container, display_name);
  detail::ModelLibrary library(doc);
  std::vector<int> top;
  const std::string map_folder = mission::map_folder(mission::stored_text(mission->map_path));
  if (map_folder.empty()) {
    doc.warn(codes::kMissionMap, fmt::format("the map path \"{}\" names no folder: the terrain is left out",
                                             cp1251_to_utf8(mission::stored_text(mission->map_path))));
  } else {
    PARKAN_ASSIGN(int terrain, detail::add_terrain(doc, map_folder));
    if (terrain >= 0) top.push_back(terrain);
  }
  std::vector<int> objects;
  for (std::size_t i = 0; i < mission->objects.size(); ++i)
    objects.push_back(detail::add_object(doc, library, *mission, i));
  tinygltf::Node group;
  group.name = "objects";
  group.children = objects;
  top.push_back(detail::push_node(doc.model, std::move(group)));
  for (int marker : detail::add_markers(doc, *mission)) top.push_back(marker);
  detail::add_axis_root(doc.model, "mission", std::move(top));
  return detail::finish(doc, objects.size());
}

Result<Exported> export_terrain(const std::string& map_folder, resource::Game& game, const Options& options,
                                Container container) {
  const std::string display = map_folder + "/Land.msh";
  detail::WorldDocument doc(&game, options, container, display);
  PARKAN_ASSIGN(int terrain, detail::add_terrain(doc, map_folder));
  if (terrain < 0) {  // add_terrain said why, as a warning: here it is the error
    Diagnostic why = doc.warnings.back();
    return invalid_rule(why.code, why.message).in_file(display);
  }
  detail::add_axis_root(doc.model, "terrain", {terrain});
  return detail::finish(doc, 0);
}

Result<Exported> export_unit(ByteView bytes, const std::string& display_name, resource::Game* game,
                             const Options& options, Container container) {
  auto assembly = unit::read_assembly(bytes);
  if (!assembly) return std::move(assembly).error().in_file(display_name);
  detail::WorldDocument doc(game, options, container, display_name);
  detail::ModelLibrary library(doc);
  tinygltf::Node node;
  node.name = display_name;
  tinygltf::Value::Object extras;
  extras["class_word"] = detail::int_value(assembly->class_word);
  extras["parts"] = detail::int_value(assembly->parts.size());
  node.extras = tinygltf::Value(std::move(extras));
  const int unit_node = detail::push_node(doc.model, std::move(node));
  const std::size_t drawn = detail::mount_assembly(doc, library, *assembly, unit_node, "unit");
  detail::add_axis_root(doc.model, "unit", {unit_node});
  return detail::finish(doc, drawn);
}

}  // namespace parkan::gltf
