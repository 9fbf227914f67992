// Land.msh (docs/formats/terrain.md): a map built here byte by byte (land_builder.hpp), read with
// exact values, checked rule by rule with exact codes and offsets, written back byte for byte.
#include <algorithm>
#include <cstring>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <rapidcheck/gtest.h>

#include "land_builder.hpp"
#include "parkan/terrain/codes.hpp"
#include "parkan/terrain/land.hpp"

namespace parkan::terrain {
namespace {

using test::Built;
using test::land;
using test::LandSpec;
using test::put16;
using test::put32;
using test::putf;
using test::small_map;

using Finding = std::pair<std::string, std::uint64_t>;

std::vector<Finding> findings_of(const ByteBuffer& bytes) {
  std::vector<Finding> out;
  for (const Diagnostic& d : check_terrain(bytes)) out.push_back({d.code, d.location.offset.value_or(~0ull)});
  return out;
}

Severity severity_of(const ByteBuffer& bytes, std::string_view code) {
  for (const Diagnostic& d : check_terrain(bytes))
    if (d.code == code) return d.severity;
  ADD_FAILURE() << "no finding " << code;
  return Severity::note;
}

// Face record i's field in the file.
std::size_t face_at(const Built& b, std::size_t i, std::size_t field) { return b.payload.at(21) + 28 * i + field; }
std::size_t cell_at(const Built& b, std::size_t j, std::size_t field) { return b.payload.at(2) + 0x8C + 68 * j + field; }

TEST(TerrainLand, ReadsEveryStream) {
  const Built b = land(small_map());
  const Terrain t = read_terrain(b.bytes).value();
  ASSERT_EQ(t.streams.size(), 9u);
  EXPECT_EQ(t.streams[0].type_id, 1u);
  EXPECT_EQ(t.streams[8].type_id, 21u);
  EXPECT_EQ(t.stream(21)->offset, b.payload.at(21));
  EXPECT_EQ(t.across, 2u);
  EXPECT_EQ(t.down, 2u);
  ASSERT_EQ(t.positions.size(), 9u);
  EXPECT_EQ(t.positions[5], (Vec3{20, 10, 2}));
  EXPECT_EQ(t.normals[3], (std::array<std::int8_t, 4>{0, 0, 127, 0}));
  EXPECT_EQ(t.material_uv[8].u, 80);
  EXPECT_EQ(t.micro_uv[8].v, 1024);  // 20 units * 51.2: one microtexture turn
  ASSERT_TRUE(t.alpha);
  EXPECT_EQ((*t.alpha)[2], 0.5f);
  ASSERT_EQ(t.faces.size(), 12u);
  const Face& f = t.faces[1];
  EXPECT_EQ(f.flags, 0x600);
  EXPECT_EQ(f.surface, 0x10);
  EXPECT_TRUE(f.lava());
  EXPECT_EQ(f.tex1, 1);
  EXPECT_EQ(f.tex2, 0xFF);
  EXPECT_EQ(f.word6, 0xFFFF);
  EXPECT_EQ(f.vertices, (std::array<std::uint16_t, 3>{1, 4, 3}));
  EXPECT_EQ(f.neighbours, (std::array<std::uint16_t, 3>{2, 4, 0}));
  EXPECT_EQ(f.normal, (std::array<std::int16_t, 3>{0, 0, 32767}));
  EXPECT_EQ(f.edges, 0x12);  // edge 0 meets face 2's edge 2, edge 1 face 4's edge 0, edge 2 face 0's edge 1
  EXPECT_EQ(f.edge_code(1), 0u);
  EXPECT_EQ(f.raw.size(), 28u);
  EXPECT_EQ(t.faces[2].tex2, 3);
  EXPECT_TRUE(t.faces[6].water());
  EXPECT_TRUE(t.faces[4].bed());
  ASSERT_EQ(t.order.size(), 12u);
  EXPECT_EQ(t.order[4].face, 5);
  EXPECT_EQ(t.order[4].flags, 0x58);
  EXPECT_EQ(t.order[1].flags, 0x48);
  EXPECT_EQ(t.corners[0], (Vec3{0, 0, 2}));
  EXPECT_EQ(t.corners[6], (Vec3{20, 20, 6}));
  ASSERT_EQ(t.cells.size(), 8u);
  EXPECT_EQ(t.cells[2].first, 4);
  EXPECT_EQ(t.cells[2].count, 2);
  EXPECT_EQ(t.cells[2].min, (Vec3{0, 10, 2}));
  EXPECT_EQ(t.cells[2].max, (Vec3{10, 20, 6}));
  EXPECT_EQ(t.cells[2].centre, (Vec3{5, 15, 4}));
  EXPECT_EQ(t.cells[5].first, 9);
  ASSERT_EQ(t.squares.size(), 4u);
  EXPECT_EQ(t.squares[3].used_slots, (std::vector<std::size_t>{4, 9}));
  EXPECT_EQ(t.squares[3].words[4], 3);
  EXPECT_EQ(t.squares[3].words[9], 7);
  EXPECT_EQ(t.lod_split, 8u);
  EXPECT_EQ(findings_of(b.bytes), std::vector<Finding>{});
}

TEST(TerrainLand, StreamFourteenIsOptional) {
  LandSpec s = small_map();
  s.with_alpha = false;
  const Built b = land(s);
  const Terrain t = read_terrain(b.bytes).value();
  EXPECT_FALSE(t.alpha);
  EXPECT_EQ(findings_of(b.bytes), std::vector<Finding>{});
  EXPECT_EQ(write_terrain(t).value(), b.bytes);
}

TEST(TerrainLand, Json) {
  const Terrain t = read_terrain(land(small_map()).bytes).value();
  const nlohmann::json j = terrain_json(t);
  EXPECT_EQ(j["vertices"], 9);
  EXPECT_EQ(j["faces"], 12);
  EXPECT_EQ(j["squares"], 4);
  EXPECT_EQ(j["cells"], 8);
  EXPECT_EQ(j["grid"], (nlohmann::json{{"across", 2}, {"down", 2}}));
  EXPECT_EQ(j["cell_size"], (nlohmann::json{10.0, 10.0}));
  EXPECT_EQ(j["extent"], (nlohmann::json{{"min", {0.0, 0.0, 2.0}}, {"max", {20.0, 20.0, 6.0}}}));
  EXPECT_EQ(j["lod"], (nlohmann::json{{"split", 8}, {"faces", {8, 4}}}));
  EXPECT_EQ(j["has_alpha"], true);
  EXPECT_EQ(j["second_material_faces"], 3);
  EXPECT_EQ(j["water"], (nlohmann::json{{"faces", 3}, {"z", 2.0}}));
  EXPECT_EQ(j["lava_faces"], 1);
  EXPECT_EQ(j["bed_faces"], 2);
  EXPECT_EQ(j["tex1_rows"], (nlohmann::json{{"1", 8}, {"2", 1}, {"4", 3}}));
  EXPECT_EQ(j["tex2_rows"], (nlohmann::json{{"3", 3}}));
}

TEST(TerrainLand, WritesBackByteForByteAndEditsWhatChanged) {
  const Built b = land(small_map());
  Terrain t = read_terrain(b.bytes).value();
  EXPECT_EQ(write_terrain(t).value(), b.bytes);
  // A vertex moved: only its three floats change.
  t.positions[0].z = 5.5f;
  ByteBuffer expected = b.bytes;
  putf(expected, b.payload.at(3) + 8, 5.5f);
  EXPECT_EQ(write_terrain(t).value(), expected);
  // A face's materials changed: its two bytes.
  t.positions[0].z = 6.0f;
  t.faces[0].tex1 = 9;
  expected = b.bytes;
  expected[face_at(b, 0, 4)] = 9;
  EXPECT_EQ(write_terrain(t).value(), expected);
  // A face dropped: stream 21's payload and attr1 follow; the file reads back with 11 faces.
  t.faces.pop_back();
  const ByteBuffer shorter = write_terrain(t).value();
  const Result<Terrain> original = read_terrain(b.bytes);  // kept: `faces` points into it
  const Stream& faces = *original->stream(21);
  std::uint32_t attr1 = 0;
  std::memcpy(&attr1, shorter.data() + shorter.size() - 64 * 9 + 64 * faces.entry + 4, 4);
  EXPECT_EQ(attr1, 11u);
  // The draw order still names 12 faces: the read refuses it until stream 11 is edited too.
  EXPECT_EQ(read_terrain(shorter).error().rule, codes::kStreamFaces);
  t.order.pop_back();
  EXPECT_EQ(read_terrain(write_terrain(t).value())->faces.size(), 11u);
}

TEST(TerrainLand, RecomputesCellsAndDrawOrderAfterAnEdit) {
  const Built b = land(small_map());
  Terrain t = read_terrain(b.bytes).value();
  t.positions[0].z = 9.0f;  // out of cells 0 and 4's boxes
  t.faces[0].tex1 = 2;      // cell 0 now draws two pairs
  const ByteBuffer stale = write_terrain(t).value();
  EXPECT_EQ(findings_of(stale), (std::vector<Finding>{{codes::kCellsBox, cell_at(b, 0, 0x08)},
                                                      {codes::kCellsBox, cell_at(b, 4, 0x08)},
                                                      {codes::kOrderBatch, b.payload.at(11) + 4 * 1 + 2}}));
  ASSERT_TRUE(recompute_cells_and_order(t));
  EXPECT_EQ(t.cells[0].max, (Vec3{10, 10, 9}));
  EXPECT_EQ(t.cells[0].min, (Vec3{0, 0, 2}));
  EXPECT_EQ(t.cells[0].centre, (Vec3{5, 5, 5.5f}));
  EXPECT_EQ(t.order[0].face, 0);
  EXPECT_EQ(t.order[1].flags, 0x58);
  EXPECT_EQ(t.order[4].face, 4);  // cell 2 drawn in face order now: pairs (1, FF) then (2, FF)
  EXPECT_EQ(t.order[5].face, 5);
  const ByteBuffer fresh = write_terrain(t).value();
  EXPECT_EQ(findings_of(fresh), std::vector<Finding>{});
  // Runs that do not cover the faces are refused, nothing changed.
  t.cells[7].count = 0;
  EXPECT_EQ(recompute_cells_and_order(t).error().rule, codes::kCellsRun);
  EXPECT_EQ(t.order[5].face, 5);
}

// --- read errors: one file per rule, the exact code and offset ---

std::string rule_of(const ByteBuffer& bytes) {
  auto r = read_terrain(bytes);
  return r ? "ok" : r.error().rule;
}

TEST(TerrainLand, MissingStreams) {
  for (std::uint32_t type : {1u, 2u, 3u, 4u, 5u, 18u, 11u, 21u}) {
    auto streams = test::streams_of(small_map());
    streams.erase(std::remove_if(streams.begin(), streams.end(), [&](const auto& s) { return s.type == type; }),
                  streams.end());
    const Built b = test::nres_of(streams);
    auto r = read_terrain(b.bytes);
    ASSERT_FALSE(r) << type;
    EXPECT_EQ(r.error().rule, codes::kStreamMissing) << type;
    EXPECT_EQ(r.error().offset, b.directory) << type;
    if (type == 18) {
      EXPECT_EQ(r.error().message, "Unable to find microtexture mapping chunk: no stream 18");
    }
    if (type == 1) {
      EXPECT_EQ(r.error().message, "no stream 1");
    }
    const auto found = check_terrain(b.bytes);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].code, codes::kStreamMissing);
    EXPECT_EQ(found[0].severity, Severity::error);
  }
}

