// The sample game's mounted unit (docs/formats/unit.md 3; the world specification section 4,
// "Mounting"): a tracked carrier whose Base_TL socket holds a turret part, whose own Base_gun socket
// holds a gun part. As the engine mounts them, each part's root node is dropped and its children hang
// on the parent's socket, so the turret and the gun have a geometry-less root. The carrier's socket is
// turned a quarter turn about Z (a socket's rotation counts). Shapes from planar polygons and prisms,
// no std::sin or std::cos (a seed gives the same bytes on every platform). mounts.rlb holds the three
// models with their WEAR (the tank's rows), in both sizes of the game.
#include "sample/sample_model_assets.hpp"
#include "sample/sample_model_catalog.hpp"
#include "sample/sample_world.hpp"

namespace parkan::sample {

namespace {

using mesh::SlotMesh;
using msh::Vec3;
using namespace wear_row;

SampleNode mount_node(std::string name, std::uint16_t parent, Vec3 pos, SlotMesh geometry) {
  SampleNode n;
  n.name = std::move(name);
  n.parent = parent;
  n.pos = pos;
  if (!geometry.empty()) n.slots[{0, 0}] = std::move(geometry);
  return n;
}

SampleModel carrier_model() {
  SlotMesh hull;
  hull.hexahedron(tank_camo,
                  {Vec3{-1.6f, -2.8f, 0.4f}, {1.6f, -2.8f, 0.4f}, {1.6f, 2.8f, 0.4f}, {-1.6f, 2.8f, 0.4f},
                   {-1.5f, -2.2f, 1.4f}, {1.5f, -2.2f, 1.4f}, {1.5f, 2.6f, 1.4f}, {-1.5f, 2.6f, 1.4f}},
                  2.0f);
  for (float side : {-1.0f, 1.0f}) {
    const float inner = 1.6f * side, outer = 2.2f * side;
    hull.hexahedron(tank_tread,
                    {Vec3{std::min(inner, outer), -2.7f, 0.0f}, {std::max(inner, outer), -2.7f, 0.0f},
                     {std::max(inner, outer), 2.7f, 0.0f}, {std::min(inner, outer), 2.7f, 0.0f},
                     {std::min(inner, outer), -3.2f, 0.9f}, {std::max(inner, outer), -3.2f, 0.9f},
                     {std::max(inner, outer), 3.2f, 0.9f}, {std::min(inner, outer), 3.2f, 0.9f}},
                    1.0f);
  }
  SampleModel model;
  model.nodes.push_back(mount_node("hull", msh::kNoParent, {0, 0, 0}, std::move(hull)));
  SampleNode socket = mount_node("Base_TL", 0, {0.0f, 0.3f, 1.4f}, {});
  socket.socket = "e_tur_tt";
  socket.rest = catalog_rotation({0, 0, 1}, kCatalogPi / 2);  // the turret looks along +X
  model.nodes.push_back(std::move(socket));
  return model;
}

SampleModel turret_model() {
  SlotMesh head;
  head.tapered_box(tank_camo, {-1.1f, -1.3f, 0.0f}, {1.1f, 1.3f, 0.8f}, 0.2f, 0.2f, 2.0f);
  catalog_prism(head, tank_steel, 2, {0.45f, 0.4f, 0.8f}, 0.3f, 0.2f, 8, 1.0f);  // the hatch
  SampleModel model;
  model.nodes.push_back(mount_node("root", msh::kNoParent, {0, 0, 0}, {}));
  model.nodes.push_back(mount_node("head", 0, {0, 0, 0}, std::move(head)));
  SampleNode socket = mount_node("Base_gun", 1, {0.0f, -1.3f, 0.4f}, {});
  socket.socket = "e_gun_";
  model.nodes.push_back(std::move(socket));
  return model;
}

SampleModel gun_model() {
  SlotMesh barrel;
  barrel.box(tank_steel, {-0.35f, -0.25f, -0.25f}, {0.35f, 0.2f, 0.25f}, 1.0f);  // the mantlet
  catalog_prism(barrel, tank_steel, 1, {0.0f, -0.25f, 0.0f}, 0.12f, -3.0f, 8, 1.0f);
  SampleModel model;
  model.nodes.push_back(mount_node("root", msh::kNoParent, {0, 0, 0}, {}));
  model.nodes.push_back(mount_node("barrel", 0, {0, 0, 0}, std::move(barrel)));
  return model;
}

}  // namespace

std::vector<MountModel> mount_models() {
  return {{std::string(kMountChassisKey), "carrier", carrier_model()},
          {std::string(kMountTurretKey), "mount_turret", turret_model()},
          {std::string(kMountGunKey), "mount_gun", gun_model()}};
}

}  // namespace parkan::sample
