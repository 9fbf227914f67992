// The file-local rules of Land.msh (docs/formats/terrain.md 6): each its own code, with the offset of
// the field that breaks it in the file.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "parkan/core/finding_sink.hpp"
#include "parkan/core/text.hpp"
#include "parkan/terrain/codes.hpp"
#include "parkan/terrain/land.hpp"

namespace parkan::terrain {

namespace {

// How far a face's vertex may lie outside its cell's box (units): the boxes are stored as f32 and
// retail faces lie inside exactly (docs/formats/terrain.md 4), so only rounding is forgiven.
constexpr float kBoxTolerance = 0.01f;

class TerrainChecker {
 public:
  explicit TerrainChecker(const Terrain& t) : t_(t), sink_(codes::kFindingsTruncated) {}

  std::vector<Diagnostic> run() {
    check_directory();
    check_faces();
    check_grid();
    const bool runs_chain = check_cells();
    check_lods(runs_chain);
    check_order(runs_chain);
    check_water();
    check_alpha();
    return sink_.take();
  }

 private:
  std::uint64_t at(std::uint32_t type, std::size_t element, std::size_t field = 0) const {
    const Stream& s = *t_.stream(type);
    const std::size_t stride = type == kFacesType   ? kFaceStride
                               : type == kCellsType ? kCellStride
                               : type == kGridType  ? kGridStride
                               : type == kPositionsType ? kPositionStride
                                                        : kVertexWordStride;
    return s.offset + (type == kCellsType ? kCellsHeaderSize : 0) + element * stride + field;
  }
  void error(const char* code, std::uint64_t offset, std::string message) {
    sink_.add(Severity::error, code, offset, std::move(message));
  }
  void warning(const char* code, std::uint64_t offset, std::string message) {
    sink_.add(Severity::warning, code, offset, std::move(message));
  }

  // terrain.stream.other, terrain.stream.order.
  void check_directory() {
    const nres::Archive& a = t_.archive;
    std::vector<std::uint32_t> order;
    for (std::size_t i = 0; i < a.entries.size(); ++i) {
      const nres::Entry& e = a.entries[i];
      const bool stream = std::find(kRetailOrder.begin(), kRetailOrder.end(), e.type_id) != kRetailOrder.end();
      if (stream) order.push_back(e.type_id);
      if (!stream || fold_lower_text(e.name()) != fold_lower_text(kStreamName))
        warning(codes::kStreamOther, a.directory_offset() + nres::kEntrySize * i,
                fmt::format("entry {} \"{}\" of type {} is none of the nine \"Land\" streams", i,
                            escape_control(e.name()), e.type_id));
    }
    std::vector<std::uint32_t> retail;
    for (std::uint32_t type : kRetailOrder)
      if (type != kAlphaType || t_.alpha) retail.push_back(type);
    if (order != retail)
      warning(codes::kStreamOrder, a.directory_offset(),
              "the streams are not in the retail order 1, 2, 3, 4, 5, 18, 14, 11, 21");
  }

