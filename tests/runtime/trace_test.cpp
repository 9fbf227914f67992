// Trace replays (docs/runtime.md 11) against the test game. The expected results are JSON
// written by hand from docs/runtime.md and docs/formats/mat0.md; see manager_test.cpp for the
// arithmetic of the phases (test_game.hpp for the data).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "parkan/runtime/trace.hpp"
#include "test_game.hpp"

namespace parkan::runtime {
namespace {

using nlohmann::json;

// Booleans and the integers 0/1 compare equal (docs/runtime.md does not say how flag_a/flag_b are typed).
json normalized(const json& j) {
  if (j.is_boolean()) return j.get<bool>() ? 1 : 0;
  if (j.is_object() || j.is_array()) {
    json out = j;
    for (auto it = out.begin(); it != out.end(); ++it) *it = normalized(*it);
    return out;
  }
  return j;
}

// Compares one result with its expectation. In the expectation:
//   "error": "<any>"     an error whose text docs/runtime.md does not fix (any string)
//   "messages": "<some>" log lines the project words itself (a non-empty array)
//   "messages": "<any>"  log lines docs/runtime.md neither requires nor forbids (any array)
//   "$partial": true     only the keys given are compared, and "$absent": [...] must not be there
void expect_result(const nlohmann::ordered_json& actual_ordered, const std::string& expected_text) {
  SCOPED_TRACE(expected_text);
  const json actual = json::parse(actual_ordered.dump());
  const json expected = json::parse(expected_text);
  ASSERT_TRUE(actual_ordered.is_object());
  // The common keys come first: line, op, messages.
  std::vector<std::string> first_keys;
  for (auto it = actual_ordered.begin(); it != actual_ordered.end() && first_keys.size() < 3; ++it)
    first_keys.push_back(it.key());
  EXPECT_EQ(first_keys, (std::vector<std::string>{"line", "op", "messages"})) << actual_ordered.dump();

  const bool partial = expected.value("$partial", false);
  for (auto it = expected.begin(); it != expected.end(); ++it) {
    const std::string& key = it.key();
    if (key[0] == '$') continue;
    ASSERT_TRUE(actual.contains(key)) << "missing \"" << key << "\" in " << actual.dump();
    if (*it == "<any>" || *it == "<some>") {
      const bool shape_ok = key == "error"      ? actual[key].is_string()
                            : key == "messages" ? actual[key].is_array()
                                                : true;
      EXPECT_TRUE(shape_ok) << key << " in " << actual.dump();
      EXPECT_TRUE(*it != "<some>" || !actual[key].empty()) << key << " in " << actual.dump();
      continue;
    }
    EXPECT_EQ(normalized(actual[key]), normalized(*it)) << "key \"" << key << "\" in " << actual.dump();
  }
  if (!partial) {
    for (auto it = actual.begin(); it != actual.end(); ++it)
      EXPECT_TRUE(expected.contains(it.key())) << "unexpected \"" << it.key() << "\" in " << actual.dump();
  }
  if (expected.contains("$absent")) {
    for (const json& key : expected["$absent"])
      EXPECT_FALSE(actual.contains(key.get<std::string>())) << key << " in " << actual.dump();
  }
}

struct TraceTest : ::testing::Test {
  parkan::test::TempDir dir;
  void SetUp() override { test::write_standard_game(dir.path()); }

