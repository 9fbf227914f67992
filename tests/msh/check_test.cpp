// The checks of docs/formats/msh-animation.md 9: one error per mandatory violation, canonical rules as warnings.
#include <cmath>
#include <limits>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "builders.hpp"

namespace parkan::msh {
namespace {

using test::build;
using test::key;
using test::RawModel;
using test::small_model;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

// "<severity>: <message> [at offset 0x..] [<code>]" per finding, in order.
std::vector<std::string> findings_of(ByteView model) {
  std::vector<std::string> out;
  for (const Diagnostic& d : check_anim(model)) {
    EXPECT_TRUE(d.location.file.empty());  // the caller locates them
    EXPECT_TRUE(d.location.entry.empty());
    out.push_back(std::string(severity_name(d.severity)) + ": " + d.to_string());
  }
  return out;
}
std::vector<std::string> findings_of(const RawModel& m) { return findings_of(build(m)); }

// Offsets: nodes at 0x10 (node i at 0x10 + 38 i), keys at 0x88 for three nodes (key k at 0x88 + 24 k),
// map words at 0x118 for six keys.

TEST(Check, CanonicalModelHasNoFindings) { EXPECT_THAT(findings_of(small_model()), IsEmpty()); }

TEST(Check, StaticModelWithEmptyFrameMapHasNoFindings) {
  RawModel m;
  m.keys = {key(0, {1, 0, 0}), key(0, {2, 0, 0})};
  m.nodes = {{kNoParent, kNoMap, 0}, {0, kNoMap, 1}};
  EXPECT_THAT(findings_of(m), IsEmpty());
}

TEST(Check, SizesNotMultiplesOfTheStride) {
  RawModel m = small_model();
  m.keys_raw = ByteBuffer(25, 0);
  EXPECT_THAT(findings_of(m), ElementsAre("error: key pool size 25 is not a multiple of 24 (rule 9.1) at offset 0x88 "
                                          "[anim.keys.size]"));
  m = small_model();
  m.map_raw = ByteBuffer(3, 0);
  EXPECT_THAT(findings_of(m), ElementsAre("error: frame map size 3 is not a multiple of 2 (rule 9.1) at offset 0x118 "
                                          "[anim.map.size]"));
  m = small_model();
  m.nodes_raw = ByteBuffer(39, 0xFF);
  EXPECT_THAT(findings_of(m),
              ElementsAre("error: node table size 39 is not a multiple of the 38-byte node (docs/formats/msh.md 8) at offset 0x10 "
                          "[anim.nodes.size]"));
}

TEST(Check, MissingAndDuplicateStreams) {
  RawModel m = small_model();
  m.extra_types = {8};
  EXPECT_THAT(findings_of(m), ElementsAre("error: two type 8 streams (key pool): entries #1 and #3 "
                                          "[anim.stream.duplicate]"));
  std::vector<nres::EntrySpec> specs = {{kNodeTableType, 0, 0, 38, "Res1", {}}, {kKeyPoolType, 0, 0, 4, "Res8", {}}};
  EXPECT_THAT(findings_of(*nres::build(specs)),
              ElementsAre("error: no type 19 stream (frame map) in the model [anim.stream.missing]"));
  specs = {{kKeyPoolType, 0, 0, 4, "Res8", {}}, {kFrameMapType, 0, 1, 2, "Res19", {}}};
  EXPECT_THAT(findings_of(*nres::build(specs)),
              ElementsAre("error: no type 1 stream (node table) in the model [anim.stream.missing]"));
  // The container's own error keeps the NRes reader's code when it has one.
  std::vector<Diagnostic> f = check_anim(ByteBuffer{1, 2, 3});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].severity, Severity::error);
  EXPECT_EQ(f[0].message, "file too small for the NRes header: 3 bytes, need 16");
  EXPECT_EQ(f[0].location.offset, 0u);
  EXPECT_EQ(f[0].code, read_anim_streams(ByteBuffer{1, 2, 3}).error().rule);
  EXPECT_FALSE(f[0].code.empty());
}

