#pragma once
// Texm reader and writer (docs/formats/texm.md 3, 8.1, 3.2).
#include "parkan/texm/model.hpp"

namespace parkan::texm {

// Level i's side: max(1, side >> i) (docs/formats/texm.md 3).
constexpr std::uint32_t level_side(std::uint32_t side, std::uint32_t level) {
  std::uint32_t s = level < 32 ? side >> level : 0;
  return s == 0 ? 1 : s;
}

// The mip chain layout of a header, with overflow-checked sizes; fails with the rule that breaks
// when the payload (of `payload_size` bytes) is too short or the header invalid.
Result<std::vector<Level>> layout(const Header& header, std::size_t payload_size);

// A font (`Tfnt`, docs/formats/texm.md 3.4) carries its atlas as a Texm after a 0x1014-byte header
// and glyph table; the texm commands read that atlas in place.
inline constexpr std::uint32_t kFontMagic = 0x746E6654;  // "Tfnt"
inline constexpr std::size_t kFontAtlasOffset = 0x1014;
// The atlas bytes of a font payload; nullopt when `payload` is not a Tfnt or ends before its atlas.
std::optional<ByteView> font_atlas(ByteView payload);

// Parses and validates a whole Texm payload: header, palette, mip chain, optional Page tail.
Result<Texture> read(ByteView payload);

// The payload of a texture: header, palette, pixels and Page chunk as they are. An unmodified
// texture read from bytes writes back identical. Checks that the parts agree with the header.
Result<ByteBuffer> write(const Texture& texture);

}  // namespace parkan::texm
