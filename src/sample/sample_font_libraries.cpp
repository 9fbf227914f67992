// The sample game's sys.lib and ui/font.lib (docs/formats/font.md 1): the debug font ARIALTEX.TFT
// (8, 7, 8/128, 1) with a format 0 atlas and PAL.PAL as `Palm`, and the interface's fonts gf_, tf_
// and mf_ at three screen sizes (the small sample: one size), format 0 atlases indexed by cp1251.
// Glyphs are stroke marks from integer math, not letters: white bodies (index 254) with a shadow at a
// quarter of it (index 51) as retail's, the tool fonts white alone; index 0 is the transparent
// background (the atlas's colour key).
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sample/sample_fonts.hpp"
#include "sample/sample_random.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::sample {

namespace {

// The NRes type of a font entry: its magic, as a Texm entry's is "Texm" (the sources name none; the one
// place this choice lives).
constexpr std::uint32_t kFontEntryType = texm::kFontMagic;
constexpr std::uint8_t kBodyIndex = 254, kShadowIndex = 51;  // white and (64, 64, 64), as retail's

struct FontShape {
  std::string name;
  std::int32_t glyph_height;  // the cell is one more
  bool shadow;
  std::uint32_t atlas_width;
  std::uint32_t min_height;  // the atlas is at least this high (a power of two)
  std::vector<std::uint8_t> codes;
};

// docs/formats/font.md 1: ui/font.lib's fonts draw 165 codes, 79 of them above 0x7F (cp1251's
// Cyrillic block and punctuation); the ARIALTEX fonts draw CP866's places.
std::vector<std::uint8_t> cp1251_codes() {
  std::vector<std::uint8_t> codes;
  for (int c = 0x20; c <= 0x7E; ++c)
    if (std::string_view("`{|}~^_\\@").find(char(c)) == std::string_view::npos) codes.push_back(std::uint8_t(c));
  for (int c : {0x80, 0x82, 0x85, 0x87, 0x8A, 0x8C, 0x8D, 0x8E, 0x90, 0x91, 0x92, 0x95, 0xA0, 0xA5, 0xAE})
    codes.push_back(std::uint8_t(c));
  for (int c = 0xC0; c <= 0xFF; ++c) codes.push_back(std::uint8_t(c));
  return codes;
}
std::vector<std::uint8_t> cp866_codes() {
  std::vector<std::uint8_t> codes;
  for (int c = 0x20; c <= 0x7E; ++c) codes.push_back(std::uint8_t(c));
  for (int c = 0x80; c <= 0xAF; ++c) codes.push_back(std::uint8_t(c));
  for (int c = 0xE0; c <= 0xEF; ++c) codes.push_back(std::uint8_t(c));
  return codes;
}

// A proportional advance: narrow punctuation, wide capitals and Cyrillic, about 0.6 of the height.
std::int32_t glyph_advance(std::uint8_t code, std::int32_t height, std::int32_t cell) {
  const char c = char(code);
  std::int32_t tenths = 6;
  if (c == ' ') tenths = 4;
  else if (code < 0x80 && std::string_view("il.,:;'!|()[]").find(c) != std::string_view::npos) tenths = 3;
  else if (code < 0x80 && std::string_view("MWmw%").find(c) != std::string_view::npos) tenths = 9;
  else if ((c >= 'A' && c <= 'Z') || code >= 0x80) tenths = 7;
  return std::clamp(height * tenths / 10, 1, cell);
}

void put_index(std::vector<std::uint8_t>& pixels, std::uint32_t width, std::uint32_t x, std::uint32_t y,
               std::uint8_t index) {
  if (x >= width || std::size_t(y) * width + x >= pixels.size()) return;
  std::uint8_t& p = pixels[std::size_t(y) * width + x];
  if (index == kShadowIndex && p == kBodyIndex) return;  // the body wins over a shadow
  p = index;
}

// A stem and one or two strokes from the code's own random sequence, in the box (x, y) of
// advance x height pixels; the shadow one pixel right and down.
void draw_marks(std::vector<std::uint8_t>& pixels, std::uint32_t width, std::uint32_t x, std::uint32_t y,
                std::int32_t advance, std::int32_t height, bool shadow, std::uint64_t seed) {
  const std::int32_t w = std::max(advance - 1, 1), h = std::max(height - 2, 1);
  SampleRandom rng{seed};
  struct Line { std::int32_t x0, y0, x1, y1; };
  std::vector<Line> lines = {{w / 2, 0, w / 2, h - 1}};
  const int extra = 1 + int(rng.below(2));
  for (int i = 0; i < extra; ++i)
    lines.push_back({std::int32_t(rng.below(std::uint32_t(w))), std::int32_t(rng.below(std::uint32_t(h))),
                     std::int32_t(rng.below(std::uint32_t(w))), std::int32_t(rng.below(std::uint32_t(h)))});
  for (int pass = shadow ? 0 : 1; pass < 2; ++pass) {
    const std::uint32_t off = pass == 0 ? 1 : 0;
    for (const Line& l : lines) {
      const std::int32_t steps = std::max({std::abs(l.x1 - l.x0), std::abs(l.y1 - l.y0), 1});
      for (std::int32_t t = 0; t <= steps; ++t) {
        const std::int32_t px = l.x0 + (l.x1 - l.x0) * t / steps, py = l.y0 + (l.y1 - l.y0) * t / steps;
        put_index(pixels, width, x + std::uint32_t(px) + off, y + 1 + std::uint32_t(py) + off,
                  pass == 0 ? kShadowIndex : kBodyIndex);
      }
    }
  }
}

// A font: header (cell width = the cell's height, fixed pitch), the glyphs packed left to right in rows
// of the cell's height (the row pitch, as on retail), placeholders (advance about half the height,
// no span) for the other codes, and a format 0 atlas with a colour key, its palette black, the shadow
// grey and white.
ByteBuffer make_font(const FontShape& shape, std::uint64_t seed) {
  const std::int32_t cell = shape.glyph_height + 1;
  struct PlacedGlyph { std::uint8_t code; std::uint32_t x, y; std::int32_t advance; };
  std::vector<PlacedGlyph> placed;
  std::uint32_t x = 0, y = 0;
  for (std::uint8_t code : shape.codes) {
    const std::int32_t advance = glyph_advance(code, shape.glyph_height, cell);
    if (x + std::uint32_t(advance) + 1 > shape.atlas_width) x = 0, y += std::uint32_t(cell);
    placed.push_back({code, x, y, advance});
    x += std::uint32_t(advance) + 1;
  }
  std::uint32_t height = shape.min_height;
  while (height < y + std::uint32_t(cell)) height *= 2;
  std::vector<std::uint8_t> pixels(std::size_t(shape.atlas_width) * height, 0);
  for (const PlacedGlyph& g : placed)
    if (g.code != ' ')
      draw_marks(pixels, shape.atlas_width, g.x, g.y, g.advance, shape.glyph_height, shape.shadow, seed * 257 + g.code);

  ByteWriter w;
  w.u32(texm::kFontMagic);
  w.i32(shape.glyph_height + 1);
  w.i32(shape.glyph_height);
  w.f32(float(cell) / float(height));
  w.i32(1);
  std::vector<const PlacedGlyph*> by_code(256, nullptr);
  for (const PlacedGlyph& g : placed) by_code[g.code] = &g;
  const float fw = float(shape.atlas_width), fh = float(height);
  for (std::size_t code = 0; code < 256; ++code) {
    if (const PlacedGlyph* g = by_code[code]) {
      w.f32(float(g->x) / fw), w.f32(float(g->x + std::uint32_t(g->advance) + 1) / fw), w.f32(float(g->y) / fh);
      w.i32(g->advance);
    } else {
      w.f32(0), w.f32(0), w.f32(0), w.i32(std::max(cell / 2, 1));
    }
  }
  // The atlas: Texm format 0, one level, colour key (docs/formats/texm.md 2, 3.3).
  w.u32(texm::kMagic), w.u32(shape.atlas_width), w.u32(height), w.u32(1), w.u32(0), w.u32(texm::kColourKeyFlag),
      w.u32(0), w.u32(0);
  for (int i = 0; i < 256; ++i) {
    const std::uint8_t v = i == kBodyIndex ? 255 : i == kShadowIndex ? 64 : 0;
    w.u8(v), w.u8(v), w.u8(v), w.u8(0);
  }
  w.bytes(pixels);
  return w.take();
}

Result<ByteBuffer> font_archive(const std::vector<std::pair<std::string, ByteBuffer>>& entries) {
  std::vector<nres::EntrySpec> specs;
  for (const auto& [name, bytes] : entries)
    specs.push_back({name == "PAL.PAL" ? texm::kPalTypeId : kFontEntryType, 0, 0, 0, name, bytes});
  return nres::build(specs);
}

}  // namespace

