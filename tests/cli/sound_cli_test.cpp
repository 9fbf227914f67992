// parkan sound info|check|export|import (docs/cli.md 5.14) on WAVs laid out here field by field, in an
// NRes archive; what the CLI writes is read back by Python's `wave` module.
#include <cstdlib>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "parkan/nres/write.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

struct Le {
  ByteBuffer b;
  Le& u16(std::uint16_t v) { b.push_back(std::uint8_t(v)); b.push_back(std::uint8_t(v >> 8)); return *this; }
  Le& u32(std::uint32_t v) { u16(std::uint16_t(v)); return u16(std::uint16_t(v >> 16)); }
  Le& text(const char* s) { b.insert(b.end(), s, s + 4); return *this; }
};

// A PCM WAV: RIFF, a 16-byte fmt, `frames` frames of a ramp.
ByteBuffer pcm_wav(std::uint16_t channels, std::uint32_t rate, std::uint16_t bits, std::uint32_t frames) {
  const std::uint16_t align = std::uint16_t(channels * bits / 8);
  const std::uint32_t data = frames * align;
  Le w;
  w.text("RIFF").u32(36 + data).text("WAVE");
  w.text("fmt ").u32(16).u16(1).u16(channels).u32(rate).u32(rate * align).u16(align).u16(bits);
  w.text("data").u32(data);
  for (std::uint32_t i = 0; i < frames * channels; ++i) {
    if (bits == 8) w.b.push_back(std::uint8_t(i * 7));
    if (bits == 24) w.b.push_back(0);  // the low byte of a 24-bit sample, then the 16 above it
    if (bits >= 16) w.u16(std::uint16_t(std::int16_t((i * 97) % 20000 - 10000)));
  }
  return w.b;
}

constexpr std::uint32_t kSwav = 0x56415753;

// sounds.lib: a mono 16-bit PCM sound, a stereo 8-bit one, an empty entry.
void write_library(const test::TempDir& dir) {
  const ByteBuffer a = pcm_wav(1, 22050, 16, 2205), b = pcm_wav(2, 22050, 8, 441);
  const std::vector<nres::EntrySpec> specs = {{kSwav, 0, 0, 0, "gun_shot.wav", a},
                                              {kSwav, 0, 0, 0, "stereo.wav", b},
                                              {kSwav, 0, 0, 0, "ALIEN_ME.WAV", {}}};
  test::write_bytes(dir / "sounds.lib", nres::build(specs).value());
}

// "rate channels sampwidth frames" as Python's wave module reads `path`.
std::string python_wave(const std::filesystem::path& path) {
  test::TempDir tmp;
  const std::string cmd = "python3 -c \"import wave,sys; w=wave.open(sys.argv[1]); print(w.getframerate(), "
                          "w.getnchannels(), w.getsampwidth(), w.getnframes())\" \"" +
                          path.string() + "\" > \"" + (tmp / "out.txt").string() + "\"";
  if (std::system(cmd.c_str()) != 0) return "python failed";
  return test::slurp(tmp / "out.txt");
}

bool have_python() { return std::system("python3 -c pass > /dev/null 2>&1") == 0; }

