// The sample walker: a two-legged combat robot of 13 nodes (pelvis -> torso -> head, two arms of
// upper arm and forearm, two legs of thigh, shin and foot), LOD 0 and a simpler LOD 1 (fewer sides
// on the joints, no small details), with a 32-frame walk cycle in place:
// the legs swing, the knee of the swinging leg bends, the feet stay level, the pelvis rises so that
// the lower foot stands on the ground, the arms swing against the legs and the torso twists. The
// front is -Y; model units are metres, Z up, the feet on z = 0 in the rest pose. As on the retail
// robots (docs/formats/msh.md 2.2, 2.3, 6.2): the cockpit node CP_m1o1 in the head (flag 0x20,
// geometry only at level 4: the pilot's first-person view) and the gun socket Base_gun (type 10
// "e_gun_") on the right forearm, without geometry.
#include <algorithm>
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
constexpr std::uint32_t kCycle = 32;  // frames of one double step
constexpr std::uint32_t kKeyStep = 2;
constexpr float kHip = 0.1f, kThigh = 1.1f, kShin = 1.1f, kFoot = 0.25f;  // leg segments below the pelvis
constexpr float kStand = kHip + kThigh + kShin + kFoot;                     // pelvis height, legs straight

// Joint angles of one leg at walk phase `phase` (radians): the thigh's forward swing, the knee bend.
struct Leg {
  float swing, knee;
};
Leg leg_at(float phase) {
  return {0.45f * std::sin(phase), 0.1f + 0.8f * std::max(0.0f, std::cos(phase))};
}
float ankle_drop(const Leg& leg) {  // the ankle below the hip joint
  return kThigh * std::cos(leg.swing) + kShin * std::cos(leg.swing - leg.knee);
}
float phase_of(float frame) { return 2.0f * kPi * frame / static_cast<float>(kCycle); }
float pelvis_height(float frame) {
  float phase = phase_of(frame);
  return kHip + kFoot + std::max(ankle_drop(leg_at(phase)), ankle_drop(leg_at(phase + kPi)));
}

int seg(int segments, bool fine) { return fine ? segments : segments / 2; }  // LOD 1: half the sides

SlotMesh pelvis(bool fine) {
  SlotMesh m;
  m.tapered_box(walker_armour, {-0.55f, -0.38f, -0.32f}, {0.55f, 0.38f, 0.18f}, -0.05f, -0.04f, 1.0f);
  m.cylinder(walker_steel, 0, {-0.78f, 0.0f, -kHip}, 0.16f, 1.56f, seg(12, fine), 1.0f);  // hip axle
  return m;
}

SlotMesh torso(bool fine) {
  SlotMesh m;
  m.cylinder(walker_steel, 2, {0.0f, 0.0f, -0.05f}, 0.32f, 0.2f, seg(12, fine), 1.0f);  // waist ring
  // The chest: wider at the shoulders than at the waist, leaning its front forward.
  m.hexahedron(walker_armour,
               {Vec3{-0.55f, -0.42f, 0.12f}, {0.55f, -0.42f, 0.12f}, {0.55f, 0.4f, 0.12f}, {-0.55f, 0.4f, 0.12f},
                {-0.88f, -0.62f, 1.25f}, {0.88f, -0.62f, 1.25f}, {0.88f, 0.5f, 1.25f}, {-0.88f, 0.5f, 1.25f}},
               1.0f);
  m.box(walker_steel, {-0.52f, 0.5f, 0.4f}, {0.52f, 0.92f, 1.15f}, 1.0f);  // power pack
  if (!fine) return m;
  m.cylinder(walker_steel, 2, {-0.3f, 0.78f, 1.15f}, 0.09f, 0.35f, 8, 1.0f);  // exhausts
  m.cylinder(walker_steel, 2, {0.3f, 0.78f, 1.15f}, 0.09f, 0.35f, 8, 1.0f);
  return m;
}

SlotMesh head(bool fine) {
  SlotMesh m;
  m.cylinder(walker_steel, 2, {0.0f, 0.0f, 0.0f}, 0.15f, 0.16f, seg(10, fine), 1.0f);  // neck
  m.tapered_box(walker_armour, {-0.34f, -0.45f, 0.14f}, {0.34f, 0.3f, 0.58f}, 0.06f, 0.08f, 1.0f);
  m.box(walker_visor, {-0.27f, -0.49f, 0.3f}, {0.27f, -0.41f, 0.46f}, 0.5f);
  return m;
}

