// Land.map, the ArealMap (docs/formats/areal.md): files built here byte by byte from the layout of
// docs/formats/areal.md 2 (the world specification's section 2) and the NRes layout of
// docs/formats/nres.md 2-3 (not by parkan's writers), read, checked rule by rule, written back byte for byte.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <rapidcheck/gtest.h>

#include "parkan/areal/areal_map.hpp"
#include "parkan/areal/codes.hpp"

namespace parkan::areal {
namespace {

void put32(ByteBuffer& b, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) b.push_back(std::uint8_t(v >> (8 * k)));
}
void put16(ByteBuffer& b, std::uint16_t v) {
  b.push_back(std::uint8_t(v));
  b.push_back(std::uint8_t(v >> 8));
}
void putf(ByteBuffer& b, float v) {
  std::uint32_t bits;
  std::memcpy(&bits, &v, 4);
  put32(b, bits);
}
void patch32(ByteBuffer& b, std::size_t at, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) b[at + std::size_t(k)] = std::uint8_t(v >> (8 * k));
}

// One areal as docs/formats/areal.md 2.1 lays it out: the 0x38-byte head, V points, V + 3B links, B sub-blocks.
struct ArealSpec {
  float cx = 0, cy = 0, area = 0;
  float nx = 0, ny = 0, nz = 1;
  std::array<std::uint32_t, 4> flags{1, 0, 1, 0};
  std::vector<std::array<float, 2>> polygon;            // z = 0
  std::vector<std::pair<std::int32_t, std::int32_t>> links;
  std::vector<std::uint32_t> sub_block_points;          // n of each sub-block (points are (k, k, k))
  std::uint32_t vertex_count_override = 0;              // when non-zero, stored instead of V
};

struct GridSpec {
  std::uint32_t across = 2, down = 2;
  std::vector<std::vector<std::uint16_t>> cells;  // x outer, y inner
};

ByteBuffer payload_of(const std::vector<ArealSpec>& areals, const GridSpec& grid) {
  ByteBuffer b;
  for (const ArealSpec& a : areals) {
    putf(b, a.cx), putf(b, a.cy), putf(b, 0), putf(b, 0), putf(b, a.area);
    putf(b, a.nx), putf(b, a.ny), putf(b, a.nz);
    for (std::uint32_t f : a.flags) put32(b, f);
    put32(b, a.vertex_count_override ? a.vertex_count_override : std::uint32_t(a.polygon.size()));
    put32(b, std::uint32_t(a.sub_block_points.size()));
    for (const auto& p : a.polygon) putf(b, p[0]), putf(b, p[1]), putf(b, 0);
    for (const auto& [neighbour, twin] : a.links) put32(b, std::uint32_t(neighbour)), put32(b, std::uint32_t(twin));
    for (std::uint32_t n : a.sub_block_points) {
      put32(b, n);
      for (std::uint32_t k = 0; k < n; ++k) putf(b, float(k)), putf(b, float(k)), putf(b, float(k));
    }
  }
  put32(b, grid.across);
  put32(b, grid.down);
  for (const auto& cell : grid.cells) {
    put16(b, std::uint16_t(cell.size()));
    for (std::uint16_t index : cell) put16(b, index);
  }
  return b;
}

struct EntrySpecByHand {
  std::uint32_t type_id = 12;
  std::uint32_t attr1 = 0;
  std::string name = "ArealMap";
  ByteBuffer payload;
};

// An NRes (docs/formats/nres.md 2-3): header, payloads from 16 padded to 8, the 64-byte rows; names given in
// sorted order, so that row i's sort index is i.
ByteBuffer nres_of(const std::vector<EntrySpecByHand>& entries) {
  ByteBuffer b = {'N', 'R', 'e', 's'};
  put32(b, 0x100);
  put32(b, std::uint32_t(entries.size()));
  put32(b, 0);  // total size, patched below
  std::vector<std::uint32_t> offsets;
  for (const EntrySpecByHand& e : entries) {
    offsets.push_back(std::uint32_t(b.size()));
    b.insert(b.end(), e.payload.begin(), e.payload.end());
    while (b.size() % 8) b.push_back(0);
  }
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const EntrySpecByHand& e = entries[i];
    put32(b, e.type_id), put32(b, e.attr1), put32(b, 0), put32(b, std::uint32_t(e.payload.size())), put32(b, 0);
    std::array<std::uint8_t, 36> name{};
    std::memcpy(name.data(), e.name.data(), e.name.size());
    b.insert(b.end(), name.begin(), name.end());
    put32(b, offsets[i]), put32(b, std::uint32_t(i));
  }
  patch32(b, 12, std::uint32_t(b.size()));
  return b;
}

