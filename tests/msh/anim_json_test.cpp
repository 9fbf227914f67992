// The JSON forms of docs/cli.md 10.4 built by the library (anim_json.hpp): exact text, keys as the
// contract names them, floats in shortest round-trip form, frames as the engine's signed int.
#include <gtest/gtest.h>

#include "builders.hpp"
#include "parkan/msh/anim_json.hpp"

namespace parkan::msh {
namespace {

using test::build;
using test::key;
using test::RawModel;
using test::small_model;
using test::streams_of;

TEST(AnimJson, PathNames) {
  EXPECT_STREQ(sample_path_name(SamplePath::fallback), "fallback");
  EXPECT_STREQ(sample_path_name(SamplePath::key0), "key0");
  EXPECT_STREQ(sample_path_name(SamplePath::key1), "key1");
  EXPECT_STREQ(sample_path_name(SamplePath::interp), "interp");
}

TEST(AnimJson, Info) {
  ByteBuffer bytes = build(small_model());
  EXPECT_EQ(info_json(streams_of(bytes)).dump(),
            R"({"frame_count":5,"key_count":6,"legacy":false,"map_word_count":10,"node_count":3,"node_stride":38,)"
            R"("nodes":[{"fallback_key":2,"has_map":true,"index":0,"key_count":3,"map_start":0,"parent":null,)"
            R"("start_key":0},)"
            R"({"fallback_key":3,"has_map":false,"index":1,"key_count":1,"map_start":null,"parent":0,"start_key":3},)"
            R"({"fallback_key":5,"has_map":true,"index":2,"key_count":2,"map_start":5,"parent":0,"start_key":4}]})");
}

TEST(AnimJson, InfoOfALegacyTableAndOfFallbacksThatDoNotIncrease) {
  RawModel legacy;
  legacy.node_attr3 = kLegacyNodeStride;
  legacy.nodes_raw = ByteBuffer(24, 0xFF);
  legacy.keys = {key(0)};
  legacy.nodes = {{}};
  ByteBuffer bytes = build(legacy);
  EXPECT_EQ(info_json(streams_of(bytes)).dump(),
            R"({"frame_count":1,"key_count":1,"legacy":true,"map_word_count":0,"message":"legacy node table, not )"
            R"(sampled","node_count":1,"node_stride":24,"nodes":[]})");
  RawModel m = small_model();
  m.nodes[1].fallback = 2;  // node 1's track is empty
  bytes = build(m);
  nlohmann::json j = info_json(streams_of(bytes));
  EXPECT_EQ(j["nodes"][1]["key_count"], 0);
  EXPECT_EQ(j["nodes"][1]["start_key"], 3);
  EXPECT_EQ(j["nodes"][2]["start_key"], 3);
}

TEST(AnimJson, PoseWithANegativeFrame) {
  NodePose pose;
  pose.frame = static_cast<std::uint32_t>(-6);  // t = -5
  pose.key = 2;
  pose.path = SamplePath::fallback;
  pose.quat = {0.0f, 0.0f, 0.0f, 1.0f};
  pose.pos = {0.1f, 8.0f, -12.5f};
  EXPECT_EQ(pose_json(pose).dump(),
            R"({"frame":-6,"key":2,"path":"fallback","pos":[0.1,8.0,-12.5],"quat":[0.0,0.0,0.0,1.0]})");
}

TEST(AnimJson, SamplesAtATimeAndOverARange) {
  ByteBuffer bytes = build(small_model());
  AnimStreams s = streams_of(bytes);
  std::vector<NodeSample> rows = {{2.75f, 0, *sample_node(s, 0, 2.75f)}, {2.75f, 2, *sample_node(s, 2, 2.75f)}};
  nlohmann::json at = samples_at_time_json(2.75f, rows);
  EXPECT_EQ(at["time"].dump(), "2.75");
  ASSERT_EQ(at["nodes"].size(), 2u);
  nlohmann::json first = pose_json(rows[0].pose);
  first["node"] = 0;
  EXPECT_EQ(at["nodes"][0], first);
  EXPECT_EQ(at["nodes"][1]["node"], 2);
  EXPECT_EQ(at.size(), 2u);

  nlohmann::json range = sample_range_json(rows);
  ASSERT_EQ(range.size(), 1u);
  ASSERT_EQ(range["samples"].size(), 2u);
  first["time"] = 2.75;
  EXPECT_EQ(range["samples"][0], first);
  EXPECT_EQ(range["samples"][1]["time"].dump(), "2.75");
  EXPECT_EQ(sample_range_json({}).dump(), R"({"samples":[]})");
}

TEST(AnimJson, MatricesInTheEnginesOrder) {
  Mat4 m{};
  for (int i = 0; i < 16; ++i) m[i] = 0.25f * float(i);
  m[1] = 0.1f;          // shortest text that reads back as the float: 0.1, not 0.10000000149011612
  m[2] = 1.0f / 3.0f;   // 0.33333334
  m[3] = -1e-45f;       // the smallest subnormal, negative
  EXPECT_EQ(blend_json(m).dump(), R"({"matrix":[0.0,0.1,0.33333334,-1e-45,1.0,1.25,1.5,1.75,2.0,2.25,2.5,2.75,3.0,)"
                                  R"(3.25,3.5,3.75]})");
  std::vector<Mat4> world = {m, m};
  nlohmann::json j = world_json(30.0f, world);
  EXPECT_EQ(j["time"].dump(), "30.0");
  ASSERT_EQ(j["matrices"].size(), 2u);
  EXPECT_EQ(j["matrices"][1], matrix_json(m));
}

}  // namespace
}  // namespace parkan::msh
