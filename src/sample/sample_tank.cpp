// The sample tank: a hull with a sloped glacis on two tracks with road wheels, a turret on the hull
// and a gun on the turret (nodes hull -> track_l, track_r, turret -> barrel). The turret sweeps
// slowly left and right (+-40 degrees over 120 frames), the gun rises and dips a little. As on the
// retail vehicles (docs/formats/msh.md 2.2, 2.3, 6.2): sockets Base_TL (the turret's, type 10
// "e_tur_tt") and Base_gun ("e_gun_"), both without geometry; the cockpit node CP_m1o1 (flag 0x20,
// geometry only at level 4: the gunner's first-person view) in the turret; the barrel also at level 4
// (seen from that view). A side plate on each hull side draws one Page cell of PANEL.A. The front is
// -Y (glTF's +Z after the exporter's axis change); model units are metres, Z up.
#include <cmath>
#include <numbers>

#include "sample/sample_model_assets.hpp"
#include "sample/sample_model_builder.hpp"

namespace parkan::sample {

namespace {

using mesh::SlotMesh;
using msh::Vec3;
using namespace wear_row;

using mesh::kPi;
constexpr std::uint32_t kSweepFrames = 120;
constexpr Vec3 kTurretPos = {0.0f, 0.4f, 1.55f};  // on the hull's deck, a little behind the centre
constexpr Vec3 kBarrelPos = {0.0f, -1.2f, 0.4f};  // the trunnions in the turret's front

SlotMesh hull() {
  SlotMesh m;
  // Lower hull between the tracks, its nose sloping back towards the ground.
  m.hexahedron(tank_camo,
               {Vec3{-1.3f, -2.7f, 0.35f}, {1.3f, -2.7f, 0.35f}, {1.3f, 2.9f, 0.35f}, {-1.3f, 2.9f, 0.35f},
                {-1.3f, -3.25f, 0.95f}, {1.3f, -3.25f, 0.95f}, {1.3f, 3.15f, 0.95f}, {-1.3f, 3.15f, 0.95f}},
               2.0f);
  // Upper hull over the tracks with the glacis plate in front.
  m.hexahedron(tank_camo,
               {Vec3{-1.95f, -3.25f, 0.95f}, {1.95f, -3.25f, 0.95f}, {1.95f, 3.15f, 0.95f}, {-1.95f, 3.15f, 0.95f},
                {-1.95f, -2.2f, 1.55f}, {1.95f, -2.2f, 1.55f}, {1.95f, 3.0f, 1.55f}, {-1.95f, 3.0f, 1.55f}},
               2.0f);
  // Engine deck: two exhausts and a grille at the back, a driver's hatch in front.
  m.box(tank_steel, {-1.6f, 2.45f, 1.55f}, {-0.95f, 2.95f, 1.72f}, 1.0f);
  m.box(tank_steel, {0.95f, 2.45f, 1.55f}, {1.6f, 2.95f, 1.72f}, 1.0f);
  m.box(tank_steel, {-0.7f, 1.9f, 1.55f}, {0.7f, 2.8f, 1.62f}, 1.0f);
  m.cylinder(tank_steel, 2, {-0.8f, -1.75f, 1.55f}, 0.32f, 0.12f, 10, 1.0f);
  // Side plates: one Page cell each (TANK_PLATE, p17 = 1), the UVs spanning the cell once.
  m.decal(tank_plate, {Vec3{1.97f, 0.2f, 1.0f}, {1.97f, 1.8f, 1.0f}, {1.97f, 1.8f, 1.5f}, {1.97f, 0.2f, 1.5f}});
  m.decal(tank_plate, {Vec3{-1.97f, 1.8f, 1.0f}, {-1.97f, 0.2f, 1.0f}, {-1.97f, 0.2f, 1.5f}, {-1.97f, 1.8f, 1.5f}});
  // Headlights on the glacis.
  m.cylinder(tank_steel, 1, {-1.5f, -3.0f, 1.2f}, 0.11f, -0.2f, 8, 0.5f);
  m.cylinder(tank_steel, 1, {1.5f, -3.0f, 1.2f}, 0.11f, -0.2f, 8, 0.5f);
  return m;
}

// One track: the belt with sloped ends, six road wheels, a drive sprocket and an idler on the
// outside face. `side` is -1 (left, -X) or +1 (right).
SlotMesh track(float side) {
  SlotMesh m;
  float inner = 1.3f * side, outer = 1.95f * side;
  float x0 = std::min(inner, outer), x1 = std::max(inner, outer);
  m.hexahedron(tank_tread,
               {Vec3{x0, -2.8f, 0.0f}, {x1, -2.8f, 0.0f}, {x1, 2.8f, 0.0f}, {x0, 2.8f, 0.0f},
                {x0, -3.45f, 0.95f}, {x1, -3.45f, 0.95f}, {x1, 3.35f, 0.95f}, {x0, 3.35f, 0.95f}},
               1.0f);
  float out = 0.12f * side;  // wheels stand out of the belt's outer face
  for (int k = 0; k < 6; ++k)
    m.cylinder(tank_steel, 0, {outer, -2.3f + 0.92f * static_cast<float>(k), 0.42f}, 0.36f, out, 14, 1.0f);
  m.cylinder(tank_steel, 0, {outer, -3.05f, 0.68f}, 0.28f, out, 12, 1.0f);  // sprocket
  m.cylinder(tank_steel, 0, {outer, 3.0f, 0.66f}, 0.26f, out, 12, 1.0f);    // idler
  return m;
}

SlotMesh turret() {
  SlotMesh m;
  // A cast turret: sloped cheeks, wider at the ring than at the roof.
  m.hexahedron(tank_camo,
               {Vec3{-1.35f, -1.45f, 0.0f}, {1.35f, -1.45f, 0.0f}, {1.35f, 1.5f, 0.0f}, {-1.35f, 1.5f, 0.0f},
                {-1.0f, -1.05f, 0.78f}, {1.0f, -1.05f, 0.78f}, {1.0f, 1.3f, 0.78f}, {-1.0f, 1.3f, 0.78f}},
               2.0f);
  m.tapered_box(tank_camo, {-1.1f, 1.45f, 0.1f}, {1.1f, 2.15f, 0.68f}, 0.08f, 0.05f, 2.0f);  // rear bustle
  m.cylinder(tank_steel, 2, {0.5f, 0.45f, 0.78f}, 0.36f, 0.26f, 14, 1.0f);                 // cupola
  m.cylinder(tank_steel, 2, {0.5f, 0.45f, 1.04f}, 0.22f, 0.06f, 10, 1.0f);                 // its hatch
  m.box(tank_steel, {-0.85f, -0.6f, 0.78f}, {-0.4f, -0.15f, 0.95f}, 1.0f);                // sight
  m.cylinder(tank_steel, 2, {-0.75f, 1.7f, 0.68f}, 0.03f, 1.6f, 4, 1.0f);                 // antenna
  return m;
}

SlotMesh barrel() {
  SlotMesh m;
  m.tapered_box(tank_steel, {-0.42f, -0.35f, -0.3f}, {0.42f, 0.2f, 0.3f}, 0.06f, 0.06f, 1.0f);  // mantlet
  m.cylinder(tank_steel, 1, {0.0f, -0.35f, 0.0f}, 0.17f, -0.9f, 12, 1.0f);   // thick breech end
  m.cylinder(tank_steel, 1, {0.0f, -1.25f, 0.0f}, 0.12f, -2.6f, 12, 1.0f);   // the tube
  m.cylinder(tank_steel, 1, {0.0f, -3.85f, 0.0f}, 0.19f, -0.4f, 12, 1.0f);   // muzzle brake
  return m;
}

SampleNode node(std::string name, std::uint16_t parent, Vec3 pos, SlotMesh geometry) {
  SampleNode n;
  n.name = std::move(name);
  n.parent = parent;
  n.pos = pos;
  if (!geometry.empty()) n.slots[{0, 0}] = std::move(geometry);
  return n;
}

}  // namespace

SampleModel tank_model() {
  SampleModel model;
  model.nodes.push_back(node("hull", msh::kNoParent, {0, 0, 0}, hull()));
  model.nodes.push_back(node("track_l", 0, {0, 0, 0}, track(-1.0f)));
  model.nodes.push_back(node("track_r", 0, {0, 0, 0}, track(1.0f)));
  SampleNode& turret_node = model.nodes.emplace_back(node("turret", 0, kTurretPos, turret()));
  turret_node.keys = sample_keys(kSweepFrames, 5, [](float t) {
    float yaw = 0.7f * std::sin(2.0f * kPi * t / static_cast<float>(kSweepFrames));
    return NodePoseAt{kTurretPos, node_rotation({0, 0, 1}, yaw)};
  });
  SampleNode& barrel_node = model.nodes.emplace_back(node("barrel", 3, kBarrelPos, barrel()));
  barrel_node.slots[{0, msh::kCockpitLevel}] = barrel();
  barrel_node.keys = sample_keys(kSweepFrames, 5, [](float t) {
    float elevation = 0.06f + 0.06f * std::sin(4.0f * kPi * t / static_cast<float>(kSweepFrames));
    return NodePoseAt{kBarrelPos, node_rotation({1, 0, 0}, -elevation)};  // the muzzle (-Y) rises
  });
  SampleNode& turret_socket = model.nodes.emplace_back(node("Base_TL", 0, kTurretPos, {}));
  turret_socket.socket = "e_tur_tt";
  SampleNode& gun_socket = model.nodes.emplace_back(node("Base_gun", 3, kBarrelPos, {}));
  gun_socket.socket = "e_gun_";
  SampleNode& cockpit = model.nodes.emplace_back(node("CP_m1o1", 3, {-0.3f, -0.2f, 0.6f}, {}));
  cockpit.flags = msh::kNodeCockpit;
  cockpit.slots[{0, msh::kCockpitLevel}] = cockpit_interior(tank_steel, tank_plate, 1.4f);
  return model;
}

}  // namespace parkan::sample
