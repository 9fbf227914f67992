// The sources of every check command (docs/cli.md 1.2, 5.1): a folder, a pattern over files and a
// pattern over entries, with the one summary line per source, the total and the exit rule.
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "parkan/material/model.hpp"
#include "parkan/nres/write.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

constexpr std::string_view kGoodWear = "2\n0 MAT_A\n1 MAT_B\n\nLIGHTMAPS\n1\n0 LM.0\n";
// No blank line before LIGHTMAPS: two errors (docs/cli.md 5.5).
constexpr std::string_view kBadWear = "2\n0 MAT_A\n1 MAT_B\nLIGHTMAPS\n1\n0 LM.0\n";

struct CheckSources : ::testing::Test {
  test::TempDir dir;
  std::string texts = (dir / "texts").string();
  void SetUp() override {
    std::filesystem::create_directories(dir / "texts/deeper");
    test::write_bytes(dir / "texts/b.wea", as_bytes(kBadWear));
    test::write_bytes(dir / "texts/a.wea", as_bytes(kGoodWear));
    test::write_bytes(dir / "texts/deeper/c.wea", as_bytes(kBadWear));  // not looked at: not recursive
  }
};

TEST_F(CheckSources, AFolderIsEveryFileInsideSorted) {
  const std::string want = texts + "/a.wea: 0 errors, 0 warnings\n" + texts + "/b.wea: 2 errors, 0 warnings\n" +
                           "total: 2 texts in 2 files, 2 errors, 0 warnings\n";
  for (const std::string& folder : {texts, texts + "/"}) {
    auto r = run_cli({"wear", "check", folder});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, want);
    EXPECT_EQ(r.err.find("deeper"), std::string::npos) << r.err;
  }
  auto js = run_cli({"wear", "check", "--json", texts});
  EXPECT_EQ(js.exit_code, 1);
  nlohmann::json doc = nlohmann::json::parse(js.out);
  ASSERT_EQ(doc["files"].size(), 2u);
  EXPECT_EQ(doc["files"][0]["src"], texts + "/a.wea");
  EXPECT_EQ(doc["files"][1]["src"], texts + "/b.wea");
  EXPECT_EQ(doc["texts"], 2);

  std::filesystem::create_directories(dir / "empty");
  const std::string empty = (dir / "empty").string();
  auto none = run_cli({"wear", "check", empty});
  EXPECT_EQ(none.exit_code, 3);
  EXPECT_EQ(none.out, empty + ": 1 error, 0 warnings\n");
  EXPECT_EQ(none.err, "parkan: error: " + empty + ": the folder holds no file [resource.open]\n");
}

TEST_F(CheckSources, AFilePatternIsEachFileItMatches) {
  auto r = run_cli({"wear", "check", texts + "/?.wea"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, texts + "/a.wea: 0 errors, 0 warnings\n" + texts + "/b.wea: 2 errors, 0 warnings\n" +
                       "total: 2 texts in 2 files, 2 errors, 0 warnings\n");
  auto one = run_cli({"wear", "check", texts + "/a*"});
  EXPECT_EQ(one.exit_code, 0);
  EXPECT_EQ(one.out, texts + "/a.wea: 0 errors, 0 warnings\n");

  // A pattern that matches nothing is an error naming it; the other sources are still checked (exit 3).
  auto missing = run_cli({"wear", "check", texts + "/*.none", texts + "/a.wea"});
  EXPECT_EQ(missing.exit_code, 3);
  EXPECT_EQ(missing.out, texts + "/*.none: 1 error, 0 warnings\n" + texts + "/a.wea: 0 errors, 0 warnings\n" +
                             "total: 1 text in 2 files, 1 error, 0 warnings\n");
  EXPECT_EQ(missing.err, "parkan: error: " + texts + "/*.none: no file matches this pattern [resource.open]\n");
}

TEST_F(CheckSources, AnEntryPatternIsTheMatchingEntriesOfTheKind) {
  std::vector<nres::EntrySpec> specs{{material::kWearTypeId, 0, 0, 1, "land.wea", as_bytes(kGoodWear)},
                                     {material::kWearTypeId, 0, 0, 1, "lava.wea", as_bytes(kBadWear)},
                                     {material::kMat0TypeId, 0, 6, 0, "LAMP", as_bytes("not a wear text")},
                                     {material::kWearTypeId, 0, 0, 1, "ship.wea", as_bytes(kGoodWear)}};
  const std::string archive = (dir / "world.rlb").string();
  test::write_bytes(archive, nres::build(specs).value());

  // ASCII letters match without case, as the engine compares names; LAMP is a MAT0, not selected.
  auto r = run_cli({"wear", "check", archive + "::L*"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, archive + "::L*: 2 texts, 2 errors, 0 warnings\n");
  auto good = run_cli({"wear", "check", archive + "::?AND.WEA", archive + "::ship.wea"});
  EXPECT_EQ(good.exit_code, 0) << good.err;
  EXPECT_EQ(good.out, archive + "::?AND.WEA: 1 text, 0 errors, 0 warnings\n" + archive +
                          "::ship.wea: 0 errors, 0 warnings\n" + "total: 2 texts in 2 files, 0 errors, 0 warnings\n");

  auto none = run_cli({"wear", "check", archive + "::*.x"});
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_EQ(none.out, archive + "::*.x: 1 error, 0 warnings\n");
  EXPECT_EQ(none.err, "parkan: error: " + archive + ": no entry matches \"*.x\" [resource.entry.name]\n");
}

}  // namespace
}  // namespace parkan