TEST(TerrainLand, DuplicateStream) {
  auto streams = test::streams_of(small_map());
  streams.push_back(streams[3]);  // a second stream 4
  const Built b = test::nres_of(streams);
  auto r = read_terrain(b.bytes);
  EXPECT_EQ(r.error().rule, codes::kStreamDuplicate);
  EXPECT_EQ(r.error().offset, b.directory + 64 * 9);
  EXPECT_EQ(r.error().message, "stream 4 appears twice (entries 3 and 9)");
}

TEST(TerrainLand, StrideAndCount) {
  Built b = land(small_map());
  ByteBuffer bytes = b.bytes;
  put32(bytes, b.row.at(5) + 16, 8);
  auto r = read_terrain(bytes);
  EXPECT_EQ(r.error().rule, codes::kStreamStride);
  EXPECT_EQ(r.error().offset, b.row.at(5) + 16);
  EXPECT_EQ(r.error().message, "stream 5: attr3 (stride) is 8, not 4");
  bytes = b.bytes;
  put32(bytes, b.row.at(2) + 4, 9);
  r = read_terrain(bytes);
  EXPECT_EQ(r.error().rule, codes::kStreamCount);
  EXPECT_EQ(r.error().offset, b.row.at(2) + 4);
  EXPECT_EQ(r.error().message, "stream 2: attr1 (count) 9 needs 752 bytes, the payload has 684");
  // A hostile count is refused before anything is allocated for it.
  bytes = b.bytes;
  put32(bytes, b.row.at(3) + 4, 0xFFFFFFFF);
  EXPECT_EQ(rule_of(bytes), codes::kStreamCount);
}

