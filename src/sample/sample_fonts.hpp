#pragma once
// The sample game's gamefont.rlb (sample_fonts.cpp): a Tfnt font with a format 2 atlas and its PAL.PAL.
#include <cstdint>

#include "parkan/core/bytes.hpp"
#include "parkan/rsli/archive.hpp"

namespace parkan::sample {

// The Tfnt header words of the sample font, as the retail gamefont.rlb::ARIALTEX.TFT has them
// (docs/formats/texm.md 3.4).
inline constexpr std::uint32_t kSampleFontCellWidth = 15;
inline constexpr std::uint32_t kSampleFontGlyphHeight = 17;  // a row of the atlas is one more
inline constexpr std::uint32_t kSampleFontAtlasSide = 128;
inline constexpr std::size_t kSampleFontGlyphs = 123;        // in 7 rows

// ARIALTEX.TFT: "Tfnt", the four header words, 256 glyph records, then a 128x128 Texm atlas of
// format 2 with +0x14 = 0x01000000 (index 0 transparent), drawn with glyph-like strokes from `seed`.
ByteBuffer sample_font(std::uint64_t seed);
// PAL.PAL: 256 grey entries B, G, R, X (entry 0 black: the atlas's transparent index), "Ipol", and
// the 256 x 256 blend table t[a][b] = (a + b) / 2 (symmetric, t[i][i] = i).
ByteBuffer sample_font_palette();
// `library` (an empty RsLi document) with ARIALTEX.TFT and PAL.PAL stored with LZSS, written.
Result<ByteBuffer> gamefont_library(rsli::Document library, std::uint64_t seed);

}  // namespace parkan::sample
