// The font checker (docs/formats/font.md 5) and PAL.PAL's blend table (docs/formats/font.md 7).
#include <cmath>

#include <fmt/format.h>

#include "parkan/font/codes.hpp"
#include "parkan/font/font.hpp"
#include "parkan/texm/palette.hpp"

namespace parkan::font {

namespace {

// Where the header words and a glyph record's fields are (docs/formats/font.md 2).
constexpr std::size_t kFontCellWidthAt = 4, kFontGlyphHeightAt = 8, kFontCellHeightAt = 12, kFontPenStepAt = 16;
std::size_t record_at(std::size_t code) { return kHeaderSize + code * kGlyphRecordSize; }

bool in_unit_range(float v) { return std::isfinite(v) && v >= 0.0f && v <= 1.0f; }

// docs/formats/font.md 5: the drawn width (u1 - u0) x atlas width may differ from advance + 1 by
// rounding; more than half a pixel is reported.
constexpr double kWidthTolerancePixels = 0.5;

void check_glyph(std::vector<Diagnostic>& out, const Font& font, std::size_t code) {
  const Glyph& g = font.glyphs[code];
  const std::size_t at = record_at(code);
  bool range_ok = true;
  for (const auto& [value, name, offset] : {std::tuple{g.u0, "u0", 0}, std::tuple{g.u1, "u1", 4}, std::tuple{g.v0, "v0", 8}}) {
    if (in_unit_range(value)) continue;
    range_ok = false;
    add_diagnostic(out, Severity::warning, std::string(codes::kGlyphRange), at + std::size_t(offset),
                   fmt::format("glyph 0x{:02X}: {} {} is outside 0..1", code, name, value));
  }
  if (range_ok && g.u1 < g.u0)
    add_diagnostic(out, Severity::warning, std::string(codes::kGlyphOrder), at + 4,
                   fmt::format("glyph 0x{:02X}: u1 {} is left of u0 {}", code, g.u1, g.u0));
  if (g.advance < 0 || g.advance > font.cell_width)
    add_diagnostic(out, Severity::warning, std::string(codes::kGlyphAdvance), at + 12,
                   fmt::format("glyph 0x{:02X}: advance {} is {}", code, g.advance,
                               g.advance < 0 ? std::string("negative")
                                             : fmt::format("wider than the cell ({} pixels)", font.cell_width)));
  else if (range_ok && g.u1 >= g.u0 && has_glyph(g)) {
    const double pixels = (double(g.u1) - double(g.u0)) * font.atlas.header.width;
    if (std::fabs(pixels - (double(g.advance) + 1)) > kWidthTolerancePixels)
      add_diagnostic(out, Severity::note, std::string(codes::kGlyphWidth), at + 4,
                     fmt::format("glyph 0x{:02X}: u1 - u0 spans {} pixels of the atlas, the drawn width advance + 1 is {}",
                                 code, pixels, g.advance + 1));
  }
}

}  // namespace

std::vector<Diagnostic> check_font(ByteView bytes) {
  std::vector<Diagnostic> out;
  Result<Font> read = read_font(bytes);
  if (!read) {
    out.push_back(to_diagnostic(read.error(), codes::kAtlas));
    return out;
  }
  const Font& font = *read;
  if (font.cell_width <= 0)
    add_diagnostic(out, Severity::warning, std::string(codes::kCell), kFontCellWidthAt,
                   fmt::format("cell width {} is not positive", font.cell_width));
  if (font.glyph_height <= 0)
    add_diagnostic(out, Severity::warning, std::string(codes::kCell), kFontGlyphHeightAt,
                   fmt::format("glyph height {} is not positive", font.glyph_height));
  if (font.pen_step < 0)
    add_diagnostic(out, Severity::warning, std::string(codes::kCell), kFontPenStepAt,
                   fmt::format("extra pen step {} is negative", font.pen_step));
  if (!std::isfinite(font.cell_height) || font.cell_height <= 0.0f || font.cell_height > 1.0f)
    add_diagnostic(out, Severity::warning, std::string(codes::kCellHeight), kFontCellHeightAt,
                   fmt::format("cell height {} is not in (0, 1] texture units", font.cell_height));
  for (std::size_t code = 0; code < kGlyphCount; ++code) check_glyph(out, font, code);
  return out;
}

std::vector<Diagnostic> check_pal(ByteView bytes) {
  std::vector<Diagnostic> out;
  auto pal = texm::read_pal(bytes);
  if (!pal) {
    out.push_back(to_diagnostic(pal.error(), "pal.size"));
    return out;
  }
  constexpr std::size_t kTableAt = 1028;  // after 1024 colour bytes and "Ipol" (docs/formats/palettes.md 4.1)
  const std::uint8_t* t = pal->table.data();
  std::size_t asymmetric = 0, first_a = 0, first_b = 0;
  for (std::size_t a = 0; a < 256; ++a)
    for (std::size_t b = a + 1; b < 256; ++b)
      if (t[a * 256 + b] != t[b * 256 + a] && asymmetric++ == 0) first_a = a, first_b = b;
  if (asymmetric)
    add_diagnostic(out, Severity::warning, std::string(codes::kPalSymmetric), kTableAt + first_a * 256 + first_b,
                   fmt::format("the Ipol blend table is not symmetric: {} pairs differ, first t[{}][{}] = {} but t[{}][{}] = {}",
                               asymmetric, first_a, first_b, t[first_a * 256 + first_b], first_b, first_a,
                               t[first_b * 256 + first_a]));
  std::size_t off_diagonal = 0, first = 0;
  for (std::size_t i = 0; i < 256; ++i)
    if (t[i * 257] != i && off_diagonal++ == 0) first = i;
  if (off_diagonal)
    add_diagnostic(out, Severity::note, std::string(codes::kPalDiagonal), kTableAt + first * 257,
                   fmt::format("the Ipol blend table has t[i][i] != i on {} of 256 indices, first t[{}][{}] = {}",
                               off_diagonal, first, first, t[first * 257]));
  return out;
}

}  // namespace parkan::font
