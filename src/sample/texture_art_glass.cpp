// Light and transparency painters: glass panes and windows, glow sprites, smoke, fire and explosion
// frames, a blinking lamp, water ripples and lightmaps. Frames of one animation scroll or grow by
// exactly one period over the sequence, so a looping material plays without a jump.
#include <algorithm>

#include "sample/texture_art.hpp"

namespace parkan::sample {

namespace {

using GlassField = std::vector<std::uint8_t>;

// Black, dark red, red, orange, yellow, white: the colour of a flame at heat 0..255.
ArtColour glass_fire_colour(std::int32_t heat) {
  static constexpr ArtColour kStops[] = {{0, 0, 0},       {96, 10, 4},     {200, 40, 8},
                                         {246, 120, 20}, {255, 210, 70}, {255, 250, 220}};
  heat = std::clamp(heat, 0, 255);
  std::int32_t segment = heat * 5 / 256, t = (heat * 5 % 256);
  return art_mix(kStops[segment], kStops[segment + 1], t);
}

// Squared distance from the centre in 1/256 of `radius` squared.
std::int32_t glass_radial(std::uint32_t x, std::uint32_t y, std::int32_t cx, std::int32_t cy, std::int32_t radius) {
  std::int32_t dx = std::int32_t(x) - cx, dy = std::int32_t(y) - cy;
  return (dx * dx + dy * dy) * 256 / std::max(1, radius * radius);
}

texm::Image glass_pane(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const GlassField smear = art_fbm(look.seed, w, h, 4, 3);
  const std::uint32_t border = (look.param & 1) ? std::max(1u, std::min(w, h) / 16) : 0;
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      if (x < border || y < border || x + border >= w || y + border >= h) {
        art_put(image, x, y, art_scale(ArtColour{90, 92, 96}, 200 + smear[i] / 3));
        continue;
      }
      // Two diagonal reflection bands, bent a little by the smear.
      std::int32_t along = std::int32_t((x + (h - 1 - y)) * 1024 / (w + h)) + smear[i] / 2;
      std::int32_t band = art_wave(along * 3);
      ArtColour c = art_mix(look.tint, look.accent, std::int32_t(y * 256 / h) / 2);
      std::int32_t alpha = 90 + smear[i] / 5;
      if (band > 200) {
        c = art_mix(c, ArtColour{235, 245, 255}, (band - 200) * 4);
        alpha += (band - 200) * 2;
      }
      art_put(image, x, y, c, std::uint8_t(std::clamp(alpha, 0, 255)));
    }
  return image;
}

// Opaque panes in a frame: a grid of dark glass with a bright diagonal reflection.
texm::Image glass_window(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const GlassField grain = art_fbm(look.seed, w, h, 8, 3);
  const std::uint32_t cols = std::max(1u, w / 64), rows = std::max(1u, h / 64);
  const std::uint32_t pw = std::max(1u, w / cols), ph = std::max(1u, h / rows), frame = std::max(1u, pw / 12);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      std::uint32_t lx = x % pw, ly = y % ph, edge = std::min({lx, ly, pw - 1 - lx, ph - 1 - ly});
      if (edge < frame) {
        std::int32_t bevel = (lx < frame || ly < frame) ? 280 : 190;
        art_put(image, x, y, art_scale(look.accent, bevel * (220 + grain[i] / 6) / 256));
        continue;
      }
      std::int32_t d = std::int32_t((lx + ly) * 256 / (pw + ph));
      ArtColour glass = art_mix(look.tint, art_scale(look.tint, 230), std::int32_t(ly * 256 / ph));
      if (std::abs(d - 110) < 14) glass = art_mix(glass, ArtColour{190, 210, 230}, 150);
      else if (std::abs(d - 140) < 5) glass = art_mix(glass, ArtColour{190, 210, 230}, 90);
      art_put(image, x, y, art_scale(glass, 236 + grain[i] / 8));
    }
  return image;
}

texm::Image glass_glow(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const std::int32_t cx = std::int32_t(w / 2), cy = std::int32_t(h / 2), radius = std::int32_t(std::min(w, h) / 2);
  const bool rays = (look.param & 1) != 0;
  const GlassField flicker = art_fbm(look.seed, w, h, 4, 2);  // an uneven corona
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::int32_t r = glass_radial(x, y, cx, cy, radius);
      std::int32_t f = std::max(0, 256 - r + (flicker[std::size_t(y) * w + x] - 128) / 4);
      f = std::min(256, f * f / 256);  // soft falloff
      if (rays) {       // a four-pointed flare
        std::int32_t dx = std::abs(std::int32_t(x) - cx), dy = std::abs(std::int32_t(y) - cy);
        std::int32_t ray = std::max(0, 256 - std::min(dx, dy) * 256 / std::max(1, radius / 10)) * std::max(0, 256 - r / 2) / 256;
        f = std::max(f, ray * 3 / 4);
      }
      ArtColour c = art_mix(look.tint, ArtColour{255, 255, 240}, f * f / 256);
      art_put(image, x, y, c, std::uint8_t(std::min(255, f)));
    }
  return image;
}

