// The checks of msh-animation.md 9: one error per mandatory violation, canonical rules as warnings.
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

std::vector<std::string> findings_of(const RawModel& m) {
  std::vector<std::string> out;
  for (const Finding& f : check_anim(build(m))) {
    const char* severity = f.severity == Severity::error ? "error" : f.severity == Severity::warning ? "warning" : "note";
    out.push_back(std::string(severity) + ": " + invalid(f.message, f.offset).to_string());
  }
  return out;
}

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
  EXPECT_THAT(findings_of(m), ElementsAre("error: key pool size 25 is not a multiple of 24 (rule 9.1) at offset 0x88"));
  m = small_model();
  m.map_raw = ByteBuffer(3, 0);
  EXPECT_THAT(findings_of(m), ElementsAre("error: frame map size 3 is not a multiple of 2 (rule 9.1) at offset 0x118"));
  m = small_model();
  m.nodes_raw = ByteBuffer(39, 0xFF);
  EXPECT_THAT(findings_of(m),
              ElementsAre("error: node table size 39 is not a multiple of the 38-byte node (msh.md 8) at offset 0x10"));
}

TEST(Check, MissingAndDuplicateStreams) {
  RawModel m = small_model();
  m.extra_types = {8};
  EXPECT_THAT(findings_of(m), ElementsAre("error: two type 8 streams (key pool): entries #1 and #3"));
  std::vector<nres::EntrySpec> specs = {{kNodeTableType, 0, 0, 38, "Res1", {}}, {kKeyPoolType, 0, 0, 4, "Res8", {}}};
  std::vector<Finding> f = check_anim(*nres::build(specs));
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].message, "no type 19 stream (frame map) in the model");
  f = check_anim(ByteBuffer{1, 2, 3});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].message, "file too small for the NRes header: 3 bytes, need 16");
}

TEST(Check, OutOfRangeFallbackKey) {
  RawModel m = small_model();
  m.nodes[2].fallback = 6;  // the pool has keys 0..5
  EXPECT_THAT(findings_of(m),
              ElementsAre("error: node 2: fallback key 6 is past the key pool (6 keys) (rule 9.2) at offset 0x62",
                          // the fallback words (5) are now below the fallback, so they are taken as keys
                          "error: node 2: frame 1 maps to key 5, whose next key is past the key pool (6 keys) "
                          "(rule 9.4); 4 such words in the block at offset 0x124"));
}

TEST(Check, MapStartBeyondTheFrameMap) {
  RawModel m = small_model();
  m.nodes[2].map_start = 6;  // 6 + 5 frames > 10 words
  EXPECT_THAT(findings_of(m),
              ElementsAre("error: node 2: map block 6..11 is past the frame map (10 words) (rule 9.3) at offset 0x60",
                          "warning: node 2: map block starts at word 6, expected 5 (blocks follow each other in node "
                          "order without holes or overlap, msh-animation.md 5.3) at offset 0x60"));
}

TEST(Check, MapWordsPointingPastTheKeyPool) {
  RawModel m = small_model();
  m.nodes[2].fallback = 40;  // node 2's track becomes keys 4..5 plus nothing: fallback past the pool too
  m.words[5] = 5;            // the last key: no next key
  m.words[6] = 5;
  auto f = findings_of(m);
  EXPECT_THAT(f, ElementsAre("error: node 2: fallback key 40 is past the key pool (6 keys) (rule 9.2) at offset 0x62",
                             "error: node 2: frame 0 maps to key 5, whose next key is past the key pool (6 keys) "
                             "(rule 9.4); 5 such words in the block at offset 0x122"));
}

TEST(Check, TimesMustIncreaseAndMappedTracksNeedTwoKeys) {
  RawModel m = small_model();
  m.keys[2].time = 2.0f;  // node 0: 0, 2, 2
  EXPECT_THAT(findings_of(m),
              ElementsAre("error: node 0: key 2 time 2 does not follow key 1 time 2 (times increase, rule 9.5) at "
                          "offset 0xc4",
                          "warning: node 0: frame 2 maps to key 1, the canonical map has 2 (msh-animation.md 5.4) at "
                          "offset 0x11c",
                          "warning: frame count 5 is not the last key time 2 + 1 (msh-animation.md 5.2) at offset 0x118"));
  m = small_model();
  m.nodes[1].map_start = 10;  // node 1 (one key) gets a map block
  m.words.resize(15, 3);
  EXPECT_THAT(findings_of(m), ElementsAre("warning: node 1: map block starts at word 10, expected 5 (blocks follow "
                                          "each other in node order without holes or overlap, msh-animation.md 5.3) at "
                                          "offset 0x3a",
                                          "error: node 1: has a frame map but its track has 1 key (rule 9.5 needs 2) at "
                                          "offset 0x3a"));
}

