// parkan effect info|check|check-exp (docs/cli.md 5.16) on FXID and .exp bytes built here from
// docs/formats/effect.md's layouts.
#include <cstring>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "parkan/nres/write.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

void cfx_put(ByteBuffer& b, std::size_t at, const std::string& s) { std::memcpy(b.data() + at, s.data(), s.size()); }
void cfx_put32(ByteBuffer& b, std::size_t at, std::uint32_t v) { std::memcpy(b.data() + at, &v, 4); }

// Header: 3 emitters, time mode 1, duration 2, flags 2, scale 1; then a type-3 block (200 bytes, pair at
// 136), a sound block (148, pair at 84), a light with bit 8 set (224).
ByteBuffer cfx_fire(std::uint32_t time_mode = 1) {
  ByteBuffer b(60 + 200 + 148 + 224, 0);
  cfx_put32(b, 0, 3);
  cfx_put32(b, 4, time_mode);
  const float two = 2, one = 1;
  std::memcpy(b.data() + 8, &two, 4);
  cfx_put32(b, 0x10, 2);
  for (int k = 0; k < 3; ++k) std::memcpy(b.data() + 0x30 + 4 * k, &one, 4);
  cfx_put32(b, 60, 3);
  cfx_put(b, 60 + 136, "Material.lib");
  cfx_put(b, 60 + 136 + 32, "BLD_RUBBLE");
  cfx_put32(b, 260, 2);
  cfx_put(b, 260 + 84, "sounds.lib");
  cfx_put(b, 260 + 84 + 32, "expl_small.wav");
  cfx_put32(b, 408, 0x101);
  return b;
}

ByteBuffer cfx_explosion() {
  ByteBuffer b(792, 0);
  cfx_put32(b, 0, 3);
  const float damage = 1500, radius = 3, one = 1;
  std::memcpy(b.data() + 4, &damage, 4);
  std::memcpy(b.data() + 8, &radius, 4);
  std::memcpy(b.data() + 12, &one, 4);
  std::memcpy(b.data() + 16, &one, 4);
  cfx_put32(b, 20, 7);
  cfx_put(b, 24, "effects.rlb");
  cfx_put(b, 24 + 32, "expl_m");
  cfx_put(b, 24 + 64, "effects.rlb");
  cfx_put(b, 24 + 96, "dust");
  return b;
}

TEST(EffectCli, InfoPrintsTheHeaderAndEveryEmitter) {
  test::TempDir dir;
  const ByteBuffer fire = cfx_fire();
  const nres::EntrySpec specs[] = {{0x44495846, 0, 0, 0, "fire_s", fire}};  // "FXID"
  test::write_bytes(dir / "effects.rlb", nres::build(specs).value());
  const std::string src = (dir / "effects.rlb").string() + "::fire_s";
  auto r = run_cli({"effect", "info", src});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, src + ": effect, 3 emitters, time mode 1 (once), duration 2 s, flags 0x00000002\n"
                         "  jitter 0, setting 0, random offset (0, 0, 0), visibility point (0, 0, 0), scale (1, 1, 1)\n"
                         "   0 type 3   word 0x00000003      200 bytes at 0x3C  Material.lib::BLD_RUBBLE\n"
                         "   1 sound    word 0x00000002      148 bytes at 0x104  sounds.lib::expl_small.wav\n"
                         "   2 light    word 0x00000101 over 224 bytes at 0x198\n");
  auto j = run_cli({"effect", "info", src, "--json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const nlohmann::json doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["count"], 3);
  EXPECT_EQ(doc["emitters"][1]["resource"]["member"], "expl_small.wav");
  EXPECT_EQ(doc["emitters"][2]["overlay"], true);
  EXPECT_EQ(doc["emitters"][2]["offset"], 408);
}

TEST(EffectCli, InfoReadsAnExplosion) {
  test::TempDir dir;
  test::write_bytes(dir / "expl_m.exp", cfx_explosion());
  const std::string src = (dir / "expl_m.exp").string();
  auto r = run_cli({"effect", "info", src});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, src + ": explosion, kind 3 (area), damage 1500, radius 3, values 1 1, placement 7\n"
                         "   0 effect     effects.rlb::expl_m\n"
                         "   1 ground 0   effects.rlb::dust\n");
  auto j = run_cli({"effect", "info", src, "--json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  EXPECT_EQ(nlohmann::json::parse(j.out)["slots"][1]["effect"], "dust");
}

TEST(EffectCli, CheckReportsEachRuleAndExitsOneOnErrors) {
  test::TempDir dir;
  test::write_bytes(dir / "good.fxid", cfx_fire());
  test::write_bytes(dir / "odd.fxid", cfx_fire(18));
  ByteBuffer broken = cfx_fire();
  broken.push_back(0);
  test::write_bytes(dir / "broken.fxid", broken);
  auto ok = run_cli({"effect", "check", (dir / "good.fxid").string(), (dir / "odd.fxid").string()});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.err, "parkan: warning: " + (dir / "odd.fxid").string() +
                        ": time mode 18 is not one of 0 to 17 at offset 0x4 [fxid.time_mode]\n");
  auto bad = run_cli({"effect", "check", (dir / "broken.fxid").string()});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err, "parkan: error: " + (dir / "broken.fxid").string() +
                         ": 1 bytes after the 3 emitter blocks at offset 0x278 [fxid.trailing]\n");

  test::write_bytes(dir / "short.exp", ByteBuffer(100, 0));
  auto exp = run_cli({"effect", "check-exp", (dir / "short.exp").string()});
  EXPECT_EQ(exp.exit_code, 1);
  EXPECT_EQ(exp.err, "parkan: error: " + (dir / "short.exp").string() +
                         ": 100 bytes: an explosion is 792 at offset 0x0 [exp.size]\n");
}

TEST(EffectCli, AnotherKindIsRefused) {
  test::TempDir dir;
  const ByteBuffer bytes(16, 0);
  const nres::EntrySpec specs[] = {{0x52414557, 0, 0, 1, "x.wea", bytes}};  // "WEAR"
  test::write_bytes(dir / "w.rlb", nres::build(specs).value());
  auto r = run_cli({"effect", "info", (dir / "w.rlb").string() + "::x.wea"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + (dir / "w.rlb").string() + "::x.wea: this entry is a WEAR, not an effect\n");
}

}  // namespace
}  // namespace parkan
