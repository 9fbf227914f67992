// parkan::validate::validate_game on the sample game, clean and with broken resources planted in it the
// way a mod could break them: each is reported with its code, file and entry, and nothing else is.
#include <cstring>

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "parkan/mission/mission.hpp"
#include "parkan/objects/objects.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/areal/areal_map.hpp"
#include "parkan/validate/validate.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/msh/build.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/terrain/land.hpp"
#include "parkan/texm/encode.hpp"
#include "support.hpp"

namespace parkan::validate {
namespace {
using namespace parkan::objects;
using namespace parkan::sample;

std::string findings_text(const ValidationReport& report, Severity at_least = Severity::warning) {
  std::string out;
  for (const Diagnostic& d : report.findings)
    if (d.severity <= at_least) out += d.to_string() + "\n";
  return out;
}

TEST(Validate, TheSmallSampleGameHasNoErrors) {
  test::TempDir dir;
  ASSERT_TRUE(write_sample_game(dir.path(), SampleOptions{}));
  auto report = validate_game(dir.path());
  ASSERT_TRUE(report) << report.error().to_string();
  EXPECT_EQ(report->totals.errors, 0u) << findings_text(*report, Severity::error);
  EXPECT_GE(report->archives, 8u);
  EXPECT_EQ(report->skipped_files, 0u);
  // Every archive's directory and every resource type of the game is counted.
  // Keys are the entry types as `archive list` prints them (prototypes under their FourCCs).
  for (const char* type : {"Texm", "MAT0", "WEAR", "MESH", "Palm", "BTLU", "EXTO", "FORT", "SUNO", "archive"})
    EXPECT_GT(report->by_type[type].count, 0u) << type;
  std::size_t counted = 0;
  for (const auto& [type, c] : report->by_type) {
    EXPECT_EQ(c.count, c.ok + c.warnings + c.errors) << type;
    if (type != kContainerType) counted += c.count;
  }
  EXPECT_EQ(counted, report->resources);
}

TEST(Validate, TheRetailSampleGameHasNoErrors) {
  test::TempDir dir;
  SampleOptions options;
  options.retail = true;
  ASSERT_TRUE(write_sample_game(dir.path(), options));
  auto report = validate_game(dir.path());
  ASSERT_TRUE(report) << report.error().to_string();
  EXPECT_EQ(report->totals.errors, 0u) << findings_text(*report, Severity::error);
  EXPECT_EQ(report->by_type["Texm"].count, 393u + 25u + 24u);  // Textures.lib, LightMap.lib, the RsLi sprites
  EXPECT_EQ(report->by_type["Tfnt"].count, 1u + 1u + 9u);       // gamefont.rlb's and sys.lib's ARIALTEX.TFT, ui/font.lib
  EXPECT_EQ(report->by_type["Palm"].count, 6u + 1u + 1u);       // palettes.lib, gamefont.rlb's and sys.lib's PAL.PAL
  EXPECT_EQ(report->by_type["MAT0"].count, 905u);
  EXPECT_GE(report->by_type["MESH"].count, 380u);
  for (const char* renamed : {"MSH", "PAL", "objects"}) EXPECT_EQ(report->by_type.count(renamed), 0u) << renamed;
  std::size_t prototypes = 0;
  for (const PrototypeType& type : kPrototypeTypes)
    if (auto it = report->by_type.find(std::string(type.fourcc)); it != report->by_type.end()) {
      prototypes += it->second.count;
      EXPECT_EQ(it->second.ok, it->second.count) << type.fourcc;  // right sizes, empty slots not reported
    }
  EXPECT_EQ(prototypes, 407u);  // + the carrier, its turret and its gun (mounts.rlb)
  EXPECT_EQ(report->by_type["STAT"].count, 170u);  // the s_ props
}

TEST(Validate, TheReportDoesNotDependOnTheThreadCount) {
  test::TempDir dir;
  ASSERT_TRUE(write_sample_game(dir.path(), SampleOptions{}));
  ValidateOptions one_thread, four_threads;
  one_thread.threads = 1;
  four_threads.threads = 4;
  auto one = validate_game(dir.path(), one_thread);
  auto four = validate_game(dir.path(), four_threads);
  ASSERT_TRUE(one && four);
  EXPECT_EQ(findings_text(*one, Severity::note), findings_text(*four, Severity::note));
  EXPECT_EQ(one->resources, four->resources);
}

TEST(Validate, ProgressCountsUpToTheTotal) {
  test::TempDir dir;
  ASSERT_TRUE(write_sample_game(dir.path(), SampleOptions{}));
  std::size_t last_done = 0, last_total = 0, calls = 0;
  bool monotonic = true;
  ValidateOptions options;
  options.threads = 2;
  options.progress = [&](std::size_t done, std::size_t total) {
    monotonic = monotonic && done >= last_done && done <= total;
    last_done = done, last_total = total, ++calls;
  };
  ASSERT_TRUE(validate_game(dir.path(), options));
  EXPECT_TRUE(monotonic);
  EXPECT_GT(calls, 10u);
  EXPECT_EQ(last_done, last_total);
}

TEST(Validate, AMissingFolderIsAnIoError) {
  test::TempDir dir;
  auto report = validate_game(dir.path() / "nothing here");
  ASSERT_FALSE(report);
  EXPECT_EQ(report.error().code, ErrorCode::io);
}

TEST(Validate, AModIsCheckedAgainstItsBaseGame) {
  test::TempDir base, mod;
  ASSERT_TRUE(write_sample_game(base.path(), SampleOptions{}));
  // The mod: one WEAR library naming a material of the game's Material.lib, one nobody has, and a
  // lightmap of the game's LightMap.lib.
  const std::string_view wear = "2\n0 MAT_010\n1 MOD_ONLY\n\nLIGHTMAPS\n1\n0 LIGHT1.0\n";
  const nres::EntrySpec specs[] = {{material::kWearTypeId, 0, 0, 1, "mod.wea", as_bytes(wear)}};
  test::write_bytes(mod.path() / "mod.rlb", nres::build(specs).value());

  auto alone = validate_game(mod.path());
  ASSERT_TRUE(alone);
  EXPECT_EQ(alone->totals.errors, 2u) << findings_text(*alone);  // no Material.lib, no LightMap.lib
  ValidateOptions with_base;
  with_base.base = base.path();
  auto against = validate_game(mod.path(), with_base);
  ASSERT_TRUE(against);
  EXPECT_EQ(against->totals.errors, 0u) << findings_text(*against);
  ASSERT_EQ(against->findings.size(), 1u) << findings_text(*against);
  EXPECT_EQ(against->findings[0].code, "wear.material.missing");
  EXPECT_NE(against->findings[0].message.find("\"MOD_ONLY\""), std::string::npos);

  // A mod's own Material.lib replaces the game's: MAT_010 is then missing too.
  material::Mat0 plain;
  plain.attributes = {0, 6};
  plain.phases.resize(1);
  const ByteBuffer plain_bytes = material::write_mat0(plain).value();
  const nres::EntrySpec own[] = {{material::kMat0TypeId, 0, 6, 0, "MOD_ONLY", plain_bytes}};
  test::write_bytes(mod.path() / "Material.lib", nres::build(own).value());
  against = validate_game(mod.path(), with_base);
  ASSERT_TRUE(against);
  ASSERT_EQ(against->totals.warnings, 1u) << findings_text(*against);
  EXPECT_NE(against->findings.back().message.find("\"MAT_010\""), std::string::npos) << findings_text(*against);

  with_base.base = base.path() / "no such folder";
  auto bad = validate_game(mod.path(), with_base);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ErrorCode::io);
}

// ---- planted problems ----

class Planted : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(write_sample_game(dir_.path(), SampleOptions{})); }

  std::filesystem::path at(const std::string& file) const { return dir_.path() / file; }

  // Replaces (or adds, when absent) entry `name` of archive `file`, keeping everything else.
  void put_entry(const std::string& file, const std::string& name, ByteView payload, std::uint32_t type_id = 0,
                 std::uint32_t attr1 = 0, std::uint32_t attr2 = 0, std::uint32_t attr3 = 0) {
    ByteBuffer bytes = test::read_bytes(at(file));
    auto archive = nres::read(bytes);
    ASSERT_TRUE(archive) << file << ": " << archive.error().to_string();
    nres::Document document = nres::make_document(*archive);
    std::optional<std::size_t> index;
    for (std::size_t i = 0; i < archive->entries.size(); ++i)
      if (archive->entries[i].name() == name) index = i;
    if (index) {
      ASSERT_TRUE(nres::replace_payload(document, *index, payload));
    } else {
      ASSERT_TRUE(nres::add_entry(document, {type_id, attr1, attr2, attr3, name, payload}));
    }
    auto written = nres::write_lossless(document);
    ASSERT_TRUE(written) << written.error().to_string();
    test::write_bytes(at(file), *written);
  }

  ByteBuffer entry_bytes(const std::string& file, const std::string& name) {
    ByteBuffer bytes = test::read_bytes(at(file));
    auto archive = nres::read(bytes).value();
    for (std::size_t i = 0; i < archive.entries.size(); ++i)
      if (archive.entries[i].name() == name) {
        ByteView payload = archive.payload(i);
        return ByteBuffer(payload.begin(), payload.end());
      }
    ADD_FAILURE() << "no " << name << " in " << file;
    return {};
  }

  ValidationReport validate() {
    auto report = validate_game(dir_.path());
    EXPECT_TRUE(report);
    return report ? std::move(*report) : ValidationReport{};
  }

  test::TempDir dir_;
};