SlotMesh upper_arm(float side, bool fine) {
  SlotMesh m;
  m.cylinder(walker_steel, 0, {0.22f * -side, 0.0f, 0.0f}, 0.26f, 0.5f * side, seg(12, fine), 1.0f);
  m.tapered_box(walker_armour, {-0.19f, -0.19f, -0.8f}, {0.19f, 0.19f, 0.05f}, -0.03f, -0.03f, 1.0f);
  return m;
}

SlotMesh forearm(bool gun, bool fine) {
  SlotMesh m;
  m.cylinder(walker_steel, 0, {-0.2f, 0.0f, 0.0f}, 0.15f, 0.4f, seg(10, fine), 1.0f);  // elbow
  m.tapered_box(walker_armour, {-0.16f, -0.17f, -0.78f}, {0.16f, 0.17f, 0.0f}, -0.02f, -0.02f, 1.0f);
  if (gun) {
    m.box(walker_steel, {-0.18f, -0.45f, -0.85f}, {0.18f, 0.2f, -0.6f}, 1.0f);
    m.cylinder(walker_steel, 1, {0.0f, -0.45f, -0.72f}, 0.08f, -0.9f, seg(10, fine), 1.0f);
  } else if (fine) {  // a three-fingered claw
    for (float x : {-0.1f, 0.1f}) m.box(walker_steel, {x - 0.04f, -0.08f, -1.0f}, {x + 0.04f, 0.08f, -0.78f}, 0.5f);
    m.box(walker_steel, {-0.04f, 0.08f, -0.95f}, {0.04f, 0.16f, -0.78f}, 0.5f);
  }
  return m;
}

SlotMesh thigh(bool fine) {
  SlotMesh m;
  m.cylinder(walker_steel, 0, {-0.26f, 0.0f, 0.0f}, 0.22f, 0.52f, seg(12, fine), 1.0f);  // hip joint
  m.tapered_box(walker_armour, {-0.17f, -0.2f, -kThigh}, {0.17f, 0.2f, -0.1f}, -0.05f, -0.06f, 1.0f);
  return m;
}

SlotMesh shin(bool fine) {
  SlotMesh m;
  m.cylinder(walker_steel, 0, {-0.21f, 0.0f, 0.0f}, 0.18f, 0.42f, seg(12, fine), 1.0f);  // knee
  m.tapered_box(walker_armour, {-0.13f, -0.16f, -kShin}, {0.13f, 0.16f, -0.12f}, -0.04f, -0.06f, 1.0f);
  if (fine) m.box(walker_armour, {-0.15f, -0.28f, -0.6f}, {0.15f, -0.16f, -0.1f}, 1.0f);  // knee guard
  return m;
}

SlotMesh foot(bool fine) {
  SlotMesh m;
  m.cylinder(walker_steel, 0, {-0.14f, 0.0f, -0.06f}, 0.1f, 0.28f, seg(8, fine), 1.0f);  // ankle
  m.hexahedron(walker_steel,
               {Vec3{-0.32f, -0.7f, -kFoot}, {0.32f, -0.7f, -kFoot}, {0.32f, 0.38f, -kFoot}, {-0.32f, 0.38f, -kFoot},
                {-0.22f, -0.32f, -0.02f}, {0.22f, -0.32f, -0.02f}, {0.22f, 0.22f, -0.02f}, {-0.22f, 0.22f, -0.02f}},
               1.0f);
  return m;
}

// A node with its part at LOD 0 (`part(true)`) and LOD 1 (`part(false)`: fewer sides, no details).
SampleNode node(std::string name, std::uint16_t parent, Vec3 pos, const std::function<SlotMesh(bool)>& part,
                std::function<NodePoseAt(float)> pose) {
  SampleNode n;
  n.name = std::move(name);
  n.parent = parent;
  n.pos = pos;
  n.slots[{0, 0}] = part(true);
  n.slots[{0, 1}] = part(false);
  n.keys = sample_keys(kCycle, kKeyStep, pose);
  return n;
}

msh::RawQuat pitch(float forward) { return node_rotation({1, 0, 0}, -forward); }  // + swings the child to -Y
msh::RawQuat yaw(float angle) { return node_rotation({0, 0, 1}, angle); }

}  // namespace

