#pragma once
// Fonts: `Tfnt` payloads (docs/formats/font.md): a 0x14-byte header, 256 glyph records indexed by
// the string byte, and a Texm atlas from 0x1014 to the end (read by the texm reader). Read, checked,
// written back byte for byte: the header and glyph table are rebuilt from their fields over the
// stored bytes, the atlas is copied as stored.
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"
#include "parkan/texm/model.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::font {

inline constexpr std::uint32_t kMagic = texm::kFontMagic;         // "Tfnt"
inline constexpr std::size_t kHeaderSize = 0x14;                  // magic + four words
inline constexpr std::size_t kGlyphCount = 256;
inline constexpr std::size_t kGlyphRecordSize = 16;               // f32 u0, f32 u1, f32 v0, i32 advance
inline constexpr std::size_t kAtlasOffset = texm::kFontAtlasOffset;  // 0x1014
static_assert(kHeaderSize + kGlyphCount * kGlyphRecordSize == kAtlasOffset);

struct Glyph {
  float u0 = 0, u1 = 0, v0 = 0;  // left, right and top edge in texture units
  std::int32_t advance = 0;      // the drawn glyph is advance + 1 pixels wide; the pen moves advance + step
  bool operator==(const Glyph& o) const;  // bitwise on the floats (NaN payloads included)
};

struct Font {
  std::int32_t cell_width = 0;    // fixed pitch
  std::int32_t glyph_height = 0;  // a row of the atlas is one more
  float cell_height = 0;          // in texture units
  std::int32_t pen_step = 0;      // extra pen step (1 on every retail font)
  std::array<Glyph, kGlyphCount> glyphs{};
  ByteView atlas_bytes;           // 0x1014 to the end, as stored
  texm::Texture atlas;            // views into atlas_bytes
};

// Errors: font.size, font.magic, font.atlas (with the texm reader's message; offsets in the font).
Result<Font> read_font(ByteView bytes);
// The payload: header and glyph table from the fields, the atlas bytes as stored.
ByteBuffer write_font(const Font& font);
// Every rule of docs/formats/font.md 5 with its offset: the reader's error alone, else warnings and notes.
std::vector<Diagnostic> check_font(ByteView bytes);

// The encoding of the string bytes that index a font (docs/formats/font.md 4): the two ARIALTEX
// fonts go through the engine's CP866 table, ui/font.lib's by raw cp1251 bytes.
enum class Encoding { cp1251, cp866 };
Encoding encoding_for_name(std::string_view entry_name);
std::string_view encoding_name(Encoding encoding);

// The pixel rectangle a glyph is drawn from in an atlas of width x height (docs/formats/font.md 3):
// x = round(u0 * width), y = round(v0 * height), w = advance + 1, h = round(cell_height * height).
struct GlyphRect {
  std::int64_t x = 0, y = 0, w = 0, h = 0;
};
GlyphRect glyph_rect(const Font& font, const Glyph& glyph);
// A glyph record that draws something: u1 > u0 (placeholders keep an advance but no span).
bool has_glyph(const Glyph& glyph);

// `font info --json`: the header words, the atlas (texm::info_json), the glyph count and every
// record that draws something.
nlohmann::json info_json(const Font& font, std::string_view entry_name);

// PAL.PAL (docs/formats/font.md 7, docs/formats/palettes.md 4): read_pal's error, or a warning when
// the Ipol table is not symmetric and a note when t[i][i] != i (one finding each, with a count).
std::vector<Diagnostic> check_pal(ByteView bytes);

}  // namespace parkan::font
