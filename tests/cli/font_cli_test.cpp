// parkan font info|check|export|import (docs/cli.md 5.15) on the sample game's fonts
// (gamefont.rlb: format 2 through PAL.PAL; sys.lib and ui/font.lib: format 0), and validate's chain
// (docs/formats/font.md 7). The exported PNG is read back with libpng itself, not parkan's reader.
#include <cstring>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <png.h>

#include "parkan/font/font.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/sample/sample_game.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using nlohmann::json;
using test::run_cli;

struct Rgba {
  std::uint32_t width = 0, height = 0;
  std::vector<std::uint8_t> pixels;
  const std::uint8_t* at(std::uint32_t x, std::uint32_t y) const { return pixels.data() + 4 * (std::size_t(y) * width + x); }
};

// libpng's simplified API: any PNG as 8-bit RGBA.
Rgba read_png(const std::filesystem::path& path) {
  const ByteBuffer bytes = test::read_bytes(path);
  png_image image;
  std::memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  Rgba out;
  if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size())) return out;
  image.format = PNG_FORMAT_RGBA;
  out.pixels.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.pixels.data(), 0, nullptr)) return {};
  out.width = image.width, out.height = image.height;
  return out;
}

void write_png(const std::filesystem::path& path, const Rgba& rgba) {
  png_image image;
  std::memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  image.width = rgba.width, image.height = rgba.height, image.format = PNG_FORMAT_RGBA;
  ASSERT_TRUE(png_image_write_to_file(&image, path.string().c_str(), 0, rgba.pixels.data(), 0, nullptr));
}

ByteBuffer payload_of(const std::filesystem::path& archive, const std::string& name) {
  auto payload = resource::open_payload(archive.string() + "::" + name);
  if (!payload) return {};
  return ByteBuffer(payload->bytes().begin(), payload->bytes().end());
}

class FontCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    game_ = new test::TempDir;
    ASSERT_TRUE(sample::write_sample_game(game_->path(), {}));
  }
  static void TearDownTestSuite() { delete game_; }
  static std::string at(const std::string& relative) { return (*game_ / relative).string(); }
  static test::TempDir* game_;
  test::TempDir work;
};
test::TempDir* FontCli::game_ = nullptr;

