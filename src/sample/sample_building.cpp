// The sample building: a two-storey concrete block (12 x 8 x 7 m) with windows, a door under a
// canopy, a parapet, a stair house, vents and an antenna on the roof, built as the retail buildings
// are (docs/formats/msh.md 2.2, 2.3, 5.1, 6.1): the shell node o01 with three LODs intact
// (slot[0][0..2]: full detail, block + stair house + windows, a single block) and two damage stages,
// damaged (slot[1][0]: the upper storey's right half blown off, rubble) and destroyed (slot[2][0]:
// wall stubs, rubble heaps, fallen slabs, a bent antenna); the interior node i01 (flag 0x1: floors,
// a ramp and a partition, hidden in the closed shell) whose floors are walkable (type 7 flag 0x02)
// and carry the path graph of type 17; the door as a portal batch into i01; a roof socket Base_TL
// (type 10 "e_tur_tt"). The shell carries flag 0x100 (still drawn at life 0). The front (door) is -Y; model units are metres, Z up, the ground at z = 0.
#include "sample/sample_model_assets.hpp"
#include "sample/sample_model_builder.hpp"

namespace parkan::sample {

namespace {

using mesh::SlotMesh;
using msh::Vec3;
using namespace wear_row;

constexpr float kHalfX = 6.0f, kHalfY = 4.0f, kHeight = 7.0f, kParapet = 0.6f;
constexpr float kWallTile = 4.0f;
constexpr float kProud = 0.02f;  // windows and doors stand this far out of the wall

// A rectangle on a wall facing `side` (0: -Y, 1: +Y, 2: -X, 3: +X), from a0 to a1 along the wall
// (X for the Y walls, Y for the X walls) and z0 to z1, counter-clockwise seen from outside.
void on_wall(SlotMesh& m, std::uint16_t material, int side, float a0, float a1, float z0, float z1, float tile) {
  float plane = (side == 0 ? -kHalfY : side == 1 ? kHalfY : side == 2 ? -kHalfX : kHalfX) +
                ((side % 2) == 0 ? -kProud : kProud);
  auto at = [&](float a, float z) { return side < 2 ? Vec3{a, plane, z} : Vec3{plane, a, z}; };
  bool forward = side == 0 || side == 3;  // these two faces run a0 -> a1 from left to right
  if (forward) m.polygon(material, {at(a0, z0), at(a1, z0), at(a1, z1), at(a0, z1)}, tile);
  else m.polygon(material, {at(a1, z0), at(a0, z0), at(a0, z1), at(a1, z1)}, tile);
}

void window(SlotMesh& m, int side, float centre, float floor) {
  on_wall(m, building_window, side, centre - 0.8f, centre + 0.8f, floor + 1.3f, floor + 2.7f, 1.6f);
}

void windows(SlotMesh& m, bool sides) {
  for (float x : {-4.2f, -2.1f, 2.1f, 4.2f}) {
    window(m, 0, x, 0.0f);
    window(m, 0, x, 3.0f);
    window(m, 1, x, 0.0f);
    window(m, 1, x, 3.0f);
  }
  window(m, 0, 0.0f, 3.0f);  // above the door
  window(m, 1, 0.0f, 0.0f);
  window(m, 1, 0.0f, 3.0f);
  if (!sides) return;
  for (int side : {2, 3})
    for (float y : {-1.8f, 1.8f})
      for (float floor : {0.0f, 3.0f}) window(m, side, y, floor);
}

// The door: a portal batch into the interior node (word bit 0x8, +6 = kInteriorNode), its triangles
// door leaves (type 7 flag 0x10).
constexpr std::uint16_t kInteriorNode = 1;
void door(SlotMesh& m) {
  m.style({msh::kFaceDoor, kInteriorNode});
  on_wall(m, building_portal, 0, -0.9f, 0.9f, 0.2f, 2.4f, 2.0f);
  m.reset_style();
}

SlotMesh full_detail() {
  SlotMesh m;
  m.box(building_concrete, {-kHalfX, -kHalfY, 0}, {kHalfX, kHalfY, kHeight}, kWallTile);
  float top = kHeight + kParapet, t = 0.3f;
  m.box(building_concrete, {-kHalfX, -kHalfY, kHeight}, {kHalfX, -kHalfY + t, top}, kWallTile);
  m.box(building_concrete, {-kHalfX, kHalfY - t, kHeight}, {kHalfX, kHalfY, top}, kWallTile);
  m.box(building_concrete, {-kHalfX, -kHalfY + t, kHeight}, {-kHalfX + t, kHalfY - t, top}, kWallTile);
  m.box(building_concrete, {kHalfX - t, -kHalfY + t, kHeight}, {kHalfX, kHalfY - t, top}, kWallTile);
  windows(m, true);
  door(m);
  m.box(building_concrete, {-1.4f, -kHalfY - 0.9f, 2.6f}, {1.4f, -kHalfY, 2.85f}, kWallTile);  // canopy
  m.box(building_concrete, {-1.2f, -kHalfY - 0.7f, 0}, {1.2f, -kHalfY, 0.2f}, kWallTile);      // step
  // Roof: stair house with its door, two vents, an antenna mast with a cross bar.
  m.box(building_concrete, {1.5f, 0.5f, kHeight}, {4.5f, 3.2f, kHeight + 2.2f}, kWallTile);
  m.polygon(building_steel, {{2.5f, 0.48f, kHeight}, {3.5f, 0.48f, kHeight}, {3.5f, 0.48f, kHeight + 2.0f},
                             {2.5f, 0.48f, kHeight + 2.0f}}, 2.0f);
  m.box(building_steel, {-4.0f, -2.0f, kHeight}, {-2.6f, -0.8f, kHeight + 0.7f}, 1.0f);
  m.box(building_steel, {-1.5f, -2.6f, kHeight}, {-0.5f, -1.6f, kHeight + 0.5f}, 1.0f);
  m.cylinder(building_steel, 2, {-3.5f, 2.0f, kHeight}, 0.07f, 3.8f, 6, 1.0f);
  m.cylinder(building_steel, 0, {-4.2f, 2.0f, kHeight + 3.4f}, 0.04f, 1.4f, 6, 1.0f);
  return m;
}

SlotMesh medium_detail() {
  SlotMesh m;
  m.box(building_concrete, {-kHalfX, -kHalfY, 0}, {kHalfX, kHalfY, kHeight + kParapet}, kWallTile);
  m.box(building_concrete, {1.5f, 0.5f, kHeight + kParapet}, {4.5f, 3.2f, kHeight + 2.2f}, kWallTile);
  windows(m, false);
  door(m);
  return m;
}

SlotMesh low_detail() {
  SlotMesh m;
  m.box(building_concrete, {-kHalfX, -kHalfY, 0}, {kHalfX, kHalfY, kHeight + kParapet}, kWallTile);
  return m;
}

// A wall stub along X (front or back) whose top falls linearly from h0 at x0 to h1 at x1.
void stub_x(SlotMesh& m, float x0, float x1, float y0, float y1, float h0, float h1) {
  m.hexahedron(building_concrete,
               {Vec3{x0, y0, 0.3f}, {x1, y0, 0.3f}, {x1, y1, 0.3f}, {x0, y1, 0.3f},
                {x0, y0, h0}, {x1, y0, h1}, {x1, y1, h1}, {x0, y1, h0}},
               kWallTile);
}
// The same along Y (a side wall).
void stub_y(SlotMesh& m, float x0, float x1, float y0, float y1, float h0, float h1) {
  m.hexahedron(building_concrete,
               {Vec3{x0, y0, 0.3f}, {x1, y0, 0.3f}, {x1, y1, 0.3f}, {x0, y1, 0.3f},
                {x0, y0, h0}, {x1, y0, h0}, {x1, y1, h1}, {x0, y1, h1}},
               kWallTile);
}

// Damage stage 1: the upper storey's right half is gone, its walls broken off in a slope, the
// rubble fallen in front; the rest stands with its windows and door.
SlotMesh damaged() {
  SlotMesh m;
  const float storey = 3.0f, gap = 1.5f;
  m.box(building_concrete, {-kHalfX, -kHalfY, 0}, {kHalfX, kHalfY, storey}, kWallTile);
  m.box(building_concrete, {-kHalfX, -kHalfY, storey}, {gap, kHalfY, kHeight}, kWallTile);
  m.box(building_concrete, {-kHalfX, -kHalfY, kHeight}, {gap, kHalfY, kHeight + kParapet}, kWallTile);
  stub_x(m, gap, kHalfX, -kHalfY, kHalfY, 5.4f, storey + 0.4f);  // the broken upper walls
  for (float x : {-4.2f, -2.1f, 2.1f, 4.2f}) window(m, 0, x, 0.0f), window(m, 1, x, 0.0f);
  for (float x : {-4.2f, -2.1f}) window(m, 0, x, 3.0f), window(m, 1, x, 3.0f);
  window(m, 0, 0.0f, 3.0f);
  for (float y : {-1.8f, 1.8f}) window(m, 2, y, 0.0f), window(m, 2, y, 3.0f), window(m, 3, y, 0.0f);
  door(m);
  m.box(building_concrete, {-1.4f, -kHalfY - 0.9f, 2.6f}, {1.4f, -kHalfY, 2.85f}, kWallTile);  // canopy
  m.hexahedron(building_rubble,
               {Vec3{2.0f, -5.6f, 0.0f}, {6.8f, -5.6f, 0.0f}, {6.8f, -kHalfY, 0.0f}, {2.0f, -kHalfY, 0.0f},
                {3.4f, -5.0f, 1.2f}, {6.0f, -5.0f, 1.2f}, {6.0f, -4.2f, 1.2f}, {3.4f, -4.2f, 1.2f}},
               2.0f);
  m.place(mesh::rotate_y(-0.5f, {4.0f, 0.0f, storey + 0.9f}));  // a slab of the roof, fallen in
  m.box(building_concrete, {-1.8f, -2.5f, -0.15f}, {1.8f, 2.5f, 0.15f}, kWallTile);
  m.reset_placement();
  return m;
}

// A floor slab lo..hi whose top face is walkable (type 7 flag 0x02): the path graph stands on it.
void slab(SlotMesh& m, Vec3 lo, Vec3 hi) {
  const float x0 = lo[0], y0 = lo[1], z0 = lo[2], x1 = hi[0], y1 = hi[1], z1 = hi[2];
  m.polygon(building_concrete, {{x0, y0, z0}, {x0, y1, z0}, {x1, y1, z0}, {x1, y0, z0}}, kWallTile);
  m.polygon(building_concrete, {{x0, y0, z0}, {x1, y0, z0}, {x1, y0, z1}, {x0, y0, z1}}, kWallTile);
  m.polygon(building_concrete, {{x1, y0, z0}, {x1, y1, z0}, {x1, y1, z1}, {x1, y0, z1}}, kWallTile);
  m.polygon(building_concrete, {{x1, y1, z0}, {x0, y1, z0}, {x0, y1, z1}, {x1, y1, z1}}, kWallTile);
  m.polygon(building_concrete, {{x0, y1, z0}, {x0, y0, z0}, {x0, y0, z1}, {x0, y1, z1}}, kWallTile);
  m.style({msh::kFaceWalkable, msh::kNoRoom});
  m.polygon(building_concrete, {{x0, y0, z1}, {x1, y0, z1}, {x1, y1, z1}, {x0, y1, z1}}, kWallTile);
  m.reset_style();
}

// The interior: the ground floor, the first floor around a stairwell on the right, the ramp up,
// a partition on the left. Inside the closed shell, so it shows only in a cutaway.
constexpr float kGround = 0.05f, kFirst = 3.0f;
constexpr float kRampX0 = 3.2f, kRampX1 = 5.2f, kRampY0 = -2.6f, kRampY1 = 2.4f;
SlotMesh interior() {
  SlotMesh m;
  const float x = kHalfX - 0.4f, y = kHalfY - 0.4f;
  slab(m, {-x, -y, 0.0f}, {x, y, kGround});
  slab(m, {-x, -y, kFirst - 0.2f}, {3.0f, y, kFirst});      // the first floor
  slab(m, {3.0f, kRampY1, kFirst - 0.2f}, {x, y, kFirst});  // its landing above the ramp
  m.style({msh::kFaceWalkable, msh::kNoRoom});
  m.polygon(building_concrete, {{kRampX0, kRampY0, kGround}, {kRampX1, kRampY0, kGround}, {kRampX1, kRampY1, kFirst},
                                {kRampX0, kRampY1, kFirst}},
            kWallTile);
  m.reset_style();
  m.box(building_concrete, {-1.6f, -y, kGround}, {-1.4f, -1.0f, kFirst - 0.2f}, kWallTile);  // the partition
  return m;
}

// The path graph on the interior's walkable floors (in i01's frame): from the door across the hall
// into the west room and up the ramp to the first floor.
void path_graph(SampleModel& model) {
  const float ramp_x = (kRampX0 + kRampX1) / 2;
  const Vec3 points[] = {
      {0.0f, -kHalfY + 0.8f, kGround}, {0.0f, 0.5f, kGround},  {-3.5f, 0.5f, kGround}, {ramp_x, -3.3f, kGround},
      {ramp_x, -0.1f, (kGround + kFirst) / 2}, {ramp_x, 3.1f, kFirst}, {0.0f, 0.5f, kFirst}, {-4.0f, 1.5f, kFirst}};
  for (const Vec3& p : points) model.path_points.push_back({p, 0, kInteriorNode});
  model.path_links = {{0, 1}, {1, 2}, {1, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}};
}

SlotMesh destroyed() {
  SlotMesh m;
  m.box(building_concrete, {-kHalfX - 0.2f, -kHalfY - 0.2f, 0}, {kHalfX + 0.2f, kHalfY + 0.2f, 0.3f}, kWallTile);
  float t = 0.35f;
  stub_x(m, -kHalfX, -2.0f, kHalfY - t, kHalfY, 5.6f, 3.8f);  // the back wall, broken down to the right
  stub_x(m, -2.0f, 1.5f, kHalfY - t, kHalfY, 3.8f, 2.1f);
  stub_x(m, 1.5f, kHalfX, kHalfY - t, kHalfY, 2.1f, 0.8f);
  stub_y(m, -kHalfX, -kHalfX + t, -kHalfY, 0.0f, 1.2f, 3.1f);  // the left wall, rising to the back
  stub_y(m, -kHalfX, -kHalfX + t, 0.0f, kHalfY - t, 3.1f, 5.6f);
  stub_x(m, -kHalfX + t, -3.0f, -kHalfY, -kHalfY + t, 1.5f, 0.6f);  // front corners
  stub_x(m, 3.0f, kHalfX, -kHalfY, -kHalfY + t, 0.5f, 1.8f);
  stub_y(m, kHalfX - t, kHalfX, -kHalfY + t, -1.0f, 1.8f, 0.5f);   // the right wall
  on_wall(m, building_window, 1, -5.0f, -3.4f, 1.3f, 2.7f, 1.6f);  // one window left in the back wall
  // Heaps of rubble where the floors came down.
  m.hexahedron(building_rubble,
               {Vec3{-2.5f, -3.4f, 0.3f}, {4.8f, -3.4f, 0.3f}, {4.8f, 2.8f, 0.3f}, {-2.5f, 2.8f, 0.3f},
                {0.0f, -1.4f, 2.3f}, {2.2f, -1.4f, 2.3f}, {2.2f, 0.6f, 2.3f}, {0.0f, 0.6f, 2.3f}},
               2.0f);
  m.hexahedron(building_rubble,
               {Vec3{-5.6f, -4.8f, 0.0f}, {-0.8f, -4.8f, 0.0f}, {-0.8f, -2.2f, 0.3f}, {-5.6f, -2.2f, 0.3f},
                {-4.2f, -3.9f, 1.4f}, {-2.2f, -3.9f, 1.4f}, {-2.2f, -3.5f, 1.4f}, {-4.2f, -3.5f, 1.4f}},
               2.0f);
  // Floor slabs fallen at angles, the stair house on its side, rebars, the bent antenna.
  m.place(mesh::rotate_y(0.55f, {3.8f, 1.6f, 1.6f}));
  m.box(building_concrete, {-1.9f, -1.4f, -0.15f}, {1.9f, 1.4f, 0.15f}, kWallTile);
  m.place(mesh::rotate_x(-0.45f, {-2.8f, 2.0f, 1.5f}));
  m.box(building_concrete, {-2.2f, -1.5f, -0.15f}, {2.2f, 1.5f, 0.15f}, kWallTile);
  m.place(mesh::rotate_z(0.35f, {4.2f, -2.6f, 0.3f}));
  m.box(building_concrete, {-1.1f, -0.9f, 0.0f}, {1.1f, 0.9f, 1.5f}, kWallTile);
  for (float x : {-1.2f, -0.6f, 0.0f}) {
    m.place(mesh::rotate_y(0.3f + x * 0.4f, {x - 3.0f, 2.1f, 1.9f}));
    m.cylinder(building_steel, 2, {0, 0, 0}, 0.03f, 1.3f, 4, 1.0f);
  }
  m.place(mesh::rotate_z(0.3f, {-0.5f, 3.0f, 0.35f}));
  m.cylinder(building_steel, 0, {-1.8f, 0, 0}, 0.07f, 3.6f, 6, 1.0f);
  m.reset_placement();
  return m;
}

}  // namespace

SampleModel building_model() {
  SampleModel model;
  SampleNode shell;
  shell.name = "o01";
  shell.flags = msh::kNodeDrawnAtZeroLife;  // a building's shell stays drawn at life 0 (retail: bu_* shells)
  shell.slots[{0, 0}] = full_detail();
  shell.slots[{0, 1}] = medium_detail();
  shell.slots[{0, 2}] = low_detail();
  shell.slots[{1, 0}] = damaged();
  shell.slots[{2, 0}] = destroyed();
  model.nodes.push_back(std::move(shell));
  SampleNode inside;
  inside.name = "i01";
  inside.parent = 0;
  inside.flags = msh::kNodeInterior;
  inside.slots[{0, 0}] = interior();
  model.nodes.push_back(std::move(inside));
  SampleNode socket;
  socket.name = "Base_TL";
  socket.socket = "e_tur_tt";
  socket.parent = 0;
  socket.pos = {-2.5f, -1.0f, kHeight};
  model.nodes.push_back(std::move(socket));
  path_graph(model);
  model.lit_rows = (1u << building_concrete) | (1u << building_rubble);
  model.row_words[building_window] = msh::kBatchWordTranslucent;
  return model;
}

}  // namespace parkan::sample
