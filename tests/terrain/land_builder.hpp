#pragma once
// A Land.msh laid out byte by byte from the layouts of docs/formats/terrain.md (not by parkan's
// writers): a 2 x 2-square map of 20 x 20 units, 9 vertices on a 10-unit lattice, LOD 0 two faces per
// square, LOD 1 one face per square, water on square 3, a second material on square 1, two
// materials in square 2's cell, a bed face and a lava face, and the draw order with its batch bits.
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "parkan/core/bytes.hpp"

namespace parkan::terrain::test {

struct FaceSpec {
  std::uint16_t flags = 0x600;
  std::uint16_t surface = 0;
  std::uint8_t tex1 = 1, tex2 = 0xFF;
  std::array<std::uint16_t, 3> v{};
  // Filled by adjacency(): neighbour across edge e (v[e], v[e+1]) and the edge word.
  std::array<std::uint16_t, 3> n{0xFFFF, 0xFFFF, 0xFFFF};
  std::uint16_t edges = 0x3F;
};

struct LandSpec {
  std::vector<std::array<float, 3>> positions;
  std::vector<float> alpha;
  std::vector<FaceSpec> faces;
  std::vector<std::pair<std::uint16_t, std::uint16_t>> runs;  // cells: first, count
  std::vector<std::pair<std::uint16_t, std::uint8_t>> order;  // face, flags
  std::uint32_t across = 2, squares = 4;
  bool with_alpha = true;
};

// Lattice vertex at column c, row r: index 3r + c, at (10c, 10r).
inline std::uint16_t lattice(int c, int r) { return std::uint16_t(3 * r + c); }

// Neighbours and edge codes of the faces in [first, end), matched by shared vertex pairs.
inline void adjacency(std::vector<FaceSpec>& faces, std::size_t first, std::size_t end) {
  for (std::size_t i = first; i < end; ++i) {
    faces[i].n = {0xFFFF, 0xFFFF, 0xFFFF};
    faces[i].edges = 0;
    for (unsigned e = 0; e < 3; ++e) {
      const auto a = faces[i].v[e], b = faces[i].v[(e + 1) % 3];
      unsigned code = 3;
      for (std::size_t j = first; j < end && code == 3; ++j) {
        if (j == i) continue;
        for (unsigned k = 0; k < 3; ++k)
          if (faces[j].v[k] == b && faces[j].v[(k + 1) % 3] == a) {
            faces[i].n[e] = std::uint16_t(j);
            code = k;
          }
      }
      faces[i].edges = std::uint16_t(faces[i].edges | (code << (2 * e)));
    }
  }
}

inline LandSpec small_map() {
  LandSpec s;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      const bool water = c >= 1 && r >= 1;  // square 3's corners
      s.positions.push_back({10.0f * c, 10.0f * r, water ? 2.0f : 6.0f});
    }
  s.alpha.assign(9, 1.0f);
  s.alpha[lattice(2, 0)] = 0.5f;
  // Square i at column i % 2, row i / 2: triangles (a, b, d) and (b, c, d), counter-clockwise.
  auto square = [&](int i) {
    const int c = i % 2, r = i / 2;
    const std::uint16_t a = lattice(c, r), b = lattice(c + 1, r), cc = lattice(c + 1, r + 1), d = lattice(c, r + 1);
    FaceSpec one, two;
    one.v = {a, b, d};
    two.v = {b, cc, d};
    return std::array<FaceSpec, 2>{one, two};
  };
  for (int i = 0; i < 4; ++i)
    for (const FaceSpec& f : square(i)) s.faces.push_back(f);
  s.faces[1].surface = 0x10;                    // lava
  s.faces[2].tex2 = s.faces[3].tex2 = 3;        // a second material on square 1
  s.faces[2].flags = s.faces[3].flags = 0x604;
  s.faces[4].flags = 0x2600;                    // bed
  s.faces[5].tex1 = 2;                          // square 2's cell holds two pairs
  for (int k = 6; k < 8; ++k) {                 // water on square 3
    s.faces[std::size_t(k)].flags = 0x608;
    s.faces[std::size_t(k)].surface = 0x02;
    s.faces[std::size_t(k)].tex1 = 4;
  }
  adjacency(s.faces, 0, 8);
  // LOD 1: the first triangle of each square again, alone in its cell.
  for (int i = 0; i < 4; ++i) {
    FaceSpec f = s.faces[std::size_t(2 * i)];
    f.n = {0xFFFF, 0xFFFF, 0xFFFF};
    f.edges = 0x3F;
    s.faces.push_back(f);
  }
  for (std::uint16_t i = 0; i < 4; ++i) s.runs.push_back({std::uint16_t(2 * i), 2});
  for (std::uint16_t i = 0; i < 4; ++i) s.runs.push_back({std::uint16_t(8 + i), 1});
  // Cell 2 draws its faces reversed (a permutation inside the cell); every pair change starts a batch.
  s.order = {{0, 0x58}, {1, 0x48}, {2, 0x58}, {3, 0x48}, {5, 0x58}, {4, 0x58}, {6, 0x58}, {7, 0x48},
             {8, 0x58}, {9, 0x58}, {10, 0x58}, {11, 0x58}};
  return s;
}

