// Textures of the sample models: 128x128 ARGB8888 with a full mip chain, painted by the texture art
// painters (texture_art.hpp), every one tileable (the models' UVs repeat them every few units).
// The names and formats are what the models' materials reference (sample_model_materials.cpp).
// LightMap.lib's pages as the retail ones (openparkan: 25 Texm pages of 128 or 256 pixels, RGB565, one
// level): light blobs on a mid-grey ambient, so that a lit batch (tex * lightmap) keeps its texture's
// look with the light spots brighter.
#include <iterator>
#include <string>

#include "sample/sample_model_assets.hpp"
#include "sample/sample_random.hpp"
#include "sample/sample_texture_catalog.hpp"

namespace parkan::sample {

namespace {

constexpr std::uint32_t kModelTextureSize = 128;
constexpr std::size_t kRetailLightmaps = 25;
constexpr std::size_t kSmallLightmaps = 2;
constexpr std::uint32_t kSmallLightmapSize = 64;
constexpr std::uint32_t kLightmapAmbient = 176;  // the grey under the light blobs (the look's param)

}  // namespace

std::vector<TextureSpec> model_texture_specs(const SampleOptions& options) {
  SampleRandom rng{options.seed * 0x9E3779B97F4A7C15ull + 11};
  auto spec = [&](const char* name, ArtKind kind, ArtColour tint, ArtColour accent, std::uint32_t param) {
    TextureLook look;
    look.kind = kind;
    look.seed = static_cast<std::uint32_t>(rng.next());
    look.tint = tint;
    look.accent = accent;
    look.param = param;
    look.dirt = 1;
    return TextureSpec{name, texm::Format::argb8888, kModelTextureSize, kModelTextureSize, 0, 32, 0, {}, look};
  };
  std::vector<TextureSpec> out = {
      spec("CAMO.0", ArtKind::camouflage, {58, 70, 40}, {98, 100, 58}, 0),
      spec("STEEL.0", ArtKind::metal_panel, {132, 136, 140}, {}, 1),     // 64-pixel plates
      spec("TREAD.0", ArtKind::tread, {96, 94, 88}, {}, 0),
      spec("CONCRETE.0", ArtKind::concrete, {168, 164, 154}, {150, 140, 120}, 0),
      spec("WINDOW.0", ArtKind::window, {28, 48, 72}, {96, 98, 100}, 0),
      spec("ARMOUR.0", ArtKind::armour, {196, 150, 44}, {}, 1),
  };
  out[1].look.rust = 1;
  return out;
}

std::vector<std::pair<std::string, ByteBuffer>> model_textures(const SampleOptions& options) {
  std::vector<std::pair<std::string, ByteBuffer>> out;
  for (const TextureSpec& spec : model_texture_specs(options)) out.emplace_back(spec.name, encode_sample_texture(spec));
  return out;
}

std::vector<TextureSpec> lightmap_catalog(const SampleOptions& options) {
  SampleRandom rng{options.seed * 0xD6E8FEB86659FD93ull + 5};
  const std::size_t count = options.retail ? kRetailLightmaps : kSmallLightmaps;
  struct Scheme {
    ArtColour tint, accent;
  };
  static constexpr Scheme kLights[] = {{{255, 200, 120}, {120, 160, 255}}, {{255, 150, 80}, {255, 230, 180}},
                                       {{160, 200, 255}, {255, 210, 150}}};
  std::vector<TextureSpec> out;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t side = options.retail ? 128u << rng.below(2) : kSmallLightmapSize;
    const Scheme& s = kLights[rng.below(std::size(kLights))];
    TextureLook look;
    look.kind = ArtKind::lightmap;
    look.seed = static_cast<std::uint32_t>(rng.next());
    look.tint = s.tint;
    look.accent = s.accent;
    look.param = kLightmapAmbient;
    out.push_back({"LIGHT" + std::to_string(i) + ".0", texm::Format::rgb565, side, side, 1, 0,
                   i % 6 == 1 ? 0x00800000u : 0u, {}, look});
  }
  return out;
}

}  // namespace parkan::sample
