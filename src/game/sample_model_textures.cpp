// Textures of the sample models: 128x128 ARGB8888 with a full mip chain, painted by the texture art
// painters (texture_art.hpp), every one tileable (the models' UVs repeat them every few units).
// The names and formats are what the models' materials reference (sample_model_materials.cpp).
#include "game/sample_model_assets.hpp"
#include "game/sample_random.hpp"
#include "game/sample_texture_catalog.hpp"

namespace parkan::game {

namespace {

constexpr std::uint32_t kModelTextureSize = 128;

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

}  // namespace parkan::game
