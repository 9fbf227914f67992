// Land.map, the ArealMap: reader, writer, JSON (include/parkan/areal/areal_map.hpp,
// docs/formats/areal.md). The checker is in check.cpp.
#include "parkan/areal/areal_map.hpp"

#include <algorithm>
#include <limits>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "parkan/areal/codes.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::areal {

namespace {

constexpr std::size_t kCountSize = 4;           // a u32 count: sub-block n, grid across and down
constexpr std::size_t kCellCountSize = 2;       // a cell's u16 count
constexpr std::size_t kCellIndexSize = 2;       // a u16 areal index

Point load_point(const std::uint8_t* p) { return {load_f32(p), load_f32(p + 4), load_f32(p + 8)}; }

// One areal at `at`, advancing it (docs/formats/areal.md 2.1). Every count is weighed against the
// bytes left before anything is allocated: V = 0xFFFFFFFF in 56 hostile bytes allocates nothing.
Status read_areal(ByteView payload, std::size_t& at, std::size_t index, Areal& out) {
  const std::size_t start = at;
  if (payload.size() - start < kHeadSize)
    return invalid_rule(codes::kSizeHead, fmt::format("areal {}: {} bytes left, its head needs {}", index,
                                                      payload.size() - start, kHeadSize),
                        start);
  const std::uint8_t* head = payload.data() + start;
  out.offset = start;
  out.centre = {load_f32(head + kCentreOffset), load_f32(head + kCentreOffset + 4)};
  out.reserved = {load_f32(head + kReservedOffset), load_f32(head + kReservedOffset + 4)};
  out.area = load_f32(head + kAreaOffset);
  out.normal = load_point(head + kNormalOffset);
  for (std::size_t k = 0; k < out.flags.size(); ++k) out.flags[k] = load_u32(head + kFlagsOffset + 4 * k);
  const std::uint64_t vertices = load_u32(head + kVertexCountOffset);
  const std::uint64_t sub_blocks = load_u32(head + kSubBlockCountOffset);
  // Both counts are u32: these products stay below 2^40.
  const std::uint64_t links = vertices + kEdgeLinksPerSubBlock * sub_blocks;
  const std::uint64_t polygon_bytes = vertices * kPointSize + links * kEdgeLinkSize;
  std::size_t cursor = start + kHeadSize;
  const std::size_t left = payload.size() - cursor;
  if (polygon_bytes > left)
    return invalid_rule(codes::kSizePolygon, fmt::format("areal {}: {} vertices and {} edge links need {} bytes, {} left",
                                                         index, vertices, links, polygon_bytes, left),
                        start + kVertexCountOffset);
  // Each sub-block holds at least its u32 count.
  if (sub_blocks * kCountSize > left - polygon_bytes)
    return invalid_rule(codes::kSizeSubBlocks, fmt::format("areal {}: {} sub-blocks need at least {} bytes, {} left",
                                                           index, sub_blocks, sub_blocks * kCountSize,
                                                           left - polygon_bytes),
                        start + kSubBlockCountOffset);
  out.polygon.resize(static_cast<std::size_t>(vertices));
  for (Point& point : out.polygon) {
    point = load_point(payload.data() + cursor);
    cursor += kPointSize;
  }
  out.edges.resize(static_cast<std::size_t>(links));
  for (EdgeLink& link : out.edges) {
    link = {load_i32(payload.data() + cursor), load_i32(payload.data() + cursor + 4)};
    cursor += kEdgeLinkSize;
  }
  out.sub_blocks.resize(static_cast<std::size_t>(sub_blocks));
  for (std::size_t b = 0; b < out.sub_blocks.size(); ++b) {
    // openparkan's reading: u32 n, then n points (4 + 12n bytes). The other reading, one word more
    // (docs/formats/areal.md 3), would be: cursor += kCountSize + 4 * (3 * n + 1).
    if (payload.size() - cursor < kCountSize)
      return invalid_rule(codes::kSizeSubBlocks, fmt::format("areal {}: the payload ends before sub-block {}'s count",
                                                             index, b),
                          cursor);
    const std::uint64_t points = load_u32(payload.data() + cursor);
    const std::size_t points_left = payload.size() - cursor - kCountSize;
    if (points * kPointSize > points_left)
      return invalid_rule(codes::kSizeSubBlocks, fmt::format("areal {}: sub-block {} of {} points needs {} bytes, {} left",
                                                             index, b, points, points * kPointSize, points_left),
                          cursor);
    cursor += kCountSize;
    out.sub_blocks[b].points.resize(static_cast<std::size_t>(points));
    for (Point& point : out.sub_blocks[b].points) {
      point = load_point(payload.data() + cursor);
      cursor += kPointSize;
    }
  }
  out.raw = payload.subspan(start, cursor - start);
  at = cursor;
  return {};
}

// The grid after the areals (docs/formats/areal.md 2.2): u32 across, u32 down, then x outer, y inner,
// u16 count and count u16 areal indices per cell.
Status read_grid(ByteView payload, std::size_t& at, Grid& out) {
  out.offset = at;
  if (payload.size() - at < 2 * kCountSize)
    return invalid_rule(codes::kSizeGrid, fmt::format("{} bytes left after the areals: the grid's size needs {}",
                                                      payload.size() - at, 2 * kCountSize),
                        at);
  out.across = load_u32(payload.data() + at);
  out.down = load_u32(payload.data() + at + kCountSize);
  std::size_t cursor = at + 2 * kCountSize;
  // Every cell holds at least its u16 count: weighed before the cell list is allocated.
  const std::uint64_t cells = std::uint64_t{out.across} * out.down;
  const std::size_t left = payload.size() - cursor;
  if (cells > left / kCellCountSize)
    return invalid_rule(codes::kSizeGrid, fmt::format("a {} x {} grid needs at least {} bytes, {} left", out.across,
                                                      out.down, cells * kCellCountSize, left),
                        at);
  out.cells.resize(static_cast<std::size_t>(cells));
  for (std::size_t c = 0; c < out.cells.size(); ++c) {
    if (payload.size() - cursor < kCellCountSize)
      return invalid_rule(codes::kSizeGrid, fmt::format("the payload ends before cell {}'s count", c), cursor);
    const std::size_t count = load_u16(payload.data() + cursor);
    const std::size_t indices_left = payload.size() - cursor - kCellCountSize;
    if (count * kCellIndexSize > indices_left)
      return invalid_rule(codes::kSizeGrid, fmt::format("cell {} lists {} areals: {} bytes, {} left", c, count,
                                                        count * kCellIndexSize, indices_left),
                          cursor);
    cursor += kCellCountSize;
    std::vector<std::uint16_t>& cell = out.cells[c];
    cell.resize(count);
    for (std::uint16_t& index : cell) {
      index = load_u16(payload.data() + cursor);
      cursor += kCellIndexSize;
    }
  }
  at = cursor;
  return {};
}

void put_point(ByteWriter& out, const Point& point) {
  for (float v : point) out.f32(v);
}

}  // namespace

