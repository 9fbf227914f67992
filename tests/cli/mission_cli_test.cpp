// parkan mission info|check (docs/cli.md 5.12) on data.tma files laid out here byte by byte
// (docs/formats/mission.md 2).
#include <cstring>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

struct Tma {
  ByteBuffer b;
  void u32(std::uint32_t v) { for (int i = 0; i < 4; ++i) b.push_back(std::uint8_t(v >> (8 * i))); }
  void f32(float v) { std::uint32_t w; std::memcpy(&w, &v, 4); u32(w); }
  void str(const std::string& s) { u32(std::uint32_t(s.size())); b.insert(b.end(), s.begin(), s.end()); }
};

// One player clan, a building of it and a rock; `rock_clan_relation` names the clan the player relates to.
ByteBuffer mission(float rock_scale_y, const std::string& relation = "Player") {
  Tma t;
  t.u32(1); t.u32(0);                                             // no routes
  t.u32(6); t.u32(1);                                             // one clan
  t.str("Player"); t.u32(0xFFFFFFFF); t.f32(10); t.f32(20); t.u32(1); t.str("");
  t.u32(0); t.str("p.trf"); t.u32(17); t.u32(1); t.str(relation); t.u32(1);
  t.u32(10); t.u32(2);                                            // two objects
  t.u32(0); t.u32(0x80000002); t.str("UNITS\\BUILDINGS\\plant.dat"); t.u32(0); t.u32(7);
  for (float c : {100.f, 200.f, 12.f, 0.f, 0.f, 1.5707964f, 1.f, 1.f, 1.f}) t.f32(c);
  t.str("plant_1"); t.u32(0); t.u32(0xFFFFFFFF); t.u32(0xFFFFFFFF); t.u32(1); t.u32(0);
  t.u32(3); t.u32(0x80000002); t.str("rock_a"); t.u32(0); t.u32(0);
  for (float c : {300.f, 10.f, 4.f, 0.f, 0.f, 0.f, 2.f, rock_scale_y, 2.f}) t.f32(c);
  t.str(""); t.u32(0); t.u32(0xFFFFFFFF); t.u32(0xFFFFFFFF); t.u32(1); t.u32(0);
  t.str("DATA\\MAPS\\SC_3\\land"); t.u32(0);
  t.str(std::string("Hold.\0\xCD\xCD", 8));
  t.u32(1); t.u32(0);                                             // no lodes
  return t.b;
}

TEST(MissionCli, InfoPrintsTheMissionAndJsonIsOneDocument) {
  test::TempDir dir;
  test::write_bytes(dir / "data.tma", mission(2));
  const std::string path = (dir / "data.tma").string();
  auto r = run_cli({"mission", "info", path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, path + ": mission on DATA/MAPS/SC_3, 2 objects (1 building, 1 rock), 1 clan, 0 routes, 0 lodes\n"
                          "description: \"Hold.\"\n"
                          "clan   0 player   \"Player\" base (10, 20), 17 minds, 0 zones, 1 relation\n"
                          "object   0 building   \"UNITS\\BUILDINGS\\plant.dat\" clan 0 id 7 at (100, 200, 12) turned "
                          "90.0° \"plant_1\"\n"
                          "object   1 rock       \"rock_a\" clan 0 id 0 at (300, 10, 4) turned 0.0°\n");
  auto j = run_cli({"mission", "info", path, "--json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const nlohmann::json doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["map_folder"], "DATA/MAPS/SC_3");
  EXPECT_EQ(doc["objects"].size(), 2u);
  EXPECT_EQ(doc["objects"][1]["scale"], (nlohmann::json{2, 2, 2}));
  EXPECT_EQ(doc["clans"][0]["minds"], 17);
}

TEST(MissionCli, CheckReportsEachRuleAndExitsOneOnErrors) {
  test::TempDir dir;
  test::write_bytes(dir / "good.tma", mission(2));
  test::write_bytes(dir / "odd.tma", mission(3));
  test::write_bytes(dir / "broken.tma", mission(2, "Nobody"));
  auto ok = run_cli({"mission", "check", (dir / "good.tma").string(), (dir / "odd.tma").string()});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  // The rock's scale: 8 (routes) + 8 (clan table) + 65 (the clan) + 8 (object table) + 112 (the building)
  // + 50 (the rock's kind, marker, path, clan, id, position, rotation) = 251.
  EXPECT_EQ(ok.err, "parkan: warning: " + (dir / "odd.tma").string() +
                        ": object 1 (rock \"rock_a\"): scale (2, 3, 2) is not uniform: the engine scales by x alone at "
                        "offset 0xfb [mission.object.scale]\n");
  auto bad = run_cli({"mission", "check", (dir / "broken.tma").string()});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("clan 0 \"Player\": a relation to \"Nobody\", which is no clan of the mission at offset 0x10 "
                         "[mission.relation.clan]"),
            std::string::npos)
      << bad.err;
}

TEST(MissionCli, AnotherKindIsRefused) {
  test::TempDir dir;
  test::write_bytes(dir / "data.tma", ByteBuffer{'N', 'R', 'e', 's', 0, 1, 0, 0});
  auto r = run_cli({"mission", "info", (dir / "data.tma").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + (dir / "data.tma").string() + ": this file is an NRes archive, not a mission\n");
  test::write_bytes(dir / "short.tma", ByteBuffer{1, 0, 0, 0, 0, 0});
  auto s = run_cli({"mission", "info", (dir / "short.tma").string()});
  EXPECT_EQ(s.exit_code, 1);
  EXPECT_EQ(s.err, "parkan: error: " + (dir / "short.tma").string() +
                       ": routes: unexpected end of data: need 4 bytes, 2 left at offset 0x4\n");
}

}  // namespace
}  // namespace parkan
