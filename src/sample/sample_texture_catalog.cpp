// The catalog of the sample textures (sample_texture_catalog.hpp). Small: the hand-picked edge cases
// (every format, every mip-skip branch, NPOT, 1x1, Page, palette suffixes), the models' textures and
// four short animations. Retail: those (normalized to the retail formats and flags), then families
// of game art whose counts give exactly the corpus mix of docs/formats/texm.md 9.1: formats 8888 237,
// 888 52, 565 47, 4444 42, 0 15; flags4 32 on 361; flags5 0x04000000 on 81; Page on 65.
#include "sample/sample_texture_catalog.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "sample/sample_random.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/palette.hpp"

namespace parkan::sample {

namespace {

using texm::Format;

constexpr std::uint32_t kTexcatFlags4 = 32;
constexpr std::uint32_t kTexcatFlags5 = 0x04000000;
constexpr std::size_t kRetailFlags4Zero = 32;    // of the 393 retail textures, 361 have flags4 32
constexpr std::size_t kRetailFlags5Set = 81;

TextureLook texcat_look(ArtKind kind, SampleRandom& rng, ArtColour tint, ArtColour accent, std::uint32_t param = 0) {
  TextureLook look;
  look.kind = kind;
  look.seed = static_cast<std::uint32_t>(rng.next());
  look.tint = tint;
  look.accent = accent;
  look.param = param;
  return look;
}

TextureLook texcat_frame(TextureLook look, std::uint32_t frame, std::uint32_t frames) {
  look.frame = frame;
  look.frames = frames;
  return look;
}

// The hand-picked set of the small game (names, formats, sizes, mips, flags and Page as before).
std::vector<TextureSpec> texcat_named(SampleRandom& rng) {
  auto look = [&](ArtKind kind, ArtColour tint, ArtColour accent, std::uint32_t param = 0) {
    return texcat_look(kind, rng, tint, accent, param);
  };
  TextureLook fire = look(ArtKind::fire, {}, {});
  std::vector<TextureSpec> out = {
      {"GRASS.0", Format::argb8888, 64, 64, 0, 32, 0, {}, look(ArtKind::grass, {74, 112, 40}, {150, 132, 70})},
      {"ROCK.0", Format::rgbx888, 32, 32, 0, 32, 0x04000000, {}, look(ArtKind::rock, {136, 128, 116}, {84, 76, 66})},
      {"METAL1.0", Format::rgb565, 64, 32, 7, 32, 0x10000000, {}, look(ArtKind::metal_panel, {128, 132, 136}, {}, 0)},
      {"GLASS.0", Format::argb4444, 32, 32, 0, 32, 0, {}, look(ArtKind::glass, {60, 110, 130}, {120, 170, 180}, 1)},
      {"FIRE0.0", Format::indexed8, 16, 16, 0, 0, 0, {}, texcat_frame(fire, 0, 4)},
      {"FIRE1.0", Format::indexed8, 16, 16, 0, 0, 0, {}, texcat_frame(fire, 1, 4)},
      {"FIRE2.0", Format::indexed8, 16, 16, 0, 0, 0, {}, texcat_frame(fire, 2, 4)},
      {"FIRE3.0", Format::indexed8, 16, 16, 0, 0, 0, {}, texcat_frame(fire, 3, 4)},
      {"WATER.0", Format::rgb556, 20, 12, 1, 32, 0, {}, look(ArtKind::water, {20, 60, 90}, {90, 150, 170})},
      {"SKY.0", Format::argb8888, 256, 128, 0, 32, 0x20000000, {}, look(ArtKind::sky, {40, 80, 160}, {170, 200, 225})},
      {"PANEL.A", Format::argb8888, 128, 128, 8, 32, 0x40000000,
       {{0, 64, 0, 64}, {64, 64, 0, 64}, {0, 128, 64, 32}, {0, 32, 96, 32}},
       look(ArtKind::metal_panel, {96, 104, 84}, {}, 1 | 4)},
      // 88 keeps its stored alpha only on an alpha surface: the colour-key bit gives it one
      // (docs/formats/texm.md 6.4), so the glow fades out.
      {"LAMP.B0", Format::la88, 8, 8, 0, 0, texm::kColourKeyFlag, {}, look(ArtKind::glow, {255, 200, 90}, {})},
      {"DOT.0", Format::argb8888, 1, 1, 1, 0, 0, {}, look(ArtKind::metal_panel, {140, 140, 140}, {})},
      {"ODD.0", Format::rgb565, 5, 3, 3, 0, 0x02000000, {{0, 5, 0, 3}}, look(ArtKind::rock, {120, 110, 100}, {70, 64, 58})},
      {"HUGE.B", Format::indexed8, 160, 160, 3, 0, 0x40000000, {}, look(ArtKind::rock, {170, 160, 140}, {90, 84, 74}, 1)},
  };
  out[2].look.rust = 1, out[2].look.dirt = 1;
  return out;
}

// The same names with retail formats and flags: 556 and 88 are not in the corpus mix, and every
// flags5 is 0 or 0x04000000 there.
void texcat_to_retail(std::vector<TextureSpec>& named) {
  for (TextureSpec& spec : named) {
    if (spec.format == Format::rgb556) spec.format = Format::rgb565;
    if (spec.name == "LAMP.B0") spec.format = Format::indexed8;  // its suffix picks palette B0
    if (spec.name.rfind("FIRE", 0) == 0) spec.format = Format::argb8888, spec.flags4 = 0;
    if (spec.flags5 != kTexcatFlags5) spec.flags5 = 0;
  }
}

// A short animation: `frames` frames of one look, named by `name(k)`.
void texcat_animation(std::vector<TextureSpec>& out, const std::string& stem, std::size_t digits, std::string suffix,
                       std::uint32_t frames, Format format, std::uint32_t w, std::uint32_t h, const TextureLook& look) {
  for (std::uint32_t k = 0; k < frames; ++k)
    out.push_back({fmt::format("{}{:0{}}.{}", stem, k, digits, suffix), format, w, h, 0, kTexcatFlags4, 0, {},
                   texcat_frame(look, k, frames)});
}

// The small game's animations beyond FIRE0..3: explosion, blinking lamp, water ripple.
std::vector<TextureSpec> texcat_small_animations(SampleRandom& rng) {
  std::vector<TextureSpec> out;
  texcat_animation(out, "EXPLO_A", 1, "0", 4, Format::argb8888, 32, 32, texcat_look(ArtKind::explosion, rng, {}, {}));
  texcat_animation(out, "LAMP_RED", 1, "0", 4, Format::argb4444, 16, 16,
                    texcat_look(ArtKind::lamp, rng, {255, 40, 30}, {}, 1));
  texcat_animation(out, "RIPPLE_", 1, "0", 4, Format::rgb565, 32, 32,
                    texcat_look(ArtKind::water, rng, {16, 52, 80}, {80, 140, 160}));
  return out;
}

struct TexcatSize {
  std::uint32_t w, h;
};

// Surfaces: mostly 64..256, some 512, 32, non-power-of-two.
TexcatSize texcat_surface_size(SampleRandom& rng) {
  static constexpr TexcatSize kSizes[] = {{64, 64},   {64, 64},   {64, 64},   {64, 64},   {64, 64},   {128, 128},
                                           {128, 128}, {128, 128}, {128, 128}, {128, 128}, {128, 128}, {256, 256},
                                           {256, 256}, {256, 256}, {256, 256}, {128, 64},  {128, 64},  {256, 128},
                                           {256, 128}, {512, 512}, {32, 32},   {32, 32},   {96, 64},   {160, 120},
                                           {192, 96},  {48, 48},   {64, 128},  {512, 256}};
  return kSizes[rng.below(std::size(kSizes))];
}
TexcatSize texcat_sprite_size(SampleRandom& rng) {
  static constexpr TexcatSize kSizes[] = {{32, 32}, {64, 64}, {64, 64}, {128, 128}, {16, 16}, {64, 32}};
  return kSizes[rng.below(std::size(kSizes))];
}
TexcatSize texcat_atlas_size(SampleRandom& rng) {
  static constexpr TexcatSize kSizes[] = {{128, 128}, {128, 128}, {256, 256}, {64, 64}, {256, 128}};
  return kSizes[rng.below(std::size(kSizes))];
}

TexcatSize texcat_font_size(SampleRandom& rng) {  // 16 columns, 3 rows of glyph cells of 8 or more
  static constexpr TexcatSize kSizes[] = {{128, 32}, {256, 64}, {256, 128}, {512, 128}};
  return kSizes[rng.below(std::size(kSizes))];
}

std::vector<texm::PageRect> texcat_quadrants(std::uint32_t w, std::uint32_t h) {
  auto s = [](std::uint32_t v) { return static_cast<std::int16_t>(v); };
  std::uint32_t qw = w / 2, qh = h / 2;
  return {{0, s(qw), 0, s(qh)}, {s(qw), s(qw), 0, s(qh)}, {0, s(qw), s(qh), s(qh)}, {s(qw), s(qw), s(qh), s(qh)}};
}

std::vector<texm::PageRect> texcat_glyph_cells(std::uint32_t w) {
  std::uint32_t cell = art_glyph_cell(w);
  std::vector<texm::PageRect> rects;
  for (std::uint32_t g = 0; g < art_glyph_count(); ++g)
    rects.push_back({static_cast<std::int16_t>(g % 16 * cell), static_cast<std::int16_t>(cell),
                     static_cast<std::int16_t>(g / 16 * cell), static_cast<std::int16_t>(cell)});
  return rects;
}

// Colour schemes per family: tint and accent.
struct TexcatScheme {
  ArtColour tint, accent;
};
constexpr TexcatScheme kTexcatMetalSchemes[] = {{{128, 132, 136}, {}}, {{96, 104, 84}, {}},  {{110, 116, 128}, {}},
                                           {{150, 140, 110}, {}}, {{88, 92, 96}, {}},   {{120, 96, 70}, {}},
                                           {{70, 84, 60}, {}},    {{160, 160, 150}, {}}};
constexpr TexcatScheme kTexcatCamoSchemes[] = {{{58, 70, 40}, {98, 100, 58}},   {{176, 150, 104}, {136, 104, 70}},
                                          {{200, 204, 208}, {130, 134, 140}}, {{110, 112, 114}, {70, 72, 78}},
                                          {{40, 70, 36}, {90, 76, 44}}};
constexpr const char* kTexcatCamoNames[] = {"GREEN", "DESERT", "WINTER", "URBAN", "JUNGLE"};
constexpr TexcatScheme kTexcatGrassSchemes[] = {{{74, 112, 40}, {150, 132, 70}}, {{60, 96, 44}, {120, 110, 60}},
                                           {{96, 120, 48}, {170, 150, 90}}};
constexpr TexcatScheme kTexcatRockSchemes[] = {{{136, 128, 116}, {84, 76, 66}}, {{150, 120, 96}, {96, 70, 52}},
                                          {{120, 124, 128}, {70, 74, 80}}, {{170, 150, 120}, {110, 96, 76}}};
constexpr TexcatScheme kTexcatSandSchemes[] = {{{206, 182, 132}, {176, 146, 100}}, {{196, 170, 120}, {220, 200, 160}},
                                          {{180, 140, 96}, {150, 110, 70}}};
constexpr TexcatScheme kTexcatDirtSchemes[] = {{{104, 78, 52}, {140, 118, 90}}, {{84, 66, 48}, {120, 100, 74}},
                                          {{120, 92, 60}, {96, 86, 70}}};
constexpr TexcatScheme kTexcatConcreteSchemes[] = {{{168, 164, 154}, {150, 140, 120}}, {{140, 140, 136}, {120, 110, 100}},
                                              {{186, 180, 168}, {160, 150, 130}}};
constexpr TexcatScheme kTexcatBrickSchemes[] = {{{150, 70, 50}, {170, 164, 150}}, {{120, 60, 44}, {140, 136, 126}},
                                           {{170, 120, 80}, {180, 176, 160}}};
constexpr TexcatScheme kTexcatGlowSchemes[] = {{{255, 180, 60}, {}}, {{120, 180, 255}, {}}, {{255, 80, 40}, {}},
                                          {{140, 255, 120}, {}}, {{255, 240, 200}, {}}};
constexpr TexcatScheme kTexcatGlassSchemes[] = {{{60, 110, 130}, {120, 170, 180}}, {{70, 90, 110}, {140, 160, 190}},
                                           {{90, 120, 80}, {150, 180, 140}}};
constexpr TexcatScheme kTexcatDecalSchemes[] = {{{235, 235, 225}, {30, 30, 30}}, {{230, 190, 40}, {28, 26, 22}},
                                           {{200, 40, 30}, {240, 240, 230}}, {{240, 240, 236}, {60, 90, 50}}};
constexpr TexcatScheme kTexcatFontSchemes[] = {{{120, 255, 120}, {20, 120, 40}}, {{255, 210, 90}, {200, 90, 20}},
                                          {{240, 240, 255}, {120, 140, 200}}};
constexpr TexcatScheme kTexcatSkySchemes[] = {{{40, 80, 160}, {170, 200, 225}}, {{70, 60, 110}, {230, 150, 100}}};

template <std::size_t N>
const TexcatScheme& texcat_pick(const TexcatScheme (&schemes)[N], SampleRandom& rng) {
  return schemes[rng.below(N)];
}

// The generator of one family of the retail set.
class TexcatFamilies {
 public:
  explicit TexcatFamilies(SampleRandom& rng) : rng_(rng) {}

