#pragma once
// Tiny game files built by hand from the layouts of docs/formats/ for the evidence tests (not by
// parkan's writers): NRes archives, RsLi libraries, Texm textures, model containers and MAT0
// materials, and a whole game folder whose every reading holds, or is flipped on purpose
// (docs/evidence.md 3).
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <numeric>
#include <string>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "support.hpp"

namespace parkan::evidence_test {

inline void put_u16(ByteBuffer& b, std::uint16_t v) { b.push_back(std::uint8_t(v)), b.push_back(std::uint8_t(v >> 8)); }
inline void put_u32(ByteBuffer& b, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b.push_back(std::uint8_t(v >> (8 * i)));
}
inline void put_f32(ByteBuffer& b, float f) {
  std::uint32_t v;
  std::memcpy(&v, &f, 4);
  put_u32(b, v);
}
inline void append(ByteBuffer& b, const ByteBuffer& more) { b.insert(b.end(), more.begin(), more.end()); }
inline ByteBuffer text_bytes(std::string_view s) { return ByteBuffer(s.begin(), s.end()); }

struct NresRow {
  std::uint32_t type = 0;
  std::string name;
  ByteBuffer payload;
  std::uint32_t attr1 = 0, attr2 = 0, attr3 = 0;
};

enum class SortTable { lower_fold, upper_fold, reversed };

inline int fold_compare(const std::string& a, const std::string& b, bool upper) {
  auto fold = [upper](unsigned char c) -> unsigned char {
    if (upper) return (c >= 'a' && c <= 'z') ? c - 32 : c;
    return (c >= 'A' && c <= 'Z') ? c + 32 : c;
  };
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    const unsigned char x = fold(a[i]), y = fold(b[i]);
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() == b.size() ? 0 : a.size() < b.size() ? -1 : 1;
}

// docs/formats/nres.md 1-4: header, payloads padded to 8, 64-byte rows at the end; row i's sort_index = P[i].
inline ByteBuffer nres(const std::vector<NresRow>& rows, SortTable sort = SortTable::lower_fold) {
  ByteBuffer out(16, 0);
  std::vector<std::uint32_t> offsets;
  for (const NresRow& r : rows) {
    offsets.push_back(std::uint32_t(out.size()));
    append(out, r.payload);
    while (out.size() % 8) out.push_back(0);
  }
  std::vector<std::uint32_t> order(rows.size());
  std::iota(order.begin(), order.end(), 0u);
  if (sort == SortTable::reversed) {
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return fold_compare(rows[a].name, rows[b].name, false) > 0; });
  } else {
    const bool upper = sort == SortTable::upper_fold;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return fold_compare(rows[a].name, rows[b].name, upper) < 0; });
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const NresRow& r = rows[i];
    put_u32(out, r.type);
    put_u32(out, r.attr1);
    put_u32(out, r.attr2);
    put_u32(out, std::uint32_t(r.payload.size()));
    put_u32(out, r.attr3);
    ByteBuffer name(36, 0);
    std::copy(r.name.begin(), r.name.end(), name.begin());
    append(out, name);
    put_u32(out, offsets[i]);
    put_u32(out, order[i]);
  }
  const std::uint32_t total = std::uint32_t(out.size());
  std::memcpy(out.data(), "NRes", 4);
  out[4] = 0x00, out[5] = 0x01, out[6] = 0, out[7] = 0;
  const std::uint32_t count = std::uint32_t(rows.size());
  std::memcpy(out.data() + 8, &count, 4);
  std::memcpy(out.data() + 12, &total, 4);
  return out;
}

struct RsliRow {
  std::string name;  // upper case, at most 12 bytes
  ByteBuffer payload;
};

// docs/formats/rsli.md 2-3, 6.2: seed 0 (the XOR stream of key 0 is all zero), presorted 0xABBA, stored payloads.
inline ByteBuffer rsli(const std::vector<RsliRow>& rows, std::int16_t count_copy, std::uint32_t total_size) {
  ByteBuffer out{'N', 'L', 0, 1};
  put_u16(out, std::uint16_t(rows.size()));
  put_u16(out, std::uint16_t(count_copy));
  out.resize(0x0E, 0);
  put_u16(out, 0xABBA);
  put_u32(out, total_size);
  out.resize(32, 0);
  std::vector<std::uint16_t> order(rows.size());
  std::iota(order.begin(), order.end(), std::uint16_t{0});
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return rows[a].name < rows[b].name; });
  std::uint32_t data = std::uint32_t(32 + 32 * rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    ByteBuffer name(16, 0);
    std::copy(rows[i].name.begin(), rows[i].name.end(), name.begin());
    append(out, name);
    put_u16(out, 0);  // flags: stored
    put_u16(out, order[i]);
    put_u32(out, std::uint32_t(rows[i].payload.size()));
    put_u32(out, data);
    put_u32(out, std::uint32_t(rows[i].payload.size()));
    data += std::uint32_t(rows[i].payload.size());
  }
  for (const RsliRow& r : rows) append(out, r.payload);
  return out;
}