  std::vector<TraceOutcome> replay(std::string_view text) {
    auto calls = parse_trace(text);
    if (!calls) throw std::runtime_error(calls.error().to_string());
    auto replayer = TraceReplayer::open(dir.path());
    if (!replayer) throw std::runtime_error(replayer.error().to_string());
    std::vector<TraceOutcome> out;
    for (const TraceCall& call : *calls) out.push_back(replayer->run(call));
    return out;
  }
  void expect_replay(std::string_view text, const std::vector<std::string>& expected) {
    std::vector<TraceOutcome> results = replay(text);
    ASSERT_EQ(results.size(), expected.size());
    for (std::size_t i = 0; i < results.size(); ++i) {
      expect_result(results[i].result, expected[i]);
      EXPECT_FALSE(results[i].library_unreadable);
    }
  }
};

TEST_F(TraceTest, WearTableAndPhases) {
  constexpr std::string_view trace =
      "# the ship table and its phases\n"  // 1
      "set-game-time 1000\n"               // 2
      "load-wear world.lib::ship.wea\n"    // 3
      "wear-count 0\n"                     // 4
      "lightmap 0 0\n"                     // 5
      "lightmap 0 1\n"                     // 6
      "meta 0\n"                           // 7
      "meta 0x10000\n"                     // 8: table 1
      "\n"                                 // 9
      "set-game-time 1025\n"               // 10
      "phase 0 0\n"                        // 11
      "phase 0x0 9\n"                      // 12: block 9 of 7
      "phase 0 4\n"                        // 13: no keys
      "phase-t 0 0 1.5\n"                  // 14: t -> 0.5
      "srand 1\n"                          // 15
      "phase 0 3\n"                        // 16: mode 3
      "reset 0\n"                          // 17
      "state\n"                            // 18
      "destroy\n"                          // 19
      "state\n"                            // 20
      "wear-count 0\n";                    // 21
  expect_replay(trace, {
      R"({"line":2,"op":"set-game-time","messages":[],"swept":0})",
      R"({"line":3,"op":"load-wear","messages":["Material NOPE not found.","LightMap MISSING.0 not found."],
          "table":0,"wear_count":3,"lightmap_count":2,
          "rows":[{"material":0,"start_time":1000},{"material":1,"start_time":1000},
                  {"material":1,"start_time":1000}],
          "lightmaps":[0,-1]})",
      R"({"line":4,"op":"wear-count","messages":[],"wear_count":3})",
      R"({"line":5,"op":"lightmap","messages":[],"slot":0,"width":4,"height":4,"format":565})",
      R"({"line":6,"op":"lightmap","messages":[],"slot":-1})",
      R"({"line":7,"op":"meta","messages":[],"meta_a":10,"meta_b":20,"meta_c":1073741824,"meta_d":7,
          "flag_a":false,"nibble_mode":0,"flag_b":false})",
      R"({"line":8,"op":"meta","messages":[],"error":"<any>"})",
      R"({"line":10,"op":"set-game-time","messages":[],"swept":0})",
      // local 25: key 0 -> 1, alpha 0.25; A + (B - A) * 0.25 on the masked floats (mask 0x1F).
      R"({"line":11,"op":"phase","messages":[],"key":0,"next":1,"alpha":0.25,"start_time":1000,
          "phase":{"f":[0.25,0.75,0.4,0.6,0.75,0.25,0.2,0.625,0.75,0.25,1,0.2,0.25,0.75,0,0.4],
                   "u16":200,"i18":-2,"texture":"GRASS.0","texture_slot":0}})",
      R"({"line":12,"op":"phase","messages":[],"error":"<any>"})",
      R"({"line":13,"op":"phase","messages":[],"error":"<any>"})",
      // 0.5 * 400 = 200: key 1 -> 2, alpha 100 / 200; B + (C - B) * 0.5, C all 0.
      R"({"line":14,"op":"phase-t","messages":[],"key":1,"next":2,"alpha":0.5,"start_time":1000,
          "phase":{"f":[0.5,0,0.2,0,0,0.5,0.1,0.5,0,0.5,0.5,0.8,0.5,0,0,0],
                   "u16":7,"i18":3,"texture":"ROCK.B2","texture_slot":1}})",
      R"({"line":15,"op":"srand","messages":[]})",
      // rand() = 41 after srand(1); 41 % 400 = 41 is the start time; key 0, alpha 41 / 100; mask 0: A.
      R"({"line":16,"op":"phase","messages":[],"key":0,"next":1,"alpha":0.41,"start_time":41,
          "phase":{"f":[0,1,0.4,0.6,1,0,0.2,0.5,1,0,1,0.2,0,1,0,0.4],
                   "u16":200,"i18":-2,"texture":"GRASS.0","texture_slot":0}})",
      R"({"line":17,"op":"reset","messages":[],"start_time":1025})",
      R"({"line":18,"op":"state","messages":[],"materials":2,"textures":2,"lightmaps":1,"tables":1})",
      R"({"line":19,"op":"destroy","messages":[]})",
      // The textures fall to 0 and stay loaded until a sweep; lightmaps are freed.
      R"({"line":20,"op":"state","messages":[],"materials":0,"textures":2,"lightmaps":0,"tables":0})",
      R"({"line":21,"op":"wear-count","messages":[],"error":"<any>"})",
  });
}

