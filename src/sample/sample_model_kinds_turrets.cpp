// Turrets and towers of the catalog. Turrets (units.rlb, always animated): an armoured plinth, a
// head that sweeps and one to four guns or a missile rack that rise and dip, sometimes a radar dish
// that turns. Towers (static.rlb): lattice radar masts with a turning dish, water towers on legs and
// watchtowers with a cabin and a searchlight. The front is -Y; metres, Z up, the ground at z = 0.
#include <fmt/format.h>

#include "sample/sample_model_catalog.hpp"

namespace parkan::sample {

namespace {

using mesh::SlotMesh;
using msh::Vec3;

enum TurretRow : std::uint16_t { turret_armour, turret_steel, turret_concrete, turret_glass };
constexpr std::uint32_t kTurretCycle = 96;
constexpr std::uint32_t kTurretStep = 4;

float turret_phase(float frame) { return 2.0f * kCatalogPi * frame / static_cast<float>(kTurretCycle); }

// A radar dish on a post: a shallow frustum facing -Y with a feed arm, turning about Z when animated.
SampleNode turret_dish(std::uint16_t parent, Vec3 pos, float size, bool animated) {
  SlotMesh m;
  catalog_prism(m, turret_steel, 2, {0, 0, 0}, size * 0.08f, size * 0.4f, 6, 1.0f);
  m.place(catalog_turn_x(kCatalogPi / 2, {0, 0, size * 0.6f}));  // the frustum's +Z becomes -Y
  catalog_cone(m, turret_steel, {0, 0, 0}, size * 0.5f, size, size * 0.25f, 12, 1.0f);
  catalog_prism(m, turret_steel, 2, {0, 0, size * 0.25f}, size * 0.04f, size * 0.5f, 4, 1.0f);
  m.reset_placement();
  SampleNode n = catalog_node("dish", parent, pos, std::move(m));
  if (animated)
    n.keys = sample_keys(kTurretCycle, kTurretStep, [pos](float f) {
      return NodePoseAt{pos, catalog_rotation({0, 0, 1}, turret_phase(f))};
    });
  return n;
}

}  // namespace

CatalogModel catalog_turret(SampleRandom& rng, std::uint32_t number) {
  CatalogModel c;
  float size = rng.range(1.0f, 2.2f);
  float plinth_h = size * rng.range(0.6f, 1.4f);
  SlotMesh base;
  catalog_cone(base, turret_concrete, {0, 0, 0}, size * 1.3f, size * 1.0f, plinth_h, 8, 2.0f);
  catalog_prism(base, turret_steel, 2, {0, 0, plinth_h}, size * 0.8f, 0.15f, 12, 1.0f);  // turret ring
  c.model.nodes.push_back(catalog_node("base", msh::kNoParent, {0, 0, 0}, std::move(base)));

  Vec3 head_pos = {0, 0, plinth_h + 0.15f};
  SlotMesh head;
  bool dome = rng.below(2) == 0;
  if (dome) catalog_blob(head, rng, turret_armour, {0, 0, 0}, {size * 0.85f, size * 0.85f, size * 0.7f}, 4, 10, 0.0f, 2.0f);
  else
    head.tapered_box(turret_armour, {-size * 0.8f, -size * 0.9f, 0}, {size * 0.8f, size * 0.8f, size * 0.75f},
                     size * 0.15f, size * 0.2f, 2.0f);
  std::uint16_t head_index = 1;
  SampleNode& hn = c.model.nodes.emplace_back(catalog_node("head", 0, head_pos, std::move(head)));
  float sweep = rng.range(0.6f, 1.6f);
  hn.keys = sample_keys(kTurretCycle, kTurretStep, [head_pos, sweep](float f) {
    return NodePoseAt{head_pos, catalog_rotation({0, 0, 1}, sweep * catalog_sin(turret_phase(f)))};
  });
  bool missiles = rng.below(4) == 0;
  int guns = missiles ? 2 : 1 + static_cast<int>(rng.below(4));
  for (int g = 0; g < guns; ++g) {
    float x = guns == 1 ? 0.0f : size * (-0.5f + static_cast<float>(g) / static_cast<float>(guns - 1)) * (missiles ? 1.5f : 0.8f);
    Vec3 pos = {x, -size * 0.6f, size * 0.4f};
    SlotMesh gun;
    if (missiles) {
      gun.box(turret_armour, {-size * 0.3f, -size * 0.9f, -size * 0.3f}, {size * 0.3f, size * 0.5f, size * 0.3f}, 1.0f);
      gun.place(catalog_turn_x(kCatalogPi / 2, {0, -size * 0.9f, 0}));  // warheads pointing -Y
      for (float dx : {-0.15f, 0.15f})
        for (float dz : {-0.15f, 0.15f}) catalog_cone(gun, turret_steel, {dx * size, -dz * size, 0}, size * 0.1f, 0.0f, size * 0.3f, 6, 1.0f);
      gun.reset_placement();
    } else {
      float r = size * rng.range(0.06f, 0.1f), length = size * rng.range(1.2f, 2.2f);
      gun.box(turret_steel, {-r * 2, -0.2f, -r * 2}, {r * 2, 0.3f, r * 2}, 1.0f);
      catalog_prism(gun, turret_steel, 1, {0, -0.2f, 0}, r, -length, 8, 1.0f);
    }
    SampleNode& gn = c.model.nodes.emplace_back(catalog_node(fmt::format("gun_{}", g), head_index, pos, std::move(gun)));
    float raise = missiles ? 0.5f : 0.15f;
    gn.keys = sample_keys(kTurretCycle, kTurretStep, [pos, raise](float f) {
      float s = catalog_sin(turret_phase(f) / 2);
      return NodePoseAt{pos, catalog_rotation({1, 0, 0}, -raise * s * s)};
    });
  }
  if (rng.below(3) == 0) c.model.nodes.push_back(turret_dish(head_index, {size * 0.4f, size * 0.5f, size * 0.7f}, size * 0.5f, true));
  c.stem = fmt::format("{}_{:02}", missiles ? "sam" : "turret", number);
  c.key = "u_" + c.stem;
  c.library = "units.rlb";
  c.family = "turret";
  c.wear = {"ROBOT_ARMOUR", "TANK_STEEL", "BLD_CONCRETE", "BLD_WINDOW"};
  return c;
}

CatalogModel catalog_tower(SampleRandom& rng, std::uint32_t number, bool animated) {
  CatalogModel c;
  std::uint32_t kind = rng.below(3);  // 0 radar mast, 1 water tower, 2 watchtower
  float height = rng.range(8.0f, 18.0f), half = rng.range(1.2f, 2.5f);
  SlotMesh mast;
  float top_half = kind == 0 ? half * 0.35f : half * 0.8f;
  // Four legs leaning in, braced every few metres.
  for (float sx : {-1.0f, 1.0f})
    for (float sy : {-1.0f, 1.0f}) {
      float t = 0.12f;
      mast.hexahedron(turret_steel,
                      {Vec3{sx * half - t, sy * half - t, 0}, {sx * half + t, sy * half - t, 0}, {sx * half + t, sy * half + t, 0},
                       {sx * half - t, sy * half + t, 0}, {sx * top_half - t, sy * top_half - t, height},
                       {sx * top_half + t, sy * top_half - t, height}, {sx * top_half + t, sy * top_half + t, height},
                       {sx * top_half - t, sy * top_half + t, height}},
                      1.0f);
    }
  int braces = static_cast<int>(height / 3.0f);
  for (int b = 1; b <= braces; ++b) {
    float z = height * static_cast<float>(b) / static_cast<float>(braces + 1);
    float w = half + (top_half - half) * z / height;
    mast.box(turret_steel, {-w, -w - 0.05f, z}, {w, -w + 0.05f, z + 0.1f}, 1.0f);
    mast.box(turret_steel, {-w, w - 0.05f, z}, {w, w + 0.05f, z + 0.1f}, 1.0f);
    mast.box(turret_steel, {-w - 0.05f, -w, z}, {-w + 0.05f, w, z + 0.1f}, 1.0f);
    mast.box(turret_steel, {w - 0.05f, -w, z}, {w + 0.05f, w, z + 0.1f}, 1.0f);
  }
  if (kind == 1) {
    catalog_prism(mast, turret_steel, 2, {0, 0, height}, half * 1.4f, half * 1.6f, 14, 2.0f);
    catalog_cone(mast, turret_steel, {0, 0, height + half * 1.6f}, half * 1.4f, 0.0f, half * 0.6f, 14, 2.0f);
  } else {
    float p = top_half + 0.6f;
    mast.box(turret_concrete, {-p, -p, height}, {p, p, height + 0.25f}, 2.0f);  // platform
    if (kind == 2) {
      float cabin = top_half + 0.2f;
      mast.box(turret_concrete, {-cabin, -cabin, height + 0.25f}, {cabin, cabin, height + 1.1f}, 2.0f);
      for (float sx : {-1.0f, 1.0f})
        for (float sy : {-1.0f, 1.0f})
          mast.box(turret_steel, {sx * cabin - 0.08f, sy * cabin - 0.08f, height + 1.1f}, {sx * cabin + 0.08f, sy * cabin + 0.08f, height + 2.2f}, 1.0f);
      mast.box(turret_glass, {-cabin + 0.1f, -cabin - 0.02f, height + 1.2f}, {cabin - 0.1f, -cabin + 0.02f, height + 2.0f}, 1.0f);
      mast.place(catalog_turn_z(kCatalogPi / 4, {0, 0, height + 2.2f}));  // a square roof over the square cabin
      catalog_cone(mast, turret_concrete, {0, 0, 0}, cabin * 1.5f, 0.0f, 1.2f, 4, 2.0f);
      mast.reset_placement();
    }
  }
  c.model.nodes.push_back(catalog_node("mast", msh::kNoParent, {0, 0, 0}, std::move(mast)));
  if (kind == 0) c.model.nodes.push_back(turret_dish(0, {0, 0, height + 0.25f}, rng.range(1.5f, 3.0f), animated));
  if (kind == 2) {  // a searchlight on the cabin's front rail
    SlotMesh light;
    catalog_prism(light, turret_steel, 1, {0, 0.2f, 0}, 0.3f, -0.6f, 10, 0.5f);
    catalog_prism(light, turret_glass, 1, {0, -0.4f, 0}, 0.25f, -0.03f, 10, 0.5f);
    Vec3 pos = {0, -(top_half + 0.45f), height + 1.0f};
    SampleNode& n = c.model.nodes.emplace_back(catalog_node("searchlight", 0, pos, std::move(light)));
    if (animated)
      n.keys = sample_keys(kTurretCycle, kTurretStep, [pos](float f) {
        return NodePoseAt{pos, catalog_rotation({0, 0, 1}, 1.1f * catalog_sin(turret_phase(f)))};
      });
  }
  const char* const kinds[] = {"radar", "watertower", "watchtower"};
  c.stem = fmt::format("{}_{:02}", kinds[kind], number);
  c.key = "s_" + c.stem;
  c.library = "static.rlb";
  c.family = "tower";
  c.wear = {"ROBOT_ARMOUR", "TANK_STEEL", "BLD_CONCRETE", "BLD_WINDOW"};
  return c;
}

}  // namespace parkan::sample