double signed_area(const std::vector<Point>& polygon) {
  double twice = 0;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const Point& a = polygon[i];
    const Point& b = polygon[(i + 1) % polygon.size()];
    twice += double(a[0]) * double(b[1]) - double(b[0]) * double(a[1]);
  }
  return twice / 2;
}

Result<ArealMap> read_areal_payload(ByteView payload, std::uint32_t areal_count) {
  ArealMap map;
  // Every areal holds at least its head: never reserve more than the bytes can hold.
  map.areals.reserve(std::min<std::size_t>(areal_count, payload.size() / kHeadSize));
  std::size_t at = 0;
  for (std::size_t i = 0; i < areal_count; ++i) {
    Areal areal;
    PARKAN_TRY(read_areal(payload, at, i, areal));
    map.areals.push_back(std::move(areal));
  }
  PARKAN_TRY(read_grid(payload, at, map.grid));
  if (at != payload.size())
    return invalid_rule(codes::kSizeExtra, fmt::format("{} bytes after the grid: the engine reads the payload exactly "
                                                       "(\"Incorrect ArealMap\")",
                                                       payload.size() - at),
                        at);
  return map;
}

Result<ArealMap> read_areal_map(ByteView file) {
  PARKAN_ASSIGN(nres::Archive archive, nres::read(file));
  if (archive.entries.size() != 1)
    return invalid_rule(codes::kEntryCount, fmt::format("{} entries: a Land.map holds one, the ArealMap",
                                                        archive.entries.size()),
                        8);  // the header's entry count
  const nres::Entry& entry = archive.entries[0];
  if (entry.type_id != kArealMapTypeId)
    return invalid_rule(codes::kEntryType, fmt::format("the entry's type is {}, not {}", entry.type_id,
                                                       kArealMapTypeId),
                        archive.directory_offset());
  Result<ArealMap> map = read_areal_payload(archive.payload(0), entry.attr1);
  if (!map) return Error(std::move(map).error().shifted(entry.data_offset));
  map->file = file;
  map->entry_index = 0;
  map->payload_offset = entry.data_offset;
  return map;
}