TEST_F(TraceTest, PingPongOneShotAndWrap) {
  constexpr std::string_view trace =
      "set-game-time 1000\n"             // 1
      "load-wear world.lib::ship.wea\n"  // 2
      "set-game-time 1250\n"             // 3
      "phase 0 1\n"                      // 4: ping-pong, local 250: r = 200 - 50 = 150
      "phase 0 2\n"                      // 5: one-shot, past the cycle: last key, alpha 0
      "set-game-time 1050\n"             // 6
      "phase 0 2\n"                      // 7: one-shot, local 50: D -> A, mask 0x02, alpha 0.5
      "phase 0x1 0\n"                    // 8: DEFAULT, no blocks: phase 0
      "set-game-time 900\n"              // 9
      "phase-t 0 0 -0.1\n"               // 10: t -> 0.5
      "phase-t 0 0 0.875\n";             // 11: 350: key 2 -> 0, alpha 0.5
  expect_replay(trace, {
      R"({"line":1,"op":"set-game-time","messages":[],"swept":0})",
      R"({"line":2,"op":"load-wear","messages":"<any>","$partial":true,"table":0})",
      R"({"line":3,"op":"set-game-time","messages":[],"swept":0})",
      R"({"line":4,"op":"phase","messages":[],"key":1,"next":0,"alpha":0.5,"start_time":1000,
          "phase":{"f":[1,0,0.4,0,0,1,0.2,1,0,1,1,0.8,1,0,0,0],
                   "u16":7,"i18":3,"texture":"ROCK.B2","texture_slot":1}})",
      R"({"line":5,"op":"phase","messages":[],"key":1,"next":0,"alpha":0,"start_time":1000,
          "phase":{"f":[0,1,0.4,0.6,1,0,0.2,0.5,1,0,1,0.2,0,1,0,0.4],
                   "u16":200,"i18":-2,"texture":"GRASS.0","texture_slot":0}})",
      R"({"line":6,"op":"set-game-time","messages":[],"swept":0})",
      // f0..f2 = D + (A - D) * 0.5 = 0, 0.5, 0.2; the rest D's (f3 = 0.2, u16 1, no texture).
      R"({"line":7,"op":"phase","messages":[],"key":0,"next":1,"alpha":0.5,"start_time":1000,
          "phase":{"f":[0,0.5,0.2,0.2,0,0,0,0,0,0,0,0,0,0,0,0],
                   "u16":1,"i18":-1,"texture":"","texture_slot":-1}})",
      // DEFAULT's phase p {51,102,153,0, 204,255,0,51, 102,153,204,255, 0,51,102,153, 9, 1}.
      R"({"line":8,"op":"phase","messages":[],"key":0,"next":0,"alpha":0,"start_time":1000,
          "phase":{"f":[0.8,1,0,0.2,0.2,0.4,0.6,0,0.4,0.6,0.8,1,0,0.2,0.4,0.6],
                   "u16":9,"i18":1,"texture":"GRASS.0","texture_slot":0}})",
      R"({"line":9,"op":"set-game-time","messages":[],"swept":0})",
      R"({"line":10,"op":"phase-t","messages":[],"key":1,"next":2,"alpha":0.5,"start_time":1000,
          "phase":{"f":[0.5,0,0.2,0,0,0.5,0.1,0.5,0,0.5,0.5,0.8,0.5,0,0,0],
                   "u16":7,"i18":3,"texture":"ROCK.B2","texture_slot":1}})",
      // C + (A - C) * 0.5 on the masked floats, C's elsewhere (all 0), u16 255, i18 -128.
      R"({"line":11,"op":"phase-t","messages":[],"key":2,"next":0,"alpha":0.5,"start_time":1000,
          "phase":{"f":[0,0.5,0.2,0,0.5,0,0.1,0.25,0.5,0,0.5,0,0,0.5,0,0],
                   "u16":255,"i18":-128,"texture":"GRASS.0","texture_slot":0}})",
  });
}