ByteBuffer land_map(const std::vector<ArealSpec>& areals, const GridSpec& grid, std::uint32_t count) {
  return nres_of({{12, count, "ArealMap", payload_of(areals, grid)}});
}

// The 4 x 4 square tiled by a quad (left half) and two triangles (right half, split along
// (2,0)-(4,4)); edge i runs from vertex i to i + 1. Shared edges: quad 1 = triangle B 2,
// triangle A 2 = triangle B 0. Triangle B is a lake.
ArealSpec areal_at(float cx, float cy, float area) {
  ArealSpec a;
  a.cx = cx, a.cy = cy, a.area = area;
  return a;
}

std::vector<ArealSpec> tiling() {
  ArealSpec quad = areal_at(1, 2, 8);
  quad.polygon = {{0, 0}, {2, 0}, {2, 4}, {0, 4}};
  quad.links = {{-1, -1}, {2, 2}, {-1, -1}, {-1, -1}};
  ArealSpec a = areal_at(10.f / 3, 4.f / 3, 4);
  a.polygon = {{2, 0}, {4, 0}, {4, 4}};
  a.links = {{-1, -1}, {-1, -1}, {2, 0}};
  ArealSpec b = areal_at(8.f / 3, 8.f / 3, 4);
  b.flags = {0, 0, 0xF1, 0};
  b.polygon = {{2, 0}, {4, 4}, {2, 4}};
  b.links = {{1, 2}, {-1, -1}, {0, 1}};
  return {quad, a, b};
}
GridSpec tiling_grid() { return {2, 2, {{0}, {0}, {1, 2}, {1, 2}}}; }

// Where things are in the file: payload at 16; areals at 0, 136, 252; grid at 368; payload 396
// bytes padded to 400; the directory row at 416.
constexpr std::size_t kPayload = 16, kQuad = 0, kTriangleA = 136, kTriangleB = 252, kGrid = 368, kRow = 416;

ByteBuffer good_map() { return land_map(tiling(), tiling_grid(), 3); }

std::vector<std::pair<std::string, std::uint64_t>> findings(const ByteBuffer& file) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  for (const Diagnostic& d : check_areal_map(file)) out.push_back({d.code, d.location.offset.value_or(~0ull)});
  return out;
}
using Found = std::vector<std::pair<std::string, std::uint64_t>>;

Error read_error(const ByteBuffer& file) {
  auto map = read_areal_map(file);
  EXPECT_FALSE(map.ok());
  return map ? Error{} : map.error();
}

TEST(ArealMap, TheHandBuiltFileHasTheDocumentedLayout) {
  const ByteBuffer file = good_map();
  EXPECT_EQ(file.size(), 480u);
  EXPECT_EQ(payload_of(tiling(), tiling_grid()).size(), 396u);
  EXPECT_EQ(file[kRow], 12);
}

