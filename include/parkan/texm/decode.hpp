#pragma once
// Texm pixels to RGBA8 (docs/formats/texm.md 6). The fast decoder (SSE2 on any x86-64,
// AVX2 / AVX-512 VBMI when the CPU has them, portable C++ elsewhere) and the scalar reference
// decoder give identical bytes for every input.
#include <array>
#include <span>

#include "parkan/texm/image.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::texm {

// Widening of short channels by exact rounding, round(v * 255 / max) (docs/formats/texm.md 6.2).
constexpr std::uint8_t widen5(std::uint32_t v) { return static_cast<std::uint8_t>((v * 255 + 15) / 31); }
constexpr std::uint8_t widen6(std::uint32_t v) { return static_cast<std::uint8_t>((v * 255 + 31) / 63); }
constexpr std::uint8_t widen4(std::uint32_t v) { return static_cast<std::uint8_t>(v * 17); }

// Header word +0x14 (flags5) bits of the surface rule (docs/formats/texm.md 6.4).
inline constexpr std::uint32_t kColourKeyFlag = 0x01000000;    // alpha surface; palette index 0 gets alpha 0
inline constexpr std::uint32_t kFadePaletteFlag = 0x02000000;  // alpha surface; the palette becomes a fade
// The caller's load flag that sends even 4444 / 8888 to an opaque surface (docs/formats/texm.md 6.4).
inline constexpr std::uint32_t kLoadFlagOpaque = 0x80000;

// The surface rule (docs/formats/texm.md 6.4): a texture keeps alpha only when its format is 4444
// or 8888 or flags5 has kColourKeyFlag or kFadePaletteFlag, and the load flags lack kLoadFlagOpaque.
bool has_alpha_surface(Format format, std::uint32_t flags5, std::uint32_t load_flags = 0);

// What a palette becomes on a surface (docs/formats/texm.md 6.4).
enum class PaletteAlpha { opaque, colour_key, fade };
PaletteAlpha palette_alpha(std::uint32_t flags5, bool alpha_surface);

// 256 colours as R, G, B, A: a stored B, G, R, X palette after the surface rule.
using RgbaPalette = std::array<std::uint8_t, kPaletteSize>;
// `bgrx` holds kPaletteSize bytes. The fourth byte is never alpha (docs/formats/texm.md 3.3); the
// fade takes the colour of entry flags5 & 0xFF.
RgbaPalette resolve_palette(const std::uint8_t* bgrx, std::uint32_t flags5, PaletteAlpha alpha);

// How the pixels of one texture become RGBA8: its format with the surface rule applied.
struct PixelRule {
  Format format = Format::argb8888;
  bool alpha = true;                          // alpha surface: 4444, 8888 and 88 keep their stored alpha; else A = 255
  PaletteAlpha palette_alpha = PaletteAlpha::opaque;
  RgbaPalette palette{};                      // formats 0 and 2: the resolved palette
};

// The rule of a format with header word flags5 and `load_flags`; `bgrx` (kPaletteSize stored bytes) for
// formats 0 and 2, nullptr otherwise.
PixelRule surface_rule(Format format, std::uint32_t flags5 = 0, const std::uint8_t* bgrx = nullptr,
                       std::uint32_t load_flags = 0);

struct DecodeOptions {
  // Format 2's external palette: 1024 bytes of B, G, R, X, or a whole PAL resource (66564 bytes).
  ByteView palette;
  std::uint32_t load_flags = 0;  // kLoadFlagOpaque forces A = 255
};

// The rule for a parsed texture. Errors: texm.palette.external (format 2 without a palette),
// texm.palette.external_size (a palette of the wrong size).
Result<PixelRule> pixel_rule(const Texture& texture, const DecodeOptions& options = {});

// Decodes `count` pixels from `src` into `dst` (count * 4 bytes). The caller checks the sizes.
void decode_pixels(const PixelRule& rule, const std::uint8_t* src, std::size_t count, std::uint8_t* dst);
// The same, one pixel at a time, written straight from the table of docs/formats/texm.md 6.1: the reference the
// tests compare decode_pixels against.
void decode_pixels_reference(const PixelRule& rule, const std::uint8_t* src, std::size_t count, std::uint8_t* dst);

// The code paths of decode_pixels: portable C++ (any CPU), SSE2 (baseline x86-64), AVX2 and
// AVX-512 VBMI (the palette lookup), chosen at run time when the CPU has them. decode_pixels uses
// the best available one; each path includes the lower ones for what it does not cover.
enum class SimdPath { portable, sse2, avx2, avx512vbmi };
bool simd_path_available(SimdPath path);
SimdPath best_simd_path();
// decode_pixels on one given path (for tests and benchmarks); an unavailable path falls back to a lower one.
void decode_pixels_using(SimdPath path, const PixelRule& rule, const std::uint8_t* src, std::size_t count,
                         std::uint8_t* dst);

// Level `level` of a parsed texture as RGBA8, by the surface rule.
Result<Image> decode(const Texture& texture, std::size_t level = 0, const DecodeOptions& options = {});

}  // namespace parkan::texm
