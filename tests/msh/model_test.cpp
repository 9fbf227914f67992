// The model reader and writer (docs/formats/msh.md 1-9): models built in code written and read back field for
// field, byte-identical round trips of read models (layouts the canonical writer would not make
// included), edits that touch one stream, terrain and legacy node tables, the reader's errors.
#include <gtest/gtest.h>

#include "model_builders.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/nres/edit.hpp"

namespace parkan::msh {
namespace {

using test::box_model;
using test::model_bytes;
using test::RawStream;
using test::read_ok;
using test::written;

std::vector<std::uint32_t> types_of(const Model& m) {
  std::vector<std::uint32_t> types;
  for (const StreamRow& r : m.streams) types.push_back(r.type_id);
  return types;
}

void expect_same_fields(const Model& a, const Model& b) {
  EXPECT_EQ(a.kind, b.kind);
  EXPECT_EQ(a.node_layout, b.node_layout);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_TRUE(a.bounds == b.bounds);
  EXPECT_EQ(a.slots, b.slots);
  EXPECT_EQ(a.positions, b.positions);
  EXPECT_EQ(a.normals, b.normals);
  EXPECT_EQ(a.uv0, b.uv0);
  EXPECT_EQ(a.indices, b.indices);
  EXPECT_EQ(a.triangles, b.triangles);
  EXPECT_EQ(a.batches, b.batches);
  EXPECT_EQ(a.node_strings, b.node_strings);
  EXPECT_EQ(a.node_strings_tail, b.node_strings_tail);
}

TEST(ModelWrite, BuiltModelHasTheCorpusStreamSetAndAttributes) {
  const Model built = box_model();
  const Model m = read_ok(written(built));
  EXPECT_EQ(types_of(m), (std::vector<std::uint32_t>{1, 2, 3, 4, 5, 15, 13, 6, 7, 8, 19, 9, 10, 17}));
  expect_same_fields(built, m);
  const StreamRow* slots = m.stream(kSlotsType);
  EXPECT_EQ(slots->attr1, built.slots.size());
  EXPECT_EQ(slots->attr2, 0u);
  EXPECT_EQ(slots->attr3, 68u);
  EXPECT_EQ(m.stream(kTrianglesType)->attr1, built.triangles.size());
  EXPECT_EQ(m.stream(kTrianglesType)->attr3, 16u);
  EXPECT_EQ(m.stream(kNodeTableType)->attr3, 38u);
  EXPECT_EQ(m.stream(kNodeStringsType)->attr1, 3u);
  EXPECT_EQ(m.stream(kKeyPoolType)->attr3, 4u);
  EXPECT_EQ(m.stream(kFrameMapType)->attr3, 2u);
  EXPECT_EQ(m.stream(kFrameMapType)->attr2, 1u);
  EXPECT_EQ(m.stream(kPositionsType)->attr1, built.positions.size());
  EXPECT_EQ(m.stream(kPositionsType)->attr3, 12u);
  EXPECT_EQ(m.stream(15)->payload.size(), 8 * built.positions.size());
  EXPECT_EQ(m.stream(15)->attr3, 8u);
  EXPECT_TRUE(m.stream(9)->payload.empty());
  EXPECT_TRUE(m.stream(17)->payload.empty());
  EXPECT_EQ(m.stream(1)->name, "Res1");
  EXPECT_EQ(m.stream(kBatchesType)->name, "Res13");
}

TEST(ModelWrite, BuiltStaticModelHasARestKeyAndSamples) {
  ByteBuffer bytes = written(box_model());
  auto streams = read_anim_streams(bytes);
  ASSERT_TRUE(streams) << streams.error().to_string();
  EXPECT_EQ(streams->key_count, 1u);
  auto world = world_matrices(*streams, 0.0f);
  ASSERT_TRUE(world) << world.error().to_string();
  EXPECT_EQ(world->size(), 3u);
}

TEST(ModelWrite, ReadModelWritesBackByteIdentical) {
  for (const test::BoxModelSpec& spec :
       {test::BoxModelSpec{1, 1, 1, false}, test::BoxModelSpec{3, 2, 2, true}, test::BoxModelSpec{7, 3, 5, true}}) {
    const ByteBuffer bytes = written(box_model(spec));
    const Model m = read_ok(bytes);
    EXPECT_EQ(written(m), bytes);
    EXPECT_EQ(m.container, bytes);
  }
}

TEST(ModelWrite, NameNodesFromTypeNine) {
  const Model m = read_ok(written(box_model()));
  EXPECT_EQ(m.node_name(0), "part0");
  EXPECT_EQ(m.node_name(1), "node1");
  EXPECT_EQ(m.node_name(2), "part2");
  EXPECT_EQ(m.node_name(9), "node9");
}

TEST(ModelWrite, AnimatedModel) {
  Model built = box_model({4, 2, 3, true});
  ASSERT_TRUE(set_animation(built, test::turn_tracks(4)));
  EXPECT_EQ(built.nodes[0].anim_map_start, 0);
  EXPECT_EQ(built.nodes[0].fallback_key, 4);  // keys at 0, 2, 4, 6, 8
  EXPECT_EQ(built.nodes[1].anim_map_start, kNoMap);
  EXPECT_EQ(built.nodes[1].fallback_key, 5);
  const ByteBuffer bytes = written(built);
  const Model m = read_ok(bytes);
  EXPECT_EQ(types_of(m), (std::vector<std::uint32_t>{1, 2, 3, 4, 5, 15, 13, 6, 7, 8, 19, 9, 10, 17}));
  expect_same_fields(built, m);
  EXPECT_EQ(m.stream(kFrameMapType)->attr2, 9u);
  EXPECT_EQ(m.stream(kKeyPoolType)->attr1, 8u);
  EXPECT_EQ(written(m), bytes);
  auto streams = read_anim_streams(bytes);
  ASSERT_TRUE(streams);
  EXPECT_TRUE(check_anim(*streams).empty());
  auto pose = sample_node(*streams, 0, 4.0f);
  ASSERT_TRUE(pose);
  EXPECT_EQ(pose->pos[2], 4.0f);
  auto child = sample_node(*streams, 2, 3.0f);
  ASSERT_TRUE(child);
  EXPECT_EQ(child->pos[0], 1.0f);
}

TEST(ModelWrite, SetAnimationRefusesAWrongTrackCount) {
  Model m = box_model();
  Status s = set_animation(m, test::turn_tracks(2));
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().rule, "msh.anim.track_count");
}

TEST(ModelWrite, SetAnimationOnAReadModelReplacesItsRows) {
  Model m = read_ok(written(box_model()));
  ASSERT_TRUE(set_animation(m, test::turn_tracks(3)));
  const ByteBuffer bytes = written(m);
  const Model back = read_ok(bytes);
  EXPECT_EQ(types_of(back), types_of(m));
  EXPECT_EQ(back.stream(kFrameMapType)->attr2, 9u);
  EXPECT_EQ(back.nodes, m.nodes);
}

TEST(ModelWrite, StreamsOutsideTheCorpusListGoInTheirPlace) {
  Model m = box_model();
  m.streams.push_back({20, 1, 0, 48, "Res20", ByteBuffer(48, 7)});
  m.lightmap_uv.assign(m.positions.size(), PackedUv{0x0101, 0x0101});  // type 18 gets its row
  const Model back = read_ok(written(m));
  EXPECT_EQ(types_of(back), (std::vector<std::uint32_t>{1, 2, 3, 4, 5, 18, 15, 13, 6, 7, 8, 19, 9, 10, 17, 20}));
  EXPECT_EQ(back.stream(20)->payload, ByteBuffer(48, 7));
  EXPECT_EQ(back.lightmap_uv, m.lightmap_uv);
  EXPECT_EQ(back.stream(kLightmapUvType)->attr1, m.positions.size());
  EXPECT_EQ(back.stream(kLightmapUvType)->attr3, 4u);
}

// The layout of the input survives: payloads out of directory order, non-zero padding, bytes after
// the NUL of a name, an unindexed gap.
ByteBuffer odd_layout_model() {
  ByteBuffer canonical = written(box_model());
  auto archive = nres::read(canonical);
  nres::Document doc = nres::make_document(*archive);
  std::swap(doc.chunks[1], doc.chunks[3]);
  static const std::uint8_t kGap[5] = {1, 2, 3, 4, 5};
  doc.chunks.insert(doc.chunks.begin() + 2, nres::Chunk{nres::Chunk::kFiller, ByteView(kGap), false, false});
  doc.entries[4].name_field[10] = 0x55;  // after the NUL of "Res5"
  auto bytes = nres::write_lossless(doc);
  return *bytes;
}

TEST(ModelWrite, KeepsTheNResLayout) {
  const ByteBuffer bytes = odd_layout_model();
  ASSERT_NE(bytes, written(box_model()));
  const Model m = read_ok(bytes);
  EXPECT_EQ(written(m), bytes);
}

TEST(ModelWrite, AnEditChangesOnlyItsStream) {
  const ByteBuffer bytes = odd_layout_model();
  Model m = read_ok(bytes);
  m.positions[5][1] = 42.0f;
  m.batches[0].wear_row = 9;
  const ByteBuffer edited = written(m);
  ASSERT_EQ(edited.size(), bytes.size());
  const Model back = read_ok(edited);
  EXPECT_EQ(back.positions[5][1], 42.0f);
  EXPECT_EQ(back.batches[0].wear_row, 9);
  for (std::size_t i = 0; i < m.streams.size(); ++i)
    if (m.streams[i].type_id != kPositionsType && m.streams[i].type_id != kBatchesType) {
      EXPECT_EQ(back.streams[i], m.streams[i]) << "stream #" << i;
    }
  auto a = nres::read(bytes, nres::Profile::compatible);
  auto b = nres::read(edited, nres::Profile::compatible);
  for (std::size_t i = 0; i < a->entries.size(); ++i) EXPECT_EQ(a->entries[i].data_offset, b->entries[i].data_offset);
}

TEST(ModelWrite, CountAttributesFollowAGrowingStream) {
  Model m = read_ok(written(box_model()));
  m.slots.push_back(m.slots.back());
  m.triangles.push_back(m.triangles.back());
  const Model back = read_ok(written(m));
  EXPECT_EQ(back.stream(kSlotsType)->attr1, m.slots.size());
  EXPECT_EQ(back.stream(kTrianglesType)->attr1, m.triangles.size());
  EXPECT_EQ(back.slots, m.slots);
}

TEST(ModelWrite, AnAttributeThatIsNoCountStaysAsStored) {
  Model m = read_ok(written(box_model()));
  for (StreamRow& r : m.streams)
    if (r.type_id == kSlotsType) r.attr1 = 777;
  ByteBuffer bytes = written(m);
  Model back = read_ok(bytes);
  back.slots.pop_back();
  EXPECT_EQ(read_ok(written(back)).stream(kSlotsType)->attr1, 777u);
}

TEST(ModelWrite, TypedDataWithoutItsStreamIsRefused) {
  Model m = read_ok(written(box_model()));
  std::erase_if(m.streams, [](const StreamRow& r) { return r.type_id == kPositionsType; });
  auto bytes = write_model(m);
  ASSERT_FALSE(bytes);
  EXPECT_EQ(bytes.error().rule, "msh.write.no_stream");
}

TEST(ModelWrite, RemovedStreamsRebuildTheNRes) {
  Model m = read_ok(written(box_model()));
  std::erase_if(m.streams, [](const StreamRow& r) { return r.type_id == 17; });
  const Model back = read_ok(written(m));
  EXPECT_FALSE(back.has_stream(17));
  expect_same_fields(m, back);
}

TEST(ModelRead, NodeStringsKeepTerminatorAndTail) {
  ByteWriter strings;
  strings.u32(3);
  strings.bytes(as_bytes("abc"));
  strings.u8(0x7A);  // not a NUL
  strings.u32(0);
  strings.bytes(as_bytes("tail"));
  ByteBuffer nodes = written(box_model({2, 1, 1, false}));
  const ByteBuffer bytes = test::with_payload(nodes, kNodeStringsType, strings.take());
  const Model m = read_ok(bytes);
  ASSERT_EQ(m.node_strings.size(), 2u);
  EXPECT_TRUE(m.node_strings[0].present);
  EXPECT_EQ(m.node_strings[0].text, "abc");
  EXPECT_EQ(m.node_strings[0].terminator, 0x7A);
  EXPECT_FALSE(m.node_strings[1].present);
  EXPECT_EQ(m.node_strings_tail, ByteBuffer({'t', 'a', 'i', 'l'}));
  EXPECT_EQ(written(m), bytes);
}

TEST(ModelRead, TerrainIsRecognizedByItsStreams) {
  const ByteBuffer bytes = test::terrain_bytes();
  const Model m = read_ok(bytes);
  EXPECT_EQ(m.kind, ModelKind::terrain);
  EXPECT_EQ(types_of(m), (std::vector<std::uint32_t>{1, 2, 3, 4, 5, 18, 14, 11, 21}));
  EXPECT_EQ(m.nodes.size(), 2u);
  EXPECT_EQ(m.slots.size(), 4u);
  EXPECT_EQ(m.positions.size(), 32u);
  EXPECT_EQ(m.normals.size(), 32u);
  EXPECT_EQ(m.stream(21)->payload.size(), 12u * 28u);  // the terrain streams stay raw
  EXPECT_EQ(m.lightmap_uv, std::vector<PackedUv>(32, PackedUv{0x0303, 0x0303}));  // typed: type 18
  EXPECT_TRUE(m.stream(3)->payload.empty());  // typed: the bytes are in the fields
  EXPECT_EQ(written(m), bytes);
}

TEST(ModelRead, LegacyNodeTablePassesThrough) {
  ByteBuffer legacy(48);
  for (std::size_t i = 0; i < legacy.size(); ++i) legacy[i] = static_cast<std::uint8_t>(i * 7);
  std::vector<RawStream> raw = test::raw_streams(written(box_model({1, 1, 1, false})));
  raw[0] = {1, legacy, 2, 0, 24};
  raw[12].payload.clear();  // type 10: one empty record per node
  for (int i = 0; i < 2; ++i) raw[12].payload.insert(raw[12].payload.end(), 4, 0);
  const ByteBuffer bytes = model_bytes(raw);
  const Model m = read_ok(bytes);
  EXPECT_EQ(m.node_layout, NodeLayout::legacy24);
  EXPECT_TRUE(m.nodes.empty());
  EXPECT_EQ(m.node_strings.size(), 2u);
  EXPECT_EQ(written(m), bytes);
}

struct ReadError {
  std::uint32_t type_id;
  std::size_t size;
  const char* code;
  std::size_t offset_in_payload;
};

TEST(ModelRead, StrideRemaindersAreErrorsAtTheirOffset) {
  const ByteBuffer good = written(box_model());
  const Model m = read_ok(good);
  const ReadError cases[] = {
      {kNodeTableType, 3 * 38 + 5, "msh.nodes.stride", 3 * 38},
      {kSlotsType, 0x8C + 68 + 3, "msh.slots.stride", 0x8C + 68},
      {kSlotsType, 0x8B, "msh.slots.header", 0},
      {kPositionsType, 25, "msh.positions.stride", 24},
      {kNormalsType, 6, "msh.normals.stride", 4},
      {kUv0Type, 7, "msh.uv0.stride", 4},
      {kIndicesType, 5, "msh.indices.stride", 4},
      {kTrianglesType, 17, "msh.triangles.stride", 16},
      {kBatchesType, 41, "msh.batches.stride", 40},
  };
  for (const ReadError& c : cases) {
    ByteBuffer payload(c.size, 0);
    const ByteBuffer bytes = test::with_payload(good, c.type_id, payload);
    auto read = read_model(bytes);
    ASSERT_FALSE(read) << c.code;
    EXPECT_EQ(read.error().rule, c.code);
    auto archive = nres::read(bytes);
    std::size_t index = 0;
    while (archive->entries[index].type_id != c.type_id) ++index;
    EXPECT_EQ(read.error().offset, archive->entries[index].data_offset + c.offset_in_payload) << c.code;
    EXPECT_NE(read.error().message.find("stream #" + std::to_string(index)), std::string::npos);
  }
}

TEST(ModelRead, StringRecordsPastThePayload) {
  const ByteBuffer good = written(box_model({2, 1, 1, false}));
  ByteWriter cut_length;
  cut_length.u32(0);
  cut_length.u16(0);  // node 1: 2 of 4 length bytes
  ByteWriter long_text;
  long_text.u32(0);
  long_text.u32(5);
  long_text.bytes(as_bytes("abcde"));  // no room for the NUL
  ByteWriter huge;
  huge.u32(0xFFFFFFFF);
  for (auto [payload, at] : {std::pair{cut_length.take(), 4u}, {long_text.take(), 4u}, {huge.take(), 0u}}) {
    const ByteBuffer bytes = test::with_payload(good, kNodeStringsType, payload);
    auto read = read_model(bytes);
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().rule, "msh.strings.past_end");
    auto archive = nres::read(bytes);
    EXPECT_EQ(read.error().offset, archive->entries[12].data_offset + at);
  }
}

