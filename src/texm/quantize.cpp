// Palettes for formats 0 and 2 (docs/formats/texm.md 7.4): median cut over the distinct R, G, B
// colours (weighted by pixel count), stored B, G, R, X; then nearest-colour indexing under the
// surface rule, with a per-colour cache.
#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "parkan/texm/encode.hpp"

namespace parkan::texm {

namespace {

struct Colour {
  std::uint8_t c[3];  // R, G, B
  std::uint32_t count;
};

// Alpha below this is "transparent" for a colour-key palette (docs/formats/texm.md 7.4).
constexpr std::uint8_t kKeyAlphaThreshold = 128;

std::uint32_t rgb_key(const std::uint8_t* p) { return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16; }

// Entry `e` of a stored palette set to R, G, B (docs/formats/texm.md 3.3: B, G, R, X; X = 0 for new entries).
void put_entry(Palette& palette, std::size_t e, const std::uint8_t* rgb) {
  palette[4 * e] = rgb[2];
  palette[4 * e + 1] = rgb[1];
  palette[4 * e + 2] = rgb[0];
  palette[4 * e + 3] = kEncoded888Padding;
}

struct Box {
  std::size_t begin, end;  // range in the colour list
  int channel = 0;         // the widest channel
  int range = 0;           // its extent
};

Box make_box(const std::vector<Colour>& colours, std::size_t begin, std::size_t end) {
  Box box{begin, end};
  for (int ch = 0; ch < 3; ++ch) {
    int lo = 255, hi = 0;
    for (std::size_t i = begin; i < end; ++i) lo = std::min<int>(lo, colours[i].c[ch]), hi = std::max<int>(hi, colours[i].c[ch]);
    if (hi - lo > box.range) box.range = hi - lo, box.channel = ch;
  }
  return box;
}

// The most frequent R, G, B among pixels whose alpha passes `keep`, lowest colour on ties; black if none.
template <class Keep>
std::uint32_t most_frequent_rgb(std::span<const Image> images, Keep keep) {
  std::unordered_map<std::uint32_t, std::uint32_t> counts;
  for (const Image& image : images)
    for (std::size_t i = 0; i + 4 <= image.rgba.size(); i += 4)
      if (keep(image.rgba[i + 3])) ++counts[rgb_key(image.rgba.data() + i)];
  std::uint32_t best = 0, best_count = 0;
  for (auto [key, count] : counts)
    if (count > best_count || (count == best_count && key < best)) best = key, best_count = count;
  return best;
}

void put_key(Palette& palette, std::size_t e, std::uint32_t key) {
  const std::uint8_t rgb[3] = {static_cast<std::uint8_t>(key), static_cast<std::uint8_t>(key >> 8), static_cast<std::uint8_t>(key >> 16)};
  put_entry(palette, e, rgb);
}

}  // namespace

Palette build_palette(std::span<const Image> images, std::uint32_t flags5) {
  const PaletteAlpha alpha = palette_alpha(flags5, has_alpha_surface(Format::indexed8, flags5));
  Palette palette{};
  if (alpha == PaletteAlpha::fade) {  // every entry shows the colour of entry flags5 & 0xFF
    put_key(palette, flags5 & 0xFFu, most_frequent_rgb(images, [](std::uint8_t) { return true; }));
    return palette;
  }
  const bool colour_key = alpha == PaletteAlpha::colour_key;
  if (colour_key) put_key(palette, 0, most_frequent_rgb(images, [](std::uint8_t a) { return a < kKeyAlphaThreshold; }));
  std::unordered_map<std::uint32_t, std::uint32_t> counts;
  for (const Image& image : images)
    for (std::size_t i = 0; i + 4 <= image.rgba.size(); i += 4)
      if (!colour_key || image.rgba[i + 3] >= kKeyAlphaThreshold) ++counts[rgb_key(image.rgba.data() + i)];
  std::vector<Colour> colours;
  colours.reserve(counts.size());
  for (auto [key, count] : counts) {
    Colour c;
    c.c[0] = static_cast<std::uint8_t>(key), c.c[1] = static_cast<std::uint8_t>(key >> 8), c.c[2] = static_cast<std::uint8_t>(key >> 16);
    c.count = count;
    colours.push_back(c);
  }
  // Deterministic order whatever the hash map did.
  std::sort(colours.begin(), colours.end(), [](const Colour& a, const Colour& b) { return std::memcmp(a.c, b.c, 3) < 0; });

  const std::size_t first = colour_key ? 1 : 0, room = 256 - first;
  if (colours.size() <= room) {
    for (std::size_t i = 0; i < colours.size(); ++i) put_entry(palette, first + i, colours[i].c);
    return palette;
  }
  // Median cut: split the box with the widest channel at its pixel-weighted median until the palette is full.
  std::vector<Box> boxes{make_box(colours, 0, colours.size())};
  while (boxes.size() < room) {
    auto widest = std::max_element(boxes.begin(), boxes.end(), [](const Box& a, const Box& b) {
      bool a_split = a.end - a.begin > 1, b_split = b.end - b.begin > 1;
      if (a_split != b_split) return !a_split;
      return a.range < b.range;
    });
    if (widest->end - widest->begin < 2) break;
    Box box = *widest;
    int ch = box.channel;
    std::sort(colours.begin() + box.begin, colours.begin() + box.end, [ch](const Colour& a, const Colour& b) {
      return a.c[ch] != b.c[ch] ? a.c[ch] < b.c[ch] : std::memcmp(a.c, b.c, 3) < 0;
    });
    std::uint64_t total = 0, seen = 0;
    for (std::size_t i = box.begin; i < box.end; ++i) total += colours[i].count;
    std::size_t split = box.begin + 1;
    for (std::size_t i = box.begin; i < box.end - 1; ++i) {
      seen += colours[i].count;
      split = i + 1;
      if (2 * seen >= total) break;
    }
    *widest = make_box(colours, box.begin, split);
    boxes.push_back(make_box(colours, split, box.end));
  }
  for (std::size_t b = 0; b < boxes.size(); ++b) {
    std::uint64_t sum[3] = {}, weight = 0;
    for (std::size_t i = boxes[b].begin; i < boxes[b].end; ++i) {
      for (int ch = 0; ch < 3; ++ch) sum[ch] += std::uint64_t(colours[i].c[ch]) * colours[i].count;
      weight += colours[i].count;
    }
    std::uint8_t mean[3];
    for (int ch = 0; ch < 3; ++ch) mean[ch] = static_cast<std::uint8_t>((sum[ch] + weight / 2) / weight);
    put_entry(palette, first + b, mean);
  }
  return palette;
}

void index_pixels(const PixelRule& rule, const Image& image, std::uint8_t* dst) {
  const bool key = rule.palette_alpha == PaletteAlpha::colour_key;
  const int channels = rule.palette_alpha == PaletteAlpha::fade ? 4 : 3;  // alpha counts only where entries differ in it
  std::unordered_map<std::uint32_t, std::uint8_t> cache;
  const std::size_t count = std::size_t(image.width) * image.height;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* p = image.rgba.data() + 4 * i;
    if (key && p[3] < kKeyAlphaThreshold) {
      dst[i] = 0;
      continue;
    }
    auto [it, inserted] = cache.try_emplace(load_u32(p), 0);
    if (inserted) {
      std::uint32_t best = 0, best_distance = UINT32_MAX;
      for (std::uint32_t e = key ? 1 : 0; e < 256 && best_distance != 0; ++e) {
        std::uint32_t d = 0;
        for (int ch = 0; ch < channels; ++ch) {
          int diff = int(p[ch]) - int(rule.palette[4 * e + std::size_t(ch)]);
          d += std::uint32_t(diff * diff);
        }
        if (d < best_distance) best = e, best_distance = d;
      }
      it->second = static_cast<std::uint8_t>(best);
    }
    dst[i] = it->second;
  }
}

}  // namespace parkan::texm