// The finding with `code` at file/entry, or a failure listing what was found instead.
const Diagnostic* find_finding(const ValidationReport& report, std::string_view code, std::string_view file,
                               std::string_view entry) {
  for (const Diagnostic& d : report.findings)
    if (d.code == code && d.location.file == file && d.location.entry == entry) return &d;
  ADD_FAILURE() << "no " << code << " at " << file << "::" << entry << "; found:\n" << findings_text(report, Severity::note);
  return nullptr;
}

ByteBuffer text_bytes(std::string_view text) { return ByteBuffer(text.begin(), text.end()); }

// Where the first stream of `type_id` lies in a model NRes (the offsets the model findings carry).
std::optional<std::uint64_t> stream_offset(ByteView model, std::uint32_t type_id) {
  auto archive = nres::read(model, nres::Profile::compatible);
  if (!archive) return std::nullopt;
  for (const nres::Entry& entry : archive->entries)
    if (entry.type_id == type_id) return entry.data_offset;
  return std::nullopt;
}

// Every finding with `code` at file/entry, in report order.
std::vector<Diagnostic> findings_of(const ValidationReport& report, std::string_view code, std::string_view file,
                                    std::string_view entry) {
  std::vector<Diagnostic> out;
  for (const Diagnostic& d : report.findings)
    if (d.code == code && d.location.file == file && d.location.entry == entry) out.push_back(d);
  return out;
}

// objects.rlb records written by hand (docs/formats/objects.md 2.1): archive[32], resource[32], NUL-padded.
ByteBuffer records_payload(std::initializer_list<std::pair<std::string_view, std::string_view>> refs) {
  ByteBuffer out;
  for (const auto& [archive, resource] : refs) {
    ByteBuffer one(kObjectRefSize, 0);
    std::copy(archive.begin(), archive.end(), one.begin());
    std::copy(resource.begin(), resource.end(), one.begin() + kObjectNameField);
    out.insert(out.end(), one.begin(), one.end());
  }
  return out;
}