  std::string next_name(const std::string& stem, const std::string& suffix = "0") {
    std::uint32_t n = ++numbers_[stem];
    return fmt::format("{}{:02}.{}", stem, n, suffix);
  }

  void add(std::vector<TextureSpec>& out, std::size_t count, const std::string& stem, Format format, ArtKind kind,
           const TexcatScheme* schemes, std::size_t scheme_count, TexcatSize (*size)(SampleRandom&),
           const std::string& suffix = "0") {
    for (std::size_t i = 0; i < count; ++i) {
      const TexcatScheme& s = schemes[rng_.below(static_cast<std::uint32_t>(scheme_count))];
      TexcatSize sz = size(rng_);
      TextureSpec spec{next_name(stem, suffix), format, sz.w, sz.h, mips(), kTexcatFlags4, 0, {},
                       texcat_look(kind, rng_, s.tint, s.accent, rng_.below(8))};
      spec.look.rust = rng_.below(2);
      spec.look.dirt = rng_.below(3);
      out.push_back(std::move(spec));
    }
  }

  // Mostly full chains; some single levels and some short chains.
  std::uint32_t mips() {
    std::uint32_t r = rng_.below(20);
    return r == 0 ? 1 : r == 1 ? 4 : 0;
  }

  SampleRandom& rng() { return rng_; }

