// parkan texm ...: the docs/cli.md contract on textures and archives the test builds.
#include <set>
#include <tuple>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "parkan/export/png.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/encode.hpp"
#include "parkan/texm/load.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

texm::Image pattern(std::uint32_t w, std::uint32_t h) {
  texm::Image image{w, h, ByteBuffer(std::size_t(w) * h * 4)};
  for (std::size_t i = 0; i < image.rgba.size(); ++i) image.rgba[i] = std::uint8_t(i * 37 + i / 4);
  return image;
}

ByteBuffer texture(std::uint32_t w, std::uint32_t h, texm::Format f, std::uint32_t mips, std::uint32_t flags5 = 0,
                   std::optional<std::vector<texm::PageRect>> page = std::nullopt) {
  texm::EncodeOptions o;
  o.format = f;
  o.mip_count = mips;
  o.flags4 = 32;
  o.flags5 = flags5;
  o.page = std::move(page);
  return *texm::encode(pattern(w, h), o);
}

struct Fixture : ::testing::Test {
  test::TempDir dir;
  std::string path(const std::string& name) { return (dir / name).string(); }
  std::string write(const std::string& name, const ByteBuffer& bytes) {
    test::write_bytes(dir / name, bytes);
    return path(name);
  }
  std::string archive(const std::string& name) {
    ByteBuffer a = texture(64, 32, texm::Format::rgb565, 7, 0x10000000);
    ByteBuffer b = texture(8, 8, texm::Format::argb8888, 1, 0, std::vector<texm::PageRect>{{0, 4, 0, 4}});
    ByteBuffer text = {'h', 'i'};
    std::vector<nres::EntrySpec> specs = {{texm::kMagic, 0, 0, 0, "METAL.0", a},
                                          {texm::kMagic, 0, 0, 0, "PANEL.B3", b},
                                          {0x52414557, 0, 0, 1, "NOTE.wea", text}};
    return write(name, *nres::build(specs));
  }
};

using TexmCli = Fixture;

