// Sample models. models.rlb is a model library like the game's bases.rlb: the tank, the building and
// the walker with geometry (sample_tank.cpp, sample_building.cpp, sample_walker.cpp), each MESH entry
// with its `<stem>.wea` beside it. models/ and animated.rlb hold the walker and synthetic animated
// models (docs/formats/msh-animation.md; docs/formats/msh.md 1, 2, 8): node counts 1..38 as in the corpus, whole-frame key
// times starting at 0, maps from the canonical writer, plus the edge cases docs/formats/msh-animation.md 10
// names: a static model with an empty Res19 (10.1), and the legacy 24-byte node table (10.3). The retail size adds
// the model catalog (sample_model_catalog.hpp): vehicles, robots and turrets in units.rlb; towers,
// buildings, trees, rocks and props in static.rlb; each `<stem>.msh` with its `<stem>.wea` and, for
// the prototypes that take their model through a parent prototype, a `<stem>.bas`; buildings, vehicles,
// robots and turrets (and models.rlb's tank and building) a `<stem>.ndp` and `<stem>.cpt`
// (sample_object_data.cpp). objects.rlb and
// system.rlb come from sample_objects.cpp.
// The retail statistics (retail-evidence; docs/formats/msh.md 2.3, 4.3, 6.1): 21 models are lightmapped
// (type 18 exactly where the WEAR has LIGHTMAPS; models.rlb's building and 20 catalog buildings), 29
// buildings have an interior with a path graph and portals (the building and 28 catalog ones), 28
// nodes are cockpits (the tank's, the walker's and 26 catalog vehicles'); vehicles with a turret have
// Base_TL and Base_gun sockets (type 10 prefixes). The small game has the
// building lightmapped, with its interior, and the two cockpits.
#include <algorithm>
#include <cmath>
#include <map>

#include "parkan/sample/sample_game.hpp"
#include "sample/sample_model_assets.hpp"
#include "sample/sample_model_builder.hpp"
#include "sample/sample_model_catalog.hpp"
#include "sample/sample_object_data.hpp"
#include "parkan/objdata/objdata.hpp"
#include "sample/sample_world.hpp"
#include "parkan/objdata/base.hpp"
#include "sample/sample_random.hpp"
#include "sample/sample_texture_catalog.hpp"
#include "parkan/material/model.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/math.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/resource/kind.hpp"

