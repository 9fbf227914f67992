// The sample game's objects.rlb (docs/formats/objects.md): every prototype's records check clean and resolve,
// through the game's own archives, to a model that exists (direct, or through a parent class
// prototype and a local .bas), except the non-geometric ones; nothing is absent, nothing cycles.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "parkan/objects/objects.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::sample {
namespace {
using namespace parkan::objects;

// The archives of a sample game: file -> entry name -> payload (and objects.rlb's entry types).
struct ObjectsGame {
  std::map<std::string, std::map<std::string, ByteBuffer>> archives;
  std::map<std::string, std::uint32_t> object_types;  // objects.rlb: key -> entry type id
  explicit ObjectsGame(bool retail, std::uint32_t seed = 1) {
    SampleOptions options;
    options.seed = seed;
    options.retail = retail;
    for (SampleFile& f : sample_models(options)) {
      if (!f.path.ends_with(".rlb")) continue;
      nres::Archive archive = nres::read(f.bytes).value();
      for (std::size_t i = 0; i < archive.entries.size(); ++i) {
        ByteView p = archive.payload(i);
        archives[f.path][std::string(archive.entries[i].name())] = ByteBuffer(p.begin(), p.end());
        if (f.path == "objects.rlb") object_types[std::string(archive.entries[i].name())] = archive.entries[i].type_id;
      }
    }
  }
  ObjectRegistry registry() const {
    ObjectRegistry r;
    r.prototype = [this](std::string_view key) -> std::optional<std::vector<ObjectRef>> {
      const auto& objects = archives.at("objects.rlb");
      auto it = objects.find(std::string(key));
      if (it == objects.end()) return std::nullopt;
      return read_object_refs(it->second).value();
    };
    r.exists = [this](std::string_view archive, std::string_view resource) {
      auto it = archives.find(std::string(archive));
      return it != archives.end() && it->second.count(std::string(resource)) > 0;
    };
    return r;
  }
};

const ObjectsGame& retail_game() {
  static const ObjectsGame game(true);
  return game;
}

std::string describe(const ObjectResolution& r) {
  std::string text;
  for (const Diagnostic& d : r.findings) text += d.to_string() + "\n";
  return text;
}

TEST(SampleObjects, SmallGameHasAPrototypePerModelAParentRefAndASun) {
  ObjectsGame game(false);
  const auto& objects = game.archives.at("objects.rlb");
  std::vector<std::string> keys;
  for (const auto& [key, payload] : objects) {
    keys.push_back(key);
    EXPECT_TRUE(check_object_refs(payload).empty()) << key;
  }
  // + the mounted unit's carrier, turret and gun (mounts.rlb, src/sample/sample_mounts.cpp)
  EXPECT_EQ(keys, (std::vector<std::string>{"c_vehicle", "e_gun_01", "e_tur_tt_01", "r_h_01", "sun", "u_carrier_01",
                                            "u_tank_01", "u_tank_01_b", "u_walker_01"}));
  ObjectRegistry registry = game.registry();
  const std::map<std::string, std::string> models = {
      {"u_tank_01", "tank.msh"}, {"r_h_01", "building.msh"}, {"u_walker_01", "walker.msh"}, {"u_tank_01_b", "tank.msh"}};
  for (const auto& [key, model] : models) {
    ObjectResolution r = resolve_object(registry, key);
    EXPECT_TRUE(r.findings.empty()) << key << ": " << describe(r);
    ASSERT_TRUE(r.model) << key;
    EXPECT_EQ(r.model->archive, "models.rlb") << key;
    EXPECT_EQ(r.model->resource, model) << key;
  }
  // Through the parent: the class's control record, then the local .bas and .wea, the tank's .ndp and .cpt.
  ObjectResolution child = resolve_object(registry, "u_tank_01_b");
  ASSERT_EQ(child.expanded.size(), 5u);
  EXPECT_EQ(child.expanded[0].archive, "system.rlb");
  EXPECT_EQ(child.expanded[0].resource, "vehicle.ctl");
  EXPECT_EQ(child.expanded[1].resource, "tank.bas");
  EXPECT_EQ(child.expanded[2].resource, "tank.wea");
  EXPECT_EQ(child.expanded[3].resource, "tank.ndp");
  EXPECT_EQ(child.expanded[4].resource, "tank.cpt");
  // The walker has no per-object data: its model and WEAR only.
  EXPECT_EQ(resolve_object(registry, "u_walker_01").expanded.size(), 2u);
  for (const char* key : {"sun", "c_vehicle"}) {
    ObjectResolution r = resolve_object(registry, key);
    EXPECT_TRUE(r.findings.empty()) << key << ": " << describe(r);
    EXPECT_FALSE(r.model) << key;
    EXPECT_EQ(r.expanded.size(), 1u) << key;
  }
  EXPECT_EQ(resolve_object(registry, "sun").expanded[0].resource, "sun.sun");
}

TEST(SampleObjects, EveryRetailPrototypeResolvesToAnExistingModel) {
  const ObjectsGame& game = retail_game();
  ObjectRegistry registry = game.registry();
  std::size_t prototypes = 0, with_model = 0, via_parent = 0, with_object_data = 0;
  std::vector<std::string> without_model;
  for (const auto& [key, payload] : game.archives.at("objects.rlb")) {
    ++prototypes;
    EXPECT_TRUE(check_object_refs(payload).empty()) << key;
    ObjectResolution r = resolve_object(registry, key);
    EXPECT_TRUE(r.findings.empty()) << key << ": " << describe(r);
    if (!r.model) {
      without_model.push_back(key);
      continue;
    }
    ++with_model;
    via_parent += r.expanded.front().resource.ends_with(".ctl");
    const ByteBuffer& bytes = game.archives.at(r.model->archive).at(r.model->resource);
    EXPECT_TRUE(msh::read_model(bytes)) << key;
    // The model's .wea is among the prototype's records, and its .ndp and .cpt, when any, follow it.
    std::string stem = r.model->resource.substr(0, r.model->resource.size() - 4);
    std::size_t wea = 0;
    while (wea < r.expanded.size() && r.expanded[wea].resource != stem + ".wea") ++wea;
    ASSERT_LT(wea, r.expanded.size()) << key;
    const std::size_t after = r.expanded.size() - wea - 1;
    EXPECT_TRUE(after == 0 || after == 2) << key;
    if (after == 2) {
      EXPECT_EQ(r.expanded[wea + 1].resource, stem + ".ndp") << key;
      EXPECT_EQ(r.expanded[wea + 2].resource, stem + ".cpt") << key;
      ++with_object_data;
    }
  }
  EXPECT_EQ(with_model, 403u);  // the catalog's 400 and the mounted unit's 3
  EXPECT_EQ(via_parent, 20u);
  EXPECT_EQ(with_object_data, 230u);  // the catalog's buildings, vehicles, robots and turrets (retail: 542 .ndp)
  EXPECT_EQ(without_model, (std::vector<std::string>{"c_building", "c_robot", "c_vehicle", "sun"}));
  EXPECT_EQ(prototypes, 407u);
  EXPECT_EQ(game.archives.at("system.rlb").size(), 4u);
}

// docs/formats/objects.md 1.1: FourCC entry types, each payload its type's size, unused slots all zero;
// every STAT entry's sixth slot is empty, as on all 81 retail STAT entries.
TEST(SampleObjects, FourCcTypesSizesAndEmptySlots) {
  const ObjectsGame& game = retail_game();
  std::map<std::string, std::size_t> per_type;
  for (const auto& [key, payload] : game.archives.at("objects.rlb")) {
    const std::uint32_t type_id = game.object_types.at(key);
    const PrototypeType* type = prototype_type(type_id);
    ASSERT_NE(type, nullptr) << key << " has type " << type_id;
    ++per_type[std::string(type->fourcc)];
    EXPECT_EQ(payload.size(), type->sizes[0]) << key;
    EXPECT_TRUE(check_prototype_type(type_id, payload.size()).empty()) << key;
    const std::vector<ObjectRef> refs = read_object_refs(payload).value();
    bool seen_absent = false;
    for (const ObjectRef& ref : refs) {
      if (ref.absent()) {
        seen_absent = true;
        EXPECT_TRUE(std::all_of(ref.raw.begin(), ref.raw.end(), [](std::uint8_t b) { return b == 0; })) << key;
      } else {
        EXPECT_FALSE(seen_absent) << key << ": the used slots come first";
      }
    }
    if (type->fourcc == "STAT") {
      EXPECT_TRUE(refs[5].absent()) << key;
    }
  }
  // The type id word holds the characters in file order: "STAT" is 53 54 41 54, "SUNO" 53 55 4E 4F.
  for (const auto& [key, type_id] : game.object_types)
    if (key.starts_with("s_")) {
      EXPECT_EQ(type_id, 0x54415453u) << key;
    }
  EXPECT_EQ(game.object_types.at("sun"), 0x4F4E5553u);
  EXPECT_EQ(per_type, (std::map<std::string, std::size_t>{
                          {"BTLU", 141}, {"EXTO", 92}, {"FORT", 3}, {"STAT", 170}, {"SUNO", 1}}));
}

TEST(SampleObjects, KeysInTheGamesStyle) {
  const ObjectsGame& game = retail_game();
  std::map<std::string, std::size_t> prefixes;
  for (const auto& [key, payload] : game.archives.at("objects.rlb")) {
    EXPECT_LT(key.size(), kObjectNameField) << key;
    ++prefixes[key.substr(0, key.find('_') + 1)];
  }
  EXPECT_EQ(prefixes["u_"], 141u);  // vehicles, robots, turrets (units.rlb), the carrier (mounts.rlb)
  EXPECT_EQ(prefixes["s_"], 170u);  // towers, trees, rocks, props (static.rlb)
  EXPECT_EQ(prefixes["r_"], 90u);   // buildings: r_h_NN
  EXPECT_EQ(prefixes["c_"], 3u);
}

}  // namespace
}  // namespace parkan::sample