struct Built {
  ByteBuffer bytes;
  std::map<std::uint32_t, std::size_t> payload;  // type id -> payload offset
  std::map<std::uint32_t, std::size_t> row;      // type id -> directory row offset
  std::size_t directory = 0;
};

inline void put16(ByteBuffer& b, std::size_t at, std::uint16_t v) { std::memcpy(b.data() + at, &v, 2); }
inline void put32(ByteBuffer& b, std::size_t at, std::uint32_t v) { std::memcpy(b.data() + at, &v, 4); }
inline void putf(ByteBuffer& b, std::size_t at, float v) { std::memcpy(b.data() + at, &v, 4); }

struct StreamBytes {
  std::uint32_t type, count, attr2, stride;
  ByteBuffer payload;
};

// The nine streams in retail order (14 left out when `with_alpha` is false).
inline std::vector<StreamBytes> streams_of(const LandSpec& s) {
  const std::size_t nv = s.positions.size(), nf = s.faces.size();
  std::vector<StreamBytes> out;
  // 1: Node38 per square: 0, 0xFFFF, 0, 0, then slot word 4 = cell i and slot word 9 = cell squares + i.
  ByteBuffer grid(38 * s.squares, 0);
  for (std::uint32_t i = 0; i < s.squares; ++i) {
    for (int w = 4; w < 19; ++w) put16(grid, 38 * i + 2 * std::size_t(w), 0xFFFF);
    put16(grid, 38 * i + 2, 0xFFFF);
    put16(grid, 38 * i + 8, std::uint16_t(i));
    put16(grid, 38 * i + 18, std::uint16_t(s.squares + i));
  }
  out.push_back({1, s.squares, s.across, 38, grid});
  // 2: the map box's corners, 44 zeros, then per cell run and box.
  std::array<float, 3> lo{1e9f, 1e9f, 1e9f}, hi{-1e9f, -1e9f, -1e9f};
  for (const auto& p : s.positions)
    for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], p[k]), hi[k] = std::max(hi[k], p[k]);
  ByteBuffer cells(0x8C + 68 * s.runs.size(), 0);
  const float xs[4] = {lo[0], hi[0], hi[0], lo[0]}, ys[4] = {lo[1], lo[1], hi[1], hi[1]};
  for (int k = 0; k < 8; ++k) {
    putf(cells, 12 * std::size_t(k), xs[k % 4]);
    putf(cells, 12 * std::size_t(k) + 4, ys[k % 4]);
    putf(cells, 12 * std::size_t(k) + 8, k < 4 ? lo[2] : hi[2]);
  }
  for (std::size_t j = 0; j < s.runs.size(); ++j) {
    const std::size_t at = 0x8C + 68 * j;
    put16(cells, at, s.runs[j].first);
    put16(cells, at + 2, s.runs[j].second);
    std::array<float, 3> clo{1e9f, 1e9f, 1e9f}, chi{-1e9f, -1e9f, -1e9f};
    for (std::size_t f = s.runs[j].first; f < std::size_t(s.runs[j].first) + s.runs[j].second && f < nf; ++f)
      for (std::uint16_t v : s.faces[f].v)
        for (int k = 0; k < 3; ++k) clo[k] = std::min(clo[k], s.positions[v][k]), chi[k] = std::max(chi[k], s.positions[v][k]);
    float r2 = 0;
    for (int k = 0; k < 3; ++k) {
      putf(cells, at + 8 + 4 * std::size_t(k), clo[k]);
      putf(cells, at + 20 + 4 * std::size_t(k), chi[k]);
      putf(cells, at + 32 + 4 * std::size_t(k), (clo[k] + chi[k]) / 2);
      r2 += (chi[k] - clo[k]) * (chi[k] - clo[k]) / 4;
    }
    putf(cells, at + 44, std::sqrt(r2));
  }
  out.push_back({2, std::uint32_t(s.runs.size()), 0, 68, cells});
  ByteBuffer pos(12 * nv), nor(4 * nv), uv1(4 * nv), uv2(4 * nv), alpha(4 * nv);
  for (std::size_t i = 0; i < nv; ++i) {
    for (int k = 0; k < 3; ++k) putf(pos, 12 * i + 4 * std::size_t(k), s.positions[i][k]);
    put32(nor, 4 * i, 127u << 16);                       // (0, 0, 127), spare 0
    put16(uv1, 4 * i, std::uint16_t(s.positions[i][0] * 4));
    put16(uv1, 4 * i + 2, std::uint16_t(s.positions[i][1] * 4));
    put16(uv2, 4 * i, std::uint16_t(s.positions[i][0] * 51.2f));
    put16(uv2, 4 * i + 2, std::uint16_t(s.positions[i][1] * 51.2f));
    putf(alpha, 4 * i, i < s.alpha.size() ? s.alpha[i] : 1.0f);
  }
  out.push_back({3, std::uint32_t(nv), 0, 12, pos});
  out.push_back({4, std::uint32_t(nv), 0, 4, nor});
  out.push_back({5, std::uint32_t(nv), 0, 4, uv1});
  out.push_back({18, std::uint32_t(nv), 0, 4, uv2});
  if (s.with_alpha) out.push_back({14, std::uint32_t(nv), 0, 4, alpha});
  ByteBuffer order(4 * s.order.size(), 0);
  for (std::size_t j = 0; j < s.order.size(); ++j) {
    put16(order, 4 * j, s.order[j].first);
    order[4 * j + 2] = s.order[j].second;
  }
  out.push_back({11, std::uint32_t(s.order.size()), 0, 4, order});
  ByteBuffer faces(28 * nf, 0);
  for (std::size_t i = 0; i < nf; ++i) {
    const FaceSpec& f = s.faces[i];
    const std::size_t at = 28 * i;
    put16(faces, at, f.flags);
    put16(faces, at + 2, f.surface);
    faces[at + 4] = f.tex1;
    faces[at + 5] = f.tex2;
    put16(faces, at + 6, 0xFFFF);
    for (int k = 0; k < 3; ++k) {
      put16(faces, at + 8 + 2 * std::size_t(k), f.v[std::size_t(k)]);
      put16(faces, at + 14 + 2 * std::size_t(k), f.n[std::size_t(k)]);
    }
    put16(faces, at + 24, 32767);  // normal (0, 0, 1)
    put16(faces, at + 26, f.edges);
  }
  out.push_back({21, std::uint32_t(nf), 0, 28, faces});
  return out;
}

