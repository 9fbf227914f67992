// The editor IR and the writers: lossless round trips, the canonical writer (5.4, 8), and the
// properties of docs/formats/msh-animation.md 8.3 and 9.7 (key times sample to the key, canonical
// output passes every check).
#include <cmath>
#include <cstring>
#include <limits>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "builders.hpp"
#include "parkan/msh/math.hpp"

namespace parkan::msh {
namespace {

using test::build;
using test::key;
using test::RawModel;
using test::small_model;
using test::streams_of;

ByteBuffer payload_of(ByteView bytes) { return ByteBuffer(bytes.begin(), bytes.end()); }

// ---- generators ----

AnimKey gen_key(float time) {
  AnimKey k;
  k.time = time;
  for (float& p : k.pos) p = static_cast<float>(*rc::gen::inRange(-8000, 8000)) / 8.0f;
  for (std::int16_t& q : k.quat_raw) q = static_cast<std::int16_t>(*rc::gen::inRange(-32767, 32768));
  return k;
}

// A model the canonical writer accepts: 1..38 nodes (docs/formats/msh.md 8), parents before children, static
// tracks of 1..3 keys, animated tracks of 2..9 keys at whole increasing times from 0.
rc::Gen<AnimTracks> gen_canonical_input() {
  return rc::gen::exec([] {
    AnimTracks m;
    const int nodes = *rc::gen::inRange(1, 39);
    for (int i = 0; i < nodes; ++i) {
      NodeAnimTrack t;
      t.node_index = static_cast<std::uint32_t>(i);
      std::uint16_t parent = (i == 0 || *rc::gen::inRange(0, 8) == 0)
                                 ? kNoParent
                                 : static_cast<std::uint16_t>(*rc::gen::inRange(0, i));
      t.node_bytes = make_node38(parent, *rc::gen::arbitrary<std::uint16_t>());
      t.has_map = *rc::gen::arbitrary<bool>();
      const int count = t.has_map ? *rc::gen::inRange(2, 10) : *rc::gen::inRange(1, 4);
      float time = 0.0f;
      for (int k = 0; k < count; ++k) {
        t.keys.push_back(gen_key(t.has_map ? time : static_cast<float>(k)));
        time += static_cast<float>(*rc::gen::inRange(1, 9));
      }
      m.tracks.push_back(std::move(t));
    }
    return m;
  });
}

// A model the IR can hold but far from canonical: any key bits (NaN, inf), any map words, holes,
// overlapping blocks, extra keys after the last track and extra words after the blocks.
rc::Gen<RawModel> gen_raw_decomposable() {
  return rc::gen::exec([] {
    RawModel m;
    const int nodes = *rc::gen::inRange(1, 12);
    m.frame_count = static_cast<std::uint32_t>(*rc::gen::inRange(0, 12));
    const int words = *rc::gen::inRange(0, 60);
    for (int w = 0; w < words; ++w) m.words.push_back(*rc::gen::arbitrary<std::uint16_t>());
    std::uint32_t fallback = 0;
    for (int i = 0; i < nodes; ++i) {
      fallback += static_cast<std::uint32_t>(*rc::gen::inRange(i == 0 ? 0 : 1, 5));
      test::NodeSpec n;
      n.parent = *rc::gen::arbitrary<std::uint16_t>();
      n.fallback = static_cast<std::uint16_t>(fallback);
      if (words >= static_cast<int>(m.frame_count) && *rc::gen::arbitrary<bool>())
        n.map_start = static_cast<std::uint16_t>(*rc::gen::inRange(0, words - static_cast<int>(m.frame_count) + 1));
      m.nodes.push_back(n);
    }
    const std::uint32_t keys = fallback + 1 + static_cast<std::uint32_t>(*rc::gen::inRange(0, 4));
    for (std::uint32_t k = 0; k < keys; ++k) {
      AnimKey a;
      std::uint32_t bits[4];
      for (std::uint32_t& b : bits) b = *rc::gen::arbitrary<std::uint32_t>();
      std::memcpy(a.pos.data(), bits, 12);
      std::memcpy(&a.time, bits + 3, 4);
      for (std::int16_t& q : a.quat_raw) q = *rc::gen::arbitrary<std::int16_t>();
      m.keys.push_back(a);
    }
    m.key_attr1 = *rc::gen::arbitrary<std::uint32_t>();  // any attributes survive
    m.key_attr3 = *rc::gen::arbitrary<std::uint32_t>();
    m.node_attr3 = kNodeTableAttr3;
    return m;
  });
}

ByteBuffer canonical_bytes(const AnimTracks& m) {
  auto out = write_anim_canonical(m);
  RC_ASSERT(out.ok());
  auto bytes = build_anim_model(*out);
  RC_ASSERT(bytes.ok());
  return *bytes;
}

// ---- properties ----

RC_GTEST_PROP(CanonicalWriter, OutputPassesEveryCheck, ()) {
  ByteBuffer bytes = canonical_bytes(*gen_canonical_input());
  std::vector<Diagnostic> findings = check_anim(bytes);
  for (const Diagnostic& f : findings) RC_LOG() << f.to_string() << "\n";
  RC_ASSERT(findings.empty());
}

RC_GTEST_PROP(CanonicalWriter, SamplingAtKeyTimesReturnsTheKeyExactly, ()) {
  ByteBuffer bytes = canonical_bytes(*gen_canonical_input());
  AnimStreams s = streams_of(bytes);
  AnimTracks ir = *read_anim_tracks(s);
  for (const NodeAnimTrack& track : ir.tracks)
    for (const AnimKey& k : track.keys) {
      auto pose = sample_node(s, track.node_index, k.time);
      RC_ASSERT(pose.ok());
      RC_ASSERT(pose->path != SamplePath::interp);
      RC_ASSERT(pose->quat == decode_quat(k.quat_raw));
      RC_ASSERT(pose->pos == k.pos);
    }
}

RC_GTEST_PROP(CanonicalWriter, IsIdempotent, ()) {
  ByteBuffer once = canonical_bytes(*gen_canonical_input());
  ByteBuffer twice = canonical_bytes(*read_anim_tracks(streams_of(once)));
  RC_ASSERT(once == twice);
}

RC_GTEST_PROP(LosslessWriter, CanonicalModelsRoundTripByteForByte, ()) {
  ByteBuffer bytes = canonical_bytes(*gen_canonical_input());
  AnimStreams s = streams_of(bytes);
  auto out = write_anim(*read_anim_tracks(s));
  RC_ASSERT(out.ok());
  RC_ASSERT(out->nodes.payload == payload_of(s.nodes));
  RC_ASSERT(out->keys.payload == payload_of(s.keys));
  RC_ASSERT(out->map.payload == payload_of(s.map));
  RC_ASSERT(*build_anim_model(*out) == bytes);
}

RC_GTEST_PROP(LosslessWriter, AnyDecomposableModelRoundTripsByteForByte, ()) {
  ByteBuffer bytes = build(*gen_raw_decomposable());
  AnimStreams s = streams_of(bytes);
  auto ir = read_anim_tracks(s);
  RC_ASSERT(ir.ok());
  auto out = write_anim(*ir);
  RC_ASSERT(out.ok());
  RC_ASSERT(out->nodes.payload == payload_of(s.nodes));
  RC_ASSERT(out->keys.payload == payload_of(s.keys));
  RC_ASSERT(out->map.payload == payload_of(s.map));
  RC_ASSERT(out->keys.entry.attr1 == s.keys_entry.attr1);
  RC_ASSERT(out->keys.entry.attr3 == s.keys_entry.attr3);
  auto replaced = replace_anim_streams(bytes, *out);
  RC_ASSERT(replaced.ok());
  RC_ASSERT(*replaced == bytes);
}

// ---- the IR ----

TEST(AnimTracksReader, SplitsThePoolIntoTracks) {
  RawModel raw = small_model();
  AnimTracks m = *test::ir_of(raw);
  EXPECT_EQ(m.frame_count, 5u);
  ASSERT_EQ(m.tracks.size(), 3u);
  EXPECT_EQ(m.tracks[0].keys, (std::vector<AnimKey>{raw.keys[0], raw.keys[1], raw.keys[2]}));
  EXPECT_EQ(m.tracks[1].keys, (std::vector<AnimKey>{raw.keys[3]}));
  EXPECT_EQ(m.tracks[2].keys, (std::vector<AnimKey>{raw.keys[4], raw.keys[5]}));
  EXPECT_TRUE(m.tracks[0].has_map);
  EXPECT_FALSE(m.tracks[1].has_map);
  EXPECT_EQ(m.tracks[0].frame_map, (std::vector<std::uint16_t>{0, 0, 1, 1, 2}));
  EXPECT_EQ(m.tracks[2].frame_map, (std::vector<std::uint16_t>{4, 5, 5, 5, 5}));
  EXPECT_EQ(m.tracks[2].map_start, 5);
  EXPECT_EQ(m.tracks[2].fallback_key, 5);
  EXPECT_TRUE(m.extra_keys.empty());
}

TEST(AnimTracksReader, RefusesWhatItCannotHold) {
  RawModel raw = small_model();
  raw.nodes[2].fallback = 3;  // not after node 1's 3
  auto m = test::ir_of(raw);
  ASSERT_FALSE(m);
  EXPECT_EQ(test::coded(m.error()),
            "node 2: fallback key 3 does not follow the previous node's fallback key 3, so the key pool cannot be "
            "split into tracks (docs/formats/msh-animation.md 5.1) at offset 0x62 [anim.node.fallback_order]");
  raw = small_model();
  raw.nodes[2].map_start = 7;
  m = test::ir_of(raw);
  ASSERT_FALSE(m);
  EXPECT_EQ(test::coded(m.error()),
            "node 2: map block 7..12 is past the frame map (10 words) (rule 9.3) at offset 0x60 [anim.node.map_range]");
  raw = small_model();
  raw.nodes[2].fallback = 6;
  m = test::ir_of(raw);
  ASSERT_FALSE(m);
  EXPECT_EQ(test::coded(m.error()),
            "node 2: fallback key 6 is past the key pool (6 keys) (rule 9.2) at offset 0x62 "
            "[anim.node.fallback_range]");
}

TEST(AnimTracksReader, RefusesOverlappingBlocksThatWouldExplodeTheIr) {
  auto m = test::ir_of(test::overlapping_blocks_model());
  ASSERT_FALSE(m);
  EXPECT_EQ(test::coded(m.error()),
            "node 167: the frame maps of the tracks so far hold 16800000 words, more than the IR takes (16777216); "
            "the map blocks overlap at offset 0x18de [anim.tracks.map_limit]");
}

TEST(LosslessWriter, AnEditChangesOnlyItsBytes) {
  RawModel raw = small_model();
  raw.extra_types = {9, 17};
  ByteBuffer bytes = build(raw);
  AnimTracks m = *read_anim_tracks(streams_of(bytes));
  m.tracks[0].keys[1].pos[0] = 99.0f;
  m.tracks[2].frame_map[0] = 5;
  ByteBuffer edited = *replace_anim_streams(bytes, *write_anim(m));
  ASSERT_EQ(edited.size(), bytes.size());  // same layout: only the edited words differ
  std::vector<std::size_t> changed;
  for (std::size_t i = 0; i < bytes.size(); ++i)
    if (bytes[i] != edited[i]) changed.push_back(i);
  // key 1 pos.x at 0x88 + 24 (float 99 = 0x42C60000, differing from 2.0 = 0x40000000 in 2 bytes);
  // word 5 at 0x118 + 10.
  EXPECT_THAT(changed, ::testing::ElementsAre(0xA2, 0xA3, 0x122));
  auto archive = *nres::read(edited);
  ASSERT_EQ(archive.entries.size(), 5u);
  EXPECT_EQ(archive.entries[3].type_id, 9u);
  EXPECT_EQ(archive.entries[4].type_id, 17u);
}

TEST(LosslessWriter, LegacyNodeTablePassesThroughUntouched) {
  RawModel raw;
  raw.node_attr3 = kLegacyNodeStride;
  raw.nodes_raw = ByteBuffer{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24};
  raw.keys = {key(0, {1, 2, 3}, {1, 2, 3, 4})};
  raw.nodes = {{}};
  ByteBuffer bytes = build(raw);
  AnimStreams s = streams_of(bytes);
  AnimTracks m = *read_anim_tracks(s);
  EXPECT_EQ(m.layout, NodeLayout::legacy24);
  EXPECT_TRUE(m.tracks.empty());
  AnimStreamsOut out = *write_anim(m);
  EXPECT_EQ(out.nodes.payload, *raw.nodes_raw);
  EXPECT_EQ(out.keys.payload, payload_of(s.keys));
  EXPECT_EQ(out.nodes.entry.attr3, kLegacyNodeStride);
  EXPECT_EQ(*replace_anim_streams(bytes, out), bytes);
  auto canonical = write_anim_canonical(m);
  ASSERT_FALSE(canonical);
  EXPECT_EQ(test::coded(canonical.error()),
            "legacy node table (24-byte nodes, docs/formats/msh-animation.md 10.3) has no canonical form; the lossless writer "
            "passes it through [anim.nodes.legacy]");
  m.tracks.push_back(NodeAnimTrack{});
  auto with_tracks = write_anim(m);
  ASSERT_FALSE(with_tracks);
  EXPECT_EQ(test::coded(with_tracks.error()), "a legacy (24-byte) node table holds no tracks [anim.nodes.legacy]");
}

// ---- the canonical writer ----

AnimTracks two_tracks() {
  AnimTracks m;
  NodeAnimTrack a;
  a.node_index = 0;
  a.node_bytes = make_node38(kNoParent);
  a.has_map = true;
  a.keys = {key(0, {0, 0, 0}), key(4, {4, 0, 0}, {0, 0, 32767, 0})};
  NodeAnimTrack b;
  b.node_index = 1;
  b.node_bytes = make_node38(0);
  b.has_map = true;
  b.keys = {key(0, {0, 1, 0}), key(1, {0, 2, 0}), key(2, {0, 3, 0})};
  NodeAnimTrack c;
  c.node_index = 2;
  c.node_bytes = make_node38(1, 0x40);
  c.has_map = false;
  c.keys = {key(0, {5, 5, 5}), key(7, {6, 6, 6})};  // no map: only the last key is ever shown
  m.tracks = {a, b, c};
  return m;
}

TEST(CanonicalWriter, ExactStreams) {
  AnimStreamsOut out = *write_anim_canonical(two_tracks());
  // Keys: node 0 -> 0..1, node 1 -> 2..4, node 2 -> its last key at time 0 as key 5.
  EXPECT_EQ(out.keys.payload, test::key_pool({key(0, {0, 0, 0}), key(4, {4, 0, 0}, {0, 0, 32767, 0}),
                                               key(0, {0, 1, 0}), key(1, {0, 2, 0}), key(2, {0, 3, 0}),
                                               key(0, {6, 6, 6})}));
  // frame_count = 4 + 1. Node 0: frames 0..3 -> key 0, frame 4 -> fallback 1. Node 1: frame 0 -> 2,
  // 1 -> 3, 2.. (at or past its last key time) -> fallback 4, written == fallback.
  ByteWriter words;
  for (std::uint16_t w : {0, 0, 0, 0, 1, 2, 3, 4, 4, 4}) words.u16(w);
  EXPECT_EQ(out.map.payload, words.buffer());
  // Nodes: the raw Node38 bytes as given, with hdr2/hdr3 set.
  ByteBuffer nodes(3 * kNodeStride);
  const std::uint16_t want_words[3][2] = {{0, 1}, {5, 4}, {kNoMap, 5}};
  const std::array<std::uint8_t, kNodeStride> given[3] = {make_node38(kNoParent), make_node38(0),
                                                          make_node38(1, 0x40)};
  for (int i = 0; i < 3; ++i) {
    std::array<std::uint8_t, kNodeStride> node = given[i];
    store_u16(node.data() + kNodeMapStartOffset, want_words[i][0]);
    store_u16(node.data() + kNodeFallbackOffset, want_words[i][1]);
    std::memcpy(nodes.data() + i * kNodeStride, node.data(), kNodeStride);
  }
  EXPECT_EQ(out.nodes.payload, nodes);
  // Attributes (8).
  EXPECT_EQ(out.nodes.entry.attr3, 38u);
  EXPECT_EQ(out.keys.entry.attr1, 6u);
  EXPECT_EQ(out.keys.entry.attr2, 0u);
  EXPECT_EQ(out.keys.entry.attr3, 4u);
  EXPECT_EQ(out.map.entry.attr1, 10u);
  EXPECT_EQ(out.map.entry.attr2, 5u);
  EXPECT_EQ(out.map.entry.attr3, 2u);
  EXPECT_EQ(out.map.entry.name(), "Res19");
}

TEST(CanonicalWriter, StaticModelHasAnEmptyFrameMap) {
  AnimTracks m = two_tracks();
  for (NodeAnimTrack& t : m.tracks) t.has_map = false;
  AnimStreamsOut out = *write_anim_canonical(m);
  EXPECT_TRUE(out.map.payload.empty());
  EXPECT_EQ(out.map.entry.attr1, 0u);
  EXPECT_EQ(out.map.entry.attr2, 1u);
  EXPECT_EQ(out.map.entry.attr3, 2u);
  EXPECT_EQ(out.keys.entry.attr1, 3u);
  EXPECT_TRUE(check_anim(*build_anim_model(out)).empty());
}

TEST(CanonicalWriter, TracksOfEqualKeysBecomeStatic) {
  AnimTracks m = two_tracks();
  m.tracks[1].keys = {key(0, {1, 1, 1}), key(3, {1, 1, 1}), key(9, {1, 1, 1})};
  AnimStreamsOut out = *write_anim_canonical(m);
  EXPECT_EQ(load_u16(out.nodes.payload.data() + kNodeStride + 4), kNoMap);
  EXPECT_EQ(out.keys.entry.attr1, 4u);
  EXPECT_EQ(out.map.entry.attr2, 5u);  // node 1's time 9 no longer counts
}

std::string canonical_error(AnimTracks m) {
  auto out = write_anim_canonical(m);
  return out ? "no error" : test::coded(out.error());
}

TEST(CanonicalWriter, RefusesTracksThatCannotBeCanonical) {
  AnimTracks m = two_tracks();
  m.tracks[1].keys[1].time = 0.5f;
  EXPECT_EQ(canonical_error(m),
            "node 1 key 1: time 0.5 is not a whole frame in 0..65534 (docs/formats/msh-animation.md 5.2) [anim.key.whole_time]");
  m = two_tracks();
  m.tracks[1].keys[0].time = 1.0f;
  m.tracks[1].keys[1].time = 2.0f;
  m.tracks[1].keys[2].time = 3.0f;
  EXPECT_EQ(canonical_error(m), "node 1: the track starts at time 1, canonical tracks start at 0 (docs/formats/msh-animation.md "
                                "5.2) [anim.track.start_time]");
  m = two_tracks();
  m.tracks[1].keys[2].time = 1.0f;
  EXPECT_EQ(canonical_error(m),
            "node 1 key 2: time 1 does not follow 1 (times must increase, rule 9.5) [anim.key.time_order]");
  m = two_tracks();
  m.tracks[1].keys[2].time = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(canonical_error(m),
            "node 1 key 2: time nan is not a whole frame in 0..65534 (docs/formats/msh-animation.md 5.2) [anim.key.whole_time]");
  m = two_tracks();
  m.tracks[1].node_index = 7;
  EXPECT_EQ(canonical_error(m), "track 1 belongs to node 7: tracks must be in node order [anim.tracks.order]");
  m = two_tracks();
  m.tracks[2].keys.clear();
  EXPECT_EQ(canonical_error(m), "node 2: the track has no keys [anim.track.empty]");
}

TEST(CanonicalWriter, RefusesWhatSixteenBitIndicesCannotReach) {
  AnimTracks m = two_tracks();
  m.tracks[2].keys.assign(0x10000, key(0));  // no map: static, written as one key
  EXPECT_EQ(canonical_error(m), "no error");
  m = two_tracks();
  m.tracks[0].keys.clear();
  for (int k = 0; k < 40000; ++k) m.tracks[0].keys.push_back(key(float(k), {float(k), 0, 0}));
  m.tracks[1].keys.clear();
  for (int k = 0; k < 30000; ++k) m.tracks[1].keys.push_back(key(float(k), {0, float(k), 0}));
  EXPECT_EQ(canonical_error(m), "70001 keys: more than a 16-bit index reaches [anim.keys.too_many]");
}

TEST(LosslessWriter, RefusesWhatSixteenBitIndicesCannotReach) {
  AnimTracks m = two_tracks();
  m.tracks[0].keys.assign(0x10001, key(0));
  auto out = write_anim(m);
  ASSERT_FALSE(out);
  EXPECT_EQ(test::coded(out.error()), "node 0: more than 65536 keys in the pool [anim.keys.too_many]");
  m = two_tracks();
  m.extra_keys.assign(0x10000, key(0));
  out = write_anim(m);
  ASSERT_FALSE(out);
  EXPECT_EQ(test::coded(out.error()), "more keys than a 16-bit index reaches [anim.keys.too_many]");
  m = two_tracks();
  m.map_words.assign(0xFFFF, 0);  // a new map goes after them: start 65535 is the "no map" value
  m.tracks[0].frame_map = {0};
  out = write_anim(m);
  ASSERT_FALSE(out);
  EXPECT_EQ(test::coded(out.error()),
            "node 0: map start 65535 does not fit the 16-bit field [anim.map.too_many_words]");
}

TEST(ModelWriter, ReplaceNeedsExactlyOneStreamOfEachType) {
  RawModel raw = small_model();
  raw.extra_types = {8};
  ByteBuffer doubled = build(raw);
  AnimStreamsOut streams = *write_anim_canonical(*test::ir_of(small_model()));
  auto out = replace_anim_streams(doubled, streams);
  ASSERT_FALSE(out);
  EXPECT_EQ(test::coded(out.error()), "two type 8 streams: entries #1 and #3 [anim.stream.duplicate]");
  std::vector<nres::EntrySpec> specs = {{kNodeTableType, 0, 0, 38, "Res1", {}}, {kKeyPoolType, 0, 0, 4, "Res8", {}}};
  out = replace_anim_streams(*nres::build(specs), streams);
  ASSERT_FALSE(out);
  EXPECT_EQ(test::coded(out.error()), "no type 19 stream in the model [anim.stream.missing]");
  out = replace_anim_streams(ByteBuffer{1, 2, 3}, streams);
  ASSERT_FALSE(out);
  EXPECT_FALSE(out.error().rule.empty());  // the NRes reader's code, or anim.model.container
  EXPECT_EQ(out.error().rule, read_anim_streams(ByteBuffer{1, 2, 3}).error().rule);
}

TEST(ModelWriter, ReplaceKeepsOtherEntriesAndBuildsANewLayoutOnlyWhenNeeded) {
  RawModel raw = small_model();
  raw.extra_types = {9};
  ByteBuffer bytes = build(raw);
  AnimStreams s = streams_of(bytes);
  AnimStreamsOut canonical = *write_anim_canonical(*read_anim_tracks(s));
  EXPECT_EQ(canonical.keys.payload, payload_of(s.keys));  // small_model is canonical already
  EXPECT_EQ(*replace_anim_streams(bytes, canonical), bytes);

  AnimTracks m = *read_anim_tracks(s);
  m.tracks[0].keys.push_back(key(6, {6, 0, 0}));
  ByteBuffer grown = *replace_anim_streams(bytes, *write_anim_canonical(m));
  AnimStreams g = streams_of(grown);
  EXPECT_EQ(g.key_count, 7u);
  EXPECT_EQ(g.frame_count, 7u);
  EXPECT_TRUE(check_anim(g).empty());
  auto archive = *nres::read(grown);
  ASSERT_EQ(archive.entries.size(), 4u);
  EXPECT_EQ(archive.entries[3].type_id, 9u);
}

TEST(ModelWriter, MakeNode38) {
  auto node = make_node38(3, 0x0840);
  EXPECT_EQ(load_u16(node.data()), 0x0840);
  EXPECT_EQ(load_u16(node.data() + 2), 3);
  EXPECT_EQ(load_u16(node.data() + 4), 0xFFFF);
  EXPECT_EQ(load_u16(node.data() + 6), 0);
  for (std::size_t w = 4; w < 19; ++w) EXPECT_EQ(load_u16(node.data() + 2 * w), 0xFFFF);
}

}  // namespace
}  // namespace parkan::msh