TEST(TerrainLand, CountsAcrossStreams) {
  // Stream 18 one vertex short (payload and count agree, stream 3 has more).
  auto streams = test::streams_of(small_map());
  for (auto& s : streams)
    if (s.type == 18) s.count = 8, s.payload.resize(32);
  Built b = test::nres_of(streams);
  auto r = read_terrain(b.bytes);
  EXPECT_EQ(r.error().rule, codes::kStreamVertices);
  EXPECT_EQ(r.error().offset, b.row.at(18) + 4);
  streams = test::streams_of(small_map());
  for (auto& s : streams)
    if (s.type == 11) s.count = 11, s.payload.resize(44);
  b = test::nres_of(streams);
  r = read_terrain(b.bytes);
  EXPECT_EQ(r.error().rule, codes::kStreamFaces);
  EXPECT_EQ(r.error().offset, b.row.at(11) + 4);
}

TEST(TerrainLand, GridAndCellCount) {
  LandSpec s = small_map();
  s.across = 3;  // 4 squares are no grid 3 across
  Built b = land(s);
  auto r = read_terrain(b.bytes);
  EXPECT_EQ(r.error().rule, codes::kGridSize);
  EXPECT_EQ(r.error().offset, b.row.at(1) + 8);
  s = small_map();
  s.runs.pop_back();  // 7 cells for 4 squares
  b = land(s);
  r = read_terrain(b.bytes);
  EXPECT_EQ(r.error().rule, codes::kCellsCount);
  EXPECT_EQ(r.error().offset, b.row.at(2) + 4);
  EXPECT_EQ(r.error().message, "stream 2 has 7 cells, not two per square (8)");
}

