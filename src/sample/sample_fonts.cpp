// gamefont.rlb of the sample game, shaped like the retail one (docs/formats/texm.md 3.4; the retail
// font: 123 glyphs of a 15-pixel fixed cell, 17 pixels high, in 7 rows of a 128x128 atlas of
// Texm format 2 whose indices go through the library's PAL.PAL). The glyphs are glyph-like stroke
// marks, not letters: enough to see the atlas, the palette and the colour key work.
#include "sample/sample_fonts.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <vector>

#include "sample/sample_random.hpp"
#include "parkan/texm/encode.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::sample {

namespace {

constexpr std::uint32_t kPenStep = 1;              // extra pen step: 1 on every retail font
constexpr std::size_t kGlyphRecordSize = 16;       // f32 u0, f32 u1, f32 v0, i32 advance
constexpr std::uint32_t kRowHeight = kSampleFontGlyphHeight + 1;

// The codes with glyphs: ASCII 32..126 and the 28 CP866 capitals 0x80..0x9B (123 in all).
std::vector<std::uint8_t> glyph_codes() {
  std::vector<std::uint8_t> codes;
  for (int c = 32; c <= 126; ++c) codes.push_back(static_cast<std::uint8_t>(c));
  for (int c = 0x80; c < 0x80 + 28; ++c) codes.push_back(static_cast<std::uint8_t>(c));
  return codes;
}

// A proportional advance in pixels (the drawn glyph is advance + 1 wide).
std::int32_t advance_of(std::uint8_t code) {
  const char c = static_cast<char>(code);
  if (code >= 0x80) return 8;
  if (c == ' ') return 4;
  if (std::string_view("il.,:;'!|`").find(c) != std::string_view::npos) return 2;
  if (std::string_view("MWmw@%").find(c) != std::string_view::npos) return 9;
  if (c >= 'A' && c <= 'Z') return 7;
  if (c >= '0' && c <= '9') return 6;
  return 5;
}

struct Placed {
  std::uint8_t code;
  std::uint32_t x, y;
  std::int32_t advance;
};

// Left to right, row by row, each glyph advance + 1 pixels wide.
std::vector<Placed> place_glyphs() {
  std::vector<Placed> out;
  std::uint32_t x = 0, y = 0;
  for (std::uint8_t code : glyph_codes()) {
    const std::int32_t advance = advance_of(code);
    const std::uint32_t width = std::uint32_t(advance) + 1;
    if (x + width > kSampleFontAtlasSide) x = 0, y += kRowHeight;
    out.push_back({code, x, y, advance});
    x += width;
  }
  return out;
}

// Grey level v at (x, y) of the atlas, keeping the brighter of what is there.
void plot(texm::Image& atlas, std::uint32_t x, std::uint32_t y, std::uint8_t v) {
  if (x >= atlas.width || y >= atlas.height) return;
  std::uint8_t* p = atlas.rgba.data() + (std::size_t(y) * atlas.width + x) * 4;
  if (p[3] != 0 && p[0] >= v) return;
  p[0] = p[1] = p[2] = v;
  p[3] = 255;
}

// Two or three strokes inside the glyph's box, white with a grey fringe below and right (the
// anti-aliasing the palette's grey ramp is for).
void draw_glyph(texm::Image& atlas, const Placed& g, SampleRandom& rng) {
  if (g.code == ' ') return;
  const std::uint32_t left = g.x, right = g.x + std::uint32_t(std::max(g.advance - 1, 0));
  const std::uint32_t top = g.y + 3, bottom = g.y + kSampleFontGlyphHeight - 3;
  const int strokes = 2 + int(rng.below(2));
  for (int s = 0; s < strokes; ++s) {
    std::uint32_t x0 = left + std::uint32_t(rng.below(right - left + 1)), y0 = top + std::uint32_t(rng.below(bottom - top + 1));
    std::uint32_t x1 = left + std::uint32_t(rng.below(right - left + 1)), y1 = top + std::uint32_t(rng.below(bottom - top + 1));
    if (s == 0) x0 = x1 = left + (right - left) / 2, y0 = top, y1 = bottom;  // a stem
    const int steps = int(std::max({x0 > x1 ? x0 - x1 : x1 - x0, y0 > y1 ? y0 - y1 : y1 - y0, 1u}));
    for (int t = 0; t <= steps; ++t) {
      const std::uint32_t x = x0 + std::uint32_t((std::int64_t(x1) - x0) * t / steps);
      const std::uint32_t y = y0 + std::uint32_t((std::int64_t(y1) - y0) * t / steps);
      plot(atlas, x, y, 255);
      if (x + 1 <= right) plot(atlas, x + 1, y, 96);
      plot(atlas, x, y + 1, 96);
    }
  }
}

}  // namespace

ByteBuffer sample_font_palette() {
  ByteWriter w(texm::kPalSize);
  for (int i = 0; i < 256; ++i) w.u8(std::uint8_t(i)), w.u8(std::uint8_t(i)), w.u8(std::uint8_t(i)), w.u8(0);  // B, G, R, X
  w.u32(texm::kIpolMagic);
  for (int a = 0; a < 256; ++a)
    for (int b = 0; b < 256; ++b) w.u8(std::uint8_t((a + b) / 2));
  return w.take();
}

ByteBuffer sample_font(std::uint64_t seed) {
  SampleRandom rng{seed};
  const std::vector<Placed> glyphs = place_glyphs();
  texm::Image atlas{kSampleFontAtlasSide, kSampleFontAtlasSide,
                    ByteBuffer(std::size_t(kSampleFontAtlasSide) * kSampleFontAtlasSide * 4, 0)};
  for (const Placed& g : glyphs) draw_glyph(atlas, g, rng);

  const ByteBuffer pal = sample_font_palette();
  texm::EncodeOptions options;
  options.format = texm::Format::indexed8_external;
  options.flags5 = texm::kColourKeyFlag;  // as all 11 retail font atlases: index 0 transparent
  options.palette = texm::Palette{};
  std::copy(pal.begin(), pal.begin() + texm::kPaletteSize, options.palette->begin());
  auto texture = texm::encode(atlas, options);
  if (!texture) return {};  // valid by construction

  ByteWriter w;
  w.u32(texm::kFontMagic);
  w.i32(std::int32_t(kSampleFontCellWidth));
  w.i32(std::int32_t(kSampleFontGlyphHeight));
  w.f32(float(kRowHeight) / float(kSampleFontAtlasSide));
  w.i32(std::int32_t(kPenStep));
  ByteBuffer table(256 * kGlyphRecordSize, 0);
  const float side = float(kSampleFontAtlasSide);
  for (const Placed& g : glyphs) {
    std::uint8_t* record = table.data() + std::size_t(g.code) * kGlyphRecordSize;
    const float u0 = float(g.x) / side, u1 = float(g.x + std::uint32_t(g.advance) + 1) / side, v0 = float(g.y) / side;
    std::memcpy(record, &u0, 4);
    std::memcpy(record + 4, &u1, 4);
    std::memcpy(record + 8, &v0, 4);
    store_u32(record + 12, std::uint32_t(g.advance));
  }
  w.bytes(table);
  w.bytes(*texture);
  return w.take();
}

Result<ByteBuffer> gamefont_library(rsli::Document library, std::uint64_t seed) {
  PARKAN_TRY(rsli::add_entry(library, "ARIALTEX.TFT", sample_font(seed), rsli::Method::lzss));
  PARKAN_TRY(rsli::add_entry(library, "PAL.PAL", sample_font_palette(), rsli::Method::lzss));
  return rsli::write_canonical(library);
}

}  // namespace parkan::sample
