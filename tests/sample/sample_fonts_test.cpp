// The sample game's gamefont.rlb (sample_fonts.cpp): a Tfnt laid out as docs/formats/texm.md 3.4
// writes it, its format 2 atlas decoding through the library's PAL.PAL, index 0 transparent.
#include <gtest/gtest.h>

#include <cstring>
#include <set>

#include "sample/sample_fonts.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/rsli/archive.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::sample {
namespace {

ByteBuffer gamefont() {
  for (SampleFile& f : sample_libraries(SampleOptions{}))
    if (f.path == "gamefont.rlb") return std::move(f.bytes);
  return {};
}

float f32_at(const ByteBuffer& b, std::size_t at) {
  float v;
  std::memcpy(&v, b.data() + at, 4);
  return v;
}

TEST(SampleFonts, GamefontHoldsATfntAndItsPalette) {
  const ByteBuffer library = gamefont();
  auto archive = rsli::read(library, rsli::Profile::strict);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  ASSERT_EQ(archive->entries.size(), 2u);
  EXPECT_EQ(archive->entries[0].name(), "ARIALTEX.TFT");
  EXPECT_EQ(archive->entries[1].name(), "PAL.PAL");
  for (const rsli::Entry& e : archive->entries) EXPECT_EQ(e.method(), rsli::Method::lzss);

  const ByteBuffer font = *rsli::unpack(*archive, 0);
  const ByteBuffer pal = *rsli::unpack(*archive, 1);
  // The header words of the retail ARIALTEX.TFT: (15, 17, 18/128, 1).
  ASSERT_GE(font.size(), 0x1014u + texm::kHeaderSize);
  EXPECT_EQ(load_u32(font.data()), 0x746E6654u);  // "Tfnt"
  EXPECT_EQ(load_u32(font.data() + 4), 15u);
  EXPECT_EQ(load_u32(font.data() + 8), 17u);
  EXPECT_EQ(f32_at(font, 0x0C), 18.0f / 128.0f);
  EXPECT_EQ(load_u32(font.data() + 0x10), 1u);
  // 123 glyphs in 7 rows: records with an advance, v0 on the row grid.
  std::size_t glyphs = 0;
  std::set<float> rows;
  for (std::size_t c = 0; c < 256; ++c) {
    const std::size_t at = 0x14 + 16 * c;
    const std::uint32_t advance = load_u32(font.data() + at + 12);
    if (advance == 0) continue;
    ++glyphs;
    rows.insert(f32_at(font, at + 8));
    EXPECT_EQ(f32_at(font, at + 4) - f32_at(font, at), float(advance + 1) / 128.0f) << c;  // advance + 1 wide
  }
  EXPECT_EQ(glyphs, kSampleFontGlyphs);
  EXPECT_EQ(rows.size(), 7u);
  EXPECT_EQ(*rows.rbegin(), 6 * 18.0f / 128.0f);

  // The atlas: a 128x128 format 2 Texm with the colour-key bit, no palette of its own.
  const ByteView atlas_bytes = ByteView(font).subspan(0x1014);
  auto atlas = texm::read(atlas_bytes);
  ASSERT_TRUE(atlas.ok()) << atlas.error().to_string();
  EXPECT_EQ(atlas->format, texm::Format::indexed8_external);
  EXPECT_EQ(atlas->header.width, 128u);
  EXPECT_EQ(atlas->header.height, 128u);
  EXPECT_EQ(atlas->header.flags5, texm::kColourKeyFlag);
  EXPECT_TRUE(atlas->palette.empty());

  // PAL.PAL: 66564 bytes, grey B, G, R, X entries, "Ipol", a symmetric blend table with t[i][i] = i.
  auto resource = texm::read_pal(pal);
  ASSERT_TRUE(resource.ok()) << resource.error().to_string();
  EXPECT_EQ(resource->rgba(200), (std::array<std::uint8_t, 4>{200, 200, 200, 255}));
  for (std::size_t i = 0; i < 256; ++i) EXPECT_EQ(resource->table[i * 256 + i], i);
  EXPECT_EQ(resource->table[3 * 256 + 7], resource->table[7 * 256 + 3]);

  // Decoded through it: the background transparent, the strokes opaque grey.
  texm::DecodeOptions options;
  options.palette = pal;
  auto image = texm::decode(*atlas, 0, options);
  ASSERT_TRUE(image.ok()) << image.error().to_string();
  std::size_t clear = 0, drawn = 0;
  for (std::size_t i = 0; i < image->rgba.size(); i += 4) {
    const std::uint8_t* p = image->rgba.data() + i;
    if (p[3] == 0) ++clear;
    else if (p[3] == 255 && p[0] == p[1] && p[1] == p[2] && p[0] > 0) ++drawn;
  }
  EXPECT_EQ(clear + drawn, std::size_t(128) * 128);
  EXPECT_GT(drawn, 1000u);
  EXPECT_GT(clear, drawn);
  EXPECT_EQ(texm::decode(*atlas, 0).error().rule, "texm.palette.external");
}

}  // namespace
}  // namespace parkan::sample
