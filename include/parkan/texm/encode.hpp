#pragma once
// RGBA8 to Texm (docs/formats/texm.md 7, the inverse of 6): for the short channels the code
// whose widened value is nearest, so that decode(encode(decode(x))) == decode(x); ordered
// dithering only when asked; format 0 gets a median-cut palette (or a given one) and format 2 a given
// external palette, with nearest-colour indices; mip levels are truncated means of level 0.
#include <array>
#include <optional>
#include <span>
#include <vector>

#include "parkan/texm/decode.hpp"
#include "parkan/texm/image.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::texm {

// The byte written as X of format 888, and as the fourth byte of a new palette entry, when encoding
// new pixels (docs/formats/texm.md 7.2): 0, as on all 52 retail 888 textures. Existing textures keep
// theirs byte for byte (write() copies the payload's pixels).
inline constexpr std::uint8_t kEncoded888Padding = 0;

// The nearest 5/6/4-bit code of an 8-bit value (ties to the lower code).
std::uint8_t nearest_code5(std::uint8_t v);
std::uint8_t nearest_code6(std::uint8_t v);
std::uint8_t nearest_code4(std::uint8_t v);
// The luminance stored by format 88: (77 R + 150 G + 29 B + 128) >> 8, so grey R = G = B = L stays L.
constexpr std::uint8_t luminance(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  return static_cast<std::uint8_t>((77u * r + 150u * g + 29u * b + 128u) >> 8);
}

// `count` RGBA8 pixels to `format` (not formats 0 and 2: see index_pixels). `dst` holds count * bpp bytes.
void encode_pixels(Format format, const std::uint8_t* rgba, std::size_t count, std::uint8_t* dst);
// An image to `format` with a 4x4 ordered (Bayer) dither before quantizing (not formats 0 and 2).
void encode_pixels_dithered(Format format, const Image& image, std::uint8_t* dst);

// A palette as stored (docs/formats/texm.md 3.3): 256 entries B, G, R, X.
using Palette = std::array<std::uint8_t, kPaletteSize>;
// A format 0 palette for `images` under header word `flags5` (docs/formats/texm.md 7.4). Median cut
// over the R, G, B of the pixels (alpha is not stored in a palette): when there are at most 256
// distinct colours (255 with a colour key) the palette holds exactly them, so indexing is lossless;
// unused entries are zero. With a colour key (flags5 & kColourKeyFlag) entry 0 is the transparent
// pixels' (alpha < 128) most frequent colour and the others' colours fill entries 1..255; with a
// fade (kFadePaletteFlag) entry flags5 & 0xFF is the most frequent colour and the rest is zero.
Palette build_palette(std::span<const Image> images, std::uint32_t flags5 = 0);
// The index of each pixel under `rule` (formats 0 and 2, palette resolved by the surface rule,
// docs/formats/texm.md 7.4): on a colour-key palette alpha < 128 gives index 0 and the others the
// nearest R, G, B among entries 1..255; on a fade the nearest R, G, B, A; otherwise the nearest
// R, G, B. Squared distance, lowest index on ties.
void index_pixels(const PixelRule& rule, const Image& image, std::uint8_t* dst);

struct EncodeOptions {
  Format format = Format::argb8888;
  std::uint32_t mip_count = 1;    // levels to build; 0 = the full chain down to 1x1
  bool gamma_correct_mips = false;  // average R, G, B in linear light instead of the retail rule (docs/formats/texm.md 7.5)
  bool dither = false;            // ordered dithering for 565/556/4444
  // The palette to index into, stored B, G, R, X: format 0 writes it (instead of a median cut);
  // format 2 needs it (its external palette, not written). Errors: texm.palette.external.
  std::optional<Palette> palette;
  std::uint32_t flags4 = 0;
  std::uint32_t flags5 = 0;
  std::uint32_t unk6 = 0;
  std::optional<std::vector<PageRect>> page;
  // Format 0 written again (docs/formats/texm.md 7.4): the format 0 texture the image came from
  // (views: keep its bytes alive). When no palette is given and every pixel of level 0 is a colour of
  // its palette as the surface rule resolves it, that palette is kept instead of a median cut and
  // each pixel takes the index the original has at that pixel when that entry holds the pixel's
  // colour, else the first entry that does; when level 0 comes out as the original's, its mip levels
  // are kept too. So an unedited texture comes back byte for byte.
  std::optional<Texture> original;
};

// A whole Texm payload from one image. Level k of the chain is, per stored field, the truncated mean
// of the 2^k x 2^k block of level 0 (docs/formats/texm.md 7.5).
Result<ByteBuffer> encode(const Image& image, const EncodeOptions& options);
// A whole Texm payload from given levels (level i must be max(1, w >> i) x max(1, h >> i));
// options.mip_count is ignored.
Result<ByteBuffer> encode_levels(std::span<const Image> levels, const EncodeOptions& options);

}  // namespace parkan::texm