SampleModel walker_model() {
  SampleModel model;
  auto& nodes = model.nodes;
  nodes.push_back(node("pelvis", msh::kNoParent, {0, 0, kStand}, pelvis, [](float t) {
    return NodePoseAt{{0, 0, pelvis_height(t)}, yaw(-0.06f * std::sin(phase_of(t)))};
  }));
  nodes.push_back(node("torso", 0, {0, 0, 0.15f}, torso, [](float t) {
    float twist = 0.14f * std::sin(phase_of(t));
    return NodePoseAt{{0, 0, 0.15f}, node_rotation_then({0, 0, 1}, twist, {1, 0, 0}, 0.06f)};  // leaning forward
  }));
  nodes.push_back(node("head", 1, {0, -0.08f, 1.25f}, head, [](float t) {
    return NodePoseAt{{0, -0.08f, 1.25f}, yaw(-0.1f * std::sin(phase_of(t)))};
  }));
  // Arms swing against the leg of their side; the left arm is node 3, the right arm node 5.
  for (float side : {-1.0f, 1.0f}) {
    std::uint16_t upper = static_cast<std::uint16_t>(nodes.size());
    float offset = side < 0 ? 0.0f : kPi;
    Vec3 shoulder = {1.12f * side, -0.02f, 1.02f};
    auto arm = [=](bool fine) { return upper_arm(side, fine); };
    nodes.push_back(node(side < 0 ? "upperarm_l" : "upperarm_r", 1, shoulder, arm, [=](float t) {
      return NodePoseAt{shoulder, pitch(-0.35f * std::sin(phase_of(t) + offset))};
    }));
    // The claw arm bends at the elbow; the gun arm cancels the shoulder's swing to hold the gun level.
    bool gun = side > 0;
    auto part = [=](bool fine) { return forearm(gun, fine); };
    nodes.push_back(node(gun ? "forearm_r" : "forearm_l", upper, {0, 0, -0.82f}, part, [=](float t) {
      float swing = std::sin(phase_of(t) + offset);
      return NodePoseAt{{0, 0, -0.82f}, pitch(gun ? 0.08f + 0.35f * swing : 0.55f - 0.2f * swing)};
    }));
  }
  // Legs: the left leg at phase 0, the right half a cycle later.
  for (float side : {-1.0f, 1.0f}) {
    std::uint16_t thigh_index = static_cast<std::uint16_t>(nodes.size());
    float offset = side < 0 ? 0.0f : kPi;
    Vec3 hip = {0.45f * side, 0, -kHip};
    nodes.push_back(node(side < 0 ? "thigh_l" : "thigh_r", 0, hip, thigh, [=](float t) {
      return NodePoseAt{hip, pitch(leg_at(phase_of(t) + offset).swing)};
    }));
    nodes.push_back(node(side < 0 ? "shin_l" : "shin_r", thigh_index, {0, 0, -kThigh}, shin, [=](float t) {
      return NodePoseAt{{0, 0, -kThigh}, pitch(-leg_at(phase_of(t) + offset).knee)};
    }));
    nodes.push_back(node(side < 0 ? "foot_l" : "foot_r", static_cast<std::uint16_t>(thigh_index + 1), {0, 0, -kShin},
                         foot, [=](float t) {
                           Leg leg = leg_at(phase_of(t) + offset);
                           return NodePoseAt{{0, 0, -kShin}, pitch(leg.knee - leg.swing)};  // level with the ground
                         }));
  }
  SampleNode cockpit;
  cockpit.name = "CP_m1o1";
  cockpit.parent = 2;  // the head
  cockpit.pos = {0.0f, -0.1f, 0.36f};
  cockpit.flags = msh::kNodeCockpit;
  cockpit.slots[{0, msh::kCockpitLevel}] = cockpit_interior(walker_steel, walker_visor, 0.6f);
  nodes.push_back(std::move(cockpit));
  SampleNode socket;
  socket.name = "Base_gun";
  socket.socket = "e_gun_";
  socket.parent = 6;  // forearm_r
  socket.pos = {0.0f, -1.35f, -0.72f};
  nodes.push_back(std::move(socket));
  return model;
}

}  // namespace parkan::sample