// --- check rules: one file per rule ---

TEST(TerrainCheck, FaceVertex) {
  const Built b = land(small_map());
  ByteBuffer bytes = b.bytes;
  put16(bytes, face_at(b, 9, 0x0A), 9);
  EXPECT_EQ(findings_of(bytes), (std::vector<Finding>{{codes::kFaceVertex, face_at(b, 9, 0x0A)}}));
  EXPECT_EQ(severity_of(bytes, codes::kFaceVertex), Severity::error);
}

TEST(TerrainCheck, NeighbourNotMutual) {
  // Face 0 names face 3 across edge 1 (face 1 does name it back; face 3 does not).
  const Built b = land(small_map());
  ByteBuffer bytes = b.bytes;
  put16(bytes, face_at(b, 0, 0x10), 3);
  const auto got = findings_of(bytes);
  ASSERT_FALSE(got.empty());
  EXPECT_EQ(got[0], (Finding{codes::kFaceNeighbour, face_at(b, 0, 0x10)}));
  // And one past the faces.
  bytes = b.bytes;
  put16(bytes, face_at(b, 0, 0x0E), 12);  // edge 0 was a boundary: its code 3 now disagrees as well
  EXPECT_EQ(findings_of(bytes), (std::vector<Finding>{{codes::kFaceNeighbour, face_at(b, 0, 0x0E)},
                                                      {codes::kFaceEdgeCode, face_at(b, 0, 0x1A)}}));
  EXPECT_EQ(severity_of(bytes, codes::kFaceNeighbour), Severity::error);
}

