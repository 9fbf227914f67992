// Ground and wall painters: camouflage, grass, rock, sand, dirt, concrete, brick, sky. Height
// fields lit from the upper left (art_emboss) give the 3D feel of pre-lit 1998 terrain art.
#include <algorithm>

#include "sample/texture_art.hpp"

namespace parkan::sample {

namespace {

using TerrainField = std::vector<std::uint8_t>;

std::uint8_t terrain_at(const TerrainField& f, std::uint32_t w, std::uint32_t x, std::uint32_t y) {
  return f[std::size_t(y) * w + x];
}

texm::Image terrain_camouflage(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const TerrainField shape = art_fbm(look.seed, w, h, 3, 4), dark = art_fbm(look.seed + 1, w, h, 4, 4);
  const TerrainField grain = art_noise(look.seed + 2, w, h, std::max(1u, w / 2), std::max(1u, h / 2));
  const ArtColour colours[4] = {look.tint, look.accent, art_scale(look.tint, 150), art_scale(look.accent, 70)};
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      int band = dark[i] > 172 ? 3 : shape[i] < 100 ? 0 : shape[i] < 158 ? 1 : 2;
      art_put(image, x, y, art_scale(colours[band], 236 + grain[i] / 6));
    }
  return image;
}

texm::Image terrain_grass(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const TerrainField lumps = art_fbm(look.seed, w, h, 4, 4);
  const TerrainField blades = art_noise(look.seed + 1, w, h, std::max(1u, w / 2), std::max(1u, h / 6));
  const TerrainField fine = art_noise(look.seed + 4, w, h, std::max(1u, w), std::max(1u, h / 3));
  const TerrainField dry = art_fbm(look.seed + 2, w, h, 3, 3);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      ArtColour c = art_mix(art_scale(look.tint, 140), look.tint, lumps[i] + 40);
      c = art_mix(c, look.accent, std::max(0, dry[i] - 150) * 3);  // dry patches
      std::int32_t f = 150 + blades[i] / 3 + fine[i] / 4;
      std::uint32_t speck = art_hash(look.seed + 3, x, y);
      if ((speck & 31) == 0) f += 70;        // a lit blade tip
      else if ((speck & 63) == 1) f -= 90;   // soil between the blades
      art_put(image, x, y, art_scale(c, f));
    }
  return image;
}

texm::Image terrain_rock(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  TerrainField height = art_fbm(look.seed, w, h, 4, 5);
  const TerrainField grit = art_fbm(look.seed + 3, w, h, 16, 3);
  const TerrainField cracks = art_fbm(look.seed + 1, w, h, 3, 4);
  const TerrainField tone = art_fbm(look.seed + 2, w, h, 2, 3);
  const bool strata = (look.param & 1) != 0;
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      std::int32_t facets = 255 - 2 * std::abs(height[i] - 128);  // ridged: sharp crests like broken stone
      std::int32_t v = (height[i] * 2 + facets + grit[i] * 2) / 5;
      if (strata) v = (v * 3 + 128 + art_wave(std::int32_t(y * 1024 * 4 / h) + tone[i] * 3) / 2) / 4;
      std::int32_t ridge = 255 - 2 * std::abs(cracks[i] - 128);
      if (ridge > 236) v -= (ridge - 236) * 5;  // a crack cuts into the surface
      height[i] = std::uint8_t(std::clamp(v, 0, 255));
    }
  const auto light = art_emboss(height, w, h, 16);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      ArtColour c = art_mix(look.accent, look.tint, tone[i]);
      std::int32_t speck = std::int32_t(art_hash(look.seed + 4, x, y) & 31) - 16;  // mineral grains
      c = art_scale(c, (150 + height[i] / 2 + speck) * light[i] / 256);
      art_put(image, x, y, c);
    }
  return image;
}