TEST_F(TexmCli, InfoJsonMatchesTheContract) {
  std::string file = write("t.texm", texture(64, 32, texm::Format::rgb565, 7));
  auto r = run_cli({"texm", "info", file, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["width"], 64);
  EXPECT_EQ(j["height"], 32);
  EXPECT_EQ(j["mip_count"], 7);
  EXPECT_EQ(j["format"], 565);
  EXPECT_EQ(j["flags4"], 32);
  EXPECT_EQ(j["flags5"], 0);
  EXPECT_EQ(j["unk6"], 0);
  EXPECT_EQ(j["palette"], false);
  EXPECT_EQ(j["core_size"], 5494);
  EXPECT_EQ(j["levels"][0], (nlohmann::json{{"width", 64}, {"height", 32}, {"offset", 32}, {"size", 4096}}));
  EXPECT_EQ(j["levels"][6], (nlohmann::json{{"width", 1}, {"height", 1}, {"offset", 5492}, {"size", 2}}));
  EXPECT_TRUE(j["page"].is_null());
  EXPECT_FALSE(j.contains("name_palette"));
  EXPECT_EQ(r.err, "");
}

TEST_F(TexmCli, InfoOfAnArchiveEntryShowsPageAndNamePalette) {
  std::string lib = archive("Textures.lib");
  auto r = run_cli({"texm", "info", lib + "::panel.b3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["page"], nlohmann::json::parse(R"([{"x": 0, "w": 4, "y": 0, "h": 4}])"));
  EXPECT_EQ(j["name_palette"]["index"], 11 + 4);
  auto text = run_cli({"texm", "info", lib + "::#1"});
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_NE(text.out.find("page: 1 rects\n  x 0 w 4 y 0 h 4\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("name palette: 15 (B3.PAL)\n"), std::string::npos) << text.out;
}

TEST_F(TexmCli, InvalidInputIsOneErrorLineAndExit1) {
  ByteBuffer bytes = texture(4, 4, texm::Format::argb8888, 1);
  bytes.resize(42);
  std::string file = write("cut.texm", bytes);
  auto r = run_cli({"texm", "info", file});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + file + ": mip level 0 (4x4, 64 bytes) is truncated: 10 bytes left at offset 0x20\n");
  EXPECT_EQ(r.out, "");
  std::string lib = archive("a.lib");
  auto wrong = run_cli({"texm", "info", lib + "::NOTE.wea"});
  EXPECT_EQ(wrong.exit_code, 1);
  EXPECT_EQ(wrong.err, "parkan: error: " + lib + "::NOTE.wea: this entry is a WEAR, not a Texm\n");
  // A texture entry whose bytes are short is a broken texture, located.
  ByteBuffer short_texm{'T', 'e', 'x', 'm', 0};
  std::vector<nres::EntrySpec> specs = {{texm::kMagic, 0, 0, 0, "SHORT.0", short_texm}};
  std::string shorts = write("short.lib", *nres::build(specs));
  auto cut = run_cli({"texm", "info", shorts + "::SHORT.0"});
  EXPECT_EQ(cut.exit_code, 1);
  EXPECT_EQ(cut.err, "parkan: error: " + shorts +
                         "::SHORT.0: payload too small for the Texm header: 5 bytes, need 32 at offset 0x0\n");
  auto missing = run_cli({"texm", "info", path("nope.texm")});
  EXPECT_EQ(missing.exit_code, 3);
}

TEST_F(TexmCli, ToPngAndToRgbaDecodeTheLevel) {
  ByteBuffer bytes = texture(6, 5, texm::Format::argb4444, 3);
  std::string file = write("t.texm", bytes);
  texm::Texture t = *texm::read(bytes);
  auto r = run_cli({"texm", "to-png", file, path("l1.png"), "--level", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(*png::decode(test::read_bytes(dir / "l1.png")), *texm::decode(t, 1));
  auto raw = run_cli({"texm", "to-rgba", file, path("l0.rgba")});
  ASSERT_EQ(raw.exit_code, 0) << raw.err;
  EXPECT_EQ(test::read_bytes(dir / "l0.rgba"), texm::decode(t, 0)->rgba);
  auto bad = run_cli({"texm", "to-png", file, path("l9.png"), "--level", "9"});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err, "parkan: error: " + file + ": no mip level 9 (the texture has 3)\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "l9.png"));
  auto self = run_cli({"texm", "to-rgba", file, file});
  EXPECT_EQ(self.exit_code, 3);
  EXPECT_EQ(test::read_bytes(file), bytes);
}

// Format 2 (docs/formats/texm.md 3.4): --palette names the external palette; bytes built by hand.
TEST_F(TexmCli, Format2DecodesWithTheGivenPalette) {
  ByteWriter w;
  for (std::uint32_t v : {texm::kMagic, 2u, 1u, 1u, 0u, 0x01000000u, 0u, 2u}) w.u32(v);
  w.u8(1);  // pixel 0: entry 1
  w.u8(0);  // pixel 1: entry 0, transparent under the colour key
  const std::string file = write("font.texm", w.take());
  ByteBuffer pal(texm::kPalSize, 0);
  pal[4] = 0x10, pal[5] = 0x20, pal[6] = 0x30;  // entry 1: B, G, R
  store_u32(pal.data() + 1024, texm::kIpolMagic);
  std::vector<nres::EntrySpec> specs = {{texm::kPalTypeId, 0, 0, 0, "PAL.PAL", pal}};
  const std::string lib = write("sys.lib", *nres::build(specs));

  auto missing = run_cli({"texm", "to-rgba", file, path("none.rgba")});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, "parkan: error: " + file +
                             ": format 2 texture: its pixels index an external palette (a font's PAL.PAL), and none was given\n");
  auto r = run_cli({"texm", "to-rgba", file, path("font.rgba"), "--palette", lib + "::PAL.PAL"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_bytes(dir / "font.rgba"), (ByteBuffer{0x30, 0x20, 0x10, 255, 0, 0, 0, 0}));
  r = run_cli({"texm", "to-png", file, path("font.png"), "--palette", lib + "::PAL.PAL"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(png::decode(test::read_bytes(dir / "font.png"))->rgba, (ByteBuffer{0x30, 0x20, 0x10, 255, 0, 0, 0, 0}));
  const std::string short_pal = write("short.pal", ByteBuffer(1000, 0));
  auto wrong = run_cli({"texm", "to-png", file, path("x.png"), "--palette", short_pal});
  EXPECT_EQ(wrong.exit_code, 1);
  EXPECT_NE(wrong.err.find("external palette has 1000 bytes"), std::string::npos) << wrong.err;
  // from-png back with the same palette: the same indices, no palette stored.
  auto back = run_cli({"texm", "from-png", path("font.png"), path("again.texm"), "--format", "2", "--flags5", "0x01000000",
                       "--palette", lib + "::PAL.PAL"});
  ASSERT_EQ(back.exit_code, 0) << back.err;
  EXPECT_EQ(test::read_bytes(dir / "again.texm"), test::read_bytes(file));
}

// A font (docs/formats/texm.md 3.4): "Tfnt", metrics and 256 glyph records (0x1014 bytes), then its
// Texm atlas, read in place; a format 2 atlas takes its library's PAL.PAL when no --palette is given,
// for one texture and for the whole library (whose font entry, as in an RsLi library, has no type id).
TEST_F(TexmCli, AFontsAtlasDecodesWithItsLibrarysPalette) {
  ByteWriter w;
  w.u32(texm::kFontMagic);
  for (std::uint32_t v : {15u, 17u, 0x3E100000u, 1u}) w.u32(v);  // cell width, height, 18/128 as f32, step
  for (std::size_t i = 0; i < 256 * 16; ++i) w.u8(0);             // glyph records
  for (std::uint32_t v : {texm::kMagic, 2u, 1u, 1u, 0u, 0x01000000u, 0u, 2u}) w.u32(v);
  w.u8(1);  // pixel 0: entry 1
  w.u8(0);  // pixel 1: entry 0, transparent under the colour key
  ByteBuffer font = w.take();
  ASSERT_EQ(font.size(), std::size_t{0x1014 + 32 + 2});
  ByteBuffer pal(texm::kPalSize, 0);
  pal[4] = 0x10, pal[5] = 0x20, pal[6] = 0x30;  // entry 1: B, G, R
  store_u32(pal.data() + 1024, texm::kIpolMagic);
  std::vector<nres::EntrySpec> specs = {{0, 0, 0, 0, "ARIALTEX.TFT", font}, {texm::kPalTypeId, 0, 0, 0, "PAL.PAL", pal}};
  const std::string lib = write("gamefont.lib", *nres::build(specs));
  const ByteBuffer expected{0x30, 0x20, 0x10, 255, 0, 0, 0, 0};

  auto r = run_cli({"texm", "to-rgba", lib + "::ARIALTEX.TFT", path("font.rgba")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_bytes(dir / "font.rgba"), expected);
  r = run_cli({"--quiet", "texm", "to-png", lib, path("all") + "/"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(png::decode(test::read_bytes(dir / "all" / "ARIALTEX.TFT.png"))->rgba, expected);
  EXPECT_FALSE(std::filesystem::exists(dir / "all" / "PAL.PAL.png"));
  auto info = run_cli({"texm", "info", lib + "::ARIALTEX.TFT"});
  ASSERT_EQ(info.exit_code, 0) << info.err;
  EXPECT_NE(info.out.find("Texm 2x1, format 2"), std::string::npos) << info.out;
  // A font cut inside its glyph table has no atlas: not a Texm.
  font.resize(0x1000);
  specs[0].payload = font;
  const std::string cut = write("cut.lib", *nres::build(specs));
  auto bad = run_cli({"texm", "to-rgba", cut + "::ARIALTEX.TFT", path("cut.rgba")});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err, "parkan: error: " + cut + "::ARIALTEX.TFT: bad magic 0x746e6654: not a Texm texture at offset 0x0\n");
}

TEST_F(TexmCli, ToPngOnAWholeArchiveExportsEveryTexture) {
  std::string lib = archive("Textures.lib");
  auto r = run_cli({"--quiet", "texm", "to-png", lib, path("out") + "/"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "METAL.0.png"));
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "PANEL.B3.png"));
  EXPECT_FALSE(std::filesystem::exists(dir / "out" / "NOTE.wea.png"));
  auto metal = png::decode(test::read_bytes(dir / "out" / "METAL.0.png"));
  EXPECT_EQ(metal->width, 64u);
  EXPECT_EQ(r.err, "");
}

// The textures of an archive are encoded in parallel (docs/cli.md 4.1), yet the files, the error
// messages (in archive order) and the exit code are the same for every --threads.
TEST_F(TexmCli, ToPngOfAnArchiveIsTheSameOnAnyThreadCount) {
  std::vector<ByteBuffer> payloads;
  for (std::uint32_t i = 0; i < 24; ++i) {
    payloads.push_back(texture(4 + i, 3 + i % 5, i % 2 ? texm::Format::argb8888 : texm::Format::rgb565, 1));
    if (i == 5 || i == 17) payloads.back().pop_back();  // the last pixel row is short: skipped, reported
  }
  std::vector<nres::EntrySpec> specs;
  for (std::uint32_t i = 0; i < 24; ++i)  // a second "T3" at #9
    specs.push_back({texm::kMagic, 0, 0, 0, fmt::format("T{}", i == 9 ? 3 : i), payloads[i]});
  std::string lib = write("many.lib", *nres::build(specs));
  std::vector<test::CliResult> runs;
  for (const char* threads : {"1", "2", "5"})
    runs.push_back(run_cli({"texm", "to-png", lib, path(fmt::format("out{}", threads)) + "/", "--threads", threads}));
  for (const test::CliResult& r : runs) {
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const std::size_t folder = r.err.rfind(dir.path().string());  // the last line names its own OUTDIR
    const std::size_t folder0 = runs[0].err.rfind(dir.path().string());
    EXPECT_EQ(r.err.substr(0, folder), runs[0].err.substr(0, folder0));
  }
  EXPECT_LT(runs[0].err.find("::T5:"), runs[0].err.find("::T17:")) << runs[0].err;
  EXPECT_NE(runs[0].err.find("exported 22 of 24 textures"), std::string::npos) << runs[0].err;
  for (std::uint32_t i = 0; i < 24; ++i) {
    if (i == 5 || i == 17) continue;
    const std::string file = i == 9 ? std::string("T3#9.png") : fmt::format("T{}.png", i);
    ByteBuffer one = test::read_bytes(dir / "out1" / file);
    EXPECT_EQ(test::read_bytes(dir / "out2" / file), one) << file;
    EXPECT_EQ(test::read_bytes(dir / "out5" / file), one) << file;
    EXPECT_EQ(*png::decode(one), *texm::decode(*texm::read(payloads[i]), 0)) << file;
  }
}

TEST_F(TexmCli, FromPngWithEveryOption) {
  ByteBuffer png_bytes = *png::encode(pattern(16, 8));
  std::string in = write("in.png", png_bytes);
  std::string rects = write("rects.json", ByteBuffer{});
  std::string json = R"([{"x": 1, "w": 2, "y": 3, "h": -4}])";
  test::write_bytes(rects, as_bytes(json));
  auto r = run_cli({"texm", "from-png", in, path("t.texm"), "--format", "565", "--mips", "full", "--flags4", "32",
                    "--flags5", "0x04000000", "--unk6", "7", "--page", rects});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ByteBuffer out = test::read_bytes(dir / "t.texm");
  texm::Texture t = *texm::read(out);
  EXPECT_EQ(t.header, (texm::Header{texm::kMagic, 16, 8, 5, 32, 0x04000000, 7, 565}));
  EXPECT_EQ(t.page, (std::vector<texm::PageRect>{{1, 2, 3, -4}}));
  texm::EncodeOptions o;
  o.format = texm::Format::rgb565;
  o.mip_count = 0;
  o.flags4 = 32;
  o.flags5 = 0x04000000;
  o.unk6 = 7;
  o.page = t.page;
  EXPECT_EQ(out, *texm::encode(pattern(16, 8), o));  // the CLI is the library, nothing else

  auto defaults = run_cli({"texm", "from-png", in, path("d.texm")});
  ASSERT_EQ(defaults.exit_code, 0) << defaults.err;
  texm::Texture d = *texm::read(test::read_bytes(dir / "d.texm"));
  EXPECT_EQ(d.header, (texm::Header{texm::kMagic, 16, 8, 1, 0, 0, 0, 8888}));
}

TEST_F(TexmCli, FromPngErrors) {
  std::string in = write("in.png", *png::encode(pattern(4, 4)));
  EXPECT_EQ(run_cli({"texm", "from-png", in, path("x"), "--format", "555"}).exit_code, 2);
  auto mips = run_cli({"texm", "from-png", in, path("x"), "--mips", "9"});
  EXPECT_EQ(mips.exit_code, 1);
  EXPECT_EQ(mips.err, "parkan: error: " + in + ": 9 mip levels requested, a 4x4 image has at most 3\n");
  EXPECT_EQ(run_cli({"texm", "from-png", in, path("x"), "--mips", "many"}).exit_code, 2);
  std::string gif = write("fake.png", ByteBuffer{'G', 'I', 'F', '8', '9', 'a', 1, 2, 3});
  auto notpng = run_cli({"texm", "from-png", gif, path("x")});
  EXPECT_EQ(notpng.exit_code, 1);
  EXPECT_EQ(notpng.err, "parkan: error: " + gif + ": not a PNG file (bad signature) at offset 0x0\n");
  std::string rects = write("bad.json", ByteBuffer{'[', '{', '}', ']'});
  auto page = run_cli({"texm", "from-png", in, path("x"), "--page", rects});
  EXPECT_EQ(page.exit_code, 1);
  EXPECT_EQ(page.err, "parkan: error: " + rects + ": Page rect 0 has no \"x\"\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "x"));
  EXPECT_EQ(run_cli({"texm", "from-png", in, in}).exit_code, 3);
}

TEST_F(TexmCli, FromPngIntoAnArchiveKeepsTheOriginalHeaderAndEverythingElse) {
  std::string lib = archive("Textures.lib");
  ByteBuffer before = test::read_bytes(lib);
  nres::Archive old = *nres::read(before);
  std::string in = write("in.png", *png::encode(pattern(8, 8)));
  auto r = run_cli({"texm", "from-png", in, path("new.lib"), "--into", lib + "::PANEL.B3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ByteBuffer after = test::read_bytes(dir / "new.lib");
  nres::Archive fresh = *nres::read(after);
  ASSERT_EQ(fresh.entries.size(), 3u);
  EXPECT_TRUE(std::ranges::equal(fresh.payload(0), old.payload(0)));
  EXPECT_TRUE(std::ranges::equal(fresh.payload(2), old.payload(2)));
  texm::Texture t = *texm::read(fresh.payload(1));
  EXPECT_EQ(t.header.flags4, 32u);
  EXPECT_EQ(t.header.format, 8888u);
  EXPECT_EQ(t.page, (std::vector<texm::PageRect>{{0, 4, 0, 4}}));
  EXPECT_EQ(*texm::decode(t, 0), pattern(8, 8));
  EXPECT_EQ(test::read_bytes(lib), before);  // the input is untouched

  auto told = run_cli({"texm", "from-png", in, path("new2.lib"), "--into", lib + "::#0", "--flags5", "0", "--format", "4444"});
  ASSERT_EQ(told.exit_code, 0) << told.err;
  ByteBuffer new2 = test::read_bytes(dir / "new2.lib");
  texm::Texture m = *texm::read(nres::read(new2)->payload(0));
  EXPECT_EQ(m.header.flags5, 0u);
  EXPECT_EQ(m.header.format, 4444u);
  EXPECT_EQ(m.header.mip_count, 4u);  // the original's 7, capped at the 8x8 chain

  EXPECT_EQ(run_cli({"texm", "from-png", in, lib, "--into", lib + "::#0"}).exit_code, 3);
  auto nowhere = run_cli({"texm", "from-png", in, path("n.lib"), "--into", lib + "::#3"});
  EXPECT_EQ(nowhere.exit_code, 1);
  EXPECT_EQ(nowhere.err, "parkan: error: " + lib + ": no entry #3 (the archive has 3 entries)\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "n.lib"));
  auto wear = run_cli({"texm", "from-png", in, path("n.lib"), "--into", lib + "::note.wea"});
  EXPECT_EQ(wear.exit_code, 1);
  EXPECT_EQ(wear.err, "parkan: error: " + lib + "::NOTE.wea: this entry is a WEAR, not a Texm\n");
}

// A hand-built NRes directory row (docs/formats/nres.md 2): type, attr1..3, size, the name field.
struct Row {
  std::uint32_t type_id, attr1, attr2, attr3, size;
  std::string name;
};
std::vector<Row> rows_of(const ByteBuffer& archive) {
  const std::uint32_t count = load_u32(archive.data() + 8);
  const std::size_t directory = archive.size() - std::size_t(count) * 64;
  std::vector<Row> rows;
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint8_t* row = archive.data() + directory + 64 * i;
    rows.push_back({load_u32(row), load_u32(row + 4), load_u32(row + 8), load_u32(row + 16), load_u32(row + 12),
                    std::string(reinterpret_cast<const char*>(row + 20))});
  }
  return rows;
}

// docs/cli.md 4.3: --into ARCHIVE::NAME with a name no entry has adds the texture, with the
// attributes the archive's textures carry; every other byte of the archive is kept.
TEST_F(TexmCli, FromPngIntoANewNameAddsTheTexture) {
  ByteBuffer a = texture(8, 8, texm::Format::rgb565, 1), b = texture(4, 4, texm::Format::argb8888, 1);
  std::vector<nres::EntrySpec> specs = {{texm::kMagic, 7, 0, 2, "METAL.0", a}, {texm::kMagic, 7, 0, 2, "PANEL.B3", b}};
  const std::string lib = write("Textures.lib", *nres::build(specs));
  const ByteBuffer before = test::read_bytes(lib);
  std::string in = write("in.png", *png::encode(pattern(4, 2)));
  auto r = run_cli({"texm", "from-png", in, path("new.lib"), "--into", lib + "::NEW.0", "--format", "565"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const ByteBuffer after = test::read_bytes(dir / "new.lib");
  const std::vector<Row> rows = rows_of(after);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2].type_id, 0x6D786554u);  // "Texm"
  EXPECT_EQ(rows[2].name, "NEW.0");
  EXPECT_EQ(std::tie(rows[2].attr1, rows[2].attr2, rows[2].attr3), std::make_tuple(7u, 0u, 2u));
  EXPECT_EQ(rows[2].size, 32u + 4 * 2 * 2);  // header and 4x2 pixels of 2 bytes, one level
  nres::Archive fresh = *nres::read(after);
  texm::Texture t = *texm::read(fresh.payload(2));
  EXPECT_EQ(t.header, (texm::Header{texm::kMagic, 4, 2, 1, 0, 0, 0, 565}));
  EXPECT_TRUE(std::ranges::equal(fresh.payload(0), a));
  EXPECT_TRUE(std::ranges::equal(fresh.payload(1), b));
  EXPECT_EQ(test::read_bytes(lib), before);
  // Textures whose attributes differ: a new one takes the registry's (0, 0, 0). (The output's name
  // differs from the input's in more than case: Windows' file names ignore case.)
  specs[1].attr1 = 8;
  const std::string mixed = write("Mixed.lib", *nres::build(specs));
  ASSERT_EQ(run_cli({"texm", "from-png", in, path("mixed-out.lib"), "--into", mixed + "::NEW.0"}).exit_code, 0);
  const Row added = rows_of(test::read_bytes(dir / "mixed-out.lib"))[2];
  EXPECT_EQ(std::tie(added.attr1, added.attr2, added.attr3), std::make_tuple(0u, 0u, 0u));
}

// docs/cli.md 4.3: a folder of PNGs goes back in one command: each to the texture `texm to-png`
// wrote it from (format, flags, mips and Page kept), a new name added, other files named and skipped.
TEST_F(TexmCli, FromPngFolderPutsEveryPngBackInOneWrite) {
  const std::string lib = archive("Textures.lib");
  ASSERT_EQ(run_cli({"--quiet", "texm", "to-png", lib, path("pngs")}).exit_code, 0);
  write("pngs/PANEL.B3.png", *png::encode(pattern(8, 8)));                  // edited
  write("pngs/new.1.png", *png::encode(pattern(2, 2)));                     // a new texture
  write("pngs/notes.txt", ByteBuffer{'x'});
  auto r = run_cli({"texm", "from-png", path("pngs"), path("out.lib"), "--into", lib});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "parkan: warning: " + (std::filesystem::path(path("pngs")) / "notes.txt").string() +
                       ": not a .png file: skipped\n2 textures replaced and 1 texture added in " + path("out.lib") + "\n");
  const ByteBuffer before = test::read_bytes(lib), after = test::read_bytes(dir / "out.lib");
  nres::Archive old = *nres::read(before), fresh = *nres::read(after);
  ASSERT_EQ(fresh.entries.size(), 4u);
  EXPECT_TRUE(std::ranges::equal(fresh.payload(0), old.payload(0)));  // METAL.0 unedited: the same bytes
  texm::Texture panel = *texm::read(fresh.payload(1));
  EXPECT_EQ(panel.header, (texm::Header{texm::kMagic, 8, 8, 1, 32, 0, 0, 8888}));
  EXPECT_EQ(panel.page, (std::vector<texm::PageRect>{{0, 4, 0, 4}}));
  EXPECT_EQ(*texm::decode(panel, 0), pattern(8, 8));
  EXPECT_TRUE(std::ranges::equal(fresh.payload(2), old.payload(2)));  // NOTE.wea
  EXPECT_EQ(rows_of(after)[3].name, "new.1");
  EXPECT_EQ(texm::read(fresh.payload(3))->header, (texm::Header{texm::kMagic, 2, 2, 1, 0, 0, 0, 8888}));
  // A PNG that does not decode stops the whole command before anything is written.
  write("pngs/METAL.0.png", ByteBuffer{'n', 'o'});
  auto bad = run_cli({"--quiet", "texm", "from-png", path("pngs"), path("bad.lib"), "--into", lib});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err,  // the first file by name: nothing after it is read
            "parkan: error: " + (std::filesystem::path(path("pngs")) / "METAL.0.png").string() +
                ": not a PNG file (bad signature) at offset 0x0\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "bad.lib"));
#ifndef _WIN32  // two names that differ only by case are one file there
  write("pngs/METAL.0.png", *png::encode(pattern(2, 2)));
  write("pngs/metal.0.png", *png::encode(pattern(2, 2)));
  auto twice = run_cli({"--quiet", "texm", "from-png", path("pngs"), path("bad.lib"), "--into", lib});
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_EQ(twice.err, "parkan: error: " + (std::filesystem::path(path("pngs")) / "metal.0.png").string() +
                           ": a second PNG for the texture METAL.0\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "bad.lib"));
#endif
  auto entry = run_cli({"texm", "from-png", path("pngs"), path("bad.lib"), "--into", lib + "::#0"});
  EXPECT_EQ(entry.exit_code, 2);
  EXPECT_EQ(entry.err, "parkan: error: " + path("pngs") + " is a folder: --into needs the whole ARCHIVE, not " + lib +
                           "::#0\n");
}

// An unedited format 0 texture through PNG and back is the same bytes (docs/formats/texm.md 7.4):
// its palette, which repeats colours (entries 0 and 1, and 5..255) and holds near ones (entry 2), and its
// exact indices are kept. The Texm is built by hand (docs/formats/texm.md 3.1, 3.3).
TEST_F(TexmCli, Format0ThroughPngAndBackIsTheSameBytes) {
  ByteBuffer t;
  for (std::uint32_t v : {texm::kMagic, 16u, 16u, 1u, 32u, 0u, 0u, 0u}) {
    t.resize(t.size() + 4);
    store_u32(t.data() + t.size() - 4, v);
  }
  ByteBuffer palette(1024, 0);
  const std::uint8_t entries[4][4] = {{30, 20, 10, 0}, {30, 20, 10, 0}, {31, 20, 10, 0}, {50, 100, 200, 0}};
  for (std::size_t e = 0; e < 4; ++e) std::copy(entries[e], entries[e] + 4, palette.begin() + std::ptrdiff_t(4 * e));
  t.insert(t.end(), palette.begin(), palette.end());
  const std::uint8_t used[6] = {1, 0, 2, 3, 9, 250};
  for (std::size_t i = 0; i < 256; ++i) t.push_back(used[(i * 7 + i / 16) % 6]);
  std::vector<nres::EntrySpec> specs = {{texm::kMagic, 0, 0, 0, "PAL.0", t}};
  const std::string lib = write("Textures.lib", *nres::build(specs));
  ASSERT_EQ(run_cli({"texm", "to-png", lib + "::PAL.0", path("pal.png")}).exit_code, 0);
  auto r = run_cli({"texm", "from-png", path("pal.png"), path("out.lib"), "--into", lib + "::PAL.0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_bytes(dir / "out.lib"), test::read_bytes(lib));
}

TEST_F(TexmCli, LoadMatchesTheContractExample) {
  std::string file = write("t.texm", texture(64, 32, texm::Format::rgb565, 7, 0x10000000, std::vector<texm::PageRect>{{8, 16, 4, 8}}));
  auto r = run_cli({"texm", "load", file, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["mip_skip"], 1);
  EXPECT_EQ(j["width"], 32);
  EXPECT_EQ(j["height"], 16);
  EXPECT_EQ(j["mip_count"], 6);
  EXPECT_EQ(j["pixel_offset"], 4128);
  EXPECT_EQ(j["rects"], nlohmann::json::parse(
                            R"([{"x0": 0, "y0": 0, "x1": 32, "y1": 16, "u0": 0.0, "v0": 0.0, "du": 1.0, "dv": 1.0}])"));
  auto paged = run_cli({"texm", "load", file, "--load-flags", "0x400000", "--json"});
  nlohmann::json p = nlohmann::json::parse(paged.out);
  ASSERT_EQ(p["rects"].size(), 2u);
  EXPECT_EQ(p["rects"][1], nlohmann::json::parse(
                               R"({"x0": 16, "y0": 8, "x1": 48, "y1": 24, "u0": 0.125, "v0": 0.125, "du": 0.25, "dv": 0.25})"));
  auto profile = run_cli({"texm", "load", file, "--disable-mipmap", "--force-16bit", "--json"});
  nlohmann::json q = nlohmann::json::parse(profile.out);
  EXPECT_EQ(q["mip_count"], 1);
  EXPECT_EQ(q["upload_format"], 565);
  EXPECT_EQ(q["runtime_mips"], false);
  EXPECT_EQ(run_cli({"texm", "load", file, "--load-flags", "x"}).exit_code, 2);
}

TEST_F(TexmCli, PalettesShowsTheFilledSlots) {
  ByteBuffer good(texm::kPalSize, 0);
  store_u32(good.data() + 1024, texm::kIpolMagic);
  ByteBuffer bad(100, 0);
  std::vector<nres::EntrySpec> specs = {{0x6D6C6150, 0, 0, 0, "a.pal", good}, {0x6D6C6150, 0, 0, 0, "Z9.PAL", bad}};
  std::string lib = write("palettes.lib", *nres::build(specs));
  auto r = run_cli({"texm", "palettes", lib, "--json"});
  EXPECT_EQ(r.exit_code, 1);  // one PAL is invalid
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["loaded"], 2);
  EXPECT_EQ(j["slots"][0], (nlohmann::json{{"index", 0}, {"name", "A.PAL"}, {"size", 66564}, {"error", nullptr}}));
  EXPECT_EQ(j["slots"][1]["index"], 285);
  EXPECT_EQ(j["slots"][1]["error"], "PAL resource has 100 bytes, must be 66564 (palette, \"Ipol\", table) at offset 0x0");
  // The failing exit says why on stderr too, in one line, as text and as JSON.
  const std::string why = "parkan: error: " + lib +
                          ": 1 of 2 filled palette slots do not read as PAL resources; the first, Z9.PAL (slot 285): "
                          "PAL resource has 100 bytes, must be 66564 (palette, \"Ipol\", table) at offset 0x0\n";
  EXPECT_EQ(r.err, why);
  auto text = run_cli({"texm", "palettes", lib});
  EXPECT_EQ(text.exit_code, 1);
  EXPECT_EQ(text.err, why);
}

// The sample game's Textures.lib covers every Texm format and loader branch (docs/formats/texm.md 2, 5, 6).
TEST_F(TexmCli, SampleTexturesCoverEveryFormatAndBranch) {
  ASSERT_EQ(run_cli({"sample-game", path("game")}).exit_code, 0);
  ByteBuffer bytes = test::read_bytes(dir / "game" / "Textures.lib");
  nres::Archive lib = *nres::read(bytes);
  std::set<std::uint32_t> formats, skips;
  bool paged = false, unpaged = false, one = false, npot = false, suffix = false;
  for (std::size_t i = 0; i < lib.entries.size(); ++i) {
    auto t = texm::read(lib.payload(i));
    ASSERT_TRUE(t.ok()) << lib.entries[i].name() << ": " << t.error().to_string();
    formats.insert(t->header.format);
    skips.insert(texm::mip_skip_policy(t->header.flags5, t->header.width, t->header.height, t->header.mip_count));
    (t->page ? paged : unpaged) = true;
    one |= t->header.width == 1 && t->header.height == 1;
    npot |= (t->header.width & (t->header.width - 1)) != 0;
    suffix |= texm::palette_index_from_name(lib.entries[i].name()).has_palette();
  }
  EXPECT_EQ(formats, (std::set<std::uint32_t>{0, 565, 556, 4444, 88, 888, 8888}));
  EXPECT_EQ(skips, (std::set<std::uint32_t>{0, 1, 2}));
  EXPECT_TRUE(paged && unpaged && one && npot && suffix);
  auto palettes = run_cli({"texm", "palettes", path("game/palettes.lib")});
  EXPECT_EQ(palettes.exit_code, 0) << palettes.err;
}

}  // namespace
}  // namespace parkan

namespace parkan {
namespace {

using test::run_cli;

TEST_F(TexmCli, WholeArchiveStopsWithExit3WhenAnOutputCannotBeWritten) {
  std::string lib = archive("Textures.lib");
  // A folder where the PNG should go: the rename of the finished file fails, as on a full disk.
  std::filesystem::create_directories(dir / "out" / "METAL.0.png");
  auto r = run_cli({"--quiet", "texm", "to-png", lib, path("out")});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("parkan: error: " + (std::filesystem::path(path("out")) / "METAL.0.png").string() + ": "), std::string::npos) << r.err;
}

// docs/cli.md 1.6: an export that fails half way leaves OUTDIR as it was: the files that were there
// stay, byte for byte, and none of this run's remain (PANEL.B3.png was written before the failure).
TEST_F(TexmCli, WholeArchiveThatFailsLeavesTheFolderAsItWas) {
  const ByteBuffer panel = texture(8, 8, texm::Format::argb8888, 1), metal = texture(4, 4, texm::Format::rgb565, 1);
  std::vector<nres::EntrySpec> specs = {{texm::kMagic, 0, 0, 0, "PANEL.B3", panel}, {texm::kMagic, 0, 0, 0, "METAL.0", metal}};
  const std::string lib = write("Order.lib", *nres::build(specs));
  std::filesystem::create_directories(dir / "out" / "METAL.0.png");
  write("out/keep.txt", ByteBuffer{'k'});
  write("out/PANEL.B3.png", ByteBuffer{'o', 'l', 'd'});
  auto r = run_cli({"texm", "to-png", lib, path("out")});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + (std::filesystem::path(path("out")) / "METAL.0.png").string() +
                       ": cannot write the file: a folder (or another non-file) is in the way\n");
  std::set<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir / "out")) names.insert(e.path().filename().string());
  EXPECT_EQ(names, (std::set<std::string>{"METAL.0.png", "PANEL.B3.png", "keep.txt"}));
  EXPECT_EQ(test::read_bytes(dir / "out" / "PANEL.B3.png"), (ByteBuffer{'o', 'l', 'd'}));
  EXPECT_EQ(test::read_bytes(dir / "out" / "keep.txt"), (ByteBuffer{'k'}));
  EXPECT_TRUE(std::filesystem::is_empty(dir / "out" / "METAL.0.png"));
}

TEST_F(TexmCli, WholeArchiveNeedsAFolder) {
  std::string lib = archive("Textures.lib");
  auto png_name = run_cli({"texm", "to-png", lib, path("out.png")});
  EXPECT_EQ(png_name.exit_code, 2);
  EXPECT_EQ(png_name.err, "parkan: error: " + lib + " is an archive: OUT must be a folder (for one texture use " +
                              lib + "::NAME)\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "out.png"));
  write("existing", ByteBuffer{1});
  auto file = run_cli({"texm", "to-png", lib, path("existing")});
  EXPECT_EQ(file.exit_code, 2);
  EXPECT_EQ(file.err, "parkan: error: " + lib + " is an archive: OUT must be a folder, and " + path("existing") +
                          " is a file\n");
  // A name without .png that does not exist yet becomes the folder.
  auto folder = run_cli({"--quiet", "texm", "to-png", lib, path("pngs")});
  EXPECT_EQ(folder.exit_code, 0) << folder.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "pngs" / "PANEL.B3.png"));
}

TEST_F(TexmCli, OneTextureIntoAnExistingFolderIsNamedAfterIt) {
  std::string lib = archive("Textures.lib");
  std::filesystem::create_directory(dir / "pngs");
  auto r = run_cli({"texm", "to-png", lib + "::metal.0", path("pngs")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto metal = png::decode(test::read_bytes(dir / "pngs" / "METAL.0.png"));
  ASSERT_TRUE(metal);
  EXPECT_EQ(metal->width, 64u);
  // A trailing slash names a folder that does not exist yet; a bare file is named after its stem.
  std::string bare = write("rock.texm", texture(4, 4, texm::Format::argb8888, 1));
  r = run_cli({"texm", "to-png", bare, path("new") + "/"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "new" / "rock.png"));
}

TEST_F(TexmCli, ProgressIsNotMixedIntoTheSummary) {
  std::string lib = archive("Textures.lib");
  // Off a terminal the bar is silent; the summary is one clean line.
  auto r = run_cli({"texm", "to-png", lib, path("out")});
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "exported 2 of 2 textures to " + path("out") + "\n");
}

TEST_F(TexmCli, WrongEntryTypeIsNamed) {
  std::string lib = archive("Textures.lib");
  auto r = run_cli({"texm", "info", lib + "::NOTE.wea"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + lib + "::NOTE.wea: this entry is a WEAR, not a Texm\n");
  auto whole = run_cli({"texm", "info", lib});
  EXPECT_EQ(whole.exit_code, 1);
  EXPECT_EQ(whole.err, "parkan: error: " + lib + ": this file is an NRes archive, not a Texm\n");
}

TEST_F(TexmCli, CheckReportsCodesPerTextureAndTakesSeveralSources) {
  std::string lib = archive("Textures.lib");
  ByteBuffer broken = texture(8, 8, texm::Format::argb8888, 1);
  broken.resize(broken.size() - 1);  // the last pixel row is short
  std::string bad = write("BAD.0", broken);
  ByteBuffer outside = texture(8, 8, texm::Format::argb8888, 1, 0, std::vector<texm::PageRect>{{4, 8, 0, 4}});
  std::vector<nres::EntrySpec> specs = {{texm::kMagic, 0, 0, 0, "NODOT", outside}};
  std::string odd = write("Odd.lib", *nres::build(specs));

  auto good = run_cli({"texm", "check", lib});
  EXPECT_EQ(good.exit_code, 0) << good.err;
  EXPECT_EQ(good.out, lib + ": 2 textures, 0 errors, 0 warnings\n");
  EXPECT_EQ(good.err, "");

  auto r = run_cli({"texm", "check", lib, bad, odd});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, lib + ": 2 textures, 0 errors, 0 warnings\n" + bad + ": 1 error, 0 warnings\n" + odd +
                       ": 1 texture, 0 errors, 2 warnings\ntotal: 4 textures in 3 files, 1 error, 2 warnings\n");
  EXPECT_NE(r.err.find("parkan: error: " + bad + ": mip level 0 (8x8, 256 bytes) is truncated: 255 bytes left at "
                       "offset 0x20 [texm.size.truncated]\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("parkan: warning: " + odd + "::NODOT: texture name has no '.' within its first 17 characters"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("[texm.page.rect]"), std::string::npos) << r.err;

  auto json = run_cli({"texm", "check", bad, "--json"});
  EXPECT_EQ(json.exit_code, 1);
  nlohmann::json doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc["valid"], false);
  EXPECT_EQ(doc["errors"], 1);
  EXPECT_EQ(doc["textures"], 1);
  ASSERT_EQ(doc["findings"].size(), 1u);
  EXPECT_EQ(doc["findings"][0]["code"], "texm.size.truncated");
  EXPECT_EQ(doc["findings"][0]["severity"], "error");
  EXPECT_EQ(doc["findings"][0]["file"], bad);
  EXPECT_EQ(doc["findings"][0]["entry"], nullptr);
  EXPECT_EQ(doc["findings"][0]["offset"], 32);

  auto missing = run_cli({"texm", "check", path("none.lib")});
  EXPECT_EQ(missing.exit_code, 3);
}

TEST_F(TexmCli, NamesWithControlBytesCannotForgeOrSplitLines) {
  ByteBuffer broken{'T', 'e', 'x', 'm'};
  std::vector<nres::EntrySpec> specs = {{texm::kMagic, 0, 0, 0, "A\nparkan: error: forged\x1b[31m", broken}};
  std::string lib = write("evil.lib", *nres::build(specs));
  auto r = run_cli({"texm", "check", lib});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + lib +
                       "::A\\nparkan: error: forged\\x1b[31m: payload too small for the Texm header: 4 bytes, need 32 at "
                       "offset 0x0 [texm.header.size]\n");
  auto info = run_cli({"texm", "info", lib + "::#0"});
  EXPECT_EQ(info.exit_code, 1);
  EXPECT_EQ(std::count(info.err.begin(), info.err.end(), '\n'), 1) << info.err;
  EXPECT_EQ(info.err.find('\x1b'), std::string::npos);
}

}  // namespace
}  // namespace parkan