TEST_F(Planted, EveryBrokenResourceIsReportedWithItsCodeFileAndEntry) {
  // 1. A truncated texture.
  ByteBuffer grass = entry_bytes("Textures.lib", "GRASS.0");
  grass.resize(grass.size() / 2);
  put_entry("Textures.lib", "GRASS.0", grass);
  // 2. A Page rect outside the image (PANEL.A is 128x128 with four rects; the first gets x = 120, w = 64).
  ByteBuffer panel = entry_bytes("Textures.lib", "PANEL.A");
  const std::size_t page = panel.size() - (4 + 4 + 4 * 8);  // "Page", count, 4 rects of x, w, y, h
  ASSERT_EQ(load_u32(panel.data() + page), 0x65676150u);    // "Page"
  store_u16(panel.data() + page + 8, 120);
  put_entry("Textures.lib", "PANEL.A", panel);
  // 3. A MAT0 with 20 animation blocks (the runtime refuses 20 or more).
  material::Mat0 many;
  many.attributes = {0, 6};
  many.phases.resize(2);
  for (int b = 0; b < 19; ++b) {  // the writer refuses more; the 20th is appended by hand
    material::AnimBlock block;
    block.keys.push_back({0, 100, 0});
    many.blocks.push_back(block);
  }
  auto many_bytes = material::write_mat0(many);
  ASSERT_TRUE(many_bytes) << many_bytes.error().to_string();
  constexpr std::size_t kOneKeyBlock = 4 + 2 + 6;  // header, key count, one key
  many_bytes->insert(many_bytes->end(), many_bytes->end() - kOneKeyBlock, many_bytes->end());
  store_u16(many_bytes->data() + 2, 20);
  put_entry("Material.lib", "MANY_BLOCKS", *many_bytes, material::kMat0TypeId, 0, 6, 0);
  // 4. A material whose texture is not in Textures.lib.
  material::Mat0 lost;
  lost.attributes = {0, 6};
  lost.phases.resize(1);
  const std::string lost_name = "NO_SUCH_TEX.0";
  std::copy(lost_name.begin(), lost_name.end(), lost.phases[0].texture_field.begin());
  auto lost_bytes = material::write_mat0(lost);
  ASSERT_TRUE(lost_bytes) << lost_bytes.error().to_string();
  put_entry("Material.lib", "LOST_TEXTURE", *lost_bytes, material::kMat0TypeId, 0, 6, 0);
  // 5. A WEAR naming a missing material (the engine falls back: a warning) and a missing lightmap.
  put_entry("world.rlb", "broken.wea", text_bytes("2\n0 MAT_010\n1 GONE_MATERIAL\n\nLIGHTMAPS\n1\n0 NO_LIGHT.0\n"),
            material::kWearTypeId, 0, 0, 1);
  // 6. A WEAR whose count is not a number.
  test::write_bytes(at("wear/bad_count.wea"), text_bytes("many\n0 MAT_010\n"));
  // 7. A model with an index past its vertices, and 8. a batch material past its WEAR rows.
  auto read_tank = msh::read_model(entry_bytes("models.rlb", "tank.msh"));
  ASSERT_TRUE(read_tank) << read_tank.error().to_string();
  msh::Model tank = std::move(*read_tank);
  tank.indices[4] = static_cast<std::uint16_t>(tank.positions.size());
  tank.batches[0].wear_row = 9;  // tank.wea has 4 rows
  auto tank_bytes = msh::write_model(tank);
  ASSERT_TRUE(tank_bytes) << tank_bytes.error().to_string();
  put_entry("models.rlb", "tank.msh", *tank_bytes);
  // 9. An objects.rlb cycle (a -> b -> a) and 10. a reference to an absent archive.
  auto record = [](std::string archive, std::string resource) {
    ObjectRef ref;
    ref.archive = std::move(archive);
    ref.resource = std::move(resource);
    return ref;
  };
  const ObjectRef to_b[] = {record("objects.rlb", "cycle_b")};
  const ObjectRef to_a[] = {record("objects.rlb", "cycle_a")};
  const ObjectRef absent[] = {record("nowhere.rlb", "thing.msh")};
  put_entry("objects.rlb", "cycle_a", write_object_refs(to_b).value());
  put_entry("objects.rlb", "cycle_b", write_object_refs(to_a).value());
  put_entry("objects.rlb", "lost_parts", write_object_refs(absent).value());
  // 15. A prototype of a type that is no FourCC of the registry (0, as older samples wrote), and a
  // STAT entry of one slot instead of six; an all-empty slot next to a half-empty one.
  put_entry("objects.rlb", "old_type", records_payload({{"models.rlb", "tank.msh"}}), 0);
  put_entry("objects.rlb", "short_stat", records_payload({{"models.rlb", "tank.msh"}}), 0x54415453u);  // "STAT"
  put_entry("objects.rlb", "half_empty", records_payload({{"", ""}, {"models.rlb", ""}}), 0x54524F46u);  // "FORT"
  // 11. A PAL without its "Ipol" marker.
  ByteBuffer pal = entry_bytes("palettes.lib", "A.PAL");
  pal[1024] = 'X';
  put_entry("palettes.lib", "A.PAL", pal);
  // 12. An indexed texture whose name picks a palette the bank does not have (Q7.PAL).
  texm::EncodeOptions indexed;
  indexed.format = texm::Format::indexed8;
  texm::Image image{4, 4, ByteBuffer(64, 0x80)};
  auto lamp = texm::encode(image, indexed);
  ASSERT_TRUE(lamp) << lamp.error().to_string();
  put_entry("Textures.lib", "LAMP.Q7", *lamp, texm::kMagic);
  // 13. An archive cut short.
  ByteBuffer canonical = test::read_bytes(at("archives/canonical.lib"));
  canonical.resize(canonical.size() - 10);
  test::write_bytes(at("archives/canonical.lib"), canonical);

  // 14. An RsLi library cut short: its last entry's packed range now ends past the file.
  ByteBuffer fonts = test::read_bytes(at("gamefont.rlb"));
  fonts.resize(fonts.size() - 10);
  test::write_bytes(at("gamefont.rlb"), fonts);

  const ValidationReport report = validate();
  const std::pair<const char*, std::pair<const char*, const char*>> expected[] = {
      {"texm.size.truncated", {"Textures.lib", "GRASS.0"}},
      {"texm.page.rect", {"Textures.lib", "PANEL.A"}},
      {"mat0.header.block_count", {"Material.lib", "MANY_BLOCKS"}},
      {"mat0.texture.missing", {"Material.lib", "LOST_TEXTURE"}},
      {"wear.material.missing", {"world.rlb", "broken.wea"}},
      {"wear.lightmap.missing", {"world.rlb", "broken.wea"}},
      {"wear.materials.length", {"wear/bad_count.wea", ""}},
      {"msh.index.vertex", {"models.rlb", "tank.msh"}},
      {"msh.batch.wear_row", {"models.rlb", "tank.msh"}},
      {"objects.ref.cycle", {"objects.rlb", "cycle_a"}},
      {"objects.ref.absent", {"objects.rlb", "lost_parts"}},
      {"pal.marker", {"palettes.lib", "A.PAL"}},
      {"texm.palette.missing", {"Textures.lib", "LAMP.Q7"}},
      {"nres.header.total_size", {"archives/canonical.lib", ""}},
      {"rsli.entry.bounds", {"gamefont.rlb", "PAL.PAL"}},
      {"objects.type.unknown", {"objects.rlb", "old_type"}},
      {"objects.type.size", {"objects.rlb", "short_stat"}},
      {"objects.ref.empty", {"objects.rlb", "half_empty"}},
  };
  for (const auto& [code, where] : expected) find_finding(report, code, where.first, where.second);

  // Severities: the engine's fallbacks are warnings, the rest errors.
  EXPECT_EQ(find_finding(report, "wear.material.missing", "world.rlb", "broken.wea")->severity, Severity::warning);
  EXPECT_EQ(find_finding(report, "texm.palette.missing", "Textures.lib", "LAMP.Q7")->severity, Severity::warning);
  EXPECT_EQ(find_finding(report, "objects.ref.absent", "objects.rlb", "lost_parts")->severity, Severity::warning);
  EXPECT_EQ(find_finding(report, "msh.batch.wear_row", "models.rlb", "tank.msh")->severity, Severity::error);

  EXPECT_EQ(find_finding(report, "objects.type.unknown", "objects.rlb", "old_type")->severity, Severity::warning);
  EXPECT_EQ(find_finding(report, "objects.type.size", "objects.rlb", "short_stat")->message,
            "STAT entry of 64 bytes; STAT entries are 384 bytes (6 slots)");
  const Diagnostic* half = find_finding(report, "objects.ref.empty", "objects.rlb", "half_empty");
  EXPECT_EQ(half->message, "record 1: empty resource name");  // record 0, all empty, is absent
  EXPECT_EQ(half->location.offset, std::optional<std::uint64_t>(0x60));
  EXPECT_EQ(report.by_type.at("FORT").errors, 1u);
  // The type as `archive list` prints it: old_type and lost_parts warn; the cycle's two have errors.
  EXPECT_EQ(report.by_type.at("0").warnings, 2u);
  EXPECT_EQ(report.by_type.at("0").errors, 2u);

  // Exact messages of the reference rules.
  EXPECT_EQ(find_finding(report, "mat0.texture.missing", "Material.lib", "LOST_TEXTURE")->message,
            "phase 0: texture \"NO_SUCH_TEX.0\" is not in Textures.lib");
  EXPECT_EQ(find_finding(report, "wear.lightmap.missing", "world.rlb", "broken.wea")->message,
            "lightmap \"NO_LIGHT.0\" is not in LightMap.lib (the engine logs \"LightMap NO_LIGHT.0 not found.\")");
  const Diagnostic* batch = find_finding(report, "msh.batch.wear_row", "models.rlb", "tank.msh");
  EXPECT_EQ(batch->message,
            "batch 0: WEAR row 9 (byte +4) is past the 4 MATERIALS rows of tank.wea (docs/formats/msh.md 12.1)");
  const std::optional<std::uint64_t> tank_batches = stream_offset(*tank_bytes, msh::kBatchesType);
  ASSERT_TRUE(tank_batches);
  EXPECT_EQ(batch->location.offset, std::optional<std::uint64_t>(*tank_batches + 4));  // batch 0, byte +4

  // Nothing else broke: every error is one of the planted ones (the cycle shows on both prototypes).
  std::set<std::string> planted_codes;
  for (const auto& [code, where] : expected) planted_codes.insert(code);
  for (const Diagnostic& d : report.findings) {
    if (d.severity == Severity::error) {
      EXPECT_TRUE(planted_codes.count(d.code)) << d.to_string();
    }
  }
  EXPECT_EQ(report.by_type.at("archive").errors, 2u);
  // The retail quirk of sprites.lib is read by the engine: a warning, not an error.
  EXPECT_EQ(find_finding(report, "rsli.entry.deflate_eof_plus_one", "sprites.lib", "INTERF24.TEX")->severity,
            Severity::warning);
}