std::vector<SampleFile> sample_font_libraries(const SampleOptions& options) {
  std::vector<SampleFile> files;
  // sys.lib: the debug font, (8, 7, 8/128, 1) on a 128 x 128 atlas, and PAL.PAL (docs/formats/font.md 1).
  const ByteBuffer debug = make_font({"ARIALTEX.TFT", 7, true, 128, 128, cp866_codes()}, options.seed ^ 0x5359534C);
  auto sys = font_archive({{"ARIALTEX.TFT", debug}, {"PAL.PAL", sample_font_palette()}});
  if (!sys) return {};
  files.push_back({"sys.lib", std::move(*sys)});
  // ui/font.lib: GAME, TOOL and MENU fonts per screen size; glyph heights grow with the screen (retail:
  // gf_640's cell is 8, mf_640's 13, mf_1024's 20).
  struct Size { const char* screen; std::int32_t gf, tf, mf; };
  const Size retail[] = {{"640", 7, 7, 12}, {"800", 9, 9, 15}, {"1024", 11, 11, 19}};
  const std::size_t sizes = options.retail ? std::size(retail) : 1;
  std::vector<std::pair<std::string, ByteBuffer>> fonts;
  std::uint64_t n = 0;
  for (std::size_t s = 0; s < sizes; ++s) {
    const Size& z = retail[s];
    for (const auto& [prefix, height, shadow] :
         {std::tuple{"gf_", z.gf, true}, std::tuple{"tf_", z.tf, false}, std::tuple{"mf_", z.mf, true}}) {
      const std::string name = std::string(prefix) + z.screen;
      fonts.push_back({name, make_font({name, height, shadow, 256, 8, cp1251_codes()}, options.seed * 31 + ++n)});
    }
  }
  auto ui = font_archive(fonts);
  if (!ui) return {};
  files.push_back({"ui/font.lib", std::move(*ui)});
  return files;
}

}  // namespace parkan::sample
