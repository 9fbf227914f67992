// parkan validate GAME_DIR [--json REPORT.json]: the docs/cli.md contract (summary table, the first
// errors in full on stderr, the JSON report's keys, exit 0 / 1 / 2 / 3) on the sample game.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "parkan/game/sample.hpp"
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
  void SetUp() override { ASSERT_TRUE(game::write_sample_game(game.path(), {})); }

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
  EXPECT_EQ(r.err, "");  // no errors to print, and no progress bar off a terminal
  EXPECT_EQ(r.out.rfind(game.path().string() + ": 13 archives, 194 resources\n\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("type         count      ok  warnings  errors\n"), std::string::npos) << r.out;
  // Types as `archive list` prints them: models are MESH entries, prototypes carry FourCC types.
  EXPECT_NE(r.out.find("\nMESH            11      11         0       0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nBTLU             3       3         0       0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nSUNO             1       1         0       0\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\nobjects "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n0 errors, 7 warnings, 8 notes\n"), std::string::npos) << r.out;
}

TEST_F(ValidateCli, TheJsonReportHasTheKeysOfTheContract) {
  truncate_grass(40);
  const std::string report = (work / "report.json").string();
  auto r = run_cli({"validate", game.path().string(), "--json", report});
  EXPECT_EQ(r.exit_code, 1);
  const ByteBuffer text = test::read_bytes(report);
  json doc = json::parse(std::string(text.begin(), text.end()));
  EXPECT_EQ(doc["game"], game.path().string());
  EXPECT_EQ(doc["summary"]["archives"], 13);
  EXPECT_EQ(doc["summary"]["resources"], 194);
  EXPECT_EQ(doc["summary"]["errors"], 1);
  EXPECT_EQ(doc["summary"]["warnings"], 7);  // 6 + the sprites.lib quirk
  // gamefont.rlb holds a Tfnt and its PAL.PAL (docs/formats/texm.md 3.4), no Texm.
  EXPECT_EQ(doc["by_type"]["Texm"], json::parse(R"({"count": 59, "ok": 58, "warnings": 0, "errors": 1})"));
  EXPECT_EQ(doc["by_type"]["Tfnt"], json::parse(R"({"count": 1, "ok": 1, "warnings": 0, "errors": 0})"));
  // Prototypes count under their FourCC, as `archive list` prints the type (no renamed kinds).
  EXPECT_EQ(doc["by_type"]["BTLU"], json::parse(R"({"count": 3, "ok": 3, "warnings": 0, "errors": 0})"));
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
  // The error in full on stderr, one line, located.
  EXPECT_EQ(r.err.rfind("parkan: error: Textures.lib::GRASS.0: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("[texm.size.truncated]\n"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
}

TEST_F(ValidateCli, OnlyTheFirstErrorsArePrintedInFull) {
  for (int i = 0; i < 3; ++i)
    test::write_bytes(game / ("wear/bad" + std::to_string(i) + ".wea"), as_bytes(std::string_view("x\n")));
  auto r = run_cli({"validate", game.path().string(), "--errors", "2"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 3) << r.err;
  EXPECT_NE(r.err.find("parkan: 1 more errors (the JSON report lists every finding)\n"), std::string::npos) << r.err;
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