// Every batch against the WEAR beside its model, as `msh check` does (docs/formats/msh.md 12.1): the
// batches of tank.msh whose byte +4 is past tank.wea's 4 rows, each at its own byte; the lit batches of
// building.msh (+5 = 0x00) once building.wea has lost its LIGHTMAPS block, and its type 18 with them.
TEST_F(Planted, EveryBatchIsCheckedAgainstTheWearBesideItsModel) {
  constexpr std::size_t kBatch20 = 20;  // docs/formats/msh.md 5.1
  ByteBuffer tank = entry_bytes("models.rlb", "tank.msh");
  const std::optional<std::uint64_t> tank_batches = stream_offset(tank, msh::kBatchesType);
  ASSERT_TRUE(tank_batches);
  tank[*tank_batches + 5 * kBatch20 + 4] = 4;    // batch 5: row 4, the first past rows 0..3
  tank[*tank_batches + 9 * kBatch20 + 4] = 200;  // batch 9
  put_entry("models.rlb", "tank.msh", tank);
  put_entry("models.rlb", "building.wea",
            text_bytes("5\n0 BLD_CONCRETE\n1 BLD_WINDOW\n2 TANK_STEEL\n3 BLD_RUBBLE\n4 BLD_PORTAL\n"));
  const ByteBuffer building = entry_bytes("models.rlb", "building.msh");
  const std::optional<std::uint64_t> building_batches = stream_offset(building, msh::kBatchesType);
  ASSERT_TRUE(building_batches);

  const ValidationReport report = validate();
  const std::vector<Diagnostic> rows = findings_of(report, "msh.batch.wear_row", "models.rlb", "tank.msh");
  ASSERT_EQ(rows.size(), 2u) << findings_text(report);
  EXPECT_EQ(rows[0].severity, Severity::error);
  EXPECT_EQ(rows[0].message,
            "batch 5: WEAR row 4 (byte +4) is past the 4 MATERIALS rows of tank.wea (docs/formats/msh.md 12.1)");
  EXPECT_EQ(rows[0].location.offset, std::optional<std::uint64_t>(*tank_batches + 5 * kBatch20 + 4));
  EXPECT_EQ(rows[1].message,
            "batch 9: WEAR row 200 (byte +4) is past the 4 MATERIALS rows of tank.wea (docs/formats/msh.md 12.1)");
  EXPECT_EQ(rows[1].location.offset, std::optional<std::uint64_t>(*tank_batches + 9 * kBatch20 + 4));

  // building.msh's lit batches (+5 = 0x00, as `msh info` lists them): 0, 4, 7, 8, 11, 12, 14, 16, 17.
  const std::vector<Diagnostic> lit = findings_of(report, "msh.batch.lightmap_wear", "models.rlb", "building.msh");
  ASSERT_EQ(lit.size(), 9u) << findings_text(report);
  EXPECT_EQ(lit[0].severity, Severity::error);
  EXPECT_EQ(lit[0].message,
            "batch 0: lightmapped (+5 = 0x00) but building.wea has no LIGHTMAPS block (docs/formats/msh.md 12.1)");
  EXPECT_EQ(lit[0].location.offset, std::optional<std::uint64_t>(*building_batches + 5));
  EXPECT_EQ(lit[8].message,
            "batch 17: lightmapped (+5 = 0x00) but building.wea has no LIGHTMAPS block (docs/formats/msh.md 12.1)");
  EXPECT_EQ(lit[8].location.offset, std::optional<std::uint64_t>(*building_batches + 17 * kBatch20 + 5));
  const std::vector<Diagnostic> uv = findings_of(report, "msh.lightmap_uv.wear", "models.rlb", "building.msh");
  ASSERT_EQ(uv.size(), 1u) << findings_text(report);
  EXPECT_EQ(uv[0].severity, Severity::warning);
  EXPECT_EQ(uv[0].message,
            "type 18 lightmap UVs, but building.wea has no LIGHTMAPS block (docs/formats/msh.md 4.3: type 18 "
            "exactly where the WEAR has LIGHTMAPS)");
  EXPECT_EQ(uv[0].location.offset, stream_offset(building, msh::kLightmapUvType));

  // Nothing else: the two models' errors are these, and the model rules are not run twice.
  EXPECT_EQ(report.totals.errors, 2u + 9u) << findings_text(report, Severity::error);
  EXPECT_EQ(report.by_type.at("MESH").errors, 2u);
}