TEST(ArealMap, ReadsEveryField) {
  const ByteBuffer file = good_map();
  const ArealMap map = read_areal_map(file).value();
  EXPECT_EQ(map.payload_offset, kPayload);
  ASSERT_EQ(map.areals.size(), 3u);
  const Areal& quad = map.areals[0];
  EXPECT_EQ(quad.centre, (std::array<float, 2>{1, 2}));
  EXPECT_EQ(quad.reserved, (std::array<float, 2>{0, 0}));
  EXPECT_EQ(quad.area, 8.0f);
  EXPECT_EQ(quad.normal, (Point{0, 0, 1}));
  EXPECT_EQ(quad.flags, (std::array<std::uint32_t, 4>{1, 0, 1, 0}));
  EXPECT_EQ(quad.polygon, (std::vector<Point>{{0, 0, 0}, {2, 0, 0}, {2, 4, 0}, {0, 4, 0}}));
  EXPECT_EQ(quad.edges, (std::vector<EdgeLink>{{-1, -1}, {2, 2}, {-1, -1}, {-1, -1}}));
  EXPECT_TRUE(quad.sub_blocks.empty());
  EXPECT_EQ(quad.offset, kQuad);
  EXPECT_EQ(quad.raw.size(), 136u);
  EXPECT_EQ(quad.raw.data(), file.data() + kPayload + kQuad);
  EXPECT_FALSE(quad.is_lake());
  EXPECT_EQ(map.areals[1].offset, kTriangleA);
  EXPECT_EQ(map.areals[1].centre[0], 10.f / 3);
  EXPECT_EQ(map.areals[2].offset, kTriangleB);
  EXPECT_EQ(map.areals[2].edges, (std::vector<EdgeLink>{{1, 2}, {-1, -1}, {0, 1}}));
  EXPECT_TRUE(map.areals[2].is_lake());
  EXPECT_EQ(map.grid.across, 2u);
  EXPECT_EQ(map.grid.down, 2u);
  EXPECT_EQ(map.grid.offset, kGrid);
  EXPECT_EQ(map.grid.cells, (std::vector<std::vector<std::uint16_t>>{{0}, {0}, {1, 2}, {1, 2}}));
  EXPECT_EQ(signed_area(quad.polygon), 8.0);
  EXPECT_TRUE(check_areal_map(file).empty());
}

TEST(ArealMap, ThePayloadAloneReadsWithItsCount) {
  const ByteBuffer payload = payload_of(tiling(), tiling_grid());
  const ArealMap map = read_areal_payload(payload, 3).value();
  EXPECT_EQ(map.areals.size(), 3u);
  EXPECT_TRUE(map.file.empty());
  EXPECT_EQ(write_areal_payload(map).value(), payload);
  EXPECT_TRUE(check_areal_payload(payload, 3).empty());
  // A fresh NRes around it is the canonical one built by hand.
  EXPECT_EQ(write_areal_map(map).value(), good_map());
}

TEST(ArealMap, WritesBackByteForByteAndRecountsEdits) {
  ByteBuffer padded = good_map();
  padded[kPayload + 396] = 0xAB;  // non-zero padding, kept by the lossless container writer
  EXPECT_EQ(write_areal_map(read_areal_map(padded).value()).value(), padded);
  const ByteBuffer file = good_map();
  ArealMap map = read_areal_map(file).value();
  EXPECT_EQ(write_areal_map(map).value(), file);
  // An edited field is written from the field.
  map.areals[0].flags[0] = 7;
  std::vector<ArealSpec> edited = tiling();
  edited[0].flags[0] = 7;
  EXPECT_EQ(write_areal_map(map).value(), land_map(edited, tiling_grid(), 3));
  // One areal fewer: attr1 follows the areal count.
  map.areals.pop_back();
  map.grid.cells = {{0}, {0}, {1}, {1}};
  const ByteBuffer shorter = write_areal_map(map).value();
  std::vector<ArealSpec> two(edited.begin(), edited.begin() + 2);
  EXPECT_EQ(shorter, land_map(two, {2, 2, {{0}, {0}, {1}, {1}}}, 2));
  EXPECT_EQ(read_areal_map(shorter).value().areals.size(), 2u);
}

TEST(ArealMap, WriterRefusesFieldsItCannotStore) {
  ArealMap map = read_areal_map(good_map()).value();
  map.areals[1].edges.pop_back();
  auto written = write_areal_map(map);
  EXPECT_EQ(written.error().rule, codes::kWriteEdges);
  EXPECT_EQ(written.error().message, "areal 1: 2 edge links; 3 vertices and 0 sub-blocks need 3");
  map = read_areal_map(good_map()).value();
  map.grid.across = 3;
  EXPECT_EQ(write_areal_map(map).error().rule, codes::kWriteGrid);
  map = read_areal_map(good_map()).value();
  map.grid.cells[0].assign(65536, 0);
  EXPECT_EQ(write_areal_map(map).error().rule, codes::kWriteCell);
}

// ---- the rules that stop the read -----------------------------------------------------------------

TEST(ArealMap, NotAnNResIsTheContainersError) {
  EXPECT_EQ(read_error(ByteBuffer{'N', 'R'}).rule, "nres.header.size");
  EXPECT_EQ(findings(ByteBuffer{'N', 'R'}), (Found{{"nres.header.size", 0}}));
}