// The NRes around the streams: 16-byte header, payloads 8-aligned from 16, 64-byte rows named "Land".
inline Built nres_of(const std::vector<StreamBytes>& streams) {
  Built b;
  b.bytes.assign(16, 0);
  std::vector<std::size_t> offsets;
  for (const StreamBytes& s : streams) {
    offsets.push_back(b.bytes.size());
    b.payload[s.type] = b.bytes.size();
    b.bytes.insert(b.bytes.end(), s.payload.begin(), s.payload.end());
    b.bytes.resize((b.bytes.size() + 7) / 8 * 8, 0);
  }
  b.directory = b.bytes.size();
  for (std::size_t i = 0; i < streams.size(); ++i) {
    const StreamBytes& s = streams[i];
    const std::size_t at = b.bytes.size();
    b.row[s.type] = at;
    b.bytes.resize(at + 64, 0);
    put32(b.bytes, at, s.type);
    put32(b.bytes, at + 4, s.count);
    put32(b.bytes, at + 8, s.attr2);
    put32(b.bytes, at + 12, std::uint32_t(s.payload.size()));
    put32(b.bytes, at + 16, s.stride);
    std::memcpy(b.bytes.data() + at + 20, "Land", 4);
    put32(b.bytes, at + 56, std::uint32_t(offsets[i]));
    put32(b.bytes, at + 60, std::uint32_t(i));  // equal names: the identity is sorted
  }
  std::memcpy(b.bytes.data(), "NRes", 4);
  put32(b.bytes, 4, 0x100);
  put32(b.bytes, 8, std::uint32_t(streams.size()));
  put32(b.bytes, 12, std::uint32_t(b.bytes.size()));
  return b;
}

inline Built land(const LandSpec& s) { return nres_of(streams_of(s)); }

}  // namespace parkan::terrain::test