namespace parkan::sample {

namespace {

using resource::kTypeMesh;  // a model entry of a library (docs/formats/msh.md)

// The families whose models carry a .ndp and a .cpt (docs/formats/objdata.md): what can be hit.
bool takes_object_data(std::string_view family) {
  return family == "building" || family == "vehicle" || family == "robot" || family == "turret";
}
// models.rlb's models by stem: the tank and the building carry per-object data, the walker does not
// (nothing of it can be hit apart: a model without them).
std::string_view object_data_family(std::string_view stem) {
  if (stem == "tank") return "vehicle";
  if (stem == "building") return "building";
  return {};
}

// A models.rlb entry's directory row by its extension: WEAR entries as in the game's libraries
// (docs/formats/wear.md 8: attr3 = 1), .ndp and .cpt by their types (docs/formats/objdata.md).
nres::EntrySpec library_entry_spec(const std::string& name, const ByteBuffer& bytes) {
  if (name.ends_with(".msh")) return {kTypeMesh, 0, 0, 0, name, bytes};
  if (name.ends_with(".ndp")) return {objdata::kNdpTypeId, 0, 0, 0, name, bytes};
  if (name.ends_with(".cpt")) return {objdata::kCptTypeId, 0, 0, 0, name, bytes};
  return {material::kWearTypeId, 0, 0, 1, name, bytes};
}

msh::RawQuat axis_angle(float ax, float ay, float az, float angle) {
  float length = std::sqrt(ax * ax + ay * ay + az * az);
  if (length == 0.0f) ax = 0.0f, ay = 0.0f, az = 1.0f, length = 1.0f;
  float s = catalog_sin(angle / 2.0f) / length;
  return *msh::quantize_quat({catalog_cos(angle / 2.0f), ax * s, ay * s, az * s});
}

// One node's keys: `count` whole-frame times from 0 to `end`, a swing about a random axis.
std::vector<msh::AnimKey> swing_track(SampleRandom& rng, std::uint32_t count, std::uint32_t end,
                                      const msh::Vec3& base) {
  std::vector<std::uint32_t> times{0};
  for (std::uint32_t k = 1; k + 1 < count; ++k) times.push_back(1 + rng.below(end - 1));
  times.push_back(end);
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  float ax = rng.range(-1, 1), ay = rng.range(-1, 1), az = rng.range(-1, 1);
  float amplitude = rng.range(0.2f, 2.5f);
  std::vector<msh::AnimKey> keys;
  for (std::uint32_t t : times) {
    // Three quarters of a swing: the last key differs from the first, so no track collapses to static.
    float phase = static_cast<float>(t) / static_cast<float>(end) * 1.5f * kCatalogPi;
    msh::AnimKey k;
    k.time = static_cast<float>(t);
    k.pos = {base[0], base[1] + 0.05f * catalog_sin(phase), base[2] + 0.02f * static_cast<float>(t % 3)};
    k.quat_raw = axis_angle(ax, ay, az, amplitude * catalog_sin(phase));
    keys.push_back(k);
  }
  return keys;
}

struct ModelShape {
  std::uint32_t nodes;
  std::uint32_t frames;          // last frame time; frame_count = frames + 1
  std::uint32_t animated_every;  // every n-th node (and the root) is animated; 0: none
};

// A tree (parents precede children) with some animated nodes; every node carries a small box of its
// own (WEAR row 0), so that the model is whole: it renders, and passes the model checks as well as the
// animation checks.
SampleModel make_model(SampleRandom& rng, const ModelShape& shape) {
  SampleModel model;
  for (std::uint32_t i = 0; i < shape.nodes; ++i) {
    SampleNode node;
    node.name = "part" + std::to_string(i);
    node.parent = i == 0 ? msh::kNoParent : static_cast<std::uint16_t>(rng.below(i));
    msh::Vec3 base = {rng.range(-2, 2), rng.range(-2, 2), rng.range(0, 3)};
    node.pos = base;
    const bool animated = shape.animated_every != 0 && (i == 0 || i % shape.animated_every == 1);
    if (animated) {
      // The first animated node spans the whole timeline, which fixes frame_count (5.2).
      std::uint32_t end = i == 0 ? shape.frames : 2 + rng.below(shape.frames - 1);
      node.keys = swing_track(rng, 2 + rng.below(9), end, base);
    } else {
      node.rest = axis_angle(0, 0, 1, rng.range(-1, 1));
    }
    const float half = 0.1f + 0.05f * static_cast<float>(i % 4);
    node.slots[{0, 0}].box(0, {-half, -half, -half}, {half, half, half}, 1.0f);
    model.nodes.push_back(std::move(node));
  }
  return model;
}

ByteBuffer animated_model(SampleRandom& rng, const ModelShape& shape) {
  return build_sample_model(make_model(rng, shape)).value();  // valid by construction
}

// Every node static: one key each, Res19 empty with attributes (0, 1, 2) (5.3, 10.1).
ByteBuffer static_model(SampleRandom& rng, std::uint32_t nodes) { return animated_model(rng, {nodes, 0, 0}); }

// MTCHECK.MSH-like (10.3): one node with a box, its node table in the legacy 24-byte form
// (Res1.attr3 = 24), one key, Res19 empty.
ByteBuffer legacy_model(SampleRandom& rng) {
  ByteBuffer whole = static_model(rng, 1);
  nres::Document document = nres::make_document(nres::read(whole).value());
  ByteBuffer legacy_nodes(msh::kLegacyNodeStride, 0xFF);
  store_u16(legacy_nodes.data(), 0);
  for (std::size_t i = 0; i < document.entries.size(); ++i)
    if (document.entries[i].type_id == msh::kNodeTableType) {
      if (!nres::replace_payload(document, i, legacy_nodes)) return whole;  // cannot fail: a payload of 24 bytes
      document.entries[i].attr1 = 1;
      document.entries[i].attr3 = msh::kLegacyNodeStride;
    }
  return nres::write_lossless(document).value();
}

// The WEAR of the animation models: their boxes are bare steel.
constexpr std::string_view kBoxWear = "1\n0 ROBOT_STEEL\n";

// The retail counts: 400 models; `animated_percent` of a family asks for keys (robots and turrets
// always have them; water towers, rocks and static props never), about a third in all.
struct CatalogFamily {
  std::uint32_t count;
  std::uint32_t animated_percent;
};
constexpr CatalogFamily kCatalogVehicles{72, 30}, kCatalogRobots{40, 100}, kCatalogTurrets{28, 100},
    kCatalogTowers{20, 50}, kCatalogBuildings{90, 10}, kCatalogTrees{60, 25}, kCatalogRocks{30, 0},
    kCatalogProps{60, 15};
constexpr std::uint32_t kCatalogViaParentEvery = 10;   // of the vehicles, robots and buildings: about 5% of all
constexpr std::uint32_t kCatalogInteriors = 28;   // + models.rlb's building: the 29 retail meshes with a path graph
constexpr std::uint32_t kCatalogLightmapped = 20;  // + the building: the 21 with LIGHTMAPS (docs/formats/wear.md 8)
constexpr std::uint32_t kCatalogCockpits = 26;     // + the tank's and the walker's: the 28 retail flag-0x20 nodes
// WEAR rows of a catalog building (sample_model_kinds_buildings.cpp) that take the lightmap: walls,
// rubble, roof.
constexpr std::uint32_t kCatalogLitRows = (1u << 0) | (1u << 3) | (1u << 4);
// Catalog vehicles' rows: steel for the cockpit's frame, glass for its instruments.
constexpr std::uint16_t kVehicleSteelRow = 1, kVehicleGlassRow = 3;

// The blank separator and LIGHTMAPS block naming LightMap.lib's LIGHT<page>.0 (docs/formats/wear.md 2.2).
std::string lightmaps_block(int page) { return "\nLIGHTMAPS\n1\n0 LIGHT" + std::to_string(page) + ".0\n"; }

// A model's WEAR text: its rows, then (for a lightmapped one) the LIGHTMAPS block.
std::string catalog_wear(const std::vector<std::string>& rows, int lightmap) {
  std::string text = std::to_string(rows.size()) + "\n";
  for (std::size_t i = 0; i < rows.size(); ++i) text += std::to_string(i) + " " + rows[i] + "\n";
  if (lightmap >= 0) text += lightmaps_block(lightmap);
  return text;
}

// The box of a node's level 0 geometry (node space).
std::pair<msh::Vec3, msh::Vec3> geometry_box(const SampleNode& node) {
  auto slot = node.slots.find({0, 0});
  if (slot == node.slots.end() || slot->second.empty()) return {};
  msh::Vec3 lo = slot->second.groups().front().vertices.front().pos, hi = lo;
  for (const mesh::Group& g : slot->second.groups())
    for (const mesh::Vertex& v : g.vertices)
      for (std::size_t k = 0; k < 3; ++k) lo[k] = std::min(lo[k], v.pos[k]), hi[k] = std::max(hi[k], v.pos[k]);
  return {lo, hi};
}

// A vehicle's sockets as the retail chassis have them (docs/formats/msh.md 6.3): a geometry-less
// Base_TL where its turret sits (type 10 "e_tur_tt") and a Base_gun on the turret where its first gun
// sits ("e_gun_").
void add_sockets(SampleModel& model) {
  const std::size_t none = model.nodes.size();
  std::size_t turret = none, gun = none;
  for (std::size_t i = 0; i < none; ++i) {
    if (model.nodes[i].name == "turret" && turret == none) turret = i;
    if (model.nodes[i].name == "gun_0" && gun == none) gun = i;
  }
  if (turret == none) return;
  SampleNode base;
  base.name = "Base_TL";
  base.socket = "e_tur_tt";
  base.parent = model.nodes[turret].parent;
  base.pos = model.nodes[turret].pos;
  model.nodes.push_back(base);
  if (gun == none) return;
  base.name = "Base_gun";
  base.socket = "e_gun_";
  base.parent = static_cast<std::uint16_t>(turret);
  base.pos = model.nodes[gun].pos;
  model.nodes.push_back(std::move(base));
}

}  // namespace

void add_cockpit(SampleModel& model, std::uint16_t parent, msh::Vec3 pos, std::uint16_t frame_row,
                 std::uint16_t panel_row, float width) {
  SampleNode cockpit;
  cockpit.name = "CP_m1o1";
  cockpit.parent = parent;
  cockpit.pos = pos;
  cockpit.flags = msh::kNodeCockpit;
  cockpit.slots[{0, msh::kCockpitLevel}] = cockpit_interior(frame_row, panel_row, width);
  model.nodes.push_back(std::move(cockpit));
}

std::vector<CatalogModel> model_catalog(const SampleOptions& options) {
  SampleRandom rng{options.seed * 0x9E3779B97F4A7C15ull + 0x5EED};
  std::vector<CatalogModel> out;
  auto animated = [&](const CatalogFamily& family) { return rng.below(100) < family.animated_percent; };
  for (std::uint32_t i = 0; i < kCatalogVehicles.count; ++i) out.push_back(catalog_vehicle(rng, i, animated(kCatalogVehicles)));
  for (std::uint32_t i = 0; i < kCatalogRobots.count; ++i) {
    // The first robot has the corpus' largest node count: body, head, 8 legs of 4, two arms of 2 = 38.
    const std::uint32_t leg_counts[] = {2, 2, 4, 6, 8};
    std::uint32_t legs = i == 0 ? 8 : leg_counts[rng.below(5)];
    std::uint32_t segments = i == 0 ? 4 : 2 + rng.below(3);
    bool arms = i == 0 || rng.below(2) == 0;
    out.push_back(catalog_robot(rng, i, legs, segments, arms));
  }
  for (std::uint32_t i = 0; i < kCatalogTurrets.count; ++i) out.push_back(catalog_turret(rng, i));
  for (std::uint32_t i = 0; i < kCatalogTowers.count; ++i) out.push_back(catalog_tower(rng, i, animated(kCatalogTowers)));
  for (std::uint32_t i = 0; i < kCatalogBuildings.count; ++i)
    out.push_back(catalog_building(rng, i, animated(kCatalogBuildings)));
  for (std::uint32_t i = 0; i < kCatalogTrees.count; ++i) out.push_back(catalog_tree(rng, i, animated(kCatalogTrees)));
  for (std::uint32_t i = 0; i < kCatalogRocks.count; ++i) out.push_back(catalog_rock(rng, i));
  for (std::uint32_t i = 0; i < kCatalogProps.count; ++i) out.push_back(catalog_prop(rng, i, animated(kCatalogProps)));
  // Interiors, lightmaps and cockpits on the first models that can take them, in catalog order.
  const std::vector<TextureSpec> pages = lightmap_catalog(options);
  std::uint32_t interiors = 0, cockpits = 0;
  for (CatalogModel& c : out) {
    if (c.family == "building" && c.footprint.present && interiors < kCatalogInteriors) {
      add_building_interior(c);
      if (interiors < kCatalogLightmapped && interiors + 1 < pages.size()) {
        c.lightmap = static_cast<int>(interiors + 1);  // LIGHT0.0 is models.rlb's building's
        c.model.lightmap_width = pages[interiors + 1].width;
        c.model.lit_rows = kCatalogLitRows;
      }
      ++interiors;
    }
    if (c.family == "vehicle") add_sockets(c.model);
    if (c.family == "vehicle" && c.model.nodes.front().name == "hull" && cockpits < kCatalogCockpits) {
      auto [lo, hi] = geometry_box(c.model.nodes.front());
      float width = std::min(1.4f, (hi[0] - lo[0]) * 0.6f);
      add_cockpit(c.model, 0, {0.0f, lo[1] * 0.45f, hi[2] - 0.45f}, kVehicleSteelRow, kVehicleGlassRow, width);
      ++cockpits;
    }
  }
  return out;
}

std::vector<SampleFile> sample_models(const SampleOptions& options) {
  SampleRandom rng{options.seed * 0x5851F42D4C957F2Dull + 19};
  std::vector<std::pair<std::string, ByteBuffer>> models;
  // The building is lightmapped with LightMap.lib's first page (LIGHT0.0).
  SampleModel building = building_model();
  building.lightmap_width = lightmap_catalog(options).front().width;
  const std::pair<const char*, SampleModel> library_models[] = {
      {"tank", tank_model()}, {"building", std::move(building)}, {"walker", walker_model()}};
  std::vector<std::pair<std::string, ByteBuffer>> library_entries;  // name, payload
  ByteBuffer walker;
  for (const auto& [stem, model] : library_models) {
    ByteBuffer bytes = build_sample_model(model).value();  // valid by construction
    if (const std::string_view family = object_data_family(stem); !family.empty()) {
      SampleObjectData data = sample_object_data(model, family);
      library_entries.emplace_back(std::string(stem) + ".ndp", std::move(data.ndp));
      library_entries.emplace_back(std::string(stem) + ".cpt", std::move(data.cpt));
    }
    if (std::string_view(stem) == "walker") walker = bytes;
    library_entries.emplace_back(std::string(stem) + ".msh", std::move(bytes));
    std::string wear = model_wear_text(stem);
    if (model.lightmap_width > 0) wear += lightmaps_block(0);
    library_entries.emplace_back(std::string(stem) + ".wea", ByteBuffer(wear.begin(), wear.end()));
  }
  models.emplace_back("walker.msh", std::move(walker));  // the walker of models.rlb, also loose
  models.emplace_back("mech.msh", animated_model(rng, {38, 60, 3}));
  models.emplace_back("tower.msh", static_model(rng, 3));
  models.emplace_back("mtcheck.msh", legacy_model(rng));
  if (options.retail)
    for (std::uint32_t i = 0; i < 12; ++i)
      models.emplace_back("unit" + std::to_string(i) + ".msh",
                          animated_model(rng, {1 + rng.below(38), 3 + rng.below(120), 1 + rng.below(4)}));

  std::vector<SampleFile> files;
  std::vector<nres::EntrySpec> library;
  const std::string walker_wear = model_wear_text("walker");
  for (const auto& [name, bytes] : models) {
    const std::string stem = name.substr(0, name.size() - 4);
    const std::string_view wear = stem == "walker" ? std::string_view(walker_wear) : kBoxWear;
    files.push_back({"models/" + name, bytes});
    files.push_back({"models/" + stem + ".wea", ByteBuffer(wear.begin(), wear.end())});
    library.push_back({kTypeMesh, 0, 0, 0, name, bytes});
    // WEAR entries as in the game's libraries (docs/formats/wear.md 8: attr3 = 1).
    library.push_back({material::kWearTypeId, 0, 0, 1, stem + ".wea", as_bytes(wear)});
  }
  files.push_back({"animated.rlb", *nres::build(library)});

  std::vector<nres::EntrySpec> model_library;
  for (const auto& [name, bytes] : library_entries) {
    model_library.push_back(library_entry_spec(name, bytes));
  }
  // The prototype through a parent (sample_objects.cpp) finds tank.msh beside this tank.bas, the tank's
  // base outlines (docs/formats/objdata.md 3).
  const ByteBuffer tank_base = base_outline(-4, -3, 4, 3);
  model_library.push_back({objdata::kBaseTypeId, 0, 0, 0, "tank.bas", tank_base});
  files.push_back({"models.rlb", *nres::build(model_library)});

  std::vector<ObjectModel> objects = {{"models.rlb", "tank", "u_tank_01", "vehicle", false, true},
                                      {"models.rlb", "building", "r_h_01", "building", false, true},
                                      {"models.rlb", "walker", "u_walker_01", "robot", false, false},
                                      {"models.rlb", "tank", "u_tank_01_b", "vehicle", true, true}};
  if (options.retail) {
    objects.clear();
    std::vector<CatalogModel> catalog = model_catalog(options);
    std::map<std::string, std::vector<nres::EntrySpec>> libraries;
    std::vector<std::string> texts;  // the payloads the specs view
    texts.reserve(3 * catalog.size());
    std::vector<ByteBuffer> meshes, bases;
    std::vector<SampleObjectData> object_data;
    meshes.reserve(catalog.size());
    bases.reserve(catalog.size());
    object_data.reserve(catalog.size());
    std::uint32_t parent_candidates = 0;
    for (std::size_t i = 0; i < catalog.size(); ++i) {
      const CatalogModel& c = catalog[i];
      meshes.push_back(build_sample_model(c.model).value());  // valid by construction
      texts.push_back(catalog_wear(c.wear, c.lightmap));
      bool via_parent = false;
      if (c.family == "vehicle" || c.family == "robot" || c.family == "building")
        via_parent = parent_candidates++ % kCatalogViaParentEvery == kCatalogViaParentEvery - 1;
      std::vector<nres::EntrySpec>& library = libraries[c.library];
      library.push_back({kTypeMesh, 0, 0, 0, c.stem + ".msh", meshes.back()});
      library.push_back({material::kWearTypeId, 0, 0, 1, c.stem + ".wea", as_bytes(texts.back())});
      if (via_parent) {  // its base outlines: the building's walls, else a box about the model
        bases.push_back(c.footprint.present
                            ? base_outline(c.footprint.lo[0], c.footprint.lo[1], c.footprint.hi[0], c.footprint.hi[1])
                            : base_outline(-4, -3, 4, 3));
        library.push_back({objdata::kBaseTypeId, 0, 0, 0, c.stem + ".bas", bases.back()});
      }
      const bool has_object_data = takes_object_data(c.family);
      if (has_object_data) {
        object_data.push_back(sample_object_data(c.model, c.family));
        library.push_back({objdata::kNdpTypeId, 0, 0, 0, c.stem + ".ndp", object_data.back().ndp});
        library.push_back({objdata::kCptTypeId, 0, 0, 0, c.stem + ".cpt", object_data.back().cpt});
      }
      objects.push_back({c.library, c.stem, c.key, c.family, via_parent, has_object_data});
    }
    for (const auto& [name, specs] : libraries) files.push_back({name, *nres::build(specs)});
  }
  // The mounted unit's three models (sample_mounts.cpp), in both sizes, with the tank's WEAR rows.
  {
    std::vector<nres::EntrySpec> mount_library;
    std::vector<ByteBuffer> mount_bytes;
    const std::vector<MountModel> mounts = mount_models();
    mount_bytes.reserve(mounts.size());
    static const std::string mount_wear = model_wear_text("tank");
    for (const MountModel& m : mounts) {
      mount_bytes.push_back(build_sample_model(m.model).value());  // valid by construction
      mount_library.push_back({kTypeMesh, 0, 0, 0, m.stem + ".msh", mount_bytes.back()});
      mount_library.push_back({material::kWearTypeId, 0, 0, 1, m.stem + ".wea", as_bytes(mount_wear)});
      objects.push_back({std::string(kMountLibrary), m.stem, m.key, std::string(kMountFamily), false});
    }
    files.push_back({std::string(kMountLibrary), *nres::build(mount_library)});
  }
  for (SampleFile& f : sample_objects(objects, options)) files.push_back(std::move(f));
  // The world places these prototypes: unit assemblies, maps, missions (sample_world.cpp).
  for (SampleFile& f : sample_world(objects, options)) files.push_back(std::move(f));
  return files;
}

}  // namespace parkan::sample