Result<ByteBuffer> write_areal_payload(const ArealMap& map) {
  ByteWriter out;
  for (std::size_t i = 0; i < map.areals.size(); ++i) {
    const Areal& a = map.areals[i];
    const std::size_t links = a.polygon.size() + kEdgeLinksPerSubBlock * a.sub_blocks.size();
    if (a.edges.size() != links)
      return invalid_rule(codes::kWriteEdges, fmt::format("areal {}: {} edge links; {} vertices and {} sub-blocks "
                                                          "need {}",
                                                          i, a.edges.size(), a.polygon.size(), a.sub_blocks.size(),
                                                          links));
    for (float v : a.centre) out.f32(v);
    for (float v : a.reserved) out.f32(v);
    out.f32(a.area);
    put_point(out, a.normal);
    for (std::uint32_t f : a.flags) out.u32(f);
    out.u32(static_cast<std::uint32_t>(a.polygon.size()));
    out.u32(static_cast<std::uint32_t>(a.sub_blocks.size()));
    for (const Point& point : a.polygon) put_point(out, point);
    for (const EdgeLink& link : a.edges) {
      out.i32(link.neighbour);
      out.i32(link.twin);
    }
    for (const SubBlock& block : a.sub_blocks) {
      out.u32(static_cast<std::uint32_t>(block.points.size()));
      for (const Point& point : block.points) put_point(out, point);
    }
  }
  const Grid& grid = map.grid;
  if (grid.cells.size() != std::uint64_t{grid.across} * grid.down)
    return invalid_rule(codes::kWriteGrid, fmt::format("{} cells for a {} x {} grid", grid.cells.size(), grid.across,
                                                       grid.down));
  out.u32(grid.across);
  out.u32(grid.down);
  for (std::size_t c = 0; c < grid.cells.size(); ++c) {
    const std::vector<std::uint16_t>& cell = grid.cells[c];
    if (cell.size() > std::numeric_limits<std::uint16_t>::max())
      return invalid_rule(codes::kWriteCell, fmt::format("cell {} lists {} areals; its u16 count holds 65535", c,
                                                         cell.size()));
    out.u16(static_cast<std::uint16_t>(cell.size()));
    for (std::uint16_t index : cell) out.u16(index);
  }
  return out.take();
}

Result<ByteBuffer> write_areal_map(const ArealMap& map) {
  PARKAN_ASSIGN(ByteBuffer payload, write_areal_payload(map));
  const auto count = static_cast<std::uint32_t>(map.areals.size());
  if (map.file.empty()) {
    const nres::EntrySpec spec{kArealMapTypeId, count, 0, 0, std::string(kArealMapEntryName), payload};
    return nres::build(std::span(&spec, 1));
  }
  // Only the payload and attr1 change; the container is written back as it was (nres lossless editor).
  PARKAN_ASSIGN(nres::Archive archive, nres::read(map.file));
  nres::Document document = nres::make_document(archive);
  PARKAN_TRY(nres::replace_payload(document, map.entry_index, payload));
  document.entries[map.entry_index].attr1 = count;
  return nres::write_lossless(document);
}

nlohmann::json areal_map_json(const ArealMap& map) {
  std::map<std::size_t, std::size_t> vertex_counts;
  std::map<std::array<std::uint32_t, 4>, std::size_t> flags;
  std::size_t lakes = 0, sub_blocks = 0;
  bool any_point = false;
  std::array<float, 2> low{}, high{};
  for (const Areal& a : map.areals) {
    ++vertex_counts[a.polygon.size()];
    ++flags[a.flags];
    lakes += a.is_lake() ? 1 : 0;
    sub_blocks += a.sub_blocks.size();
    for (const Point& p : a.polygon) {
      for (std::size_t k = 0; k < 2; ++k) {
        low[k] = any_point ? std::min(low[k], p[k]) : p[k];
        high[k] = any_point ? std::max(high[k], p[k]) : p[k];
      }
      any_point = true;
    }
  }
  nlohmann::json vertex_json = nlohmann::json::object();
  for (const auto& [vertices, count] : vertex_counts) vertex_json[std::to_string(vertices)] = count;
  nlohmann::json flags_json = nlohmann::json::array();
  for (const auto& [words, count] : flags) flags_json.push_back({{"flags", words}, {"count", count}});
  std::size_t max_per_cell = 0, references = 0;
  for (const auto& cell : map.grid.cells) {
    max_per_cell = std::max(max_per_cell, cell.size());
    references += cell.size();
  }
  nlohmann::json extent = nullptr;
  if (any_point) extent = {{"min", low}, {"max", high}};
  return {{"areals", map.areals.size()},
          {"vertex_counts", std::move(vertex_json)},
          {"sub_blocks", sub_blocks},
          {"lakes", lakes},
          {"grid",
           {{"across", map.grid.across},
            {"down", map.grid.down},
            {"max_per_cell", max_per_cell},
            {"references", references}}},
          {"extent", std::move(extent)},
          {"flags", std::move(flags_json)}};
}

}  // namespace parkan::areal