TEST_F(FontCli, InfoOfTheThreeKinds) {
  auto r = run_cli({"font", "info", at("gamefont.rlb") + "::ARIALTEX.TFT"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
            at("gamefont.rlb") + "::ARIALTEX.TFT: font, cell width 15, glyph height 17, cell height 0.140625 (18 pixels), "
                                 "pen step 1, 123 glyphs, encoding cp866");
  EXPECT_NE(r.out.find("\natlas: 128x128 Texm format 2 (external palette: PAL.PAL), 1 level, flags5 0x01000000 "
                       "(colour key: index 0 transparent)\n"),
            std::string::npos)
      << r.out;
  auto j = run_cli({"font", "info", at("sys.lib") + "::ARIALTEX.TFT", "--json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const json sys = json::parse(j.out);
  EXPECT_EQ(sys["cell_width"], 8);
  EXPECT_EQ(sys["glyph_height"], 7);
  EXPECT_EQ(sys["cell_height"], 0.0625);  // 8 / 128
  EXPECT_EQ(sys["pen_step"], 1);
  EXPECT_EQ(sys["encoding"], "cp866");
  EXPECT_EQ(sys["atlas"]["format"], 0);
  EXPECT_EQ(sys["atlas"]["height"], 128);
  auto ui = run_cli({"font", "info", at("ui/font.lib") + "::gf_640", "--json"});
  ASSERT_EQ(ui.exit_code, 0) << ui.err;
  const json gf = json::parse(ui.out);
  EXPECT_EQ(gf["encoding"], "cp1251");
  EXPECT_EQ(gf["glyph_count"], 165);
  EXPECT_EQ(gf["glyph_height"], 7);
}

TEST_F(FontCli, CheckTheSampleFontsAndABrokenOne) {
  auto r = run_cli({"font", "check", at("gamefont.rlb"), at("sys.lib"), at("ui/font.lib")});
  EXPECT_EQ(r.exit_code, 0) << r.err << r.out;
  EXPECT_EQ(r.err, "");
  ByteBuffer font = payload_of(game_->path() / "sys.lib", "ARIALTEX.TFT");
  ASSERT_FALSE(font.empty());
  const std::int32_t negative = -3;
  std::memcpy(font.data() + 0x14 + 16 * 0x41 + 12, &negative, 4);
  test::write_bytes(work / "bad.tft", font);
  auto bad = run_cli({"font", "check", (work / "bad.tft").string()});
  EXPECT_EQ(bad.exit_code, 0) << bad.err;
  EXPECT_EQ(bad.err, "parkan: warning: " + (work / "bad.tft").string() +
                         ": glyph 0x41: advance -3 is negative at offset 0x430 [font.glyph.advance]\n");
}

TEST_F(FontCli, ExportThenImportIsByteIdenticalOnEveryFont) {
  for (const auto& [archive, name] : {std::pair{"gamefont.rlb", "ARIALTEX.TFT"}, std::pair{"sys.lib", "ARIALTEX.TFT"},
                                      std::pair{"ui/font.lib", "gf_640"}, std::pair{"ui/font.lib", "tf_640"},
                                      std::pair{"ui/font.lib", "mf_640"}}) {
    SCOPED_TRACE(std::string(archive) + "::" + name);
    const std::string src = at(archive) + "::" + name;
    auto e = run_cli({"font", "export", src, (work / "a.png").string(), (work / "a.json").string()});
    ASSERT_EQ(e.exit_code, 0) << e.err;
    auto i = run_cli({"font", "import", (work / "a.png").string(), (work / "a.json").string(), (work / "a.tft").string()});
    ASSERT_EQ(i.exit_code, 0) << i.err;
    EXPECT_EQ(test::read_bytes(work / "a.tft"), payload_of(game_->path() / archive, name));
  }
}

// The PNG, read by libpng, against the glyph records: every drawing glyph's rectangle lies in the
// atlas and holds ink; every opaque pixel lies in some glyph's rectangle; the atlas's index 0 is
// transparent and every other index opaque.
TEST_F(FontCli, ExportedAtlasAgreesWithTheGlyphRecords) {
  for (const auto& [archive, name] : {std::pair{"gamefont.rlb", "ARIALTEX.TFT"}, std::pair{"ui/font.lib", "mf_640"}}) {
    SCOPED_TRACE(std::string(archive) + "::" + name);
    auto e = run_cli({"font", "export", at(archive) + "::" + name, (work / "a.png").string(), (work / "a.json").string()});
    ASSERT_EQ(e.exit_code, 0) << e.err;
    if (std::string(archive) == "gamefont.rlb") {
      EXPECT_EQ(e.out, "palette: " + at("gamefont.rlb") + "::PAL.PAL\n");
    }
    const Rgba png = read_png(work / "a.png");
    const json doc = json::parse(test::slurp(work / "a.json"));
    ASSERT_EQ(png.width, doc["atlas"]["width"].get<std::uint32_t>());
    ASSERT_EQ(png.height, doc["atlas"]["height"].get<std::uint32_t>());
    std::vector<bool> covered(std::size_t(png.width) * png.height, false);
    std::size_t drawing = 0;
    for (const json& g : doc["glyphs"]) {
      if (!(g["u1"].get<double>() > g["u0"].get<double>())) continue;
      ++drawing;
      const std::int64_t x = g["rect"]["x"], y = g["rect"]["y"], w = g["rect"]["w"], h = g["rect"]["h"];
      EXPECT_EQ(w, g["advance"].get<std::int64_t>() + 1);
      EXPECT_EQ(g["drawn_width"], w);
      ASSERT_TRUE(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= png.width && y + h <= png.height) << g.dump();
      std::size_t ink = 0;
      for (std::int64_t yy = y; yy < y + h; ++yy)
        for (std::int64_t xx = x; xx < x + w; ++xx) {
          covered[std::size_t(yy) * png.width + std::size_t(xx)] = true;
          ink += png.at(std::uint32_t(xx), std::uint32_t(yy))[3] != 0;
        }
      if (g["code"] != 0x20) {
        EXPECT_GT(ink, 0u) << g.dump();
      }
    }
    EXPECT_EQ(drawing, std::string(archive) == "gamefont.rlb" ? 123u : 165u);
    // Index 0 transparent, the others opaque: the atlas's own indices (level 0 after the header).
    const ByteBuffer font = payload_of(game_->path() / archive, name);
    const std::size_t pixels = 0x1014 + 32 + (doc["atlas"]["format"] == 0 ? 1024 : 0);
    ASSERT_EQ(font.size(), pixels + std::size_t(png.width) * png.height);
    for (std::uint32_t y = 0; y < png.height; ++y)
      for (std::uint32_t x = 0; x < png.width; ++x) {
        const std::uint8_t index = font[pixels + std::size_t(y) * png.width + x];
        const std::uint8_t alpha = png.at(x, y)[3];
        ASSERT_EQ(alpha, index == 0 ? 0 : 255) << x << "," << y;
        if (alpha) {
          ASSERT_TRUE(covered[std::size_t(y) * png.width + x]) << "ink outside every glyph at " << x << "," << y;
        }
      }
  }
}

TEST_F(FontCli, AnEditedGlyphChangesTheAtlasExactlyThere) {
  const std::string src = at("gamefont.rlb") + "::ARIALTEX.TFT";
  ASSERT_EQ(run_cli({"font", "export", src, (work / "a.png").string(), (work / "a.json").string()}).exit_code, 0);
  Rgba png = read_png(work / "a.png");
  const json doc = json::parse(test::slurp(work / "a.json"));
  // A transparent pixel inside glyph 'A' painted grey 200.
  const json& a = doc["glyphs"][0x41];
  const std::int64_t x0 = a["rect"]["x"], y0 = a["rect"]["y"];
  std::uint32_t px = 0, py = 0;
  bool found = false;
  for (std::int64_t y = y0; y < y0 + 17 && !found; ++y)
    for (std::int64_t x = x0; x < x0 + a["rect"]["w"].get<std::int64_t>() && !found; ++x)
      if (png.at(std::uint32_t(x), std::uint32_t(y))[3] == 0) px = std::uint32_t(x), py = std::uint32_t(y), found = true;
  ASSERT_TRUE(found);
  std::uint8_t* p = png.pixels.data() + 4 * (std::size_t(py) * png.width + px);
  p[0] = p[1] = p[2] = 200, p[3] = 255;
  write_png(work / "edited.png", png);
  auto r = run_cli({"font", "import", (work / "edited.png").string(), (work / "a.json").string(),
                    (work / "new.rlb").string(), "--into", src});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const ByteBuffer before = payload_of(game_->path() / "gamefont.rlb", "ARIALTEX.TFT");
  const ByteBuffer after = payload_of(work / "new.rlb", "ARIALTEX.TFT");
  ASSERT_EQ(before.size(), after.size());
  std::vector<std::size_t> changed;
  for (std::size_t i = 0; i < before.size(); ++i)
    if (before[i] != after[i]) changed.push_back(i);
  const std::size_t pixel = 0x1014 + 32 + std::size_t(py) * 128 + px;
  EXPECT_EQ(changed, std::vector<std::size_t>{pixel});
  EXPECT_EQ(after[pixel], 200);  // the sample's PAL.PAL is a grey ramp: index 200 is grey 200
  EXPECT_EQ(payload_of(work / "new.rlb", "PAL.PAL"), payload_of(game_->path() / "gamefont.rlb", "PAL.PAL"));
}

TEST_F(FontCli, AFormat2AtlasNeedsItsPalette) {
  test::write_bytes(work / "font.tft", payload_of(game_->path() / "gamefont.rlb", "ARIALTEX.TFT"));
  auto r = run_cli({"font", "export", (work / "font.tft").string(), (work / "a.png").string(), (work / "a.json").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("the atlas is Texm format 2 and no PAL.PAL was found"), std::string::npos) << r.err;
  auto given = run_cli({"font", "export", (work / "font.tft").string(), (work / "a.png").string(),
                        (work / "a.json").string(), "--palette", at("sys.lib") + "::PAL.PAL"});
  EXPECT_EQ(given.exit_code, 0) << given.err;
  EXPECT_EQ(given.out, "palette: " + at("sys.lib") + "::PAL.PAL\n");
}

TEST_F(FontCli, ImportRefusesAnotherSize) {
  const std::string src = at("sys.lib") + "::ARIALTEX.TFT";
  ASSERT_EQ(run_cli({"font", "export", src, (work / "a.png").string(), (work / "a.json").string()}).exit_code, 0);
  Rgba small{4, 4, std::vector<std::uint8_t>(64, 0)};
  write_png(work / "small.png", small);
  auto r = run_cli({"font", "import", (work / "small.png").string(), (work / "a.json").string(), (work / "x.tft").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + (work / "small.png").string() + ": the image is 4x4, the atlas 128x128\n");
}

// validate (docs/formats/font.md 7): gamefont's format 2 atlas finds its PAL.PAL; without one in gamefont.rlb
// it takes sys.lib's; without both, font.palette.missing.
TEST_F(FontCli, ValidateFindsTheFontsPalette) {
  test::TempDir copy;
  for (const char* f : {"gamefont.rlb", "sys.lib"})
    test::write_bytes(copy / f, test::read_bytes(*game_ / f));
  auto clean = run_cli({"validate", copy.path().string()});
  EXPECT_EQ(clean.err.find("font.palette.missing"), std::string::npos) << clean.err;
  ASSERT_EQ(run_cli({"archive", "remove", (copy / "gamefont.rlb").string(), "PAL.PAL", (work / "g.rlb").string()}).exit_code, 0);
  test::write_bytes(copy / "gamefont.rlb", test::read_bytes(work / "g.rlb"));
  auto via_sys = run_cli({"validate", copy.path().string()});
  EXPECT_EQ(via_sys.err.find("font.palette.missing"), std::string::npos) << via_sys.err;
  std::filesystem::remove(copy / "sys.lib");
  auto missing = run_cli({"validate", copy.path().string()});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("parkan: error: gamefont.rlb::ARIALTEX.TFT: the atlas is Texm format 2 and draws through "
                             "PAL.PAL: no PAL.PAL in gamefont.rlb or sys.lib at offset 0x1030 "
                             "[font.palette.missing]"),
            std::string::npos)
      << missing.err;
}

}  // namespace
}  // namespace parkan
