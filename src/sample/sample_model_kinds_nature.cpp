// Trees and rocks of the catalog (static.rlb). Broadleaf trees: a trunk with a few boughs and one to
// three lumpy crowns (nodes), pines: a trunk with three to six cone layers (nodes); animated trees sway
// in the wind (each crown or layer a little later than the one below). Bushes: one lumpy node. Rocks:
// one to four lumpy stones, static. Metres, Z up, the ground at z = 0.
#include <fmt/format.h>

#include "sample/sample_model_catalog.hpp"

namespace parkan::sample {

namespace {

using mesh::SlotMesh;
using msh::Vec3;

enum NatureRow : std::uint16_t { nature_leaf, nature_bark, nature_stone };
constexpr std::uint32_t kNatureCycle = 60;
constexpr std::uint32_t kNatureStep = 5;

// A sway about a horizontal axis, `lag` of a cycle behind the trunk.
void nature_sway(SampleNode& node, float amplitude, float lag, float heading) {
  Vec3 pos = node.pos;
  Vec3 axis = {catalog_cos(heading), catalog_sin(heading), 0};
  node.keys = sample_keys(kNatureCycle, kNatureStep, [pos, amplitude, lag, axis](float f) {
    float phase = 2.0f * kCatalogPi * (f / static_cast<float>(kNatureCycle) - lag);
    return NodePoseAt{pos, catalog_rotation(axis, amplitude * catalog_sin(phase))};
  });
}

}  // namespace

CatalogModel catalog_tree(SampleRandom& rng, std::uint32_t number, bool animated) {
  CatalogModel c;
  std::uint32_t kind = rng.below(5);  // 0, 1 broadleaf; 2, 3 pine; 4 bush
  float height = rng.range(4.0f, 11.0f), radius = height * rng.range(0.04f, 0.07f);
  float heading = rng.range(0.0f, 2.0f * kCatalogPi);
  const char* stem = "tree";
  if (kind == 4) {
    stem = "bush";
    SlotMesh bush;
    float r = rng.range(0.8f, 2.0f);
    catalog_blob(bush, rng, nature_leaf, {0, 0, r * 0.55f}, {r, r * rng.range(0.7f, 1.0f), r * 0.7f}, 4, 9, 0.2f, 1.5f);
    c.model.nodes.push_back(catalog_node("bush", msh::kNoParent, {0, 0, 0}, std::move(bush)));
    if (animated) nature_sway(c.model.nodes.back(), 0.04f, 0.0f, heading);
  } else {
    SlotMesh trunk;
    bool pine = kind >= 2;
    if (pine) stem = "pine";
    float trunk_h = pine ? height * 0.95f : height * rng.range(0.45f, 0.6f);
    catalog_cone(trunk, nature_bark, {0, 0, 0}, radius, radius * 0.5f, trunk_h, 7, 1.0f);
    if (!pine) {  // two or three boughs leaning out
      int boughs = 2 + static_cast<int>(rng.below(2));
      for (int b = 0; b < boughs; ++b) {
        float a = heading + 2.0f * kCatalogPi * static_cast<float>(b) / static_cast<float>(boughs);
        mesh::Placement tilt = catalog_turn_y(0.7f);
        mesh::Placement turn = catalog_turn_z(a);
        // The bough: a thin cone leaning out, placed by tilt then turn (composed by hand).
        std::array<float, 9> r{};
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j)
            for (int k = 0; k < 3; ++k) r[3 * i + j] += turn.rotation[3 * i + k] * tilt.rotation[3 * k + j];
        trunk.place({r, {0, 0, trunk_h * rng.range(0.6f, 0.9f)}});
        catalog_cone(trunk, nature_bark, {0, 0, 0}, radius * 0.45f, radius * 0.2f, height * 0.3f, 5, 1.0f);
      }
      trunk.reset_placement();
    }
    c.model.nodes.push_back(catalog_node("trunk", msh::kNoParent, {0, 0, 0}, std::move(trunk)));
    if (animated) nature_sway(c.model.nodes.back(), 0.02f, 0.0f, heading);
    if (pine) {
      int layers = 3 + static_cast<int>(rng.below(4));
      float base = height * rng.range(0.15f, 0.3f), span = height * 1.05f - base;
      for (int k = 0; k < layers; ++k) {
        float z = base + span * static_cast<float>(k) / static_cast<float>(layers);
        float r = height * 0.3f * (1.0f - 0.7f * static_cast<float>(k) / static_cast<float>(layers));
        SlotMesh layer;
        catalog_cone(layer, nature_leaf, {0, 0, 0}, r, 0.0f, span / static_cast<float>(layers) * 1.6f, 8, 1.5f);
        SampleNode& n = c.model.nodes.emplace_back(catalog_node(fmt::format("layer_{}", k), 0, {0, 0, z}, std::move(layer)));
        if (animated) nature_sway(n, 0.03f + 0.01f * static_cast<float>(k), 0.05f * static_cast<float>(k), heading);
      }
    } else {
      int crowns = 1 + static_cast<int>(rng.below(3));
      for (int k = 0; k < crowns; ++k) {
        float r = height * rng.range(0.22f, 0.32f);
        float a = heading + 2.0f * kCatalogPi * static_cast<float>(k) / static_cast<float>(crowns);
        float off = crowns == 1 ? 0.0f : r * 0.5f;
        Vec3 pos = {off * catalog_cos(a), off * catalog_sin(a), trunk_h + r * rng.range(0.5f, 0.9f)};
        SlotMesh crown;
        catalog_blob(crown, rng, nature_leaf, {0, 0, 0}, {r, r * rng.range(0.8f, 1.1f), r * rng.range(0.7f, 1.0f)}, 5, 10, 0.15f, 1.5f);
        SampleNode& n = c.model.nodes.emplace_back(catalog_node(fmt::format("crown_{}", k), 0, pos, std::move(crown)));
        if (animated) nature_sway(n, 0.05f, 0.1f * static_cast<float>(k + 1), heading);
      }
    }
  }
  c.stem = fmt::format("{}_{:02}", stem, number);
  c.key = "s_" + c.stem;
  c.library = "static.rlb";
  c.family = "plant";
  c.wear = {"VEG_LEAF", "VEG_BARK", "ROCK_STONE"};
  return c;
}

CatalogModel catalog_rock(SampleRandom& rng, std::uint32_t number) {
  CatalogModel c;
  int stones = rng.below(3) == 0 ? 1 : 1 + static_cast<int>(rng.below(4));
  for (int k = 0; k < stones; ++k) {
    float r = k == 0 ? rng.range(1.0f, 3.5f) : rng.range(0.4f, 1.4f);
    Vec3 pos = k == 0 ? Vec3{0, 0, 0} : Vec3{rng.range(-3.0f, 3.0f), rng.range(-3.0f, 3.0f), 0};
    SlotMesh stone;
    catalog_blob(stone, rng, nature_stone, {0, 0, r * 0.3f}, {r, r * rng.range(0.6f, 1.0f), r * rng.range(0.5f, 0.9f)}, 4, 7, 0.3f, 2.0f);
    c.model.nodes.push_back(catalog_node(fmt::format("stone_{}", k), k == 0 ? msh::kNoParent : 0, pos, std::move(stone)));
  }
  c.stem = fmt::format("rock_{:02}", number);
  c.key = "s_" + c.stem;
  c.library = "static.rlb";
  c.family = "plant";
  c.wear = {"VEG_LEAF", "VEG_BARK", "ROCK_STONE"};
  return c;
}

}  // namespace parkan::sample
