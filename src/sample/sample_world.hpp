#pragma once
// The sample game's world (docs/formats/terrain.md, docs/formats/areal.md, docs/formats/mission.md,
// docs/formats/unit.md): maps with terrain and areal maps, unit assemblies of the catalog's prototypes, missions
// placing them. Every file is laid out here from the format pages' layouts, in the retail proportions of the
// world specification.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sample/sample_model_catalog.hpp"
#include "parkan/sample/sample_game.hpp"

namespace parkan::sample {

// One map: `squares` x `squares` grid squares of `cell` units, each `per_square` vertex steps across
// (an even number: level 1 takes every second vertex).
struct MapSpec {
  std::string name;            // the folder under DATA/MAPS
  std::uint32_t squares = 8;
  std::uint32_t per_square = 4;
  float cell = 100;
  std::uint64_t seed = 1;
};

// The terrain's height at (x, y), and the z of its river (one water plane per map).
float map_height(const MapSpec& map, float x, float y);
float map_water_level(const MapSpec& map);
float map_extent(const MapSpec& map);
// The z of the level-0 surface at (x, y): the two faces of the grid quad under it, as sample_terrain
// cuts them (where a placed object's z = 0 lands).
float surface_height(const MapSpec& map, float x, float y);

// DATA/MAPS/<name>/Land.msh, Land1.wea, Land2.wea (sample_world_terrain.cpp) and Land.map
// (sample_world_areal.cpp). Land1.wea and Land2.wea name materials of the sample's Material.lib.
std::vector<SampleFile> sample_terrain(const MapSpec& map);
SampleFile sample_areal_map(const MapSpec& map);

// A .bas of a model whose footprint is the box (x0, y0)..(x1, y1): the inner outline on it, the outer
// clearance ring 1.35 times as wide each way (1.82 times the area), both anticlockwise (sample_world.cpp).
ByteBuffer base_outline(float x0, float y0, float x1, float y1);

// The mounted unit (sample_mounts.cpp): a carrier chassis, a turret on its Base_TL and a gun on the
// turret's Base_gun, each part's root node geometry-less (the engine drops it when mounting).
inline constexpr std::string_view kMountLibrary = "mounts.rlb";
inline constexpr std::string_view kMountFamily = "mount";  // ObjectModel::family of the three prototypes
inline constexpr std::string_view kMountChassisKey = "u_carrier_01";
inline constexpr std::string_view kMountTurretKey = "e_tur_tt_01";
inline constexpr std::string_view kMountGunKey = "e_gun_01";
inline constexpr std::int32_t kMountTurretSocket = 1;  // Base_TL: node 1 of the carrier
inline constexpr std::int32_t kMountGunSocket = 2;     // Base_gun: node 2 of the turret
inline constexpr std::string_view kMountUnitPath = "UNITS/UNITS/carrier_01.dat";
struct MountModel {
  std::string key, stem;
  SampleModel model;
};
std::vector<MountModel> mount_models();

// A mission folder's sky.ske and sky.wea (sample_sky.cpp); `mission` is its index in the game's list.
std::vector<SampleFile> sample_sky(const std::string& mission_folder, std::size_t mission, const SampleOptions& options);

// The unit assemblies and missions over `prototypes` (sample_world.cpp).
std::vector<SampleFile> sample_world(const std::vector<ObjectModel>& prototypes, const SampleOptions& options);

}  // namespace parkan::sample
