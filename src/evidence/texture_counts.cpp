// The texture questions of docs/evidence.md, counted from the Texm layout of docs/formats/texm.md 2-4:
// where 8888 keeps its alpha, 888's spare byte, the fourth byte of a format-0 palette, and whether
// the stored mip levels are truncated means of level 0.
#include <algorithm>
#include <array>
#include <vector>

#include "evidence/raw_nres.hpp"
#include "parkan/evidence/tally.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::evidence {

namespace {

// The layout is the format's (parkan/texm/model.hpp); the walk below keeps its own bounds and
// needs only the fields it counts, so a texture that the reader would refuse is still counted.
// Level k's block sum of an 8-bit field is at most 255 * 4^k: 12 levels stay within 32 bits.
constexpr std::uint32_t kMaxMipLevelChecked = 12;

// A stored field of a pixel word: (word >> shift) & mask (docs/formats/texm.md 6.1; the split matters, not the names).
struct Field {
  std::uint32_t shift = 0, mask = 0;
};
struct FormatLayout {
  std::uint32_t bytes_per_pixel = 0;
  std::vector<Field> fields;  // empty: not a mean of colours (palette indices)
};

std::optional<FormatLayout> format_layout(std::uint32_t format) {
  switch (format) {
    case 0: return FormatLayout{1, {}};
    case 2: return FormatLayout{1, {}};  // indices into an external palette (docs/evidence.md 3.13)
    case 565: return FormatLayout{2, {{11, 0x1F}, {5, 0x3F}, {0, 0x1F}}};
    case 556: return FormatLayout{2, {{11, 0x1F}, {6, 0x1F}, {0, 0x3F}}};
    case 4444: return FormatLayout{2, {{12, 0xF}, {8, 0xF}, {4, 0xF}, {0, 0xF}}};
    case 88: return FormatLayout{2, {{8, 0xFF}, {0, 0xFF}}};
    case 888:
    case 8888: return FormatLayout{4, {{0, 0xFF}, {8, 0xFF}, {16, 0xFF}, {24, 0xFF}}};
    default: return std::nullopt;
  }
}

std::uint32_t load_pixel(const std::uint8_t* p, std::uint32_t bytes_per_pixel) {
  return bytes_per_pixel == 4 ? load_u32(p) : bytes_per_pixel == 2 ? load_u16(p) : *p;
}

struct Level {
  std::uint32_t width = 0, height = 0;
  ByteView pixels;
};

// 8888 (docs/formats/texm.md 6.1 against docs/evidence.md 3.2): which byte looks like alpha, 0 or 255 on most pixels.
void count_alpha_byte(const Level& level0, Tally& tally) {
  std::uint64_t byte3 = 0, byte0 = 0;
  const std::size_t pixels = level0.pixels.size() / 4;
  const std::uint8_t* p = level0.pixels.data();
  for (std::size_t i = 0; i < pixels; ++i, p += 4) {
    byte0 += (p[0] == 0 || p[0] == 255);
    byte3 += (p[3] == 0 || p[3] == 255);
  }
  QuestionCounts& q = tally[QuestionId::texm_8888_alpha_byte];
  if (byte3 > byte0)
    ++q.for_count;
  else if (byte0 > byte3)
    ++q.against_count;
  else
    q.add_detail("textures_tied");
  q.add_detail("pixels", pixels);
  q.add_detail("pixels_byte3_0_or_255", byte3);
  q.add_detail("pixels_byte0_0_or_255", byte0);
}

// 888: the fourth byte of every stored pixel, all levels.
void count_spare_bytes(ByteView pixels, Tally& tally) {
  std::uint64_t nonzero = 0, all_ff = 0;
  const std::size_t count = pixels.size() / 4;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t x = pixels[4 * i + 3];
    nonzero += x != 0;
    all_ff += x == 0xFF;
  }
  QuestionCounts& q = tally[QuestionId::texm_888_spare_zero];
  if (nonzero == 0)
    ++q.for_count;
  else
    ++q.against_count;
  if (count && all_ff == count) q.add_detail("textures_spare_all_ff");
  q.add_detail("pixels_spare_nonzero", nonzero);
}

// Format 0: the fourth byte of the 256 entries (docs/formats/texm.md 3.3).
void count_palette(ByteView palette, ByteView level0, Tally& tally) {
  bool constant = true;
  for (std::size_t i = 1; i < 256; ++i) constant = constant && palette[4 * i + 3] == palette[3];
  QuestionCounts& q = tally[QuestionId::texm_palette_fourth_constant];
  if (constant)
    ++q.for_count;
  else
    ++q.against_count;
  if (std::find(level0.begin(), level0.end(), std::uint8_t{0}) != level0.end()) q.add_detail("textures_using_index_0");
}