texm::Image glass_smoke(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const GlassField puff = art_fbm(look.seed, w, h, 3, 5);
  const std::int32_t cx = std::int32_t(w / 2), cy = std::int32_t(h / 2), radius = std::int32_t(std::min(w, h) / 2);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      std::int32_t body = 256 - glass_radial(x, y, cx, cy, radius) + (puff[i] - 128) * 2;
      std::int32_t alpha = std::clamp(body, 0, 220);
      art_put(image, x, y, art_scale(look.tint, 160 + puff[i] / 2), std::uint8_t(alpha));
    }
  return image;
}

// Flames rising: two noise layers scroll up by one and two texture heights over the sequence.
texm::Image glass_fire(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const std::uint32_t frames = std::max(1u, look.frames);
  const std::int32_t rise = std::int32_t(std::uint64_t(look.frame % frames) * h / frames);
  const GlassField big = art_fbm(look.seed, w, h, 3, 3, 0, rise);
  const GlassField small = art_fbm(look.seed + 1, w, h, 6, 2, 0, 2 * rise);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      // Hotter towards the bottom, a hot bed along it, tongues above where the noise is high.
      std::int32_t base = std::int32_t((y + 1) * 256 / h);
      std::int32_t heat = base * (big[i] + small[i] / 2) / 256 + base * base / 2048 - 90;
      heat = heat * 3 / 2;
      art_put(image, x, y, glass_fire_colour(heat), std::uint8_t(std::clamp(heat * 2, 0, 255)));
    }
  return image;
}

// A fireball that grows, boils and turns to smoke over the frames.
texm::Image glass_explosion(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const std::uint32_t frames = std::max(1u, look.frames), frame = look.frame % frames;
  const std::int32_t progress = std::int32_t((frame + 1) * 256 / frames);  // 1/256 of the way
  const GlassField boil = art_fbm(look.seed, w, h, 4, 4, std::int32_t(frame * w / frames), 0);
  const std::int32_t cx = std::int32_t(w / 2), cy = std::int32_t(h / 2);
  const std::int32_t radius = std::max<std::int32_t>(1, std::int32_t(std::min(w, h)) / 2 * (96 + progress * 5 / 8) / 256);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      std::int32_t body = 256 - glass_radial(x, y, cx, cy, radius) + (boil[i] - 128) * 3 / 2;
      if (body <= 0) continue;
      std::int32_t heat = std::min(255, body * 2) * (288 - progress) / 256;  // cooling
      ArtColour c = art_mix(glass_fire_colour(heat + 40), ArtColour{60, 56, 52}, std::max(0, progress - heat));
      art_put(image, x, y, c, std::uint8_t(std::clamp(body * 3, 0, 255)));
    }
  return image;
}

// A lamp in a housing; frame k is lit at 256 - k * 224 / (frames - 1): a blink that fades out.
texm::Image glass_lamp(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const std::uint32_t frames = std::max(1u, look.frames), frame = look.frame % frames;
  const std::int32_t lit = frames > 1 ? 256 - std::int32_t(frame * 224 / (frames - 1)) : 256;
  const bool halo = (look.param & 1) != 0;  // alpha halo around the housing (else an opaque plate)
  const std::int32_t cx = std::int32_t(w / 2), cy = std::int32_t(h / 2), radius = std::int32_t(std::min(w, h) / 2);
  const GlassField grain = art_fbm(look.seed, w, h, 8, 2);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      std::int32_t r = glass_radial(x, y, cx, cy, radius);  // 256 at the edge
      ArtColour plate = art_scale(ArtColour{70, 72, 76}, 200 + grain[i] / 4);
      if (r < 110) {  // the lens: a hot centre
        std::int32_t f = (256 - r * 2) * lit / 256;
        ArtColour lens = art_mix(art_scale(look.tint, 40 + lit * 3 / 4), ArtColour{255, 255, 235}, std::max(0, f - 40));
        lens = art_scale(lens, 232 + grain[i] / 8);  // the lens' moulded glass
        art_put(image, x, y, lens);
      } else if (r < 150) {  // the bezel, lit from the upper left
        std::int32_t side = (std::int32_t(x) - cx) + (std::int32_t(y) - cy) < 0 ? 300 : 150;
        art_put(image, x, y, art_scale(ArtColour{120, 122, 126}, side * (224 + grain[i] / 8) / 256));
      } else if (halo) {
        std::int32_t f = std::max(0, 256 - (r - 150) * 256 / 106) * lit / 256;
        art_put(image, x, y, look.tint, std::uint8_t(std::min(255, f)));
      } else {
        art_put(image, x, y, art_mix(plate, look.tint, std::max(0, 256 - (r - 150) * 3) * lit / 512));
      }
    }
  return image;
}

