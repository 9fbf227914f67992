// Materials and WEAR texts of the sample models (docs/formats/mat0.md, the D3DMATERIAL7 reading):
// one phase each, ambient 0 (no glow), full diffuse, a little specular at power 1 << p16, the texture of
// sample_model_textures.cpp. attr1 = 2 like the retail model skins (3140 of the 3143 WEAR references);
// the portal material is see-through (category 1, ambient alpha 50 %). TANK_PLATE draws one Page cell
// of PANEL.A (p17 = 1, a cell of its four-rect table).
#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "sample/sample_model_assets.hpp"

namespace parkan::sample {

namespace {

struct MaterialSpec {
  const char* name;
  const char* texture;
  std::uint8_t light;     // p4..p6: diffuse, / 255
  std::uint8_t specular;  // p8..p10
  std::uint8_t power;     // p16: power 1 << p16
  std::uint8_t cell = 0xFF;       // p17: the Page cell, 0xFF (-1) the whole texture
  std::uint32_t attr1 = 2;        // 2: an opaque lit skin; 4: see-through (category 1)
  std::uint8_t alpha = 100;       // p3: ambient alpha in percent
};

constexpr MaterialSpec kMaterials[] = {
    {"TANK_CAMO", "CAMO.0", 255, 40, 3},      {"TANK_STEEL", "STEEL.0", 255, 120, 4},
    {"TANK_TREAD", "TREAD.0", 230, 20, 2},    {"BLD_CONCRETE", "CONCRETE.0", 255, 10, 1},
    {"BLD_WINDOW", "WINDOW.0", 255, 200, 5},  {"BLD_RUBBLE", "CONCRETE.0", 150, 0, 0},
    {"ROBOT_ARMOUR", "ARMOUR.0", 255, 90, 4}, {"ROBOT_STEEL", "STEEL.0", 200, 140, 5},
    // The retail catalog's families (sample_model_kinds_*.cpp): foliage, bark, stone, roofs, props.
    {"VEG_LEAF", "CAMO.0", 235, 5, 1},        {"VEG_BARK", "TREAD.0", 210, 5, 1},
    {"ROCK_STONE", "CONCRETE.0", 220, 15, 2}, {"BLD_ROOF", "TREAD.0", 240, 30, 2},
    {"PROP_WOOD", "ARMOUR.0", 220, 10, 1},    {"PROP_METAL", "STEEL.0", 240, 110, 4},
    // A Page cell (a side plate of the tank) and the see-through portal of the buildings' doors.
    {"TANK_PLATE", "PANEL.A", 255, 90, 4, 1}, {"BLD_PORTAL", "WINDOW.0", 200, 60, 3, 0xFF, 4, 50},
};

// WEAR rows in the order of the wear_row enums.
const std::pair<const char*, std::vector<const char*>> kWears[] = {
    {"tank", {"TANK_CAMO", "TANK_STEEL", "TANK_TREAD", "TANK_PLATE"}},
    {"building", {"BLD_CONCRETE", "BLD_WINDOW", "TANK_STEEL", "BLD_RUBBLE", "BLD_PORTAL"}},
    {"walker", {"ROBOT_ARMOUR", "ROBOT_STEEL", "BLD_WINDOW"}},
};

}  // namespace

std::vector<std::pair<std::string, material::Mat0>> model_materials() {
  std::vector<std::pair<std::string, material::Mat0>> out;
  for (const MaterialSpec& spec : kMaterials) {
    material::Mat0 m;
    m.attributes = {spec.attr1, 6};  // payload version 6 like every retail entry
    material::Phase phase;
    phase.params[3] = spec.alpha;  // ambient alpha in percent; p0..p2 (ambient) stay 0
    for (int k : {4, 5, 6, 7}) phase.params[k] = spec.light;
    for (int k : {8, 9, 10, 11}) phase.params[k] = spec.specular;
    phase.params[16] = spec.power;
    phase.params[17] = spec.cell;
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

}  // namespace parkan::sample
