// parkan validate GAME_DIR [--json REPORT.json]: the docs/cli.md contract (summary table, the first
// errors in full on stderr, the JSON report's keys, exit 0 / 1 / 2 / 3) on the sample game.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "parkan/sample/sample_game.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/nres/edit.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using nlohmann::json;
using test::run_cli;

struct ValidateCli : ::testing::Test {
  test::TempDir game;
  test::TempDir work;
  void SetUp() override { ASSERT_TRUE(sample::write_sample_game(game.path(), {})); }

  // Cuts GRASS.0 of Textures.lib to `keep` bytes: one texm.size.truncated error.
  void truncate_grass(std::size_t keep) {
    ByteBuffer bytes = test::read_bytes(game / "Textures.lib");
    auto archive = nres::read(bytes).value();
    nres::Document document = nres::make_document(archive);
    ByteBuffer cut;  // the document views it until written
    for (std::size_t i = 0; i < archive.entries.size(); ++i)
      if (archive.entries[i].name() == "GRASS.0") {
        ByteView payload = archive.payload(i).first(keep);
        cut.assign(payload.begin(), payload.end());
        ASSERT_TRUE(nres::replace_payload(document, i, cut));
      }
    test::write_bytes(game / "Textures.lib", nres::write_lossless(document).value());
  }
};