TEST(SoundCli, InfoAndJson) {
  test::TempDir dir;
  write_library(dir);
  const std::string src = (dir / "sounds.lib").string() + "::gun_shot.wav";
  auto r = run_cli({"sound", "info", src});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, src + ": RIFF WAVE, 4454 bytes, 2 chunks\n"
                         "  format     PCM (tag 1), 22050 Hz, 1 channel, 16 bits, block align 2, byte rate 44100\n"
                         "  samples    2205 (0.100 s)\n"
                         "  chunk      \"fmt \" at 12, 16 bytes\n"
                         "  chunk      \"data\" at 36, 4410 bytes\n");
  auto j = run_cli({"sound", "info", (dir / "sounds.lib").string() + "::stereo.wav", "--json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["format"]["channels"], 2);
  EXPECT_EQ(doc["format"]["bits"], 8);
  EXPECT_EQ(doc["format"]["tag_name"], "PCM");
  EXPECT_EQ(doc["samples"], 441);
  EXPECT_DOUBLE_EQ(doc["duration_seconds"].get<double>(), 0.02);
  EXPECT_EQ(doc["chunks"].size(), 2u);
}

TEST(SoundCli, CheckReportsTheEmptyEntryAsANote) {
  test::TempDir dir;
  write_library(dir);
  auto r = run_cli({"sound", "check", (dir / "sounds.lib").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("ALIEN_ME.WAV: an empty payload (0 bytes): no sound"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("[sound.empty]"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("3 sounds, 0 errors, 0 warnings, 1 note"), std::string::npos) << r.out;
}

TEST(SoundCli, ExportOneAsStoredAndAllAsPcm) {
  if (!have_python()) GTEST_SKIP() << "python3 not found";
  test::TempDir dir;
  write_library(dir);
  const std::string lib = (dir / "sounds.lib").string();
  auto one = run_cli({"sound", "export", lib + "::gun_shot.wav", (dir / "one.wav").string()});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(test::read_bytes(dir / "one.wav"), pcm_wav(1, 22050, 16, 2205));
  EXPECT_EQ(python_wave(dir / "one.wav"), "22050 1 2 2205\n");
  auto all = run_cli({"sound", "export", lib, (dir / "out").string(), "--pcm"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(all.out, lib + "::ALIEN_ME.WAV: empty, skipped\n2 sounds written to " +
                         (dir / "out").string() + ", 1 skipped (empty)\n");
  EXPECT_EQ(python_wave(dir / "out/gun_shot.wav"), "22050 1 2 2205\n");
  EXPECT_EQ(python_wave(dir / "out/stereo.wav"), "22050 2 2 441\n");  // 8-bit decoded to 16
  EXPECT_FALSE(std::filesystem::exists(dir / "out/ALIEN_ME.WAV"));
}

TEST(SoundCli, ImportRefusesWhatTheGameDoesNotPlay) {
  test::TempDir dir;
  write_library(dir);
  test::write_bytes(dir / "fast.wav", pcm_wav(1, 44100, 16, 100));
  auto r = run_cli({"sound", "import", (dir / "fast.wav").string(), (dir / "sounds.lib").string() + "::x.wav",
                    (dir / "out.lib").string(), "--convert"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + (dir / "fast.wav").string() +
                       ": 44100 Hz: the game plays 22050 Hz (parkan does not resample) [sound.fmt.rate]\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "out.lib"));
  test::write_bytes(dir / "wide.wav", pcm_wav(1, 22050, 24, 100));
  auto w = run_cli({"sound", "import", (dir / "wide.wav").string(), (dir / "sounds.lib").string() + "::x.wav",
                    (dir / "out.lib").string()});
  EXPECT_EQ(w.exit_code, 1);
  EXPECT_EQ(w.err, "parkan: error: " + (dir / "wide.wav").string() + ": PCM of 24 bits: the game plays 8 and 16 [sound.fmt.bits]\n");
  // With --convert the top 16 bits are encoded as MS ADPCM.
  auto c = run_cli({"sound", "import", (dir / "wide.wav").string(), (dir / "sounds.lib").string() + "::x.wav",
                    (dir / "out.lib").string(), "--convert"});
  EXPECT_EQ(c.exit_code, 0) << c.err;
  auto info = run_cli({"sound", "info", (dir / "out.lib").string() + "::x.wav", "--json"});
  ASSERT_EQ(info.exit_code, 0) << info.err;
  EXPECT_EQ(nlohmann::json::parse(info.out)["format"]["tag"], 2);
}

TEST(SoundCli, ImportReplacesAndAddsConvertingToAdpcm) {
  if (!have_python()) GTEST_SKIP() << "python3 not found";
  test::TempDir dir;
  write_library(dir);
  const std::string lib = (dir / "sounds.lib").string();
  test::write_bytes(dir / "new.wav", pcm_wav(1, 22050, 16, 5000));
  // Replaced as given: the entry holds the file's bytes.
  auto r = run_cli({"sound", "import", (dir / "new.wav").string(), lib + "::gun_shot.wav", (dir / "a.lib").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto cat = run_cli({"sound", "export", (dir / "a.lib").string() + "::gun_shot.wav", (dir / "a.wav").string()});
  ASSERT_EQ(cat.exit_code, 0) << cat.err;
  EXPECT_EQ(test::read_bytes(dir / "a.wav"), pcm_wav(1, 22050, 16, 5000));
  // Added with --convert: MS ADPCM, type SWAV, 5000 frames once decoded.
  auto c = run_cli({"sound", "import", (dir / "new.wav").string(), lib + "::added.wav", (dir / "b.lib").string(),
                    "--convert"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  auto info = run_cli({"sound", "info", (dir / "b.lib").string() + "::added.wav", "--json"});
  ASSERT_EQ(info.exit_code, 0) << info.err;
  const auto doc = nlohmann::json::parse(info.out);
  EXPECT_EQ(doc["format"]["tag"], 2);
  EXPECT_EQ(doc["format"]["samples_per_block"], 1012);
  auto list = run_cli({"archive", "list", (dir / "b.lib").string(), "--json"});
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_NE(list.out.find("\"SWAV\""), std::string::npos);
  auto check = run_cli({"sound", "check", (dir / "b.lib").string()});
  EXPECT_EQ(check.exit_code, 0) << check.err;
  auto pcm = run_cli({"sound", "export", (dir / "b.lib").string() + "::added.wav", (dir / "b.wav").string(), "--pcm"});
  ASSERT_EQ(pcm.exit_code, 0) << pcm.err;
  EXPECT_EQ(python_wave(dir / "b.wav"), "22050 1 2 5000\n");  // the fact chunk's count, not the padded blocks
}

}  // namespace
}  // namespace parkan