TEST_F(Planted, AFileThatIsNotAResourceIsCountedNotChecked) {
  test::write_bytes(at("readme.txt"), text_bytes("not a resource\n"));
  test::write_bytes(at("short.lib"), text_bytes("NR"));
  const ValidationReport report = validate();
  EXPECT_EQ(report.skipped_files, 2u);
  EXPECT_EQ(report.totals.errors, 0u) << findings_text(report, Severity::error);
}

// Missions (.tma, told by the extension) and unit assemblies (the magic 0x0000F0F1) go through their
// registry records' checkers; the bytes are laid out here by hand (docs/formats/mission.md 1,
// docs/formats/unit.md 1-2).
TEST_F(Planted, MissionsAndUnitAssembliesAreCheckedThroughTheRegistry) {
  ByteBuffer tma;
  for (std::uint32_t word : {1u, 0u, 6u, 0u, 10u, 0u}) tma.insert(tma.end(), {std::uint8_t(word), 0, 0, 0});
  const std::string map = "DATA\\MAPS\\SC_3\\land";
  tma.insert(tma.end(), {std::uint8_t(map.size()), 0, 0, 0});
  tma.insert(tma.end(), map.begin(), map.end());
  for (std::uint32_t word : {0u, 0u, 1u, 0u}) tma.insert(tma.end(), {std::uint8_t(word), 0, 0, 0});
  tma.push_back(0);  // a byte after the last lode
  std::filesystem::create_directories(at("MISSIONS/Single.01"));
  std::filesystem::create_directories(at("UNITS"));
  test::write_bytes(at("MISSIONS/Single.01/data.tma"), tma);
  ByteBuffer dat(8 + 112, 0);
  store_u32(dat.data(), 0xF0F1);
  store_u32(dat.data() + 8 + 0x40, 1);
  store_u32(dat.data() + 8 + 0x44, 0xFFFFFFFF);
  store_u32(dat.data() + 8 + 0x68, 9);  // class 9: a warning
  std::copy_n("u_tank_01", 9, dat.begin() + 8 + 0x20);
  std::copy_n("objects.rlb", 11, dat.begin() + 8);
  test::write_bytes(at("UNITS/tank.dat"), dat);
  const ValidationReport report = validate();
  const Diagnostic* trailing = find_finding(report, "mission.trailing", "MISSIONS/Single.01/data.tma", "");
  ASSERT_NE(trailing, nullptr);
  EXPECT_EQ(trailing->location.offset, tma.size() - 1);
  EXPECT_EQ(trailing->severity, Severity::error);
  find_finding(report, "unit.part.class", "UNITS/tank.dat", "");
  // The chains: a mission that cannot be read names nothing (its error says why); the unit's prototype
  // is in the sample's objects.rlb.
  EXPECT_TRUE(findings_of(report, "mission.map.missing", "MISSIONS/Single.01/data.tma", "").empty());
  EXPECT_TRUE(findings_of(report, "unit.prototype.missing", "UNITS/tank.dat", "").empty());
  EXPECT_EQ(report.by_type.at("mission").errors, 1u);
  EXPECT_EQ(report.by_type.at("unit").warnings, 1u);
  EXPECT_EQ(report.skipped_files, 0u);
}

// A mission's objects and a unit's parts name files and prototypes the game must hold (any case, '\\'
// separators); a mission whose map folder holds the four files has no map finding.
TEST_F(Planted, WhatAMissionAndAUnitNameMustBeInTheGame) {
  ByteBuffer tma;
  auto u32 = [&](std::uint32_t w) { tma.insert(tma.end(), {std::uint8_t(w), std::uint8_t(w >> 8), std::uint8_t(w >> 16), std::uint8_t(w >> 24)}); };
  auto str = [&](std::string_view t) { u32(std::uint32_t(t.size())); tma.insert(tma.end(), t.begin(), t.end()); };
  u32(1); u32(0); u32(6); u32(0); u32(10); u32(2);
  std::vector<std::size_t> records;
  for (const auto& [kind, path] : {std::pair{1u, std::string_view("UNITS\\Tank.DAT")}, std::pair{3u, std::string_view("s_no_rock")}}) {
    records.push_back(tma.size());
    u32(kind); u32(0x80000002); str(path); u32(0); u32(0);
    for (int i = 0; i < 9; ++i) u32(0);
    str(""); u32(0); u32(0xFFFFFFFF); u32(0xFFFFFFFF); u32(1); u32(0);
  }
  str("data\\maps\\m1\\LAND"); u32(0); str(""); u32(1); u32(0);
  std::filesystem::create_directories(at("MISSIONS/Single.02"));
  test::write_bytes(at("MISSIONS/Single.02/data.tma"), tma);
  std::filesystem::create_directories(at("DATA/MAPS/M1"));
  for (const char* file : {"Land.msh", "Land.map", "Land1.wea", "Land2.wea"})
    test::write_bytes(at(std::string("DATA/MAPS/M1/") + file), text_bytes(""));
  ByteBuffer dat(8 + 2 * 112, 0);
  store_u32(dat.data(), 0xF0F1);
  for (std::size_t part = 0; part < 2; ++part) {
    std::uint8_t* r = dat.data() + 8 + 112 * part;
    std::copy_n("objects.rlb", 11, r);
    const std::string key = part == 0 ? "u_tank_01" : "u_gone";
    std::copy(key.begin(), key.end(), r + 0x20);
    store_u32(r + 0x40, 1);
    store_u32(r + 0x44, part == 0 ? 0xFFFFFFFF : 0);
    store_u32(r + 0x68, part == 0 ? 0 : 3);
    store_u32(r + 0x6C, part == 0 ? 1 : 0);
  }
  std::filesystem::create_directories(at("UNITS"));
  test::write_bytes(at("UNITS/tank.dat"), dat);
  test::write_bytes(at("MISSIONS/Single.02/elsewhere.tma"), [&] {  // the same mission on a map not in the game
    ByteBuffer other = tma;
    const std::string from = "data\\maps\\m1", to = "data\\maps\\m2";
    std::copy(to.begin(), to.end(), std::search(other.begin(), other.end(), from.begin(), from.end()));
    return other;
  }());
  const ValidationReport report = validate();
  EXPECT_TRUE(findings_of(report, "mission.map.missing", "MISSIONS/Single.02/data.tma", "").empty());
  const auto map_findings = findings_of(report, "mission.map.missing", "MISSIONS/Single.02/elsewhere.tma", "");
  ASSERT_EQ(map_findings.size(), 4u);
  EXPECT_EQ(map_findings[0].message, "the map data/maps/m2 has no Land.msh");
  EXPECT_EQ(map_findings[3].message, "the map data/maps/m2 has no Land2.wea");
  const auto objects = findings_of(report, "mission.object.missing", "MISSIONS/Single.02/data.tma", "");
  ASSERT_EQ(objects.size(), 1u);
  EXPECT_EQ(objects[0].message, "object 1: \"s_no_rock\" is no prototype of objects.rlb");
  EXPECT_EQ(objects[0].location.offset, records[1]);
  const auto parts = findings_of(report, "unit.prototype.missing", "UNITS/tank.dat", "");
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].message, "part 1: \"u_gone\" is no prototype of objects.rlb");
  EXPECT_EQ(parts[0].location.offset, 8u + 112u + 0x20u);
}

