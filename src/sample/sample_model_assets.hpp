#pragma once
// The look of the sample models (models.rlb): the textures drawn for them (appended to Textures.lib),
// their materials (in Material.lib, one phase with the texture) and each model's WEAR rows. A batch's
// WEAR row is its byte +4 (docs/formats/msh.md 5.1, 12.2): row -> MAT0 name -> phase texture.
#include <string>
#include <utility>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/material/model.hpp"

namespace parkan::sample {

// Tileable textures for the models: camouflage, steel panels, track links, concrete, windows,
// painted armour (sample_model_textures.cpp). Deterministic for a seed.
std::vector<std::pair<std::string, ByteBuffer>> model_textures(const SampleOptions& options);

// The models' materials, one phase each (sample_model_materials.cpp).
std::vector<std::pair<std::string, material::Mat0>> model_materials();

// WEAR rows of the models: the index in this list is the batch material.
namespace wear_row {
enum Tank : std::uint16_t { tank_camo, tank_steel, tank_tread, tank_plate };
enum Building : std::uint16_t { building_concrete, building_window, building_steel, building_rubble, building_portal };
enum Walker : std::uint16_t { walker_armour, walker_steel, walker_visor };
}  // namespace wear_row

// The WEAR text of a model: "tank", "building" or "walker".
std::string model_wear_text(const std::string& model);

}  // namespace parkan::sample