  // terrain.face.vertex, .neighbour, .edge_code, .edge_match, .second_flag, .word6.
  void check_faces() {
    const std::size_t faces = t_.faces.size(), vertices = t_.positions.size();
    for (std::size_t i = 0; i < faces; ++i) {
      const Face& f = t_.faces[i];
      for (std::size_t k = 0; k < 3; ++k) {
        if (f.vertices[k] >= vertices)
          error(codes::kFaceVertex, at(kFacesType, i, kFaceVerticesOffset + 2 * k),
                fmt::format("face {}: vertex {} is {}, past the {} vertices", i, k, f.vertices[k], vertices));
        const std::uint16_t n = f.neighbours[k];
        const std::uint64_t neighbour_at = at(kFacesType, i, kFaceNeighboursOffset + 2 * k);
        const bool boundary = n == kNoFace;
        if (!boundary && n >= faces) {
          error(codes::kFaceNeighbour, neighbour_at,
                fmt::format("face {}: neighbour {} is {}, past the {} faces", i, k, n, faces));
        } else if (!boundary) {
          const auto& back = t_.faces[n].neighbours;
          if (std::find(back.begin(), back.end(), i) == back.end())
            error(codes::kFaceNeighbour, neighbour_at,
                  fmt::format("face {}: neighbour {} is face {}, which does not name it back", i, k, n));
        }
        const unsigned code = f.edge_code(k);
        if ((code == kEdgeNone) != boundary)
          error(codes::kFaceEdgeCode, at(kFacesType, i, kFaceEdgesOffset),
                fmt::format("face {}: edge {} has code {} but {}", i, k, code,
                            boundary ? "no neighbour (3 expected)" : fmt::format("neighbour {}", n)));
        else if (!boundary && n < faces && t_.faces[n].neighbours[code] != i)
          warning(codes::kFaceEdgeMatch, at(kFacesType, i, kFaceEdgesOffset),
                  fmt::format("face {}: edge {} names edge {} of face {}, which is not the edge back", i, k, code, n));
      }
      if (((f.flags & kFlagSecondMaterial) != 0) != f.has_second_material())
        warning(codes::kFaceSecondFlag, at(kFacesType, i, kFaceFlagsOffset),
                fmt::format("face {}: flag 0x004 is {} but tex2 is {}", i,
                            (f.flags & kFlagSecondMaterial) ? "set" : "clear", f.tex2));
      if (f.word6 != kRetailWord6)
        warning(codes::kFaceWord6, at(kFacesType, i, kFaceWord6Offset),
                fmt::format("face {}: the word at +0x06 is 0x{:04X}, 0xFFFF on every retail face", i, f.word6));
    }
  }

  // terrain.grid.header, terrain.grid.slots: square i names cells i and squares + i.
  void check_grid() {
    const std::size_t squares = t_.squares.size();
    for (std::size_t i = 0; i < squares; ++i) {
      const Square& s = t_.squares[i];
      if (!std::equal(kSquareHeader.begin(), kSquareHeader.end(), s.words.begin()))
        warning(codes::kGridHeader, at(kGridType, i),
                fmt::format("square {}: header words {} {} {} {}, not 0 0xFFFF 0 0", i, s.words[0], s.words[1],
                            s.words[2], s.words[3]));
      const std::array<std::size_t, 2> want = {i, squares + i};
      bool ok = s.used_slots.size() == 2;
      for (std::size_t k = 0; ok && k < 2; ++k) ok = s.words[s.used_slots[k]] == want[k];
      if (!ok) {
        const std::size_t word = s.used_slots.empty() ? kSquareHeaderWords : s.used_slots.front();
        error(codes::kGridSlots, at(kGridType, i, 2 * word),
              fmt::format("square {}: {} slot words used, not the two naming cells {} and {}", i,
                          s.used_slots.size(), want[0], want[1]));
      }
    }
  }

  // terrain.cells.zero, terrain.cells.run, terrain.cells.box. True when the runs chain and sum to the
  // face count, so that each face has one cell.
  bool check_cells() {
    const Stream& s = *t_.stream(kCellsType);
    for (std::size_t k = kCornersSize; k < kCellsHeaderSize; ++k)
      if (s.raw[k] != 0) {
        warning(codes::kCellsZero, s.offset + k, fmt::format("stream 2 header: byte 0x{:02X} is not zero", k));
        break;
      }
    const std::size_t faces = t_.faces.size();
    std::size_t end = 0;
    bool chained = true;
    for (std::size_t j = 0; j < t_.cells.size(); ++j) {
      const Cell& c = t_.cells[j];
      for (auto [from, to] : {std::pair{kCellCountOffset + 2, kCellMinOffset}, std::pair{kCellTailOffset, kCellStride}})
        if (std::any_of(c.raw.begin() + from, c.raw.begin() + to, [](std::uint8_t b) { return b != 0; }))
          warning(codes::kCellsZero, at(kCellsType, j, from),
                  fmt::format("cell {}: bytes 0x{:02X} to 0x{:02X} are not zero", j, from, to - 1));
      if (c.first != end || std::size_t{c.first} + c.count > faces) {
        error(codes::kCellsRun, at(kCellsType, j, kCellFirstOffset),
              fmt::format("cell {}: run {} + {} does not start where the previous ends ({}) inside the {} faces", j,
                          c.first, c.count, end, faces));
        chained = false;
      }
      end = std::size_t{c.first} + c.count;
    }
    if (chained && end != faces) {
      error(codes::kCellsRun, s.offset + s.raw.size(),
            fmt::format("the cells' runs hold {} faces, the map {}", end, faces));
      chained = false;
    }
    for (std::size_t j = 0; j < t_.cells.size(); ++j) {
      const Cell& c = t_.cells[j];
      for (std::size_t i = c.first; i < std::min<std::size_t>(faces, std::size_t{c.first} + c.count); ++i)
        if (!face_in_box(t_.faces[i], c)) {
          error(codes::kCellsBox, at(kCellsType, j, kCellMinOffset),
                fmt::format("cell {}: face {} has a vertex outside the cell's box", j, i));
          break;
        }
    }
    return chained;
  }