TEST(TerrainCheck, EdgeCodes) {
  const Built b = land(small_map());
  ByteBuffer bytes = b.bytes;
  put16(bytes, face_at(b, 1, 0x1A), 0x12 | 0x03);  // edge 0 says "none" but has face 2
  EXPECT_EQ(findings_of(bytes), (std::vector<Finding>{{codes::kFaceEdgeCode, face_at(b, 1, 0x1A)}}));
  EXPECT_EQ(severity_of(bytes, codes::kFaceEdgeCode), Severity::error);
  bytes = b.bytes;
  put16(bytes, face_at(b, 1, 0x1A), 0x11);  // edge 0 names face 2's edge 1, not its edge 2
  EXPECT_EQ(findings_of(bytes), (std::vector<Finding>{{codes::kFaceEdgeMatch, face_at(b, 1, 0x1A)}}));
  EXPECT_EQ(severity_of(bytes, codes::kFaceEdgeMatch), Severity::warning);
}

TEST(TerrainCheck, SecondMaterialFlagAndWord6) {
  const Built b = land(small_map());
  ByteBuffer bytes = b.bytes;
  put16(bytes, face_at(b, 0, 0), 0x604);  // flag without tex2
  put16(bytes, face_at(b, 3, 6), 0);
  EXPECT_EQ(findings_of(bytes), (std::vector<Finding>{{codes::kFaceSecondFlag, face_at(b, 0, 0)},
                                                      {codes::kFaceWord6, face_at(b, 3, 6)}}));
  EXPECT_EQ(severity_of(bytes, codes::kFaceSecondFlag), Severity::warning);
}

TEST(TerrainCheck, GridSlotsAndHeader) {
  const Built b = land(small_map());
  ByteBuffer bytes = b.bytes;
  const std::size_t square2 = b.payload.at(1) + 38 * 2;
  put16(bytes, square2 + 18, 5);  // square 2's LOD-1 slot names cell 5, not 6
  put16(bytes, b.payload.at(1) + 38 * 1 + 2, 0);  // square 1's header
  EXPECT_EQ(findings_of(bytes), (std::vector<Finding>{{codes::kGridHeader, b.payload.at(1) + 38},
                                                      {codes::kGridSlots, square2 + 8}}));
  EXPECT_EQ(severity_of(bytes, codes::kGridSlots), Severity::error);
  EXPECT_EQ(severity_of(bytes, codes::kGridHeader), Severity::warning);
}

TEST(TerrainCheck, CellRuns) {
  const Built b = land(small_map());
  ByteBuffer bytes = b.bytes;
  put16(bytes, cell_at(b, 3, 0), 5);  // cell 3 starts inside cell 2's run
  const auto got = findings_of(bytes);
  ASSERT_FALSE(got.empty());
  EXPECT_EQ(got[0], (Finding{codes::kCellsRun, cell_at(b, 3, 0)}));
  EXPECT_EQ(severity_of(bytes, codes::kCellsRun), Severity::error);
  // Runs that chain but end short of the faces.
  bytes = b.bytes;
  put16(bytes, cell_at(b, 7, 2), 0);
  const auto short_runs = findings_of(bytes);
  EXPECT_NE(std::find(short_runs.begin(), short_runs.end(),
                      Finding{codes::kCellsRun, b.payload.at(2) + 0x8C + 68 * 8}),
            short_runs.end());
}

TEST(TerrainCheck, FacesInsideCellBoxes) {
  const Built b = land(small_map());
  ByteBuffer bytes = b.bytes;
  putf(bytes, cell_at(b, 1, 0x14), 19.0f);  // cell 1's max x short of its faces' x = 20
  EXPECT_EQ(findings_of(bytes), (std::vector<Finding>{{codes::kCellsBox, cell_at(b, 1, 0x08)}}));
  // Within the tolerance: nothing.
  putf(bytes, cell_at(b, 1, 0x14), 19.995f);
  EXPECT_EQ(findings_of(bytes), std::vector<Finding>{});
}

