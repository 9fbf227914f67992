// parkan sky info|check (docs/cli.md 5.17) on sky.ske bytes built here from docs/formats/sky.md's layout.
#include <cstring>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

struct CliSky {
  ByteBuffer b;
  void u32(std::uint32_t v) {
    const std::size_t at = b.size();
    b.resize(at + 4);
    std::memcpy(b.data() + at, &v, 4);
  }
  void time(std::uint32_t h, std::uint32_t m) {
    for (std::uint32_t w : {0u, 0u, 0u, h, m, 0u, 0u, 0u}) u32(w);
  }
  void str(const std::string& s) {
    u32(std::uint32_t(s.size()));
    b.insert(b.end(), s.begin(), s.end());
  }
  // Version 3, every slot BGRA 80 80 80 FF, four zero floats.
  void keyframe(std::uint32_t h, std::uint32_t m, std::uint32_t opcode, const std::string& name,
                const std::vector<std::string>& effects) {
    u32(3);
    time(h, m);
    u32(opcode);
    for (int i = 0; i < 22; ++i) u32(0xFF808080);
    str(name);
    for (int i = 0; i < 5; ++i) str("");
    for (int i = 0; i < 4; ++i) u32(0);
    u32(std::uint32_t(effects.size()));
    for (const auto& e : effects) str(e);
  }
};

ByteBuffer cli_sky(std::uint32_t opcode2 = 3) {
  CliSky s;
  for (std::uint32_t w : {0xFFFFFFFFu, 5u, 1u, 1u, 2u}) s.u32(w);
  s.time(23, 59);
  s.time(0, 15);
  s.keyframe(0, 30, 0, "sun", {});
  s.keyframe(12, 0, opcode2, "", {"atm_rain1.wav"});
  s.time(1, 0);
  s.u32(0);
  s.u32(0);
  return s.b;
}

TEST(SkyCli, InfoPrintsSectionsAndKeyframes) {
  test::TempDir dir;
  test::write_bytes(dir / "sky.ske", cli_sky());
  const std::string src = (dir / "sky.ske").string();
  auto r = run_cli({"sky", "info", src});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, src + ": sky, 1 section, starts at 01:00, flag 0\n"
                         "  section 0: 2 keyframes, a day of 0 h 15 min (900 s)\n"
                         "     0 00:30 v3 sun/moon start  apex #808080 horizon #808080 \"sun\"\n"
                         "     1 12:00 v3 rain start      apex #808080 horizon #808080 effects \"atm_rain1.wav\"\n");
  auto j = run_cli({"sky", "info", src, "--json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const nlohmann::json doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["sections"][0]["day_seconds"], 900);
  EXPECT_EQ(doc["sections"][0]["keyframes"][1]["effects"][0], "atm_rain1.wav");
  EXPECT_EQ(doc["sections"][0]["keyframes"][0]["colours"][15], "#808080ff");
}

TEST(SkyCli, CheckReportsEachRuleAndExitsOneOnErrors) {
  test::TempDir dir;
  test::write_bytes(dir / "good.ske", cli_sky());
  test::write_bytes(dir / "odd.ske", cli_sky(12));
  ByteBuffer broken = cli_sky();
  broken.resize(broken.size() - 4);
  test::write_bytes(dir / "broken.ske", broken);
  auto ok = run_cli({"sky", "check", (dir / "good.ske").string(), (dir / "odd.ske").string()});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(ok.out.find("\ntotal: 2 skies in 2 files, 0 errors, 1 warning\n"), std::string::npos) << ok.out;
  auto as_json = run_cli({"sky", "check", (dir / "good.ske").string(), "--json"});
  EXPECT_EQ(nlohmann::json::parse(as_json.out)["skies"], 1) << as_json.out;
  // Keyframe 1 at 12 + 72 + 175; its opcode after the version and the time.
  EXPECT_EQ(ok.err, "parkan: warning: " + (dir / "odd.ske").string() +
                        ": section 0 keyframe 1: opcode 12 is not one of 0 to 9 at offset 0x" +
                        fmt::format("{:x}", 12 + 72 + 175 + 36) + " [sky.opcode]\n");
  auto bad = run_cli({"sky", "check", (dir / "broken.ske").string()});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err, "parkan: error: " + (dir / "broken.ske").string() + ": the trailer needs 4 bytes, 0 are left at offset 0x" +
                         fmt::format("{:x}", broken.size()) + " [sky.size]\n");
}

TEST(SkyCli, AnotherKindIsRefused) {
  test::TempDir dir;
  test::write_bytes(dir / "x.exp", ByteBuffer(792, 0));
  auto r = run_cli({"sky", "info", (dir / "x.exp").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + (dir / "x.exp").string() + ": this file is an explosion, not a sky\n");
}

}  // namespace
}  // namespace parkan
