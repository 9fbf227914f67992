// The shared ground of the texture painters: an integer hash, tileable value noise and fbm, a
// periodic wave without libm, colour arithmetic, embossing, and paint_texture's dispatch to the
// painter families. Integer only, so the pixels are the same on every platform.
#include <algorithm>

#include "sample/texture_art.hpp"

namespace parkan::sample {

namespace {

std::uint32_t noise_lowbias(std::uint32_t x) {  // lowbias32 (Chris Wellons)
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return x;
}

// Where pixel p (0..side-1) falls on a lattice of `cells` cells across `side`: the cell and the
// smoothstep weight of the next one (0..256).
struct NoiseTap {
  std::uint32_t cell, next;
  std::int32_t weight;
};

std::vector<NoiseTap> noise_taps(std::uint32_t side, std::uint32_t cells, std::int32_t shift) {
  std::vector<NoiseTap> taps(side);
  const std::int64_t s = side;
  for (std::uint32_t p = 0; p < side; ++p) {
    std::int64_t q = ((std::int64_t(p) + shift) % s + s) % s;
    std::uint64_t pos = (std::uint64_t(q) * 2 + 1) * cells * 256 / (std::uint64_t(side) * 2);
    std::uint32_t cell = std::uint32_t(pos >> 8) % cells;
    std::int32_t t = std::int32_t(pos & 255);
    taps[p] = {cell, (cell + 1) % cells, t * t * (768 - 2 * t) / 65536};
  }
  return taps;
}

}  // namespace

std::uint32_t art_hash(std::uint32_t seed, std::uint32_t x, std::uint32_t y) {
  return noise_lowbias(noise_lowbias(seed ^ noise_lowbias(x + 0x9E3779B9u)) + y * 0x85EBCA77u);
}

std::vector<std::uint8_t> art_noise(std::uint32_t seed, std::uint32_t w, std::uint32_t h, std::uint32_t cells_x,
                                    std::uint32_t cells_y, std::int32_t shift_x, std::int32_t shift_y) {
  cells_x = std::max(1u, cells_x);
  cells_y = std::max(1u, cells_y);
  std::vector<std::uint8_t> lattice(std::size_t(cells_x) * cells_y);
  for (std::uint32_t cy = 0; cy < cells_y; ++cy)
    for (std::uint32_t cx = 0; cx < cells_x; ++cx)
      lattice[std::size_t(cy) * cells_x + cx] = std::uint8_t(art_hash(seed, cx, cy) >> 24);
  const std::vector<NoiseTap> tx = noise_taps(w, cells_x, shift_x), ty = noise_taps(h, cells_y, shift_y);
  std::vector<std::uint8_t> out(std::size_t(w) * h);
  for (std::uint32_t y = 0; y < h; ++y) {
    const std::uint8_t* row0 = lattice.data() + std::size_t(ty[y].cell) * cells_x;
    const std::uint8_t* row1 = lattice.data() + std::size_t(ty[y].next) * cells_x;
    for (std::uint32_t x = 0; x < w; ++x) {
      const NoiseTap& t = tx[x];
      std::int32_t top = row0[t.cell] * 256 + (row0[t.next] - row0[t.cell]) * t.weight;
      std::int32_t bottom = row1[t.cell] * 256 + (row1[t.next] - row1[t.cell]) * t.weight;
      std::int32_t v = (top * 256 + (bottom - top) * ty[y].weight) >> 16;
      out[std::size_t(y) * w + x] = std::uint8_t(std::clamp(v, 0, 255));
    }
  }
  return out;
}

std::vector<std::uint8_t> art_fbm(std::uint32_t seed, std::uint32_t w, std::uint32_t h, std::uint32_t cells,
                                  std::uint32_t octaves, std::int32_t shift_x, std::int32_t shift_y) {
  std::vector<std::int32_t> sum(std::size_t(w) * h, 0);
  std::int32_t total = 0, weight = 256;
  for (std::uint32_t k = 0; k < std::max(1u, octaves); ++k, cells *= 2, weight /= 2) {
    std::vector<std::uint8_t> layer = art_noise(seed + k * 0x9E3779B9u, w, h, cells, cells, shift_x, shift_y);
    for (std::size_t i = 0; i < sum.size(); ++i) sum[i] += layer[i] * weight;
    total += weight;
  }
  // Sums of octaves bunch up around the middle: stretch them back towards 0..255.
  const std::int32_t stretch = octaves > 1 ? 400 : 256;
  std::vector<std::uint8_t> out(sum.size());
  for (std::size_t i = 0; i < sum.size(); ++i)
    out[i] = std::uint8_t(std::clamp(128 + (sum[i] / total - 128) * stretch / 256, 0, 255));
  return out;
}

std::int32_t art_wave(std::int32_t phase) {
  std::int32_t p = phase & 1023;
  std::int32_t half = p & 511;  // 0..511 over one half turn
  std::int32_t v = 4 * half * (512 - half) / 1024;  // parabola 0..256..0
  return p < 512 ? v : -v;
}

std::uint32_t art_isqrt(std::uint32_t v) {
  std::uint32_t r = 0, bit = 1u << 30;
  while (bit > v) bit >>= 2;
  while (bit != 0) {
    if (v >= r + bit) {
      v -= r + bit;
      r = (r >> 1) + bit;
    } else {
      r >>= 1;
    }
    bit >>= 2;
  }
  return r;
}

ArtColour art_scale(ArtColour c, std::int32_t factor256) {
  auto f = [&](std::uint8_t v) { return std::uint8_t(std::clamp(v * factor256 / 256, 0, 255)); };
  return {f(c.r), f(c.g), f(c.b)};
}

ArtColour art_mix(ArtColour a, ArtColour b, std::int32_t t256) {
  t256 = std::clamp(t256, 0, 256);
  auto f = [&](std::uint8_t x, std::uint8_t y) { return std::uint8_t(x + (y - x) * t256 / 256); };
  return {f(a.r, b.r), f(a.g, b.g), f(a.b, b.b)};
}

void art_put(texm::Image& image, std::uint32_t x, std::uint32_t y, ArtColour c, std::uint8_t alpha) {
  std::uint8_t* p = image.rgba.data() + (std::size_t(y) * image.width + x) * 4;
  p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = alpha;
}

std::vector<std::int32_t> art_emboss(const std::vector<std::uint8_t>& height, std::uint32_t w, std::uint32_t h,
                                     std::int32_t strength) {
  std::vector<std::int32_t> out(std::size_t(w) * h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::uint32_t xl = (x + w - 1) % w, yu = (y + h - 1) % h, xr = (x + 1) % w, yd = (y + 1) % h;
      std::int32_t slope = height[std::size_t(yu) * w + xl] - height[std::size_t(yd) * w + xr];
      out[std::size_t(y) * w + x] = std::clamp(256 + slope * strength / 16, 64, 448);
    }
  return out;
}

texm::Image art_blank(std::uint32_t w, std::uint32_t h) {
  return texm::Image{w, h, ByteBuffer(std::size_t(w) * h * 4, 0)};
}

texm::Image paint_texture(const TextureLook& look, std::uint32_t width, std::uint32_t height) {
  width = std::max(1u, width);
  height = std::max(1u, height);
  switch (look.kind) {
    case ArtKind::metal_panel: case ArtKind::diamond_plate: case ArtKind::tread: case ArtKind::armour:
    case ArtKind::metal_atlas:
      return art_paint_metal(look, width, height);
    case ArtKind::camouflage: case ArtKind::grass: case ArtKind::rock: case ArtKind::sand: case ArtKind::dirt:
    case ArtKind::concrete: case ArtKind::brick: case ArtKind::sky: case ArtKind::terrain_atlas:
      return art_paint_terrain(look, width, height);
    case ArtKind::glass: case ArtKind::window: case ArtKind::glow: case ArtKind::smoke: case ArtKind::fire:
    case ArtKind::explosion: case ArtKind::lamp: case ArtKind::water: case ArtKind::lightmap:
      return art_paint_glass(look, width, height);
    case ArtKind::decal_number: case ArtKind::decal_arrow: case ArtKind::decal_hazard: case ArtKind::decal_star:
    case ArtKind::decal_atlas: case ArtKind::glyph_sheet:
      return art_paint_ui(look, width, height);
  }
  return art_blank(width, height);
}

}  // namespace parkan::sample