TEST(ArealMap, OneEntry) {
  const ByteBuffer file =
      nres_of({{12, 3, "ArealMap", payload_of(tiling(), tiling_grid())}, {12, 0, "Extra", ByteBuffer(8, 0)}});
  const Error error = read_error(file);
  EXPECT_EQ(error.rule, codes::kEntryCount);
  EXPECT_EQ(error.offset, 8u);
  EXPECT_EQ(error.message, "2 entries: a Land.map holds one, the ArealMap");
  EXPECT_EQ(findings(file), (Found{{codes::kEntryCount, 8}}));
}

TEST(ArealMap, EntryOfType12) {
  const ByteBuffer file = nres_of({{11, 3, "ArealMap", payload_of(tiling(), tiling_grid())}});
  const Error error = read_error(file);
  EXPECT_EQ(error.rule, codes::kEntryType);
  EXPECT_EQ(error.offset, kRow);
  EXPECT_EQ(error.message, "the entry's type is 11, not 12");
}

TEST(ArealMap, AHeadPastTheEnd) {
  // attr1 says 4: the fourth areal would start at the grid, 28 bytes before the end.
  const Error error = read_error(land_map(tiling(), tiling_grid(), 4));
  EXPECT_EQ(error.rule, codes::kSizeHead);
  EXPECT_EQ(error.offset, kPayload + kGrid);
  EXPECT_EQ(error.message, "areal 3: 28 bytes left, its head needs 56");
}

TEST(ArealMap, AHostileVertexCountAllocatesNothing) {
  std::vector<ArealSpec> areals = tiling();
  areals[0].vertex_count_override = 0xFFFFFFFF;
  const ByteBuffer file = land_map(areals, tiling_grid(), 3);
  const Error error = read_error(file);
  EXPECT_EQ(error.rule, codes::kSizePolygon);
  EXPECT_EQ(error.offset, kPayload + kQuad + 0x30);
  EXPECT_EQ(error.message, "areal 0: 4294967295 vertices and 4294967295 edge links need 85899345900 bytes, 340 left");
  EXPECT_EQ(findings(file), (Found{{codes::kSizePolygon, kPayload + 0x30}}));
}

TEST(ArealMap, ASubBlockPastTheEnd) {
  std::vector<ArealSpec> areals = tiling();
  areals[1].sub_block_points = {0};
  areals[1].links.insert(areals[1].links.end(), 3, {-1, -1});
  ByteBuffer payload = payload_of(areals, tiling_grid());
  // The block's count sits after the head, 3 points and 6 links: it claims 2^30 points, 8 bytes follow.
  const std::size_t count_at = kTriangleA + 56 + 36 + 48;
  patch32(payload, count_at, 0x40000000);
  payload.resize(count_at + 4 + 8);
  const Error error = read_error(nres_of({{12, 3, "ArealMap", payload}}));
  EXPECT_EQ(error.rule, codes::kSizeSubBlocks);
  EXPECT_EQ(error.offset, kPayload + count_at);
  EXPECT_EQ(error.message, "areal 1: sub-block 0 of 1073741824 points needs 12884901888 bytes, 8 left");
}

TEST(ArealMap, AGridPastTheEnd) {
  const Error error = read_error(land_map(tiling(), {0xFFFF, 0xFFFF, {}}, 3));
  EXPECT_EQ(error.rule, codes::kSizeGrid);
  EXPECT_EQ(error.offset, kPayload + kGrid);
  EXPECT_EQ(error.message, "a 65535 x 65535 grid needs at least 8589672450 bytes, 0 left");
  // A cell whose list runs past the end: the third cell claims 9 areals.
  ByteBuffer payload = payload_of(tiling(), tiling_grid());
  payload[kGrid + 16] = 9;
  const Error cell = read_error(nres_of({{12, 3, "ArealMap", payload}}));
  EXPECT_EQ(cell.rule, codes::kSizeGrid);
  EXPECT_EQ(cell.offset, kPayload + kGrid + 16);
  EXPECT_EQ(cell.message, "cell 2 lists 9 areals: 18 bytes, 10 left");
}

TEST(ArealMap, ExactConsumption) {
  ByteBuffer payload = payload_of(tiling(), tiling_grid());
  payload.push_back(0);
  payload.push_back(0);
  const Error error = read_error(nres_of({{12, 3, "ArealMap", payload}}));
  EXPECT_EQ(error.rule, codes::kSizeExtra);
  EXPECT_EQ(error.offset, kPayload + 396);
  EXPECT_EQ(error.message, "2 bytes after the grid: the engine reads the payload exactly (\"Incorrect ArealMap\")");
}