// docs/formats/texm.md 2-4: the header, the palette of format 0, the given levels, an optional Page chunk.
inline ByteBuffer texm(std::uint32_t width, std::uint32_t height, std::uint32_t format, const std::vector<ByteBuffer>& levels,
                       const ByteBuffer& palette = {}, int page_rects = -1) {
  ByteBuffer out;
  put_u32(out, 0x6D786554);
  put_u32(out, width);
  put_u32(out, height);
  put_u32(out, std::uint32_t(levels.size()));
  put_u32(out, 0);
  put_u32(out, 0);
  put_u32(out, 0);
  put_u32(out, format);
  append(out, palette);
  for (const ByteBuffer& l : levels) append(out, l);
  if (page_rects >= 0) {
    put_u32(out, 0x65676150);
    put_u32(out, std::uint32_t(page_rects));
    for (int i = 0; i < page_rects; ++i) {
      put_u16(out, 0), put_u16(out, 1), put_u16(out, 0), put_u16(out, 1);
    }
  }
  return out;
}

// Level 0 of a 4x4 8888 texture and its two mip levels, made per byte field as the truncated (or,
// flipped, the rounded 2x2 box of the previous level) mean. Byte `alpha` holds 0 or 255.
inline std::vector<ByteBuffer> mips_4x4(int alpha, bool rounded) {
  ByteBuffer l0(64);
  for (int i = 0; i < 16; ++i)
    for (int b = 0; b < 4; ++b) l0[4 * i + b] = std::uint8_t(b == alpha ? (i % 2 ? 255 : 0) : 1 + (i * 7 + b * 3) % 3);
  auto level = [&](const ByteBuffer& src, int side) {
    ByteBuffer dst(std::size_t(side * side * 4));
    for (int y = 0; y < side; ++y)
      for (int x = 0; x < side; ++x)
        for (int b = 0; b < 4; ++b) {
          unsigned sum = 0;
          for (int dy = 0; dy < 2; ++dy)
            for (int dx = 0; dx < 2; ++dx) sum += src[((2 * y + dy) * side * 2 + 2 * x + dx) * 4 + b];
          dst[(y * side + x) * 4 + b] = std::uint8_t(rounded ? (sum + 2) >> 2 : sum >> 2);
        }
    return dst;
  };
  ByteBuffer l1 = level(l0, 2);
  ByteBuffer l2;
  if (rounded) {
    l2 = level(l1, 1);
  } else {  // from level 0: floor(sum of 16 / 16)
    l2.resize(4);
    for (int b = 0; b < 4; ++b) {
      unsigned sum = 0;
      for (int i = 0; i < 16; ++i) sum += l0[4 * i + b];
      l2[b] = std::uint8_t(sum >> 4);
    }
  }
  return {l0, l1, l2};
}

// A 24-byte key (docs/formats/msh-animation.md 2.1) at time t; `w_slot` 0x16 (parkan's reading, 3.4) or 0x10 holds 32767.
inline void put_key(ByteBuffer& b, float t, int w_slot) {
  put_f32(b, 0), put_f32(b, 0), put_f32(b, 0), put_f32(b, t);
  for (int off = 0x10; off <= 0x16; off += 2) put_u16(b, off == w_slot ? 32767 : 0);
}
// A 38-byte node (docs/formats/msh.md 2.1) drawing slot 0 at [0][0].
inline void put_node(ByteBuffer& b, std::uint16_t map_start, std::uint16_t fallback) {
  put_u16(b, 0), put_u16(b, 0xFFFF), put_u16(b, map_start), put_u16(b, fallback);
  for (int i = 0; i < 15; ++i) put_u16(b, i == 0 ? 0 : 0xFFFF);
}
// A 20-byte batch (docs/formats/msh.md 5.1, docs/evidence.md 3): u16 at +2 and byte +4 as given.
inline void put_batch(ByteBuffer& b, std::uint16_t word2, std::uint8_t byte4) {
  put_u16(b, 0), put_u16(b, word2), b.push_back(byte4), b.push_back(0xFF), put_u16(b, 0xFFFF);
  put_u16(b, 3), put_u32(b, 0), put_u16(b, 3), put_u32(b, 0);
}

struct ModelSpec {
  int w_slot = 0x16;           // of the still node's fallback key
  std::uint16_t last_word = 3;  // the animated node's last map word (its fallback is 3)
  std::uint16_t batch_word2 = 0;
  std::uint8_t batch_byte4 = 1;
  std::uint16_t uv_word = 0x0400;
  bool type18 = true;
  SortTable sort = SortTable::lower_fold;
};

