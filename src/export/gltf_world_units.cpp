// glTF world export: a unit assembly's parts on their sockets (world specification 4, "Mounting";
// docs/formats/unit.md 3). The root part's model is placed whole; a turret or gun hangs on the node
// its attachment names in its parent part's mesh (a geometry-less Base_* socket whose rotation
// counts), its own root node dropped and that node's children hung on the socket. Each drawn part is
// one glTF node named after the part, between the socket and the part's model nodes.
#include <fmt/format.h>

#include "export/gltf_world_internal.hpp"
#include "parkan/core/text.hpp"
#include "parkan/export/codes.hpp"

namespace parkan::gltf::detail {

namespace {

// A part's glTF node: identity transform, named "<display name> (<key>)", the part's record in extras.
int part_node(WorldDocument& doc, const unit::Part& part, std::size_t index, int parent) {
  tinygltf::Node node;
  node.name = fmt::format("{} ({})", cp1251_to_utf8(part.name), cp1251_to_utf8(part.key));
  tinygltf::Value::Object extras;
  extras["part"] = int_value(index);
  extras["key"] = text_value(part.key);
  extras["class"] = int_value(part.part_class);
  extras["class_name"] = tinygltf::Value(std::string(unit::part_class_name(part.part_class)));
  extras["attachment"] = signed_value(part.attachment);
  node.extras = tinygltf::Value(std::move(extras));
  const int added = push_node(doc.model, std::move(node));
  doc.model.nodes[std::size_t(parent)].children.push_back(added);
  return added;
}

}  // namespace

int mounted_root(const ModelTemplate& model) {
  return !model.nodes.empty() && model.nodes[0].parent == msh::kNoParent ? 0 : -1;
}

std::size_t mount_assembly(WorldDocument& doc, ModelLibrary& library, const unit::Assembly& assembly, int parent,
                           std::string_view context) {
  struct Placed {
    const ModelTemplate* model = nullptr;
    std::vector<int> gltf_node;  // model node -> glTF node
    int node = -1;               // the part's own glTF node
  };
  std::vector<Placed> placed(assembly.parts.size());
  std::size_t drawn = 0;
  for (std::size_t i = 0; i < assembly.parts.size(); ++i) {
    const unit::Part& part = assembly.parts[i];
    const std::string where = fmt::format("{}: part {}", context, i);
    const bool root = part.parent < 0 || std::size_t(part.parent) >= i;
    if (!root && !unit::hangs_on_socket(part)) continue;  // a controller slot: not drawn
    int hang_on = parent;
    if (!root) {
      const Placed& owner = placed[std::size_t(part.parent)];
      if (owner.node < 0) continue;  // its parent is not drawn
      const std::int32_t socket = part.attachment;
      const bool in_mesh = owner.model && socket >= 0 && std::size_t(socket) < owner.gltf_node.size() &&
                           owner.gltf_node[std::size_t(socket)] >= 0;
      if (!in_mesh) {
        doc.warn(codes::kMissionSocket,
                 fmt::format("{} ({}): attachment {} is no node of its parent's mesh: hung on the parent part", where,
                             cp1251_to_utf8(part.key), socket));
        hang_on = owner.node;
      } else {
        hang_on = owner.gltf_node[std::size_t(socket)];
        if (!unit::is_socket_name(owner.model->nodes[std::size_t(socket)].name))
          doc.warn(codes::kMissionSocket, fmt::format("{} ({}): node {} \"{}\" of its parent's mesh is no Base_* socket",
                                                      where, cp1251_to_utf8(part.key), socket,
                                                      cp1251_to_utf8(owner.model->nodes[std::size_t(socket)].name)));
      }
    }
    Placed& self = placed[i];
    self.model = library.prototype(part.key, where);
    self.node = part_node(doc, part, i, hang_on);
    ++drawn;
    if (!self.model) continue;
    std::vector<int> tops;
    self.gltf_node = instantiate_template(*self.model, root ? -1 : mounted_root(*self.model), doc.model, tops);
    auto& children = doc.model.nodes[std::size_t(self.node)].children;
    children.insert(children.end(), tops.begin(), tops.end());
  }
  return drawn;
}

}  // namespace parkan::gltf::detail