// Level k against floor(sum over the 2^k x 2^k block of level 0 / 4^k), per stored field: the sums of
// level k come from four sums of level k - 1, so the whole chain costs about one pass over level 0.
void count_mips(const std::vector<Level>& levels, const FormatLayout& layout, Tally& tally) {
  QuestionCounts& q = tally[QuestionId::mip_truncated_mean];
  if (levels.size() < 2) return;
  if (layout.fields.empty()) {
    q.add_detail("textures_indexed_skipped");
    return;
  }
  const std::size_t fields = layout.fields.size();
  const std::uint32_t bpp = layout.bytes_per_pixel;
  std::vector<std::uint32_t> sums, next;
  std::uint32_t sums_width = levels[0].width;
  bool all_pass = true, any_checked = false;
  for (std::size_t k = 1; k < levels.size(); ++k) {
    const Level& level = levels[k];
    const std::uint64_t side = std::uint64_t(1) << std::min<std::size_t>(k, 63);
    if (k > kMaxMipLevelChecked || levels[0].width % side != 0 || levels[0].height % side != 0 ||
        level.width != levels[0].width / side || level.height != levels[0].height / side) {
      q.add_detail("levels_not_whole_blocks", levels.size() - k);
      break;
    }
    const std::uint32_t w = level.width, h = level.height;
    next.assign(std::size_t(w) * h * fields, 0);
    if (k == 1) {
      const std::uint8_t* base = levels[0].pixels.data();
      for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x) {
          std::uint32_t* out = &next[(std::size_t(y) * w + x) * fields];
          for (std::uint32_t dy = 0; dy < 2; ++dy)
            for (std::uint32_t dx = 0; dx < 2; ++dx) {
              const std::uint32_t v =
                  load_pixel(base + (std::size_t(2 * y + dy) * levels[0].width + 2 * x + dx) * bpp, bpp);
              for (std::size_t f = 0; f < fields; ++f) out[f] += (v >> layout.fields[f].shift) & layout.fields[f].mask;
            }
        }
    } else {
      for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x) {
          std::uint32_t* out = &next[(std::size_t(y) * w + x) * fields];
          for (std::uint32_t dy = 0; dy < 2; ++dy)
            for (std::uint32_t dx = 0; dx < 2; ++dx) {
              const std::uint32_t* in = &sums[(std::size_t(2 * y + dy) * sums_width + 2 * x + dx) * fields];
              for (std::size_t f = 0; f < fields; ++f) out[f] += in[f];
            }
        }
    }
    sums.swap(next);
    sums_width = w;
    const std::uint32_t shift = static_cast<std::uint32_t>(2 * k);  // / 4^k
    bool level_pass = true;
    const std::uint8_t* stored = level.pixels.data();
    for (std::size_t i = 0, n = std::size_t(w) * h; i < n && level_pass; ++i) {
      const std::uint32_t v = load_pixel(stored + i * bpp, bpp);
      for (std::size_t f = 0; f < fields; ++f)
        if (((v >> layout.fields[f].shift) & layout.fields[f].mask) != (sums[i * fields + f] >> shift)) {
          level_pass = false;
          break;
        }
    }
    any_checked = true;
    if (level_pass) {
      ++q.for_count;
    } else {
      ++q.against_count;
      all_pass = false;
    }
  }
  if (any_checked) {
    q.add_detail("textures_checked");
    if (all_pass) q.add_detail("textures_every_level_passes");
  }
}

}  // namespace

void count_texture(ByteView payload, std::string_view entry_name, Tally& tally) {
  if (payload.size() < texm::kHeaderSize || load_u32(payload.data()) != texm::kMagic) {
    ++tally.unreadable;
    return;
  }
  const std::uint32_t width = load_u32(payload.data() + 4);
  const std::uint32_t height = load_u32(payload.data() + 8);
  const std::uint32_t mip_count = load_u32(payload.data() + 12);
  const std::uint32_t format = load_u32(payload.data() + 28);
  const std::optional<FormatLayout> layout = format_layout(format);
  if (!layout || width == 0 || height == 0 || mip_count == 0 || mip_count > texm::kMaxMipCount) {
    ++tally.unreadable;
    return;
  }
  std::uint64_t offset = texm::kHeaderSize;
  ByteView palette;
  if (format == 0) {
    if (payload.size() - offset < texm::kPaletteSize) {
      ++tally.unreadable;
      return;
    }
    palette = payload.subspan(offset, texm::kPaletteSize);
    offset += texm::kPaletteSize;
  }
  const std::uint64_t chain_start = offset;
  std::vector<Level> levels;
  for (std::uint32_t k = 0; k < mip_count; ++k) {
    const std::uint32_t w = k < 32 ? std::max<std::uint32_t>(1, width >> k) : 1;
    const std::uint32_t h = k < 32 ? std::max<std::uint32_t>(1, height >> k) : 1;
    const std::uint64_t size = std::uint64_t(w) * h * layout->bytes_per_pixel;  // < 2^66 / 2^2: no wrap below
    if (size > payload.size() - offset) {
      ++tally.unreadable;
      return;
    }
    levels.push_back({w, h, payload.subspan(offset, size)});
    offset += size;
  }
  // The Page chunk (docs/formats/texm.md 4.1): exactly 8 + 8 * n bytes after the chain, or nothing.
  std::uint32_t rect_count = 0;
  const std::uint64_t rest = payload.size() - offset;
  if (rest >= texm::kPageHeaderSize && load_u32(payload.data() + offset) == texm::kPageMagic) {
    const std::uint32_t n = load_u32(payload.data() + offset + 4);
    if (rest == texm::kPageHeaderSize + std::uint64_t(n) * texm::kPageRectSize)
      rect_count = n;
    else
      tally[QuestionId::page_cell_in_range].add_detail("textures_page_chunk_malformed");
  }
  ++tally.resources;
  tally.textures.push_back({detail::fold_name(entry_name), rect_count});

  if (format == 8888) count_alpha_byte(levels[0], tally);
  if (format == 888) count_spare_bytes(payload.subspan(chain_start, offset - chain_start), tally);
  if (format == 0) count_palette(palette, levels[0].pixels, tally);
  count_mips(levels, *layout, tally);
}

}  // namespace parkan::evidence
