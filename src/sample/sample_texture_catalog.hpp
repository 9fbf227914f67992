#pragma once
// The sample game's textures as data: every entry of Textures.lib in order (name, format, size,
// mips, flags, Page rects and the look its pixels are painted from), the animated frame sequences
// and the names plain materials may use, LightMap.lib and palettes.lib. `--size small` keeps the
// hand-picked edge cases; `--size retail` has the corpus mix of docs/formats/texm.md 9.1 exactly.
#include <string>
#include <vector>

#include "sample/texture_art.hpp"
#include "parkan/core/bytes.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/texm/encode.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::sample {

struct TextureSpec {
  std::string name;
  texm::Format format = texm::Format::argb8888;
  std::uint32_t width = 0, height = 0;
  std::uint32_t mips = 0;  // 0 = full chain
  std::uint32_t flags4 = 0, flags5 = 0;
  std::vector<texm::PageRect> page;  // empty: no Page chunk
  TextureLook look;
};

// Every texture of Textures.lib in entry order, the sample models' textures included.
std::vector<TextureSpec> texture_catalog(const SampleOptions& options);
// Named frame sequences (fire, explosion, blinking lamp, water ripple; 4 to 16 frames each) for the
// phases of animated materials.
std::vector<std::vector<std::string>> animated_texture_sets(const SampleOptions& options);
// The names a plain (not animated) material may use.
std::vector<std::string> static_texture_names(const SampleOptions& options);

// The sample models' textures (sample_model_textures.cpp): 128x128 ARGB8888, full chain, tileable.
std::vector<TextureSpec> model_texture_specs(const SampleOptions& options);
// LightMap.lib: LIGHT0.0 .. (565, one level; sample_model_textures.cpp).
std::vector<TextureSpec> lightmap_catalog(const SampleOptions& options);

// A palette of palettes.lib: its entry name ("B0.PAL") and 256 colours as stored, B, G, R, X (X = 0).
struct SamplePalette {
  std::string name;
  texm::Palette colours;
};
std::vector<SamplePalette> palette_catalog(const SampleOptions& options);
// The palette an indexed texture is quantized to: the slot its name picks, else the fire palette.
texm::Palette sample_palette_for(const std::string& texture_name);

// Paints and encodes one texture (format 0: quantized to sample_palette_for(name), whose colours
// are the Texm palette).
ByteBuffer encode_sample_texture(const TextureSpec& spec);

}  // namespace parkan::sample
