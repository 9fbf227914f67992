// Props of the catalog (static.rlb): stacks of crates, groups of barrels, fences of 3 to 24 sections,
// lamp posts, fuel tanks on cradles, flag poles (the flag waves when animated), windmills (the rotor
// turns when animated) and barriers (the boom lifts when animated). Metres, Z up, the ground at z = 0.
#include <fmt/format.h>

#include "sample/sample_model_catalog.hpp"

namespace parkan::sample {

namespace {

using mesh::SlotMesh;
using msh::Vec3;

enum PropRow : std::uint16_t { prop_wood, prop_metal, prop_cloth, prop_glass, prop_paint };
constexpr std::uint32_t kPropCycle = 48;
constexpr std::uint32_t kPropStep = 3;

float prop_phase(float frame) { return 2.0f * kCatalogPi * frame / static_cast<float>(kPropCycle); }

SlotMesh prop_crate(float s) {
  SlotMesh m;
  m.box(prop_wood, {-s, -s, 0}, {s, s, 2 * s}, 1.0f);
  for (float z : {0.1f, 2 * s - 0.2f})  // metal bands, clear of the lid and the floor (no coplanar faces)
    m.box(prop_metal, {-s - 0.02f, -s - 0.02f, z}, {s + 0.02f, s + 0.02f, z + 0.08f}, 0.5f);
  return m;
}

SlotMesh prop_barrel(float r, float h) {
  SlotMesh m;
  catalog_prism(m, prop_paint, 2, {0, 0, 0}, r, h, 10, 1.0f);
  for (float z : {h * 0.3f, h * 0.7f}) catalog_prism(m, prop_metal, 2, {0, 0, z}, r + 0.02f, 0.05f, 10, 0.5f);
  return m;
}

}  // namespace

CatalogModel catalog_prop(SampleRandom& rng, std::uint32_t number, bool animated) {
  CatalogModel c;
  SampleModel& model = c.model;
  // Animated props are flags, windmills and barriers; the rest are static kinds.
  std::uint32_t kind = animated ? 5 + rng.below(3) : rng.below(8);
  const char* const kinds[] = {"crates", "barrels", "fence", "lamp", "fueltank", "flag", "windmill", "barrier"};
  if (kind == 0) {
    int count = 1 + static_cast<int>(rng.below(5));
    float s = rng.range(0.4f, 0.8f);
    for (int k = 0; k < count; ++k) {
      Vec3 pos = k == 0 ? Vec3{0, 0, 0}
                        : k < 3 ? Vec3{s * 2.6f * static_cast<float>(k), rng.range(-0.2f, 0.2f), 0}
                                : Vec3{s * 2.6f * static_cast<float>(k - 3) + s * 1.3f, 0, 2 * s};
      SampleNode n = catalog_node(fmt::format("crate_{}", k), k == 0 ? msh::kNoParent : 0, pos, prop_crate(s));
      n.rest = catalog_rotation({0, 0, 1}, rng.range(-0.3f, 0.3f));
      model.nodes.push_back(std::move(n));
    }
  } else if (kind == 1) {
    int count = 1 + static_cast<int>(rng.below(6));
    float r = rng.range(0.3f, 0.45f), h = r * 2.6f;
    for (int k = 0; k < count; ++k) {
      Vec3 pos = k == 0 ? Vec3{0, 0, 0} : Vec3{r * 2.1f * static_cast<float>(k % 3), r * 2.1f * static_cast<float>(k / 3), 0};
      model.nodes.push_back(catalog_node(fmt::format("barrel_{}", k), k == 0 ? msh::kNoParent : 0, pos, prop_barrel(r, h)));
    }
  } else if (kind == 2) {  // posts and two rails per section, sections along X, slightly bending
    int sections = 3 + static_cast<int>(rng.below(22));
    float length = rng.range(2.0f, 3.5f), height = rng.range(1.0f, 2.2f);
    bool wire = rng.below(2) == 0;
    auto section = [&]() {
      SlotMesh m;
      m.box(wire ? prop_metal : prop_wood, {-0.08f, -0.08f, 0}, {0.08f, 0.08f, height}, 1.0f);
      for (float z : {height * 0.35f, height * 0.85f})
        m.box(wire ? prop_metal : prop_wood, {0.08f, -0.03f, z}, {length - 0.08f, 0.03f, z + (wire ? 0.03f : 0.12f)}, 1.0f);
      return m;
    };
    model.nodes.push_back(catalog_node("section_0", msh::kNoParent, {0, 0, 0}, section()));
    for (int k = 1; k < sections; ++k) {
      // Each section hangs on the previous one's end, turned a little: a chain of nodes.
      SampleNode n = catalog_node(fmt::format("section_{}", k), static_cast<std::uint16_t>(k - 1), {length, 0, 0}, section());
      n.rest = catalog_rotation({0, 0, 1}, rng.range(-0.15f, 0.15f));
      model.nodes.push_back(std::move(n));
    }
  } else if (kind == 3) {
    float h = rng.range(4.0f, 8.0f);
    SlotMesh pole;
    catalog_cone(pole, prop_metal, {0, 0, 0}, 0.25f, 0.18f, 0.5f, 8, 1.0f);
    catalog_prism(pole, prop_metal, 2, {0, 0, 0.5f}, 0.09f, h - 0.5f, 6, 1.0f);
    model.nodes.push_back(catalog_node("pole", msh::kNoParent, {0, 0, 0}, std::move(pole)));
    SlotMesh head;
    head.box(prop_metal, {-0.1f, -1.2f, -0.08f}, {0.1f, 0.0f, 0.08f}, 1.0f);
    head.tapered_box(prop_metal, {-0.3f, -1.6f, -0.2f}, {0.3f, -1.0f, 0.1f}, -0.05f, -0.05f, 1.0f);
    head.box(prop_glass, {-0.22f, -1.52f, -0.26f}, {0.22f, -1.08f, -0.2f}, 0.5f);
    model.nodes.push_back(catalog_node("lamp", 0, {0, 0, h}, std::move(head)));
  } else if (kind == 4) {
    float r = rng.range(1.0f, 2.0f), length = rng.range(4.0f, 9.0f);
    SlotMesh tank;
    catalog_prism(tank, prop_paint, 0, {-length / 2, 0, r + 0.5f}, r, length, 14, 2.0f);
    for (float x : {-length * 0.3f, length * 0.3f}) tank.box(prop_metal, {x - 0.2f, -r * 0.8f, 0}, {x + 0.2f, r * 0.8f, r * 0.6f}, 1.0f);
    catalog_prism(tank, prop_metal, 2, {0, 0, 2 * r + 0.45f}, 0.3f, 0.3f, 8, 1.0f);  // hatch
    model.nodes.push_back(catalog_node("tank", msh::kNoParent, {0, 0, 0}, std::move(tank)));
  } else if (kind == 5) {
    float h = rng.range(5.0f, 9.0f), w = rng.range(1.2f, 2.2f);
    SlotMesh pole;
    catalog_prism(pole, prop_metal, 2, {0, 0, 0}, 0.07f, h, 6, 1.0f);
    model.nodes.push_back(catalog_node("pole", msh::kNoParent, {0, 0, 0}, std::move(pole)));
    SlotMesh flag;  // two sides, so that it shows from behind as well
    flag.polygon(prop_cloth, {Vec3{0, 0, -w * 0.6f}, {w, 0, -w * 0.6f}, {w, 0, 0}, {0, 0, 0}}, 1.0f);
    flag.polygon(prop_cloth, {Vec3{0, 0.01f, 0}, {w, 0.01f, 0}, {w, 0.01f, -w * 0.6f}, {0, 0.01f, -w * 0.6f}}, 1.0f);
    Vec3 pos = {0.07f, 0, h - 0.1f};
    SampleNode& n = model.nodes.emplace_back(catalog_node("flag", 0, pos, std::move(flag)));
    if (animated)
      n.keys = sample_keys(kPropCycle, kPropStep, [pos](float f) {
        return NodePoseAt{pos, catalog_rotation({0, 0, 1}, 0.5f * catalog_sin(prop_phase(f)) + 0.2f * catalog_sin(3.0f * prop_phase(f)))};
      });
  } else if (kind == 6) {
    float h = rng.range(6.0f, 10.0f), blade = h * rng.range(0.35f, 0.5f);
    SlotMesh tower;
    catalog_cone(tower, prop_wood, {0, 0, 0}, 1.6f, 0.8f, h, 8, 2.0f);
    catalog_cone(tower, prop_paint, {0, 0, h}, 1.0f, 0.0f, 1.2f, 8, 2.0f);
    model.nodes.push_back(catalog_node("tower", msh::kNoParent, {0, 0, 0}, std::move(tower)));
    SlotMesh rotor;
    catalog_prism(rotor, prop_metal, 1, {0, 0.3f, 0}, 0.25f, -0.6f, 8, 1.0f);
    for (int b = 0; b < 4; ++b) {
      rotor.place(catalog_turn_y(kCatalogPi / 2 * static_cast<float>(b), {0, -0.35f, 0}));
      rotor.box(prop_wood, {-0.35f, -0.04f, 0.2f}, {0.35f, 0.04f, blade}, 1.0f);
    }
    rotor.reset_placement();
    Vec3 pos = {0, -1.0f, h - 0.4f};
    SampleNode& n = model.nodes.emplace_back(catalog_node("rotor", 0, pos, std::move(rotor)));
    if (animated)
      n.keys = sample_keys(kPropCycle, kPropStep, [pos](float f) { return NodePoseAt{pos, catalog_rotation({0, 1, 0}, prop_phase(f))}; });
  } else {
    float length = rng.range(3.0f, 6.0f);
    SlotMesh post;
    post.box(prop_paint, {-0.25f, -0.25f, 0}, {0.25f, 0.25f, 1.1f}, 1.0f);
    post.box(prop_metal, {length - 0.1f, -0.1f, 0}, {length + 0.1f, 0.1f, 0.9f}, 1.0f);  // rest on the far side
    model.nodes.push_back(catalog_node("post", msh::kNoParent, {0, 0, 0}, std::move(post)));
    SlotMesh boom;
    boom.box(prop_paint, {0.0f, -0.07f, -0.07f}, {length, 0.07f, 0.07f}, 0.5f);
    boom.box(prop_metal, {-1.0f, -0.15f, -0.15f}, {0.0f, 0.15f, 0.15f}, 1.0f);  // counterweight
    Vec3 pos = {0.25f, 0, 1.0f};
    SampleNode& n = model.nodes.emplace_back(catalog_node("boom", 0, pos, std::move(boom)));
    if (animated)
      n.keys = sample_keys(kPropCycle, kPropStep, [pos](float f) {
        float s = catalog_sin(prop_phase(f) / 2);
        return NodePoseAt{pos, catalog_rotation({0, 1, 0}, -1.3f * s * s)};  // the far end rises
      });
  }
  c.stem = fmt::format("{}_{:02}", kinds[kind], number);
  c.key = "s_" + c.stem;
  c.library = "static.rlb";
  c.family = "prop";
  c.wear = {"PROP_WOOD", "PROP_METAL", "DEFAULT", "BLD_WINDOW", "TANK_CAMO"};
  return c;
}

}  // namespace parkan::sample