 private:
  SampleRandom& rng_;
  std::map<std::string, std::uint32_t> numbers_;
};

template <std::size_t N>
void texcat_family(TexcatFamilies& f, std::vector<TextureSpec>& out, std::size_t count, const std::string& stem,
                    Format format, ArtKind kind, const TexcatScheme (&schemes)[N],
                    TexcatSize (*size)(SampleRandom&) = texcat_surface_size, const std::string& suffix = "0") {
  f.add(out, count, stem, format, kind, schemes, N, size, suffix);
}

// The families of the retail set after the named and model textures (372 textures).
std::vector<TextureSpec> texcat_retail_families(SampleRandom& rng) {
  TexcatFamilies f(rng);
  std::vector<TextureSpec> out;
  // Format 8888: 195 stills, 28 animation frames.
  texcat_family(f, out, 27, "METAL_PNL", Format::argb8888, ArtKind::metal_panel, kTexcatMetalSchemes);
  std::size_t rusty = out.size();
  texcat_family(f, out, 20, "RUST_", Format::argb8888, ArtKind::metal_panel, kTexcatMetalSchemes);
  for (std::size_t i = rusty; i < out.size(); ++i) out[i].look.rust = 2 + rng.below(2), out[i].look.dirt = 2;
  texcat_family(f, out, 8, "FLOOR_PLT", Format::argb8888, ArtKind::diamond_plate, kTexcatMetalSchemes);
  for (std::size_t k = 0; k < 10; ++k) {  // CAMO_GREEN1.0 ...
    std::uint32_t scheme = static_cast<std::uint32_t>(k % std::size(kTexcatCamoSchemes));
    TexcatSize sz = texcat_surface_size(rng);
    out.push_back({fmt::format("CAMO_{}{}.0", kTexcatCamoNames[scheme], k / std::size(kTexcatCamoSchemes) + 1), Format::argb8888,
                   sz.w, sz.h, f.mips(), kTexcatFlags4, 0, {},
                   texcat_look(ArtKind::camouflage, rng, kTexcatCamoSchemes[scheme].tint, kTexcatCamoSchemes[scheme].accent)});
  }
  texcat_family(f, out, 12, "GRASS_", Format::argb8888, ArtKind::grass, kTexcatGrassSchemes);
  texcat_family(f, out, 12, "ROCK_", Format::argb8888, ArtKind::rock, kTexcatRockSchemes);
  texcat_family(f, out, 10, "SAND_", Format::argb8888, ArtKind::sand, kTexcatSandSchemes);
  texcat_family(f, out, 8, "DIRT_", Format::argb8888, ArtKind::dirt, kTexcatDirtSchemes);
  texcat_family(f, out, 12, "CONCRETE_", Format::argb8888, ArtKind::concrete, kTexcatConcreteSchemes);
  texcat_family(f, out, 10, "BRICK_", Format::argb8888, ArtKind::brick, kTexcatBrickSchemes);
  texcat_family(f, out, 4, "SKY_", Format::argb8888, ArtKind::sky, kTexcatSkySchemes);
  texcat_family(f, out, 24, "DECAL_", Format::argb8888, ArtKind::decal_atlas, kTexcatDecalSchemes, texcat_atlas_size);
  texcat_family(f, out, 6, "FONT_", Format::argb8888, ArtKind::glyph_sheet, kTexcatFontSchemes, texcat_font_size);
  texcat_family(f, out, 8, "GLOW_", Format::argb8888, ArtKind::glow, kTexcatGlowSchemes, texcat_sprite_size);
  texcat_family(f, out, 8, "GLASS_", Format::argb8888, ArtKind::glass, kTexcatGlassSchemes, texcat_sprite_size);
  texcat_family(f, out, 6, "SMOKE_", Format::argb8888, ArtKind::smoke, kTexcatConcreteSchemes, texcat_sprite_size);
  texcat_family(f, out, 10, "KIT_", Format::argb8888, ArtKind::metal_atlas, kTexcatMetalSchemes, texcat_atlas_size);
  texcat_animation(out, "FIRE_B", 2, "0", 16, Format::argb8888, 64, 128, texcat_look(ArtKind::fire, rng, {}, {}));
  texcat_animation(out, "EXPLO_A", 2, "0", 12, Format::argb8888, 128, 128,
                    texcat_look(ArtKind::explosion, rng, {}, {}));
  // Format 888: 43 stills, 8 frames.
  texcat_family(f, out, 10, "ROCK_", Format::rgbx888, ArtKind::rock, kTexcatRockSchemes);
  texcat_family(f, out, 8, "CONCRETE_", Format::rgbx888, ArtKind::concrete, kTexcatConcreteSchemes);
  texcat_family(f, out, 10, "METAL_PNL", Format::rgbx888, ArtKind::metal_panel, kTexcatMetalSchemes);
  texcat_family(f, out, 5, "GRASS_", Format::rgbx888, ArtKind::grass, kTexcatGrassSchemes);
  texcat_family(f, out, 8, "TERRAIN_", Format::rgbx888, ArtKind::terrain_atlas, kTexcatDirtSchemes, texcat_atlas_size);
  texcat_family(f, out, 2, "BRICK_", Format::rgbx888, ArtKind::brick, kTexcatBrickSchemes);
  texcat_animation(out, "RIPPLE_B", 2, "0", 8, Format::rgbx888, 64, 64,
                    texcat_look(ArtKind::water, rng, {30, 70, 60}, {100, 150, 120}));
  // Format 565: 30 stills, 14 frames.
  texcat_family(f, out, 6, "GRASS_", Format::rgb565, ArtKind::grass, kTexcatGrassSchemes);
  texcat_family(f, out, 6, "SAND_", Format::rgb565, ArtKind::sand, kTexcatSandSchemes);
  texcat_family(f, out, 6, "DIRT_", Format::rgb565, ArtKind::dirt, kTexcatDirtSchemes);
  texcat_family(f, out, 6, "METAL_PNL", Format::rgb565, ArtKind::metal_panel, kTexcatMetalSchemes);
  for (std::size_t k = 0; k < 6; ++k) {
    std::uint32_t scheme = static_cast<std::uint32_t>(k % std::size(kTexcatCamoSchemes));
    TexcatSize sz = texcat_surface_size(rng);
    out.push_back({fmt::format("CAMO_{}{}.0", kTexcatCamoNames[scheme], 3 + k / std::size(kTexcatCamoSchemes)), Format::rgb565,
                   sz.w, sz.h, f.mips(), kTexcatFlags4, 0, {},
                   texcat_look(ArtKind::camouflage, rng, kTexcatCamoSchemes[scheme].tint, kTexcatCamoSchemes[scheme].accent)});
  }
  texcat_animation(out, "RIPPLE_A", 2, "0", 8, Format::rgb565, 128, 128,
                    texcat_look(ArtKind::water, rng, {16, 52, 80}, {80, 140, 160}));
  texcat_animation(out, "LAMP_GRN", 1, "0", 6, Format::rgb565, 32, 32,
                    texcat_look(ArtKind::lamp, rng, {60, 255, 80}, {}, 0));
  // Format 4444: 29 stills, 12 frames.
  texcat_family(f, out, 8, "GLASS_", Format::argb4444, ArtKind::glass, kTexcatGlassSchemes, texcat_sprite_size);
  texcat_family(f, out, 6, "GLOW_", Format::argb4444, ArtKind::glow, kTexcatGlowSchemes, texcat_sprite_size);
  texcat_family(f, out, 15, "DECAL_", Format::argb4444, ArtKind::decal_atlas, kTexcatDecalSchemes, texcat_atlas_size);
  texcat_animation(out, "EXPLO_B", 2, "0", 8, Format::argb4444, 64, 64, texcat_look(ArtKind::explosion, rng, {}, {}));
  texcat_animation(out, "LAMP_RED", 1, "0", 4, Format::argb4444, 32, 32,
                    texcat_look(ArtKind::lamp, rng, {255, 40, 30}, {}, 1));
  // Format 0: 13, quantized to the palette their suffix picks (F fire, C woodland, D earth).
  texcat_animation(out, "FIRE_A", 2, "F", 8, Format::indexed8, 64, 64, texcat_look(ArtKind::fire, rng, {}, {}));
  for (std::uint32_t k = 1; k <= 3; ++k)
    out.push_back({fmt::format("CAMO_WOOD{}.C", k), Format::indexed8, 128, 128, 0, kTexcatFlags4, 0, {},
                   texcat_look(ArtKind::camouflage, rng, kTexcatCamoSchemes[0].tint, kTexcatCamoSchemes[0].accent)});
  out.push_back({"EARTH_01.D", Format::indexed8, 128, 128, 0, kTexcatFlags4, 0, {},
                 texcat_look(ArtKind::dirt, rng, kTexcatDirtSchemes[0].tint, kTexcatDirtSchemes[0].accent)});
  out.push_back({"EARTH_02.D", Format::indexed8, 64, 64, 0, kTexcatFlags4, 0, {},
                 texcat_look(ArtKind::sand, rng, kTexcatSandSchemes[2].tint, kTexcatSandSchemes[2].accent)});

  // Atlases carry their sub-images as Page rects; glyph sheets are UI: one level.
  for (TextureSpec& spec : out) {
    if (spec.look.kind == ArtKind::decal_atlas || spec.look.kind == ArtKind::terrain_atlas ||
        spec.look.kind == ArtKind::metal_atlas)
      spec.page = texcat_quadrants(spec.width, spec.height);
    if (spec.look.kind == ArtKind::glyph_sheet) {
      spec.height = std::max(spec.height, 3 * art_glyph_cell(spec.width));
      spec.page = texcat_glyph_cells(spec.width);
      spec.mips = 1;
    }
  }
  return out;
}

// Sets a flag on exactly `count` rows of `rows` (from index `first`): the preferred rows first, in
// order, then rows drawn at random.
template <typename Prefer, typename Set>
void texcat_assign(std::vector<TextureSpec>& rows, std::size_t first, std::size_t count, Prefer prefer, Set set,
                    SampleRandom& rng) {
  std::vector<std::size_t> preferred, others;
  for (std::size_t i = first; i < rows.size(); ++i) (prefer(rows[i]) ? preferred : others).push_back(i);
  for (std::size_t i = others.size(); i > 1; --i) std::swap(others[i - 1], others[rng.below(std::uint32_t(i))]);
  preferred.insert(preferred.end(), others.begin(), others.end());
  for (std::size_t k = 0; k < count && k < preferred.size(); ++k) set(rows[preferred[k]]);
}

std::size_t texcat_count(const std::vector<TextureSpec>& rows, bool (*pred)(const TextureSpec&)) {
  return static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), pred));
}

