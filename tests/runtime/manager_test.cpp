// The material manager's C++ API (docs/runtime.md, docs/formats/mat0.md). Every expected
// value is worked out by hand from those pages; the arithmetic is in the comments.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>
#include <vector>

#include "parkan/runtime/limits.hpp"
#include "parkan/runtime/manager.hpp"
#include "parkan/runtime/messages.hpp"
#include "test_game.hpp"

namespace parkan::runtime {
namespace {

using material::PhaseRecord;
using material::Selection;
using strings = std::vector<std::string>;

// ---- expected runtime records (docs/formats/mat0.md 4.3, 4.3) ----
constexpr float unit(int p) { return static_cast<float>(p) / 255.0f; }     // p / 255.0f
constexpr float percent(int p) { return static_cast<float>(p) * 0.01f; }  // p3 * 0.01f
// docs/formats/mat0.md 5.4, interpolation: out = cur + (next - cur) * alpha, in float.
float mix(float cur, float next, float alpha) { return cur + (next - cur) * alpha; }

PhaseRecord record(std::array<float, 16> f, std::uint32_t u16, std::int32_t slot, std::int32_t i18) {
  PhaseRecord r;
  r.f = f;
  r.u16 = u16;
  r.texture_slot = slot;
  r.i18 = i18;
  return r;
}

// Phase A = p {255,0,51,50, 0,255,102,153, 255,0,255,51, 0,255,0,102, 200, 0xFE}:
// f0..f3 = p4..p7, f4..f6 = p0..p2, f7 = p3 %, f8..f15 = p8..p15, u16 = 200, i18 = int8(0xFE) = -2.
PhaseRecord record_a(std::int32_t slot) {
  return record({unit(0), unit(255), unit(102), unit(153), unit(255), unit(0), unit(51), percent(50), unit(255),
                 unit(0), unit(255), unit(51), unit(0), unit(255), unit(0), unit(102)},
                200, slot, -2);
}
// Phase B = p {0,255,51,100, 255,0,102,0, 0,255,255,204, 255,0,0,0, 7, 3}.
PhaseRecord record_b(std::int32_t slot) {
  return record({unit(255), unit(0), unit(102), unit(0), unit(0), unit(255), unit(51), percent(100), unit(0),
                 unit(255), unit(255), unit(204), unit(255), unit(0), unit(0), unit(0)},
                7, slot, 3);
}
// Phase C: all 0 but p16 = 255, p17 = 0x80 -> i18 = -128.
PhaseRecord record_c(std::int32_t slot) { return record({}, 255, slot, -128); }
// Phase D: p7 = 51 -> f3, p16 = 1; no texture: slot -1 and i18 -1 (p17 = 5 is not used).
PhaseRecord record_d() {
  std::array<float, 16> f{};
  f[3] = unit(51);
  return record(f, 1, -1, -1);
}
// DEFAULT's phase = p {51,102,153,0, 204,255,0,51, 102,153,204,255, 0,51,102,153, 9, 1}.
PhaseRecord record_default(std::int32_t slot) {
  return record({unit(204), unit(255), unit(0), unit(51), unit(51), unit(102), unit(153), percent(0), unit(102),
                 unit(153), unit(204), unit(255), unit(0), unit(51), unit(102), unit(153)},
                9, slot, 1);
}
// docs/formats/mat0.md 5.4, the mask table: 0x01 -> f4..f6, 0x02 -> f0..f2, 0x04 -> f8..f10, 0x08 -> f12..f14, 0x10 -> f7.
PhaseRecord interpolated(const PhaseRecord& cur, const PhaseRecord& next, std::uint32_t mask, float alpha) {
  PhaseRecord out = cur;
  auto group = [&](std::uint32_t bit, std::vector<int> indices) {
    if (!(mask & bit)) return;
    for (int i : indices) out.f[i] = mix(cur.f[i], next.f[i], alpha);
  };
  group(0x01, {4, 5, 6});
  group(0x02, {0, 1, 2});
  group(0x04, {8, 9, 10});
  group(0x08, {12, 13, 14});
  group(0x10, {7});
  return out;
}

void expect_selection(const PhaseSample& s, std::uint32_t key, std::uint32_t next, float alpha) {
  EXPECT_EQ(s.selection.key, key);
  EXPECT_EQ(s.selection.next, next);
  EXPECT_EQ(s.selection.alpha, alpha);
}

struct ManagerTest : ::testing::Test {
  parkan::test::TempDir dir;
  strings log;

  void SetUp() override { test::write_standard_game(dir.path()); }

