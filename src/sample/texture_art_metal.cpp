// Metal painters: riveted plates with bevelled seams, brushed grain, paint chips, rust patches and
// runs, grime in the seams; diamond floor plate; track links; painted armour with a hazard band.
#include <algorithm>

#include "sample/texture_art.hpp"

namespace parkan::sample {

namespace {

constexpr ArtColour kMetalBareSteel{150, 152, 154};
constexpr ArtColour kMetalRustDark{84, 38, 18};
constexpr ArtColour kMetalRustLight{168, 86, 36};
constexpr ArtColour kMetalGrime{52, 48, 40};

// The plate a pixel is on, and where on it.
struct MetalPlate {
  std::uint32_t column, row;
  std::int32_t lx, ly, pw, ph;  // position on the plate and its size
};

MetalPlate metal_plate_at(std::uint32_t x, std::uint32_t y, std::uint32_t w, std::uint32_t h, std::uint32_t cols,
                          std::uint32_t rows, bool stagger) {
  std::uint32_t row = y * rows / h;
  if (stagger && (row & 1)) x = (x + w / (2 * cols)) % w;
  std::uint32_t column = x * cols / w;
  std::uint32_t left = column * w / cols, right = (column + 1) * w / cols;
  std::uint32_t top = row * h / rows, bottom = (row + 1) * h / rows;
  return {column, row, std::int32_t(x - left), std::int32_t(y - top), std::int32_t(right - left),
          std::int32_t(bottom - top)};
}

// Rivet shading factor (1/256) at a plate position, 256 when no rivet is there.
std::int32_t metal_rivet_shade(const MetalPlate& p, std::int32_t inset, std::int32_t spacing, std::int32_t radius) {
  if (p.pw < 4 * inset || p.ph < 4 * inset) return 256;
  auto along = [&](std::int32_t v, std::int32_t length) {  // the nearest rivet centre along an edge
    std::int32_t i = (v - inset + spacing / 2) / spacing;
    std::int32_t last = (length - 1 - 2 * inset) / spacing;
    return inset + std::clamp(i, 0, std::max(0, last)) * spacing;
  };
  std::int32_t best = 1 << 30, bdx = 0, bdy = 0;
  auto consider = [&](std::int32_t cx, std::int32_t cy) {
    std::int32_t dx = p.lx - cx, dy = p.ly - cy, d = dx * dx + dy * dy;
    if (d < best) best = d, bdx = dx, bdy = dy;
  };
  for (std::int32_t cy : {inset, p.ph - 1 - inset}) consider(along(p.lx, p.pw), cy);
  for (std::int32_t cx : {inset, p.pw - 1 - inset}) consider(cx, along(p.ly, p.ph));
  if (best <= radius * radius) return bdx + bdy < 0 ? 380 : (bdx + bdy == 0 ? 300 : 200);
  if (best <= (radius + 1) * (radius + 1) && bdx + bdy > 0) return 150;  // the rivet's shadow
  return 256;
}

texm::Image metal_panels(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  static constexpr std::uint32_t kPlateSides[] = {32, 64, 128, 48};
  const std::uint32_t side = kPlateSides[look.param & 3];
  const std::uint32_t cols = std::max(1u, (w + side / 2) / side), rows = std::max(1u, (h + side / 2) / side);
  const bool stagger = (look.seed >> 7) & 1, painted = (look.param & 4) != 0;
  const std::int32_t inset = std::max<std::int32_t>(3, std::int32_t(std::min(w / cols, h / rows)) / 14);
  const std::int32_t radius = std::max<std::int32_t>(1, inset / 2), spacing = std::max<std::int32_t>(6, inset * 3);
  const auto grain = art_noise(look.seed + 1, w, h, std::max(1u, w / 64), std::max(1u, h / 2));
  const auto mottle = art_fbm(look.seed + 2, w, h, 4, 4);
  const auto grime = art_fbm(look.seed + 3, w, h, 3, 4);
  const auto rust_mask = art_fbm(look.seed + 4, w, h, 6, 4);
  const auto runs = art_noise(look.seed + 5, w, h, std::max(1u, w / 3), 2);
  const auto rust_tone = art_fbm(look.seed + 6, w, h, 16, 2);
  const auto chips = art_fbm(look.seed + 7, w, h, 12, 3);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      const std::size_t i = std::size_t(y) * w + x;
      const MetalPlate p = metal_plate_at(x, y, w, h, cols, rows, stagger);
      std::int32_t plate_light = 240 + std::int32_t(art_hash(look.seed, p.column, p.row) >> 27);  // 240..271
      ArtColour c = look.tint;
      if (painted && chips[i] > 228 - std::int32_t(look.rust) * 10) c = kMetalBareSteel;
      std::int32_t f = plate_light * (224 + grain[i] / 8) / 256 * (230 + mottle[i] / 5) / 256;
      // Seams: a dark groove, a bright bevel on the plate's upper-left edge, a soft shade lower right.
      const std::int32_t edge = std::min({p.lx, p.ly, p.pw - 1 - p.lx, p.ph - 1 - p.ly});
      if (p.lx == 0 || p.ly == 0) f = f * 90 / 256;
      else if (p.lx == 1 || p.ly == 1) f = f * 330 / 256;
      else if (p.pw - 1 - p.lx == 0 || p.ph - 1 - p.ly == 0) f = f * 150 / 256;
      else if (p.pw - 2 - p.lx == 0 || p.ph - 2 - p.ly == 0) f = f * 200 / 256;
      f = f * metal_rivet_shade(p, inset, spacing, radius) / 256;
      c = art_scale(c, f);
      // Rust: patches where the mask is high, more along seams, runs below them.
      if (look.rust > 0) {
        std::int32_t mask = rust_mask[i] + (edge < 6 ? (6 - edge) * 8 : 0) + (runs[i] > 150 ? (runs[i] - 150) / 2 : 0);
        std::int32_t threshold = 262 - std::int32_t(look.rust) * 34;
        if (mask > threshold) {
          ArtColour rust = art_mix(kMetalRustDark, kMetalRustLight, rust_tone[i]);
          if ((art_hash(look.seed ^ 0x5157u, x, y) & 15) == 0) rust = art_scale(rust, 150);  // pits
          c = art_mix(c, rust, std::min(256, (mask - threshold) * 12));
        }
      }
      // Dirt: darker in the seams and where the grime field is high.
      std::int32_t dirt = std::int32_t(look.dirt) * std::max(0, grime[i] - 110) / 3 + (edge < 4 ? (4 - edge) * 18 : 0);
      c = art_mix(c, kMetalGrime, std::min(200, dirt));
      art_put(image, x, y, c);
    }
  return image;
}

texm::Image metal_diamond_plate(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const std::int32_t cell = std::int32_t(std::max(8u, std::min(w, h) / 8));
  std::vector<std::uint8_t> height(std::size_t(w) * h, 60);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::int32_t cx = std::int32_t(x) / cell, cy = std::int32_t(y) / cell;
      std::int32_t u = std::int32_t(x) % cell - cell / 2, v = std::int32_t(y) % cell - cell / 2;
      bool flip = ((cx + cy) & 1) != 0;
      std::int32_t along = flip ? u - v : u + v, across = flip ? u + v : u - v;
      along = std::abs(along), across = std::abs(across);
      if (along * 10 < cell * 7 && across * 10 < cell * 2 + (cell * 7 - along * 10) / 5)
        height[std::size_t(y) * w + x] = std::uint8_t(200 - along * 40 / cell);
    }
  const auto light = art_emboss(height, w, h, 10);
  const auto grain = art_fbm(look.seed + 1, w, h, 8, 3);
  const auto grime = art_fbm(look.seed + 2, w, h, 3, 3);
  texm::Image image = art_blank(w, h);
  for (std::size_t i = 0; i < std::size_t(w) * h; ++i) {
    ArtColour c = art_scale(look.tint, light[i] * (220 + grain[i] / 6) / 256);
    c = art_mix(c, kMetalGrime, std::int32_t(look.dirt) * std::max(0, grime[i] - 120) / 3);
    art_put(image, std::uint32_t(i % w), std::uint32_t(i / w), c);
  }
  return image;
}