  bool face_in_box(const Face& f, const Cell& c) const {
    for (std::uint16_t v : f.vertices) {
      if (v >= t_.positions.size()) continue;  // terrain.face.vertex says so
      const Vec3& p = t_.positions[v];
      const bool inside = p.x >= c.min.x - kBoxTolerance && p.x <= c.max.x + kBoxTolerance &&
                          p.y >= c.min.y - kBoxTolerance && p.y <= c.max.y + kBoxTolerance &&
                          p.z >= c.min.z - kBoxTolerance && p.z <= c.max.z + kBoxTolerance;
      if (!inside) return false;
    }
    return true;
  }

  // terrain.lod.vertex, terrain.lod.faces.
  void check_lods(bool runs_chain) {
    if (!runs_chain) return;
    std::vector<bool> lod0(t_.positions.size(), false);
    for (std::size_t i = 0; i < t_.lod_split; ++i)
      for (std::uint16_t v : t_.faces[i].vertices)
        if (v < lod0.size()) lod0[v] = true;
    for (std::size_t i = t_.lod_split; i < t_.faces.size(); ++i)
      for (std::size_t k = 0; k < 3; ++k) {
        const std::uint16_t v = t_.faces[i].vertices[k];
        if (v < lod0.size() && !lod0[v]) {
          warning(codes::kLodVertex, at(kFacesType, i, kFaceVerticesOffset + 2 * k),
                  fmt::format("LOD-1 face {}: vertex {} is used by no LOD-0 face", i, v));
          break;
        }
      }
    const std::size_t squares = t_.squares.size();
    for (std::size_t i = 0; i < squares; ++i)
      if (t_.cells[squares + i].count > t_.cells[i].count)
        warning(codes::kLodFaces, at(kCellsType, squares + i, kCellCountOffset),
                fmt::format("cell {} (LOD 1) holds {} faces, more than its LOD-0 cell {} ({})", squares + i,
                            t_.cells[squares + i].count, i, t_.cells[i].count));
  }

  // terrain.order.permutation, .batch, .group, .flags.
  void check_order(bool runs_chain) {
    const std::size_t faces = t_.faces.size();
    const Stream& s = *t_.stream(kOrderType);
    for (std::size_t j = 0; j < t_.order.size(); ++j) {
      const std::uint8_t rest = t_.order[j].flags & static_cast<std::uint8_t>(~(kOrderBatchStart | kOrderInertBit));
      if (rest != kOrderRetailBits)
        warning(codes::kOrderFlags, s.offset + kOrderStride * j + 2,
                fmt::format("draw order {}: flags 0x{:02X} without bits 0x10 and 0x80 are not 0x48", j,
                            t_.order[j].flags));
    }
    // Without chained runs the cells are unknown: the order is then checked as one permutation.
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    if (runs_chain)
      for (const Cell& c : t_.cells) runs.push_back({c.first, std::size_t{c.first} + c.count});
    else
      runs.push_back({0, faces});
    std::vector<bool> seen(faces, false);
    for (std::size_t r = 0; r < runs.size(); ++r) {
      const auto [first, end] = runs[r];
      bool permutation = true;
      for (std::size_t j = first; j < end; ++j) {
        const std::uint16_t f = t_.order[j].face;
        if (f < first || f >= end || seen[f]) {
          error(codes::kOrderPermutation, s.offset + kOrderStride * j,
                fmt::format("draw order {}: face {} is {} in its cell's run [{}, {})", j, f,
                            f < first || f >= end ? "not" : "twice", first, end));
          permutation = false;
        } else {
          seen[f] = true;
        }
      }
      if (permutation) check_batches(r, first, end);
    }
  }

