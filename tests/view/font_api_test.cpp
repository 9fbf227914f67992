// The font panel's endpoints (docs/view.md 3.4) on the small sample game: /api/font's metrics and
// glyph rectangles against the font read here, where the format 2 atlas's palette was found, and
// /api/font.png decoded to the atlas's size with index 0 transparent; a font elsewhere is refused
// by the texture endpoint and the other way round.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "parkan/export/png.hpp"
#include "parkan/font/font.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/view/service.hpp"
#include "support.hpp"

namespace parkan::view {
namespace {

using nlohmann::json;

class FontApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new test::TempDir();
    ASSERT_TRUE(sample::write_sample_game(dir_->path(), sample::SampleOptions{}));
    auto service = Service::open(dir_->path());
    ASSERT_TRUE(service) << service.error().to_string();
    service_ = service->release();
  }
  static void TearDownTestSuite() {
    delete service_;
    delete dir_;
  }
  static Response get(std::string_view path, const Query& query) { return service_->handle(path, query); }
  static test::TempDir* dir_;
  static Service* service_;
};
test::TempDir* FontApi::dir_ = nullptr;
Service* FontApi::service_ = nullptr;

TEST_F(FontApi, GamefontMetricsGlyphsAndAtlas) {
  const Query at = {{"file", "gamefont.rlb"}, {"entry", "0"}};
  Response r = get("/api/font", at);
  ASSERT_EQ(r.status, 200) << r.body.substr(0, 300);
  const json doc = json::parse(r.body);
  EXPECT_EQ(doc["name"], "ARIALTEX.TFT");
  EXPECT_EQ(doc["info"]["cell_width"], 15);
  EXPECT_EQ(doc["info"]["glyph_height"], 17);
  EXPECT_EQ(doc["info"]["encoding"], "cp866");
  EXPECT_EQ(doc["palette"], "gamefont.rlb::PAL.PAL");
  ASSERT_EQ(doc["glyphs"].size(), 256u);
  auto payload = resource::open_payload((dir_->path() / "gamefont.rlb").string() + "::ARIALTEX.TFT");
  ASSERT_TRUE(payload);
  auto font = font::read_font(payload->bytes());
  ASSERT_TRUE(font);
  std::size_t draws = 0;
  for (std::size_t c = 0; c < 256; ++c) {
    const json& g = doc["glyphs"][c];
    const font::GlyphRect rect = font::glyph_rect(*font, font->glyphs[c]);
    EXPECT_EQ(g["advance"], font->glyphs[c].advance);
    EXPECT_EQ(g["rect"]["x"], rect.x);
    EXPECT_EQ(g["rect"]["y"], rect.y);
    EXPECT_EQ(g["rect"]["w"], font->glyphs[c].advance + 1);
    EXPECT_EQ(g["rect"]["h"], 18);
    draws += g["draws"].get<bool>();
  }
  EXPECT_EQ(draws, 123u);

  Response png = get("/api/font.png", at);
  ASSERT_EQ(png.status, 200);
  EXPECT_EQ(png.content_type, "image/png");
  auto image = png::decode(ByteView(reinterpret_cast<const std::uint8_t*>(png.body.data()), png.body.size()));
  ASSERT_TRUE(image);
  EXPECT_EQ(image->width, 128u);
  EXPECT_EQ(image->height, 128u);
  EXPECT_EQ(image->rgba[3], 0);  // the corner is index 0: transparent
}

TEST_F(FontApi, AFormat0FontHasItsOwnPaletteAndKindsAreKeptApart) {
  Response r = get("/api/font", {{"file", "ui/font.lib"}, {"entry", "0"}});
  ASSERT_EQ(r.status, 200) << r.body.substr(0, 300);
  const json doc = json::parse(r.body);
  EXPECT_EQ(doc["palette"], "own");
  EXPECT_EQ(doc["info"]["encoding"], "cp1251");
  EXPECT_EQ(doc["info"]["glyph_count"], 165);
  EXPECT_EQ(get("/api/font.png", {{"file", "ui/font.lib"}, {"entry", "0"}}).status, 200);
  EXPECT_EQ(get("/api/font", {{"file", "Textures.lib"}, {"entry", "0"}}).status, 422);
  EXPECT_EQ(get("/api/texture", {{"file", "ui/font.lib"}, {"entry", "0"}}).status, 422);
}

}  // namespace
}  // namespace parkan::view
