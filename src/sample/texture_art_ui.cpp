// Decal and UI painters: stencilled numbers, arrows, hazard stripes and a star insignia with worn
// alpha, a 2x2 decal atlas, and glyph sheets drawn from a built-in 5x7 bitmap font.
#include <algorithm>
#include <array>

#include "sample/texture_art.hpp"

namespace parkan::sample {

namespace {

// 5x7 glyphs, one byte per row (bit 4 = leftmost column): 0-9, A-Z, then - . : ! ? / + %.
constexpr std::array<std::array<std::uint8_t, 7>, 44> kUiFont = {{
    {0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E}, {0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E},
    {0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F}, {0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E},
    {0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02}, {0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E},
    {0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E}, {0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08},
    {0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E}, {0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C},
    {0x0E, 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11}, {0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E},
    {0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E}, {0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C},
    {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F}, {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10},
    {0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F}, {0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11},
    {0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E}, {0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C},
    {0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11}, {0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F},
    {0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11}, {0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11},
    {0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}, {0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10},
    {0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D}, {0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11},
    {0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E}, {0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04},
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}, {0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04},
    {0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A}, {0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11},
    {0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04}, {0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F},
    {0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00}, {0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C},
    {0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00}, {0x04, 0x04, 0x04, 0x04, 0x04, 0x00, 0x04},
    {0x0E, 0x11, 0x01, 0x02, 0x04, 0x00, 0x04}, {0x01, 0x01, 0x02, 0x04, 0x08, 0x10, 0x10},
    {0x00, 0x04, 0x04, 0x1F, 0x04, 0x04, 0x00}, {0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03},
}};

bool ui_font_bit(std::size_t glyph, std::int32_t column, std::int32_t row) {
  if (glyph >= kUiFont.size() || column < 0 || column > 4 || row < 0 || row > 6) return false;
  return (kUiFont[glyph][std::size_t(row)] >> (4 - column)) & 1;
}

// Paint wears off decals in patches: the alpha left (0..255) of a freshly painted 255.
std::uint8_t ui_worn(const std::vector<std::uint8_t>& wear, std::size_t i, std::uint8_t alpha) {
  std::int32_t lost = std::max(0, wear[i] - 185) * 3;
  return std::uint8_t(std::max(0, alpha - lost));
}

// How much of glyph `glyph` covers font position (fx, fy), in 1/256 of a font pixel: the bits
// interpolated between pixel centres, so that a large glyph gets rounded corners and smooth
// diagonals instead of blocks (0..256).
std::int32_t ui_font_coverage(std::size_t glyph, std::int32_t fx, std::int32_t fy) {
  fx -= 128, fy -= 128;  // relative to the centre of pixel (0, 0)
  std::int32_t cx = fx >> 8, cy = fy >> 8, tx = fx & 255, ty = fy & 255;  // arithmetic shift: floor
  auto bit = [&](std::int32_t c, std::int32_t r) { return ui_font_bit(glyph, c, r) ? 256 : 0; };
  std::int32_t top = bit(cx, cy) * (256 - tx) + bit(cx + 1, cy) * tx;
  std::int32_t bottom = bit(cx, cy + 1) * (256 - tx) + bit(cx + 1, cy + 1) * tx;
  return (top * (256 - ty) + bottom * ty) >> 16;
}

// Stencilled digits of look.param % 100, smooth-edged, with the bridges of a stencil (gaps at the
// top and bottom middle of each digit).
texm::Image ui_number(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const auto wear = art_fbm(look.seed + 50, w, h, 8, 3);
  const std::uint32_t number = look.param % 100;
  const std::size_t digits[2] = {number / 10, number % 10};
  const std::int32_t scale = std::max<std::int32_t>(1, std::int32_t(std::min(w / 12, h / 8)));
  const std::int32_t left = (std::int32_t(w) - 11 * scale) / 2, top = (std::int32_t(h) - 7 * scale) / 2;
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      // The pixel centre in font units (1/256 of a font pixel), digit by digit.
      std::int32_t gx = (std::int32_t(x) - left) * 512 + 256, gy = (std::int32_t(y) - top) * 512 + 256;
      gx /= 2 * scale, gy /= 2 * scale;
      if (gx < -256 || gy < -256 || gx >= 12 * 256) continue;
      std::int32_t which = gx < 6 * 256 ? 0 : 1, fx = gx - which * 6 * 256;
      std::int32_t coverage = scale >= 3 ? ui_font_coverage(digits[which], fx, gy)
                                         : (ui_font_bit(digits[which], fx >> 8, gy >> 8) ? 256 : 0);
      std::int32_t alpha = std::clamp((coverage - 100) * 4, 0, 245);  // a crisp, slightly soft edge
      if (alpha == 0) continue;
      bool bridge = scale > 2 && std::abs(fx - 640) < 70 && (gy < 300 || gy > 1500);
      if (bridge) continue;
      art_put(image, x, y, look.tint, ui_worn(wear, std::size_t(y) * w + x, std::uint8_t(alpha)));
    }
  return image;
}

