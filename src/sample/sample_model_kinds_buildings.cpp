// Buildings of the catalog (static.rlb): houses with a pitched roof, flat-roofed blocks of several
// storeys, factory halls with chimneys and a roof fan, silos, hangars and bunkers. The shell node o01
// has LOD 0 with windows and details and LOD 1 the bare volumes; about a third also have damage
// stage 1 (damaged: the walls broken down to two thirds, rubble at their feet) and a third of those
// stage 2 (destroyed: wall stubs and rubble), filled in order as in the retail models
// (docs/formats/msh.md 2.2). Houses, blocks and halls record their footprint, so that the catalog can
// give some of them an interior with a path graph (add_building_interior). Animated ones turn a
// ventilation fan or a wind vane. Metres, Z up, the ground at z = 0.
#include <fmt/format.h>

#include "sample/sample_model_catalog.hpp"

namespace parkan::sample {

namespace {

using mesh::SlotMesh;
using msh::Vec3;

enum BuildingRow : std::uint16_t { bld_wall, bld_glass, bld_metal, bld_rubble, bld_roof, bld_portal };
constexpr std::uint32_t kBuildingCycle = 48;
constexpr std::uint32_t kBuildingStep = 3;
constexpr float kBuildingProud = 0.03f;

// Windows in rows on the four walls of the box lo..hi: `floors` rows of height `floor_h` from z0.
void building_windows(SlotMesh& m, Vec3 lo, Vec3 hi, float z0, int floors, float floor_h, float spacing) {
  for (int side = 0; side < 4; ++side) {
    bool along_x = side < 2;
    float a0 = along_x ? lo[0] : lo[1], a1 = along_x ? hi[0] : hi[1];
    float plane = side == 0 ? lo[1] - kBuildingProud : side == 1 ? hi[1] + kBuildingProud
                  : side == 2 ? lo[0] - kBuildingProud : hi[0] + kBuildingProud;
    int count = static_cast<int>((a1 - a0) / spacing);
    if (count < 1) continue;
    float step = (a1 - a0) / static_cast<float>(count);
    for (int f = 0; f < floors; ++f)
      for (int k = 0; k < count; ++k) {
        float c = a0 + step * (static_cast<float>(k) + 0.5f), w = step * 0.3f;
        float b = z0 + floor_h * static_cast<float>(f) + floor_h * 0.35f, t = b + floor_h * 0.45f;
        auto at = [&](float a, float z) { return along_x ? Vec3{a, plane, z} : Vec3{plane, a, z}; };
        bool forward = side == 0 || side == 3;  // these faces run a0 -> a1 left to right seen from outside
        if (forward) m.polygon(bld_glass, {at(c - w, b), at(c + w, b), at(c + w, t), at(c - w, t)}, 1.6f);
        else m.polygon(bld_glass, {at(c + w, b), at(c - w, b), at(c - w, t), at(c + w, t)}, 1.6f);
      }
  }
}

// A gable roof over lo..hi (ridge along X) rising by `rise`, overhanging by `eave`.
void building_gable(SlotMesh& m, Vec3 lo, Vec3 hi, float rise, float eave) {
  float z = hi[2], cy = (lo[1] + hi[1]) / 2;
  float x0 = lo[0] - eave, x1 = hi[0] + eave, y0 = lo[1] - eave, y1 = hi[1] + eave;
  m.hexahedron(bld_roof,
               {Vec3{x0, y0, z}, {x1, y0, z}, {x1, y1, z}, {x0, y1, z}, {x0, cy, z + rise}, {x1, cy, z + rise},
                {x1, cy, z + rise}, {x0, cy, z + rise}},
               2.0f);
}

// Damage stage 1: the block lo..hi broken down to between half and four fifths of its height, lower
// on one side, rubble heaps at its feet and a slab leaning on it.
SlotMesh building_damaged(SampleRandom& rng, Vec3 lo, Vec3 hi) {
  SlotMesh m;
  float h = hi[2] - lo[2];
  float left = h * rng.range(0.6f, 0.8f), right = h * rng.range(0.45f, 0.6f);
  m.hexahedron(bld_wall,
               {Vec3{lo[0], lo[1], 0}, {hi[0], lo[1], 0}, {hi[0], hi[1], 0}, {lo[0], hi[1], 0}, {lo[0], lo[1], left},
                {hi[0], lo[1], right}, {hi[0], hi[1], right}, {lo[0], hi[1], left}},
               4.0f);
  for (int k = 0; k < 2; ++k) {
    Vec3 c = {k == 0 ? hi[0] : lo[0] * rng.range(0.2f, 0.8f), k == 0 ? rng.range(lo[1], hi[1]) : lo[1], 0};
    float r = rng.range(1.2f, 2.2f);
    catalog_blob(m, rng, bld_rubble, c, {r, r * rng.range(0.7f, 1.2f), r * 0.45f}, 3, 7, 0.25f, 2.0f);
  }
  m.place(catalog_turn_x(rng.range(0.4f, 0.7f), {hi[0] * 0.5f, lo[1] - 1.0f, 0.2f}));
  m.box(bld_wall, {-1.5f, -0.15f, 0}, {1.5f, 0.15f, 2.5f}, 4.0f);
  m.reset_placement();
  return m;
}

// Damage stage 2, destroyed: stubs of the four walls, rubble heaps and a fallen slab.
SlotMesh building_ruin(SampleRandom& rng, Vec3 lo, Vec3 hi) {
  SlotMesh m;
  float t = 0.35f;
  for (int side = 0; side < 4; ++side) {
    float h = rng.range(0.8f, (hi[2] - lo[2]) * 0.5f);
    if (side == 0) m.box(bld_wall, {lo[0], lo[1], 0}, {hi[0] * rng.range(0.2f, 0.9f), lo[1] + t, h}, 4.0f);
    if (side == 1) m.box(bld_wall, {lo[0] * rng.range(0.2f, 0.9f), hi[1] - t, 0}, {hi[0], hi[1], h}, 4.0f);
    if (side == 2) m.box(bld_wall, {lo[0], lo[1] + t, 0}, {lo[0] + t, hi[1] * rng.range(0.0f, 0.9f), h}, 4.0f);
    if (side == 3) m.box(bld_wall, {hi[0] - t, lo[1] * rng.range(0.0f, 0.9f), 0}, {hi[0], hi[1] - t, h}, 4.0f);
  }
  int heaps = 2 + static_cast<int>(rng.below(3));
  for (int k = 0; k < heaps; ++k) {
    Vec3 c = {rng.range(lo[0] * 0.6f, hi[0] * 0.6f), rng.range(lo[1] * 0.6f, hi[1] * 0.6f), 0};
    float r = rng.range(1.0f, 2.5f);
    catalog_blob(m, rng, bld_rubble, c, {r, r * rng.range(0.7f, 1.2f), r * 0.5f}, 3, 7, 0.25f, 2.0f);
  }
  m.place(catalog_turn_y(rng.range(0.2f, 0.5f), {rng.range(lo[0] * 0.3f, 0.0f), 0, 0.4f}));
  m.box(bld_wall, {-2.0f, -1.5f, 0}, {2.0f, 1.5f, 0.3f}, 4.0f);
  m.reset_placement();
  return m;
}

// A roof fan (animated: turning) or a wind vane on a post, as a child node of the building.
SampleNode building_fan(Vec3 pos, float size, bool vane, bool animated) {
  SlotMesh m;
  if (vane) {
    catalog_prism(m, bld_metal, 2, {0, 0, 0}, 0.05f, size * 1.2f, 4, 1.0f);
    m.box(bld_metal, {-0.02f, 0.0f, size * 0.9f}, {0.02f, size * 0.8f, size * 1.15f}, 1.0f);
    m.box(bld_metal, {-0.05f, -size * 0.6f, size * 1.0f}, {0.05f, 0.0f, size * 1.06f}, 1.0f);
  } else {
    catalog_prism(m, bld_metal, 2, {0, 0, 0}, size * 0.15f, size * 0.3f, 6, 1.0f);
    for (int blade = 0; blade < 4; ++blade) {
      m.place(catalog_turn_z(kCatalogPi / 2 * static_cast<float>(blade), {0, 0, size * 0.2f}));
      m.box(bld_metal, {0.0f, -size * 0.12f, 0}, {size, size * 0.12f, 0.06f}, 1.0f);
    }
    m.reset_placement();
  }
  SampleNode n = catalog_node(vane ? "vane" : "fan", 0, pos, std::move(m));
  if (animated)
    n.keys = sample_keys(kBuildingCycle, kBuildingStep, [pos, vane](float f) {
      float phase = 2.0f * kCatalogPi * f / static_cast<float>(kBuildingCycle);
      return NodePoseAt{pos, catalog_rotation({0, 0, 1}, vane ? 0.8f * catalog_sin(phase) : phase)};
    });
  return n;
}

}  // namespace

CatalogModel catalog_building(SampleRandom& rng, std::uint32_t number, bool animated) {
  CatalogModel c;
  std::uint32_t kind = rng.below(6);  // house, block, hall, silo, hangar, bunker
  SlotMesh detail, simple;
  float hx = rng.range(3.0f, 8.0f), hy = rng.range(3.0f, 6.0f);
  Vec3 lo = {-hx, -hy, 0}, hi = {hx, hy, 0};
  Vec3 roof_spot{};
  bool can_ruin = true;
  if (kind == 0 || kind == 1) {  // house (1-2 floors, gable) or block (2-6 floors, flat with parapet)
    int floors = kind == 0 ? 1 + static_cast<int>(rng.below(2)) : 2 + static_cast<int>(rng.below(5));
    float floor_h = rng.range(2.8f, 3.4f);
    hi[2] = floor_h * static_cast<float>(floors);
    detail.box(bld_wall, lo, hi, 4.0f);
    simple.box(bld_wall, lo, hi, 4.0f);
    building_windows(detail, lo, hi, 0, floors, floor_h, rng.range(2.0f, 3.2f));
    detail.box(bld_metal, {-0.7f, -hy - 0.08f, 0}, {0.7f, -hy + 0.02f, 2.2f}, 1.0f);  // door
    if (kind == 0) {
      float rise = rng.range(1.5f, 3.0f);
      building_gable(detail, lo, hi, rise, 0.4f);
      building_gable(simple, lo, hi, rise, 0.0f);
      detail.box(bld_wall, {hx * 0.5f, hy * 0.2f, hi[2]}, {hx * 0.5f + 0.7f, hy * 0.2f + 0.7f, hi[2] + rise + 0.6f}, 2.0f);
      roof_spot = {-hx * 0.6f, 0, hi[2] + rise};
    } else {
      float t = 0.3f, top = hi[2] + 0.6f;
      detail.box(bld_wall, {lo[0], lo[1], hi[2]}, {hi[0], lo[1] + t, top}, 4.0f);
      detail.box(bld_wall, {lo[0], hi[1] - t, hi[2]}, {hi[0], hi[1], top}, 4.0f);
      detail.box(bld_wall, {lo[0], lo[1] + t, hi[2]}, {lo[0] + t, hi[1] - t, top}, 4.0f);
      detail.box(bld_wall, {hi[0] - t, lo[1] + t, hi[2]}, {hi[0], hi[1] - t, top}, 4.0f);
      detail.box(bld_wall, {-1.5f, -1.5f, hi[2]}, {1.5f, 1.5f, hi[2] + 2.4f}, 4.0f);  // stair house
      roof_spot = {hx * 0.6f, hy * 0.5f, hi[2]};
    }
  } else if (kind == 2) {  // factory hall with chimneys
    hx *= 1.5f;
    lo[0] = -hx, hi[0] = hx;
    hi[2] = rng.range(6.0f, 10.0f);
    detail.box(bld_wall, lo, hi, 4.0f);
    simple.box(bld_wall, lo, hi, 4.0f);
    building_windows(detail, {lo[0], lo[1], 0}, {hi[0], hi[1], hi[2]}, hi[2] * 0.5f, 1, hi[2] * 0.5f, 2.5f);
    detail.box(bld_metal, {-2.5f, -hy - 0.08f, 0}, {2.5f, -hy + 0.02f, 4.5f}, 1.0f);  // gate
    int chimneys = 1 + static_cast<int>(rng.below(3));
    for (int k = 0; k < chimneys; ++k) {
      float x = -hx * 0.7f + 1.4f * hx * static_cast<float>(k) / static_cast<float>(chimneys > 1 ? chimneys - 1 : 1);
      float h = hi[2] + rng.range(6.0f, 14.0f);
      catalog_cone(detail, bld_wall, {x, hy * 0.5f, hi[2]}, 1.0f, 0.7f, h - hi[2], 10, 2.0f);
      catalog_cone(simple, bld_wall, {x, hy * 0.5f, hi[2]}, 1.0f, 0.7f, h - hi[2], 6, 2.0f);
    }
    roof_spot = {0, -hy * 0.4f, hi[2]};
  } else if (kind == 3) {  // silos: two or three cylinders with cone roofs
    can_ruin = false;
    int silos = 2 + static_cast<int>(rng.below(2));
    float r = rng.range(2.0f, 3.5f), h = rng.range(8.0f, 16.0f);
    for (int k = 0; k < silos; ++k) {
      float x = (static_cast<float>(k) - static_cast<float>(silos - 1) / 2) * (2 * r + 0.5f);
      catalog_prism(detail, bld_wall, 2, {x, 0, 0}, r, h, 16, 3.0f);
      catalog_cone(detail, bld_roof, {x, 0, h}, r * 1.05f, 0.0f, r * 0.6f, 16, 2.0f);
      for (float z = 2.0f; z < h; z += 3.0f) catalog_prism(detail, bld_metal, 2, {x, 0, z}, r + 0.06f, 0.15f, 16, 1.0f);
      catalog_prism(simple, bld_wall, 2, {x, 0, 0}, r, h, 8, 3.0f);
      catalog_cone(simple, bld_roof, {x, 0, h}, r * 1.05f, 0.0f, r * 0.6f, 8, 2.0f);
    }
    hi[2] = h;
    roof_spot = {0, 0, h + r * 0.6f};
  } else if (kind == 4) {  // hangar: an arch of slabs along Y with a gate in front
    can_ruin = false;
    float r = hx, length = hy * 2.5f;
    int slabs = 10;
    for (int k = 0; k < slabs; ++k) {
      float a0 = kCatalogPi * static_cast<float>(k) / static_cast<float>(slabs);
      float a1 = kCatalogPi * static_cast<float>(k + 1) / static_cast<float>(slabs);
      Vec3 p0 = {r * catalog_cos(a0), 0, r * catalog_sin(a0)}, p1 = {r * catalog_cos(a1), 0, r * catalog_sin(a1)};
      for (SlotMesh* m : {&detail, &simple})
        m->polygon(bld_roof, {Vec3{p0[0], length / 2, p0[2]}, {p1[0], length / 2, p1[2]}, {p1[0], -length / 2, p1[2]},
                                   {p0[0], -length / 2, p0[2]}},
                   3.0f);
    }
    std::vector<Vec3> front, back;
    for (int k = 0; k <= slabs; ++k) {
      float a = kCatalogPi * static_cast<float>(k) / static_cast<float>(slabs);
      front.push_back({r * catalog_cos(a), -length / 2, r * catalog_sin(a)});
      back.push_back({r * catalog_cos(kCatalogPi - a), length / 2, r * catalog_sin(kCatalogPi - a)});
    }
    for (SlotMesh* m : {&detail, &simple}) {
      m->polygon(bld_wall, front, 4.0f);
      m->polygon(bld_wall, back, 4.0f);
    }
    detail.box(bld_metal, {-r * 0.6f, -length / 2 - 0.1f, 0}, {r * 0.6f, -length / 2 + 0.02f, r * 0.6f}, 2.0f);
    hi[2] = r;
    roof_spot = {0, length / 2 - 1.0f, r};
  } else {  // bunker: a low sloped block with a firing slit
    hx = rng.range(2.5f, 4.5f), hy = rng.range(2.5f, 4.0f);
    lo = {-hx, -hy, 0}, hi = {hx, hy, rng.range(1.8f, 2.6f)};
    detail.tapered_box(bld_wall, lo, hi, 0.8f, 0.8f, 3.0f);
    simple.tapered_box(bld_wall, lo, hi, 0.8f, 0.8f, 3.0f);
    float slope_y = -hy + 0.8f * 0.55f;
    detail.polygon(bld_glass, {Vec3{-hx * 0.5f, slope_y - 0.05f, hi[2] * 0.5f}, {hx * 0.5f, slope_y - 0.05f, hi[2] * 0.5f},
                                    {hx * 0.5f, slope_y + 0.03f, hi[2] * 0.6f}, {-hx * 0.5f, slope_y + 0.03f, hi[2] * 0.6f}},
                   1.0f);
    roof_spot = {0, 0, hi[2]};
  }
  SampleNode body;
  body.name = "o01";
  body.slots[{0, 0}] = std::move(detail);
  body.slots[{0, 1}] = std::move(simple);
  if (can_ruin && rng.below(3) == 0) {
    body.slots[{1, 0}] = building_damaged(rng, lo, hi);
    if (rng.below(3) == 0) body.slots[{2, 0}] = building_ruin(rng, lo, hi);
  }
  if (kind <= 2) c.footprint = {true, lo, hi, kind == 2 ? 2.5f : 0.7f, kind == 2 ? 4.5f : 2.2f};
  c.model.nodes.push_back(std::move(body));
  std::uint32_t extras = rng.below(3);
  if (animated || extras == 1) c.model.nodes.push_back(building_fan(roof_spot, rng.range(0.8f, 1.5f), rng.below(2) == 0, animated));
  if (extras == 2) {  // an antenna mast
    SlotMesh mast;
    catalog_prism(mast, bld_metal, 2, {0, 0, 0}, 0.06f, rng.range(3.0f, 6.0f), 4, 1.0f);
    c.model.nodes.push_back(catalog_node("antenna", 0, {roof_spot[0] * -0.5f, roof_spot[1] * -0.5f + 0.5f, hi[2]}, std::move(mast)));
  }
  const char* const kinds[] = {"house", "block", "factory", "silo", "hangar", "bunker"};
  c.stem = fmt::format("{}_{:02}", kinds[kind], number);
  c.key = fmt::format("r_h_{:02}", number);
  c.library = "static.rlb";
  c.family = "building";
  c.wear = {"BLD_CONCRETE", "BLD_WINDOW", "TANK_STEEL", "BLD_RUBBLE", "BLD_ROOF"};
  return c;
}

void add_building_interior(CatalogModel& c) {
  const BuildingFootprint& f = c.footprint;
  SampleModel& model = c.model;
  model.nodes[0].flags |= msh::kNodeDrawnAtZeroLife;  // the shell stays drawn at life 0 (retail: bu_* shells)
  const std::uint16_t room = static_cast<std::uint16_t>(model.nodes.size());
  // The door as a portal into the interior: just in front of the door leaf, its triangles doors.
  SlotMesh& shell = model.nodes[0].slots[{0, 0}];
  const float y = f.lo[1] - 0.1f, w = f.door_half_width;
  shell.style({msh::kFaceDoor, room});
  shell.polygon(bld_portal, {Vec3{-w, y, 0.0f}, {w, y, 0.0f}, {w, y, f.door_height}, {-w, y, f.door_height}}, 2.0f);
  shell.reset_style();
  c.wear.push_back("BLD_PORTAL");
  // The ground floor: a slab inside the walls whose top is walkable (type 7 flag 0x02).
  const float x0 = f.lo[0] + 0.3f, x1 = f.hi[0] - 0.3f, y0 = f.lo[1] + 0.3f, y1 = f.hi[1] - 0.3f, top = 0.05f;
  SlotMesh floor;
  floor.box(bld_wall, {x0, y0, 0.0f}, {x1, y1, top * 0.5f}, 4.0f);
  floor.style({msh::kFaceWalkable, msh::kNoRoom});
  floor.polygon(bld_wall, {Vec3{x0, y0, top}, {x1, y0, top}, {x1, y1, top}, {x0, y1, top}}, 4.0f);
  floor.reset_style();
  SampleNode inside = catalog_node("i01", 0, {0, 0, 0}, std::move(floor));
  inside.flags = msh::kNodeInterior;
  model.nodes.push_back(std::move(inside));
  // The path graph on that floor: inside the door, then a 3 x 2 grid, linked along rows and columns.
  model.path_points.push_back({{0.0f, y0 + 0.5f, top}, 0, room});
  for (int row = 0; row < 2; ++row)
    for (int col = 0; col < 3; ++col) {
      float px = x0 + (x1 - x0) * (0.2f + 0.3f * static_cast<float>(col));
      float py = y0 + (y1 - y0) * (0.3f + 0.4f * static_cast<float>(row));
      model.path_points.push_back({{px, py, top}, 0, room});
    }
  model.path_links = {{0, 2}, {1, 2}, {2, 3}, {4, 5}, {5, 6}, {1, 4}, {2, 5}, {3, 6}};
}

}  // namespace parkan::sample