std::vector<TextureSpec> texcat_retail(const SampleOptions& options, SampleRandom& rng) {
  std::vector<TextureSpec> rows = texcat_named(rng);
  texcat_to_retail(rows);
  for (TextureSpec& spec : model_texture_specs(options)) rows.push_back(std::move(spec));
  const std::size_t first = rows.size();
  for (TextureSpec& spec : texcat_retail_families(rng)) rows.push_back(std::move(spec));
  // flags4 0 on 32 in all: UI sheets, indexed textures and lamps first; flags5 0x04000000 on 81.
  std::size_t zero = texcat_count(rows, [](const TextureSpec& s) { return s.flags4 == 0; });
  texcat_assign(
      rows, first, kRetailFlags4Zero - zero,
      [](const TextureSpec& s) {
        return s.look.kind == ArtKind::glyph_sheet || s.format == Format::indexed8 || s.look.kind == ArtKind::lamp;
      },
      [](TextureSpec& s) { s.flags4 = 0; }, rng);
  std::size_t set = texcat_count(rows, [](const TextureSpec& s) { return s.flags5 == kTexcatFlags5; });
  texcat_assign(
      rows, first, kRetailFlags5Set - set, [](const TextureSpec&) { return false; },
      [](TextureSpec& s) { s.flags5 = kTexcatFlags5; }, rng);
  return rows;
}

