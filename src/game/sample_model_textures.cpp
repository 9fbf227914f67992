// Textures of the sample models: 128x128 ARGB8888 with a full mip chain, drawn from periodic value
// noise so that every texture tiles seamlessly (the models' UVs repeat them every few units).
#include <algorithm>
#include <array>
#include <cmath>

#include "game/sample_model_assets.hpp"
#include "game/sample_random.hpp"
#include "parkan/texm/encode.hpp"

namespace parkan::game {

namespace {

constexpr std::uint32_t kSize = 128;

// Value noise on a `cells` x `cells` lattice that wraps around: tileable at the texture's size.
class Noise {
 public:
  Noise(SampleRandom& rng, std::uint32_t cells) : cells_(cells), values_(std::size_t(cells) * cells) {
    for (float& v : values_) v = rng.unit();
  }
  float at(float x, float y) const {  // x, y in [0, 1)
    float fx = x * static_cast<float>(cells_), fy = y * static_cast<float>(cells_);
    auto ix = static_cast<std::uint32_t>(fx), iy = static_cast<std::uint32_t>(fy);
    float tx = smooth(fx - static_cast<float>(ix)), ty = smooth(fy - static_cast<float>(iy));
    auto v = [&](std::uint32_t cx, std::uint32_t cy) { return values_[(cy % cells_) * cells_ + cx % cells_]; };
    float top = v(ix, iy) + (v(ix + 1, iy) - v(ix, iy)) * tx;
    float bottom = v(ix, iy + 1) + (v(ix + 1, iy + 1) - v(ix, iy + 1)) * tx;
    return top + (bottom - top) * ty;
  }

