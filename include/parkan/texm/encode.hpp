#pragma once
// RGBA8 to Texm (docs/formats/texm.md 6, the inverse): for the short channels the code
// whose widened value is nearest, so that decode(encode(decode(x))) == decode(x); ordered
// dithering only when asked; format 0 gets a median-cut palette and nearest-colour indices.
#include <array>
#include <optional>
#include <span>
#include <vector>

#include "parkan/texm/image.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::texm {

// The byte written as X of format 888 when encoding new pixels (docs/formats/texm.md 7.2 keeps X of existing
// textures byte for byte; for new ones the seeds are silent). 0xFF: opaque if anyone reads it as alpha.
inline constexpr std::uint8_t kEncoded888Padding = 0xFF;

// The nearest 5/6/4-bit code of an 8-bit value (ties to the lower code).
std::uint8_t nearest_code5(std::uint8_t v);
std::uint8_t nearest_code6(std::uint8_t v);
std::uint8_t nearest_code4(std::uint8_t v);
// The luminance stored by format 88: (77 R + 150 G + 29 B + 128) >> 8, so grey R = G = B = L stays L.
constexpr std::uint8_t luminance(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  return static_cast<std::uint8_t>((77u * r + 150u * g + 29u * b + 128u) >> 8);
}

// `count` RGBA8 pixels to `format` (not format 0: see index_pixels). `dst` holds count * bpp bytes.
void encode_pixels(Format format, const std::uint8_t* rgba, std::size_t count, std::uint8_t* dst);
// An image to `format` with a 4x4 ordered (Bayer) dither before quantizing (not format 0).
void encode_pixels_dithered(Format format, const Image& image, std::uint8_t* dst);

// A Texm palette: 256 entries stored R, G, B, A.
using Palette = std::array<std::uint8_t, kPaletteSize>;
// Median cut over the colours of all `images`: when there are at most 256 distinct colours the
// palette holds exactly them (so indexing is lossless); unused entries are zero.
Palette build_palette(std::span<const Image> images);
// Nearest palette entry (squared RGBA distance, lowest index on ties) for each pixel.
void index_pixels(const Palette& palette, const Image& image, std::uint8_t* dst);

struct EncodeOptions {
  Format format = Format::argb8888;
  std::uint32_t mip_count = 1;    // levels to build; 0 = the full chain down to 1x1
  bool gamma_correct_mips = false;
  bool dither = false;            // ordered dithering for 565/556/4444
  std::uint32_t flags4 = 0;
  std::uint32_t flags5 = 0;
  std::uint32_t unk6 = 0;
  std::optional<std::vector<PageRect>> page;
};

// A whole Texm payload from one image; the mip chain is built with a box filter.
Result<ByteBuffer> encode(const Image& image, const EncodeOptions& options);
// A whole Texm payload from given levels (level i must be max(1, w >> i) x max(1, h >> i));
// options.mip_count is ignored.
Result<ByteBuffer> encode_levels(std::span<const Image> levels, const EncodeOptions& options);

}  // namespace parkan::texm
