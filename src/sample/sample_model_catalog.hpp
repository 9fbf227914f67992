#pragma once
// The retail sample game's model catalog: about 400 procedural models in recognisable families
// (vehicles, walking robots, turrets and towers, buildings, trees and rocks, props), each with its
// WEAR rows, its library (units.rlb or static.rlb) and its objects.rlb prototype key. Every number
// that ends up in bytes comes from SampleRandom and +, -, *, /, sqrt: the trigonometry here is a
// polynomial (catalog_sin), not the C library's, so a seed gives the same bytes on every platform.
#include <cstdint>
#include <string>
#include <vector>

#include "sample/sample_mesh_builder.hpp"
#include "sample/sample_model_builder.hpp"
#include "sample/sample_random.hpp"
#include "parkan/sample/sample_game.hpp"

namespace parkan::sample {

inline constexpr float kCatalogPi = 3.14159265358979f;

// sin(x) to about 1e-7 for any finite x of a model's range (|x| < 1e6): reduction to [-pi, pi] by whole
// turns, folding to [-pi/2, pi/2], then the odd Taylor polynomial to x^13.
inline float catalog_sin(float x) {
  constexpr float kTurn = 2.0f * kCatalogPi;
  float turns = x / kTurn;
  float whole = static_cast<float>(static_cast<long long>(turns + (turns >= 0 ? 0.5f : -0.5f)));
  x -= whole * kTurn;
  if (x > kCatalogPi / 2) x = kCatalogPi - x;
  if (x < -kCatalogPi / 2) x = -kCatalogPi - x;
  float x2 = x * x;
  return x * (1.0f - x2 / 6.0f * (1.0f - x2 / 20.0f * (1.0f - x2 / 42.0f * (1.0f - x2 / 72.0f *
                                                                                      (1.0f - x2 / 110.0f * (1.0f - x2 / 156.0f))))));
}
inline float catalog_cos(float x) { return catalog_sin(x + kCatalogPi / 2); }

// The stored quaternion of a node turned by `angle` about `axis` (as node_rotation, with catalog_sin).
msh::RawQuat catalog_rotation(msh::Vec3 axis, float angle);
// First `angle_b` about `axis_b`, then `angle_a` about `axis_a` (as node_rotation_then).
msh::RawQuat catalog_rotation_then(msh::Vec3 axis_a, float angle_a, msh::Vec3 axis_b, float angle_b);
// A placement turning by `angle` about Z (X, Y) counter-clockwise, then moving by `offset`.
mesh::Placement catalog_turn_z(float angle, msh::Vec3 offset = {});
mesh::Placement catalog_turn_x(float angle, msh::Vec3 offset = {});
mesh::Placement catalog_turn_y(float angle, msh::Vec3 offset = {});

// Flat-sided shapes from planar polygons (no std::cos in their corners).
// A prism around `axis` (0 X, 1 Y, 2 Z) from `base` over `length` (negative: the other way): a cylinder
// of `sides` faces.
void catalog_prism(mesh::SlotMesh& m, std::uint16_t material, int axis, msh::Vec3 base, float radius, float length,
                   int sides, float tile);
// A frustum along +Z from `base`: radius r0 at the bottom, r1 at the top (0: a cone).
void catalog_cone(mesh::SlotMesh& m, std::uint16_t material, msh::Vec3 base, float r0, float r1, float height,
                  int sides, float tile);
// A lumpy ellipsoid of triangles (foliage, rocks): `rings` x `sides`, each radius scaled by
// 1 +- `jitter` at random.
void catalog_blob(mesh::SlotMesh& m, SampleRandom& rng, std::uint16_t material, msh::Vec3 centre, msh::Vec3 radii,
                  int rings, int sides, float jitter, float tile);

// A node with its LOD 0 geometry in state 0.
SampleNode catalog_node(std::string name, std::uint16_t parent, msh::Vec3 pos, mesh::SlotMesh geometry);

// The box of a house, block or hall (its walls lo..hi) and its front door (-Y, centred on x = 0).
struct BuildingFootprint {
  bool present = false;
  msh::Vec3 lo{}, hi{};
  float door_half_width = 0, door_height = 0;
};

// One model of the catalog.
struct CatalogModel {
  std::string stem;                // <stem>.msh and <stem>.wea in `library`
  std::string library;             // units.rlb or static.rlb
  std::string key;                 // its objects.rlb prototype key
  std::string family;              // the parent prototype of its variants: c_<family>
  std::vector<std::string> wear;   // WEAR rows: a batch's byte +4 is an index here
  SampleModel model;
  BuildingFootprint footprint;     // houses, blocks and halls
  int lightmap = -1;               // lightmapped: the LightMap.lib page LIGHT<lightmap>.0 its WEAR names
};

// The families (sample_model_kinds_*.cpp). `number` numbers the model in its kind (the stem's
// suffix); `animated` asks for keys (a kind may ignore it only where noted).
CatalogModel catalog_vehicle(SampleRandom& rng, std::uint32_t number, bool animated);   // tanks, trucks, APCs
CatalogModel catalog_robot(SampleRandom& rng, std::uint32_t number, std::uint32_t legs, std::uint32_t segments,
                           bool arms);                                                   // always animated
CatalogModel catalog_turret(SampleRandom& rng, std::uint32_t number);                   // always animated
CatalogModel catalog_tower(SampleRandom& rng, std::uint32_t number, bool animated);     // radar, water, watch
CatalogModel catalog_building(SampleRandom& rng, std::uint32_t number, bool animated);  // houses, halls, silos
CatalogModel catalog_tree(SampleRandom& rng, std::uint32_t number, bool animated);      // broadleaf, pine
CatalogModel catalog_rock(SampleRandom& rng, std::uint32_t number);                     // static
CatalogModel catalog_prop(SampleRandom& rng, std::uint32_t number, bool animated);      // crates, barrels, fences

// Gives a building with a footprint the interior of the retail buildings (docs/formats/msh.md 2.3, 5.1,
// 6.1): the shell flagged 0x100 (drawn at life 0), an interior node i01 (flag 0x1) with a walkable floor (type 7 flag 0x02) carrying a path graph
// of seven points, and a portal batch (word bit 0x8) at the door into it, on a new WEAR row
// BLD_PORTAL (sample_model_kinds_buildings.cpp).
void add_building_interior(CatalogModel& c);

// Adds the cockpit node CP_m1o1 (flag 0x20, geometry only at level 4) under node `parent` at `pos`,
// `width` metres across (sample_models.cpp).
void add_cockpit(SampleModel& model, std::uint16_t parent, msh::Vec3 pos, std::uint16_t frame_row,
                 std::uint16_t panel_row, float width);

// The whole retail catalog in a fixed order (sample_models.cpp).
std::vector<CatalogModel> model_catalog(const SampleOptions& options);

// objects.rlb and system.rlb for models named (library, stem, key, family) (sample_objects.cpp).
struct ObjectModel {
  std::string library, stem, key, family;
  bool via_parent = false;  // prototype = (objects.rlb, c_<family>) + (library, <stem>.bas): the .bas is there
  bool object_data = false;  // (library, <stem>.ndp) and (library, <stem>.cpt) are there (sample_object_data.hpp)
};
std::vector<SampleFile> sample_objects(const std::vector<ObjectModel>& models, const SampleOptions& options);

}  // namespace parkan::sample
