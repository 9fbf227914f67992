// The sample game's effects.rlb, weapon.rlb and skies (src/sample/sample_effects.cpp, sample_sky.cpp):
// every file reads and checks clean, the counts follow the world specification's synthetic-data figures, the names other
// files use resolve.
#include <gtest/gtest.h>

#include <set>

#include "parkan/core/text.hpp"
#include "parkan/effect/effect.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/sky/sky.hpp"
#include "sample/sample_model_assets.hpp"
#include "sample/sample_shared_names.hpp"
#include "sample/sample_world.hpp"

namespace parkan::sample {
namespace {

std::set<std::string> folded_names(const nres::Archive& archive) {
  std::set<std::string> out;
  for (const nres::Entry& e : archive.entries) out.insert(fold_lower_text(e.name()));
  return out;
}

TEST(SampleEffects, EffectsAndExplosionsReadCheckAndResolve) {
  for (bool retail : {false, true}) {
    SampleOptions options;
    options.retail = retail;
    const std::vector<SampleFile> files = sample_effects(options);
    ASSERT_EQ(files.size(), 2u);
    EXPECT_EQ(files[0].path, "effects.rlb");
    EXPECT_EQ(files[1].path, "weapon.rlb");
    const nres::Archive effects = nres::read(files[0].bytes).value();
    EXPECT_EQ(effects.entries.size(), retail ? 120u : 16u);
    std::set<std::string> materials;
    for (const auto& [name, mat] : model_materials()) materials.insert(name);
    std::set<std::string> sounds(shared_names::kEffectSounds.begin(), shared_names::kEffectSounds.end());
    std::map<int, int> types;
    for (std::size_t i = 0; i < effects.entries.size(); ++i) {
      EXPECT_EQ(effects.entries[i].type_id, effect::kFxidTypeId);
      const ByteView bytes = effects.payload(i);
      EXPECT_TRUE(effect::check_effect(bytes).empty()) << effects.entries[i].name();
      const effect::Effect fx = effect::read_effect(bytes).value();
      EXPECT_GE(fx.emitters.size(), 1u);
      EXPECT_LE(fx.emitters.size(), 10u);
      EXPECT_EQ(effect::write_effect(fx).value(), ByteBuffer(bytes.begin(), bytes.end()));
      for (const effect::Emitter& e : fx.emitters) {
        ++types[e.type()];
        auto pair = e.resource();
        if (!pair) continue;
        if (e.type() == 2) {
          EXPECT_EQ(pair->archive, "sounds.lib");
          EXPECT_TRUE(sounds.count(pair->member)) << pair->member;
        } else {
          EXPECT_EQ(pair->archive, "Material.lib");
          EXPECT_TRUE(materials.count(pair->member)) << pair->member;
        }
      }
    }
    EXPECT_EQ(types[6], 0);          // no retail block of type 6
    EXPECT_GT(types[3], types[5]);   // 1,545 against 31 retail blocks
    const std::set<std::string> effect_names = folded_names(effects);
    const nres::Archive weapons = nres::read(files[1].bytes).value();
    ASSERT_EQ(weapons.entries.size(), shared_names::kExplosions.size());
    for (std::size_t i = 0; i < weapons.entries.size(); ++i) {
      EXPECT_EQ(weapons.entries[i].name(), shared_names::kExplosions[i]);
      EXPECT_EQ(weapons.entries[i].type_id, effect::kExpTypeId);
      EXPECT_TRUE(effect::check_explosion(weapons.payload(i)).empty());
      const effect::Explosion x = effect::read_explosion(weapons.payload(i)).value();
      EXPECT_EQ(x.slots[0].archive, "effects.rlb");
      for (const effect::ResourcePair& slot : x.slots)
        if (!slot.member.empty()) EXPECT_TRUE(effect_names.count(fold_lower_text(slot.member))) << slot.member;
    }
  }
}

TEST(SampleEffects, EveryMissionsSkyFollowsTheRetailFigures) {
  SampleOptions options;
  std::size_t index = 0;
  for (const char* folder : {"Single.01", "Single.02", "Multi.01", "CAMPAIGN/CAMPAIGN.01/Mission.01"}) {
    const std::vector<SampleFile> files = sample_sky(folder, index, options);
    ASSERT_EQ(files.size(), 2u);
    EXPECT_EQ(files[0].path, std::string("MISSIONS/") + folder + "/sky.ske");
    EXPECT_EQ(files[1].path, std::string("MISSIONS/") + folder + "/sky.wea");
    EXPECT_TRUE(sky::check_sky(files[0].bytes).empty()) << folder;
    const sky::Sky s = sky::read_sky(files[0].bytes).value();
    EXPECT_EQ(sky::write_sky(s).value(), files[0].bytes);
    EXPECT_EQ(s.sections.size(), std::string(folder).starts_with("CAMPAIGN") ? 2u : 1u);
    bool rain = false, lightning = false;
    for (const sky::Section& section : s.sections) {
      EXPECT_GE(section.keyframes.size(), 12u);
      EXPECT_LE(section.keyframes.size(), 27u);
      EXPECT_EQ(section.day_seconds(), std::string(folder).starts_with("Multi") ? 2400u : 900u);
      for (const sky::Keyframe& k : section.keyframes) {
        if (k.opcode == 3) rain = !k.effects.empty() && k.effects[0] == shared_names::kRainSound;
        if (k.opcode == 8) lightning = !k.effects.empty();
      }
    }
    EXPECT_EQ(rain, index == 0) << folder;
    EXPECT_EQ(lightning, index == 0) << folder;
    const std::uint32_t start = s.start.hour() * 60 + s.start.minute();
    EXPECT_GE(start, 30u);
    EXPECT_LE(start, 90u);
    // sky.wea: 9 role rows naming materials of Material.lib (the models' materials).
    const std::string wea(files[1].bytes.begin(), files[1].bytes.end());
    EXPECT_TRUE(wea.starts_with("9\r\n0 ")) << wea;
    std::size_t rows = 0;
    for (const auto& [name, mat] : model_materials())
      for (std::size_t at = wea.find(" " + name + "\r\n"); at != std::string::npos; at = wea.find(" " + name + "\r\n", at + 1))
        ++rows;
    EXPECT_EQ(rows, 9u) << wea;
    ++index;
  }
}

}  // namespace
}  // namespace parkan::sample
