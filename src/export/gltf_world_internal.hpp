#pragma once
// The parts of the world export (gltf_world.hpp), shared by its source files only.
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "export/gltf_internal.hpp"
#include "parkan/export/gltf_world.hpp"
#include "parkan/mission/mission.hpp"
#include "parkan/terrain/land.hpp"
#include "parkan/unit/assembly.hpp"

namespace parkan::gltf::detail {

// One glTF document made of many models (gltf_world.cpp).
struct WorldDocument {
  WorldDocument(resource::Game* game_folder, const Options& export_options, Container kind, std::string name);
  void warn(std::string code, std::string message);

  resource::Game* game;
  const Options& options;
  Container container;
  std::string display_name;  // the mission or .dat, for messages
  std::vector<Diagnostic> warnings;
  tinygltf::Model model;
  BufferBuilder buffer;
  DocumentMaterials materials;
  NamedMaterials named;  // materials by name, over every chain of the document
};

// The models the world places (gltf_world_models.cpp): objects.rlb keys resolved to their MSH, each
// model read, checked and built once into glTF meshes (ModelTemplate); .dat files read once.
class ModelLibrary {
 public:
  explicit ModelLibrary(WorldDocument& document) : doc_(document) {}
  // The model of a prototype key, or null with a warning (gltf.mission.key: no such key or no model;
  // gltf.mission.model: the model does not read or cannot be exported). `context` starts the message.
  const ModelTemplate* prototype(std::string_view key, std::string_view context);
  // A .dat by the path a mission stores ('\\' separated, relative to the game folder), or null with a
  // warning (gltf.mission.unit).
  const unit::Assembly* assembly(std::string_view path, std::string_view context);
  std::size_t distinct_models() const;

 private:
  const ModelTemplate* model(const std::string& archive, const std::string& entry, std::string_view context);

  WorldDocument& doc_;
  bool registry_tried_ = false;
  std::shared_ptr<const resource::Archive> registry_;  // objects.rlb
  std::map<std::string, const ModelTemplate*> by_key_;                       // folded key
  std::map<std::string, std::unique_ptr<ModelTemplate>> by_model_;           // folded "archive::entry"; null: failed
  std::map<std::string, std::optional<std::pair<resource::Payload, unit::Assembly>>> assemblies_;  // folded path
};

// The engine's placement of an object (world specification 3): translation · Rz·Ry·Rx, the angles
// in radians; +z turns +x to +y.
std::array<double, 4> placement_rotation(const mission::Vec3& angles);  // glTF [x, y, z, w]
msh::Mat4 placement_matrix(const mission::Vec3& position, const mission::Vec3& angles);

// An assembly's parts hung under the glTF node `parent` (gltf_world_units.cpp): the root part's model
// whole, each turret or gun on its parent part's socket minus its own root node (world specification
// 4, "Mounting"). Returns the number of parts drawn.
std::size_t mount_assembly(WorldDocument& doc, ModelLibrary& library, const unit::Assembly& assembly, int parent,
                           std::string_view context);
// The model node a mounted part loses (its root node 0), or -1 when node 0 is not a root.
int mounted_root(const ModelTemplate& model);

// The terrain's level 0 as one glTF node (gltf_world_terrain.cpp): a primitive per (tex1, tex2) pair,
// and again with tex2's material as a BLEND primitive for the pairs with a second material; bed faces
// left out. Returns the glTF node, or -1 with a warning when the map cannot be read.
Result<int> add_terrain(WorldDocument& doc, const std::string& map_folder);

// Routes, clan zones and lodes as named marker nodes (gltf_world_markers.cpp), each group one node.
std::vector<int> add_markers(WorldDocument& doc, const mission::Mission& mission);

// A glTF node appended to the document; returns its index.
int push_node(tinygltf::Model& model, tinygltf::Node node);

}  // namespace parkan::gltf::detail