// Tileable water: two wave trains and a noise layer, moved by one period over the frames.
texm::Image glass_water(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const std::uint32_t frames = std::max(1u, look.frames), frame = look.frame % frames;
  const std::int32_t step = std::int32_t(frame * 1024 / frames);
  const GlassField chop = art_fbm(look.seed, w, h, 4, 3, std::int32_t(frame * w / frames), std::int32_t(frame * h / frames));
  GlassField height(std::size_t(w) * h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      std::int32_t a = art_wave(std::int32_t((x * 3 * 1024) / w + (y * 2 * 1024) / h) + step + chop[i] * 2);
      std::int32_t b = art_wave(std::int32_t((y * 4 * 1024) / h) - 2 * step + chop[i]);
      height[i] = std::uint8_t(std::clamp(128 + a / 4 + b / 5 + (chop[i] - 128) / 3, 0, 255));
    }
  const auto light = art_emboss(height, w, h, 6);
  texm::Image image = art_blank(w, h);
  for (std::size_t i = 0; i < std::size_t(w) * h; ++i) {
    ArtColour c = art_mix(look.tint, look.accent, height[i]);
    c = art_scale(c, light[i]);
    if (light[i] > 330) c = art_mix(c, ArtColour{240, 250, 255}, (light[i] - 330) * 3);  // glints
    art_put(image, std::uint32_t(i % w), std::uint32_t(i / w), c);
  }
  return image;
}

// Soft light blobs (warm and cool) on an ambient grey (look.param, 28 when 0), as baked into a lightmap.
texm::Image glass_lightmap(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  struct Blob {
    std::int32_t x, y, radius;
    ArtColour colour;
  };
  std::vector<Blob> blobs;
  const std::uint32_t count = 2 + art_hash(look.seed, 99, 0) % 4;
  for (std::uint32_t k = 0; k < count; ++k) {
    std::uint32_t r = art_hash(look.seed, k, 1);
    std::int32_t radius = std::int32_t(std::min(w, h) * (3 + (r >> 29)) / 16) + 1;
    blobs.push_back({std::int32_t(r % w), std::int32_t((r >> 12) % h), radius, (r >> 8) & 1 ? look.tint : look.accent});
  }
  const GlassField grain = art_fbm(look.seed + 1, w, h, 4, 2);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      const std::int32_t ambient = look.param != 0 ? std::int32_t(std::min(look.param, 249u)) : 28;
      std::int32_t rgb[3] = {ambient, ambient, ambient + 6};
      for (const Blob& b : blobs) {
        std::int32_t f = std::max(0, 256 - glass_radial(x, y, b.x, b.y, b.radius));
        f = f * f / 256 * 5 / 8;  // a lit spot, not a blown-out one
        rgb[0] += b.colour.r * f / 256, rgb[1] += b.colour.g * f / 256, rgb[2] += b.colour.b * f / 256;
      }
      std::int32_t g = 240 + grain[std::size_t(y) * w + x] / 8;
      art_put(image, x, y,
              ArtColour{std::uint8_t(std::min(255, rgb[0] * g / 256)), std::uint8_t(std::min(255, rgb[1] * g / 256)),
                        std::uint8_t(std::min(255, rgb[2] * g / 256))});
    }
  return image;
}

}  // namespace

texm::Image art_paint_glass(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  switch (look.kind) {
    case ArtKind::window: return glass_window(look, w, h);
    case ArtKind::glow: return glass_glow(look, w, h);
    case ArtKind::smoke: return glass_smoke(look, w, h);
    case ArtKind::fire: return glass_fire(look, w, h);
    case ArtKind::explosion: return glass_explosion(look, w, h);
    case ArtKind::lamp: return glass_lamp(look, w, h);
    case ArtKind::water: return glass_water(look, w, h);
    case ArtKind::lightmap: return glass_lightmap(look, w, h);
    default: return glass_pane(look, w, h);
  }
}

}  // namespace parkan::sample
