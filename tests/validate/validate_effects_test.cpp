// The effects' and skies' chains of parkan::validate (docs/cli.md 11.4; the world specification 10.3 and 10.5) on a game
// folder planted here: a .ndp names .exp files in weapon.rlb, a .exp names effects of effects.rlb, the
// effect's emitters name materials of Material.lib and sounds of sounds.lib, a sky's rain and lightning
// starts name their effects. Bytes built by hand from the layouts of docs/formats/effect.md, docs/formats/objdata.md
// and docs/formats/sky.md; each broken link reported once with its code, place and message, the others not at all.
#include <cstring>
#include <set>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "parkan/nres/write.hpp"
#include "parkan/validate/validate.hpp"
#include "support.hpp"

namespace parkan::validate {
namespace {

void vfx_put(ByteBuffer& b, std::size_t at, const std::string& s) { std::memcpy(b.data() + at, s.data(), s.size()); }
void vfx_put32(ByteBuffer& b, std::size_t at, std::uint32_t v) { std::memcpy(b.data() + at, &v, 4); }

// An emitter block of `size` bytes, type `type`, its pair at `pair`.
ByteBuffer vfx_block(std::uint32_t type, std::size_t size, std::size_t pair, const std::string& archive,
                     const std::string& member) {
  ByteBuffer b(size, 0);
  vfx_put32(b, 0, type);
  vfx_put(b, pair, archive);
  vfx_put(b, pair + 32, member);
  return b;
}

std::uint32_t fourcc(const char (&s)[5]) {
  return std::uint32_t(std::uint8_t(s[0])) | std::uint32_t(std::uint8_t(s[1])) << 8 |
         std::uint32_t(std::uint8_t(s[2])) << 16 | std::uint32_t(std::uint8_t(s[3])) << 24;
}

// sky.ske: -1, 5, 1 section; section 1, n keyframes, 23:59, 0 h 15 min; keyframes v3; start 01:00, 0, 0.
struct SkyWords {
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
  void keyframe(std::uint32_t h, std::uint32_t opcode, const std::vector<std::string>& effects) {
    u32(3);
    time(h, 0);
    u32(opcode);
    for (int i = 0; i < 22; ++i) u32(0xFF808080);
    for (int i = 0; i < 6; ++i) str("");
    for (int i = 0; i < 4; ++i) u32(0);
    u32(std::uint32_t(effects.size()));
    for (const auto& e : effects) str(e);
  }
};

TEST(ValidateEffects, EveryBrokenLinkOfTheChainsIsReportedOnce) {
  test::TempDir dir;
  const ByteBuffer empty_mat(4, 0);
  // Material.lib: FIRE_A; sounds.lib: expl_small.wav (the payloads are not what is looked at).
  const nres::EntrySpec mats[] = {{fourcc("MAT0"), 0, 6, 0, "FIRE_A", empty_mat}};
  test::write_bytes(dir.path() / "Material.lib", nres::build(mats).value());
  const nres::EntrySpec sounds[] = {{fourcc("SWAV"), 0, 0, 0, "expl_small.wav", empty_mat}};
  test::write_bytes(dir.path() / "sounds.lib", nres::build(sounds).value());

  // effects.rlb::fire: 5 emitters (lengths 148, 200, 208, 148, 248; pairs at 84, 136, 144, 84, 184).
  ByteBuffer fire(60, 0);
  vfx_put32(fire, 0, 5);
  vfx_put32(fire, 4, 1);
  for (const ByteBuffer& blk : {vfx_block(2, 148, 84, "sounds.lib", "expl_small.wav"),
                                vfx_block(3, 200, 136, "Material.lib", "fire_a"),  // folded as the engine folds
                                vfx_block(7, 208, 144, "Material.lib", "NO_SUCH"),
                                vfx_block(2, 148, 84, "sounds.lib", "nothing.wav"),
                                vfx_block(8, 248, 184, "nowhere.lib", "x")})
    fire.insert(fire.end(), blk.begin(), blk.end());
  const nres::EntrySpec effects[] = {{fourcc("FXID"), 0, 0, 0, "fire", fire}};
  test::write_bytes(dir.path() / "effects.rlb", nres::build(effects).value());

  // weapon.rlb::expl_s.exp: slot 0 effects.rlb::fire, slot 1 effects.rlb::dust (missing).
  ByteBuffer expl(792, 0);
  vfx_put32(expl, 0, 3);
  vfx_put(expl, 24, "effects.rlb");
  vfx_put(expl, 24 + 32, "fire");
  vfx_put(expl, 24 + 64, "effects.rlb");
  vfx_put(expl, 24 + 64 + 32, "dust");
  const nres::EntrySpec weapons[] = {{fourcc("EXPL"), 0, 0, 0, "expl_s.exp", expl}};
  test::write_bytes(dir.path() / "weapon.rlb", nres::build(weapons).value());

  // static.rlb::house.ndp: 2 records naming weapon.rlb::expl_s.exp and weapon.rlb::expl_x.exp.
  ByteBuffer ndp(4 + 2 * 76, 0);
  vfx_put32(ndp, 0, 2);
  for (int i = 0; i < 2; ++i) {
    vfx_put(ndp, 4 + 76 * i + 12, "weapon.rlb");
    vfx_put(ndp, 4 + 76 * i + 44, i == 0 ? "expl_s.exp" : "expl_x.exp");
  }
  const nres::EntrySpec statics[] = {{fourcc("NDPR"), 0, 0, 0, "house.ndp", ndp}};
  test::write_bytes(dir.path() / "static.rlb", nres::build(statics).value());

  // A sky: rain naming a sound (found in sounds.lib), lightning naming "bolt" (missing), a lightning start
  // naming nothing.
  SkyWords sky;
  for (std::uint32_t w : {0xFFFFFFFFu, 5u, 1u, 1u, 3u}) sky.u32(w);
  sky.time(23, 59);
  sky.time(0, 15);
  const std::size_t k1 = sky.b.size();
  sky.keyframe(1, 3, {"expl_small.wav"});
  const std::size_t k2 = sky.b.size();
  sky.keyframe(2, 8, {"bolt"});
  const std::size_t k3 = sky.b.size();
  sky.keyframe(3, 8, {});
  sky.time(1, 0);
  sky.u32(0);
  sky.u32(0);
  std::filesystem::create_directories(dir.path() / "MISSIONS" / "Single.01");
  test::write_bytes(dir.path() / "MISSIONS" / "Single.01" / "sky.ske", sky.b);
  (void)k1;

  auto report = validate_game(dir.path());
  ASSERT_TRUE(report) << report.error().to_string();
  const std::set<std::string> mine = {"ndp.explosion.missing", "exp.effect.missing", "fxid.resource.missing",
                                      "sky.effect.missing", "sky.effect.none"};
  std::set<std::string> got;
  for (const Diagnostic& d : report->findings)
    if (mine.count(d.code))
      got.insert(fmt::format("{} {} {} {} {} {}", d.code, int(d.severity), d.location.file, d.location.entry,
                             d.location.offset.value_or(0), d.message));
  const int w = int(Severity::warning);
  const std::set<std::string> expected = {
      fmt::format("fxid.resource.missing {} effects.rlb fire {} emitter 2's material \"NO_SUCH\" is not in Material.lib", w,
                  60 + 148 + 200 + 144),
      fmt::format("fxid.resource.missing {} effects.rlb fire {} emitter 3's sound \"nothing.wav\" is not in sounds.lib", w,
                  60 + 148 + 200 + 208 + 84),
      fmt::format("fxid.resource.missing {} effects.rlb fire {} emitter 4's material \"x\" names nowhere.lib, which the "
                  "game folder lacks",
                  w, 60 + 148 + 200 + 208 + 148 + 184),
      fmt::format("exp.effect.missing {} weapon.rlb expl_s.exp {} slot 1's effect (ground class 0) \"dust\" is not in "
                  "effects.rlb",
                  w, 24 + 64),
      fmt::format("ndp.explosion.missing {} static.rlb house.ndp {} node 1's explosion \"expl_x.exp\" is not in weapon.rlb",
                  w, 4 + 76 + 12),
      fmt::format("sky.effect.missing {} MISSIONS/Single.01/sky.ske  {} section 0 keyframe 1 (lightning start)'s effect "
                  "\"bolt\" is not in effects.rlb",
                  w, k2),
      fmt::format("sky.effect.none {} MISSIONS/Single.01/sky.ske  {} section 0 keyframe 2 (lightning start): names no "
                  "effect",
                  w, k3),
  };
  EXPECT_EQ(got, expected);
  // The FXID, EXPL, NDPR entries and the sky are read, not skipped.
  EXPECT_EQ(report->by_type["FXID"].count, 1u);
  EXPECT_EQ(report->by_type["EXPL"].count, 1u);
  EXPECT_EQ(report->by_type["sky"].count, 1u);
}

}  // namespace
}  // namespace parkan::validate