TEST_F(ValidateCli, ACleanGamePrintsItsSummaryAndExitsZero) {
  auto r = run_cli({"validate", game.path().string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // Every finding named on stderr, errors first, then warnings, then notes (no progress bar off a terminal).
  EXPECT_EQ(r.err.rfind("parkan: warning: Material.lib::ANIM_MODE5: animation block 0: unknown mode 5 (sampled as loop) "
                        "at offset 0x96 [mat0.block.mode]\n",
                        0),
            0u)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 16) << r.err;
  EXPECT_NE(r.err.find("\nparkan: warning: wear/tower.wea: material \"NO_SUCH_MATERIAL\" is not in Material.lib"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("[mat0.block.mode]\nparkan: warning: archives/edge_cases.lib: gap"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("parkan: note:"),
            r.err.find("parkan: note: DATA/MAPS/M01/Land.msh: 4 materials of Land2.wea have one track")) << r.err;
  EXPECT_EQ(r.out.rfind(game.path().string() + ": 20 archives, 254 resources\n\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("type         count      ok  warnings  errors\n"), std::string::npos) << r.out;
  // Types as `archive list` prints them: models are MESH entries, prototypes carry FourCC types.
  EXPECT_NE(r.out.find("\nMESH            14      14         0       0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nBTLU             4       4         0       0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nSUNO             1       1         0       0\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\nobjects "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n0 errors, 7 warnings, 9 notes\n"), std::string::npos) << r.out;
}

TEST_F(ValidateCli, TheJsonReportHasTheKeysOfTheContract) {
  truncate_grass(40);
  const std::string report = (work / "report.json").string();
  auto r = run_cli({"validate", game.path().string(), "--json", report});
  EXPECT_EQ(r.exit_code, 1);
  const ByteBuffer text = test::read_bytes(report);
  json doc = json::parse(std::string(text.begin(), text.end()));
  EXPECT_EQ(doc["game"], game.path().string());
  EXPECT_EQ(doc["summary"]["archives"], 20);  // + mounts.rlb, sys.lib, ui/font.lib, sounds.lib, voices.lib, effects.rlb, weapon.rlb
  // 194 + the world: Land.msh, Land.map, two WEARs, data.tma, four .dat; mounts.rlb (3 models, 3 WEARs) and
  // their 3 objects.rlb prototypes; the tank's and the building's .ndp and .cpt; BuildDat.lst; sys.lib's font
  // and PAL.PAL, ui/font.lib's 3 fonts; the 8 + 3 SWAV sounds of sounds.lib and voices.lib; the 16 effects of
  // effects.rlb, weapon.rlb's 3 explosions, the mission's sky.ske and sky.wea
  EXPECT_EQ(doc["summary"]["resources"], 254);
  EXPECT_EQ(doc["by_type"]["SWAV"], json::parse(R"({"count": 11, "ok": 11, "warnings": 0, "errors": 0})"));
  EXPECT_EQ(doc["summary"]["errors"], 1);
  EXPECT_EQ(doc["summary"]["warnings"], 7);  // 6 + the sprites.lib quirk
  // gamefont.rlb holds a Tfnt and its PAL.PAL (docs/formats/font.md 1), no Texm; sys.lib and ui/font.lib 4 more.
  EXPECT_EQ(doc["by_type"]["Texm"], json::parse(R"({"count": 59, "ok": 58, "warnings": 0, "errors": 1})"));
  EXPECT_EQ(doc["by_type"]["Tfnt"], json::parse(R"({"count": 5, "ok": 5, "warnings": 0, "errors": 0})"));
  // Prototypes count under their FourCC, as `archive list` prints the type (no renamed kinds).
  EXPECT_EQ(doc["by_type"]["BTLU"], json::parse(R"({"count": 4, "ok": 4, "warnings": 0, "errors": 0})"));
  EXPECT_FALSE(doc["by_type"].contains("objects"));
  const json* grass = nullptr;
  for (const json& f : doc["findings"])
    if (f["severity"] == "error") grass = &f;
  ASSERT_NE(grass, nullptr);
  EXPECT_EQ((*grass)["code"], "texm.size.truncated");
  EXPECT_EQ((*grass)["file"], "Textures.lib");
  EXPECT_EQ((*grass)["entry"], "GRASS.0");
  EXPECT_TRUE((*grass)["offset"].is_number_unsigned() || (*grass)["offset"].is_null());
  EXPECT_TRUE((*grass)["message"].is_string());
  // A finding about a whole file has a null entry.
  bool whole_file = false;
  for (const json& f : doc["findings"]) whole_file = whole_file || (f["file"] == "archives/edge_cases.lib" && f["entry"].is_null());
  EXPECT_TRUE(whole_file);
  // The error in full on stderr, one line, located, first; then the 7 warnings and 9 notes.
  EXPECT_EQ(r.err.rfind("parkan: error: Textures.lib::GRASS.0: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("[texm.size.truncated]\nparkan: warning: "), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 17);
}

// The model against its WEAR is `msh check`'s check (docs/formats/msh.md 12.1), run once per model:
// building.wea without its LIGHTMAPS block leaves the 9 lit batches of building.msh (+5 = 0x00) without
// a lightmap (9 errors) and its type 18 unexplained (1 warning); both commands print the same lines.
TEST_F(ValidateCli, AModelIsCheckedAgainstItsWearAsMshCheckChecksIt) {
  {
    ByteBuffer bytes = test::read_bytes(game / "models.rlb");
    auto archive = nres::read(bytes).value();
    nres::Document document = nres::make_document(archive);
    const std::string_view no_lightmaps = "5\n0 BLD_CONCRETE\n1 BLD_WINDOW\n2 TANK_STEEL\n3 BLD_RUBBLE\n4 BLD_PORTAL\n";
    for (std::size_t i = 0; i < archive.entries.size(); ++i)
      if (archive.entries[i].name() == "building.wea") {
        ASSERT_TRUE(nres::replace_payload(document, i, as_bytes(no_lightmaps)));
      }
    test::write_bytes(game / "models.rlb", nres::write_lossless(document).value());
  }
  auto r = run_cli({"validate", game.path().string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("\nMESH            14      13         0       1\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n9 errors, 8 warnings, 9 notes\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.err.rfind("parkan: error: models.rlb::building.msh: batch 0: lightmapped (+5 = 0x00) but building.wea "
                        "has no LIGHTMAPS block (docs/formats/msh.md 12.1) at offset 0x",
                        0),
            0u)
      << r.err;
  // 9 errors, then the first 11 of the 8 warnings and 9 notes (20 in full), then the count of the rest.
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 21) << r.err;
  EXPECT_NE(r.err.find("\nparkan: 6 more findings (the JSON report lists every finding)\n"), std::string::npos) << r.err;
  std::string errors_printed;
  for (std::size_t at = 0; (at = r.err.find("parkan: error: ", at)) != std::string::npos;) {
    const std::size_t end = r.err.find('\n', at) + 1;
    errors_printed += r.err.substr(at, end - at);
    at = end;
  }
  EXPECT_EQ(std::count(errors_printed.begin(), errors_printed.end(), '\n'), 9) << r.err;
  // msh check prints the same findings, located by the path it was given.
  const std::string models = (game / "models.rlb").string();
  auto check = run_cli({"msh", "check", models + "::building.msh"});
  EXPECT_EQ(check.exit_code, 1);
  std::string same;
  for (std::size_t at = 0; (at = check.err.find("parkan: error: ", at)) != std::string::npos;) {
    const std::size_t end = check.err.find('\n', at) + 1;
    same += check.err.substr(at, end - at);
    at = end;
  }
  const std::string prefix = "parkan: error: " + models;
  for (std::size_t at = 0; (at = same.find(prefix, at)) != std::string::npos;) same.replace(at, prefix.size(), "parkan: error: models.rlb");
  EXPECT_EQ(same, errors_printed);
  EXPECT_NE(check.err.find("parkan: warning: " + models + "::building.msh: type 18 lightmap UVs, but building.wea has no "
                           "LIGHTMAPS block"),
            std::string::npos)
      << check.err;
}

TEST_F(ValidateCli, OnlyTheFirstFindingsArePrintedInFull) {
  for (int i = 0; i < 3; ++i)
    test::write_bytes(game / ("wear/bad" + std::to_string(i) + ".wea"), as_bytes(std::string_view("x\n")));
  auto r = run_cli({"validate", game.path().string(), "--errors", "2"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 3) << r.err;
  EXPECT_EQ(r.err.rfind("parkan: error: wear/bad0.wea: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("\nparkan: error: wear/bad1.wea: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\nparkan: 17 more findings (the JSON report lists every finding)\n"), std::string::npos) << r.err;
}

TEST_F(ValidateCli, UsageAndIoErrors) {
  auto r = run_cli({"validate"});
  EXPECT_EQ(r.exit_code, 2);
  r = run_cli({"validate", (work / "missing").string()});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err.rfind("parkan: error: " + (work / "missing").string() + ": ", 0), 0u) << r.err;
  // --base: a folder that is not there is an I/O error before anything is checked.
  r = run_cli({"validate", game.path().string(), "--base", (work / "missing").string()});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "");
  // A mod folder holding one WEAR: alone its materials have no library; against the game they resolve.
  std::filesystem::create_directories(work / "mod");
  test::write_bytes(work / "mod/my.wea", as_bytes(std::string_view("1\n0 MAT_010\n")));
  EXPECT_EQ(run_cli({"validate", (work / "mod").string()}).exit_code, 1);
  r = run_cli({"validate", (work / "mod").string(), "--base", game.path().string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("0 errors, 0 warnings"), std::string::npos) << r.out;
  // The report cannot be written: an I/O error, and the summary is not half-printed before it.
  r = run_cli({"validate", game.path().string(), "--json", (work / "no/such/folder/report.json").string()});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_EQ(r.out, "");
}

}  // namespace
}  // namespace parkan
