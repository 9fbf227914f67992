// Sample textures: Textures.lib (every format, non-power-of-two, 1x1, with and without Page,
// names with palette suffixes, every mip-skip branch), LightMap.lib (565, one level, 13.3) and
// palettes.lib (the PAL slots the suffixed names point at), plus the sample models' textures
// (sample_model_textures.cpp). Pixels are drawn, then encoded with the project's own encoder; names
// match the textures the sample materials and WEARs use.
#include <fmt/format.h>

#include "parkan/game/sample.hpp"
#include "game/sample_model_assets.hpp"
#include "game/sample_random.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/texm/encode.hpp"
#include "parkan/texm/palette.hpp"

namespace parkan::game {

namespace {

using texm::Format;

enum class Pattern { checker, gradient, rings, fire, translucent };

texm::Image draw(std::uint32_t w, std::uint32_t h, Pattern pattern, SampleRandom& rng) {
  texm::Image image{w, h, ByteBuffer(std::size_t(w) * h * 4)};
  std::uint8_t tint[3] = {rng.byte(), rng.byte(), rng.byte()};
  std::uint32_t cell = 1 + rng.below(8);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::uint8_t* p = image.rgba.data() + (std::size_t(y) * w + x) * 4;
      std::uint32_t fx = x * 255 / std::max(1u, w - 1), fy = y * 255 / std::max(1u, h - 1);
      switch (pattern) {
        case Pattern::checker: {
          bool on = ((x / cell) + (y / cell)) % 2;
          for (int c = 0; c < 3; ++c) p[c] = on ? tint[c] : std::uint8_t(255 - tint[c]);
          p[3] = 255;
          break;
        }
        case Pattern::gradient:
          p[0] = std::uint8_t(fx), p[1] = std::uint8_t(fy), p[2] = tint[2], p[3] = 255;
          break;
        case Pattern::rings: {
          int dx = int(x) - int(w / 2), dy = int(y) - int(h / 2);
          std::uint8_t v = std::uint8_t((dx * dx + dy * dy) * 4 / std::max(1u, cell));
          p[0] = v, p[1] = std::uint8_t(v ^ tint[1]), p[2] = tint[2], p[3] = 255;
          break;
        }
        case Pattern::fire:  // few colours: a good fit for a palette
          p[0] = 255, p[1] = std::uint8_t((255 - fy) / 32 * 32), p[2] = std::uint8_t(fx / 64 * 40), p[3] = 255;
          break;
        case Pattern::translucent:
          p[0] = tint[0], p[1] = std::uint8_t(fx), p[2] = tint[2], p[3] = std::uint8_t(fy);
          break;
      }
    }
  return image;
}

struct TextureSpec {
  std::string name;
  Format format;
  std::uint32_t width, height;
  std::uint32_t mips;  // 0 = full chain
  std::uint32_t flags4, flags5;
  Pattern pattern;
  std::vector<texm::PageRect> page;  // empty: no Page chunk
};

// The hand-picked set: every format, every mip-skip branch, NPOT, 1x1, Page, palette suffixes.
std::vector<TextureSpec> named_textures() {
  return {
      {"GRASS.0", Format::argb8888, 64, 64, 0, 32, 0, Pattern::checker, {}},
      {"ROCK.0", Format::rgbx888, 32, 32, 0, 32, 0x04000000, Pattern::rings, {}},
      {"METAL1.0", Format::rgb565, 64, 32, 7, 32, 0x10000000, Pattern::gradient, {}},          // skip 1
      {"GLASS.0", Format::argb4444, 32, 32, 0, 32, 0, Pattern::translucent, {}},
      {"FIRE0.0", Format::indexed8, 16, 16, 0, 0, 0, Pattern::fire, {}},
      {"FIRE1.0", Format::indexed8, 16, 16, 0, 0, 0, Pattern::fire, {}},
      {"FIRE2.0", Format::indexed8, 16, 16, 0, 0, 0, Pattern::fire, {}},
      {"FIRE3.0", Format::indexed8, 16, 16, 0, 0, 0, Pattern::fire, {}},
      {"WATER.0", Format::rgb556, 20, 12, 1, 32, 0, Pattern::gradient, {}},                    // non-power-of-two
      {"SKY.0", Format::argb8888, 256, 128, 0, 32, 0x20000000, Pattern::gradient, {}},          // skip 1 (>= 256)
      {"PANEL.A", Format::argb8888, 128, 128, 8, 32, 0x40000000, Pattern::checker,              // skip 1 (== 128), Page
       {{0, 64, 0, 64}, {64, 64, 0, 64}, {0, 128, 64, 32}, {0, 32, 96, 32}}},
      {"LAMP.B0", Format::la88, 8, 8, 0, 0, 0, Pattern::rings, {}},
      {"DOT.0", Format::argb8888, 1, 1, 1, 0, 0, Pattern::checker, {}},                         // 1x1
      {"ODD.0", Format::rgb565, 5, 3, 3, 0, 0x02000000, Pattern::rings, {{0, 5, 0, 3}}},       // skip 2, odd sizes
      {"HUGE.B", Format::indexed8, 160, 160, 3, 0, 0x40000000, Pattern::rings, {}},             // skip 2 (> 128)
  };
}

ByteBuffer make_texture(const TextureSpec& spec, SampleRandom& rng) {
  texm::EncodeOptions options;
  options.format = spec.format;
  options.mip_count = spec.mips;
  options.flags4 = spec.flags4;
  options.flags5 = spec.flags5;
  if (!spec.page.empty()) options.page = spec.page;
  auto bytes = texm::encode(draw(spec.width, spec.height, spec.pattern, rng), options);
  return bytes.ok() ? std::move(*bytes) : ByteBuffer{};  // the specs above are valid by construction
}

// Retail-sized extra textures with the format mix of materials-texm.md 13.2.
std::vector<TextureSpec> retail_textures(std::size_t count, SampleRandom& rng) {
  const std::pair<Format, std::uint32_t> mix[] = {{Format::argb8888, 237}, {Format::rgbx888, 52}, {Format::rgb565, 47},
                                                  {Format::argb4444, 42}, {Format::indexed8, 15}};
  std::vector<TextureSpec> out;
  for (std::size_t i = 0; i < count; ++i) {
    std::uint32_t pick = rng.below(393), acc = 0;
    Format f = Format::argb8888;
    for (auto [format, n] : mix)
      if (pick < (acc += n)) { f = format; break; }
    std::uint32_t side = 8u << rng.below(4);
    TextureSpec spec{fmt::format("TEX_{:03}.0", i), f, side, side >> rng.below(2), 0,
                     rng.below(393) < 361 ? 32u : 0u, rng.below(393) < 81 ? 0x04000000u : 0u,
                     Pattern(rng.below(5)), {}};
    if (rng.below(393) < 65) spec.page = {{0, std::int16_t(side / 2), 0, std::int16_t(spec.height / 2)}};
    out.push_back(spec);
  }
  return out;
}

ByteBuffer make_archive(const std::vector<std::pair<std::string, ByteBuffer>>& payloads, std::uint32_t type_id) {
  std::vector<nres::EntrySpec> specs;
  for (const auto& [name, bytes] : payloads) {
    nres::EntrySpec s;
    s.type_id = type_id;
    s.name = name;
    s.payload = bytes;
    specs.push_back(std::move(s));
  }
  auto archive = nres::build(specs);
  return archive.ok() ? std::move(*archive) : ByteBuffer{};
}

// A PAL resource (decisions.md): 256 B, G, R, X colours, "Ipol", a 64 KiB table (here a blend table).
ByteBuffer make_pal(SampleRandom& rng) {
  ByteWriter w(texm::kPalSize);
  std::uint8_t base[3] = {rng.byte(), rng.byte(), rng.byte()};
  for (int i = 0; i < 256; ++i) {
    w.u8(std::uint8_t(base[0] + i)), w.u8(std::uint8_t(base[1] + i / 2)), w.u8(std::uint8_t(base[2] ^ i)), w.u8(0);
  }
  w.u32(texm::kIpolMagic);
  for (int a = 0; a < 256; ++a)
    for (int b = 0; b < 256; ++b) w.u8(std::uint8_t((a + b) / 2));
  return w.take();
}

// The NRes type id of PAL resources: 'Palm', the type seen next to PAL names in sys.lib (nres.md 3).
constexpr std::uint32_t kPalTypeId = 0x6D6C6150;

}  // namespace