TEST_F(TraceTest, TexturesLightmapsAndTheSweep) {
  constexpr std::string_view trace =
      "set-game-time 5000\n"                // 1
      "load-texture GRASS.0\n"              // 2
      "load-texture grass.0 0x400000\n"     // 3
      "load-texture ROCK.B2\n"              // 4
      "load-texture ODD.ZZ\n"               // 5
      "load-texture NODOT\n"                // 6
      "load-texture MISSING.0\n"            // 7
      "load-texture SKIP.0 2097152\n"       // 8
      "release-texture 0\n"                 // 9
      "release-texture 0\n"                 // 10
      "release-texture 0\n"                 // 11: count 0
      "release-texture 9\n"                 // 12: free
      "release-texture -1\n"                // 13
      "set-game-time 65000\n"               // 14: a sweep; GRASS is 60000 old: kept
      "set-game-time 65001\n"               // 15: 1 since the last sweep: none
      "sweep\n"                             // 16: 60001 > 60000: freed
      "load-texture PAL.A\n"                // 17: the lowest free slot
      "load-lightmap LM2.0\n"               // 18
      "load-lightmap NOPE.0\n"              // 19
      "release-lightmap 0\n"                // 20
      "release-lightmap 0\n"                // 21: freed at 0
      "unload-all-textures\n"               // 22
      "state\n";                            // 23
  expect_replay(trace, {
      R"({"line":1,"op":"set-game-time","messages":[],"swept":0})",
      R"({"line":2,"op":"load-texture","messages":[],"slot":0,"ref_count":1,"res_index":0,"palette":-1,
          "width":8,"height":8,"mip_skip":0})",
      R"({"line":3,"op":"load-texture","messages":[],"slot":0,"ref_count":2,"res_index":0,"palette":-1,
          "width":8,"height":8,"mip_skip":0})",
      R"({"line":4,"op":"load-texture","messages":[],"slot":1,"ref_count":1,"res_index":1,"palette":14,
          "width":8,"height":8,"mip_skip":0})",
      R"({"line":5,"op":"load-texture","messages":[],"slot":2,"ref_count":1,"res_index":6,"palette":318,
          "width":2,"height":2,"mip_skip":0})",
      R"({"line":6,"op":"load-texture","messages":["Bad texture name."],"slot":-1,
          "$partial":true,"$absent":["width","height","mip_skip","error"]})",
      R"({"line":7,"op":"load-texture","messages":[],"slot":-1,
          "$partial":true,"$absent":["width","height","mip_skip","error"]})",
      R"({"line":8,"op":"load-texture","messages":[],"slot":3,"ref_count":1,"res_index":4,"palette":-1,
          "width":2,"height":2,"mip_skip":2})",
      R"({"line":9,"op":"release-texture","messages":[],"ref_count":1})",
      R"({"line":10,"op":"release-texture","messages":[],"ref_count":0})",
      R"({"line":11,"op":"release-texture","messages":[],"error":"<any>"})",
      R"({"line":12,"op":"release-texture","messages":[],"error":"<any>"})",
      R"({"line":13,"op":"release-texture","messages":[],"error":"<any>"})",
      R"({"line":14,"op":"set-game-time","messages":[],"swept":0})",
      R"({"line":15,"op":"set-game-time","messages":[],"swept":0})",
      R"({"line":16,"op":"sweep","messages":[],"swept":1})",
      R"({"line":17,"op":"load-texture","messages":[],"slot":0,"ref_count":1,"res_index":2,"palette":0,
          "width":4,"height":4,"mip_skip":0})",
      R"({"line":18,"op":"load-lightmap","messages":[],"slot":0,"ref_count":1,"res_index":1,"palette":-1,
          "width":8,"height":4,"mip_skip":0})",
      R"({"line":19,"op":"load-lightmap","messages":["LightMap NOPE.0 not found."],"slot":-1,
          "$partial":true,"$absent":["width","height","mip_skip","error"]})",
      R"({"line":20,"op":"release-lightmap","messages":[],"ref_count":0})",
      R"({"line":21,"op":"release-lightmap","messages":[],"error":"<any>"})",
      R"({"line":22,"op":"unload-all-textures","messages":[],"freed":4})",
      R"({"line":23,"op":"state","messages":[],"materials":0,"textures":0,"lightmaps":0,"tables":0})",
  });
}