TEST(Check, FrameCountZero) {
  RawModel m;
  m.keys = {key(0)};
  m.nodes = {{kNoParent, kNoMap, 0}};
  m.frame_count = 0;
  // One node: nodes at 0x10, keys at 0x38, map at 0x50.
  EXPECT_THAT(findings_of(m), ElementsAre("error: frame count (Res19 attr2) is 0 (rule 9.6) at offset 0x50",
                                          "warning: frame count 0 is not the last key time 0 + 1 (msh-animation.md 5.2) "
                                          "at offset 0x50",
                                          "warning: static model (no node has a map): frame count is 0, expected 1 "
                                          "(msh-animation.md 5.3) at offset 0x50"));
}

TEST(Check, NanAndInfiniteKeyData) {
  RawModel m = small_model();
  m.keys[3].pos[1] = std::numeric_limits<float>::quiet_NaN();
  m.keys[1].time = std::numeric_limits<float>::infinity();
  auto f = findings_of(m);
  ASSERT_GE(f.size(), 2u);
  EXPECT_EQ(f[0], "error: key 1: time is inf (key data must be finite) at offset 0xac");
  EXPECT_EQ(f[1], "error: key 3: position y is nan (key data must be finite) at offset 0xd4");
}

TEST(Check, CanonicalWarnings) {
  RawModel m = small_model();
  m.words[4] = 3;              // node 0, frame 4: 3 > fallback 2 works, but canonical writes == 2
  m.keys[4].time = 0.5f;       // node 2 starts at 0.5
  m.key_attr3 = 24;
  m.word_attr1 = 9;
  EXPECT_THAT(findings_of(m),
              ElementsAre("warning: type 8 stream: attr3 is 24, expected 4 (msh-animation.md 2.1) at offset 0x88",
                          "warning: type 19 stream: attr1 (word count) is 9, expected 10 (msh-animation.md 2.2) at "
                          "offset 0x118",
                          "warning: node 0: frame 4 maps to key 3, the canonical map has 2 (msh-animation.md 5.4) at "
                          "offset 0x120",
                          "warning: node 2: track starts at time 0.5, expected 0 (msh-animation.md 5.2) at offset 0xf4",
                          "warning: node 2: key 4 time 0.5 is not a whole non-negative frame (msh-animation.md 5.2) at "
                          "offset 0xf4",
                          "warning: node 2: frame 0 maps to key 4, the canonical map has 5 (msh-animation.md 5.4) at "
                          "offset 0x122"));
}

TEST(Check, FallbacksThatDoNotIncreaseAndHoles) {
  RawModel m = small_model();
  m.nodes[1].fallback = 2;  // node 1 shares node 0's last key: empty track; node 2's track is keys 3..5
  m.words.push_back(0);     // a hole at the end
  EXPECT_THAT(findings_of(m),
              ElementsAre("warning: node 1: fallback key 2 is not after the previous node's 2 (fallback keys increase, "
                          "msh-animation.md 5.1); its track is empty at offset 0x3c",
                          "error: node 2: key 4 time 0 does not follow key 3 time 0 (times increase, rule 9.5) at "
                          "offset 0xf4",
                          "warning: frame map has 11 words, the 2 map blocks cover 10 (msh-animation.md 5.3) at offset "
                          "0x118"));
}

TEST(Check, OverlappingBlocksBoundTheWordScans) {
  auto f = findings_of(test::overlapping_blocks_model());
  EXPECT_THAT(f, ::testing::Contains("note: node 83: map word checks stopped after 16777216 words (overlapping map "
                                     "blocks) at offset 0xc66"));
}

TEST(Check, LegacyNodeTableGivesANote) {
  RawModel m;
  m.node_attr3 = kLegacyNodeStride;
  m.nodes_raw = ByteBuffer(24, 0xFF);
  m.keys = {key(0)};
  m.nodes = {{}};
  EXPECT_THAT(findings_of(m), ElementsAre("note: legacy node table (24-byte nodes, msh-animation.md 10.3), not "
                                          "sampled: node rules not checked, passed through unchanged at offset 0x10"));
}

TEST(Check, QuaternionWordOutsideTheCanonicalRange) {
  RawModel m = small_model();
  m.keys[3].quat_raw[1] = -32768;
  EXPECT_THAT(findings_of(m), ElementsAre("warning: key 3: quaternion word 1 is -32768, outside [-32767, 32767] "
                                          "(msh-animation.md 10.4) at offset 0xe2"));
}

}  // namespace
}  // namespace parkan::msh