  ManagerOptions logging() {
    ManagerOptions options;
    options.log = [this](std::string_view message) { log.emplace_back(message); };
    return options;
  }
  MaterialManager open(ManagerOptions options) {
    auto m = MaterialManager::open(dir.path(), std::move(options));
    if (!m) throw std::runtime_error(m.error().to_string());
    return std::move(m).value();
  }
  MaterialManager open() { return open(logging()); }
  strings take_log() {
    strings out = std::move(log);
    log.clear();
    return out;
  }
};

// ======================= opening, libraries, palettes =======================

TEST_F(ManagerTest, DefaultLibraryNamesAndSetLibrary) {
  EXPECT_EQ(default_library_name(Library::textures), "Textures.lib");
  EXPECT_EQ(default_library_name(Library::materials), "Material.lib");
  EXPECT_EQ(default_library_name(Library::lightmaps), "LightMap.lib");
  EXPECT_EQ(default_library_name(Library::palettes), "palettes.lib");
  EXPECT_EQ(library_word(Library::textures), "textures");
  EXPECT_EQ(library_word(Library::materials), "materials");
  EXPECT_EQ(library_word(Library::lightmaps), "lightmaps");
  EXPECT_EQ(library_word(Library::palettes), "palettes");

  MaterialManager m = open();
  EXPECT_EQ(m.library(Library::textures), "Textures.lib");
  EXPECT_EQ(m.library(Library::materials), "Material.lib");
  EXPECT_EQ(m.game_time(), 0u);
  EXPECT_EQ(m.last_sweep_time(), 0u);
  EXPECT_EQ(m.materials().capacity(), 700u);
  EXPECT_EQ(m.textures().capacity(), 777u);
  EXPECT_EQ(m.lightmaps().capacity(), 100u);
  EXPECT_EQ(m.textures().kind(), CacheKind::textures);
  EXPECT_EQ(m.lightmaps().kind(), CacheKind::lightmaps);

  // Set*Lib stores the name only; a missing library is found missing when used: no texture.
  m.set_library(Library::textures, "nothing.lib");
  EXPECT_EQ(m.library(Library::textures), "nothing.lib");
  auto missing = m.load_texture("GRASS.0");
  ASSERT_TRUE(missing.ok()) << missing.error().to_string();
  EXPECT_EQ(missing->slot, -1);
  EXPECT_EQ(m.textures().in_use(), 0u);
  // Case-insensitive file names: "TEXTURES.LIB" finds textures.lib.
  m.set_library(Library::textures, "TEXTURES.LIB");
  EXPECT_EQ(m.load_texture("GRASS.0")->slot, 0);
  m.set_library(Library::materials, "other.lib");
  EXPECT_EQ(m.library(Library::materials), "other.lib");
}

TEST_F(ManagerTest, PaletteBankFromThePalettesLibrary) {
  MaterialManager m = open();
  const PaletteBank& bank = m.palettes();
  ASSERT_NE(bank.library, nullptr);
  EXPECT_EQ(bank.slots.loaded(), 3u);  // A.PAL, B2.PAL, Z9.PAL; README is no slot name
  ASSERT_TRUE(bank.slots.slots[0].has_value());    // A.PAL: letter 0, variant 0
  ASSERT_TRUE(bank.slots.slots[14].has_value());   // B2.PAL: 1 * 11 + ('2' - '0' + 1) = 14
  ASSERT_TRUE(bank.slots.slots[285].has_value());  // Z9.PAL: 25 * 11 + 10
  EXPECT_FALSE(bank.slots.slots[1].has_value());   // A0.PAL missing
  EXPECT_FALSE(bank.slots.slots[22].has_value());  // C.PAL missing
  EXPECT_EQ(bank.slots.slots[0]->size(), 66564u);
  EXPECT_EQ((*bank.slots.slots[0])[0], 0xA0);  // make_pal(0xA0): colour 0 starts with the fill
  EXPECT_EQ((*bank.slots.slots[14])[0], 0xB2);
  EXPECT_EQ((*bank.slots.slots[285])[0], 0xF9);
}

TEST_F(ManagerTest, OpenErrors) {
  EXPECT_FALSE(MaterialManager::open(dir / "no-such-folder").ok());

  parkan::test::TempDir empty;  // no palettes library: every slot empty, still a manager
  auto bare = MaterialManager::open(empty.path());
  ASSERT_TRUE(bare.ok()) << bare.error().to_string();
  EXPECT_EQ(bare->palettes().slots.loaded(), 0u);
  EXPECT_EQ(bare->palettes().library, nullptr);

  parkan::test::TempDir corrupt;  // a palettes library that exists but is no archive
  parkan::test::write_bytes(corrupt / "palettes.lib", as_bytes("not an archive at all, just text"));
  EXPECT_FALSE(MaterialManager::open(corrupt.path()).ok());
}

// ======================= wear tables (vtable 6, 7, 8, 9, 10) =======================

TEST_F(ManagerTest, LoadWearFillsTheTableThePoolAndTheCaches) {
  MaterialManager m = open();
  EXPECT_EQ(m.set_game_time(1000), 0u);
  auto table = m.load_wear("world.lib::ship.wea");
  ASSERT_TRUE(table.ok()) << table.error().to_string();
  EXPECT_EQ(*table, 0u);
  // Rows in order: LOOP, DEFAULT, NOPE (-> DEFAULT); then the lightmaps LM1.0 and MISSING.0.
  EXPECT_EQ(take_log(), (strings{"Material NOPE not found.", "LightMap MISSING.0 not found."}));
  ASSERT_EQ(m.tables().size(), 1u);
  const WearTable& t = m.tables()[0];
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(t.rows[0].material, 0);  // LOOP: lowest free slot 0
  EXPECT_EQ(t.rows[1].material, 1);  // DEFAULT: slot 1
  EXPECT_EQ(t.rows[2].material, 1);  // NOPE -> DEFAULT, the same entry: the same slot
  for (const WearRowState& row : t.rows) EXPECT_EQ(row.start_time, 1000u);  // the game time at load
  EXPECT_EQ(t.lightmaps, (std::vector<std::int32_t>{0, -1}));

  // Pool: LOOP (entry 2) count 1, DEFAULT (entry 1) count 2.
  EXPECT_EQ(m.materials().in_use(), 2u);
  EXPECT_EQ(m.materials().slot(0).entry, test::kEntryLoop);
  EXPECT_EQ(m.materials().slot(0).ref_count, 1);
  EXPECT_EQ(m.materials().slot(0).name, "LOOP");
  EXPECT_EQ(m.materials().slot(1).entry, test::kEntryDefault);
  EXPECT_EQ(m.materials().slot(1).ref_count, 2);
  // Textures: GRASS.0 from LOOP's phases A and C and from DEFAULT (3), ROCK.B2 from phase B (1).
  // LOOP loaded first with attr1 bit 0: flags 0x200000, kept for DEFAULT's hit.
  EXPECT_EQ(m.textures().in_use(), 2u);
  const CacheSlot& grass = m.textures().slots()[0];
  EXPECT_EQ(grass.res_index, test::kResGrass);
  EXPECT_EQ(grass.ref_count, 3);
  EXPECT_EQ(grass.load_flags, 0x200000u);
  const CacheSlot& rock = m.textures().slots()[1];
  EXPECT_EQ(rock.res_index, test::kResRock);
  EXPECT_EQ(rock.ref_count, 1);
  EXPECT_EQ(rock.load_flags, 0x200000u);
  // Lightmaps: LM1.0 in slot 0.
  EXPECT_EQ(m.lightmaps().in_use(), 1u);
  EXPECT_EQ(m.lightmaps().slots()[0].res_index, 0);
  EXPECT_EQ(m.lightmaps().slots()[0].ref_count, 1);
  // The phases in the pool carry their texture slots: A GRASS 0, B ROCK 1, C GRASS 0, D none.
  EXPECT_EQ(m.materials().slot(0).phases,
            (std::vector<PhaseRecord>{record_a(0), record_b(1), record_c(0), record_d()}));
  EXPECT_EQ(m.materials().slot(1).phases, (std::vector<PhaseRecord>{record_default(0)}));

  // vtable 10, 8.
  EXPECT_EQ(*m.wear_count(0), 3u);
  EXPECT_FALSE(m.wear_count(1).ok());
  EXPECT_EQ(*m.lightmap(0, 0), 0);
  EXPECT_EQ(*m.lightmap(0, 1), -1);
  EXPECT_FALSE(m.lightmap(0, 2).ok());
  EXPECT_FALSE(m.lightmap(1, 0).ok());
  EXPECT_TRUE(take_log().empty());
}

TEST_F(ManagerTest, MetaFromAttr1AndTheVersionPrefix) {
  MaterialManager m = open();
  ASSERT_TRUE(m.load_wear("world.lib::ship.wea").ok());
  ASSERT_TRUE(m.load_wear_buffer(as_bytes("4\n0 FIRST\n1 FLAGS\n2 ATTR3\n3 LOOP\n")).ok());
  // LOOP: attr1 0x01 (no flagA, nibble 0, no flagB), attr2 6: 10, 20, 0x40000000, 7.
  EXPECT_EQ(*m.meta(make_handle(0, 0)), (MaterialMeta{10, 20, 0x40000000, 7, false, 0, false}));
  EXPECT_EQ(*m.meta(make_handle(0, 1)), (MaterialMeta{1, 2, 3, 4, false, 0, false}));  // DEFAULT
  EXPECT_EQ(*m.meta(make_handle(0, 2)), (MaterialMeta{1, 2, 3, 4, false, 0, false}));  // NOPE -> DEFAULT
  // FIRST: attr2 0 < 2: 255, 255, 0x3F800000, 0; attr1 0x04: nibble (0x04 >> 2) & 0xF = 1.
  EXPECT_EQ(*m.meta(make_handle(1, 0)), (MaterialMeta{255, 255, 0x3F800000, 0, false, 1, false}));
  // FLAGS: attr2 2 stores A, B only; attr1 0x7E: bit1 flagA, (0x7E >> 2) & 0xF = 0xF, bit6 flagB.
  EXPECT_EQ(*m.meta(make_handle(1, 1)), (MaterialMeta{1, 2, 0x3F800000, 0, true, 15, true}));
  // ATTR3: attr2 3 stores A, B, C; attr1 0x41: bit0 (texture flag only), flagB.
  EXPECT_EQ(*m.meta(make_handle(1, 2)), (MaterialMeta{5, 6, 0x12345678, 0, false, 0, true}));
  EXPECT_EQ(*m.meta(make_handle(1, 3)), (MaterialMeta{10, 20, 0x40000000, 7, false, 0, false}));
  EXPECT_FALSE(m.meta(make_handle(0, 3)).ok());  // row past the table
  EXPECT_FALSE(m.meta(make_handle(2, 0)).ok());  // no table 2
  // The pool keeps the same values and the texture load flags of attr1 bit 0.
  std::size_t attr3 = *m.materials().find(test::kEntryAttr3);
  EXPECT_EQ(m.materials().slot(attr3).meta, (MaterialMeta{5, 6, 0x12345678, 0, false, 0, true}));
  EXPECT_EQ(m.materials().slot(attr3).texture_load_flags, 0x200000u);
  // FLAGS: attr1 0x7E has bit 1 and not bit 0: 0x80000 (the emboss setting is off by default).
  std::size_t flags = *m.materials().find(test::kEntryFlags);
  EXPECT_EQ(m.materials().slot(flags).texture_load_flags, 0x80000u);
  // Their textures were loaded with those flags: SKIP.0 0x200000, PAGE.0 0x80000 (the slot keeps the
  // caller's flags; the loader got them OR 0x400000).
  for (const CacheSlot& s : m.textures().slots()) {
    if (s.res_index == test::kResSkip) {
      EXPECT_EQ(s.load_flags, 0x200000u);
    }
    if (s.res_index == test::kResPage) {
      EXPECT_EQ(s.load_flags, 0x80000u);
    }
  }
}

// docs/runtime.md 6.3: bit 0 -> 0x200000, bit 1 -> 0x80000 unless the emboss setting is on; the other
// bits add nothing.
TEST(PhaseTextureLoadFlags, FromAttr1AndTheEmbossSetting) {
  EXPECT_EQ(material::phase_texture_load_flags(0x00, false), 0u);
  EXPECT_EQ(material::phase_texture_load_flags(0x01, false), 0x200000u);
  EXPECT_EQ(material::phase_texture_load_flags(0x02, false), 0x80000u);
  EXPECT_EQ(material::phase_texture_load_flags(0x03, false), 0x280000u);
  EXPECT_EQ(material::phase_texture_load_flags(0x7E, false), 0x80000u);
  EXPECT_EQ(material::phase_texture_load_flags(0x41, false), 0x200000u);
  EXPECT_EQ(material::phase_texture_load_flags(0xFFFFFF80u, false), 0u);
  EXPECT_EQ(material::phase_texture_load_flags(0x02, true), 0u);
  EXPECT_EQ(material::phase_texture_load_flags(0x03, true), 0x200000u);
  EXPECT_EQ(kLoadFlagOpaque, 0x80000u);
  EXPECT_EQ(kLoadFlagTextureStage1, 0x200000u);
}

TEST_F(ManagerTest, TheEmbossSettingDropsTheOpaqueFlag) {
  ManagerOptions options = logging();
  options.emboss_bump = true;
  MaterialManager m = open(std::move(options));
  ASSERT_TRUE(m.load_material("FLAGS").ok());
  const std::size_t flags = *m.materials().find(test::kEntryFlags);
  EXPECT_EQ(m.materials().slot(flags).texture_load_flags, 0u);
  const std::int32_t page = m.materials().slot(flags).phases[0].texture_slot;
  ASSERT_GE(page, 0);
  EXPECT_EQ(m.textures().slots()[static_cast<std::size_t>(page)].load_flags, 0u);
  EXPECT_EQ(m.textures().slots()[static_cast<std::size_t>(page)].res_index, test::kResPage);
}

// ======================= phase selection (vtable 3, 5) =======================

struct PhaseTest : ManagerTest {
  MaterialManager m = MaterialManager::open(dir.path()).value();  // replaced in SetUp
  void SetUp() override {
    ManagerTest::SetUp();
    m = open();
    m.set_game_time(1000);
    ASSERT_TRUE(m.load_wear("world.lib::ship.wea").ok());
    take_log();
  }
  const std::uint32_t loop_row = make_handle(0, 0);
};

TEST_F(PhaseTest, LoopByTime) {
  // Block 0: mode 0, mask 0x1F, keys (phase 0, end 100) (1, 300) (2, 400); cycle 400; start 1000.
  m.set_game_time(1025);  // local 25: segment 0 = [0, 100), alpha 25 / 100, next key 1
  auto s = m.phase_by_time(loop_row, test::kLoopBlockLoop);
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  expect_selection(*s, 0, 1, 0.25f);
  EXPECT_EQ(s->start_time, 1000u);
  EXPECT_EQ(s->record, interpolated(record_a(0), record_b(1), 0x1F, 0.25f));
  EXPECT_EQ(s->texture_name, "GRASS.0");
  // By hand: f0 0 + (1 - 0) * 0.25, f1 1 + (0 - 1) * 0.25, f3 copied 0.6, f7 0.5 + (1 - 0.5) * 0.25.
  EXPECT_EQ(s->record.f[0], 0.25f);
  EXPECT_EQ(s->record.f[1], 0.75f);
  EXPECT_EQ(s->record.f[3], unit(153));
  EXPECT_EQ(s->record.f[7], 0.625f);
  EXPECT_EQ(s->record.u16, 200u);
  EXPECT_EQ(s->record.texture_slot, 0);
  EXPECT_EQ(s->record.i18, -2);

  m.set_game_time(1350);  // local 350: segment 2 = [300, 400), alpha 50 / 100, after the last key: key 0
  s = m.phase_by_time(loop_row, test::kLoopBlockLoop);
  expect_selection(*s, 2, 0, 0.5f);
  EXPECT_EQ(s->record, interpolated(record_c(0), record_a(0), 0x1F, 0.5f));
  EXPECT_EQ(s->texture_name, "GRASS.0");

  m.set_game_time(1425);  // local 425 % 400 = 25: as at 1025
  s = m.phase_by_time(loop_row, test::kLoopBlockLoop);
  expect_selection(*s, 0, 1, 0.25f);

  m.set_game_time(1100);  // local 100: the start of segment 1, alpha 0
  s = m.phase_by_time(loop_row, test::kLoopBlockLoop);
  expect_selection(*s, 1, 2, 0.0f);
  EXPECT_EQ(s->record, record_b(1));
  EXPECT_EQ(s->texture_name, "ROCK.B2");
}

TEST_F(PhaseTest, GameTimeBeforeTheStartWraps) {
  // 900 - 1000 as uint32 = 2^32 - 100; 2^32 mod 400 = 96 (400 * 10737418 = 4294967200), so
  // (2^32 - 100) mod 400 = 396: segment 2, alpha (396 - 300) / 100.
  m.set_game_time(900);
  auto s = m.phase_by_time(loop_row, test::kLoopBlockLoop);
  ASSERT_TRUE(s.ok());
  expect_selection(*s, 2, 0, 96.0f / 100.0f);
  EXPECT_EQ(s->record, interpolated(record_c(0), record_a(0), 0x1F, 96.0f / 100.0f));
  EXPECT_EQ(s->start_time, 1000u);
}

TEST_F(PhaseTest, PingPongOneShotAndUnknownMode) {
  // Block 1: ping-pong, mask 0, keys (0,100) (1,200), cycle 200. Local 250: cycle 1 (odd) runs
  // backwards: r = 200 - 50 = 150, segment 1 [100, 200), alpha 0.5, next key 0. Mask 0: phase B as is.
  m.set_game_time(1250);
  auto s = m.phase_by_time(loop_row, test::kLoopBlockPingPong);
  ASSERT_TRUE(s.ok());
  expect_selection(*s, 1, 0, 0.5f);
  EXPECT_EQ(s->record, record_b(1));
  EXPECT_EQ(s->texture_name, "ROCK.B2");
  m.set_game_time(1050);  // cycle 0: r = 50, segment 0, alpha 0.5
  s = m.phase_by_time(loop_row, test::kLoopBlockPingPong);
  expect_selection(*s, 0, 1, 0.5f);
  EXPECT_EQ(s->record, record_a(0));

  // Block 2: one-shot, mask 0x02, keys (3,100) (0,200). Local 50: segment 0 (phase D), next key 1
  // (phase A), alpha 0.5: f0..f2 = D + (A - D) * 0.5 = 0, 0.5, 0.2; the rest D's.
  s = m.phase_by_time(loop_row, test::kLoopBlockOneShot);
  expect_selection(*s, 0, 1, 0.5f);
  PhaseRecord expected = record_d();
  expected.f[0] = mix(0.0f, unit(0), 0.5f);
  expected.f[1] = mix(0.0f, unit(255), 0.5f);
  expected.f[2] = mix(0.0f, unit(102), 0.5f);
  EXPECT_EQ(s->record, expected);
  EXPECT_EQ(s->record.f[1], 0.5f);
  EXPECT_EQ(s->record.f[2], unit(51));  // 0.4f / 2 = 0.2f exactly
  EXPECT_EQ(s->texture_name, "");
  // Local 250: past the first cycle: the last key with alpha 0 (phase A).
  m.set_game_time(1250);
  s = m.phase_by_time(loop_row, test::kLoopBlockOneShot);
  expect_selection(*s, 1, 0, 0.0f);
  EXPECT_EQ(s->record, record_a(0));
  EXPECT_EQ(s->texture_name, "GRASS.0");

  // Block 6: mode 5 is sampled as loop (docs/formats/mat0.md 5.2). Keys (0,100) (1,200); local 250 % 200 = 50.
  s = m.phase_by_time(loop_row, test::kLoopBlockMode5);
  ASSERT_TRUE(s.ok());
  expect_selection(*s, 0, 1, 0.5f);
  EXPECT_EQ(s->record, interpolated(record_a(0), record_b(1), 0x1F, 0.5f));
}

TEST_F(PhaseTest, RandomModeWritesRandModCycleIntoTheStartTime) {
  // Block 3: mode 3, keys (0,100) (1,300) (2,400), cycle 400. rand() after srand(1):
  // seed 1 * 214013 + 2531011 = 2745024, >> 16 = 41; then 18467, 6334.
  m.srand(1);
  m.set_game_time(1025);
  auto s = m.phase_by_time(loop_row, test::kLoopBlockRandom);
  ASSERT_TRUE(s.ok());
  expect_selection(*s, 0, 1, 41.0f / 100.0f);  // 41 % 400 = 41
  EXPECT_EQ(s->start_time, 41u);
  EXPECT_EQ(m.tables()[0].rows[0].start_time, 41u);
  EXPECT_EQ(s->record, record_a(0));  // mask 0
  s = m.phase_by_time(loop_row, test::kLoopBlockRandom);
  expect_selection(*s, 0, 1, 67.0f / 100.0f);  // 18467 % 400 = 18467 - 46 * 400 = 67
  EXPECT_EQ(s->start_time, 67u);
  s = m.phase_by_time(loop_row, test::kLoopBlockRandom);
  expect_selection(*s, 2, 0, 34.0f / 100.0f);  // 6334 % 400 = 334: segment 2, (334 - 300) / 100
  EXPECT_EQ(s->start_time, 334u);
  EXPECT_EQ(s->record, record_c(0));
  EXPECT_EQ(m.tables()[0].rows[1].start_time, 1000u);  // only that row

  // The written start time is what the loop block sees next: local 1025 - 334 = 691, 691 % 400 = 291,
  // segment 1 [100, 300), alpha 191 / 200.
  s = m.phase_by_time(loop_row, test::kLoopBlockLoop);
  expect_selection(*s, 1, 2, 191.0f / 200.0f);
  EXPECT_EQ(s->start_time, 334u);

  // srand(1) again: the same sequence.
  m.srand(1);
  EXPECT_EQ(m.phase_by_time(loop_row, test::kLoopBlockRandom)->start_time, 41u);
}

TEST_F(ManagerTest, TheSeedStartsAtOne) {
  MaterialManager m = open();
  ASSERT_TRUE(m.load_wear("world.lib::ship.wea").ok());
  EXPECT_EQ(m.phase_by_time(make_handle(0, 0), test::kLoopBlockRandom)->start_time, 41u);
  CrtRandom crt;
  EXPECT_EQ(crt.state(), 1u);
  EXPECT_EQ(crt.next(), 41);
  EXPECT_EQ(crt.next(), 18467);
  EXPECT_EQ(crt.next(), 6334);
  EXPECT_EQ(crt.next(), 26500);
  crt.seed(1);
  EXPECT_EQ(crt.next(), 41);
}

TEST_F(PhaseTest, ByNormalizedT) {
  // t * cycle with cycle 400; t outside [0, 1] becomes 0.5. The start time is not touched.
  m.set_game_time(5000);
  auto s = m.phase_by_t(loop_row, test::kLoopBlockLoop, 0.25f);  // 100: segment 1, alpha 0
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  expect_selection(*s, 1, 2, 0.0f);
  EXPECT_EQ(s->record, record_b(1));
  EXPECT_EQ(s->start_time, 1000u);
  for (float outside : {1.5f, -0.1f, 1.0001f}) {
    s = m.phase_by_t(loop_row, test::kLoopBlockLoop, outside);  // 0.5 * 400 = 200: segment 1, 100 / 200
    expect_selection(*s, 1, 2, 0.5f);
    EXPECT_EQ(s->record, interpolated(record_b(1), record_c(0), 0x1F, 0.5f));
  }
  s = m.phase_by_t(loop_row, test::kLoopBlockLoop, 0.5f);
  expect_selection(*s, 1, 2, 0.5f);
  s = m.phase_by_t(loop_row, test::kLoopBlockLoop, 0.0f);
  expect_selection(*s, 0, 1, 0.0f);
  EXPECT_EQ(s->record, record_a(0));
  s = m.phase_by_t(loop_row, test::kLoopBlockLoop, 1.0f);  // 400 % 400 = 0
  expect_selection(*s, 0, 1, 0.0f);
  s = m.phase_by_t(loop_row, test::kLoopBlockLoop, 0.875f);  // 350: segment 2, alpha 0.5
  expect_selection(*s, 2, 0, 0.5f);
  EXPECT_EQ(m.tables()[0].rows[0].start_time, 1000u);
}

TEST_F(PhaseTest, MaterialWithoutBlocksGivesPhaseZero) {
  auto s = m.phase_by_time(make_handle(0, 1), 0);  // DEFAULT: no animation blocks
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  expect_selection(*s, 0, 0, 0.0f);
  EXPECT_EQ(s->record, record_default(0));
  EXPECT_EQ(s->texture_name, "GRASS.0");
  EXPECT_EQ(s->start_time, 1000u);
  s = m.phase_by_t(make_handle(0, 2), 0, 0.75f);
  ASSERT_TRUE(s.ok());
  expect_selection(*s, 0, 0, 0.0f);
  EXPECT_EQ(s->record, record_default(0));
}

TEST_F(PhaseTest, BadHandlesAndBlocksAreErrors) {
  EXPECT_FALSE(m.phase_by_time(loop_row, test::kLoopBlockNoKeys).ok());     // no keys: cycle 0
  EXPECT_FALSE(m.phase_by_time(loop_row, test::kLoopBlockBadPhase).ok());   // phase 9 of 4
  EXPECT_FALSE(m.phase_by_time(loop_row, test::kLoopBlockCount).ok());      // block 7 of 7
  EXPECT_FALSE(m.phase_by_time(loop_row, 100).ok());
  EXPECT_FALSE(m.phase_by_t(loop_row, test::kLoopBlockNoKeys, 0.5f).ok());
  EXPECT_FALSE(m.phase_by_t(loop_row, test::kLoopBlockCount, 0.5f).ok());
  EXPECT_FALSE(m.phase_by_time(make_handle(0, 3), 0).ok());  // row 3 of 3
  EXPECT_FALSE(m.phase_by_time(make_handle(1, 0), 0).ok());  // no table 1
  EXPECT_FALSE(m.phase_by_t(make_handle(0, 0xFFFF), 0, 0.5f).ok());
  EXPECT_FALSE(m.reset_start_time(make_handle(0, 3)).ok());
  EXPECT_FALSE(m.reset_start_time(make_handle(70, 0)).ok());
  EXPECT_EQ(m.tables()[0].rows[0].start_time, 1000u);
}

TEST_F(PhaseTest, ResetSetsTheStartTimeToTheGameTime) {
  m.set_game_time(7777);
  auto r = m.reset_start_time(make_handle(0, 2));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, 7777u);
  EXPECT_EQ(m.tables()[0].rows[2].start_time, 7777u);
  EXPECT_EQ(m.tables()[0].rows[0].start_time, 1000u);
  ASSERT_TRUE(m.reset_start_time(loop_row).ok());
  m.set_game_time(7777 + 150);  // local 150: segment 1, alpha 50 / 200
  expect_selection(*m.phase_by_time(loop_row, test::kLoopBlockLoop), 1, 2, 0.25f);
}

// ======================= the material pool =======================

TEST_F(ManagerTest, MaterialLoadsShareASlotPerEntry) {
  MaterialManager m = open();
  m.set_game_time(3000);
  auto loop = m.load_material("LOOP");
  ASSERT_TRUE(loop.ok()) << loop.error().to_string();
  EXPECT_EQ(loop->slot, 0u);
  EXPECT_EQ(loop->ref_count, 1);
  EXPECT_EQ(loop->entry, test::kEntryLoop);
  // Phases A and C both load GRASS.0: its count is 2; B loads ROCK.B2.
  EXPECT_EQ(m.textures().slots()[0].ref_count, 2);
  EXPECT_EQ(m.textures().slots()[1].ref_count, 1);
  auto again = m.load_material("loop");  // the engine lookup ignores case
  EXPECT_EQ(again->slot, 0u);
  EXPECT_EQ(again->ref_count, 2);
  EXPECT_EQ(m.textures().slots()[0].ref_count, 2);  // a pool hit loads no texture
  auto fallback = m.load_material("NOPE");
  ASSERT_TRUE(fallback.ok());
  EXPECT_EQ(fallback->slot, 1u);
  EXPECT_EQ(fallback->ref_count, 1);
  EXPECT_EQ(fallback->entry, test::kEntryDefault);
  EXPECT_EQ(take_log(), strings{"Material NOPE not found."});
  EXPECT_EQ(m.textures().slots()[0].ref_count, 3);
  auto first = m.load_material("FIRST");
  EXPECT_EQ(first->slot, 2u);
  EXPECT_EQ(first->entry, test::kEntryFirst);

  // Release: count - 1; at 0 the slot is freed and each phase texture is released once.
  EXPECT_EQ(*m.release_material(0), 1);
  EXPECT_TRUE(m.materials().slot(0).in_use());
  EXPECT_EQ(m.textures().slots()[0].ref_count, 3);
  EXPECT_EQ(*m.release_material(0), 0);
  EXPECT_FALSE(m.materials().slot(0).in_use());
  EXPECT_EQ(m.materials().slot(0).entry, -1);
  EXPECT_EQ(m.textures().slots()[0].ref_count, 1);  // 3 - phase A - phase C
  EXPECT_EQ(m.textures().slots()[1].ref_count, 0);  // ROCK.B2: 0, stays loaded
  EXPECT_TRUE(m.textures().slots()[1].in_use());
  EXPECT_EQ(m.textures().slots()[1].last_zero_ref_time, 3000u);
  EXPECT_FALSE(m.materials().find(test::kEntryLoop).has_value());

  // The lowest free slot: 0.
  auto flags = m.load_material("FLAGS");
  EXPECT_EQ(flags->slot, 0u);
  EXPECT_EQ(flags->entry, test::kEntryFlags);
  EXPECT_EQ(m.materials().in_use(), 3u);
  EXPECT_EQ(*m.materials().find(test::kEntryFlags), 0u);
  EXPECT_EQ(m.materials().lowest_free(), std::optional<std::size_t>(3));
  EXPECT_TRUE(take_log().empty());
}

TEST_F(ManagerTest, ReleasingABadMaterialSlotChangesNothing) {
  MaterialManager m = open();
  ASSERT_TRUE(m.load_material("FIRST").ok());
  EXPECT_FALSE(m.release_material(-1).ok());
  EXPECT_FALSE(m.release_material(700).ok());
  EXPECT_FALSE(m.release_material(1).ok());  // free
  EXPECT_EQ(m.materials().slot(0).ref_count, 1);
  EXPECT_EQ(*m.release_material(0), 0);
  EXPECT_FALSE(m.release_material(0).ok());  // free again
  EXPECT_EQ(m.materials().in_use(), 0u);
}

TEST_F(ManagerTest, UnreadableMaterialAndBadTextureNames) {
  MaterialManager m = open();
  auto broken = m.load_material("BROKEN");
  EXPECT_FALSE(broken.ok());
  strings messages = take_log();
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_NE(messages[0].find("BROKEN"), std::string::npos) << messages[0];
  EXPECT_EQ(m.materials().in_use(), 0u);

  // BADTEX: "NODOT" has no '.' (Bad texture name.), MISSING.0 is not in the library (no message).
  auto bad = m.load_material("BADTEX");
  ASSERT_TRUE(bad.ok());
  EXPECT_EQ(take_log(), strings{"Bad texture name."});
  const PooledMaterial& slot = m.materials().slot(bad->slot);
  ASSERT_EQ(slot.phases.size(), 2u);
  EXPECT_EQ(slot.phases[0].texture_slot, -1);
  EXPECT_EQ(slot.phases[0].i18, 0);  // a name that is not empty: int8(p17) = 0
  EXPECT_EQ(slot.phases[1].texture_slot, -1);
  EXPECT_EQ(m.textures().in_use(), 0u);
  EXPECT_EQ(*m.release_material(static_cast<std::int64_t>(bad->slot)), 0);  // nothing to release
  EXPECT_EQ(m.textures().in_use(), 0u);
}

TEST_F(ManagerTest, LookupFallsBackToEntryZeroWithoutDefault) {
  parkan::test::TempDir game;
  test::write_counted_game(game.path(), 3, 0, 0);
  auto opened = MaterialManager::open(game.path(), logging());
  ASSERT_TRUE(opened.ok());
  MaterialManager m = std::move(opened).value();
  auto load = m.load_material("ABSENT");
  ASSERT_TRUE(load.ok());
  EXPECT_EQ(load->entry, 0);
  EXPECT_EQ(take_log(), strings{"Material ABSENT not found."});
  EXPECT_EQ(m.load_material("M2")->entry, 2);
}

TEST_F(ManagerTest, FullPoolAt700) {
  parkan::test::TempDir game;
  test::write_counted_game(game.path(), 701, 0, 0);
  MaterialManager m = MaterialManager::open(game.path(), logging()).value();
  for (std::size_t i = 0; i < 700; ++i) {
    auto load = m.load_material(fmt::format("M{}", i));
    ASSERT_TRUE(load.ok()) << i;
    ASSERT_EQ(load->slot, i);
  }
  auto full = m.load_material("M700");
  ASSERT_FALSE(full.ok());
  EXPECT_NE(full.error().to_string().find("material pool is full"), std::string::npos) << full.error().to_string();
  EXPECT_EQ(m.materials().in_use(), 700u);
  EXPECT_FALSE(m.materials().lowest_free().has_value());
  EXPECT_EQ(m.load_material("M5")->ref_count, 2);  // a hit still works when full
  EXPECT_EQ(*m.release_material(10), 0);
  auto refill = m.load_material("M700");
  ASSERT_TRUE(refill.ok());
  EXPECT_EQ(refill->slot, 10u);
  EXPECT_EQ(refill->entry, 700);
}

TEST_F(ManagerTest, WearLoadStoppedByAFullPoolReleasesWhatItLoaded) {
  parkan::test::TempDir game;
  test::write_counted_game(game.path(), 701, 0, 0);
  MaterialManager m = MaterialManager::open(game.path(), logging()).value();
  for (std::size_t i = 0; i < 699; ++i) ASSERT_TRUE(m.load_material(fmt::format("M{}", i)).ok());
  // M5 is a hit (count 2), M699 takes the last slot, M700 finds the pool full.
  auto table = m.load_wear_buffer(as_bytes("3\n0 M5\n1 M699\n2 M700\n"));
  ASSERT_FALSE(table.ok());
  EXPECT_NE(table.error().to_string().find("material pool is full"), std::string::npos);
  EXPECT_TRUE(m.tables().empty());
  EXPECT_EQ(m.materials().in_use(), 699u);
  EXPECT_FALSE(m.materials().slot(699).in_use());
  EXPECT_EQ(m.materials().slot(5).ref_count, 1);
  // The next table is still table 0.
  EXPECT_EQ(*m.load_wear_buffer(as_bytes("1\n0 M1\n")), 0u);
}

// ======================= the texture cache =======================

TEST_F(ManagerTest, TextureLoadsDedupByResourceIndexAndKeepTheFirstFlags) {
  MaterialManager m = open();
  m.set_game_time(4000);
  auto grass = m.load_texture("GRASS.0");
  ASSERT_TRUE(grass.ok()) << grass.error().to_string();
  EXPECT_EQ(grass->slot, 0);
  EXPECT_EQ(grass->ref_count, 1);
  EXPECT_EQ(grass->res_index, test::kResGrass);
  EXPECT_EQ(grass->palette, -1);  // ('0' - 'A') * 11 = -187 < 0
  ASSERT_NE(grass->object, nullptr);
  EXPECT_EQ(grass->object->load.mip_skip, 0u);
  EXPECT_EQ(grass->object->load.width, 8u);
  EXPECT_EQ(grass->object->load.height, 8u);
  EXPECT_EQ(grass->object->load.mip_count, 4u);
  ASSERT_EQ(grass->object->levels.size(), 4u);  // 8x8, 4x4, 2x2, 1x1
  EXPECT_EQ(grass->object->levels[3].width, 1u);
  EXPECT_EQ(grass->object->load.rects.size(), 1u);
  EXPECT_FALSE(grass->object->palette.has_value());

  auto again = m.load_texture("grass.0", 0x400000);
  EXPECT_EQ(again->slot, 0);
  EXPECT_EQ(again->ref_count, 2);
  EXPECT_EQ(again->object, grass->object);  // the first load's object
  EXPECT_EQ(m.textures().slots()[0].load_flags, 0u);  // the first load's flags

  auto rock = m.load_texture("ROCK.B2", 0x200000);
  EXPECT_EQ(rock->slot, 1);
  EXPECT_EQ(rock->res_index, test::kResRock);
  EXPECT_EQ(m.textures().slots()[1].load_flags, 0x200000u);

  // Count 0: the time is recorded, the slot stays; a new reference sets the time back to 0.
  EXPECT_EQ(*m.release_texture(0), 1);
  EXPECT_EQ(*m.release_texture(0), 0);
  EXPECT_TRUE(m.textures().slots()[0].in_use());
  EXPECT_EQ(m.textures().slots()[0].last_zero_ref_time, 4000u);
  EXPECT_FALSE(m.release_texture(0).ok());  // count 0: an error, nothing changes
  EXPECT_EQ(m.textures().slots()[0].last_zero_ref_time, 4000u);
  auto back = m.load_texture("GRASS.0");
  EXPECT_EQ(back->slot, 0);
  EXPECT_EQ(back->ref_count, 1);
  EXPECT_EQ(m.textures().slots()[0].last_zero_ref_time, 0u);

  EXPECT_FALSE(m.release_texture(2).ok());    // free
  EXPECT_FALSE(m.release_texture(-1).ok());   // out of range
  EXPECT_FALSE(m.release_texture(777).ok());  // out of range
  EXPECT_EQ(m.textures().in_use(), 2u);
  EXPECT_TRUE(take_log().empty());
}

TEST_F(ManagerTest, TextureNamesMissingTexturesAndTheLowestFreeSlot) {
  MaterialManager m = open();
  auto bad = m.load_texture("NODOT");
  ASSERT_TRUE(bad.ok());
  EXPECT_EQ(bad->slot, -1);
  EXPECT_EQ(bad->object, nullptr);
  EXPECT_EQ(take_log(), strings{"Bad texture name."});
  // The '.' at index 17 is too late; at index 16 it is fine (then simply not in the library).
  EXPECT_EQ(m.load_texture("ABCDEFGHIJKLMNOPQ.0")->slot, -1);
  EXPECT_EQ(take_log(), strings{"Bad texture name."});
  EXPECT_EQ(m.load_texture("ABCDEFGHIJKLMNOP.0")->slot, -1);
  EXPECT_TRUE(take_log().empty());
  auto missing = m.load_texture("MISSING.0");
  EXPECT_EQ(missing->slot, -1);
  EXPECT_TRUE(take_log().empty());  // a missing texture logs nothing
  EXPECT_EQ(m.textures().in_use(), 0u);

  EXPECT_EQ(m.load_texture("GRASS.0")->slot, 0);
  EXPECT_EQ(m.load_texture("ROCK.B2")->slot, 1);
  EXPECT_EQ(m.load_texture("PAL.A")->slot, 2);
  EXPECT_EQ(*m.release_texture(1), 0);
  EXPECT_EQ(m.unload_all_textures(), 3u);  // frees counts 1 and 0 alike
  EXPECT_EQ(m.textures().in_use(), 0u);
  EXPECT_EQ(m.load_texture("PAGE.0")->slot, 0);
  EXPECT_EQ(m.unload_all_textures(), 1u);
  EXPECT_EQ(m.unload_all_textures(), 0u);
}

TEST_F(ManagerTest, UnreadableTextureEntryGivesNoSlot) {
  MaterialManager m = open();
  auto bad = m.load_texture("BAD.0");
  ASSERT_TRUE(bad.ok()) << bad.error().to_string();  // the library itself is readable
  EXPECT_EQ(bad->slot, -1);
  EXPECT_EQ(bad->object, nullptr);
  strings messages = take_log();
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_NE(messages[0].find("BAD.0"), std::string::npos) << messages[0];
  EXPECT_EQ(m.textures().in_use(), 0u);
  EXPECT_EQ(m.load_texture("GRASS.0")->slot, 0);
}

TEST_F(ManagerTest, PaletteIndexFromTheNameAndTheBankBinding) {
  MaterialManager m = open();
  auto rock = m.load_texture("ROCK.B2");  // ('B' - 'A') * 11 + ('2' - '0' + 1) = 14: B2.PAL
  EXPECT_EQ(rock->palette, 14);
  EXPECT_EQ(rock->object->palette_index, 14);
  ASSERT_TRUE(rock->object->palette.has_value());
  ASSERT_TRUE(m.palettes().slots.slots[14].has_value());
  EXPECT_EQ(rock->object->palette->data(), m.palettes().slots.slots[14]->data());
  auto pal = m.load_texture("PAL.A");  // 'A': 0 * 11 + 0 = 0: A.PAL
  EXPECT_EQ(pal->palette, 0);
  ASSERT_TRUE(pal->object->palette.has_value());
  EXPECT_EQ((*pal->object->palette)[0], 0xA0);
  auto last = m.load_texture("LAST.Z9");  // 25 * 11 + 10 = 285: Z9.PAL, the last slot
  EXPECT_EQ(last->palette, 285);
  ASSERT_TRUE(last->object->palette.has_value());
  EXPECT_EQ((*last->object->palette)[0], 0xF9);
  auto nopal = m.load_texture("NOPAL.C");  // 2 * 11 = 22: no C.PAL in the bank
  EXPECT_EQ(nopal->palette, 22);
  EXPECT_FALSE(nopal->object->palette.has_value());
  auto odd = m.load_texture("ODD.ZZ");  // 25 * 11 + ('Z' - '0' + 1) = 275 + 43 = 318 >= 286: reported, no binding
  EXPECT_EQ(odd->palette, 318);
  EXPECT_FALSE(odd->object->palette.has_value());
  EXPECT_EQ(m.load_texture("rock.b2")->palette, 14);  // toupper('b') = 'B'
  auto grass = m.load_texture("grass.0");
  EXPECT_EQ(grass->palette, -1);
  EXPECT_EQ(grass->object->palette_index, -1);
  // A lightmap name follows the same rule: LMPAL.C -> 22.
  EXPECT_EQ(m.load_lightmap("LMPAL.C")->palette, 22);
}

TEST_F(ManagerTest, MipSkipAndTheTextureObjectSize) {
  MaterialManager m = open();
  // SKIP.0: 8x8, 3 mips, 565, flags5 & 0x72000000 = 0x02000000 with 3 > 2 mips: skip 2 -> 2x2, 1 mip.
  auto skip = m.load_texture("SKIP.0");
  ASSERT_TRUE(skip.ok());
  const TextureObject& o = *skip->object;
  EXPECT_EQ(o.load.mip_skip, 2u);
  EXPECT_EQ(o.load.width, 2u);
  EXPECT_EQ(o.load.height, 2u);
  EXPECT_EQ(o.load.mip_count, 1u);
  EXPECT_EQ(o.load.pixel_offset, 192u);  // 32 + 2 * 64 + (2 * 64) / 4
  ASSERT_EQ(o.levels.size(), 1u);
  EXPECT_EQ(o.levels[0].width, 2u);
  EXPECT_EQ(o.levels[0].height, 2u);
  // Level 2 starts at pixel 64 + 16 = 80: u16 0x5050 -> R 0x5050 >> 11 = 10, G (0x5050 >> 5) & 63 = 2,
  // B 0x5050 & 31 = 16; widened (10*255+15)/31 = 82, (2*255+31)/63 = 8, (16*255+15)/31 = 132.
  ASSERT_EQ(o.levels[0].rgba.size(), 16u);
  EXPECT_EQ(ByteBuffer(o.levels[0].rgba.begin(), o.levels[0].rgba.begin() + 4), (ByteBuffer{82, 8, 132, 255}));
  // SKIP1.0: 8x8, 2 mips, 8888, 0x02000000 with 2 mips: skip 1 -> 4x4.
  auto skip1 = m.load_texture("SKIP1.0");
  EXPECT_EQ(skip1->object->load.mip_skip, 1u);
  EXPECT_EQ(skip1->object->load.width, 4u);
  EXPECT_EQ(skip1->object->load.height, 4u);
  ASSERT_EQ(skip1->object->levels.size(), 1u);
  // Level 1 starts at pixel 64: bytes B G R A = 64, 64, 64, 64.
  EXPECT_EQ(ByteBuffer(skip1->object->levels[0].rgba.begin(), skip1->object->levels[0].rgba.begin() + 4),
            (ByteBuffer{64, 64, 64, 64}));
  // Load flag 0x80000 sends even 8888 to an opaque surface: A = 255 (docs/formats/texm.md 6.4).
  MaterialManager opaque = open();
  auto forced = opaque.load_texture("SKIP1.0", 0x80000);
  ASSERT_TRUE(forced.ok());
  EXPECT_EQ(ByteBuffer(forced->object->levels[0].rgba.begin(), forced->object->levels[0].rgba.begin() + 4),
            (ByteBuffer{64, 64, 64, 255}));
  // ROCK.B2: flags5 0: no skip.
  EXPECT_EQ(m.load_texture("ROCK.B2")->object->load.mip_skip, 0u);
}

TEST_F(ManagerTest, EveryTextureLoadAddsThePageFlagLightmapsDoNot) {
  MaterialManager m = open();
  // docs/runtime.md 9.3: the texture-by-name load decodes with the flags OR 0x400000, so the Page
  // rects apply even when the caller passes 0; the slot records the caller's 0.
  auto plain = m.load_texture("PAGE.0");
  ASSERT_EQ(plain->object->load.rects.size(), 3u);
  EXPECT_EQ(m.textures().slots()[0].load_flags, 0u);
  // A lightmap loads with the flags as given (none): the whole page only.
  auto lightmap = m.load_lightmap("LMPAGE.0");
  ASSERT_NE(lightmap->object, nullptr);
  EXPECT_EQ(lightmap->object->load.rects.size(), 1u);
  m.unload_all_textures();
  auto paged = m.load_texture("PAGE.0", 0x400000);
  EXPECT_EQ(m.textures().slots()[0].load_flags, 0x400000u);
  const auto& rects = paged->object->load.rects;
  ASSERT_EQ(rects.size(), 3u);
  // [0]: pixels (0, 0, 8, 8), UV (0, 0, 1, 1).
  EXPECT_EQ(rects[0].x0, 0);
  EXPECT_EQ(rects[0].x1, 8);
  EXPECT_EQ(rects[0].y1, 8);
  EXPECT_EQ(rects[0].du, 1.0f);
  EXPECT_EQ(rects[0].dv, 1.0f);
  // {x 2, w 4, y 0, h 8}, s = 0: pixels 2..6 x 0..8, u0 2/8, du 4/8, v0 0, dv 8/8.
  EXPECT_EQ(rects[1].x0, 2);
  EXPECT_EQ(rects[1].x1, 6);
  EXPECT_EQ(rects[1].y0, 0);
  EXPECT_EQ(rects[1].y1, 8);
  EXPECT_EQ(rects[1].u0, 0.25f);
  EXPECT_EQ(rects[1].du, 0.5f);
  EXPECT_EQ(rects[1].v0, 0.0f);
  EXPECT_EQ(rects[1].dv, 1.0f);
  // {x 0, w 8, y 4, h 4}: pixels 0..8 x 4..8, v0 4/8, dv 4/8.
  EXPECT_EQ(rects[2].y0, 4);
  EXPECT_EQ(rects[2].y1, 8);
  EXPECT_EQ(rects[2].v0, 0.5f);
  EXPECT_EQ(rects[2].dv, 0.5f);
  // SKIPPAGE.0: skip 1, 4x4; {2, 2, 2, 2} with s = 1: x0 2 << 1 = 4, x1 (2 + 2) << 1 = 8,
  // u0 2 / (4 << 1) = 0.25, du 2 / 8 = 0.25.
  auto skipped = m.load_texture("SKIPPAGE.0", 0x400000);
  const auto& srects = skipped->object->load.rects;
  EXPECT_EQ(skipped->object->load.width, 4u);
  ASSERT_EQ(srects.size(), 2u);
  EXPECT_EQ(srects[0].x1, 4);
  EXPECT_EQ(srects[0].y1, 4);
  EXPECT_EQ(srects[1].x0, 4);
  EXPECT_EQ(srects[1].x1, 8);
  EXPECT_EQ(srects[1].y0, 4);
  EXPECT_EQ(srects[1].y1, 8);
  EXPECT_EQ(srects[1].u0, 0.25f);
  EXPECT_EQ(srects[1].du, 0.25f);
  EXPECT_EQ(srects[1].v0, 0.25f);
  EXPECT_EQ(srects[1].dv, 0.25f);
}

TEST_F(ManagerTest, SweepTimingAtTheBoundaries) {
  MaterialManager m = open();
  EXPECT_EQ(m.set_game_time(1000), 0u);  // 1000 - 0 < 20000: no sweep
  EXPECT_EQ(m.last_sweep_time(), 0u);
  ASSERT_EQ(m.load_texture("GRASS.0")->slot, 0);
  ASSERT_EQ(m.load_texture("ROCK.B2")->slot, 1);  // stays referenced: never swept
  EXPECT_EQ(*m.release_texture(0), 0);
  EXPECT_EQ(m.textures().slots()[0].last_zero_ref_time, 1000u);

  EXPECT_EQ(m.set_game_time(19999), 0u);  // 19999 < 20000: no sweep, last sweep stays 0
  EXPECT_EQ(m.last_sweep_time(), 0u);
  EXPECT_EQ(m.set_game_time(20000), 0u);  // 20000 >= 20000: a sweep; 20000 - 1000 = 19000 is young
  EXPECT_EQ(m.last_sweep_time(), 20000u);
  EXPECT_EQ(m.set_game_time(61000), 0u);  // 41000 >= 20000: a sweep; 61000 - 1000 = 60000 is not > 60000
  EXPECT_EQ(m.last_sweep_time(), 61000u);
  EXPECT_TRUE(m.textures().slots()[0].in_use());
  EXPECT_EQ(m.sweep_textures(), 0u);
  EXPECT_EQ(m.set_game_time(61001), 0u);  // 60001 > 60000, but 61001 - 61000 < 20000: no sweep
  EXPECT_TRUE(m.textures().slots()[0].in_use());
  EXPECT_EQ(m.last_sweep_time(), 61000u);
  EXPECT_EQ(m.sweep_textures(), 1u);  // now: freed, and the last sweep time does not move
  EXPECT_EQ(m.last_sweep_time(), 61000u);
  EXPECT_FALSE(m.textures().slots()[0].in_use());
  EXPECT_TRUE(m.textures().slots()[1].in_use());
  EXPECT_EQ(m.textures().in_use(), 1u);

  // The periodic sweep frees it too: released at 61001, old enough at 121002; sweeps at 80999 (no:
  // 19999 since 61000), 81000 (yes), 121002 (yes: 40002).
  ASSERT_EQ(m.load_texture("PAL.A")->slot, 0);
  EXPECT_EQ(*m.release_texture(0), 0);
  EXPECT_EQ(m.set_game_time(80999), 0u);
  EXPECT_EQ(m.last_sweep_time(), 61000u);
  EXPECT_EQ(m.set_game_time(81000), 0u);
  EXPECT_EQ(m.last_sweep_time(), 81000u);
  EXPECT_EQ(m.set_game_time(121002), 1u);  // 121002 - 61001 = 60001 > 60000
  EXPECT_FALSE(m.textures().slots()[0].in_use());
}

TEST_F(ManagerTest, SweepArithmeticWrapsAroundUint32) {
  MaterialManager m = open();
  const std::uint32_t late = 0xFFFFF000u;  // 2^32 - 4096
  EXPECT_EQ(m.set_game_time(late), 0u);    // late - 0 >= 20000: a sweep (nothing to free)
  EXPECT_EQ(m.last_sweep_time(), late);
  ASSERT_EQ(m.load_texture("GRASS.0")->slot, 0);
  EXPECT_EQ(*m.release_texture(0), 0);
  EXPECT_EQ(m.textures().slots()[0].last_zero_ref_time, late);
  // 15903 - late = 15903 + 4096 = 19999 (uint32): no sweep. 15904: 20000: a sweep, at which the
  // texture is 20000 old.
  EXPECT_EQ(m.set_game_time(15903), 0u);
  EXPECT_EQ(m.last_sweep_time(), late);
  EXPECT_EQ(m.set_game_time(15904), 0u);
  EXPECT_EQ(m.last_sweep_time(), 15904u);
  // Age 60000 at 60000 - 4096 = 55904: kept; 55905: 60001 > 60000: freed.
  m.set_game_time(55904);  // 55904 - 15904 = 40000: a sweep
  EXPECT_TRUE(m.textures().slots()[0].in_use());
  EXPECT_EQ(m.last_sweep_time(), 55904u);
  m.set_game_time(55905);
  EXPECT_EQ(m.sweep_textures(), 1u);
  EXPECT_FALSE(m.textures().slots()[0].in_use());

  // Time going backwards: 1000 - 55904 wraps to 2^32 - 54904 >= 20000: a sweep, at which a texture
  // released at 55905 is 2^32 - 54905 old (> 60000): freed.
  ASSERT_EQ(m.load_texture("PAL.A")->slot, 0);
  EXPECT_EQ(*m.release_texture(0), 0);
  EXPECT_EQ(m.set_game_time(1000), 1u);
  EXPECT_EQ(m.last_sweep_time(), 1000u);
  EXPECT_EQ(m.textures().in_use(), 0u);
}

TEST_F(ManagerTest, FullTextureCacheAt777) {
  parkan::test::TempDir game;
  test::write_counted_game(game.path(), 0, 778, 0);
  MaterialManager m = MaterialManager::open(game.path(), logging()).value();
  for (std::int32_t i = 0; i < 777; ++i) {
    auto load = m.load_texture(fmt::format("T{}.0", i));
    ASSERT_TRUE(load.ok());
    ASSERT_EQ(load->slot, i);
    ASSERT_EQ(load->res_index, i);
  }
  EXPECT_TRUE(take_log().empty());
  auto full = m.load_texture("T777.0");
  ASSERT_TRUE(full.ok());
  EXPECT_EQ(full->slot, -1);
  EXPECT_EQ(take_log(), strings{"texture cache is full"});
  EXPECT_EQ(m.load_texture("T5.0")->ref_count, 2);  // a hit still works
  // A texture at count 0 stays loaded: still full.
  EXPECT_EQ(*m.release_texture(9), 0);
  EXPECT_EQ(m.load_texture("T777.0")->slot, -1);
  EXPECT_EQ(take_log(), strings{"texture cache is full"});
  EXPECT_EQ(m.unload_all_textures(), 777u);
  EXPECT_EQ(m.load_texture("T777.0")->slot, 0);
}

// ======================= the lightmap cache =======================

TEST_F(ManagerTest, LightmapsAreFreedAtZeroAndNeverSwept) {
  MaterialManager m = open();
  m.set_game_time(500);
  auto lm = m.load_lightmap("LM2.0");
  ASSERT_TRUE(lm.ok());
  EXPECT_EQ(lm->slot, 0);
  EXPECT_EQ(lm->ref_count, 1);
  EXPECT_EQ(lm->res_index, 1);
  EXPECT_EQ(lm->object->load.width, 8u);
  EXPECT_EQ(lm->object->load.height, 4u);
  EXPECT_EQ(m.load_lightmap("lm2.0")->ref_count, 2);
  EXPECT_EQ(m.load_lightmap("LM1.0")->slot, 1);
  EXPECT_EQ(m.textures().in_use(), 0u);  // its own cache

  auto missing = m.load_lightmap("NOPE.0");
  EXPECT_EQ(missing->slot, -1);
  EXPECT_EQ(take_log(), strings{"LightMap NOPE.0 not found."});
  EXPECT_EQ(m.load_lightmap("NODOT")->slot, -1);
  EXPECT_EQ(take_log(), strings{"Bad texture name."});

  EXPECT_EQ(*m.release_lightmap(0), 1);
  EXPECT_EQ(*m.release_lightmap(0), 0);
  EXPECT_FALSE(m.lightmaps().slots()[0].in_use());  // freed at once
  EXPECT_FALSE(m.release_lightmap(0).ok());
  EXPECT_FALSE(m.release_lightmap(100).ok());
  EXPECT_FALSE(m.release_lightmap(-5).ok());
  EXPECT_EQ(m.load_lightmap("LMPAL.C")->slot, 0);  // the lowest free slot
  // UnloadAllTextures and the sweep are for textures.
  EXPECT_EQ(m.unload_all_textures(), 0u);
  m.set_game_time(500 + 200000);
  EXPECT_EQ(m.sweep_textures(), 0u);
  EXPECT_EQ(m.lightmaps().in_use(), 2u);
}

TEST_F(ManagerTest, FullLightmapCacheAt100) {
  parkan::test::TempDir game;
  test::write_counted_game(game.path(), 0, 0, 101);
  MaterialManager m = MaterialManager::open(game.path(), logging()).value();
  for (std::int32_t i = 0; i < 100; ++i) ASSERT_EQ(m.load_lightmap(fmt::format("L{}.0", i))->slot, i);
  EXPECT_EQ(m.load_lightmap("L100.0")->slot, -1);
  EXPECT_EQ(take_log(), strings{"lightmap cache is full"});
  EXPECT_EQ(*m.release_lightmap(3), 0);
  EXPECT_EQ(m.load_lightmap("L100.0")->slot, 3);
  EXPECT_TRUE(take_log().empty());
}

// ======================= WEAR parsers and their failures =======================

TEST_F(ManagerTest, FileAndBufferParsers) {
  MaterialManager m = open();
  // No blank line before LIGHTMAPS: the file parser reads it.
  auto file = m.load_wear("world.lib::noblank.wea");
  ASSERT_TRUE(file.ok()) << file.error().to_string();
  EXPECT_EQ(*file, 0u);
  EXPECT_EQ(m.tables()[0].rows.size(), 1u);
  EXPECT_EQ(m.tables()[0].lightmaps, (std::vector<std::int32_t>{0}));  // LM2.0 (entry 1) in slot 0
  EXPECT_EQ(m.lightmaps().slots()[0].res_index, 1);
  EXPECT_EQ(m.materials().slot(0).ref_count, 1);
  // The buffer parser's two line skips land on "0 LM2.0": count 0.
  auto buffer = m.load_wear_buffer(as_bytes(test::kNoBlankWear));
  EXPECT_FALSE(buffer.ok());
  EXPECT_EQ(take_log(), strings{"Illegal lightmaps length."});
  EXPECT_EQ(m.tables().size(), 1u);
  EXPECT_EQ(m.materials().slot(0).ref_count, 1);
  EXPECT_EQ(m.lightmaps().slots()[0].ref_count, 1);
  // With the blank line both read it.
  auto ship = m.load_wear_buffer(as_bytes(test::kShipWear));
  ASSERT_TRUE(ship.ok());
  EXPECT_EQ(*ship, 1u);
  EXPECT_EQ(m.tables()[1].rows.size(), 3u);
  EXPECT_EQ(m.tables()[1].lightmaps.size(), 2u);
  take_log();
  // Text after a row's name: the buffer parser skips the rest of the line; fscanf reads "junk" as
  // the next id and fails.
  auto extra = m.load_wear_buffer(as_bytes(test::kExtraWear));
  ASSERT_TRUE(extra.ok());
  EXPECT_EQ(m.tables()[2].rows.size(), 2u);
  std::size_t before = m.materials().in_use();
  std::int32_t first_count = m.materials().slot(0).ref_count;
  EXPECT_FALSE(m.load_wear("world.lib::extra.wea").ok());
  EXPECT_EQ(m.tables().size(), 3u);
  EXPECT_EQ(m.materials().in_use(), before);
  EXPECT_EQ(m.materials().slot(0).ref_count, first_count);
  // A loose file in the game folder.
  take_log();
  auto loose = m.load_wear("loose.wea");
  ASSERT_TRUE(loose.ok()) << loose.error().to_string();
  EXPECT_EQ(*loose, 3u);
  EXPECT_EQ(m.materials().slot(static_cast<std::size_t>(m.tables()[3].rows[0].material)).entry, test::kEntryAttr3);
  EXPECT_TRUE(m.tables()[3].lightmaps.empty());
}

TEST_F(ManagerTest, FailedWearTextsAddNoTableAndChangeNothing) {
  MaterialManager m = open();
  ASSERT_TRUE(m.load_wear("world.lib::plain.wea").ok());
  take_log();
  auto snapshot = [&] {
    return std::tuple(m.tables().size(), m.materials().in_use(), m.textures().in_use(), m.lightmaps().in_use(),
                      m.materials().slot(0).ref_count);
  };
  const auto before = snapshot();

  EXPECT_FALSE(m.load_wear("world.lib::zero.wea").ok());
  EXPECT_EQ(take_log(), strings{"Illegal wear length."});
  EXPECT_EQ(snapshot(), before);
  EXPECT_FALSE(m.load_wear_buffer(as_bytes("0\n")).ok());
  EXPECT_EQ(take_log(), strings{"Illegal wear length."});
  EXPECT_FALSE(m.load_wear_buffer(as_bytes("-3\n0 LOOP\n")).ok());
  EXPECT_EQ(take_log(), strings{"Illegal wear length."});
  // LOOP would have been loaded first: it is not.
  EXPECT_FALSE(m.load_wear("world.lib::zerolm.wea").ok());
  EXPECT_EQ(take_log(), strings{"Illegal lightmaps length."});
  EXPECT_EQ(snapshot(), before);
  EXPECT_FALSE(m.materials().find(test::kEntryLoop).has_value());
  EXPECT_FALSE(m.load_wear_buffer(as_bytes(test::kZeroLightmapsWear)).ok());
  EXPECT_EQ(take_log(), strings{"Illegal lightmaps length."});
  EXPECT_EQ(snapshot(), before);

  EXPECT_FALSE(m.load_wear("world.lib::nope.wea").ok());
  EXPECT_EQ(take_log(), strings{"Wear <nope.wea> doesn't exist."});
  EXPECT_FALSE(m.load_wear("nope.wea").ok());
  EXPECT_EQ(take_log(), strings{"Wear <nope.wea> doesn't exist."});
  EXPECT_EQ(snapshot(), before);

  // The next table is still table 1.
  EXPECT_EQ(*m.load_wear("world.lib::plain.wea"), 1u);
}

TEST_F(ManagerTest, UnreadableMaterialRowGetsMinusOne) {
  MaterialManager m = open();
  auto table = m.load_wear("world.lib::broken.wea");
  ASSERT_TRUE(table.ok()) << table.error().to_string();
  strings messages = take_log();
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_NE(messages[0].find("BROKEN"), std::string::npos);
  ASSERT_EQ(m.tables()[0].rows.size(), 2u);
  EXPECT_EQ(m.tables()[0].rows[0].material, -1);
  EXPECT_EQ(m.tables()[0].rows[1].material, 0);  // FIRST
  EXPECT_EQ(*m.wear_count(0), 2u);
  EXPECT_FALSE(m.phase_by_time(make_handle(0, 0), 0).ok());
  EXPECT_FALSE(m.phase_by_t(make_handle(0, 0), 0, 0.5f).ok());
  EXPECT_FALSE(m.meta(make_handle(0, 0)).ok());
  EXPECT_TRUE(m.meta(make_handle(0, 1)).ok());
  m.destroy();  // the -1 row releases nothing
  EXPECT_EQ(m.materials().in_use(), 0u);
}

TEST_F(ManagerTest, SeventyTablesThenRefusedThenDestroy) {
  MaterialManager m = open();
  for (std::size_t i = 0; i < 70; ++i) {
    auto t = m.load_wear_buffer(as_bytes("1\n0 FIRST\n"));
    ASSERT_TRUE(t.ok()) << i;
    ASSERT_EQ(*t, i);
  }
  EXPECT_EQ(m.materials().slot(0).ref_count, 70);
  EXPECT_FALSE(m.load_wear_buffer(as_bytes("1\n0 FIRST\n")).ok());
  EXPECT_FALSE(m.load_wear("world.lib::ship.wea").ok());
  EXPECT_EQ(m.tables().size(), 70u);
  EXPECT_EQ(m.materials().slot(0).ref_count, 70);
  EXPECT_EQ(m.materials().in_use(), 1u);
  EXPECT_EQ(m.textures().in_use(), 0u);
  EXPECT_EQ(m.lightmaps().in_use(), 0u);
  EXPECT_EQ(*m.wear_count(69), 1u);
  EXPECT_FALSE(m.wear_count(70).ok());

  m.destroy();
  EXPECT_TRUE(m.tables().empty());
  EXPECT_EQ(m.materials().in_use(), 0u);
  EXPECT_EQ(*m.load_wear_buffer(as_bytes("1\n0 FIRST\n")), 0u);
}

TEST_F(ManagerTest, DestroyReleasesRowsAndLightmaps) {
  MaterialManager m = open();
  m.set_game_time(2500);
  ASSERT_TRUE(m.load_wear("world.lib::ship.wea").ok());
  ASSERT_TRUE(m.load_wear("world.lib::noblank.wea").ok());
  m.set_game_time(2600);
  m.destroy();
  EXPECT_TRUE(m.tables().empty());
  EXPECT_EQ(m.materials().in_use(), 0u);
  EXPECT_EQ(m.lightmaps().in_use(), 0u);  // lightmaps are freed at 0
  // Textures fall to 0 and stay until a sweep, with the time of the release.
  ASSERT_EQ(m.textures().in_use(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(m.textures().slots()[i].ref_count, 0);
    EXPECT_EQ(m.textures().slots()[i].last_zero_ref_time, 2600u);
  }
  EXPECT_FALSE(m.wear_count(0).ok());
  EXPECT_FALSE(m.phase_by_time(make_handle(0, 0), 0).ok());
  m.destroy();  // twice: nothing left to release
  EXPECT_EQ(m.materials().in_use(), 0u);
  // Usable again: the next table is 0; the textures are hits again.
  EXPECT_EQ(*m.load_wear("world.lib::ship.wea"), 0u);
  EXPECT_EQ(m.textures().slots()[0].ref_count, 3);
  EXPECT_EQ(m.textures().slots()[0].last_zero_ref_time, 0u);
  m.preload_all_textures();  // vtable 2 does nothing
  EXPECT_EQ(m.textures().in_use(), 2u);
}

// ======================= independence and injection =======================

TEST_F(ManagerTest, TwoManagersDoNotSeeEachOther) {
  MaterialManager a = open();
  MaterialManager b = open();
  a.set_game_time(1000);
  ASSERT_TRUE(a.load_wear("world.lib::ship.wea").ok());
  ASSERT_TRUE(a.load_texture("PAGE.0").ok());
  a.srand(99);
  EXPECT_TRUE(b.tables().empty());
  EXPECT_EQ(b.materials().in_use(), 0u);
  EXPECT_EQ(b.textures().in_use(), 0u);
  EXPECT_EQ(b.lightmaps().in_use(), 0u);
  EXPECT_EQ(b.game_time(), 0u);
  ASSERT_TRUE(b.load_wear("world.lib::plain.wea").ok());
  EXPECT_EQ(b.tables().size(), 1u);
  EXPECT_EQ(b.materials().slot(0).entry, test::kEntryFlags);
  EXPECT_EQ(b.textures().slots()[0].res_index, test::kResPage);
  EXPECT_EQ(a.tables().size(), 1u);
  // b's rand() still starts from seed 1.
  ASSERT_TRUE(b.load_wear("world.lib::ship.wea").ok());
  EXPECT_EQ(b.phase_by_time(make_handle(1, 0), test::kLoopBlockRandom)->start_time, 41u);
}

TEST_F(ManagerTest, InjectedRandomAndClock) {
  ManagerOptions options = logging();
  std::vector<std::int32_t> values = {123, 1000};
  std::size_t calls = 0;
  options.random = [&] { return values[calls++ % values.size()]; };
  std::uint32_t now = 5000;
  options.clock = [&] { return now; };
  MaterialManager m = open(std::move(options));
  EXPECT_EQ(m.game_time(), 5000u);
  ASSERT_TRUE(m.load_wear("world.lib::ship.wea").ok());
  EXPECT_EQ(m.tables()[0].rows[0].start_time, 5000u);  // the clock's time at load
  // Mode 3: 123 % 400 = 123 (segment 1 [100, 300): alpha 23 / 200); then 1000 % 400 = 200.
  auto s = m.phase_by_time(make_handle(0, 0), test::kLoopBlockRandom);
  EXPECT_EQ(s->start_time, 123u);
  expect_selection(*s, 1, 2, 23.0f / 200.0f);
  EXPECT_EQ(m.phase_by_time(make_handle(0, 0), test::kLoopBlockRandom)->start_time, 200u);
  EXPECT_EQ(calls, 2u);
  m.srand(1);  // seeds the manager's own generator, not the injected source
  EXPECT_EQ(m.phase_by_time(make_handle(0, 0), test::kLoopBlockRandom)->start_time, 123u);

  // The clock drives phases, resets and releases.
  now = 5300;
  expect_selection(*m.phase_by_time(make_handle(0, 1), 0), 0, 0, 0.0f);  // DEFAULT: no blocks
  EXPECT_EQ(*m.reset_start_time(make_handle(0, 0)), 5300u);
  now = 5300 + 350;
  expect_selection(*m.phase_by_time(make_handle(0, 0), test::kLoopBlockLoop), 2, 0, 0.5f);
  ASSERT_EQ(m.load_texture("PAGE.0")->slot, 2);
  EXPECT_EQ(*m.release_texture(2), 0);
  EXPECT_EQ(m.textures().slots()[2].last_zero_ref_time, 5650u);
}

}  // namespace
}  // namespace parkan::runtime
