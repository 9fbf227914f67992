// parkan runtime replay TRACE --game DIR [--json]: the docs/runtime.md contract (one result per trace
// call, exit 0 / 2 / 3) on the test game of tests/runtime/test_game.hpp.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "../runtime/test_game.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using nlohmann::json;
using test::run_cli;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

struct RuntimeCli : ::testing::Test {
  test::TempDir game;
  test::TempDir work;
  void SetUp() override { runtime::test::write_standard_game(game.path()); }
  std::string write_trace(std::string_view text) {
    test::write_bytes(work / "calls.trace", as_bytes(text));
    return (work / "calls.trace").string();
  }
};

constexpr std::string_view kTrace =
    "# a small session\n"               // 1
    "set-game-time 1000\n"              // 2
    "load-wear world.lib::ship.wea\n"   // 3
    "\n"                                // 4
    "set-game-time 1025\n"              // 5
    "phase 0 0\n"                       // 6
    "release-texture 99\n"              // 7: a free slot: an error result, the replay goes on
    "load-texture ROCK.B2\n";           // 8

TEST_F(RuntimeCli, JsonLinesOnePerCall) {
  auto r = run_cli({"runtime", "replay", write_trace(kTrace), "--game", game.path().string(), "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 6u) << r.out;
  std::vector<json> results;
  for (const std::string& line : lines) results.push_back(json::parse(line));
  EXPECT_EQ(results[0], json::parse(R"({"line":2,"op":"set-game-time","messages":[],"swept":0})"));
  EXPECT_EQ(results[1], json::parse(R"({"line":3,"op":"load-wear",
      "messages":["Material NOPE not found.","LightMap MISSING.0 not found."],
      "table":0,"wear_count":3,"lightmap_count":2,
      "rows":[{"material":0,"start_time":1000},{"material":1,"start_time":1000},{"material":1,"start_time":1000}],
      "lightmaps":[0,-1]})"));
  EXPECT_EQ(results[2], json::parse(R"({"line":5,"op":"set-game-time","messages":[],"swept":0})"));
  // Local time 25 of LOOP's loop block: key 0 -> 1, alpha 0.25 (see tests/runtime/manager_test.cpp).
  EXPECT_EQ(results[3], json::parse(R"({"line":6,"op":"phase","messages":[],"key":0,"next":1,"alpha":0.25,
      "start_time":1000,
      "phase":{"f":[0.25,0.75,0.4,0.6,0.75,0.25,0.2,0.625,0.75,0.25,1,0.2,0.25,0.75,0,0.4],
               "u16":200,"i18":-2,"texture":"GRASS.0","texture_slot":0}})"));
  EXPECT_EQ(results[4]["line"], 7);
  EXPECT_EQ(results[4]["op"], "release-texture");
  EXPECT_EQ(results[4]["messages"], json::array());
  EXPECT_TRUE(results[4]["error"].is_string());
  EXPECT_EQ(results[4].size(), 4u);  // an error result has no other keys
  // ROCK.B2 is already in slot 1 (phase B of LOOP): count 2; palette ('B'-'A')*11 + ('2'-'0'+1) = 14.
  EXPECT_EQ(results[5], json::parse(R"({"line":8,"op":"load-texture","messages":[],"slot":1,"ref_count":2,
      "res_index":1,"palette":14,"width":8,"height":8,"mip_skip":0})"));
  // Floats in shortest round-trip form: the text itself says 0.625 and 0.4, not 0.4000000059604645.
  EXPECT_NE(lines[3].find("0.625"), std::string::npos);
  EXPECT_EQ(lines[3].find("0.4000000"), std::string::npos) << lines[3];
}

TEST_F(RuntimeCli, TextOutputOneLinePerCall) {
  auto r = run_cli({"runtime", "replay", write_trace(kTrace), "--game", game.path().string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 6u) << r.out;
  const std::vector<std::string> prefixes = {"2 set-game-time", "3 load-wear",       "5 set-game-time",
                                             "6 phase",         "7 release-texture", "8 load-texture"};
  for (std::size_t i = 0; i < lines.size(); ++i)
    EXPECT_EQ(lines[i].rfind(prefixes[i], 0), 0u) << lines[i];
  EXPECT_NE(r.out.front(), '{');
}

TEST_F(RuntimeCli, MissingGameFolderIsExit3) {
  auto r = run_cli({"runtime", "replay", write_trace("state\n"), "--game", (work / "no-game").string(), "--json"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err.rfind("parkan: error: ", 0), 0u) << r.err;
}

TEST_F(RuntimeCli, UnreadableLibraryIsExit3) {
  test::write_bytes(game / runtime::test::kTexturesFile, as_bytes("garbage bytes, not an NRes archive"));
  auto r = run_cli({"runtime", "replay", write_trace("state\nload-texture GRASS.0\n"), "--game",
                    game.path().string(), "--json"});
  EXPECT_EQ(r.exit_code, 3) << r.out;
  EXPECT_NE(r.err, "");
  // A trace that never touches the textures library runs.
  r = run_cli({"runtime", "replay", write_trace("load-lightmap LM1.0\n"), "--game", game.path().string(), "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // A corrupt palettes library: the manager cannot be made.
  test::write_bytes(game / runtime::test::kPalettesFile, as_bytes("garbage"));
  r = run_cli({"runtime", "replay", write_trace("state\n"), "--game", game.path().string(), "--json"});
  EXPECT_EQ(r.exit_code, 3);
}

TEST_F(RuntimeCli, BadTraceLineIsExit2AndRunsNothing) {
  for (std::string_view text : {std::string_view("state\nphase 1\n"), std::string_view("state\nfly 1 2\n"),
                                std::string_view("state\nset-game-time ten\n")}) {
    auto r = run_cli({"runtime", "replay", write_trace(text), "--game", game.path().string(), "--json"});
    EXPECT_EQ(r.exit_code, 2) << text;
    EXPECT_EQ(r.out, "") << text;  // not even line 1's result
    EXPECT_EQ(r.err.rfind("parkan: error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("line 2"), std::string::npos) << r.err;
  }
}

TEST_F(RuntimeCli, MissingTraceFileAndMissingGameFlag) {
  auto r = run_cli({"runtime", "replay", (work / "none.trace").string(), "--game", game.path().string()});
  EXPECT_EQ(r.exit_code, 3);
  r = run_cli({"runtime", "replay", write_trace("state\n")});
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace parkan