// Track links across V: a plate with a raised cleat and pin bosses, dark gaps between links.
texm::Image metal_tread(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const std::uint32_t period = std::max(8u, h / 8);
  std::vector<std::uint8_t> height(std::size_t(w) * h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::uint32_t m = y % period, link_x = x % std::max(16u, w / 2);
      std::uint8_t v = 120;
      if (m < period / 8 + 1) v = 10;                                                  // gap between links
      else if (m >= period * 3 / 8 && m < period * 5 / 8 && link_x > 5 && link_x + 6 < std::max(16u, w / 2))
        v = 220;                                                                      // the cleat
      else if (link_x < 3) v = 70;                                                     // side of the link
      height[std::size_t(y) * w + x] = v;
    }
  const auto light = art_emboss(height, w, h, 8);
  const auto grain = art_fbm(look.seed + 1, w, h, 8, 3);
  const auto mud = art_fbm(look.seed + 2, w, h, 4, 3);
  texm::Image image = art_blank(w, h);
  for (std::size_t i = 0; i < std::size_t(w) * h; ++i) {
    ArtColour c = art_scale(look.tint, (height[i] / 2 + 140) * light[i] / 256 * (220 + grain[i] / 6) / 256);
    if (height[i] < 100) c = art_mix(c, ArtColour{70, 56, 38}, std::max(0, mud[i] - 60));  // mud in the gaps
    art_put(image, std::uint32_t(i % w), std::uint32_t(i / w), c);
  }
  return image;
}