TEST_F(TraceTest, MaterialsAndLibraries) {
  constexpr std::string_view trace =
      "load-material LOOP\n"                  // 1
      "load-material loop\n"                  // 2
      "load-material NOPE\n"                  // 3
      "load-material BROKEN\n"                // 4
      "release-material 0\n"                  // 5
      "release-material 0\n"                  // 6
      "release-material 0\n"                  // 7: free
      "release-material 700\n"                // 8
      "load-material FLAGS\n"                 // 9
      "state\n"                               // 10
      "set-lib textures nothing.lib\n"        // 11
      "load-texture SKIP.0\n"                 // 12: no such library: no texture
      "set-lib textures TEXTURES.LIB\n"       // 13
      "load-texture SKIP.0\n"                 // 14
      "set-lib materials Material.lib\n"      // 15
      "set-lib lightmaps LightMap.lib\n"      // 16
      "set-lib palettes palettes.lib\n"       // 17
      "load-material ATTR3\n";                // 18: SKIP.0 again
  expect_replay(trace, {
      R"({"line":1,"op":"load-material","messages":[],"slot":0,"ref_count":1,"entry":2})",
      R"({"line":2,"op":"load-material","messages":[],"slot":0,"ref_count":2,"entry":2})",
      R"({"line":3,"op":"load-material","messages":["Material NOPE not found."],"slot":1,"ref_count":1,"entry":1})",
      R"({"line":4,"op":"load-material","messages":"<some>","error":"<any>"})",
      R"({"line":5,"op":"release-material","messages":[],"ref_count":1})",
      R"({"line":6,"op":"release-material","messages":[],"ref_count":0})",
      R"({"line":7,"op":"release-material","messages":[],"error":"<any>"})",
      R"({"line":8,"op":"release-material","messages":[],"error":"<any>"})",
      R"({"line":9,"op":"load-material","messages":[],"slot":0,"ref_count":1,"entry":3})",
      // GRASS.0 (DEFAULT), ROCK.B2 (count 0, still loaded), PAGE.0 (FLAGS).
      R"({"line":10,"op":"state","messages":[],"materials":2,"textures":3,"lightmaps":0,"tables":0})",
      R"({"line":11,"op":"set-lib","messages":[]})",
      R"({"line":12,"op":"load-texture","slot":-1,"$partial":true,"$absent":["width","height","mip_skip"]})",
      R"({"line":13,"op":"set-lib","messages":[]})",
      R"({"line":14,"op":"load-texture","messages":[],"slot":3,"ref_count":1,"res_index":4,"palette":-1,
          "width":2,"height":2,"mip_skip":2})",
      R"({"line":15,"op":"set-lib","messages":[]})",
      R"({"line":16,"op":"set-lib","messages":[]})",
      R"({"line":17,"op":"set-lib","messages":[]})",
      R"({"line":18,"op":"load-material","messages":[],"slot":2,"ref_count":1,"entry":5})",
  });
}