// An arrow pointing up, right, down or left (look.param % 4).
texm::Image ui_arrow(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const auto wear = art_fbm(look.seed + 50, w, h, 8, 3);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::int32_t u = std::int32_t(x * 256 / w), v = std::int32_t(y * 256 / h);
      switch (look.param % 4) {  // rotate into the "up" frame
        case 1: std::swap(u, v), v = 255 - v; break;
        case 2: v = 255 - v; break;
        case 3: std::swap(u, v); break;
        default: break;
      }
      std::int32_t du = std::abs(u - 128);
      bool head = v >= 24 && v < 124 && du * 100 < (v - 24) * 100;
      bool shaft = v >= 124 && v < 232 && du < 34;
      if (!head && !shaft) continue;
      std::int32_t rim = head ? std::min((v - 24) - du, 124 - v) : std::min(34 - du, 232 - v);
      ArtColour c = rim < 6 ? look.accent : look.tint;  // an outline in the accent colour
      art_put(image, x, y, c, ui_worn(wear, std::size_t(y) * w + x, 240));
    }
  return image;
}

texm::Image ui_hazard(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const auto wear = art_fbm(look.seed + 50, w, h, 8, 3), grain = art_fbm(look.seed + 51, w, h, 16, 2);
  const std::uint32_t stripe = std::max(2u, (w + h) / 16);
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t i = std::size_t(y) * w + x;
      ArtColour c = ((x + y) / stripe) % 2 ? look.tint : look.accent;
      art_put(image, x, y, art_scale(c, 220 + grain[i] / 6), ui_worn(wear, i, 255));
    }
  return image;
}

// A five-pointed star in a disc with a ring: the star's vertices for radius 1000, y down.
constexpr std::int32_t kUiStar[10][2] = {{0, -1000}, {225, -309}, {951, -309}, {363, 118},  {588, 809},
                                         {0, 382},   {-588, 809}, {-363, 118}, {-951, -309}, {-225, -309}};

bool ui_in_star(std::int32_t px, std::int32_t py) {  // crossing number
  bool inside = false;
  for (int i = 0, j = 9; i < 10; j = i++) {
    std::int32_t xi = kUiStar[i][0], yi = kUiStar[i][1], xj = kUiStar[j][0], yj = kUiStar[j][1];
    if ((yi > py) == (yj > py)) continue;
    std::int64_t cross_x = xi + std::int64_t(py - yi) * (xj - xi) / (yj - yi);
    if (px < cross_x) inside = !inside;
  }
  return inside;
}