texm::Image metal_armour(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  TextureLook plates = look;
  plates.param |= 4;  // painted
  texm::Image image = metal_panels(plates, w, h);
  const auto wear = art_fbm(look.seed + 9, w, h, 16, 3);
  const std::uint32_t top = h * 3 / 4, bottom = h * 7 / 8, stripe = std::max(2u, h / 16);
  for (std::uint32_t y = top; y < bottom; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      if (((x + y) / stripe) % 2 != 0 || wear[std::size_t(y) * w + x] > 200) continue;
      std::uint8_t* p = image.rgba.data() + (std::size_t(y) * w + x) * 4;
      p[0] = std::uint8_t(p[0] / 6), p[1] = std::uint8_t(p[1] / 6), p[2] = std::uint8_t(p[2] / 6);
    }
  return image;
}

// A kit of four plates, one per quadrant, each tileable on its own.
texm::Image metal_atlas(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  texm::Image image = art_blank(w, h);
  const std::uint32_t qw = std::max(1u, w / 2), qh = std::max(1u, h / 2);
  for (std::uint32_t q = 0; q < 4; ++q) {
    TextureLook part = look;
    part.seed = look.seed + q * 15485863u;
    part.param = 1;  // one plate per quadrant side of 64
    if (q == 1) part.rust = 3, part.dirt = 2;
    if (q == 3) part.param |= 4, part.tint = ArtColour{96, 104, 84};
    texm::Image piece = q == 2 ? metal_diamond_plate(part, qw, qh) : metal_panels(part, qw, qh);
    const std::uint32_t ox = (q & 1) * qw, oy = (q >> 1) * qh;
    for (std::uint32_t y = 0; y < qh && oy + y < h; ++y)
      for (std::uint32_t x = 0; x < qw && ox + x < w; ++x)
        for (std::size_t c = 0; c < 4; ++c)
          image.rgba[(std::size_t(oy + y) * w + ox + x) * 4 + c] = piece.rgba[(std::size_t(y) * qw + x) * 4 + c];
  }
  return image;
}

}  // namespace

texm::Image art_paint_metal(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  switch (look.kind) {
    case ArtKind::diamond_plate: return metal_diamond_plate(look, w, h);
    case ArtKind::tread: return metal_tread(look, w, h);
    case ArtKind::armour: return metal_armour(look, w, h);
    case ArtKind::metal_atlas: return metal_atlas(look, w, h);
    default: return metal_panels(look, w, h);
  }
}

}  // namespace parkan::sample