  // Along one cell's draw order, bit 0x10 exactly where the (tex1, tex2) pair changes, and each pair
  // in one batch (docs/formats/terrain.md 5).
  void check_batches(std::size_t cell, std::size_t first, std::size_t end) {
    const Stream& s = *t_.stream(kOrderType);
    std::vector<std::pair<std::uint8_t, std::uint8_t>> done;
    for (std::size_t j = first; j < end; ++j) {
      const Face& f = t_.faces[t_.order[j].face];
      const auto pair = std::pair{f.tex1, f.tex2};
      bool starts = j == first;
      if (!starts) {
        const Face& before = t_.faces[t_.order[j - 1].face];
        starts = pair != std::pair{before.tex1, before.tex2};
      }
      const bool marked = (t_.order[j].flags & kOrderBatchStart) != 0;
      if (marked != starts)
        error(codes::kOrderBatch, s.offset + kOrderStride * j + 2,
              fmt::format("draw order {} (cell {}): bit 0x10 is {} but the pair ({}, {}) {}", j, cell,
                          marked ? "set" : "clear", pair.first, pair.second,
                          starts ? "starts a batch" : "continues the batch"));
      if (starts) {
        if (std::find(done.begin(), done.end(), pair) != done.end())
          warning(codes::kOrderGroup, s.offset + kOrderStride * j,
                  fmt::format("draw order {} (cell {}): the pair ({}, {}) has a batch earlier in the cell", j, cell,
                              pair.first, pair.second));
        done.push_back(pair);
      }
    }
  }

  // terrain.water.plane: every water vertex at one z.
  void check_water() {
    bool have = false;
    float z = 0;
    for (std::size_t i = 0; i < t_.faces.size(); ++i) {
      const Face& f = t_.faces[i];
      if (!f.water()) continue;
      for (std::size_t k = 0; k < 3; ++k) {
        if (f.vertices[k] >= t_.positions.size()) continue;
        const float vz = t_.positions[f.vertices[k]].z;
        if (!have) {
          have = true;
          z = vz;
        } else if (vz != z) {
          warning(codes::kWaterPlane, at(kFacesType, i, kFaceVerticesOffset + 2 * k),
                  fmt::format("water face {}: vertex {} is at z {}, the water at {}", i, f.vertices[k], vz, z));
          return;
        }
      }
    }
  }

  // terrain.alpha.range: stream 14 in 0..1.
  void check_alpha() {
    if (!t_.alpha) return;
    const Stream& s = *t_.stream(kAlphaType);
    for (std::size_t i = 0; i < t_.alpha->size(); ++i) {
      const float a = (*t_.alpha)[i];
      if (!(a >= 0.0f && a <= 1.0f))
        warning(codes::kAlphaRange, s.offset + kVertexWordStride * i, fmt::format("vertex {}: alpha {} is outside 0..1", i, a));
    }
  }

  const Terrain& t_;
  FindingSink sink_;
};

}  // namespace

std::vector<Diagnostic> check_terrain(ByteView bytes) {
  Result<Terrain> read = read_terrain(bytes);
  if (!read) return {to_diagnostic(read.error(), codes::kStreamMissing)};
  return TerrainChecker(*read).run();
}

}  // namespace parkan::terrain
