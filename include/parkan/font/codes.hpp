#pragma once
// The diagnostic codes of fonts (Tfnt) and of PAL.PAL's blend table (docs/formats/font.md 5;
// docs/codes.md lists each with its severity and meaning): emit these constants, never the string.
#include <string_view>

namespace parkan::font::codes {

inline constexpr std::string_view kSize = "font.size";                // error: shorter than the 0x1014-byte header and glyph table
inline constexpr std::string_view kMagic = "font.magic";              // error: not "Tfnt"
inline constexpr std::string_view kAtlas = "font.atlas";              // error: the bytes at 0x1014 are not a Texm the texm reader takes
inline constexpr std::string_view kCell = "font.header.cell";         // warning: cell width or glyph height not positive, pen step negative
inline constexpr std::string_view kCellHeight = "font.header.cell_height";  // warning: cell height not finite, not in (0, 1]
inline constexpr std::string_view kGlyphRange = "font.glyph.range";   // warning: u0, u1 or v0 not finite or outside 0..1
inline constexpr std::string_view kGlyphOrder = "font.glyph.order";   // warning: u1 < u0
inline constexpr std::string_view kGlyphAdvance = "font.glyph.advance";  // warning: advance negative or wider than the cell
inline constexpr std::string_view kGlyphWidth = "font.glyph.width";   // note: (u1 - u0) x atlas width is not advance + 1 pixels
inline constexpr std::string_view kPalSymmetric = "pal.ipol.symmetric";  // warning: the Ipol table is not symmetric
inline constexpr std::string_view kPalDiagonal = "pal.ipol.diagonal";    // note: t[i][i] != i for some i
// Import (docs/formats/font.md 6): the JSON or PNG of `font import` does not fit.
inline constexpr std::string_view kImportJson = "font.import.json";
inline constexpr std::string_view kImportImage = "font.import.image";

}  // namespace parkan::font::codes