// Node 0 still (one key), node 1 animated over 3 frames (keys 1..3); one batch; 3 vertices.
inline ByteBuffer model(const ModelSpec& spec) {
  ByteBuffer nodes, keys, map, batches, uvs, uv18;
  put_node(nodes, 0xFFFF, 0);
  put_node(nodes, 0, 3);
  put_key(keys, 0, spec.w_slot);
  for (int k = 0; k < 3; ++k) put_key(keys, float(k), 0x16);
  put_u16(map, 1), put_u16(map, 2), put_u16(map, spec.last_word);
  put_batch(batches, spec.batch_word2, spec.batch_byte4);
  for (int i = 0; i < 6; ++i) put_u16(uvs, spec.uv_word), put_u16(uv18, spec.uv_word);
  std::vector<NresRow> rows{{1, "Res1", nodes, 2, 0, 38}, {8, "Res8", keys, 4, 0, 4},
                            {19, "Res19", map, 3, 3, 2},  {13, "Res13", batches, 1, 0, 20},
                            {5, "Res5", uvs, 3, 0, 4}};
  if (spec.type18) rows.push_back({18, "Res18", uv18, 3, 0, 4});
  return nres(rows, spec.sort);
}

// docs/formats/mat0.md 3 with attr2 = 6 (a 10-byte prefix): phases (p17, texture) and one block of keys (k2 given).
inline ByteBuffer mat0(const std::vector<std::pair<std::uint8_t, std::string>>& phases, const std::vector<std::uint16_t>& k2s) {
  ByteBuffer out;
  put_u16(out, std::uint16_t(phases.size()));
  put_u16(out, k2s.empty() ? 0 : 1);
  out.push_back(0xFF), out.push_back(0xFF), put_u32(out, 0x3F800000), put_u32(out, 0);
  for (const auto& [p17, texture] : phases) {
    ByteBuffer p(34, 0);
    p[17] = p17;
    std::copy(texture.begin(), texture.end(), p.begin() + 18);
    append(out, p);
  }
  if (!k2s.empty()) {
    put_u32(out, 0);
    put_u16(out, std::uint16_t(k2s.size()));
    for (std::size_t k = 0; k < k2s.size(); ++k) put_u16(out, 0), put_u16(out, std::uint16_t(100 * (k + 1))), put_u16(out, k2s[k]);
  }
  return out;
}

// A game folder with one resource per question: every reading holds, or (flipped) every one fails.
inline void write_game(const std::filesystem::path& dir, bool flipped) {
  const SortTable sort = flipped ? SortTable::reversed : SortTable::lower_fold;
  std::filesystem::create_directories(dir / "data");
  ByteBuffer palette(1024);
  for (int i = 0; i < 256; ++i) palette[4 * i] = std::uint8_t(i), palette[4 * i + 3] = std::uint8_t(flipped ? i : 0);
  ByteBuffer x888(16, 0x40);
  for (int i = 0; i < 4; ++i) x888[4 * i + 3] = flipped ? 0xFF : 0x00;
  ByteBuffer page565(8, 0x11);
  test::write_bytes(dir / "Textures.lib",
                    nres({{0x6D786554, "ALPHA.0", texm(4, 4, 8888, mips_4x4(flipped ? 0 : 3, flipped))},
                          {0x6D786554, "SPARE.0", texm(2, 2, 888, {x888})},
                          {0x6D786554, "INDEXED.0", texm(2, 2, 0, {ByteBuffer{1, 2, 3, 4}}, palette)},
                          {0x6D786554, "PAGED.0", texm(2, 2, 565, {page565}, {}, 2)}},
                         sort));
  test::write_bytes(dir / "Material.lib",
                    nres({{0x3054414D, "GLOW", mat0({{std::uint8_t(flipped ? 5 : 1), "PAGED.0"}, {0xFF, "ALPHA.0"}}, {std::uint16_t(flipped ? 7 : 0), std::uint16_t(flipped ? 9 : 0)}), 0, 6},
                          {0x3054414D, "PLAIN", mat0({{0xFF, "SPARE.0"}}, {}), 0, 6}},
                         sort));
  ModelSpec spec;
  if (flipped) {
    spec.w_slot = 0x10;
    spec.last_word = 2;
    spec.batch_word2 = 1;
    spec.batch_byte4 = 5;
    spec.uv_word = 0x8400;
    spec.type18 = true;
    spec.sort = sort;
  }
  const std::string wear = flipped ? "2\n0 MAT_A\n1 MAT_B\n" : "2\n0 MAT_A\n1 MAT_B\n\nLIGHTMAPS\n1\n0 LM.0\n";
  test::write_bytes(dir / "data" / "units.rlb",
                    nres({{0x4853454D, "tank.msh", model(spec)}, {0x52414557, "tank.wea", text_bytes(wear)}}, sort));
  ByteBuffer one = text_bytes("first"), two = text_bytes("second!");
  test::write_bytes(dir / "data" / "sys.lib", rsli({{"ONE", one}, {"TWO", two}}, flipped ? 0 : 2, 12));
}

}  // namespace parkan::evidence_test