bool texcat_is_frame(const std::vector<std::vector<std::string>>& sets, const std::string& name) {
  for (const auto& set : sets)
    if (std::find(set.begin(), set.end(), name) != set.end()) return true;
  return false;
}

// Palettes as ramps through a few stops (ordered dark to light, so that the PAL's blend table can
// take the middle index).
texm::Palette texcat_ramp(std::initializer_list<ArtColour> stops) {
  std::vector<ArtColour> s(stops);
  texm::Palette p{};
  for (std::size_t i = 0; i < 256; ++i) {
    std::size_t scaled = i * (s.size() - 1);
    std::size_t segment = std::min(scaled / 255, s.size() - 2);
    std::int32_t t = static_cast<std::int32_t>((scaled - segment * 255) * 256 / 255);
    ArtColour c = art_mix(s[segment], s[segment + 1], t);
    p[i * 4] = c.b, p[i * 4 + 1] = c.g, p[i * 4 + 2] = c.r, p[i * 4 + 3] = 0;  // stored B, G, R, X (docs/formats/texm.md 3.3)
  }
  return p;
}

const std::vector<SamplePalette>& texcat_palettes() {
  static const std::vector<SamplePalette> palettes = {
      {"A.PAL", texcat_ramp({{0, 0, 0}, {60, 64, 72}, {150, 155, 160}, {255, 255, 255}})},
      {"B0.PAL", texcat_ramp({{0, 0, 0}, {80, 40, 0}, {255, 180, 60}, {255, 255, 220}})},
      {"B.PAL", texcat_ramp({{20, 18, 16}, {90, 84, 74}, {170, 160, 140}, {230, 225, 215}})},
      {"C.PAL", texcat_ramp({{12, 12, 10}, {36, 36, 30}, {58, 70, 40}, {98, 100, 58}, {112, 86, 54}, {180, 170, 130}})},
      {"D.PAL", texcat_ramp({{20, 14, 8}, {90, 64, 40}, {150, 120, 80}, {210, 190, 150}, {240, 230, 200}})},
      {"F.PAL", texcat_ramp({{0, 0, 0}, {96, 10, 4}, {200, 40, 8}, {246, 120, 20}, {255, 210, 70}, {255, 250, 220}})},
  };
  return palettes;
}

}  // namespace

