// The model fields of docs/formats/msh.md 2.2-6.6 read from bytes written by hand from the layouts:
// Batch20's word, WEAR row, lightmap byte, room and vertex count; u16 UVs (types 5 and 18); type 9
// node names; type 10 socket prefixes; the slot matrix's cockpit level; type 7 face flags and edge
// codes; the type 17 path graph; the Slot68 tail. Each reads, passes the checks, writes back
// byte-identical, and a model built in code writes the same bytes.
#include <cstring>

#include <gtest/gtest.h>

#include "model_builders.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::msh {
namespace {

using test::hand_model_bytes;
using test::hand_model_streams;
using test::read_ok;
using test::written;

std::string listing(const std::vector<Diagnostic>& found) {
  std::string text;
  for (const Diagnostic& d : found) text += d.to_string() + " [" + d.code + "]\n";
  return text;
}

// The payload of the first stream of `type_id` in model bytes.
ByteBuffer payload_of(const ByteBuffer& model, std::uint32_t type_id) {
  for (const test::RawStream& s : test::raw_streams(model))
    if (s.type_id == type_id) return s.payload;
  return {};
}

TEST(HandModel, BatchFieldsComeFromTheirBytes) {
  const Model m = read_ok(hand_model_bytes());
  ASSERT_EQ(m.batches.size(), 1u);
  const Batch& b = m.batches[0];
  EXPECT_EQ(b.word, kBatchWordLightmapped);
  EXPECT_EQ(b.wear_row, 3);  // byte +4; the u16 at +2 is 0
  EXPECT_EQ(b.lightmap, kBatchLightmapped);
  EXPECT_EQ(b.room, kNoRoom);
  EXPECT_EQ(b.index_count, 3);
  EXPECT_EQ(b.index_start, 0u);
  EXPECT_EQ(b.vertex_count, 3);
  EXPECT_EQ(b.base_vertex, 0u);
}

TEST(HandModel, APortalBatchNamesItsRoom) {
  test::HandModel h = hand_model_streams();
  h.batches = test::bytes_of({0x08, 0x01, 0x00, 0x00, 0x07, 0xFF, 0x01, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00,
                              0x03, 0x00, 0x00, 0x00, 0x00, 0x00});
  const Model m = read_ok(hand_model_bytes(h));
  EXPECT_EQ(m.batches[0].word, kBatchWordPortal | kBatchWordTranslucent);
  EXPECT_EQ(m.batches[0].wear_row, 7);
  EXPECT_EQ(m.batches[0].lightmap, kBatchUnlit);
  EXPECT_EQ(m.batches[0].room, 1);
  EXPECT_TRUE(check_model(m).empty()) << listing(check_model(m));
}

TEST(HandModel, UvWordsAreUnsignedOver1024) {
  const Model m = read_ok(hand_model_bytes());
  ASSERT_EQ(m.uv0.size(), 3u);
  EXPECT_EQ(m.uv0[0], (PackedUv{0x9000, 0x0400}));
  EXPECT_EQ(decode_uv(m.uv0[0]), (std::array<float, 2>{36.0f, 1.0f}));  // not -28.0
  EXPECT_EQ(decode_uv(m.uv0[2]), (std::array<float, 2>{1.0f, 0.0f}));
  ASSERT_EQ(m.lightmap_uv.size(), 3u);  // type 18: one per vertex
  EXPECT_EQ(m.lightmap_uv[0], (PackedUv{1022, 1020}));
  EXPECT_EQ(decode_uv(m.lightmap_uv[2]), (std::array<float, 2>{0.5f, 0.5f}));
  EXPECT_TRUE(m.stream(kLightmapUvType)->payload.empty());  // typed: the bytes are the field
}

TEST(HandModel, TypeNineNamesTheNodesAndTypeTenHoldsSocketPrefixes) {
  const Model m = read_ok(hand_model_bytes());
  ASSERT_EQ(m.node_names.size(), 2u);
  EXPECT_EQ(m.node_name(0), "hull");
  EXPECT_EQ(m.node_name(1), "CP_m1o1");
  EXPECT_EQ(m.node_name(2), "node2");  // past the table
  EXPECT_EQ(static_cast<std::uint8_t>(m.node_names[0][5]), 0xCC);  // the record is kept whole
  EXPECT_EQ(node_name_text(m.node_names[0]), "hull");
  EXPECT_EQ(m.socket_prefix(0), "e_tur_tt");
  EXPECT_EQ(m.socket_prefix(1), "");
  EXPECT_EQ(m.socket_prefix(5), "");
  // A 32-byte name without a NUL is all 32 bytes; an empty record falls back to node<i>.
  test::HandModel h = hand_model_streams();
  std::fill(h.names.begin(), h.names.begin() + 32, 'A');
  std::fill(h.names.begin() + 32, h.names.end(), 0);
  const Model full = read_ok(hand_model_bytes(h));
  EXPECT_EQ(full.node_name(0), std::string(32, 'A'));
  EXPECT_EQ(full.node_name(1), "node1");
}

TEST(HandModel, LevelFourIsTheCockpitView) {
  const Model m = read_ok(hand_model_bytes());
  ASSERT_EQ(m.nodes.size(), 2u);
  EXPECT_EQ(m.nodes[1].flags, kNodeCockpit);
  EXPECT_EQ(m.nodes[1].parent, 0);
  EXPECT_EQ(m.nodes[1].slot(0, kCockpitLevel), 0);  // word 4 + 5 * 0 + 4
  for (std::size_t stage = 0; stage < kDamageStageCount; ++stage)
    for (std::size_t level = 0; level < kLevelCount; ++level) {
      if (stage == 0 && level == kCockpitLevel) continue;
      EXPECT_EQ(m.nodes[1].slot(stage, level), kNoSlot);
      EXPECT_EQ(m.nodes[0].slot(stage, level), kNoSlot);
    }
  // Word 4 + 5 * 2 + 1 is [stage 2][level 1].
  test::HandModel h = hand_model_streams();
  h.nodes[38 + 0x08 + 2 * 4] = h.nodes[38 + 0x08 + 2 * 4 + 1] = 0xFF;
  h.nodes[38 + 0x08 + 2 * 11] = h.nodes[38 + 0x08 + 2 * 11 + 1] = 0;
  EXPECT_EQ(read_ok(hand_model_bytes(h)).nodes[1].slot(2, 1), 0);
}

TEST(HandModel, TriangleFlagsAndEdgeCodes) {
  const Model m = read_ok(hand_model_bytes());
  ASSERT_EQ(m.triangles.size(), 1u);
  const TriangleDesc& t = m.triangles[0];
  EXPECT_EQ(t.flags, kFaceWalkable | kFaceGlass);
  for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(t.edge_code(k), kOpenEdge);
  EXPECT_EQ(t.selectors & ~kEdgeCodeBits, 0x01C0);  // stray higher bits kept
  TriangleDesc codes;
  codes.selectors = 0x0024;  // edge 0: code 0, edge 1: code 1, edge 2: code 2
  EXPECT_EQ(codes.edge_code(0), 0u);
  EXPECT_EQ(codes.edge_code(1), 1u);
  EXPECT_EQ(codes.edge_code(2), 2u);
}

TEST(HandModel, PathGraphNodesThenLinks) {
  const Model m = read_ok(hand_model_bytes());
  ASSERT_EQ(m.path_nodes.size(), 2u);
  EXPECT_EQ(m.path_nodes[0].position, (Vec3{1.5f, -2.0f, 0.25f}));
  EXPECT_EQ(m.path_nodes[0].place_flags, 0x11u);
  EXPECT_EQ(m.path_nodes[0].frame_node, 1u);
  EXPECT_EQ(m.path_nodes[1].position, (Vec3{3.0f, 4.0f, 0.0f}));
  ASSERT_EQ(m.path_links.size(), 1u);
  EXPECT_EQ(m.path_links[0].from, 0u);
  EXPECT_EQ(m.path_links[0].to, 1u);
  for (std::uint32_t r : m.path_links[0].reserved) EXPECT_EQ(r, 0xFFFFFFFFu);
}

TEST(HandModel, SlotTail) {
  const Model m = read_ok(hand_model_bytes());
  ASSERT_EQ(m.slots.size(), 1u);
  EXPECT_EQ(m.slots[0].area, 2.5f);
  EXPECT_EQ(m.slots[0].box_volume, 6.0f);
  EXPECT_EQ(m.slots[0].tail, (std::array<std::uint32_t, 3>{1, 2, 3}));
}

TEST(HandModel, PassesEveryCheckAndWritesBackByteIdentical) {
  const ByteBuffer bytes = hand_model_bytes();
  EXPECT_TRUE(check_model(bytes).empty()) << listing(check_model(bytes));
  EXPECT_EQ(written(read_ok(bytes)), bytes);
}

// The same model built in code: the writer puts every field at its offset.
TEST(HandModel, ABuiltModelWritesTheseBytes) {
  const Model read = read_ok(hand_model_bytes());
  Model built;
  built.nodes = read.nodes;
  built.bounds = read.bounds;
  built.positions = read.positions;
  built.normals = read.normals;
  built.indices = read.indices;
  built.node_strings = read.node_strings;
  built.triangles = {TriangleDesc{kFaceWalkable | kFaceGlass, {kNoTwin, kNoTwin, kNoTwin}, {0, 0, 32767}, 0x01FF}};
  Slot slot;
  slot.tri_count = 1;
  slot.batch_count = 1;
  slot.aabb_max = {1, 1, 0};
  slot.sphere_center = {0.5f, 0.5f, 0};
  slot.sphere_radius = 1;
  slot.area = 2.5f;
  slot.box_volume = 6.0f;
  slot.tail = {1, 2, 3};
  built.slots = {slot};
  Batch batch;
  batch.word = kBatchWordLightmapped;
  batch.wear_row = 3;
  batch.lightmap = kBatchLightmapped;
  batch.index_count = 3;
  batch.vertex_count = 3;
  built.batches = {batch};
  built.uv0 = {PackedUv{0x9000, 0x0400}, {}, encode_uv(1.0f, 0.0f)};
  built.lightmap_uv = {encode_uv(1022.0f / 1024, 1020.0f / 1024), {}, encode_uv(0.5f, 0.5f)};
  NodeNameRecord hull = make_node_name("hull");
  std::fill(hull.begin() + 5, hull.end(), static_cast<char>(0xCC));
  built.node_names = {hull, make_node_name("CP_m1o1")};
  built.path_nodes = {PathNode{{1.5f, -2.0f, 0.25f}, 0x11, 1}, PathNode{{3.0f, 4.0f, 0.0f}, 0, 0}};
  PathLink link;
  link.to = 1;
  built.path_links = {link};
  EXPECT_TRUE(check_model(built).empty()) << listing(check_model(built));
  const ByteBuffer bytes = written(built);
  const test::HandModel h = hand_model_streams();
  EXPECT_EQ(payload_of(bytes, kBatchesType), h.batches);
  EXPECT_EQ(payload_of(bytes, kSlotsType), h.slots);
  EXPECT_EQ(payload_of(bytes, kUv0Type), h.uv0);
  EXPECT_EQ(payload_of(bytes, kLightmapUvType), h.lightmap_uv);
  EXPECT_EQ(payload_of(bytes, kNodeNamesType), h.names);
  EXPECT_EQ(payload_of(bytes, kNodeStringsType), h.strings);
  EXPECT_EQ(payload_of(bytes, kPathGraphType), h.path);
  EXPECT_EQ(payload_of(bytes, kTrianglesType), h.triangles);
  EXPECT_EQ(payload_of(bytes, kNodeTableType), h.nodes);
  // The rows: type 18 where the 21 lightmapped models have it; type 17's counts in attr1 and attr2.
  const Model back = read_ok(bytes);
  std::vector<std::uint32_t> types;
  for (const StreamRow& r : back.streams) types.push_back(r.type_id);
  EXPECT_EQ(types, (std::vector<std::uint32_t>{1, 2, 3, 4, 5, 18, 15, 13, 6, 7, 8, 19, 9, 10, 17}));
  EXPECT_EQ(back.stream(kPathGraphType)->attr1, 2u);
  EXPECT_EQ(back.stream(kPathGraphType)->attr2, 1u);
  EXPECT_EQ(back.stream(kNodeNamesType)->attr1, 2u);
  EXPECT_EQ(back.stream(kLightmapUvType)->attr1, 3u);
}

TEST(HandModel, AnEditedPathGraphRewritesItsCounts) {
  Model m = read_ok(hand_model_bytes());
  m.path_nodes.push_back(PathNode{{0, 0, 1}, 0, 0});
  m.path_links.clear();
  const Model back = read_ok(written(m));
  EXPECT_EQ(back.path_nodes, m.path_nodes);
  EXPECT_TRUE(back.path_links.empty());
  EXPECT_EQ(back.stream(kPathGraphType)->attr1, 3u);
  EXPECT_EQ(back.stream(kPathGraphType)->attr2, 0u);
}

TEST(HandModel, ReaderErrorsOfTheNewStreams) {
  struct Case {
    std::uint32_t type_id;
    ByteBuffer payload;
    const char* code;
    std::uint64_t offset_in_payload;
  };
  const Case cases[] = {
      {kNodeNamesType, ByteBuffer(33, 0), "msh.node_names.stride", 32},
      {kLightmapUvType, ByteBuffer(7, 0), "msh.lightmap_uv.stride", 4},
      {kPathGraphType, ByteBuffer(2 * 20 + 39, 0), "msh.path.stride", 0},  // attr1 = 2: 39 bytes of links
      {kPathGraphType, ByteBuffer(20, 0), "msh.path.stride", 0},           // attr1 = 2 nodes do not fit
  };
  const ByteBuffer good = hand_model_bytes();
  for (const Case& c : cases) {
    const ByteBuffer bytes = test::with_payload(good, c.type_id, c.payload);
    auto read = read_model(bytes);
    ASSERT_FALSE(read) << c.code;
    EXPECT_EQ(read.error().rule, c.code);
    auto archive = nres::read(bytes);
    std::size_t index = 0;
    while (archive->entries[index].type_id != c.type_id) ++index;
    EXPECT_EQ(read.error().offset, archive->entries[index].data_offset + c.offset_in_payload) << c.code;
  }
}

}  // namespace
}  // namespace parkan::msh