TEST(Check, OutOfRangeFallbackKey) {
  RawModel m = small_model();
  m.nodes[2].fallback = 6;  // the pool has keys 0..5
  EXPECT_THAT(findings_of(m),
              ElementsAre("error: node 2: fallback key 6 is past the key pool (6 keys) (rule 9.2) at offset 0x62 "
                          "[anim.node.fallback_range]",
                          // the fallback words (5) are now below the fallback, so they are taken as keys
                          "error: node 2: frame 1 maps to key 5, whose next key is past the key pool (6 keys) "
                          "(rule 9.4); 4 such words in the block at offset 0x124 [anim.map.next_key]"));
}

TEST(Check, MapStartBeyondTheFrameMap) {
  RawModel m = small_model();
  m.nodes[2].map_start = 6;  // 6 + 5 frames > 10 words
  EXPECT_THAT(findings_of(m),
              ElementsAre("error: node 2: map block 6..11 is past the frame map (10 words) (rule 9.3) at offset 0x60 "
                          "[anim.node.map_range]",
                          "warning: node 2: map block starts at word 6, expected 5 (blocks follow each other in node "
                          "order without holes or overlap, docs/formats/msh-animation.md 5.3) at offset 0x60 "
                          "[anim.map.block_order]"));
}

TEST(Check, MapWordsPointingPastTheKeyPool) {
  RawModel m = small_model();
  m.nodes[2].fallback = 40;  // node 2's track becomes keys 4..5 plus nothing: fallback past the pool too
  m.words[5] = 5;            // the last key: no next key
  m.words[6] = 5;
  auto f = findings_of(m);
  EXPECT_THAT(f, ElementsAre("error: node 2: fallback key 40 is past the key pool (6 keys) (rule 9.2) at offset 0x62 "
                             "[anim.node.fallback_range]",
                             "error: node 2: frame 0 maps to key 5, whose next key is past the key pool (6 keys) "
                             "(rule 9.4); 5 such words in the block at offset 0x122 [anim.map.next_key]"));
}

TEST(Check, TimesMustIncreaseAndMappedTracksNeedTwoKeys) {
  RawModel m = small_model();
  m.keys[2].time = 2.0f;  // node 0: 0, 2, 2
  EXPECT_THAT(findings_of(m),
              ElementsAre("error: node 0: key 2 time 2 does not follow key 1 time 2 (times increase, rule 9.5) at "
                          "offset 0xc4 [anim.key.time_order]",
                          "warning: node 0: frame 2 maps to key 1, the canonical map has 2 (docs/formats/msh-animation.md 5.4) at "
                          "offset 0x11c [anim.map.canonical_word]",
                          "warning: frame count 5 is not the last key time 2 + 1 (docs/formats/msh-animation.md 5.2) at offset "
                          "0x118 [anim.frame_count.canonical]"));
  m = small_model();
  m.nodes[1].map_start = 10;  // node 1 (one key) gets a map block
  m.words.resize(15, 3);
  EXPECT_THAT(findings_of(m), ElementsAre("warning: node 1: map block starts at word 10, expected 5 (blocks follow "
                                          "each other in node order without holes or overlap, docs/formats/msh-animation.md 5.3) at "
                                          "offset 0x3a [anim.map.block_order]",
                                          "error: node 1: has a frame map but its track has 1 key (rule 9.5 needs 2) "
                                          "at offset 0x3a [anim.track.map_keys]"));
}