// ---- the rules of a map that reads ----------------------------------------------------------------

std::size_t link_at(std::size_t areal, std::size_t vertices, std::size_t edge) {
  return kPayload + areal + 56 + 12 * vertices + 8 * edge;
}

TEST(ArealMap, EntryName) {
  const ByteBuffer file = nres_of({{12, 3, "Areals", payload_of(tiling(), tiling_grid())}});
  EXPECT_EQ(findings(file), (Found{{codes::kEntryName, kRow + 0x14}}));
  EXPECT_EQ(check_areal_map(file)[0].severity, Severity::warning);
  EXPECT_EQ(check_areal_map(file)[0].message, "the entry is named \"Areals\", not \"ArealMap\"");
}

TEST(ArealMap, GridEmpty) {
  EXPECT_EQ(findings(land_map(tiling(), {0, 0, {}}, 3)), (Found{{codes::kGridEmpty, kPayload + kGrid}}));
}

TEST(ArealMap, GridIndexBelowTheAreaCount) {
  GridSpec grid = tiling_grid();
  grid.cells[3] = {1, 3};
  const ByteBuffer file = land_map(tiling(), grid, 3);
  // Cells from grid + 8: 4, 4, 6 bytes; the fourth cell's count, then its indices.
  EXPECT_EQ(findings(file), (Found{{codes::kGridIndex, kPayload + kGrid + 8 + 14 + 2 + 2}}));
  EXPECT_EQ(check_areal_map(file)[0].message, "cell (1, 1) lists areal 3; there are 3");
}

TEST(ArealMap, AtMost1023ArealsPerCell) {
  GridSpec grid = tiling_grid();
  grid.cells[0].assign(1024, 0);
  const std::vector<Diagnostic> found = check_areal_map(land_map(tiling(), grid, 3));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, codes::kGridCellCount);
  EXPECT_EQ(found[0].severity, Severity::error);
  EXPECT_EQ(found[0].location.offset, kPayload + kGrid + 8);
  EXPECT_EQ(found[0].message, "cell (0, 0) lists 1024 areals; the engine packs a cell's count in 10 bits (1023 at most)");
  grid.cells[0].assign(1023, 0);
  EXPECT_TRUE(check_areal_map(land_map(tiling(), grid, 3)).empty());
}

TEST(ArealMap, TheCellPoolFitsTheEngines22Bits) {
  // 65 x 64 cells of 1009 references each: 4,197,440 > 2^22 - 1.
  GridSpec grid{65, 64, std::vector<std::vector<std::uint16_t>>(65 * 64, std::vector<std::uint16_t>(1009, 0))};
  EXPECT_EQ(findings(land_map(tiling(), grid, 3)), (Found{{codes::kGridPool, kPayload + kGrid}}));
}

TEST(ArealMap, NeighbourIsAnAreal) {
  std::vector<ArealSpec> areals = tiling();
  areals[0].links[1] = {5, 2};
  // Triangle B's edge 2 still names the quad's edge 1, which no longer points back.
  EXPECT_EQ(findings(land_map(areals, tiling_grid(), 3)),
            (Found{{codes::kEdgeNeighbour, link_at(kQuad, 4, 1)}, {codes::kEdgeMutual, link_at(kTriangleB, 3, 2)}}));
}

TEST(ArealMap, TwinIsAnEdgeOfTheNeighbour) {
  std::vector<ArealSpec> areals = tiling();
  areals[0].links[1] = {2, 3};  // triangle B has 3 edges
  const ByteBuffer file = land_map(areals, tiling_grid(), 3);
  EXPECT_EQ(findings(file),
            (Found{{codes::kEdgeTwin, link_at(kQuad, 4, 1) + 4}, {codes::kEdgeMutual, link_at(kTriangleB, 3, 2)}}));
  EXPECT_EQ(check_areal_map(file)[0].message, "areal 0 edge 1: twin 3 is not an edge of areal 2 (3 vertices)");
}

