#pragma once
// Texm textures (docs/formats/texm.md, docs/formats/texm.md): plain structs. A parsed Texture is a set of
// views into the caller's payload bytes; every byte of the payload is reachable from it, so an
// unmodified texture writes back identical.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"

namespace parkan::texm {

inline constexpr std::uint32_t kMagic = 0x6D786554;      // "Texm"
inline constexpr std::uint32_t kPageMagic = 0x65676150;  // "Page"
inline constexpr std::size_t kHeaderSize = 32;
inline constexpr std::size_t kPaletteSize = 256 * 4;     // 256 entries B, G, R, X: stored by format 0, external for format 2
inline constexpr std::size_t kPageHeaderSize = 8;        // magic + rect count
inline constexpr std::size_t kPageRectSize = 8;
// Level i is max(1, width >> i); the engine's 32-bit shifts make levels past 31 meaningless
// (x86 masks the count), so a mip count above 32 is rejected (docs/formats/texm.md 3.2).
inline constexpr std::uint32_t kMaxMipCount = 32;

// The stored format number (docs/formats/texm.md 2.2).
enum class Format : std::uint32_t {
  indexed8 = 0,           // 1 byte per pixel into the 256-entry B, G, R, X palette after the header
  indexed8_external = 2,  // 1 byte per pixel into an external palette (a font's PAL.PAL, docs/formats/texm.md 3.4)
  rgb565 = 565,
  rgb556 = 556,
  argb4444 = 4444,
  la88 = 88,
  rgbx888 = 888,
  argb8888 = 8888,
};
inline constexpr Format kAllFormats[] = {Format::indexed8, Format::indexed8_external, Format::rgb565,
                                         Format::rgb556,   Format::argb4444,          Format::la88,
                                         Format::rgbx888,  Format::argb8888};
// Formats 0 and 2: one byte per pixel, an index into a palette.
constexpr bool is_indexed(Format f) { return f == Format::indexed8 || f == Format::indexed8_external; }

// The format of a stored number, or nullopt when the loader does not know it.
std::optional<Format> to_format(std::uint32_t number);
constexpr std::uint32_t format_number(Format f) { return static_cast<std::uint32_t>(f); }
// docs/formats/texm.md 3: 1 for formats 0 and 2, 2 for the 16-bit formats, 4 otherwise.
constexpr std::uint32_t bytes_per_pixel(Format f) {
  switch (f) {
    case Format::indexed8: case Format::indexed8_external: return 1;
    case Format::rgb565: case Format::rgb556: case Format::argb4444: case Format::la88: return 2;
    case Format::rgbx888: case Format::argb8888: return 4;
  }
  return 4;
}

// The 32-byte header, every field as stored.
struct Header {
  std::uint32_t magic = kMagic;
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::uint32_t mip_count = 0;
  std::uint32_t flags4 = 0;
  std::uint32_t flags5 = 0;  // +0x14: the surface rule's bits 0x01000000 / 0x02000000 (docs/formats/texm.md 6.4), the mip skip
  std::uint32_t unk6 = 0;
  std::uint32_t format = 0;
  bool operator==(const Header&) const = default;
};

// One Page rect as stored (docs/formats/texm.md 4): note the x, w, y, h order.
struct PageRect {
  std::int16_t x = 0;
  std::int16_t w = 0;
  std::int16_t y = 0;
  std::int16_t h = 0;
  bool operator==(const PageRect&) const = default;
};

// Where one mip level lies in the payload.
struct Level {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::size_t offset = 0;  // from the start of the payload
  std::size_t size = 0;    // bytes
  bool operator==(const Level&) const = default;
};

struct Texture {
  Header header;
  Format format = Format::argb8888;        // header.format, validated
  ByteView palette;                        // kPaletteSize bytes for format 0, else empty (format 2's is external)
  ByteView pixels;                         // the whole mip chain
  std::vector<Level> levels;               // header.mip_count levels
  std::optional<std::vector<PageRect>> page;
  std::size_t core_size = 0;               // header + palette + mip chain

  // The bytes of level `index` (the caller checks index < levels.size()).
  ByteView level_bytes(std::size_t index) const {
    return pixels.subspan(levels[index].offset - levels[0].offset, levels[index].size);
  }
};

// Equal content (header, palette, pixels, levels, page), not equal views.
bool operator==(const Texture& a, const Texture& b);

}  // namespace parkan::texm
