// Vehicles of the catalog (units.rlb): tanks on two tracks with a turret and one or two guns, trucks
// with a cab, a cargo bed or a rocket launcher on 2 to 4 axles, and wheeled APCs with a small turret.
// Animated ones sweep their turret, raise their gun or launcher and turn their wheels. The front is -Y;
// model units are metres, Z up, the ground at z = 0.
#include <fmt/format.h>

#include "sample/sample_model_catalog.hpp"

namespace parkan::sample {

namespace {

using mesh::SlotMesh;
using msh::Vec3;

enum VehicleRow : std::uint16_t { vehicle_camo, vehicle_steel, vehicle_tread, vehicle_glass };
constexpr std::uint32_t kVehicleCycle = 96;
constexpr std::uint32_t kVehicleStep = 4;

float vehicle_phase(float frame) { return 2.0f * kCatalogPi * frame / static_cast<float>(kVehicleCycle); }

// A wheel on an axle along X: a tyre and a hub on its outer face (side -1 left, +1 right).
SlotMesh vehicle_wheel(float radius, float width, float side) {
  SlotMesh m;
  catalog_prism(m, vehicle_tread, 0, {-width / 2, 0, 0}, radius, width, 12, 1.0f);
  catalog_prism(m, vehicle_steel, 0, {side * width / 2, 0, 0}, radius * 0.55f, side * 0.06f, 8, 0.5f);
  return m;
}

// Wheels as nodes under `parent`, turning when animated (a full turn per cycle, keys every 4 frames).
void vehicle_wheels(SampleModel& model, std::uint16_t parent, int axles, float y0, float y1, float half_width,
                    float radius, bool animated) {
  for (int a = 0; a < axles; ++a) {
    float y = axles == 1 ? y0 : y0 + (y1 - y0) * static_cast<float>(a) / static_cast<float>(axles - 1);
    for (float side : {-1.0f, 1.0f}) {
      Vec3 pos = {side * half_width, y, radius};
      SampleNode& n = model.nodes.emplace_back(catalog_node(fmt::format("wheel_{}{}", a, side < 0 ? 'l' : 'r'), parent,
                                                            pos, vehicle_wheel(radius, 0.45f, side)));
      if (animated)
        n.keys = sample_keys(kVehicleCycle, kVehicleStep, [pos](float t) {
          return NodePoseAt{pos, catalog_rotation({1, 0, 0}, 2.0f * vehicle_phase(t))};
        });
    }
  }
}

// A turret with `guns` barrels on `parent` at `pos`; the turret sweeps and the guns rise when animated.
void vehicle_turret(SampleModel& model, SampleRandom& rng, std::uint16_t parent, Vec3 pos, float size, int guns,
                    bool animated) {
  SlotMesh t;
  float w = size, l = size * rng.range(1.0f, 1.3f), h = size * rng.range(0.3f, 0.45f);
  t.hexahedron(vehicle_camo,
               {Vec3{-w, -l, 0}, {w, -l, 0}, {w, l, 0}, {-w, l, 0}, {-w * 0.75f, -l * 0.7f, h}, {w * 0.75f, -l * 0.7f, h},
                {w * 0.75f, l * 0.85f, h}, {-w * 0.75f, l * 0.85f, h}},
               2.0f);
  catalog_prism(t, vehicle_steel, 2, {w * 0.35f, l * 0.3f, h}, w * 0.25f, 0.22f, 8, 1.0f);  // cupola
  if (rng.below(2) == 0) catalog_prism(t, vehicle_steel, 2, {-w * 0.6f, l * 0.7f, h}, 0.03f, 1.5f, 4, 1.0f);  // antenna
  std::uint16_t turret = static_cast<std::uint16_t>(model.nodes.size());
  SampleNode& tn = model.nodes.emplace_back(catalog_node("turret", parent, pos, std::move(t)));
  float sweep = rng.range(0.4f, 1.2f);
  if (animated)
    tn.keys = sample_keys(kVehicleCycle, kVehicleStep, [pos, sweep](float f) {
      return NodePoseAt{pos, catalog_rotation({0, 0, 1}, sweep * catalog_sin(vehicle_phase(f)))};
    });
  float length = size * rng.range(1.8f, 3.2f), radius = size * rng.range(0.07f, 0.1f);
  for (int g = 0; g < guns; ++g) {
    float x = guns == 1 ? 0.0f : (g == 0 ? -0.3f : 0.3f) * size;
    Vec3 gun_pos = {x, -l * 0.8f, h * 0.5f};
    SlotMesh b;
    b.box(vehicle_steel, {-radius * 2, -0.3f, -radius * 2}, {radius * 2, 0.3f, radius * 2}, 1.0f);  // mantlet
    catalog_prism(b, vehicle_steel, 1, {0, -0.3f, 0}, radius, -length, 8, 1.0f);
    catalog_prism(b, vehicle_steel, 1, {0, -0.3f - length, 0}, radius * 1.5f, -0.3f, 8, 1.0f);  // muzzle
    SampleNode& bn = model.nodes.emplace_back(catalog_node(fmt::format("gun_{}", g), turret, gun_pos, std::move(b)));
    if (animated)
      bn.keys = sample_keys(kVehicleCycle, kVehicleStep, [gun_pos](float f) {
        return NodePoseAt{gun_pos, catalog_rotation({1, 0, 0}, -0.08f - 0.08f * catalog_sin(2.0f * vehicle_phase(f)))};
      });
  }
}

SlotMesh vehicle_hull(float hw, float hl, float z0, float z1, float slope) {
  SlotMesh m;
  m.hexahedron(vehicle_camo,
               {Vec3{-hw, -hl, z0}, {hw, -hl, z0}, {hw, hl, z0}, {-hw, hl, z0}, {-hw, -hl + slope, z1},
                {hw, -hl + slope, z1}, {hw, hl - slope * 0.3f, z1}, {-hw, hl - slope * 0.3f, z1}},
               2.0f);
  return m;
}

CatalogModel vehicle_tank(SampleRandom& rng, bool animated) {
  CatalogModel c;
  float hl = rng.range(2.4f, 3.8f), hw = rng.range(1.1f, 1.6f), track_w = rng.range(0.5f, 0.7f);
  SlotMesh hull = vehicle_hull(hw, hl, 0.35f, rng.range(1.3f, 1.7f), rng.range(0.6f, 1.2f));
  float deck = 0;
  for (const mesh::Group& g : hull.groups())
    for (const mesh::Vertex& v : g.vertices) deck = deck > v.pos[2] ? deck : v.pos[2];
  hull.box(vehicle_steel, {-hw * 0.7f, hl * 0.6f, deck}, {hw * 0.7f, hl * 0.95f, deck + 0.12f}, 1.0f);  // grille
  c.model.nodes.push_back(catalog_node("hull", msh::kNoParent, {0, 0, 0}, std::move(hull)));
  for (float side : {-1.0f, 1.0f}) {
    SlotMesh t;
    float x0 = side < 0 ? -hw - track_w : hw, x1 = x0 + track_w;
    t.hexahedron(vehicle_tread,
                 {Vec3{x0, -hl + 0.4f, 0}, {x1, -hl + 0.4f, 0}, {x1, hl - 0.3f, 0}, {x0, hl - 0.3f, 0},
                  {x0, -hl - 0.2f, 0.95f}, {x1, -hl - 0.2f, 0.95f}, {x1, hl + 0.1f, 0.95f}, {x0, hl + 0.1f, 0.95f}},
                 1.0f);
    int wheels = 4 + static_cast<int>(rng.below(3));
    float outer = side < 0 ? x0 : x1;
    for (int k = 0; k < wheels; ++k) {
      float y = -hl + 0.7f + (2 * hl - 1.2f) * static_cast<float>(k) / static_cast<float>(wheels - 1);
      catalog_prism(t, vehicle_steel, 0, {outer, y, 0.42f}, 0.34f, side * 0.1f, 10, 1.0f);
    }
    c.model.nodes.push_back(catalog_node(side < 0 ? "track_l" : "track_r", 0, {0, 0, 0}, std::move(t)));
  }
  vehicle_turret(c.model, rng, 0, {0, rng.range(0.0f, 0.6f), deck}, hw * rng.range(0.75f, 0.95f),
                 rng.below(4) == 0 ? 2 : 1, animated);
  c.wear = {"TANK_CAMO", "TANK_STEEL", "TANK_TREAD", "BLD_WINDOW"};
  return c;
}

CatalogModel vehicle_truck(SampleRandom& rng, bool animated) {
  CatalogModel c;
  float hw = rng.range(1.0f, 1.3f), hl = rng.range(2.6f, 4.2f), radius = rng.range(0.45f, 0.6f);
  float frame_z = radius + 0.1f;
  SlotMesh body;
  body.box(vehicle_steel, {-hw * 0.8f, -hl, frame_z}, {hw * 0.8f, hl, frame_z + 0.3f}, 1.0f);  // chassis frame
  float cab_l = rng.range(1.3f, 1.8f), cab_h = rng.range(1.6f, 2.1f);
  body.hexahedron(vehicle_camo,
                  {Vec3{-hw, -hl, frame_z + 0.3f}, {hw, -hl, frame_z + 0.3f}, {hw, -hl + cab_l, frame_z + 0.3f},
                   {-hw, -hl + cab_l, frame_z + 0.3f}, {-hw, -hl + 0.35f, frame_z + cab_h}, {hw, -hl + 0.35f, frame_z + cab_h},
                   {hw, -hl + cab_l, frame_z + cab_h}, {-hw, -hl + cab_l, frame_z + cab_h}},
                  2.0f);
  // Windscreen on the sloped front of the cab.
  float wz0 = frame_z + 0.3f + cab_h * 0.45f, wz1 = frame_z + cab_h - 0.12f;
  float t0 = (wz0 - frame_z - 0.3f) / (cab_h - 0.3f), t1 = (wz1 - frame_z - 0.3f) / (cab_h - 0.3f);
  float y0 = -hl + 0.35f * t0 - 0.02f, y1 = -hl + 0.35f * t1 - 0.02f;
  body.polygon(vehicle_glass, {Vec3{-hw * 0.85f, y0, wz0}, {hw * 0.85f, y0, wz0}, {hw * 0.85f, y1, wz1}, {-hw * 0.85f, y1, wz1}}, 1.0f);
  int kind = static_cast<int>(rng.below(3));  // 0 cargo box, 1 open bed, 2 launcher
  float bed_y0 = -hl + cab_l + 0.15f;
  if (kind == 0) body.box(vehicle_camo, {-hw, bed_y0, frame_z + 0.3f}, {hw, hl, frame_z + cab_h + 0.3f}, 2.0f);
  if (kind == 1) {
    body.box(vehicle_camo, {-hw, bed_y0, frame_z + 0.3f}, {hw, hl, frame_z + 0.4f}, 2.0f);
    for (float side : {-1.0f, 1.0f})
      body.box(vehicle_camo, {side < 0 ? -hw : hw - 0.08f, bed_y0, frame_z + 0.4f}, {side < 0 ? -hw + 0.08f : hw, hl, frame_z + 1.0f}, 2.0f);
    body.box(vehicle_camo, {-hw + 0.08f, hl - 0.08f, frame_z + 0.4f}, {hw - 0.08f, hl, frame_z + 1.0f}, 2.0f);
  }
  c.model.nodes.push_back(catalog_node("body", msh::kNoParent, {0, 0, 0}, std::move(body)));
  int axles = 2 + static_cast<int>(rng.below(3));
  vehicle_wheels(c.model, 0, axles, -hl + cab_l * 0.5f, hl - radius - 0.2f, hw, radius, animated);
  if (kind == 2) {  // a launcher box on a pivot at the back, raised and lowered
    Vec3 pivot = {0, hl - 0.3f, frame_z + 0.5f};
    SlotMesh launcher;
    float lw = hw * 0.8f, ll = (hl - bed_y0) * 0.95f;
    launcher.box(vehicle_camo, {-lw, -ll, 0}, {lw, 0, 0.9f}, 2.0f);
    for (int row = 0; row < 2; ++row)
      for (int col = 0; col < 4; ++col)
        catalog_prism(launcher, vehicle_steel, 1, {-lw * 0.75f + lw * 0.5f * static_cast<float>(col), -ll, 0.25f + 0.4f * static_cast<float>(row)},
                      0.14f, -0.05f, 6, 0.5f);
    SampleNode& n = c.model.nodes.emplace_back(catalog_node("launcher", 0, pivot, std::move(launcher)));
    if (animated)
      n.keys = sample_keys(kVehicleCycle, kVehicleStep, [pivot](float f) {
        float s = catalog_sin(vehicle_phase(f) / 2);
        return NodePoseAt{pivot, catalog_rotation({1, 0, 0}, -0.6f * s * s)};  // the front end rises
      });
  }
  c.wear = {"TANK_CAMO", "TANK_STEEL", "TANK_TREAD", "BLD_WINDOW"};
  return c;
}

CatalogModel vehicle_apc(SampleRandom& rng, bool animated) {
  CatalogModel c;
  float hw = rng.range(1.2f, 1.5f), hl = rng.range(3.0f, 4.0f), radius = rng.range(0.5f, 0.62f);
  SlotMesh hull = vehicle_hull(hw, hl, radius * 0.6f, radius + rng.range(1.2f, 1.6f), rng.range(1.0f, 1.5f));
  float top = 0;
  for (const mesh::Group& g : hull.groups())
    for (const mesh::Vertex& v : g.vertices) top = top > v.pos[2] ? top : v.pos[2];
  hull.box(vehicle_glass, {-hw * 0.5f, -hl + 0.5f, top - 0.5f}, {hw * 0.5f, -hl + 0.9f, top - 0.2f}, 1.0f);
  c.model.nodes.push_back(catalog_node("hull", msh::kNoParent, {0, 0, 0}, std::move(hull)));
  vehicle_wheels(c.model, 0, 3 + static_cast<int>(rng.below(2)), -hl + 0.8f, hl - 0.8f, hw + 0.2f, radius, animated);
  vehicle_turret(c.model, rng, 0, {0, -0.3f, top}, hw * 0.5f, 1, animated);
  c.wear = {"TANK_CAMO", "TANK_STEEL", "TANK_TREAD", "BLD_WINDOW"};
  return c;
}

}  // namespace

CatalogModel catalog_vehicle(SampleRandom& rng, std::uint32_t number, bool animated) {
  const char* const kinds[] = {"tank", "truck", "apc"};
  std::uint32_t kind = rng.below(3);
  CatalogModel c = kind == 0 ? vehicle_tank(rng, animated) : kind == 1 ? vehicle_truck(rng, animated) : vehicle_apc(rng, animated);
  c.stem = fmt::format("{}_{:02}", kinds[kind], number);
  c.key = "u_" + c.stem;
  c.library = "units.rlb";
  c.family = "vehicle";
  return c;
}

}  // namespace parkan::sample
