// Palette bank, PAL resources and the name suffix rule (docs/formats/palettes.md 2, 3, 4).
#include "parkan/texm/palette.hpp"

#include <fmt/format.h>

namespace parkan::texm {

std::string palette_slot_name(std::size_t slot) {
  std::string name(1, char('A' + slot / kPaletteVariants));
  std::size_t variant = slot % kPaletteVariants;
  if (variant > 0) name += char('0' + variant - 1);
  return name + ".PAL";
}

// docs/formats/palettes.md 3.1-3.2 (sub_10004B10). MSVC's char is signed, and toupper in the C locale
// only folds a..z, so bytes 0x80..0xFF count as negative.
NamePalette palette_index_from_name(std::string_view name) {
  NamePalette out;
  std::size_t dot = name.substr(0, kMaxDotPosition + 1).find('.');
  if (dot == std::string_view::npos) {
    out.bad_name = true;
    return out;
  }
  auto at = [&](std::size_t i) -> int { return i < name.size() ? int(static_cast<signed char>(name[i])) : 0; };
  int letter = at(dot + 1);
  if (letter >= 'a' && letter <= 'z') letter -= 'a' - 'A';
  int digit = letter == 0 ? 0 : at(dot + 2);  // a C string ends at the NUL: nothing after it is read
  out.index = (letter - 'A') * int(kPaletteVariants) + (digit ? digit - '0' + 1 : 0);
  if (out.index < 0) out.index = -1;
  return out;
}

std::string palette_name_warning(const NamePalette& p) {
  if (p.bad_name) return "Bad texture name.";
  if (p.outside_bank())
    return fmt::format("palette index {} >= {}: the engine would read past its palette bank", p.index, kPaletteSlots);
  return {};
}

std::array<std::uint8_t, 4> PalResource::rgba(std::size_t i) const {
  // docs/formats/palettes.md 6: PAL colours are B, G, R, X; X is never alpha.
  const std::uint8_t* c = colours.data() + 4 * i;
  return {c[2], c[1], c[0], 255};
}

Result<PalResource> read_pal(ByteView bytes) {
  if (bytes.size() != kPalSize)
    return invalid_rule("pal.size", fmt::format("PAL resource has {} bytes, must be {} (palette, \"Ipol\", table)", bytes.size(), kPalSize), 0);
  std::uint32_t magic = load_u32(bytes.data() + 1024);
  if (magic != kIpolMagic) return invalid_rule("pal.marker", fmt::format("PAL resource: bad marker 0x{:08x}, expected \"Ipol\"", magic), 1024);
  return PalResource{bytes.subspan(0, 1024), bytes.subspan(1028, 65536)};
}

Result<ByteView> external_palette_colours(ByteView bytes) {
  if (bytes.empty())
    return invalid_rule("texm.palette.external",
                        "format 2 texture: its pixels index an external palette (a font's PAL.PAL), and none was given");
  if (bytes.size() == 1024) return bytes;
  if (bytes.size() != kPalSize)
    return invalid_rule("texm.palette.external_size",
                        fmt::format("external palette has {} bytes, must be 1024 (256 x B, G, R, X) or {} (a PAL resource)",
                                    bytes.size(), kPalSize));
  PARKAN_ASSIGN(PalResource pal, read_pal(bytes));
  return pal.colours;
}

ByteBuffer write_pal(const PalResource& pal) {
  ByteWriter out(kPalSize);
  out.bytes(pal.colours);
  out.u32(kIpolMagic);
  out.bytes(pal.table);
  return out.take();
}

std::size_t PaletteBank::loaded() const {
  std::size_t n = 0;
  for (const auto& s : slots) n += s.has_value();
  return n;
}

PaletteBank load_palette_bank(const std::function<std::optional<ByteView>(std::string_view name)>& find) {
  PaletteBank bank;
  for (std::size_t i = 0; i < kPaletteSlots; ++i) bank.slots[i] = find(palette_slot_name(i));
  return bank;
}

}  // namespace parkan::texm
