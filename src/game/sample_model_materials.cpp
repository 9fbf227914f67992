// Materials and WEAR texts of the sample models: one opaque phase each (category 0,
// docs/formats/mat0.md 2.3), full directional light, a little specular, no additive colour,
// the texture of sample_model_textures.cpp, no Page rect.
#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "game/sample_model_assets.hpp"

namespace parkan::game {

namespace {

struct MaterialSpec {
  const char* name;
  const char* texture;
  std::uint8_t light;     // p4..p6: directional, / 255
  std::uint8_t specular;  // p8..p10
  std::uint8_t power;     // p16
};

constexpr MaterialSpec kMaterials[] = {
    {"TANK_CAMO", "CAMO.0", 255, 40, 8},      {"TANK_STEEL", "STEEL.0", 255, 120, 24},
    {"TANK_TREAD", "TREAD.0", 230, 20, 4},    {"BLD_CONCRETE", "CONCRETE.0", 255, 10, 2},
    {"BLD_WINDOW", "WINDOW.0", 255, 200, 40}, {"BLD_RUBBLE", "CONCRETE.0", 150, 0, 1},
    {"ROBOT_ARMOUR", "ARMOUR.0", 255, 90, 16}, {"ROBOT_STEEL", "STEEL.0", 200, 140, 32},
    // The retail catalog's families (sample_model_kinds_*.cpp): foliage, bark, stone, roofs, props.
    {"VEG_LEAF", "CAMO.0", 235, 5, 2},        {"VEG_BARK", "TREAD.0", 210, 5, 2},
    {"ROCK_STONE", "CONCRETE.0", 220, 15, 4}, {"BLD_ROOF", "TREAD.0", 240, 30, 6},
    {"PROP_WOOD", "ARMOUR.0", 220, 10, 3},    {"PROP_METAL", "STEEL.0", 240, 110, 20},
};

// WEAR rows in the order of the wear_row enums.
const std::pair<const char*, std::vector<const char*>> kWears[] = {
    {"tank", {"TANK_CAMO", "TANK_STEEL", "TANK_TREAD"}},
    {"building", {"BLD_CONCRETE", "BLD_WINDOW", "TANK_STEEL", "BLD_RUBBLE"}},
    {"walker", {"ROBOT_ARMOUR", "ROBOT_STEEL", "BLD_WINDOW"}},
};

}  // namespace

std::vector<std::pair<std::string, material::Mat0>> model_materials() {
  std::vector<std::pair<std::string, material::Mat0>> out;
  for (const MaterialSpec& spec : kMaterials) {
    material::Mat0 m;
    m.attributes = {0, 6};  // category 0 (opaque), payload version 6 like every retail entry
    material::Phase phase;
    phase.params[3] = 100;  // opacity in percent
    for (int k : {4, 5, 6, 7}) phase.params[k] = spec.light;
    for (int k : {8, 9, 10, 11}) phase.params[k] = spec.specular;
    phase.params[16] = spec.power;
    phase.params[17] = 0xFF;  // page -1: the whole texture
    std::string_view texture = spec.texture;
    std::copy(texture.begin(), texture.end(), phase.texture_field.begin());
    m.phases.push_back(phase);
    out.emplace_back(spec.name, std::move(m));
  }
  return out;
}

std::string model_wear_text(const std::string& model) {
  for (const auto& [name, rows] : kWears) {
    if (model != name) continue;
    std::string text = fmt::format("{}\n", rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) text += fmt::format("{} {}\n", i, rows[i]);
    return text;
  }
  return {};
}

}  // namespace parkan::game
