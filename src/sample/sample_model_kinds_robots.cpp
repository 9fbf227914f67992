// Walking robots of the catalog (units.rlb): a body with a head, 2, 4, 6 or 8 legs of 2 to 4 segments
// and optionally two arms (upper arm, forearm with a gun): 6 to 38 nodes. Two-legged robots walk like
// the sample walker (the thigh swings, the knee bends); many-legged ones stand like spiders, their legs
// spread around the body, and walk in an alternating gait (a leg swings about the body's vertical and
// lifts, its knee bends). The front is -Y; model units are metres, Z up, the feet near z = 0.
#include <algorithm>

#include <fmt/format.h>

#include "sample/sample_model_catalog.hpp"

namespace parkan::sample {

namespace {

using mesh::SlotMesh;
using msh::Vec3;

enum RobotRow : std::uint16_t { robot_armour, robot_steel, robot_visor };
constexpr std::uint32_t kRobotCycle = 40;
constexpr std::uint32_t kRobotStep = 2;

float robot_phase(float frame) { return 2.0f * kCatalogPi * frame / static_cast<float>(kRobotCycle); }

// A limb segment hanging along -Z from its joint: a joint pin along `pin_axis` and a tapered box.
SlotMesh robot_segment(float length, float thickness, int pin_axis, bool last) {
  SlotMesh m;
  Vec3 pin_base{};
  pin_base[static_cast<std::size_t>(pin_axis)] = -thickness * 1.3f;
  catalog_prism(m, robot_steel, pin_axis, pin_base, thickness * 0.9f, thickness * 2.6f, 8, 1.0f);
  m.tapered_box(robot_armour, {-thickness, -thickness, -length}, {thickness, thickness, -thickness * 0.5f},
                -thickness * 0.15f, -thickness * 0.15f, 1.0f);
  if (last) m.box(robot_steel, {-thickness * 1.4f, -thickness * 1.8f, -length - 0.08f}, {thickness * 1.4f, thickness * 1.4f, -length + 0.1f}, 1.0f);
  return m;
}

// Rest angles about the leg's Y axis (outward bending) of a spread leg with `segments` segments.
std::vector<float> robot_spread(std::uint32_t segments) {
  if (segments == 2) return {-2.2f, 1.9f};
  if (segments == 3) return {-2.0f, 1.2f, 0.7f};
  return {-1.9f, 0.9f, 0.6f, 0.45f};
}

}  // namespace

CatalogModel catalog_robot(SampleRandom& rng, std::uint32_t number, std::uint32_t legs, std::uint32_t segments,
                           bool arms) {
  CatalogModel c;
  SampleModel& model = c.model;
  bool biped = legs == 2;
  float scale = rng.range(0.7f, 1.6f);
  std::vector<float> lengths;
  for (std::uint32_t s = 0; s < segments; ++s)
    lengths.push_back(scale * (s + 1 == segments && segments > 2 ? rng.range(0.3f, 0.5f) : rng.range(0.9f, 1.4f)));
  float thickness = scale * rng.range(0.1f, 0.16f);

  // Standing height: the feet on the ground in the rest pose.
  float height = 0;
  std::vector<float> spread = robot_spread(segments);
  if (biped) {
    for (float l : lengths) height += l;
    height += 0.1f;
  } else {
    float angle = 0, z = 0;
    for (std::uint32_t s = 0; s < segments; ++s) {
      angle += spread[s];
      z -= lengths[s] * catalog_cos(angle);
    }
    height = std::max(-z, 0.4f * scale) + thickness;
  }
  float bw = scale * (biped ? rng.range(0.5f, 0.8f) : rng.range(0.8f, 1.3f));
  float bl = scale * (biped ? rng.range(0.4f, 0.6f) : rng.range(1.0f, 1.8f));
  float bh = scale * rng.range(0.6f, 1.1f);

  SlotMesh body;
  if (biped) {
    body.hexahedron(robot_armour,
                    {Vec3{-bw * 0.7f, -bl, -0.2f}, {bw * 0.7f, -bl, -0.2f}, {bw * 0.7f, bl, -0.2f}, {-bw * 0.7f, bl, -0.2f},
                     {-bw, -bl * 1.3f, bh}, {bw, -bl * 1.3f, bh}, {bw, bl, bh}, {-bw, bl, bh}},
                    1.0f);
    body.box(robot_steel, {-bw * 0.6f, bl, bh * 0.2f}, {bw * 0.6f, bl + 0.4f * scale, bh * 0.9f}, 1.0f);  // power pack
    if (rng.below(2) == 0)  // missile pods on the shoulders, four tubes each facing forward
      for (float side : {-1.0f, 1.0f}) {
        float x0 = side * bw * 0.55f, x1 = side * bw * 1.05f, pod = bh * 0.35f;
        body.box(robot_armour, {std::min(x0, x1), -bl * 0.9f, bh}, {std::max(x0, x1), bl * 0.6f, bh + pod}, 1.0f);
        for (int tube = 0; tube < 4; ++tube) {
          float x = x0 + (x1 - x0) * (0.25f + 0.5f * static_cast<float>(tube % 2));
          float z = bh + pod * (0.28f + 0.44f * static_cast<float>(tube / 2));
          catalog_prism(body, robot_steel, 1, {x, -bl * 0.9f, z}, pod * 0.14f, -0.04f, 6, 0.5f);
        }
      }
  } else {
    catalog_blob(body, rng, robot_armour, {0, 0, bh * 0.3f}, {bw, bl, bh * 0.5f}, 4, 10, 0.04f, 1.0f);
    body.box(robot_steel, {-bw * 0.5f, -bl * 0.5f, -bh * 0.25f}, {bw * 0.5f, bl * 0.5f, 0.0f}, 1.0f);  // belly plate
  }
  SampleNode& root = model.nodes.emplace_back(catalog_node("body", msh::kNoParent, {0, 0, height}, std::move(body)));
  root.keys = sample_keys(kRobotCycle, kRobotStep, [height, scale](float f) {
    float bob = 0.04f * scale * catalog_cos(2.0f * robot_phase(f));
    return NodePoseAt{{0, 0, height + bob}, catalog_rotation({0, 0, 1}, 0.04f * catalog_sin(robot_phase(f)))};
  });

  // The head (a sensor dome or a box with a visor) scans left and right.
  SlotMesh head;
  float hs = scale * rng.range(0.25f, 0.4f);
  if (rng.below(3) == 0) {  // a sensor dome with a visor band
    catalog_blob(head, rng, robot_armour, {0, 0, hs * 0.6f}, {hs, hs, hs * 0.8f}, 4, 10, 0.0f, 1.0f);
    head.box(robot_visor, {-hs * 0.6f, -hs * 1.02f, hs * 0.5f}, {hs * 0.6f, -hs * 0.7f, hs * 0.8f}, 0.5f);
  } else {
    head.tapered_box(robot_armour, {-hs, -hs * 1.2f, 0}, {hs, hs, hs * 1.2f}, hs * 0.15f, hs * 0.15f, 1.0f);
    head.box(robot_visor, {-hs * 0.8f, -hs * 1.26f, hs * 0.5f}, {hs * 0.8f, -hs * 1.1f, hs * 0.9f}, 0.5f);
  }
  Vec3 head_pos = {0, biped ? -bl * 0.2f : -bl * 0.8f, biped ? bh : bh * 0.6f};
  SampleNode& head_node = model.nodes.emplace_back(catalog_node("head", 0, head_pos, std::move(head)));
  float scan = rng.range(0.3f, 0.8f);
  head_node.keys = sample_keys(kRobotCycle, kRobotStep, [head_pos, scan](float f) {
    return NodePoseAt{head_pos, catalog_rotation({0, 0, 1}, scan * catalog_sin(robot_phase(f)))};
  });

  for (std::uint32_t leg = 0; leg < legs; ++leg) {
    // Biped: hips at the sides. Others: pairs of legs along the body, left and right.
    float side = leg % 2 == 0 ? -1.0f : 1.0f;
    std::uint32_t pair = leg / 2, pairs = legs / 2;
    float along = pairs == 1 ? 0.0f : -bl * 0.8f + 1.6f * bl * static_cast<float>(pair) / static_cast<float>(pairs - 1);
    Vec3 hip = biped ? Vec3{side * bw * 0.5f, 0, -0.2f} : Vec3{side * bw * 0.85f, along, bh * 0.1f};
    // A spread leg points outward: yaw 0 for the right side (+X), pi for the left; the outer pairs fan out.
    float yaw = (side < 0 ? kCatalogPi : 0.0f) +
                (pairs == 1 ? 0.0f : side * 0.5f * (static_cast<float>(pair) / static_cast<float>(pairs - 1) - 0.5f));
    float offset = (leg + pair) % 2 == 0 ? 0.0f : kCatalogPi;  // alternating gait
    std::uint16_t parent = 0;
    for (std::uint32_t s = 0; s < segments; ++s) {
      Vec3 pos = s == 0 ? hip : Vec3{0, 0, -lengths[s - 1]};
      int pin = biped ? 0 : 1;
      SampleNode node = catalog_node(fmt::format("leg{}_{}", leg, s), parent, pos,
                                     robot_segment(lengths[s], thickness * (1.0f - 0.12f * static_cast<float>(s)), pin, s + 1 == segments));
      if (biped) {
        node.keys = sample_keys(kRobotCycle, kRobotStep, [pos, s, segments, offset](float f) {
          float phase = robot_phase(f) + offset;
          float swing = 0.4f * catalog_sin(phase), bend = 0.1f + 0.7f * std::max(0.0f, catalog_cos(phase));
          float angle = s == 0 ? -swing : s == 1 ? bend : s + 1 == segments ? swing - bend : 0.0f;
          return NodePoseAt{pos, catalog_rotation({1, 0, 0}, angle)};
        });
      } else if (s == 0) {
        node.keys = sample_keys(kRobotCycle, kRobotStep, [pos, yaw, offset, rest = spread[0]](float f) {
          float phase = robot_phase(f) + offset;
          float lift = 0.25f * std::max(0.0f, catalog_cos(phase));
          return NodePoseAt{pos, catalog_rotation_then({0, 0, 1}, yaw + 0.3f * catalog_sin(phase), {0, 1, 0}, rest - lift)};
        });
      } else if (s == 1) {
        node.keys = sample_keys(kRobotCycle, kRobotStep, [pos, offset, rest = spread[1]](float f) {
          float phase = robot_phase(f) + offset;
          return NodePoseAt{pos, catalog_rotation({0, 1, 0}, rest + 0.2f * std::max(0.0f, catalog_cos(phase)))};
        });
      } else {
        node.rest = catalog_rotation({0, 1, 0}, spread[s]);
      }
      parent = static_cast<std::uint16_t>(model.nodes.size());
      model.nodes.push_back(std::move(node));
    }
  }

  if (arms) {
    for (float side : {-1.0f, 1.0f}) {
      Vec3 shoulder = {side * (bw + thickness * 1.5f), biped ? -bl * 0.3f : -bl * 0.6f, bh * 0.8f};
      float upper = scale * rng.range(0.6f, 0.9f), fore = scale * rng.range(0.5f, 0.8f);
      float offset = side < 0 ? 0.0f : kCatalogPi;
      std::uint16_t upper_index = static_cast<std::uint16_t>(model.nodes.size());
      SampleNode& u = model.nodes.emplace_back(catalog_node(side < 0 ? "arm_l" : "arm_r", 0, shoulder,
                                                            robot_segment(upper, thickness, 0, false)));
      u.keys = sample_keys(kRobotCycle, kRobotStep, [shoulder, offset](float f) {
        return NodePoseAt{shoulder, catalog_rotation({1, 0, 0}, 0.3f * catalog_sin(robot_phase(f) + offset))};
      });
      SlotMesh forearm = robot_segment(fore, thickness * 0.85f, 0, false);
      forearm.box(robot_steel, {-thickness, -fore * 0.6f, -fore - 0.1f}, {thickness, thickness, -fore + 0.15f}, 1.0f);
      catalog_prism(forearm, robot_steel, 1, {0, -fore * 0.6f, -fore + 0.02f}, thickness * 0.5f, -fore * 0.9f, 6, 1.0f);
      Vec3 elbow = {0, 0, -upper};
      SampleNode& fn = model.nodes.emplace_back(catalog_node(side < 0 ? "forearm_l" : "forearm_r", upper_index, elbow, std::move(forearm)));
      fn.rest = catalog_rotation({1, 0, 0}, -0.15f);  // the forearm a little forward, its gun level
    }
  }
  c.stem = fmt::format("{}_{:02}", biped ? "mech" : legs == 4 ? "strider" : "spider", number);
  c.key = "u_" + c.stem;
  c.library = "units.rlb";
  c.family = "robot";
  c.wear = {"ROBOT_ARMOUR", "ROBOT_STEEL", "BLD_WINDOW"};
  return c;
}

}  // namespace parkan::sample
