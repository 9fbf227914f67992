// parkan evidence GAME_DIR [--json]: the docs/cli.md 5.9 contract (the table, one JSON document, no
// names in the output, exit 0 / 2 / 3) on hand-built games whose readings hold or are flipped.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../evidence/evidence_builders.hpp"
#include "parkan/sample/sample_game.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using nlohmann::json;
using test::run_cli;

TEST(EvidenceCli, TheTableOfABuiltGame) {
  test::TempDir game;
  evidence_test::write_game(game.path(), false);
  auto r = run_cli({"evidence", game.path().string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out.rfind("question                      parkan's reading", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("\nquaternion_w_slot             key quaternion w at +0x16 (x, y, z, w)"
                       "                                    1          0  confirmed\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\n4 files, 5 archives, 7 resources, 0 unreadable\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("refuted"), std::string::npos) << r.out;
  const std::string folder = game.path().string();
  for (const std::string& name : {std::string("ALPHA"), std::string("tank"), std::string("units"),
                                  std::string("Textures"), std::string("sys.lib"), folder})
    EXPECT_EQ(r.out.find(name), std::string::npos) << name;
}

TEST(EvidenceCli, JsonOfAFlippedGameRefutesEveryReading) {
  test::TempDir game;
  evidence_test::write_game(game.path(), true);
  auto r = run_cli({"evidence", game.path().string(), "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const json doc = json::parse(r.out);
  EXPECT_EQ(doc["verdicts"], (json{{"confirmed", 0}, {"refuted", 13}, {"open", 0}}));
  ASSERT_EQ(doc["questions"].size(), 13u);
  for (const json& q : doc["questions"]) EXPECT_EQ(q["verdict"], "refuted") << q["id"];
  EXPECT_EQ(r.out.find("GLOW"), std::string::npos);
}

// The sample game follows the retail readings (docs/evidence.md 5): every question is asked of it and
// every answer is "confirmed".
TEST(EvidenceCli, EveryVerdictOnTheSampleGameIsConfirmed) {
  test::TempDir game;
  ASSERT_TRUE(sample::write_sample_game(game.path(), {}));
  auto r = run_cli({"evidence", game.path().string(), "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const json doc = json::parse(r.out);
  for (const json& q : doc["questions"]) {
    EXPECT_EQ(q["verdict"], "confirmed") << q["id"] << " " << q["for"] << "/" << q["against"];
    EXPECT_GT(q["for"].get<std::uint64_t>(), 0u) << q["id"];
  }
  EXPECT_EQ(doc["totals"]["unreadable"], 0);
}

TEST(EvidenceCli, UsageAndIoErrors) {
  auto none = run_cli({"evidence"});
  EXPECT_EQ(none.exit_code, 2);
  test::TempDir dir;
  auto missing = run_cli({"evidence", (dir / "absent").string()});
  EXPECT_EQ(missing.exit_code, 3) << missing.err;
  EXPECT_EQ(missing.out, "");
}

}  // namespace
}  // namespace parkan
