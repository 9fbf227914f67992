// Land.map, the ArealMap: the checker (include/parkan/areal/areal_map.hpp, docs/formats/areal.md 4).
#include <cmath>

#include <fmt/format.h>

#include "parkan/areal/areal_map.hpp"
#include "parkan/areal/codes.hpp"
#include "parkan/core/finding_sink.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::areal {

namespace {

constexpr std::size_t kNresNameOffset = 0x14;  // of a directory row (docs/formats/nres.md 3)

std::size_t link_offset(const Areal& areal, std::size_t edge) {
  return areal.offset + kHeadSize + areal.polygon.size() * kPointSize + edge * kEdgeLinkSize;
}

// The links of a polygon's edges (the first V): the neighbour exists, the twin is one of its edges,
// and the neighbour's link at the twin points back (docs/formats/areal.md 4.2).
void check_edges(const ArealMap& map, std::size_t index, std::uint64_t base, FindingSink& sink) {
  const Areal& areal = map.areals[index];
  for (std::size_t edge = 0; edge < areal.polygon.size() && edge < areal.edges.size(); ++edge) {
    const EdgeLink& link = areal.edges[edge];
    const std::uint64_t at = base + link_offset(areal, edge);
    if (link.neighbour == kNoNeighbour) {
      if (link.twin != kNoNeighbour)
        sink.add(Severity::warning, codes::kEdgeBoundary, at,
                 fmt::format("areal {} edge {}: no neighbour, but twin {} (a boundary edge is -1, -1)", index, edge,
                             link.twin));
      continue;
    }
    if (link.neighbour < 0 || std::size_t(link.neighbour) >= map.areals.size()) {
      sink.add(Severity::error, codes::kEdgeNeighbour, at,
               fmt::format("areal {} edge {}: neighbour {} is neither -1 nor one of the {} areals", index, edge,
                           link.neighbour, map.areals.size()));
      continue;
    }
    const Areal& neighbour = map.areals[std::size_t(link.neighbour)];
    if (link.twin < 0 || std::size_t(link.twin) >= neighbour.polygon.size()) {
      sink.add(Severity::error, codes::kEdgeTwin, at + 4,
               fmt::format("areal {} edge {}: twin {} is not an edge of areal {} ({} vertices)", index, edge, link.twin,
                           link.neighbour, neighbour.polygon.size()));
      continue;
    }
    const EdgeLink& back = neighbour.edges[std::size_t(link.twin)];
    if (back.neighbour != std::int32_t(index) || back.twin != std::int32_t(edge))
      sink.add(Severity::error, codes::kEdgeMutual, at,
               fmt::format("areal {} edge {} links areal {} edge {}, which links areal {} edge {} back", index, edge,
                           link.neighbour, link.twin, back.neighbour, back.twin));
  }
}

void check_areal(const ArealMap& map, std::size_t index, std::uint64_t base, FindingSink& sink) {
  const Areal& a = map.areals[index];
  const std::uint64_t at = base + a.offset;
  const std::size_t vertices = a.polygon.size();
  if (vertices < kRetailMinVertices || vertices > kRetailMaxVertices)
    sink.add(Severity::warning, codes::kArealVertexCount, at + kVertexCountOffset,
             fmt::format("areal {}: {} vertices; retail areals have {} to {}", index, vertices, kRetailMinVertices,
                         kRetailMaxVertices));
  if (!a.sub_blocks.empty())
    sink.add(Severity::warning, codes::kArealSubBlocks, at + kSubBlockCountOffset,
             fmt::format("areal {}: {} sub-blocks; no retail map has any, their layout is unverified", index,
                         a.sub_blocks.size()));
  const bool normal_up = std::fabs(a.normal[0]) <= kNormalTolerance && std::fabs(a.normal[1]) <= kNormalTolerance &&
                         std::fabs(a.normal[2] - 1.0f) <= kNormalTolerance;
  if (!normal_up)
    sink.add(Severity::warning, codes::kArealNormal, at + kNormalOffset,
             fmt::format("areal {}: normal ({}, {}, {}), not (0, 0, 1)", index, a.normal[0], a.normal[1], a.normal[2]));
  const double oriented = signed_area(a.polygon);
  const double computed = std::fabs(oriented);
  // Written so that a NaN area fails it.
  if (!(std::fabs(double(a.area) - computed) <= kAreaTolerance * computed))
    sink.add(Severity::warning, codes::kArealArea, at + kAreaOffset,
             fmt::format("areal {}: stored area {} is not within 2 % of the polygon's {}", index, a.area, computed));
  if (vertices >= kRetailMinVertices && oriented < 0)
    sink.add(Severity::warning, codes::kArealWinding, at + kHeadSize,
             fmt::format("areal {}: the polygon runs clockwise (signed area {})", index, oriented));
  check_edges(map, index, base, sink);
}

void check_grid(const ArealMap& map, std::uint64_t base, FindingSink& sink) {
  const Grid& grid = map.grid;
  if (grid.across == 0 || grid.down == 0)
    sink.add(Severity::error, codes::kGridEmpty, base + grid.offset,
             fmt::format("a {} x {} grid: the engine refuses empty cells (\"ArealMap Cells are empty\")", grid.across,
                         grid.down));
  std::uint64_t at = base + grid.offset + 8;  // after across and down
  std::size_t pool = 0;
  for (std::size_t c = 0; c < grid.cells.size(); ++c) {
    const auto& cell = grid.cells[c];
    const std::size_t x = grid.down ? c / grid.down : 0, y = grid.down ? c % grid.down : 0;
    if (cell.size() > kMaxArealsPerCell)
      sink.add(Severity::error, codes::kGridCellCount, at,
               fmt::format("cell ({}, {}) lists {} areals; the engine packs a cell's count in 10 bits ({} at most)", x,
                           y, cell.size(), kMaxArealsPerCell));
    for (std::size_t k = 0; k < cell.size(); ++k)
      if (cell[k] >= map.areals.size())
        sink.add(Severity::error, codes::kGridIndex, at + 2 + 2 * k,
                 fmt::format("cell ({}, {}) lists areal {}; there are {}", x, y, cell[k], map.areals.size()));
    pool += cell.size();
    at += 2 + 2 * cell.size();
  }
  if (pool > kMaxGridPool)
    sink.add(Severity::error, codes::kGridPool, base + grid.offset,
             fmt::format("the cells list {} areals in all; the engine's 22-bit cell start reaches {}", pool,
                         kMaxGridPool));
}

std::vector<Diagnostic> check_read(const ArealMap& map, std::uint64_t base, FindingSink& sink) {
  for (std::size_t i = 0; i < map.areals.size(); ++i) check_areal(map, i, base, sink);
  check_grid(map, base, sink);
  return sink.take();
}

}  // namespace

std::vector<Diagnostic> check_areal_payload(ByteView payload, std::uint32_t areal_count) {
  Result<ArealMap> map = read_areal_payload(payload, areal_count);
  if (!map) return {to_diagnostic(map.error(), codes::kSizeExtra)};
  FindingSink sink(codes::kFindingsTruncated);
  return check_read(*map, 0, sink);
}

std::vector<Diagnostic> check_areal_map(ByteView file) {
  Result<ArealMap> map = read_areal_map(file);
  if (!map) return {to_diagnostic(map.error(), codes::kSizeExtra)};
  FindingSink sink(codes::kFindingsTruncated);
  // The engine finds the entry by its type; the name is what every retail map carries. The archive
  // reads: read_areal_map has just read it.
  Result<nres::Archive> archive = nres::read(file);
  const nres::Entry& entry = archive->entries[map->entry_index];
  if (entry.name() != kArealMapEntryName)
    sink.add(Severity::warning, codes::kEntryName, archive->directory_offset() + kNresNameOffset,
             fmt::format("the entry is named \"{}\", not \"{}\"", entry.name(), kArealMapEntryName));
  return check_read(*map, map->payload_offset, sink);
}

}  // namespace parkan::areal