texm::Image ui_star(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const auto wear = art_fbm(look.seed + 50, w, h, 8, 3);
  const std::int32_t radius = std::max<std::int32_t>(1, std::int32_t(std::min(w, h) / 2) - 1);
  const bool light_disc = look.tint.r + look.tint.g + look.tint.b > 600;  // then a dark star
  const ArtColour star = light_disc ? look.accent : ArtColour{240, 240, 236};
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::int64_t dx = (std::int64_t(x) - std::int64_t(w / 2)) * 1000 / radius;
      std::int64_t dy = (std::int64_t(y) - std::int64_t(h / 2)) * 1000 / radius;
      if (dx * dx + dy * dy > 1000 * 1000) continue;  // outside the disc
      std::int32_t d = std::int32_t(art_isqrt(std::uint32_t(dx * dx + dy * dy)));
      ArtColour c = d > 880 ? look.accent : look.tint;
      if (d < 860 && ui_in_star(std::int32_t(dx * 10 / 8), std::int32_t(dy * 10 / 8))) c = star;
      art_put(image, x, y, c, ui_worn(wear, std::size_t(y) * w + x, 250));
    }
  return image;
}

texm::Image ui_atlas(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  texm::Image image = art_blank(w, h);
  const std::uint32_t qw = std::max(1u, w / 2), qh = std::max(1u, h / 2);
  for (std::uint32_t q = 0; q < 4; ++q) {
    TextureLook part = look;
    part.seed = look.seed + q * 7919;
    part.param = look.param + q * 13;
    const std::uint32_t which = (q + look.seed % 4) % 4;  // the decals' places differ between atlases
    texm::Image piece = which == 0 ? ui_number(part, qw, qh) : which == 1 ? ui_arrow(part, qw, qh)
                                                             : which == 2 ? ui_hazard(part, qw, qh) : ui_star(part, qw, qh);
    std::uint32_t ox = (q & 1) * qw, oy = (q >> 1) * qh;
    for (std::uint32_t y = 0; y < qh && oy + y < h; ++y)
      for (std::uint32_t x = 0; x < qw && ox + x < w; ++x)
        for (int c = 0; c < 4; ++c)
          image.rgba[((std::size_t(oy + y) * w) + ox + x) * 4 + std::size_t(c)] = piece.rgba[(std::size_t(y) * qw + x) * 4 + std::size_t(c)];
  }
  return image;
}

// Every glyph of the font on a 16-column grid: a vertical gradient from tint to accent, a drop shadow.
texm::Image ui_glyphs(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  const std::uint32_t cell = art_glyph_cell(w);
  const std::int32_t scale = std::max<std::int32_t>(1, std::int32_t(cell / 8));
  const auto sheen = art_fbm(look.seed, w, h, 8, 2);  // a little unevenness in the glyphs' paint
  texm::Image image = art_blank(w, h);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::size_t glyph = std::size_t(y / cell) * 16 + x / cell;
      std::int32_t gx = std::int32_t(x % cell) - scale, gy = std::int32_t(y % cell) - scale / 2;
      auto bit = [&](std::int32_t px, std::int32_t py) {
        return px >= 0 && py >= 0 && ui_font_bit(glyph, px / scale, py / scale);
      };
      if (bit(gx, gy)) {
        std::int32_t t = gy * 256 / std::max(1, 7 * scale);
        ArtColour c = art_mix(look.tint, look.accent, t);
        art_put(image, x, y, art_scale(c, 226 + sheen[std::size_t(y) * w + x] / 6), 255);
      } else if (bit(gx - std::max(1, scale / 2), gy - std::max(1, scale / 2))) {
        art_put(image, x, y, ArtColour{0, 0, 0}, 170);  // the shadow
      }
    }
  return image;
}

}  // namespace

std::uint32_t art_glyph_cell(std::uint32_t width) { return std::max(1u, width / 16); }
std::uint32_t art_glyph_count() { return std::uint32_t(kUiFont.size()); }

texm::Image art_paint_ui(const TextureLook& look, std::uint32_t w, std::uint32_t h) {
  switch (look.kind) {
    case ArtKind::decal_number: return ui_number(look, w, h);
    case ArtKind::decal_arrow: return ui_arrow(look, w, h);
    case ArtKind::decal_hazard: return ui_hazard(look, w, h);
    case ArtKind::decal_star: return ui_star(look, w, h);
    case ArtKind::decal_atlas: return ui_atlas(look, w, h);
    default: return ui_glyphs(look, w, h);
  }
}

}  // namespace parkan::sample