TEST(Check, FrameCountZero) {
  RawModel m;
  m.keys = {key(0)};
  m.nodes = {{kNoParent, kNoMap, 0}};
  m.frame_count = 0;
  // One node: nodes at 0x10, keys at 0x38, map at 0x50.
  EXPECT_THAT(findings_of(m), ElementsAre("error: frame count (Res19 attr2) is 0 (rule 9.6) at offset 0x50 "
                                          "[anim.frame_count.zero]",
                                          "warning: frame count 0 is not the last key time 0 + 1 (docs/formats/msh-animation.md "
                                          "5.2) at offset 0x50 [anim.frame_count.canonical]",
                                          "warning: static model (no node has a map): frame count is 0, expected 1 "
                                          "(docs/formats/msh-animation.md 5.3) at offset 0x50 [anim.frame_count.static]"));
}

TEST(Check, NanAndInfiniteKeyData) {
  RawModel m = small_model();
  m.keys[3].pos[1] = std::numeric_limits<float>::quiet_NaN();
  m.keys[1].time = std::numeric_limits<float>::infinity();
  auto f = findings_of(m);
  ASSERT_GE(f.size(), 2u);
  EXPECT_EQ(f[0], "error: key 1: time is inf (key data must be finite) at offset 0xac [anim.key.finite]");
  EXPECT_EQ(f[1], "error: key 3: position y is nan (key data must be finite) at offset 0xd4 [anim.key.finite]");
}

TEST(Check, CanonicalWarnings) {
  RawModel m = small_model();
  m.words[4] = 3;              // node 0, frame 4: 3 > fallback 2 works, but canonical writes == 2
  m.keys[4].time = 0.5f;       // node 2 starts at 0.5
  m.key_attr3 = 24;
  m.word_attr1 = 9;
  EXPECT_THAT(findings_of(m),
              ElementsAre("warning: type 8 stream: attr3 is 24, expected 4 (docs/formats/msh-animation.md 2.1) at offset 0x88 "
                          "[anim.keys.attr3]",
                          "warning: type 19 stream: attr1 (word count) is 9, expected 10 (docs/formats/msh-animation.md 2.2) at "
                          "offset 0x118 [anim.map.attr1]",
                          "warning: node 0: frame 4 maps to key 3, the canonical map has 2 (docs/formats/msh-animation.md 5.4) at "
                          "offset 0x120 [anim.map.canonical_word]",
                          "warning: node 2: track starts at time 0.5, expected 0 (docs/formats/msh-animation.md 5.2) at offset 0xf4 "
                          "[anim.track.start_time]",
                          "warning: node 2: key 4 time 0.5 is not a whole non-negative frame (docs/formats/msh-animation.md 5.2) at "
                          "offset 0xf4 [anim.key.whole_time]",
                          "warning: node 2: frame 0 maps to key 4, the canonical map has 5 (docs/formats/msh-animation.md 5.4) at "
                          "offset 0x122 [anim.map.canonical_word]"));
}

TEST(Check, FallbacksThatDoNotIncreaseAndHoles) {
  RawModel m = small_model();
  m.nodes[1].fallback = 2;  // node 1 shares node 0's last key: empty track; node 2's track is keys 3..5
  m.words.push_back(0);     // a hole at the end
  EXPECT_THAT(findings_of(m),
              ElementsAre("warning: node 1: fallback key 2 is not after the previous node's 2 (fallback keys increase, "
                          "docs/formats/msh-animation.md 5.1); its track is empty at offset 0x3c [anim.node.fallback_order]",
                          "error: node 2: key 4 time 0 does not follow key 3 time 0 (times increase, rule 9.5) at "
                          "offset 0xf4 [anim.key.time_order]",
                          "warning: frame map has 11 words, the 2 map blocks cover 10 (docs/formats/msh-animation.md 5.3) at offset "
                          "0x118 [anim.map.coverage]"));
}

TEST(Check, OverlappingBlocksBoundTheWordScans) {
  auto f = findings_of(test::overlapping_blocks_model());
  EXPECT_THAT(f, ::testing::Contains("note: node 83: map word checks stopped after 16777216 words (overlapping map "
                                     "blocks) at offset 0xc66 [anim.map.scan_limit]"));
}

