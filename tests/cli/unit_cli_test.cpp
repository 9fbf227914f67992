// parkan unit info|check (docs/cli.md 5.10) on .dat files built here byte by byte (docs/formats/unit.md).
#include <cstring>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

// The header and one record per (key, name, attachment, class, children), archive objects.rlb.
struct Part {
  std::string key, name;
  std::int32_t attachment;
  std::uint32_t part_class;
  std::int32_t children;
};
ByteBuffer dat(const std::vector<Part>& parts) {
  ByteBuffer b(8 + 112 * parts.size(), 0);
  auto put32 = [&](std::size_t at, std::uint32_t v) { std::memcpy(b.data() + at, &v, 4); };
  put32(0, 0xF0F1);
  put32(4, 0x01008000);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::size_t at = 8 + 112 * i;
    std::memcpy(b.data() + at, "objects.rlb", 11);
    std::memcpy(b.data() + at + 0x20, parts[i].key.data(), parts[i].key.size());
    put32(at + 0x40, 1);
    put32(at + 0x44, std::uint32_t(parts[i].attachment));
    std::memcpy(b.data() + at + 0x48, parts[i].name.data(), parts[i].name.size());
    put32(at + 0x68, parts[i].part_class);
    put32(at + 0x6C, std::uint32_t(parts[i].children));
  }
  return b;
}

const std::vector<Part> kWarbot = {{"u_chassis_01", "Chassis", -1, 0, 2},
                                   {"u_turret_01", "Turret", 3, 1, 1},
                                   {"e_gun_laser", "Laser", 1, 4, 0},
                                   {"u_engine_01", "Engine", 2, 3, 0}};

TEST(UnitCli, InfoPrintsTheTree) {
  test::TempDir dir;
  test::write_bytes(dir / "warbot.dat", dat(kWarbot));
  auto r = run_cli({"unit", "info", (dir / "warbot.dat").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, (dir / "warbot.dat").string() + ": unit assembly, class word 0x01008000, 4 parts\n"
                   "   0 chassis    u_chassis_01 \"Chassis\"\n"
                   "   1   turret     u_turret_01 \"Turret\" on node 3\n"
                   "   2     gun        e_gun_laser \"Laser\" on node 1\n"
                   "   3   internal   u_engine_01 \"Engine\" in slot 2\n");
  auto j = run_cli({"unit", "info", (dir / "warbot.dat").string(), "--json"});
  ASSERT_EQ(j.exit_code, 0);
  const nlohmann::json doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["class_word"], 0x01008000);
  EXPECT_EQ(doc["parts"].size(), 4u);
  EXPECT_EQ(doc["parts"][2]["parent"], 1);
  EXPECT_EQ(doc["parts"][3]["depth"], 1);
}

TEST(UnitCli, CheckReportsEachRuleAndExitsOneOnErrors) {
  test::TempDir dir;
  test::write_bytes(dir / "good.dat", dat(kWarbot));
  std::vector<Part> odd = kWarbot;
  odd[3].part_class = 7;
  test::write_bytes(dir / "odd.dat", dat(odd));
  std::vector<Part> broken = kWarbot;
  broken[0].children = 1;  // the root owns the turret's subtree (records 1, 2) alone: record 3 hangs on nothing
  test::write_bytes(dir / "broken.dat", dat(broken));
  auto ok = run_cli({"unit", "check", (dir / "good.dat").string(), (dir / "odd.dat").string()});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  // Record 3's class at 8 + 3 * 112 + 0x68 = 0x1C0.
  EXPECT_EQ(ok.err, "parkan: warning: " + (dir / "odd.dat").string() +
                        ": record 3 \"u_engine_01\": class 7 is none of 0..5 at offset 0x1c0 [unit.part.class]\n");
  auto bad = run_cli({"unit", "check", (dir / "broken.dat").string()});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err, "parkan: error: " + (dir / "broken.dat").string() +
                         ": records 3 to 3 are outside the root's tree at offset 0x158 [unit.tree.extra]\n");
}

TEST(UnitCli, AnotherKindIsRefused) {
  test::TempDir dir;
  ASSERT_EQ(run_cli({"sample-game", (dir / "game").string()}).exit_code, 0);
  auto r = run_cli({"unit", "info", (dir / "game" / "Material.lib").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + (dir / "game" / "Material.lib").string() +
                       ": this file is an NRes archive, not a unit assembly\n");
}

}  // namespace
}  // namespace parkan