texm::Image terrain_sand(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const TerrainField warp = art_fbm(look.seed, w, h, 3, 3), lumps = art_fbm(look.seed + 1, w, h, 4, 3);
  const std::int32_t ripples = 5 + std::int32_t(look.param % 6);
  TerrainField height(std::size_t(w) * h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      std::int32_t phase = std::int32_t(y * 1024 * std::uint32_t(ripples) / h) + warp[i] * 4;
      height[i] = std::uint8_t(std::clamp(128 + art_wave(phase) / 3 + (lumps[i] - 128) / 2, 0, 255));
    }
  const auto light = art_emboss(height, w, h, 5);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      std::uint32_t grain = art_hash(look.seed + 2, x, y);
      ArtColour c = art_mix(look.tint, look.accent, lumps[i] / 2);
      art_put(image, x, y, art_scale(c, light[i] * std::int32_t(236 + (grain & 31)) / 256));
    }
  return image;
}

texm::Image terrain_dirt(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  TerrainField height = art_fbm(look.seed, w, h, 6, 4);
  const TerrainField tone = art_fbm(look.seed + 1, w, h, 3, 3);
  const std::uint32_t cell = std::max(4u, std::min(w, h) / 16);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {  // pebbles: one per cell, at a hashed spot
      std::uint32_t cx = x / cell, cy = y / cell, r = art_hash(look.seed + 2, cx, cy);
      if ((r & 3) == 0) continue;
      std::int32_t px = std::int32_t(cx * cell + (r >> 8) % cell), py = std::int32_t(cy * cell + (r >> 16) % cell);
      std::int32_t radius = 1 + std::int32_t((r >> 24) % std::max(1u, cell / 3));
      std::int32_t dx = std::int32_t(x) - px, dy = std::int32_t(y) - py, d = dx * dx + dy * dy;
      if (d <= radius * radius) height[std::size_t(y) * w + x] = std::uint8_t(std::min(255, 200 + 40 - d * 40 / (radius * radius)));
    }
  const auto light = art_emboss(height, w, h, 10);
  texm::Image image = art_blank(w, h);
  for (std::size_t i = 0; i < std::size_t(w) * h; ++i) {
    ArtColour c = height[i] >= 200 ? art_mix(ArtColour{120, 112, 100}, look.accent, tone[i]) : art_mix(look.tint, look.accent, tone[i] / 3);
    art_put(image, std::uint32_t(i % w), std::uint32_t(i / w), art_scale(c, (180 + height[i] / 4) * light[i] / 256));
  }
  return image;
}

texm::Image terrain_concrete(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  TerrainField height = art_fbm(look.seed, w, h, 16, 3);
  const TerrainField stains = art_fbm(look.seed + 1, w, h, 3, 4), streaks = art_noise(look.seed + 2, w, h, std::max(1u, w / 4), 2);
  // Formwork joints: whole slabs across the texture (so that it tiles at any size).
  const std::uint32_t slab = std::max(8u, std::min(w, h) / (1 + (look.param & 1)));
  const std::uint32_t slabs_x = std::max(1u, (w + slab / 2) / slab), slabs_y = std::max(1u, (h + slab / 2) / slab);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      if ((art_hash(look.seed + 3, x, y) % 97) == 0) height[i] = 0;  // an air pit
      if ((x * slabs_x) % w < slabs_x || (y * slabs_y) % h < slabs_y) height[i] = std::uint8_t(height[i] / 3);
    }
  const auto light = art_emboss(height, w, h, 5);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      std::uint32_t speck = art_hash(look.seed + 4, x, y);
      std::int32_t f = (196 + height[i] / 4 + ((speck & 7) == 0 ? std::int32_t(speck >> 28) * 3 - 22 : 0)) * light[i] / 256;
      f -= std::max(0, stains[i] - 140) / 2 + std::max(0, streaks[i] - 170) / 3 * std::int32_t(look.dirt);
      ArtColour c = art_mix(look.tint, look.accent, std::max(0, stains[i] - 150) * 2);
      art_put(image, x, y, art_scale(c, f));
    }
  return image;
}

