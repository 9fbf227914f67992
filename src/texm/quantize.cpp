// Format 0 palettes: median cut over the distinct colours (weighted by pixel count), then
// nearest-colour indexing with a per-colour cache.
#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "parkan/texm/encode.hpp"

namespace parkan::texm {

namespace {

struct Colour {
  std::uint8_t c[4];  // R, G, B, A
  std::uint32_t count;
};

std::uint32_t key_of(const std::uint8_t* p) { return load_u32(p); }

struct Box {
  std::size_t begin, end;  // range in the colour list
  int channel = 0;         // the widest channel
  int range = 0;           // its extent
};

Box make_box(const std::vector<Colour>& colours, std::size_t begin, std::size_t end) {
  Box box{begin, end};
  for (int ch = 0; ch < 4; ++ch) {
    int lo = 255, hi = 0;
    for (std::size_t i = begin; i < end; ++i) lo = std::min<int>(lo, colours[i].c[ch]), hi = std::max<int>(hi, colours[i].c[ch]);
    if (hi - lo > box.range) box.range = hi - lo, box.channel = ch;
  }
  return box;
}

}  // namespace

Palette build_palette(std::span<const Image> images) {
  std::unordered_map<std::uint32_t, std::uint32_t> counts;
  for (const Image& image : images)
    for (std::size_t i = 0; i + 4 <= image.rgba.size(); i += 4) ++counts[key_of(image.rgba.data() + i)];
  std::vector<Colour> colours;
  colours.reserve(counts.size());
  for (auto [key, count] : counts) {
    Colour c;
    std::memcpy(c.c, &key, 4);
    c.count = count;
    colours.push_back(c);
  }
  // Deterministic order whatever the hash map did.
  std::sort(colours.begin(), colours.end(), [](const Colour& a, const Colour& b) { return std::memcmp(a.c, b.c, 4) < 0; });

  Palette palette{};
  if (colours.size() <= 256) {
    for (std::size_t i = 0; i < colours.size(); ++i) std::memcpy(palette.data() + 4 * i, colours[i].c, 4);
    return palette;
  }
  // Median cut: split the box with the widest channel at its pixel-weighted median until 256 boxes.
  std::vector<Box> boxes{make_box(colours, 0, colours.size())};
  while (boxes.size() < 256) {
    auto widest = std::max_element(boxes.begin(), boxes.end(), [](const Box& a, const Box& b) {
      bool a_split = a.end - a.begin > 1, b_split = b.end - b.begin > 1;
      if (a_split != b_split) return !a_split;
      return a.range < b.range;
    });
    if (widest->end - widest->begin < 2) break;
    Box box = *widest;
    int ch = box.channel;
    std::sort(colours.begin() + box.begin, colours.begin() + box.end, [ch](const Colour& a, const Colour& b) {
      return a.c[ch] != b.c[ch] ? a.c[ch] < b.c[ch] : std::memcmp(a.c, b.c, 4) < 0;
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
    std::uint64_t sum[4] = {}, weight = 0;
    for (std::size_t i = boxes[b].begin; i < boxes[b].end; ++i) {
      for (int ch = 0; ch < 4; ++ch) sum[ch] += std::uint64_t(colours[i].c[ch]) * colours[i].count;
      weight += colours[i].count;
    }
    for (int ch = 0; ch < 4; ++ch) palette[4 * b + ch] = static_cast<std::uint8_t>((sum[ch] + weight / 2) / weight);
  }
  return palette;
}

void index_pixels(const Palette& palette, const Image& image, std::uint8_t* dst) {
  std::unordered_map<std::uint32_t, std::uint8_t> cache;
  const std::size_t count = std::size_t(image.width) * image.height;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* p = image.rgba.data() + 4 * i;
    auto [it, inserted] = cache.try_emplace(key_of(p), 0);
    if (inserted) {
      std::uint32_t best = 0, best_distance = UINT32_MAX;
      for (std::uint32_t e = 0; e < 256 && best_distance != 0; ++e) {
        std::uint32_t d = 0;
        for (int ch = 0; ch < 4; ++ch) {
          int diff = int(p[ch]) - int(palette[4 * e + ch]);
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
