// Tfnt reader and writer (include/parkan/font/font.hpp, docs/formats/font.md 2-3).
#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "parkan/font/codes.hpp"
#include "parkan/font/font.hpp"

namespace parkan::font {

namespace {

// Header offsets (docs/formats/font.md 2).
constexpr std::size_t kCellWidthAt = 4, kGlyphHeightAt = 8, kCellHeightAt = 12, kPenStepAt = 16;

std::uint32_t float_bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

}  // namespace

bool Glyph::operator==(const Glyph& o) const {
  return float_bits(u0) == float_bits(o.u0) && float_bits(u1) == float_bits(o.u1) &&
         float_bits(v0) == float_bits(o.v0) && advance == o.advance;
}

Result<Font> read_font(ByteView bytes) {
  if (bytes.size() < 4)
    return invalid_rule(std::string(codes::kSize), fmt::format("{} bytes: shorter than the \"Tfnt\" magic", bytes.size()), 0);
  const std::uint32_t magic = load_u32(bytes.data());
  if (magic != kMagic)
    return invalid_rule(std::string(codes::kMagic), fmt::format("bad magic 0x{:08x}: not a Tfnt font", magic), 0);
  if (bytes.size() <= kAtlasOffset)
    return invalid_rule(std::string(codes::kSize),
                        fmt::format("{} bytes: the header and 256 glyph records take 0x{:x}, and the atlas follows them",
                                    bytes.size(), kAtlasOffset),
                        0);
  Font font;
  const std::uint8_t* p = bytes.data();
  font.cell_width = load_i32(p + kCellWidthAt);
  font.glyph_height = load_i32(p + kGlyphHeightAt);
  font.cell_height = load_f32(p + kCellHeightAt);
  font.pen_step = load_i32(p + kPenStepAt);
  for (std::size_t i = 0; i < kGlyphCount; ++i) {
    const std::uint8_t* r = p + kHeaderSize + i * kGlyphRecordSize;
    font.glyphs[i] = {load_f32(r), load_f32(r + 4), load_f32(r + 8), load_i32(r + 12)};
  }
  font.atlas_bytes = bytes.subspan(kAtlasOffset);
  auto atlas = texm::read(font.atlas_bytes);
  if (!atlas) {
    Error error = std::move(atlas).error();
    error.message = "the atlas at 0x1014 is not a Texm: " + error.message;
    error.rule = std::string(codes::kAtlas);
    return std::move(error).shifted(kAtlasOffset);
  }
  font.atlas = std::move(*atlas);
  return font;
}

ByteBuffer write_font(const Font& font) {
  ByteWriter w(kAtlasOffset + font.atlas_bytes.size());
  w.u32(kMagic);
  w.i32(font.cell_width);
  w.i32(font.glyph_height);
  w.f32(font.cell_height);
  w.i32(font.pen_step);
  for (const Glyph& g : font.glyphs) {
    w.f32(g.u0);
    w.f32(g.u1);
    w.f32(g.v0);
    w.i32(g.advance);
  }
  w.bytes(font.atlas_bytes);
  return w.take();
}

Encoding encoding_for_name(std::string_view entry_name) {
  // docs/formats/font.md 4: only the two ARIALTEX.TFT fonts go through the engine's CP866 table.
  std::string folded(entry_name);
  for (char& c : folded)
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
  return folded.find("ARIALTEX") != std::string::npos ? Encoding::cp866 : Encoding::cp1251;
}

std::string_view encoding_name(Encoding encoding) { return encoding == Encoding::cp866 ? "cp866" : "cp1251"; }

// docs/formats/font.md 2: a code without a glyph keeps a placeholder record that draws nothing (retail:
// u0 = u1, an advance of about half the line height), so what draws is a record of positive span.
bool has_glyph(const Glyph& glyph) { return glyph.u1 > glyph.u0; }

GlyphRect glyph_rect(const Font& font, const Glyph& glyph) {
  const double w = font.atlas.header.width, h = font.atlas.header.height;
  auto px = [](double v) -> std::int64_t {
    if (!std::isfinite(v)) return 0;
    return std::int64_t(std::llround(std::fmax(-1e9, std::fmin(1e9, v))));
  };
  return {px(double(glyph.u0) * w), px(double(glyph.v0) * h), std::int64_t(glyph.advance) + 1,
          px(double(font.cell_height) * h)};
}

}  // namespace parkan::font