texm::Image terrain_brick(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const std::uint32_t rows = std::max(2u, std::min(16u, h / 8)) & ~1u, bh = std::max(1u, h / rows);
  const std::uint32_t per_row = std::max(1u, std::min(8u, w / (2 * bh)));
  const TerrainField grain = art_fbm(look.seed, w, h, 16, 3), soot = art_fbm(look.seed + 1, w, h, 3, 3);
  TerrainField height(std::size_t(w) * h);
  std::vector<std::int32_t> shade(std::size_t(w) * h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::uint32_t row = std::min(rows - 1, y / bh);
      std::uint32_t sx = (row & 1) ? (x + w / per_row / 2) % w : x, col = sx * per_row / w;
      std::uint32_t left = col * w / per_row, ly = y - row * bh, lx = sx - left;
      bool mortar = ly < 2 || lx < 2;
      std::size_t i = std::size_t(y) * w + x;
      height[i] = mortar ? 40 : std::uint8_t(160 + grain[i] / 4);
      shade[i] = mortar ? -1 : 200 + std::int32_t(art_hash(look.seed + 2, col, row) >> 26);
    }
  const auto light = art_emboss(height, w, h, 8);
  texm::Image image = art_blank(w, h);
  for (std::size_t i = 0; i < std::size_t(w) * h; ++i) {
    ArtColour c = shade[i] < 0 ? art_scale(look.accent, 200 + grain[i] / 4) : art_scale(look.tint, shade[i] * (220 + grain[i] / 4) / 256);
    c = art_scale(c, light[i] - std::max(0, soot[i] - 150) * std::int32_t(look.dirt) / 2);
    art_put(image, std::uint32_t(i % w), std::uint32_t(i / w), c);
  }
  return image;
}

texm::Image terrain_sky(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const TerrainField clouds = art_fbm(look.seed, w, h, 4, 5);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      ArtColour c = art_mix(look.tint, look.accent, std::int32_t(y * 256 / h));
      std::int32_t cover = (terrain_at(clouds, w, x, y) - 120) * 3;
      c = art_mix(c, ArtColour{236, 236, 240}, std::clamp(cover, 0, 230));
      art_put(image, x, y, c);
    }
  return image;
}

// Four ground kinds in the quadrants, each tileable on its own.
texm::Image terrain_atlas(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  texm::Image image = art_blank(w, h);
  const std::uint32_t qw = std::max(1u, w / 2), qh = std::max(1u, h / 2);
  static constexpr ArtColour kTints[4][2] = {
      {{70, 110, 40}, {150, 130, 70}}, {{130, 124, 112}, {80, 72, 64}}, {{200, 176, 128}, {170, 140, 96}}, {{104, 78, 52}, {140, 118, 90}}};
  for (std::uint32_t q = 0; q < 4; ++q) {
    TextureLook part = look;
    part.seed = look.seed + q * 104729;
    part.tint = kTints[q][0];
    part.accent = kTints[q][1];
    texm::Image piece = q == 0 ? terrain_grass(part, qw, qh) : q == 1 ? terrain_rock(part, qw, qh)
                                                          : q == 2 ? terrain_sand(part, qw, qh) : terrain_dirt(part, qw, qh);
    std::uint32_t ox = (q & 1) * qw, oy = (q >> 1) * qh;
    for (std::uint32_t y = 0; y < qh && oy + y < h; ++y)
      for (std::uint32_t x = 0; x < qw && ox + x < w; ++x)
        for (std::size_t c = 0; c < 4; ++c)
          image.rgba[(std::size_t(oy + y) * w + ox + x) * 4 + c] = piece.rgba[(std::size_t(y) * qw + x) * 4 + c];
  }
  return image;
}

}  // namespace

texm::Image art_paint_terrain(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  switch (look.kind) {
    case ArtKind::camouflage: return terrain_camouflage(look, w, h);
    case ArtKind::grass: return terrain_grass(look, w, h);
    case ArtKind::rock: return terrain_rock(look, w, h);
    case ArtKind::sand: return terrain_sand(look, w, h);
    case ArtKind::dirt: return terrain_dirt(look, w, h);
    case ArtKind::concrete: return terrain_concrete(look, w, h);
    case ArtKind::brick: return terrain_brick(look, w, h);
    case ArtKind::terrain_atlas: return terrain_atlas(look, w, h);
    default: return terrain_sky(look, w, h);
  }
}

}  // namespace parkan::sample