// A turret or gun hangs on a node of its parent's model, which must be there and be a Base_* socket;
// a unit starting in a building starts at a vertex of the building model's path graph (type 17). The
// model (nodes hull, Base_gun, Base_top; 3 path nodes) is reached as the engine reaches it: the
// part's prototype key in objects.rlb, its record naming animated.rlb::mounts.msh.
TEST_F(Planted, TurretsAndGunsHangOnBaseSocketsAndHostedUnitsOnThePathGraph) {
  msh::BuildModel build;
  build.nodes.resize(3);
  build.nodes[0].name = "hull";
  build.nodes[1].name = "Base_gun";
  build.nodes[1].parent = 0;
  build.nodes[2].name = "BASE_top";  // any ASCII case
  build.nodes[2].parent = 0;
  build.path_nodes.resize(3);
  auto model = msh::build_model_bytes(build);
  ASSERT_TRUE(model) << model.error().to_string();
  put_entry("animated.rlb", "mounts.msh", *model, resource::kTypeMesh);
  ByteBuffer prototype(384, 0);
  std::copy_n("animated.rlb", 12, prototype.begin());
  std::copy_n("mounts.msh", 10, prototype.begin() + 32);
  put_entry("objects.rlb", "p_mount", prototype, objects::kPrototypeTypes[0].type_id());

  // part class attachment: the root, then a turret on node 2, a gun on node 0 (no socket), a gun
  // past the model's 3 nodes, a class-2 "E_GUN_" part past them too, an internal part in slot 9.
  struct Row { const char* key; std::uint32_t part_class; std::int32_t attachment; };
  const std::vector<Row> rows = {{"p_mount", 0, -1}, {"p_mount", 1, 2}, {"p_mount", 4, 0},
                                 {"p_mount", 4, 3},  {"E_GUN_twin", 2, 5}, {"p_mount", 3, 9}};
  ByteBuffer dat(8 + rows.size() * 112, 0);
  store_u32(dat.data(), 0xF0F1);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::uint8_t* r = dat.data() + 8 + 112 * i;
    std::copy_n("objects.rlb", 11, r);
    std::copy_n(rows[i].key, std::strlen(rows[i].key), r + 0x20);
    store_u32(r + 0x40, 1);
    store_u32(r + 0x44, static_cast<std::uint32_t>(rows[i].attachment));
    store_u32(r + 0x68, rows[i].part_class);
    store_u32(r + 0x6C, i == 0 ? static_cast<std::uint32_t>(rows.size() - 1) : 0);
  }
  put_entry("objects.rlb", "E_GUN_twin", prototype, objects::kPrototypeTypes[0].type_id());
  std::filesystem::create_directories(at("UNITS/BUILDINGS"));
  test::write_bytes(at("UNITS/BUILDINGS/mount.dat"), dat);

  // A building (logical id 40) and two units inside it, at path nodes 2 (fine) and 3 (past the graph).
  ByteBuffer tma;
  auto u32 = [&](std::uint32_t w) { tma.insert(tma.end(), {std::uint8_t(w), std::uint8_t(w >> 8), std::uint8_t(w >> 16), std::uint8_t(w >> 24)}); };
  auto str = [&](std::string_view t) { u32(std::uint32_t(t.size())); tma.insert(tma.end(), t.begin(), t.end()); };
  u32(1); u32(0); u32(6); u32(0); u32(10); u32(3);
  std::vector<std::size_t> hosts;
  struct Placed { std::uint32_t kind; std::int32_t logical_id, host, hallway; };
  for (const Placed& o : {Placed{0, 40, -1, -1}, Placed{1, 41, 40, 2}, Placed{1, 42, 40, 3}}) {
    u32(o.kind); u32(0x80000002); str("UNITS\\BUILDINGS\\MOUNT.dat"); u32(0); u32(std::uint32_t(o.logical_id));
    for (int i = 0; i < 9; ++i) u32(0);
    str(""); u32(0);
    hosts.push_back(tma.size());
    u32(std::uint32_t(o.host)); u32(std::uint32_t(o.hallway)); u32(1); u32(0);
  }
  str("data\\maps\\m1\\LAND"); u32(0); str(""); u32(1); u32(0);
  std::filesystem::create_directories(at("MISSIONS/Hosted"));
  test::write_bytes(at("MISSIONS/Hosted/data.tma"), tma);

  const ValidationReport report = validate();
  const auto range = findings_of(report, "unit.socket.range", "UNITS/BUILDINGS/mount.dat", "");
  ASSERT_EQ(range.size(), 2u);
  EXPECT_EQ(range[0].message, "part 3: the gun \"p_mount\" hangs on node 3 of \"p_mount\", whose model has 3 nodes");
  EXPECT_EQ(range[0].location.offset, 8u + 3 * 112u + 0x44u);
  EXPECT_EQ(range[1].message, "part 4: the armour \"E_GUN_twin\" hangs on node 5 of \"p_mount\", whose model has 3 nodes");
  EXPECT_EQ(range[0].severity, Severity::error);
  const auto name = findings_of(report, "unit.socket.name", "UNITS/BUILDINGS/mount.dat", "");
  ASSERT_EQ(name.size(), 1u);
  EXPECT_EQ(name[0].message, "part 2: the gun \"p_mount\" hangs on node 0 of \"p_mount\", \"hull\", which is no Base_* socket");
  EXPECT_EQ(name[0].severity, Severity::warning);
  EXPECT_EQ(name[0].location.offset, 8u + 2 * 112u + 0x44u);
  const auto hallway = findings_of(report, "mission.host.hallway", "MISSIONS/Hosted/data.tma", "");
  ASSERT_EQ(hallway.size(), 1u);
  EXPECT_EQ(hallway[0].message, "object 2: starts at hall-way vertex 3 of building 40 (UNITS\\BUILDINGS\\MOUNT.dat), "
                                "whose model \"p_mount\" has 3 path nodes");
  EXPECT_EQ(hallway[0].location.offset, hosts[2]);
  EXPECT_EQ(hallway[0].severity, Severity::error);
}

