// The sample game's RsLi libraries, shaped like the retail ones (docs/formats/rsli.md: each part ships
// `gamefont.rlb`, 2 entries stored with LZSS, and `sprites.lib`, 24 entries stored with raw Deflate):
// a font with its format 2 atlas and PAL.PAL (sample_fonts.cpp) and interface sprites as Texm payloads. sprites.lib keeps the retail quirk (docs/formats/rsli.md 8):
// its last entry declares a packed range one byte past the end of the file.
#include <fmt/format.h>

#include "sample/sample_fonts.hpp"
#include "sample/sample_random.hpp"
#include "sample/texture_art.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/rsli/archive.hpp"
#include "parkan/rsli/codec.hpp"
#include "parkan/texm/encode.hpp"

namespace parkan::sample {

namespace {

constexpr std::size_t kSpriteCount = 24;  // sprites.lib in both retail parts

// A header as the retail libraries have it: "NL", version 1, presorted, a seed.
rsli::Document empty_library(std::uint16_t seed) {
  rsli::Document document;
  document.header[0] = 'N';
  document.header[1] = 'L';
  document.header[3] = 1;
  store_u16(document.header.data() + 0x0E, rsli::kPresortedFlag);
  store_u32(document.header.data() + 0x14, seed);
  document.modified = true;
  return document;
}

ByteBuffer library_texture(const TextureLook& look, std::uint32_t width, std::uint32_t height) {
  texm::EncodeOptions options;
  options.format = texm::Format::argb4444;
  options.mip_count = 1;
  auto bytes = texm::encode(paint_texture(look, width, height), options);
  return bytes.ok() ? std::move(*bytes) : ByteBuffer{};  // valid by construction
}

// The quirk: the last entry's packed size one larger than the bytes it has (the file ends there).
void declare_one_byte_past_end(ByteBuffer& library) {
  const std::uint16_t count = load_u16(library.data() + 4);
  const std::uint16_t seed = load_u16(library.data() + 0x14);
  std::span<std::uint8_t> table(library.data() + rsli::kHeaderSize, rsli::kEntrySize * count);
  rsli::xor_transform(table, seed);
  std::uint8_t* last_packed_size = table.data() + rsli::kEntrySize * (count - 1) + 0x1C;
  store_u32(last_packed_size, load_u32(last_packed_size) + 1);
  rsli::xor_transform(table, seed);
}

}  // namespace

std::vector<SampleFile> sample_libraries(const SampleOptions& options) {
  SampleRandom rng{options.seed * 0x9FB21C651E98DF25ull + 13};
  std::vector<SampleFile> files;

  rsli::Document fonts = empty_library(static_cast<std::uint16_t>(rng.next()));
  const std::uint64_t glyph_seed = rng.next();
  rng.next();  // the sprites below draw from the same sequence as before the font had its own file
  auto font_bytes = gamefont_library(std::move(fonts), glyph_seed);
  if (!font_bytes) return {};
  files.push_back({"gamefont.rlb", std::move(*font_bytes)});

  rsli::Document sprites = empty_library(static_cast<std::uint16_t>(rng.next()));
  const ArtKind kinds[] = {ArtKind::decal_arrow, ArtKind::decal_star, ArtKind::glow, ArtKind::decal_hazard,
                           ArtKind::armour, ArtKind::window};
  for (std::size_t i = 0; i < kSpriteCount; ++i) {
    TextureLook look;
    look.kind = kinds[i % std::size(kinds)];
    look.seed = static_cast<std::uint32_t>(rng.next());
    look.tint = {static_cast<std::uint8_t>(80 + rng.below(176)), static_cast<std::uint8_t>(80 + rng.below(176)),
                 static_cast<std::uint8_t>(80 + rng.below(176))};
    look.accent = {30, 30, 30};
    const std::uint32_t side = 16u << rng.below(3);
    const ByteBuffer sprite = library_texture(look, side, side);
    if (!rsli::add_entry(sprites, fmt::format("INTERF{}.TEX", i + 1), sprite, rsli::Method::deflate, 9)) return {};
  }
  auto sprite_bytes = rsli::write_canonical(sprites);
  if (!sprite_bytes) return {};
  declare_one_byte_past_end(*sprite_bytes);
  files.push_back({"sprites.lib", std::move(*sprite_bytes)});
  return files;
}

}  // namespace parkan::sample