TEST_F(TraceTest, WearParsersAndFailures) {
  constexpr std::string_view trace =
      "load-wear world.lib::noblank.wea\n"         // 1
      "load-wear-buffer world.lib::noblank.wea\n"  // 2: the buffer parser misreads the block
      "load-material FIRST\n"                      // 3: unchanged by line 2
      "load-wear-buffer world.lib::extra.wea\n"    // 4
      "load-wear world.lib::extra.wea\n"           // 5: fscanf reads "junk" as an id
      "load-wear world.lib::zero.wea\n"            // 6
      "load-wear world.lib::zerolm.wea\n"          // 7
      "load-wear world.lib::nope.wea\n"            // 8
      "load-wear loose.wea\n"                      // 9
      "load-wear world.lib::broken.wea\n"          // 10
      "phase 0x30000 0\n"                          // 11: row material -1
      "meta 0x30000\n"                             // 12
      "meta 0x30001\n"                             // 13
      "wear-count 3\n"                             // 14
      "state\n"                                    // 15
      "phase 0x30001 0\n"                          // 16: FIRST: no blocks
      "lightmap 0 0\n"                             // 17
      "lightmap 0 1\n";                            // 18: no row 1
  expect_replay(trace, {
      R"({"line":1,"op":"load-wear","messages":[],"table":0,"wear_count":1,"lightmap_count":1,
          "rows":[{"material":0,"start_time":0}],"lightmaps":[0]})",
      R"({"line":2,"op":"load-wear-buffer","messages":["Illegal lightmaps length."],"error":"<any>"})",
      R"({"line":3,"op":"load-material","messages":[],"slot":0,"ref_count":2,"entry":0})",
      R"({"line":4,"op":"load-wear-buffer","messages":[],"table":1,"wear_count":2,"lightmap_count":0,
          "rows":[{"material":0,"start_time":0},{"material":1,"start_time":0}],"lightmaps":[]})",
      R"({"line":5,"op":"load-wear","messages":"<any>","error":"<any>"})",
      R"({"line":6,"op":"load-wear","messages":["Illegal wear length."],"error":"<any>"})",
      R"({"line":7,"op":"load-wear","messages":["Illegal lightmaps length."],"error":"<any>"})",
      R"({"line":8,"op":"load-wear","messages":["Wear <nope.wea> doesn't exist."],"error":"<any>"})",
      R"({"line":9,"op":"load-wear","messages":[],"table":2,"wear_count":1,"lightmap_count":0,
          "rows":[{"material":2,"start_time":0}],"lightmaps":[]})",
      R"({"line":10,"op":"load-wear","messages":"<some>","table":3,"wear_count":2,"lightmap_count":0,
          "rows":[{"material":-1,"start_time":0},{"material":0,"start_time":0}],"lightmaps":[]})",
      R"({"line":11,"op":"phase","messages":[],"error":"<any>"})",
      R"({"line":12,"op":"meta","messages":[],"error":"<any>"})",
      R"({"line":13,"op":"meta","messages":[],"meta_a":255,"meta_b":255,"meta_c":1065353216,"meta_d":0,
          "flag_a":false,"nibble_mode":1,"flag_b":false})",
      R"({"line":14,"op":"wear-count","messages":[],"wear_count":2})",
      R"({"line":15,"op":"state","messages":[],"materials":3,"textures":2,"lightmaps":1,"tables":4})",
      R"({"line":16,"op":"phase","messages":[],"key":0,"next":0,"alpha":0,"start_time":0,
          "phase":{"f":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"u16":0,"i18":-1,"texture":"","texture_slot":-1}})",
      R"({"line":17,"op":"lightmap","messages":[],"slot":0,"width":8,"height":4,"format":565})",
      R"({"line":18,"op":"lightmap","messages":[],"error":"<any>"})",
  });
}

TEST_F(TraceTest, UnreadableTexturesLibrary) {
  parkan::test::write_bytes(dir / test::kTexturesFile, as_bytes("garbage, not an NRes archive"));
  std::vector<TraceOutcome> results = replay("state\nload-texture GRASS.0\n");
  ASSERT_EQ(results.size(), 2u);
  EXPECT_FALSE(results[0].library_unreadable);
  EXPECT_TRUE(results[1].library_unreadable);
  EXPECT_TRUE(results[1].result.contains("error"));
}

TEST_F(TraceTest, ReplayerOpenErrors) {
  EXPECT_FALSE(TraceReplayer::open(dir / "missing").ok());
  parkan::test::write_bytes(dir / test::kPalettesFile, as_bytes("garbage"));
  EXPECT_FALSE(TraceReplayer::open(dir.path()).ok());
}

// ======================= parse_trace =======================