std::vector<SampleFile> sample_textures(const SampleOptions& options) {
  SampleRandom rng{options.seed * 0x2545F4914F6CDD1Dull + 3};
  std::vector<std::pair<std::string, ByteBuffer>> textures;
  std::vector<TextureSpec> specs = named_textures();
  if (options.retail) {
    std::vector<TextureSpec> more = retail_textures(393 - specs.size(), rng);
    specs.insert(specs.end(), more.begin(), more.end());
  }
  for (const TextureSpec& spec : specs) textures.emplace_back(spec.name, make_texture(spec, rng));
  for (auto& texture : model_textures(options)) textures.push_back(std::move(texture));  // own random numbers

  std::vector<std::pair<std::string, ByteBuffer>> lightmaps;
  for (int i = 0; i < 2; ++i)
    lightmaps.emplace_back(fmt::format("LIGHT{}.0", i),
                           make_texture({"", Format::rgb565, 32, 32, 1, 0, i == 1 ? 0x00800000u : 0u,
                                         Pattern::gradient, {}},
                                        rng));

  std::vector<std::pair<std::string, ByteBuffer>> palettes;
  for (const char* name : {"A.PAL", "B0.PAL", "B.PAL"}) palettes.emplace_back(name, make_pal(rng));

  return {{"Textures.lib", make_archive(textures, texm::kMagic)},
          {"LightMap.lib", make_archive(lightmaps, texm::kMagic)},
          {"palettes.lib", make_archive(palettes, kPalTypeId)}};
}

}  // namespace parkan::game