TEST(ModelRead, NotAnNRes) {
  const ByteBuffer junk = {'N', 'R', 'e', 's', 1, 2};
  auto read = read_model(junk);
  ASSERT_FALSE(read);
  EXPECT_TRUE(read.error().rule.starts_with("nres.") || read.error().rule == "msh.model.container");
  EXPECT_FALSE(read_model(ByteBuffer{}));
}

TEST(ModelRead, DuplicateStreamsStayRaw) {
  const ByteBuffer good = written(box_model());
  Model base = read_ok(good);
  std::vector<RawStream> raw = test::raw_streams(good);
  raw.push_back({kPositionsType, ByteBuffer(5, 9), 0, 0, 12});  // not even a whole position
  const ByteBuffer bytes = model_bytes(raw);
  const Model m = read_ok(bytes);
  EXPECT_EQ(m.positions, base.positions);
  EXPECT_EQ(m.streams.back().payload, ByteBuffer(5, 9));  // the second type 3 stream is raw
  EXPECT_EQ(written(m), bytes);
}

TEST(ModelCodec, PackedFields) {
  EXPECT_EQ(decode_normal({{127, -128, 0, 5}}), (Vec3{1.0f, -1.0f, 0.0f}));
  EXPECT_EQ(decode_uv({1024, 0x9000}), (std::array<float, 2>{1.0f, 36.0f}));  // u16: 0x9000 is not negative
  EXPECT_EQ(encode_uv(1.0f, 36.0f), (PackedUv{1024, 0x9000}));
  EXPECT_EQ(encode_uv(100.0f, -0.5f), (PackedUv{65535, 0}));  // clamped to 0..65535
  EXPECT_EQ(encode_uv(std::nanf(""), 0.00049f), (PackedUv{0, 1}));
  Node n = make_node(4);
  EXPECT_EQ(n.parent, 4);
  EXPECT_EQ(n.slot(2, 4), kNoSlot);
  EXPECT_EQ(n.anim_map_start, kNoMap);
}

}  // namespace
}  // namespace parkan::msh