 private:
  static float smooth(float t) { return t * t * (3.0f - 2.0f * t); }
  std::uint32_t cells_;
  std::vector<float> values_;
};

// Three octaves, about 0..1.
struct Fractal {
  Noise a, b, c;
  Fractal(SampleRandom& rng, std::uint32_t cells) : a(rng, cells), b(rng, cells * 2), c(rng, cells * 4) {}
  float at(float x, float y) const { return 0.55f * a.at(x, y) + 0.3f * b.at(x, y) + 0.15f * c.at(x, y); }
};

using Rgb = std::array<float, 3>;

Rgb mix(const Rgb& a, const Rgb& b, float t) {
  return {a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t};
}
Rgb shade(const Rgb& c, float f) { return {c[0] * f, c[1] * f, c[2] * f}; }

template <typename Pixel>
texm::Image paint(Pixel pixel) {
  texm::Image image{kSize, kSize, ByteBuffer(std::size_t(kSize) * kSize * 4)};
  for (std::uint32_t y = 0; y < kSize; ++y)
    for (std::uint32_t x = 0; x < kSize; ++x) {
      Rgb c = pixel(x, y, (static_cast<float>(x) + 0.5f) / kSize, (static_cast<float>(y) + 0.5f) / kSize);
      std::uint8_t* p = image.rgba.data() + (std::size_t(y) * kSize + x) * 4;
      for (int k = 0; k < 3; ++k) p[k] = static_cast<std::uint8_t>(std::clamp(std::lround(c[k]), 0l, 255l));
      p[3] = 255;
    }
  return image;
}

// Distance in pixels to the nearest line of a grid with period `period` (wrapping).
float to_grid(std::uint32_t v, std::uint32_t period) {
  std::uint32_t m = v % period;
  return static_cast<float>(std::min(m, period - 1 - m));
}

texm::Image camouflage(SampleRandom& rng) {
  Fractal shape(rng, 4), grain(rng, 32);
  const Rgb colours[] = {{58, 70, 40}, {98, 100, 58}, {112, 86, 54}, {36, 36, 30}};
  return paint([&](std::uint32_t, std::uint32_t, float u, float v) {
    float n = shape.at(u, v);
    int band = n < 0.42f ? 0 : n < 0.52f ? 1 : n < 0.62f ? 2 : 3;
    return shade(colours[band], 0.9f + 0.2f * grain.at(u, v));
  });
}

// Steel plates: seams every 64 pixels, rivets along them, fine brushed grain.
texm::Image steel_panels(SampleRandom& rng, const Rgb& base) {
  Fractal grain(rng, 16), streak(rng, 64);
  return paint([&](std::uint32_t x, std::uint32_t y, float u, float v) {
    Rgb c = shade(base, 0.85f + 0.2f * grain.at(u, v) + 0.08f * streak.at(u * 0.1f, v));
    float seam = std::min(to_grid(x, 64), to_grid(y, 64));
    if (seam < 1.0f) return shade(c, 0.45f);
    if (seam < 2.0f) return shade(c, 1.2f);
    std::uint32_t rx = (x + 5) % 64, ry = (y + 5) % 64;  // rivets 5 pixels inside each seam
    bool on_row = (rx < 3 || ry < 3) && ((rx % 12) < 3 && (ry % 12) < 3);
    if (on_row) return shade(c, (rx % 12 == 0 || ry % 12 == 0) ? 1.35f : 0.7f);
    return c;
  });
}

// Track links across V: a plate with a raised cleat, dark gaps between links.
texm::Image tread(SampleRandom& rng) {
  Fractal grain(rng, 16);
  return paint([&](std::uint32_t x, std::uint32_t y, float u, float v) {
    float g = 0.85f + 0.3f * grain.at(u, v);
    std::uint32_t m = y % 16;
    if (m < 2) return shade(Rgb{22, 22, 20}, g);
    if (m >= 6 && m < 10 && (x % 64) > 6 && (x % 64) < 58) return shade(Rgb{92, 90, 84}, g);
    if ((x % 64) < 3) return shade(Rgb{40, 40, 38}, g);
    return shade(Rgb{58, 57, 54}, g);
  });
}

// Poured concrete: grey noise, formwork joints every 64 pixels, a few darker stains.
texm::Image concrete(SampleRandom& rng) {
  Fractal grain(rng, 32), stains(rng, 4);
  return paint([&](std::uint32_t x, std::uint32_t y, float u, float v) {
    Rgb c = shade(Rgb{168, 164, 154}, 0.82f + 0.3f * grain.at(u, v));
    c = shade(c, 1.0f - 0.35f * std::max(0.0f, stains.at(u, v) - 0.55f) * 2.0f);
    if (to_grid(x, 64) < 1.0f || to_grid(y, 64) < 1.0f) return shade(c, 0.6f);
    return c;
  });
}

// Window panes: a 2x2 grid of dark glass with a bright diagonal reflection in a grey frame.
texm::Image window(SampleRandom& rng) {
  Fractal grain(rng, 16);
  return paint([&](std::uint32_t x, std::uint32_t y, float u, float v) {
    if (to_grid(x, 64) < 5.0f || to_grid(y, 64) < 5.0f) return shade(Rgb{96, 98, 100}, 0.9f + 0.2f * grain.at(u, v));
    float d = static_cast<float>((x % 64) + (y % 64)) / 128.0f;
    Rgb glass = mix(Rgb{28, 48, 72}, Rgb{70, 100, 130}, v);
    return std::fabs(d - 0.45f) < 0.06f ? mix(glass, Rgb{190, 210, 230}, 0.6f) : glass;
  });
}

texm::Image armour(SampleRandom& rng) {
  texm::Image plates = steel_panels(rng, Rgb{196, 150, 44});  // painted yellow-orange plates
  for (std::uint32_t y = 0; y < kSize; ++y)  // a hazard band across the lower quarter
    for (std::uint32_t x = 0; x < kSize; ++x) {
      if (y < 96 || y >= 112) continue;
      std::uint8_t* p = plates.rgba.data() + (std::size_t(y) * kSize + x) * 4;
      if (((x + y) / 8) % 2 == 0) p[0] = p[1] = p[2] = 30;
    }
  return plates;
}

}  // namespace

std::vector<std::pair<std::string, ByteBuffer>> model_textures(const SampleOptions& options) {
  SampleRandom rng{options.seed * 0x9E3779B97F4A7C15ull + 11};
  std::vector<std::pair<std::string, texm::Image>> images;
  images.emplace_back("CAMO.0", camouflage(rng));
  images.emplace_back("STEEL.0", steel_panels(rng, Rgb{132, 136, 140}));
  images.emplace_back("TREAD.0", tread(rng));
  images.emplace_back("CONCRETE.0", concrete(rng));
  images.emplace_back("WINDOW.0", window(rng));
  images.emplace_back("ARMOUR.0", armour(rng));
  texm::EncodeOptions encode;
  encode.format = texm::Format::argb8888;
  encode.mip_count = 0;  // the full chain
  encode.flags4 = 32;
  std::vector<std::pair<std::string, ByteBuffer>> out;
  for (auto& [name, image] : images) out.emplace_back(name, texm::encode(image, encode).value());
  return out;
}

}  // namespace parkan::game
