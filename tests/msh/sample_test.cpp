// sub_10012880, sub_10012560 and the hierarchy: every branch of the key selection, the rounding,
// the blend rules, and every rule that stops the sampler before it would read out of bounds.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "builders.hpp"
#include "parkan/msh/math.hpp"

namespace parkan::msh {
namespace {

using test::build;
using test::key;
using test::RawModel;
using test::small_model;
using test::streams_of;

NodePose sample_ok(const AnimStreams& s, std::uint32_t node, float t) {
  auto pose = sample_node(s, node, t);
  if (!pose) throw std::runtime_error(pose.error().to_string());
  return *pose;
}

std::string sample_error(const AnimStreams& s, std::uint32_t node, float t) {
  auto pose = sample_node(s, node, t);
  return pose ? "no error" : test::coded(pose.error());
}

void expect_key(const NodePose& pose, const AnimKey& k) {
  EXPECT_EQ(pose.quat, decode_quat(k.quat_raw));
  EXPECT_EQ(pose.pos, k.pos);
}

class SmallModel : public ::testing::Test {
 protected:
  RawModel raw = small_model();
  ByteBuffer bytes = build(raw);
  AnimStreams s = streams_of(bytes);
};

TEST_F(SmallModel, Counts) {
  EXPECT_EQ(s.node_count, 3u);
  EXPECT_EQ(s.key_count, 6u);
  EXPECT_EQ(s.word_count, 10u);
  EXPECT_EQ(s.frame_count, 5u);
  EXPECT_EQ(s.layout, NodeLayout::node38);
}

TEST_F(SmallModel, PairAnglesForEveryReachablePair) {
  ASSERT_EQ(s.pair_angles.size(), 5u);  // key_count - 1
  const KeyPairAngle& first = s.pair_angles[0];
  const Quat q0 = decode_quat(raw.keys[0].quat_raw), q1 = decode_quat(raw.keys[1].quat_raw);
  const float dot = q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3];
  EXPECT_EQ(first.dot, std::fabs(dot));
  EXPECT_EQ(first.sign, dot < 0.0f ? -1.0f : 1.0f);
  EXPECT_EQ(first.linear, 1.0f - std::fabs(dot) <= kSlerpLinearThreshold);
  if (!first.linear) {
    EXPECT_EQ(first.theta, engine_acos(std::fabs(dot)));
    EXPECT_EQ(first.inv_sin_theta, 1.0f / engine_sin(first.theta));
  }
}

TEST(PairAngles, NoneWithoutAPairOrForALegacyTable) {
  RawModel one_key;
  one_key.nodes = {{}};
  one_key.keys = {key(0.0f)};
  ByteBuffer bytes = build(one_key);
  EXPECT_TRUE(streams_of(bytes).pair_angles.empty());
  RawModel legacy = one_key;
  legacy.keys.push_back(key(1.0f));
  legacy.node_attr3 = kLegacyNodeStride;
  legacy.nodes_raw = ByteBuffer(kLegacyNodeStride, 0);
  bytes = build(legacy);
  EXPECT_TRUE(streams_of(bytes).pair_angles.empty());
}

TEST(PairAngles, OnlyThePairsASixteenBitKeyIndexReaches) {
  RawModel m;
  m.nodes = {{}};
  m.keys.assign(0x10003, key(0.0f));
  const ByteBuffer bytes = build(m);
  EXPECT_EQ(streams_of(bytes).pair_angles.size(), 0xFFFFu);  // k0 = mapped < fallback <= 0xFFFF
}

TEST_F(SmallModel, KeyZeroWhenTheTimeEqualsTheMappedKey) {
  NodePose p = sample_ok(s, 0, 0.0f);
  EXPECT_EQ(p.frame, 0u);
  EXPECT_EQ(p.path, SamplePath::key0);
  EXPECT_EQ(p.key, 0u);
  expect_key(p, raw.keys[0]);
}

TEST_F(SmallModel, InterpolatesInsideASegment) {
  NodePose p = sample_ok(s, 0, 1.0f);  // frame 0 -> key 0; keys at 0 and 2
  EXPECT_EQ(p.frame, 0u);
  EXPECT_EQ(p.path, SamplePath::interp);
  EXPECT_EQ(p.key, 0u);
  EXPECT_EQ(p.pos, (Vec3{1, 2, 3}));
  EXPECT_EQ(p.quat, quat_slerp(decode_quat(raw.keys[0].quat_raw), decode_quat(raw.keys[1].quat_raw), 0.5f));

  p = sample_ok(s, 0, 3.0f);  // frame 2 (2.5 to even) -> key 1; keys at 2 and 4
  EXPECT_EQ(p.frame, 2u);
  EXPECT_EQ(p.path, SamplePath::interp);
  EXPECT_EQ(p.key, 1u);
  EXPECT_EQ(p.pos, (Vec3{3, 6, 9}));
}

TEST_F(SmallModel, RoundingDecidesTheBranchAtWholeTimes) {
  // t = 2: frame 2 -> word 1 -> key 1 whose time equals t: "key0". A floor would give frame 1 ->
  // key 0 and return key 1 through the "key1" branch instead.
  NodePose p = sample_ok(s, 0, 2.0f);
  EXPECT_EQ(p.frame, 2u);
  EXPECT_EQ(p.path, SamplePath::key0);
  EXPECT_EQ(p.key, 1u);
  expect_key(p, raw.keys[1]);
  EXPECT_EQ(sample_ok(s, 0, 1.1f).frame, 1u);
  EXPECT_EQ(sample_ok(s, 0, 2.5f).frame, 2u);
  EXPECT_EQ(sample_ok(s, 0, 3.5f).frame, 3u);
}

TEST_F(SmallModel, KeyOneWhenTheTimeEqualsTheNextKey) {
  NodePose p = sample_ok(s, 2, 1.0f);  // frame 0 -> key 4 (t 0), next key 5 has t 1
  EXPECT_EQ(p.frame, 0u);
  EXPECT_EQ(p.path, SamplePath::key1);
  EXPECT_EQ(p.key, 5u);
  expect_key(p, raw.keys[5]);
}

TEST_F(SmallModel, StrictEqualityWithKeyTimes) {
  float just_after = std::nextafter(2.0f, 3.0f);
  NodePose p = sample_ok(s, 0, just_after);
  EXPECT_EQ(p.path, SamplePath::interp);
  EXPECT_EQ(p.key, 1u);
  EXPECT_NE(p.pos, raw.keys[1].pos);
}

TEST_F(SmallModel, FallbackWhenTheWordEqualsTheFallback) {
  NodePose p = sample_ok(s, 0, 4.0f);  // frame 4 -> word 2 == fallback 2
  EXPECT_EQ(p.frame, 4u);
  EXPECT_EQ(p.path, SamplePath::fallback);
  EXPECT_EQ(p.key, 2u);
  expect_key(p, raw.keys[2]);
  p = sample_ok(s, 2, 1.5f);  // frame 1 -> word 5 == fallback 5
  EXPECT_EQ(p.path, SamplePath::fallback);
  EXPECT_EQ(p.key, 5u);
}

TEST_F(SmallModel, FallbackWhenTheFrameIsPastTheTimeline) {
  NodePose p = sample_ok(s, 0, 6.0f);  // frame 6 >= 5
  EXPECT_EQ(p.frame, 6u);
  EXPECT_EQ(p.path, SamplePath::fallback);
  EXPECT_EQ(p.key, 2u);
  p = sample_ok(s, 0, -1.0f);  // frame 0xFFFFFFFE
  EXPECT_EQ(p.frame, 0xFFFFFFFEu);
  EXPECT_EQ(p.signed_frame(), -2);  // as the engine's int holds it, and as it is printed
  EXPECT_EQ(p.path, SamplePath::fallback);
  EXPECT_EQ(p.key, 2u);
  EXPECT_EQ(sample_ok(s, 0, -5.0f).signed_frame(), -6);
  EXPECT_EQ(sample_ok(s, 0, 6.0f).signed_frame(), 6);
}

TEST(Sample, NegativeFrameInsideAHugeTimelineIsNamedSigned) {
  RawModel m = small_model();
  m.frame_count = 0xFFFFFFFF;  // every unsigned frame is "inside": -6 is read as word 4294967290
  ByteBuffer bytes = build(m);
  AnimStreams s = streams_of(bytes);
  EXPECT_EQ(sample_error(s, 0, -5.0f),
            "node 0: map word 4294967290 (map start 0 + frame -6, read as the unsigned 4294967290) is past the "
            "frame map (10 words) (rule 9.3) at offset 0x14 [anim.node.map_range]");
}

TEST_F(SmallModel, FallbackWithoutMap) {
  for (float t : {0.0f, 1.0f, 2.5f, 100.0f}) {
    NodePose p = sample_ok(s, 1, t);
    EXPECT_EQ(p.path, SamplePath::fallback);
    EXPECT_EQ(p.key, 3u);
    expect_key(p, raw.keys[3]);
  }
}

TEST(Sample, FallbackWhenTheWordIsAboveTheFallback) {
  RawModel m = small_model();
  m.words[1] = 3;  // node 0, frame 1: 3 > fallback 2
  ByteBuffer bytes = build(m);
  AnimStreams s = streams_of(bytes);
  NodePose p = sample_ok(s, 0, 1.5f);
  EXPECT_EQ(p.path, SamplePath::fallback);
  EXPECT_EQ(p.key, 2u);
}

TEST(Sample, QuaternionOrderIsWxyz) {
  RawModel m;
  m.keys = {key(0, {1, 2, 3}, {1000, 2000, 3000, 4000})};
  m.nodes = {{kNoParent, kNoMap, 0}};
  ByteBuffer bytes = build(m);
  AnimStreams s = streams_of(bytes);
  NodePose p = sample_ok(s, 0, 0.0f);
  EXPECT_EQ(p.quat, (Quat{4000.0f * kQuatScale, 1000.0f * kQuatScale, 2000.0f * kQuatScale, 3000.0f * kQuatScale}));
  EXPECT_EQ(p.pos, (Vec3{1, 2, 3}));
}

// Offsets below: the test models are canonical NRes files, payloads 8-aligned from offset 16:
// three nodes (114 bytes) at 0x10, keys at 0x88, map words at 0x118.

TEST_F(SmallModel, RefusesMissingNodesAndNonFiniteTimes) {
  EXPECT_EQ(sample_error(s, 3, 0.0f), "node 3 does not exist (the model has 3 nodes) [anim.sample.node]");
  EXPECT_EQ(sample_error(s, 0, std::numeric_limits<float>::quiet_NaN()),
            "sample time nan is not finite [anim.sample.time]");
  EXPECT_EQ(sample_error(s, 0, std::numeric_limits<float>::infinity()),
            "sample time inf is not finite [anim.sample.time]");
  EXPECT_EQ(sample_error(s, 0, -std::numeric_limits<float>::infinity()),
            "sample time -inf is not finite [anim.sample.time]");
}

TEST(Sample, FallbackPastTheKeyPool) {
  RawModel m = small_model();
  m.nodes[1].fallback = 9;
  ByteBuffer bytes = build(m);
  AnimStreams s = streams_of(bytes);
  EXPECT_EQ(sample_error(s, 1, 0.0f),
            "node 1: fallback key 9 is past the key pool (6 keys) (rule 9.2) at offset 0x3c "
            "[anim.node.fallback_range]");
}

TEST(Sample, MapWordPastTheFrameMap) {
  RawModel m = small_model();
  m.words.resize(6);  // node 2's block (start 5) is cut after frame 0
  ByteBuffer bytes = build(m);
  AnimStreams s = streams_of(bytes);
  EXPECT_EQ(sample_ok(s, 2, 0.0f).key, 4u);
  EXPECT_EQ(sample_error(s, 2, 1.5f),
            "node 2: map word 6 (map start 5 + frame 1) is past the frame map (6 words) (rule 9.3) at offset 0x60 "
            "[anim.node.map_range]");
}

TEST(Sample, MappedKeyPastTheKeyPool) {
  RawModel m = small_model();
  m.nodes[0].fallback = 40;  // so that words below 40 are taken as keys
  m.words[0] = 10;
  ByteBuffer bytes = build(m);
  AnimStreams s = streams_of(bytes);
  EXPECT_EQ(sample_error(s, 0, 0.0f),
            "node 0: frame 0 maps to key 10, which is past the key pool (6 keys) (rule 9.4) at offset 0x118 "
            "[anim.map.next_key]");
}

TEST(Sample, NextKeyPastTheKeyPoolOnlyWhenItIsRead) {
  RawModel m = small_model();
  m.nodes[0].fallback = 40;
  m.words[0] = 5;  // the last key (time 1)
  ByteBuffer bytes = build(m);
  AnimStreams s = streams_of(bytes);
  NodePose p = sample_ok(s, 0, 1.0f);  // t == key 5 time: the engine never reads key 6
  EXPECT_EQ(p.path, SamplePath::key0);
  EXPECT_EQ(p.key, 5u);
  EXPECT_EQ(sample_error(s, 0, 0.75f),
            "node 0: frame 0 maps to key 5, whose next key is past the key pool (6 keys) (rule 9.4) at offset 0x118 "
            "[anim.map.next_key]");
}

TEST(Sample, LegacyNodeTableIsNotSampled) {
  RawModel m;
  m.node_attr3 = kLegacyNodeStride;
  m.nodes_raw = ByteBuffer(24, 0xFF);
  m.keys = {key(0)};
  m.nodes = {{}};
  ByteBuffer bytes = build(m);
  AnimStreams s = streams_of(bytes);
  EXPECT_EQ(s.layout, NodeLayout::legacy24);
  EXPECT_EQ(s.node_count, 1u);
  EXPECT_EQ(sample_error(s, 0, 0.0f),
            "legacy node table (24-byte nodes, docs/formats/msh-animation.md 10.3), not sampled [anim.nodes.legacy]");
  auto h = read_hierarchy(s);
  ASSERT_FALSE(h);
  EXPECT_EQ(test::coded(h.error()),
            "legacy node table (24-byte nodes, docs/formats/msh-animation.md 10.3), not sampled [anim.nodes.legacy]");
}

TEST(Sample, EmptyFrameMapModelsSampleTheirFallbacks) {
  RawModel m;
  m.keys = {key(0, {1, 0, 0}), key(0, {2, 0, 0})};
  m.nodes = {{kNoParent, kNoMap, 0}, {0, kNoMap, 1}};
  ByteBuffer bytes = build(m);
  AnimStreams s = streams_of(bytes);
  EXPECT_EQ(s.word_count, 0u);
  EXPECT_EQ(sample_ok(s, 1, 0.0f).pos, (Vec3{2, 0, 0}));
  EXPECT_EQ(sample_ok(s, 1, 17.25f).path, SamplePath::fallback);
}

// ---- blend ----

TEST_F(SmallModel, BlendWithOnlyOneSample) {
  Mat4 a = pose_matrix(sample_ok(s, 0, 1.0f));
  Mat4 b = pose_matrix(sample_ok(s, 0, 3.0f));
  EXPECT_EQ(*blend_node(s, 0, 1.0f, 3.0f, 0.0f), a);
  EXPECT_EQ(*blend_node(s, 0, 1.0f, 3.0f, 1.0f), b);
  EXPECT_EQ(*blend_node(s, 0, -1.0f, 3.0f, 0.5f), b);   // tA < 0
  EXPECT_EQ(*blend_node(s, 0, 1.0f, -0.5f, 0.5f), a);   // tB < 0
  EXPECT_EQ(*blend_node(s, 0, std::numeric_limits<float>::quiet_NaN(), 3.0f, 0.5f), b);
  EXPECT_EQ(a[3], 1.0f);
  EXPECT_EQ(a[7], 2.0f);
  EXPECT_EQ(a[11], 3.0f);
}

TEST_F(SmallModel, BlendOfTwoSamples) {
  NodePose a = sample_ok(s, 0, 0.0f), b = sample_ok(s, 0, 4.0f);
  ASSERT_FALSE(blend_flips(a.quat, b.quat));
  Mat4 m = *blend_node(s, 0, 0.0f, 4.0f, 0.25f);
  Mat4 want = quat_to_matrix(quat_slerp(a.quat, b.quat, 0.25f));
  want[3] = 0.75f * 0.0f + 0.25f * 4.0f;
  want[7] = 0.75f * 0.0f + 0.25f * 8.0f;
  want[11] = 0.75f * 0.0f + 0.25f * 12.0f;
  EXPECT_EQ(m, want);
  EXPECT_EQ(m[3], 1.0f);
  EXPECT_EQ(m[7], 2.0f);
  EXPECT_EQ(m[11], 3.0f);
  EXPECT_EQ(m[12], 0.0f);
  EXPECT_EQ(m[15], 1.0f);
}

TEST(Blend, ShortestPathFlip) {
  RawModel m;
  // Two keys a quarter turn apart about z, the second stored with the opposite sign.
  m.keys = {key(0, {0, 0, 0}, {0, 0, 0, 32767}), key(1, {0, 0, 0}, {0, 0, -23170, -23170})};
  m.nodes = {{kNoParent, 0, 1}};
  m.frame_count = 2;
  m.words = {0, 1};
  ByteBuffer bytes = build(m);
  AnimStreams s = streams_of(bytes);
  NodePose a = sample_ok(s, 0, 0.0f), b = sample_ok(s, 0, 1.0f);
  ASSERT_TRUE(blend_flips(a.quat, b.quat));
  Quat flipped = {-b.quat[0], -b.quat[1], -b.quat[2], -b.quat[3]};
  Mat4 m4 = *blend_node(s, 0, 0.0f, 1.0f, 0.5f);
  EXPECT_EQ(m4, quat_to_matrix(quat_slerp(a.quat, flipped, 0.5f)));
  // Halfway on the short path: 45 degrees about z.
  EXPECT_NEAR(m4[0], 0.70710677f, 1e-4f);
  EXPECT_NEAR(m4[1], 0.70710677f, 1e-4f);
  EXPECT_NEAR(m4[4], -0.70710677f, 1e-4f);
}

TEST_F(SmallModel, BlendWithNeitherSampleIsAnError) {
  auto m = blend_node(s, 0, -1.0f, -2.0f, 0.5f);
  ASSERT_FALSE(m);
  EXPECT_EQ(test::coded(m.error()),
            "blend 0.5 with times -1 and -2 uses neither sample: sample A needs blend < 1 and time A >= 0, sample B "
            "needs blend > 0 and time B >= 0 (docs/formats/msh-animation.md 4.1; the engine leaves this case undefined) "
            "[anim.blend.no_sample]");
  auto nan = blend_node(s, 0, 1.0f, 2.0f, std::numeric_limits<float>::quiet_NaN());
  ASSERT_FALSE(nan);
  EXPECT_EQ(nan.error().rule, "anim.blend.no_sample");
  auto inf = blend_node(s, 0, 1.0f, std::numeric_limits<float>::infinity(), 0.5f);
  ASSERT_FALSE(inf);
  EXPECT_EQ(test::coded(inf.error()), "sample time inf is not finite [anim.sample.time]");
}

// ---- hierarchy ----

std::string hierarchy_error(std::vector<test::NodeSpec> nodes) {
  RawModel m;
  m.keys = {key(0)};
  m.nodes = std::move(nodes);
  ByteBuffer bytes = build(m);
  auto h = read_hierarchy(streams_of(bytes));
  return h ? "no error" : test::coded(h.error());
}

TEST(Hierarchy, RejectsForwardSelfAndMissingParents) {
  EXPECT_EQ(hierarchy_error({{kNoParent}, {2}, {0}}),
            "node 1: parent 2 comes after it (a forward parent; parents must precede their children, docs/formats/msh.md 7) at "
            "offset 0x38 [anim.node.parent_order]");
  EXPECT_EQ(hierarchy_error({{kNoParent}, {1}, {0}}),
            "node 1 is its own parent (a cycle) at offset 0x38 [anim.node.parent_order]");
  EXPECT_EQ(hierarchy_error({{kNoParent}, {7}, {0}}),
            "node 1: parent 7 does not exist (the model has 3 nodes) at offset 0x38 [anim.node.parent_range]");
  EXPECT_EQ(hierarchy_error({{kNoParent}, {0}, {1}}), "no error");
}

TEST_F(SmallModel, WorldMatricesComposeParentThenChild) {
  auto world = world_matrices(s, 4.0f);
  ASSERT_TRUE(world);
  ASSERT_EQ(world->size(), 3u);
  // The root is half a turn about z keyed at (4, 8, 12); the pose walk zeroes node 0's translation
  // (docs/formats/msh.md 7.4) and keeps its rotation. The child sits at (1, 1, 1) in it.
  const Mat4 root = {-1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  EXPECT_EQ(pose_matrix(sample_ok(s, 0, 4.0f)), (Mat4{-1, 0, 0, 4, 0, -1, 0, 8, 0, 0, 1, 12, 0, 0, 0, 1}));
  EXPECT_EQ((*world)[0], root);
  EXPECT_EQ((*world)[1], multiply(root, pose_matrix(sample_ok(s, 1, 4.0f))));
  EXPECT_EQ((*world)[2], multiply(root, pose_matrix(sample_ok(s, 2, 4.0f))));
  EXPECT_NEAR((*world)[1][3], -1.0f, 1e-5f);
  EXPECT_NEAR((*world)[1][7], -1.0f, 1e-5f);
  EXPECT_NEAR((*world)[1][11], 1.0f, 1e-5f);
}

TEST(PoseWalk, OnlyARootNodeZeroLosesItsTranslation) {
  NodePose pose;
  pose.quat = {1, 0, 0, 0};
  pose.pos = {4, 8, 12};
  const Mat4 moved = {1, 0, 0, 4, 0, 1, 0, 8, 0, 0, 1, 12, 0, 0, 0, 1};
  EXPECT_EQ(pose_walk_local(0, kNoParent, pose), (Mat4{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
  EXPECT_EQ(pose_walk_local(3, kNoParent, pose), moved);  // a later root keeps its place
  EXPECT_EQ(pose_walk_local(1, 0, pose), moved);
}

TEST(Hierarchy, MultiplyIsTheRowMajorProduct) {
  Mat4 a{}, b{};
  for (int i = 0; i < 16; ++i) a[i] = float(i + 1), b[i] = float(16 - i);
  Mat4 p = multiply(a, b);
  EXPECT_EQ(p[0], 1 * 16 + 2 * 12 + 3 * 8 + 4 * 4);
  EXPECT_EQ(p[3], 1 * 13 + 2 * 9 + 3 * 5 + 4 * 1);
  EXPECT_EQ(p[15], 13 * 13 + 14 * 9 + 15 * 5 + 16 * 1);
}

TEST_F(SmallModel, WorldMatricesChecksItsInputs) {
  Hierarchy h = *read_hierarchy(s);
  std::vector<Mat4> out(2);
  auto status = world_matrices(s, h, 0.0f, out);
  ASSERT_FALSE(status);
  EXPECT_EQ(test::coded(status.error()), "output holds 2 matrices, the model has 3 nodes [anim.world.output]");
  out.resize(3);
  h.parents[2] = 2;
  status = world_matrices(s, h, 0.0f, out);
  ASSERT_FALSE(status);
  EXPECT_EQ(test::coded(status.error()), "node 2: parent 2 does not precede it [anim.node.parent_order]");
  h.parents.pop_back();
  status = world_matrices(s, h, 0.0f, out);
  ASSERT_FALSE(status);
  EXPECT_EQ(test::coded(status.error()), "hierarchy has 2 nodes, the model 3 [anim.world.hierarchy]");
}

}  // namespace
}  // namespace parkan::msh