std::vector<TextureSpec> texture_catalog(const SampleOptions& options) {
  SampleRandom rng{options.seed * 0x2545F4914F6CDD1Dull + 3};
  if (options.retail) return texcat_retail(options, rng);
  std::vector<TextureSpec> rows = texcat_named(rng);
  for (TextureSpec& spec : model_texture_specs(options)) rows.push_back(std::move(spec));
  for (TextureSpec& spec : texcat_small_animations(rng)) rows.push_back(std::move(spec));
  return rows;
}

std::vector<std::vector<std::string>> animated_texture_sets(const SampleOptions& options) {
  std::vector<std::vector<std::string>> sets;
  std::vector<std::string> current;
  std::string current_stem;
  // Frames are consecutive rows whose looks have frames > 1; a new sequence starts at frame 0.
  for (const TextureSpec& spec : texture_catalog(options)) {
    if (spec.look.frames <= 1) continue;
    if (spec.look.frame == 0 && !current.empty()) sets.push_back(std::move(current)), current.clear();
    current.push_back(spec.name);
  }
  if (!current.empty()) sets.push_back(std::move(current));
  return sets;
}

std::vector<std::string> static_texture_names(const SampleOptions& options) {
  std::vector<std::vector<std::string>> sets = animated_texture_sets(options);
  std::vector<std::string> names;
  for (const TextureSpec& spec : texture_catalog(options))
    if (!texcat_is_frame(sets, spec.name)) names.push_back(spec.name);
  return names;
}