TEST(TerrainCheck, CellZeroBytes) {
  const Built b = land(small_map());
  ByteBuffer bytes = b.bytes;
  bytes[b.payload.at(2) + 100] = 1;
  bytes[cell_at(b, 0, 0x30)] = 1;
  EXPECT_EQ(findings_of(bytes), (std::vector<Finding>{{codes::kCellsZero, b.payload.at(2) + 100},
                                                      {codes::kCellsZero, cell_at(b, 0, 0x30)}}));
}

TEST(TerrainCheck, LodOneVerticesAndFaces) {
  LandSpec s = small_map();
  s.positions.push_back({5, 5, 6});  // a vertex only LOD 1 uses
  s.alpha.push_back(1.0f);
  s.faces[8].v[2] = 9;
  Built b = land(s);
  EXPECT_EQ(findings_of(b.bytes), (std::vector<Finding>{{codes::kLodVertex, face_at(b, 8, 0x0C)}}));
  EXPECT_EQ(severity_of(b.bytes, codes::kLodVertex), Severity::warning);
  // LOD-1 cell 4 with three faces, more than cell 0's two: square 0's faces once more.
  s = small_map();
  s.faces.insert(s.faces.begin() + 9, {s.faces[8], s.faces[8]});
  s.faces[9].v = s.faces[1].v;
  s.runs[4] = {8, 3};
  for (std::uint16_t j = 5; j < 8; ++j) s.runs[j] = {std::uint16_t(j + 6), 1};
  s.order.resize(8);
  for (auto [face, flags] : {std::pair<std::uint16_t, std::uint8_t>{8, 0x58}, {9, 0x48}, {10, 0x48}, {11, 0x58},
                             {12, 0x58}, {13, 0x58}})
    s.order.push_back({face, flags});
  b = land(s);
  EXPECT_EQ(findings_of(b.bytes), (std::vector<Finding>{{codes::kLodFaces, cell_at(b, 4, 2)}}));
  EXPECT_EQ(severity_of(b.bytes, codes::kLodFaces), Severity::warning);
}

TEST(TerrainCheck, DrawOrderPermutationAndBatches) {
  const Built b = land(small_map());
  const std::size_t order = b.payload.at(11);
  ByteBuffer bytes = b.bytes;
  put16(bytes, order + 4 * 5, 6);  // cell 2 draws face 6, of cell 3
  EXPECT_EQ(findings_of(bytes)[0], (Finding{codes::kOrderPermutation, order + 4 * 5}));
  EXPECT_EQ(severity_of(bytes, codes::kOrderPermutation), Severity::error);
  bytes = b.bytes;
  bytes[order + 4 * 1 + 2] = 0x58;  // a batch start where the pair continues
  bytes[order + 4 * 5 + 2] = 0x48;  // no batch start where the pair changes
  EXPECT_EQ(findings_of(bytes), (std::vector<Finding>{{codes::kOrderBatch, order + 4 * 1 + 2},
                                                      {codes::kOrderBatch, order + 4 * 5 + 2}}));
  bytes = b.bytes;
  bytes[order + 4 * 3 + 2] = 0x40 | 0x80;  // bit 7 is inert, but 0x08 is missing
  EXPECT_EQ(findings_of(bytes), (std::vector<Finding>{{codes::kOrderFlags, order + 4 * 3 + 2}}));
  EXPECT_EQ(severity_of(bytes, codes::kOrderFlags), Severity::warning);
}

TEST(TerrainCheck, DrawOrderGroupsAPairOnce) {
  // Cell 0 of three faces drawn (1, FF), (2, FF), (1, FF): three batches, the pair (1, FF) twice.
  LandSpec s = small_map();
  s.runs[0] = {0, 3};
  s.runs[1] = {3, 1};
  s.faces[1].tex1 = 2;
  s.faces[2].tex2 = 0xFF;
  s.faces[2].flags = 0x600;
  s.order[1].second = 0x58;
  s.order[3].second = 0x58;
  const Built b = land(s);
  EXPECT_EQ(findings_of(b.bytes), (std::vector<Finding>{{codes::kOrderGroup, b.payload.at(11) + 4 * 2}}));
  EXPECT_EQ(severity_of(b.bytes, codes::kOrderGroup), Severity::warning);
}

