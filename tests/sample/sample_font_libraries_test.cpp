// The sample game's sys.lib and ui/font.lib (sample_font_libraries.cpp, docs/formats/font.md 1): the
// debug font (8, 7, 8/128, 1) in format 0 beside PAL.PAL, and gf_/tf_/mf_ fonts of 165 cp1251 glyphs;
// every font passes its own check; the same seed gives the same bytes.
#include <gtest/gtest.h>

#include <cstring>
#include <map>

#include "parkan/font/font.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/texm/palette.hpp"

namespace parkan::sample {
namespace {

std::map<std::string, ByteBuffer> files_of(const SampleOptions& options) {
  std::map<std::string, ByteBuffer> out;
  for (SampleFile& f : sample_font_libraries(options)) out[f.path] = std::move(f.bytes);
  return out;
}

constexpr std::uint32_t kTfnt = 0x746E6654, kPalm = 0x6D6C6150;

TEST(SampleFontLibraries, SysLibHoldsTheDebugFontAndPalPal) {
  const auto files = files_of({});
  ASSERT_EQ(files.size(), 2u);
  auto sys = nres::read(files.at("sys.lib"));
  ASSERT_TRUE(sys.ok()) << sys.error().to_string();
  ASSERT_EQ(sys->entries.size(), 2u);
  EXPECT_EQ(sys->entries[0].name(), "ARIALTEX.TFT");
  EXPECT_EQ(sys->entries[0].type_id, kTfnt);
  EXPECT_EQ(sys->entries[1].name(), "PAL.PAL");
  EXPECT_EQ(sys->entries[1].type_id, kPalm);
  const ByteView pal = sys->payload(1);
  EXPECT_EQ(pal.size(), 66564u);
  EXPECT_TRUE(texm::read_pal(pal).ok());
  EXPECT_TRUE(font::check_pal(pal).empty());

  const ByteView bytes = sys->payload(0);
  // The header words by hand: (8, 7, 8/128, 1).
  std::int32_t words[4];
  std::memcpy(words, bytes.data() + 4, 16);
  EXPECT_EQ(words[0], 8);
  EXPECT_EQ(words[1], 7);
  float cell_height;
  std::memcpy(&cell_height, bytes.data() + 12, 4);
  EXPECT_EQ(cell_height, 8.0f / 128.0f);
  EXPECT_EQ(words[3], 1);
  auto f = font::read_font(bytes);
  ASSERT_TRUE(f.ok()) << f.error().to_string();
  EXPECT_EQ(f->atlas.format, texm::Format::indexed8);
  EXPECT_EQ(f->atlas.header.width, 128u);
  EXPECT_EQ(f->atlas.header.height, 128u);
  EXPECT_EQ(f->atlas.header.flags5, 0x01000000u);
  EXPECT_TRUE(font::check_font(bytes).empty());
  std::size_t glyphs = 0, high = 0;
  for (std::size_t c = 0; c < 256; ++c)
    if (font::has_glyph(f->glyphs[c])) ++glyphs, high += c >= 0x80;
  EXPECT_EQ(glyphs, 95u + 64u);
  EXPECT_EQ(high, 64u);  // CP866's places: 0x80..0xAF and 0xE0..0xEF
  EXPECT_TRUE(font::has_glyph(f->glyphs[0x80]) && font::has_glyph(f->glyphs[0xE5]) && !font::has_glyph(f->glyphs[0xC0]));
}

TEST(SampleFontLibraries, UiFontsAtEverySize) {
  for (const bool retail : {false, true}) {
    SampleOptions options;
    options.retail = retail;
    const auto files = files_of(options);
    auto ui = nres::read(files.at("ui/font.lib"));
    ASSERT_TRUE(ui.ok()) << ui.error().to_string();
    ASSERT_EQ(ui->entries.size(), retail ? 9u : 3u);
    std::int32_t previous_mf = 0;
    for (std::size_t i = 0; i < ui->entries.size(); ++i) {
      const std::string name(ui->entries[i].name());
      SCOPED_TRACE(name);
      EXPECT_EQ(ui->entries[i].type_id, kTfnt);
      EXPECT_EQ(font::encoding_for_name(name), font::Encoding::cp1251);
      const ByteView bytes = ui->payload(i);
      EXPECT_TRUE(font::check_font(bytes).empty());
      auto f = font::read_font(bytes);
      ASSERT_TRUE(f.ok());
      std::size_t glyphs = 0;
      for (const font::Glyph& g : f->glyphs) glyphs += font::has_glyph(g);
      EXPECT_EQ(glyphs, 165u);
      EXPECT_TRUE(font::has_glyph(f->glyphs[0xC0]) && font::has_glyph(f->glyphs[0xFF]) && !font::has_glyph(f->glyphs[0xB0]));
      // The row pitch is the cell: cell height x atlas height = glyph height + 1 (openparkan's measure).
      EXPECT_EQ(f->cell_height * float(f->atlas.header.height), float(f->glyph_height + 1));
      EXPECT_EQ(f->pen_step, 1);
      if (name.starts_with("mf_")) {
        EXPECT_GT(f->glyph_height, previous_mf);
        previous_mf = f->glyph_height;
      }
    }
  }
  EXPECT_EQ(files_of({}).at("ui/font.lib"), files_of({}).at("ui/font.lib"));
}

}  // namespace
}  // namespace parkan::sample
