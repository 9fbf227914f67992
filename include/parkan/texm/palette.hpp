#pragma once
// Palettes (docs/formats/palettes.md 2, 3.2, 3, 6): the
// 286-slot palette bank, PAL resources, and the palette index from a texture name suffix.
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "parkan/core/bytes.hpp"

namespace parkan::texm {

inline constexpr std::size_t kPaletteLetters = 26;   // A..Z
inline constexpr std::size_t kPaletteVariants = 11;  // "", "0".."9"
inline constexpr std::size_t kPaletteSlots = kPaletteLetters * kPaletteVariants;  // 286
// docs/formats/palettes.md 3.1: the '.' must be at position 0..16 of the name.
inline constexpr std::size_t kMaxDotPosition = 16;

// "A.PAL" for slot 0, "A0.PAL" for 1, ..., "Z9.PAL" for 285 (index = letter * 11 + variant).
std::string palette_slot_name(std::size_t slot);

struct NamePalette {
  bool bad_name = false;   // no '.' in positions 0..16: "Bad texture name.", the engine returns slot -1
  int index = -1;          // the engine's palette index (docs/formats/palettes.md 3.2); < 0: no palette
  bool has_palette() const { return !bad_name && index >= 0; }
  bool outside_bank() const { return has_palette() && index >= int(kPaletteSlots); }  // the engine would read past its bank
};

// The engine's rule (docs/formats/palettes.md 3.1-3.2), on the name bytes: L = toupper(name[dot+1]),
// D = name[dot+2] (0 past the end), idx = (L - 'A') * 11 + (D ? D - '0' + 1 : 0), chars signed as in MSVC.
NamePalette palette_index_from_name(std::string_view name);
// "Bad texture name." / "palette index N >= 286: the engine would read past its palette bank" / "" when fine.
std::string palette_name_warning(const NamePalette& p);

// A PAL resource (docs/formats/palettes.md 4.1, 6): 256 colours stored B, G, R, X, the ASCII bytes "Ipol",
// then a 65536-byte table kept as opaque data.
inline constexpr std::size_t kPalSize = 1024 + 4 + 65536;
inline constexpr std::uint32_t kIpolMagic = 0x6C6F7049;  // "Ipol"
inline constexpr std::uint32_t kPalTypeId = 0x6D6C6150;  // "Palm": the NRes type of a PAL resource
struct PalResource {
  ByteView colours;  // 1024 bytes, B, G, R, X
  ByteView table;    // 65536 bytes
  // Colour i as R, G, B, A (A = 255: X is not alpha).
  std::array<std::uint8_t, 4> rgba(std::size_t i) const;
};
Result<PalResource> read_pal(ByteView bytes);
// The 1024 B, G, R, X bytes of an external palette for format 2 (docs/formats/texm.md 3.4): `bytes`
// is either those 1024 bytes or a whole PAL resource (a font's PAL.PAL). Errors:
// texm.palette.external (empty: no palette given), texm.palette.external_size (any other size),
// or read_pal's (pal.marker).
Result<ByteView> external_palette_colours(ByteView bytes);
ByteBuffer write_pal(const PalResource& pal);

// The engine's palette bank (sub_10002B40): slot i holds the payload of palette_slot_name(i) when
// the palettes archive has it, nothing otherwise. `find` looks a name up the way the engine does.
struct PaletteBank {
  std::array<std::optional<ByteView>, kPaletteSlots> slots;
  std::size_t loaded() const;
};
PaletteBank load_palette_bank(const std::function<std::optional<ByteView>(std::string_view name)>& find);

}  // namespace parkan::texm