// A prototype's .ndp holds a record per node of its model and its .cpt's points sit on nodes of that
// model (docs/formats/objdata.md 1, 2). The model has 3 nodes; the .ndp 2 records; the .cpt's point 1
// sits on node 0 and dies with node 5. Two prototypes name the same files: each file is reported once.
TEST_F(Planted, NodeDamageAndControlPointsMatchTheirModelsNodes) {
  msh::BuildModel build;
  build.nodes.resize(3);
  build.nodes[1].parent = 0;
  build.nodes[2].parent = 0;
  auto model = msh::build_model_bytes(build);
  ASSERT_TRUE(model) << model.error().to_string();
  put_entry("animated.rlb", "box.msh", *model, resource::kTypeMesh);
  ByteBuffer ndp(4 + 2 * 76, 0);  // u32 n; n x {i32 flags; f32 hp; f32 density; char[32] archive; char[32] .exp}
  store_u32(ndp.data(), 2);
  put_entry("animated.rlb", "box.ndp", ndp, 0x5250444E);  // "NDPR"
  ByteBuffer cpt(4 + 2 * 68, 0);  // u32 n; n x f32[9]; n x char[32]
  store_u32(cpt.data(), 2);
  store_u32(cpt.data() + 4 + 36, 1);  // point 1, triple 1: (1, 0, 5): on node 0, removed with node 5
  store_u32(cpt.data() + 4 + 36 + 8, 5);
  std::copy_n("CameraCenter", 12, cpt.begin() + 4 + 72);
  std::copy_n("Exp_0", 5, cpt.begin() + 4 + 72 + 32);
  put_entry("animated.rlb", "box.cpt", cpt, 0x54505443);  // "CTPT"
  ByteBuffer prototype(384, 0);
  const char* names[] = {"box.msh", "box.ndp", "box.cpt"};
  for (std::size_t slot = 0; slot < 3; ++slot) {
    std::copy_n("animated.rlb", 12, prototype.begin() + 64 * slot);
    std::copy_n(names[slot], 7, prototype.begin() + 64 * slot + 32);
  }
  put_entry("objects.rlb", "p_box", prototype, objects::kPrototypeTypes[0].type_id());
  put_entry("objects.rlb", "p_box_again", prototype, objects::kPrototypeTypes[0].type_id());

  const ValidationReport report = validate();
  const auto count = findings_of(report, "ndp.node.count", "animated.rlb", "box.ndp");
  ASSERT_EQ(count.size(), 1u);
  EXPECT_EQ(count[0].message, "2 damage records for the 3 nodes of animated.rlb::box.msh (prototype p_box)");
  EXPECT_EQ(count[0].severity, Severity::warning);
  EXPECT_EQ(count[0].location.offset, 0u);
  const auto range = findings_of(report, "cpt.node.range", "animated.rlb", "box.cpt");
  ASSERT_EQ(range.size(), 1u);
  EXPECT_EQ(range[0].message,
            "control point 1 (Exp_0): node word 2 is 5, not one of the 3 nodes of animated.rlb::box.msh (prototype p_box)");
  EXPECT_EQ(range[0].severity, Severity::error);
  EXPECT_EQ(range[0].location.offset, 4u + 36u + 8u);
  // The sample's own .ndp and .cpt files fit their models.
  for (const char* code : {"ndp.node.count", "cpt.node.range"})
    for (const char* entry : {"tank.ndp", "tank.cpt", "building.ndp", "building.cpt"})
      EXPECT_TRUE(findings_of(report, code, "models.rlb", entry).empty()) << code << " " << entry;
}

// A Land2.wea material of one track is its own microtexture (the world specification 10.4): one note per
// terrain naming the first three. The sample's TANK_TREAD and ROCK_STONE have one animation block, the
// ANIM_ materials two (read with `parkan mat0 dump`).
TEST_F(Planted, OneTrackMicrotexturesAreNoted) {
  const std::filesystem::path map = at("DATA/MAPS/M01");
  test::write_bytes(map / "Land2.wea", text_bytes("5\n0 ANIM_LOOP\n1 TANK_TREAD\n2 ANIM_PINGPONG\n3 ROCK_STONE\n4 TANK_TREAD\n"));
  ValidationReport report = validate();
  auto notes = findings_of(report, "terrain.wear.one_track", "DATA/MAPS/M01/Land.msh", "");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].message, "2 materials of Land2.wea have one track, so the microtexture (track 1) is the material "
                              "itself: TANK_TREAD, ROCK_STONE");
  EXPECT_EQ(notes[0].severity, Severity::note);
  EXPECT_FALSE(notes[0].location.offset);
  test::write_bytes(map / "Land2.wea", text_bytes("5\n0 ANIM_LOOP\n1 ANIM_RANDOM\n2 ANIM_PINGPONG\n3 ANIM_LOOP\n4 NOT_THERE\n"));
  report = validate();
  EXPECT_TRUE(findings_of(report, "terrain.wear.one_track", "DATA/MAPS/M01/Land.msh", "").empty());
}