std::vector<SamplePalette> palette_catalog(const SampleOptions& options) {
  std::vector<SamplePalette> out;
  for (const SamplePalette& p : texcat_palettes())  // small: the three of the hand-picked set
    if (options.retail || p.name == "A.PAL" || p.name == "B0.PAL" || p.name == "B.PAL") out.push_back(p);
  return out;
}

texm::Palette sample_palette_for(const std::string& texture_name) {
  texm::NamePalette slot = texm::palette_index_from_name(texture_name);
  std::string pal = slot.has_palette() && !slot.outside_bank() ? texm::palette_slot_name(std::size_t(slot.index)) : "F.PAL";
  for (const SamplePalette& p : texcat_palettes())
    if (p.name == pal) return p.colours;
  return texcat_palettes().back().colours;  // the fire palette
}

ByteBuffer encode_sample_texture(const TextureSpec& spec) {
  texm::Image art = paint_texture(spec.look, spec.width, spec.height);
  if (spec.format != Format::indexed8) {
    texm::EncodeOptions options;
    options.format = spec.format;
    options.mip_count = spec.mips;
    options.flags4 = spec.flags4;
    options.flags5 = spec.flags5;
    if (!spec.page.empty()) options.page = spec.page;
    auto bytes = texm::encode(art, options);
    return bytes.ok() ? std::move(*bytes) : ByteBuffer{};  // the catalog's specs are valid by construction
  }
  // Indexed: the palette is the PAL colours of the name's slot, each level quantized to it.
  texm::EncodeOptions options;
  options.format = Format::indexed8;
  options.mip_count = spec.mips;
  options.flags4 = spec.flags4;
  options.flags5 = spec.flags5;
  options.palette = sample_palette_for(spec.name);
  if (!spec.page.empty()) options.page = spec.page;
  auto bytes = texm::encode(art, options);
  return bytes.ok() ? std::move(*bytes) : ByteBuffer{};
}

}  // namespace parkan::sample