TEST(ArealMap, EdgesAreMutual) {
  std::vector<ArealSpec> areals = tiling();
  areals[1].links[2] = {2, 1};  // triangle B's edge 1 is a boundary
  const ByteBuffer file = land_map(areals, tiling_grid(), 3);
  EXPECT_EQ(findings(file),
            (Found{{codes::kEdgeMutual, link_at(kTriangleA, 3, 2)}, {codes::kEdgeMutual, link_at(kTriangleB, 3, 0)}}));
  EXPECT_EQ(check_areal_map(file)[0].message, "areal 1 edge 2 links areal 2 edge 1, which links areal -1 edge -1 back");
}

TEST(ArealMap, ABoundaryEdgeHasNoTwin) {
  std::vector<ArealSpec> areals = tiling();
  areals[0].links[0] = {-1, 0};
  const std::vector<Diagnostic> found = check_areal_map(land_map(areals, tiling_grid(), 3));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, codes::kEdgeBoundary);
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_EQ(found[0].location.offset, link_at(kQuad, 4, 0));
}

TEST(ArealMap, AreaWithin2Percent) {
  std::vector<ArealSpec> areals = tiling();
  areals[0].area = 8.1f;  // 1.25 % off: retail-like
  EXPECT_TRUE(check_areal_map(land_map(areals, tiling_grid(), 3)).empty());
  areals[0].area = 8.5f;  // 6.25 % off
  const std::vector<Diagnostic> found = check_areal_map(land_map(areals, tiling_grid(), 3));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, codes::kArealArea);
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_EQ(found[0].location.offset, kPayload + kQuad + 0x10);
  EXPECT_EQ(found[0].message, "areal 0: stored area 8.5 is not within 2 % of the polygon's 8");
}

TEST(ArealMap, NormalUp) {
  std::vector<ArealSpec> areals = tiling();
  areals[1].ny = 0.1f;
  EXPECT_EQ(findings(land_map(areals, tiling_grid(), 3)), (Found{{codes::kArealNormal, kPayload + kTriangleA + 0x14}}));
}

// One areal alone on a 1 x 1 grid.
ByteBuffer single(const ArealSpec& areal) { return land_map({areal}, {1, 1, {{0}}}, 1); }

ArealSpec regular_polygon(std::size_t corners) {
  ArealSpec a;
  for (std::size_t k = 0; k < corners; ++k) {
    const double angle = 2 * std::numbers::pi * double(k) / double(corners);
    a.polygon.push_back({float(10 * std::cos(angle)), float(10 * std::sin(angle))});
  }
  a.links.assign(corners, {-1, -1});
  std::vector<Point> points;
  for (const auto& p : a.polygon) points.push_back({p[0], p[1], 0});
  a.area = float(signed_area(points));
  return a;
}

TEST(ArealMap, VertexCountInTheRetailRange) {
  EXPECT_TRUE(check_areal_map(single(regular_polygon(14))).empty());
  EXPECT_EQ(findings(single(regular_polygon(15))), (Found{{codes::kArealVertexCount, kPayload + 0x30}}));
  EXPECT_EQ(check_areal_map(single(regular_polygon(15)))[0].message, "areal 0: 15 vertices; retail areals have 3 to 14");
}

TEST(ArealMap, PolygonAnticlockwise) {
  ArealSpec clockwise = regular_polygon(5);
  std::reverse(clockwise.polygon.begin(), clockwise.polygon.end());
  EXPECT_EQ(findings(single(clockwise)), (Found{{codes::kArealWinding, kPayload + 0x38}}));
}

TEST(ArealMap, SubBlocksAreReadAsOpenparkanDoesAndWarned) {
  ArealSpec areal = regular_polygon(3);
  areal.sub_block_points = {2};
  areal.links.insert(areal.links.end(), 3, {-1, -1});
  const ByteBuffer file = single(areal);
  const ArealMap map = read_areal_map(file).value();
  ASSERT_EQ(map.areals[0].sub_blocks.size(), 1u);
  EXPECT_EQ(map.areals[0].sub_blocks[0].points, (std::vector<Point>{{0, 0, 0}, {1, 1, 1}}));
  EXPECT_EQ(map.areals[0].edges.size(), 6u);
  EXPECT_EQ(findings(file), (Found{{codes::kArealSubBlocks, kPayload + 0x34}}));
  EXPECT_EQ(write_areal_map(map).value(), file);
}