// The areals of a Land.map cover the box of the terrain beside it (the world specification 10.1): the
// sample's M01 spans 0..800 in x and y; a Land.map of one triangle over 0..100 does not.
TEST_F(Planted, TheArealMapCoversItsTerrain) {
  EXPECT_TRUE(findings_of(validate(), "terrain.areal.extent", "DATA/MAPS/M01/Land.msh", "").empty());
  areal::ArealMap map;
  areal::Areal& a = map.areals.emplace_back();
  a.polygon = {{0, 0, 0}, {100, 0, 0}, {0, 100, 0}};
  a.edges.resize(3);
  a.area = 5000;
  a.centre = {33.3f, 33.3f};
  map.grid.across = map.grid.down = 1;
  map.grid.cells = {{0}};
  auto bytes = areal::write_areal_map(map);
  ASSERT_TRUE(bytes) << bytes.error().to_string();
  test::write_bytes(at("DATA/MAPS/M01/Land.map"), *bytes);
  const auto found = findings_of(validate(), "terrain.areal.extent", "DATA/MAPS/M01/Land.msh", "");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].message, "Land.map's areals cover x 0 to 100, y 0 to 100; the terrain x 0 to 800, y 0 to 800");
  EXPECT_EQ(found[0].severity, Severity::warning);
}

// Every path of BuildDat.lst names a .dat of the game, of its section's building Type (docs/formats/unit.md 5).
// The sample's building_01.dat is a Plant (0x80000010).
TEST_F(Planted, BuildingListNamesBuildingsOfTheGameOfItsTypes) {
  const std::string list = "Plant 2\r\n  \"UNITS\\BUILDINGS\\building_01.dat\"\r\n  \"UNITS\\BUILDINGS\\gone.dat\"\r\n"
                           "Generator 1\r\n  \"units\\buildings\\BUILDING_01.DAT\"\r\n";
  test::write_bytes(at("BuildDat.lst"), text_bytes(list));
  const ValidationReport report = validate();
  const auto missing = findings_of(report, "buildlist.path.missing", "BuildDat.lst", "");
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_EQ(missing[0].message, "Plant: UNITS\\BUILDINGS\\gone.dat is not in the game");
  EXPECT_EQ(missing[0].location.offset, list.find("\"UNITS\\BUILDINGS\\gone"));
  EXPECT_EQ(missing[0].severity, Severity::error);
  const auto type = findings_of(report, "buildlist.class", "BuildDat.lst", "");
  ASSERT_EQ(type.size(), 1u);
  EXPECT_EQ(type[0].message, "Generator: units\\buildings\\BUILDING_01.DAT is of class 0x80000010, not the scheme's 0x80000002");
  EXPECT_EQ(type[0].location.offset, list.find("\"units"));
  EXPECT_EQ(type[0].severity, Severity::warning);
}

// A map's faces wear rows of the Land1.wea beside them (both bytes), Land2.wea has as many rows, and
// a mission's objects stand inside the map's box. The sample's M01 has 5 rows in each WEAR.
TEST_F(Planted, TerrainRowsAndObjectsStayWithinTheirMap) {
  const std::filesystem::path map = at("DATA/MAPS/M01");
  ByteBuffer land = test::read_bytes(map / "Land.msh");
  auto archive = nres::read(land);
  ASSERT_TRUE(archive);
  std::uint64_t faces = 0;
  for (const nres::Entry& e : archive->entries)
    if (e.type_id == 21) faces = e.data_offset;
  ASSERT_GT(faces, 0u);
  land[faces + 7 * 28 + 4] = 48;  // face 7's tex1
  test::write_bytes(map / "Land.msh", land);
  test::write_bytes(map / "Land2.wea", text_bytes("4\n0 A\n1 B\n2 C\n3 D\n"));

  ByteBuffer tma = test::read_bytes(at("MISSIONS/Single.01/data.tma"));
  auto placed = mission::read_mission(tma);
  ASSERT_TRUE(placed);
  const std::size_t position = placed->objects[2].offsets.position;
  store_u32(tma.data() + position, 0xC59C4000);  // x = -5000
  test::write_bytes(at("MISSIONS/Single.01/data.tma"), tma);
  auto read_land = terrain::read_terrain(land);
  ASSERT_TRUE(read_land);
  float min_x = 1e30f, max_x = -1e30f, min_y = 1e30f, max_y = -1e30f;
  for (const terrain::Vec3& c : read_land->corners) {
    min_x = std::min(min_x, c.x), max_x = std::max(max_x, c.x), min_y = std::min(min_y, c.y), max_y = std::max(max_y, c.y);
  }

  const ValidationReport report = validate();
  const auto rows = findings_of(report, "terrain.wear.row", "DATA/MAPS/M01/Land.msh", "");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].message, "face 7 wears row 48 of Land1.wea (tex1), which has 5 rows");
  EXPECT_EQ(rows[0].location.offset, faces + 7 * 28 + 4);
  EXPECT_EQ(rows[0].severity, Severity::error);
  const auto length = findings_of(report, "terrain.wear.length", "DATA/MAPS/M01/Land.msh", "");
  ASSERT_EQ(length.size(), 1u);
  EXPECT_EQ(length[0].message, "Land2.wea has 4 rows and Land1.wea 5: the engine pairs them row for row");
  const auto outside = findings_of(report, "mission.object.outside", "MISSIONS/Single.01/data.tma", "");
  ASSERT_EQ(outside.size(), 1u);
  EXPECT_EQ(outside[0].message, fmt::format("object 2 at (-5000, {}) is outside the map's box ({}..{}, {}..{})",
                                            placed->objects[2].position[1], min_x, max_x, min_y, max_y));
  EXPECT_EQ(outside[0].location.offset, position);
  EXPECT_EQ(outside[0].severity, Severity::warning);
}

TEST_F(Planted, AnArchiveWithABrokenDirectoryIsReportedAndTheRestStillChecked) {
  ByteBuffer bytes = test::read_bytes(at("Material.lib"));
  store_u32(bytes.data() + 8, 0x7FFFFFFF);  // entry count far past the file
  test::write_bytes(at("Material.lib"), bytes);
  const ValidationReport report = validate();
  find_finding(report, "nres.directory.bounds", "Material.lib", "");
  // The WEARs are still checked; their materials are not reported missing from a library that
  // could not be read (its own error says why).
  EXPECT_GT(report.by_type.at("WEAR").count, 0u);
  EXPECT_EQ(report.by_type.count("MAT0"), 0u);
  for (const Diagnostic& d : report.findings) {
    EXPECT_NE(d.code, "wear.material.missing") << d.to_string();
    EXPECT_NE(d.code, "game.library.missing") << d.to_string();
  }
}

}  // namespace
}  // namespace parkan::validate
