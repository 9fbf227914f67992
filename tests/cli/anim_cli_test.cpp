// parkan anim ...: the cli.md contract (anim section) on models the test builds.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../msh/builders.hpp"
#include "parkan/game/sample.hpp"
#include "parkan/msh/math.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

struct AnimCli : ::testing::Test {
  test::TempDir dir;
  ByteBuffer model_bytes = msh::test::build(msh::test::small_model());
  std::string model = write("small.msh", model_bytes);
  msh::AnimStreams streams() const { return msh::test::streams_of(model_bytes); }

  std::string write(const std::string& name, const ByteBuffer& bytes) {
    test::write_bytes(dir / name, bytes);
    return (dir / name).string();
  }
};

TEST_F(AnimCli, InfoJson) {
  auto r = run_cli({"anim", "info", model, "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            R"({"frame_count":5,"key_count":6,"legacy":false,"map_word_count":10,"node_count":3,"node_stride":38,)"
            R"("nodes":[{"fallback_key":2,"has_map":true,"index":0,"key_count":3,"map_start":0,"parent":null,"start_key":0},)"
            R"({"fallback_key":3,"has_map":false,"index":1,"key_count":1,"map_start":null,"parent":0,"start_key":3},)"
            R"({"fallback_key":5,"has_map":true,"index":2,"key_count":2,"map_start":5,"parent":0,"start_key":4}]})"
            "\n");
  EXPECT_EQ(r.err, "");
}

TEST_F(AnimCli, InfoText) {
  auto r = run_cli({"anim", "info", model});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "nodes 3, frames 5, keys 6, map words 10, node table 38-byte\n"
            "node parent  start fallback  keys map start\n"
            "   0      -      0        2     3         0\n"
            "   1      0      3        3     1         -\n"
            "   2      0      4        5     2         5\n");
}

void expect_pose(const nlohmann::json& j, const msh::NodePose& want, const char* path) {
  EXPECT_EQ(j["frame"], want.frame);
  EXPECT_EQ(j["key"], want.key);
  EXPECT_EQ(j["path"], path);
  ASSERT_EQ(j["quat"].size(), 4u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(j["quat"][i].get<float>(), want.quat[i]) << i;
  ASSERT_EQ(j["pos"].size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(j["pos"][i].get<float>(), want.pos[i]) << i;
}

TEST_F(AnimCli, SampleJsonEveryPath) {
  msh::AnimStreams s = streams();
  struct Case {
    std::uint32_t node;
    const char* time;
    float t;
    const char* path;
  };
  for (const Case& c : {Case{0, "0", 0.0f, "key0"}, Case{0, "1", 1.0f, "interp"}, Case{2, "1", 1.0f, "key1"},
                        Case{0, "4", 4.0f, "fallback"}, Case{0, "2.75", 2.75f, "interp"}}) {
    auto r = run_cli({"anim", "sample", model, "--node", std::to_string(c.node), "--time", c.time, "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j.size(), 5u);
    expect_pose(j, *msh::sample_node(s, c.node, c.t), c.path);
  }
  auto r = run_cli({"anim", "sample", model, "--node", "0", "--time", "1", "--json"});
  EXPECT_EQ(nlohmann::json::parse(r.out)["pos"].dump(), "[1.0,2.0,3.0]");
}

TEST_F(AnimCli, SampleEveryNodeAndARangeAsCsv) {
  msh::AnimStreams s = streams();
  auto r = run_cli({"anim", "sample", model, "--all", "--time", "2", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["time"], 2.0);
  ASSERT_EQ(j["nodes"].size(), 3u);
  for (std::uint32_t n = 0; n < 3; ++n) {
    EXPECT_EQ(j["nodes"][n]["node"], n);
    auto want = *msh::sample_node(s, n, 2.0f);
    expect_pose(j["nodes"][n], want, want.path == msh::SamplePath::fallback ? "fallback" : "key0");
  }

  r = run_cli({"anim", "sample", model, "--node", "0", "--from", "0", "--to", "2", "--step", "0.5"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string want = "time,node,frame,key,path,qw,qx,qy,qz,px,py,pz\n";
  const char* paths[] = {"fallback", "key0", "key1", "interp"};
  for (float t : {0.0f, 0.5f, 1.0f, 1.5f, 2.0f}) {
    auto p = *msh::sample_node(s, 0, t);
    want += fmt::format("{},0,{},{},{},{},{},{},{},{},{},{}\n", t, p.frame, p.key, paths[int(p.path)], p.quat[0],
                        p.quat[1], p.quat[2], p.quat[3], p.pos[0], p.pos[1], p.pos[2]);
  }
  EXPECT_EQ(r.out, want);
  EXPECT_NE(r.out.find("\n0.5,0,0,0,interp,"), std::string::npos);
  EXPECT_NE(r.out.find("\n2,0,2,1,key0,"), std::string::npos);
}

TEST_F(AnimCli, SampleErrors) {
  auto r = run_cli({"anim", "sample", model, "--node", "0", "--time", "nan"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "parkan: error: " + model + ": sample time nan is not finite\n");
  r = run_cli({"anim", "sample", model, "--node", "9", "--time", "0"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + model + ": node 9 does not exist (the model has 3 nodes)\n");
  r = run_cli({"anim", "sample", model, "--node", "0", "--time", "two"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "parkan: error: --time: \"two\" is not a number\n");
  r = run_cli({"anim", "sample", model, "--node", "0", "--all", "--time", "1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "parkan: error: give exactly one of --node N and --all\n");
  r = run_cli({"anim", "sample", model, "--node", "0", "--from", "0", "--to", "1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "parkan: error: give --time T, or all of --from A --to B --step S\n");
  r = run_cli({"anim", "sample", model, "--node", "0", "--from", "0", "--to", "1", "--step", "0"});
  EXPECT_EQ(r.exit_code, 2);
  r = run_cli({"anim", "sample", (dir / "missing.msh").string(), "--node", "0", "--time", "1"});
  EXPECT_EQ(r.exit_code, 3);
  r = run_cli({"anim", "sample", model, "--time", "1", "--json"});
  EXPECT_EQ(r.exit_code, 2);
}

TEST_F(AnimCli, BlendJsonAndTheUndefinedCase) {
  msh::AnimStreams s = streams();
  auto r = run_cli({"anim", "blend", model, "--node", "0", "--ta", "1", "--tb", "3", "--blend", "0.25", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["matrix"].size(), 16u);
  msh::Mat4 want = *msh::blend_node(s, 0, 1.0f, 3.0f, 0.25f);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(j["matrix"][i].get<float>(), want[i]) << i;
  EXPECT_EQ(j["matrix"][3].get<float>(), 0.75f * 1.0f + 0.25f * 3.0f);

  r = run_cli({"anim", "blend", model, "--node", "0", "--ta", "-1", "--tb", "-1", "--blend", "0.5"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "parkan: error: " + model +
                       ": blend 0.5 with times -1 and -1 uses neither sample: hasA needs blend < 1 and tA >= 0, hasB "
                       "needs blend > 0 and tB >= 0 (msh-animation.md 4.1; undefined in the engine)\n");
  r = run_cli({"anim", "blend", model, "--node", "0", "--ta", "1", "--tb", "3"});
  EXPECT_EQ(r.exit_code, 2);
}

TEST_F(AnimCli, CheckExitCodes) {
  auto r = run_cli({"anim", "check", model});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, model + ": 0 errors, 0 warnings\n");

  msh::test::RawModel broken = msh::test::small_model();
  broken.nodes[1].fallback = 9;
  broken.words[9] = 3;
  std::string bad = write("bad.msh", msh::test::build(broken));
  r = run_cli({"anim", "check", bad});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + bad +
                       ": node 1: fallback key 9 is past the key pool (6 keys) (rule 9.2) at offset 0x3c\n"
                       "parkan: warning: " + bad + ": node 2: fallback key 5 is not after the previous node's 9 "
                       "(fallback keys increase, msh-animation.md 5.1); its track is empty at offset 0x62\n");
  EXPECT_EQ(r.out, bad + ": 1 errors, 1 warnings\n");
  r = run_cli({"anim", "check", bad, "--json"});
  EXPECT_EQ(r.exit_code, 1);
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["ok"], false);
  EXPECT_EQ(j["errors"], 1);
  EXPECT_EQ(j["warnings"], 1);
  EXPECT_EQ(j["findings"][0]["severity"], "error");
  EXPECT_EQ(j["findings"][0]["offset"], 0x3c);

  std::string cut = write("cut.msh", ByteBuffer{'N', 'R', 'e', 's'});
  r = run_cli({"anim", "check", cut});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + cut + ": file too small for the NRes header: 4 bytes, need 16 at offset 0x0\n");
  EXPECT_EQ(r.out, cut + ": 1 errors, 0 warnings\n");
}

TEST_F(AnimCli, SampleGameModelsThroughArchiveReferences) {
  std::string library;
  for (const game::SampleFile& f : game::sample_models({}))
    if (f.path == "animated.rlb") library = write("animated.rlb", f.bytes);
  ASSERT_FALSE(library.empty());
  auto r = run_cli({"anim", "check", library + "::walker.msh"});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  r = run_cli({"anim", "info", library + "::MECH.MSH", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["node_count"], 38);
  r = run_cli({"anim", "info", library + "::mtcheck.msh", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json legacy = nlohmann::json::parse(r.out);
  EXPECT_EQ(legacy["legacy"], true);
  EXPECT_EQ(legacy["node_stride"], 24);
  EXPECT_EQ(legacy["message"], "legacy node table, not sampled");
  r = run_cli({"anim", "sample", library + "::mtcheck.msh", "--node", "0", "--time", "0"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + library +
                       "::mtcheck.msh: legacy node table (24-byte nodes, msh-animation.md 10.3), not sampled\n");
  r = run_cli({"anim", "check", library + "::mtcheck.msh"});
  EXPECT_EQ(r.exit_code, 0);
  r = run_cli({"anim", "world", library + "::mech.msh", "--time", "12", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["matrices"].size(), 38u);
}

TEST_F(AnimCli, CanonicalRewrite) {
  std::string out = (dir / "out.msh").string();
  auto r = run_cli({"anim", "canonical", model, out});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_bytes(out), test::read_bytes(model));  // already canonical: byte-identical
  r = run_cli({"anim", "canonical", model, model});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + model + ": refusing to overwrite the input file\n");

  msh::test::RawModel odd = msh::test::small_model();
  odd.words[4] = 7;  // > fallback: same runtime result, not canonical
  std::string in = write("odd.msh", msh::test::build(odd));
  r = run_cli({"anim", "canonical", in, out});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_bytes(out), test::read_bytes(model));
}

}  // namespace
}  // namespace parkan