TEST(TerrainCheck, WaterIsOnePlane) {
  LandSpec s = small_map();
  s.positions[8][2] = 2.5f;  // vertex 8, of water face 7 (the cells' boxes follow it)
  const Built b = land(s);
  EXPECT_EQ(findings_of(b.bytes), (std::vector<Finding>{{codes::kWaterPlane, face_at(b, 7, 0x0A)}}));
}

TEST(TerrainCheck, AlphaInZeroToOne) {
  const Built b = land(small_map());
  ByteBuffer bytes = b.bytes;
  putf(bytes, b.payload.at(14) + 4 * 7, 1.5f);
  EXPECT_EQ(findings_of(bytes), (std::vector<Finding>{{codes::kAlphaRange, b.payload.at(14) + 4 * 7}}));
}

TEST(TerrainCheck, StreamOrderAndOtherEntries) {
  auto streams = test::streams_of(small_map());
  std::swap(streams[0], streams[1]);
  streams.push_back({6, 1, 0, 4, ByteBuffer(4, 0)});
  Built b = test::nres_of(streams);
  EXPECT_EQ(findings_of(b.bytes), (std::vector<Finding>{{codes::kStreamOther, b.directory + 64 * 9},
                                                        {codes::kStreamOrder, b.directory}}));
}

// Each finding says the element, the value and the rule in one line.
TEST(TerrainCheck, MessagesNameTheElementAndTheRule) {
  const Built b = land(small_map());
  ByteBuffer bytes = b.bytes;
  put16(bytes, face_at(b, 0, 0x0E), 12);                      // neighbour past the faces
  put16(bytes, b.payload.at(1) + 38 * 2 + 18, 5);             // square 2's second cell
  bytes[b.payload.at(11) + 4 * 5 + 2] = 0x48;                 // a pair change without 0x10
  putf(bytes, b.payload.at(14) + 4 * 3, -0.25f);              // alpha below 0
  std::vector<std::string> messages;
  for (const Diagnostic& d : check_terrain(bytes)) messages.push_back(d.message);
  EXPECT_EQ(messages, (std::vector<std::string>{
                          "face 0: neighbour 0 is 12, past the 12 faces",
                          "face 0: edge 0 has code 3 but neighbour 12",
                          "square 2: 2 slot words used, not the two naming cells 2 and 6",
                          "draw order 5 (cell 2): bit 0x10 is clear but the pair (1, 255) starts a batch",
                          "vertex 3: alpha -0.25 is outside 0..1",
                      }));
}

// --- properties ---

// Maps whose materials, flags, heights and alphas vary write back to the same bytes; and any byte
// changed in any of them neither crashes the reader, the checker nor the writer.
RC_GTEST_PROP(TerrainLand, ReadWriteRoundTripAndMutations, ()) {
  LandSpec s = small_map();
  for (auto& p : s.positions) p[2] = *rc::gen::inRange(0, 1000) / 10.0f;
  for (auto& a : s.alpha) a = *rc::gen::inRange(0, 101) / 100.0f;
  for (auto& f : s.faces) {
    f.tex1 = *rc::gen::arbitrary<std::uint8_t>();
    f.flags = *rc::gen::arbitrary<std::uint16_t>();
  }
  s.with_alpha = *rc::gen::arbitrary<bool>();
  const ByteBuffer bytes = land(s).bytes;
  const Terrain t = read_terrain(bytes).value();
  RC_ASSERT(write_terrain(t).value() == bytes);
  ByteBuffer mutated = bytes;
  const auto flips = *rc::gen::inRange<std::size_t>(1, 8);
  for (std::size_t k = 0; k < flips; ++k)
    mutated[*rc::gen::inRange<std::size_t>(0, mutated.size())] = *rc::gen::arbitrary<std::uint8_t>();
  (void)check_terrain(mutated);
  auto again = read_terrain(mutated);
  if (again) {
    (void)terrain_json(*again);
    RC_ASSERT(write_terrain(*again).value() == mutated);
  }
}

}  // namespace
}  // namespace parkan::terrain