TEST(ArealMap, Json) {
  const nlohmann::json j = areal_map_json(read_areal_map(good_map()).value());
  const nlohmann::json want = {
      {"areals", 3},
      {"vertex_counts", {{"3", 2}, {"4", 1}}},
      {"sub_blocks", 0},
      {"lakes", 1},
      {"grid", {{"across", 2}, {"down", 2}, {"max_per_cell", 2}, {"references", 6}}},
      {"extent", {{"min", {0.0, 0.0}}, {"max", {4.0, 4.0}}}},
      {"flags", {{{"flags", {0, 0, 0xF1, 0}}, {"count", 1}}, {{"flags", {1, 0, 1, 0}}, {"count", 2}}}}};
  EXPECT_EQ(j, want);
  EXPECT_EQ(areal_map_json(ArealMap{})["extent"], nullptr);
}

// ---- properties -----------------------------------------------------------------------------------

// A map of random areals (any float bits, NaNs included; any links) and a random grid.
ByteBuffer generated_map() {
  const auto count = *rc::gen::inRange<std::size_t>(0, 6);
  std::vector<ArealSpec> areals(count);
  auto any_float = [] {
    const auto bits = *rc::gen::arbitrary<std::uint32_t>();
    float v;
    std::memcpy(&v, &bits, 4);
    return v;
  };
  for (ArealSpec& a : areals) {
    a.cx = any_float(), a.cy = any_float(), a.area = any_float(), a.nz = any_float();
    a.flags = {*rc::gen::arbitrary<std::uint32_t>(), 0, *rc::gen::arbitrary<std::uint32_t>(), 0};
    const auto vertices = *rc::gen::inRange<std::size_t>(0, 16);
    for (std::size_t v = 0; v < vertices; ++v) a.polygon.push_back({any_float(), any_float()});
    a.sub_block_points = *rc::gen::container<std::vector<std::uint32_t>>(*rc::gen::inRange<std::size_t>(0, 2),
                                                                          rc::gen::inRange<std::uint32_t>(0, 4));
    const std::size_t links = vertices + 3 * a.sub_block_points.size();
    for (std::size_t l = 0; l < links; ++l)
      a.links.push_back({*rc::gen::inRange<std::int32_t>(-2, 8), *rc::gen::inRange<std::int32_t>(-2, 16)});
  }
  GridSpec grid;
  grid.across = *rc::gen::inRange<std::uint32_t>(0, 4);
  grid.down = *rc::gen::inRange<std::uint32_t>(0, 4);
  for (std::uint32_t c = 0; c < grid.across * grid.down; ++c)
    grid.cells.push_back(*rc::gen::container<std::vector<std::uint16_t>>(*rc::gen::inRange<std::size_t>(0, 5),
                                                                          rc::gen::inRange<std::uint16_t>(0, 8)));
  return land_map(areals, grid, std::uint32_t(count));
}

RC_GTEST_PROP(ArealMap, ReadWriteRoundTrip, ()) {
  const ByteBuffer file = generated_map();
  const ArealMap map = read_areal_map(file).value();
  RC_ASSERT(write_areal_map(map).value() == file);
  for (const Diagnostic& d : check_areal_map(file)) RC_ASSERT(d.location.offset.has_value());
}

// Mutated bytes never crash the reader, the checker or the writer; whatever still reads writes back
// byte for byte, and a failed read is the checker's one finding.
RC_GTEST_PROP(ArealMap, MutatedBytesNeverCrash, ()) {
  ByteBuffer file = generated_map();
  const auto flips = *rc::gen::inRange<std::size_t>(1, 4);
  for (std::size_t f = 0; f < flips; ++f) {
    const auto at = *rc::gen::inRange<std::size_t>(0, file.size());
    file[at] = *rc::gen::arbitrary<std::uint8_t>();
  }
  if (*rc::gen::arbitrary<bool>()) file.resize(*rc::gen::inRange<std::size_t>(0, file.size() + 1));
  const auto map = read_areal_map(file);
  const std::vector<Diagnostic> found = check_areal_map(file);
  RC_CLASSIFY(map.ok(), "still reads");
  if (!map) {
    RC_ASSERT(found.size() == 1u);
    RC_ASSERT(found[0].code == map.error().rule);
    return;
  }
  RC_ASSERT(write_areal_map(*map).value() == file);
}

}  // namespace
}  // namespace parkan::areal