TEST(Check, LegacyNodeTableGivesANote) {
  RawModel m;
  m.node_attr3 = kLegacyNodeStride;
  m.nodes_raw = ByteBuffer(24, 0xFF);
  m.keys = {key(0)};
  m.nodes = {{}};
  EXPECT_THAT(findings_of(m), ElementsAre("note: legacy node table (24-byte nodes, docs/formats/msh-animation.md 10.3), not "
                                          "sampled: node rules not checked, passed through unchanged at offset 0x10 "
                                          "[anim.nodes.legacy]"));
}

TEST(Check, QuaternionWordOutsideTheCanonicalRange) {
  RawModel m = small_model();
  m.keys[3].quat_raw[1] = -32768;
  EXPECT_THAT(findings_of(m), ElementsAre("warning: key 3: quaternion word 1 is -32768, outside [-32767, 32767] "
                                          "(docs/formats/msh-animation.md 10.4) at offset 0xe2 [anim.key.quat_range]"));
}

TEST(Check, AttributeWarningsEachHaveTheirCode) {
  RawModel m = small_model();
  m.node_attr3 = 40;  // still addressed with 38 bytes
  m.key_attr1 = 5;
  m.word_attr1 = 9;
  m.key_attr3 = 24;
  EXPECT_THAT(findings_of(m),
              ElementsAre("warning: type 1 stream: attr3 (node stride) is 40, expected 38 (docs/formats/msh.md 1) at offset 0x10 "
                          "[anim.nodes.attr3]",
                          "warning: type 8 stream: attr1 (key count) is 5, expected 6 (docs/formats/msh-animation.md 2.1) at "
                          "offset 0x88 [anim.keys.attr1]",
                          "warning: type 8 stream: attr3 is 24, expected 4 (docs/formats/msh-animation.md 2.1) at offset 0x88 "
                          "[anim.keys.attr3]",
                          "warning: type 19 stream: attr1 (word count) is 9, expected 10 (docs/formats/msh-animation.md 2.2) at "
                          "offset 0x118 [anim.map.attr1]"));
}

TEST(Check, KeyAttr2AndMapAttr3) {
  // Attributes the builder does not expose: rewrite the rows of a built model.
  ByteBuffer bytes = build(small_model());
  auto archive = *nres::read(bytes);
  std::vector<nres::EntrySpec> specs;
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    const nres::Entry& e = archive.entries[i];
    nres::EntrySpec spec{e.type_id, e.attr1, e.attr2, e.attr3, std::string(e.name()), archive.payload(i)};
    if (e.type_id == kKeyPoolType) spec.attr2 = 7;
    if (e.type_id == kFrameMapType) spec.attr3 = 4;
    specs.push_back(spec);
  }
  EXPECT_THAT(findings_of(*nres::build(specs)),
              ElementsAre("warning: type 8 stream: attr2 is 7, expected 0 (docs/formats/msh-animation.md 2.1) at offset 0x88 "
                          "[anim.keys.attr2]",
                          "warning: type 19 stream: attr3 is 4, expected 2 (docs/formats/msh-animation.md 2.2) at offset 0x118 "
                          "[anim.map.attr3]"));
}

TEST(Check, UnmappedTrackWithSeveralKeys) {
  RawModel m = small_model();
  m.nodes[0].map_start = kNoMap;  // node 0 keeps keys 0..2 but has no map: only key 2 is shown
  m.words.erase(m.words.begin(), m.words.begin() + 5);
  m.nodes[2].map_start = 0;
  EXPECT_THAT(findings_of(m), ElementsAre("warning: node 0: no frame map but 3 keys; only key 2 is ever shown "
                                          "(docs/formats/msh-animation.md 5.1) at offset 0x16 [anim.track.unmapped_keys]"));
}

}  // namespace
}  // namespace parkan::msh