TEST(TraceParse, CallsAndTheirArguments) {
  auto calls = parse_trace(
      "# comment\n"
      "\n"
      "set-lib lightmaps LM.lib\n"
      "phase 0x10002 3\n"
      "phase-t 1 2 0.25\n"
      "load-texture A.0 0x400000\n"
      "load-texture B.0\n"
      "release-texture -1\n"
      "set-game-time 4294967295\n"
      "load-wear world.lib::ship.wea\n"
      "state\n");
  ASSERT_TRUE(calls.ok()) << calls.error().to_string();
  ASSERT_EQ(calls->size(), 9u);
  const std::vector<TraceCall>& c = *calls;
  EXPECT_EQ(c[0].line, 3u);
  EXPECT_EQ(c[0].op, TraceOp::set_lib);
  EXPECT_EQ(c[0].library, Library::lightmaps);
  EXPECT_EQ(c[0].text, "LM.lib");
  EXPECT_EQ(c[1].line, 4u);
  EXPECT_EQ(c[1].op, TraceOp::phase);
  EXPECT_EQ(c[1].numbers[0], 0x10002u);
  EXPECT_EQ(c[1].numbers[1], 3u);
  EXPECT_EQ(c[2].op, TraceOp::phase_t);
  EXPECT_EQ(c[2].numbers[0], 1u);
  EXPECT_EQ(c[2].numbers[1], 2u);
  EXPECT_EQ(c[2].t, 0.25f);
  EXPECT_EQ(c[3].op, TraceOp::load_texture);
  EXPECT_EQ(c[3].text, "A.0");
  EXPECT_EQ(c[3].numbers[0], 0x400000u);
  EXPECT_EQ(c[4].text, "B.0");
  EXPECT_EQ(c[4].numbers[0], 0u);
  EXPECT_EQ(c[5].op, TraceOp::release_texture);
  EXPECT_EQ(c[5].slot, -1);
  EXPECT_EQ(c[6].op, TraceOp::set_game_time);
  EXPECT_EQ(c[6].numbers[0], 4294967295u);
  EXPECT_EQ(c[7].op, TraceOp::load_wear);
  EXPECT_EQ(c[7].text, "world.lib::ship.wea");
  EXPECT_EQ(c[8].op, TraceOp::state);
  EXPECT_EQ(c[8].line, 11u);

  EXPECT_EQ(trace_op_word(TraceOp::load_wear_buffer), "load-wear-buffer");
  EXPECT_EQ(trace_op_word(TraceOp::unload_all_textures), "unload-all-textures");
  EXPECT_EQ(trace_op_word(TraceOp::phase_t), "phase-t");
  EXPECT_TRUE(parse_trace("")->empty());
  EXPECT_TRUE(parse_trace("# only a comment\n\n")->empty());
}

TEST(TraceParse, UsageErrorsNameTheLine) {
  struct Case {
    const char* text;
    std::size_t line;
  };
  for (const Case& c : {Case{"state\nfrobnicate 1\n", 2},        // unknown call
                        Case{"# c\n\nphase 1\n", 3},              // wrong argument count
                        Case{"phase 1 x\n", 1},                   // bad number
                        Case{"state\nstate\nphase-t 0 0 abc\n", 3},
                        Case{"set-lib fonts A.lib\n", 1},         // not a library word
                        Case{"set-lib textures\n", 1},
                        Case{"load-texture A.0 1 2\n", 1},
                        Case{"release-texture\n", 1},
                        Case{"set-game-time 0x\n", 1},
                        Case{"set-game-time 12abc\n", 1},
                        Case{"state now\n", 1},
                        Case{"srand\n", 1},
                        Case{"destroy 1\n", 1},
                        Case{"wear-count\n", 1},
                        Case{"lightmap 0\n", 1},
                        Case{"reset\n", 1},
                        Case{"load-wear\n", 1}}) {
    auto calls = parse_trace(c.text);
    ASSERT_FALSE(calls.ok()) << c.text;
    EXPECT_EQ(calls.error().code, ErrorCode::usage) << c.text;
    std::string message = calls.error().to_string();
    EXPECT_NE(message.find(fmt::format("trace line {}:", c.line)), std::string::npos)
        << c.text << " -> " << message;
  }
}

TEST_F(TraceTest, ResultText) {
  std::vector<TraceOutcome> results = replay("\nset-game-time 10\nload-texture GRASS.0\nrelease-texture 5\n");
  ASSERT_EQ(results.size(), 3u);
  const std::string first = trace_result_text(results[0].result);
  EXPECT_EQ(first.rfind("2 set-game-time", 0), 0u) << first;
  const std::string second = trace_result_text(results[1].result);
  EXPECT_EQ(second.rfind("3 load-texture", 0), 0u) << second;
  for (const TraceOutcome& r : results) EXPECT_EQ(trace_result_text(r.result).find('\n'), std::string::npos);
}

}  // namespace
}  // namespace parkan::runtime
