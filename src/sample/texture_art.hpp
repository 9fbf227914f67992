#pragma once
// Procedural texture art for the sample game: metal panels with rivets and seams, rust, dirt,
// camouflage, terrain, concrete, glass and glow with alpha, decals, UI glyph sheets, fire and other
// animation frames, lightmaps. Everything is integer (or +, -, *, / on integers) from a 32-bit hash,
// so a look paints the same pixels on every platform; most kinds tile seamlessly.
// One painter family per file: texture_art_noise.cpp (hash, value noise, fbm, the dispatcher),
// texture_art_metal.cpp, texture_art_terrain.cpp, texture_art_glass.cpp, texture_art_ui.cpp.
#include <cstdint>
#include <vector>

#include "parkan/texm/image.hpp"

namespace parkan::sample {

enum class ArtKind : std::uint8_t {
  // metal (texture_art_metal.cpp)
  metal_panel,    // plates with seams and rivets; rust and dirt amounts from rust/dirt
  diamond_plate,  // floor plate with raised diamonds
  tread,          // track links
  armour,         // painted plates with a hazard band
  metal_atlas,    // 2x2 of bare, rusty, diamond and painted plates (Page rects: the quadrants)
  // terrain (texture_art_terrain.cpp)
  camouflage,  // tint, accent, dark and light blotches
  grass,
  rock,
  sand,
  dirt,
  concrete,
  brick,
  sky,
  terrain_atlas,  // 2x2 of grass, rock, sand, dirt (Page rects: the quadrants)
  // glass and light (texture_art_glass.cpp)
  glass,      // translucent pane, alpha
  window,     // opaque panes in a frame
  glow,       // soft light sprite, alpha
  smoke,      // puff, alpha
  fire,       // frame `frame` of `frames`: the flames rise
  explosion,  // fireball growing and fading over the frames
  lamp,       // blinking lamp: frame k lit by a pattern
  water,      // ripples moving over the frames
  lightmap,   // soft light blobs on a dark ambient
  // decals and UI (texture_art_ui.cpp)
  decal_number,  // stencilled number `param` with alpha
  decal_arrow,
  decal_hazard,  // diagonal stripes
  decal_star,    // insignia
  decal_atlas,   // 2x2 of the decals above (Page rects: the quadrants)
  glyph_sheet,   // letters and digits on a 16-column grid (Page rects: the cells)
};

struct ArtColour {
  std::uint8_t r = 128, g = 128, b = 128;
};

struct TextureLook {
  ArtKind kind = ArtKind::metal_panel;
  std::uint32_t seed = 0;
  ArtColour tint;    // the main colour
  ArtColour accent;  // the second colour (camouflage blotches, stripes, glyph outline, ...)
  std::uint32_t param = 0;   // kind-specific: the number of a decal, the plate size code, ...
  std::uint32_t rust = 0;    // 0..3: how rusty (metal)
  std::uint32_t dirt = 0;    // 0..3: how dirty
  std::uint32_t frame = 0;   // animation frame, 0 .. frames - 1
  std::uint32_t frames = 1;
};

// The art of `look` at width x height (any size >= 1), RGBA8.
texm::Image paint_texture(const TextureLook& look, std::uint32_t width, std::uint32_t height);

// The glyph sheet's cell side for a texture of that width (16 columns) and the number of glyphs
// drawn on it, so that the catalog can give the Page rects of exactly the drawn cells.
std::uint32_t art_glyph_cell(std::uint32_t width);
std::uint32_t art_glyph_count();

// ---- shared by the painter files -------------------------------------------------------------

// A 32-bit integer hash of a seed and two coordinates (lowbias32 rounds).
std::uint32_t art_hash(std::uint32_t seed, std::uint32_t x, std::uint32_t y);

// A w x h field of values 0..255: value noise on a cells_x x cells_y lattice that wraps at the
// texture's edges (so the field tiles), smoothstep-interpolated; (shift_x, shift_y) moves the
// sample point in pixels (animation frames scroll the field).
std::vector<std::uint8_t> art_noise(std::uint32_t seed, std::uint32_t w, std::uint32_t h, std::uint32_t cells_x,
                                    std::uint32_t cells_y, std::int32_t shift_x = 0, std::int32_t shift_y = 0);
// Fractal sum of `octaves` noise fields, the cells doubling and the weight halving each octave;
// values 0..255 (stretched so that they use most of the range).
std::vector<std::uint8_t> art_fbm(std::uint32_t seed, std::uint32_t w, std::uint32_t h, std::uint32_t cells,
                                  std::uint32_t octaves, std::int32_t shift_x = 0, std::int32_t shift_y = 0);

// A periodic wave: phase in 1/1024 turns, result -256..256 (a parabola approximation of sine).
std::int32_t art_wave(std::int32_t phase);
// Integer square root.
std::uint32_t art_isqrt(std::uint32_t v);

// Colour arithmetic on 0..255 channels, factors in 1/256.
ArtColour art_scale(ArtColour c, std::int32_t factor256);
ArtColour art_mix(ArtColour a, ArtColour b, std::int32_t t256);
void art_put(texm::Image& image, std::uint32_t x, std::uint32_t y, ArtColour c, std::uint8_t alpha = 255);
// Light a height field from the upper left: the factor (1/256) by which each pixel is shaded.
std::vector<std::int32_t> art_emboss(const std::vector<std::uint8_t>& height, std::uint32_t w, std::uint32_t h,
                                     std::int32_t strength);
texm::Image art_blank(std::uint32_t w, std::uint32_t h);

// The painter families.
texm::Image art_paint_metal(const TextureLook& look, std::uint32_t w, std::uint32_t h);
texm::Image art_paint_terrain(const TextureLook& look, std::uint32_t w, std::uint32_t h);
texm::Image art_paint_glass(const TextureLook& look, std::uint32_t w, std::uint32_t h);
texm::Image art_paint_ui(const TextureLook& look, std::uint32_t w, std::uint32_t h);

}  // namespace parkan::sample
