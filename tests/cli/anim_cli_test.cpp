// parkan anim ...: the docs/cli.md contract (anim section) on models the test builds.

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../msh/builders.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/msh/math.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/resource/payload.hpp"
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
  // Node 1's fallback key past the pool (an error), so node 2's track is empty (a warning).
  static ByteBuffer broken_model() {
    msh::test::RawModel broken = msh::test::small_model();
    broken.nodes[1].fallback = 9;
    broken.words[9] = 3;
    return msh::test::build(broken);
  }
};

TEST_F(AnimCli, InfoJson) {
  auto r = run_cli({"anim", "info", model, "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            R"({"frame_count":5,"key_count":6,"legacy":false,"map_word_count":10,"node_count":3,"node_stride":38,)"
            R"("nodes":[{"fallback_key":2,"has_map":true,"index":0,"key_count":3,"map_start":0,"parent":null,)"
            R"("start_key":0},{"fallback_key":3,"has_map":false,"index":1,"key_count":1,"map_start":null,"parent":0,"start_key":3},)"
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
  EXPECT_EQ(j["frame"], want.signed_frame());
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
  EXPECT_EQ(r.err, "parkan: error: --from and --to must be finite with from <= to, --step finite and > 0\n");
  r = run_cli({"anim", "sample", (dir / "missing.msh").string(), "--node", "0", "--time", "1"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("parkan: error: " + (dir / "missing.msh").string() + ": ", 0), 0u) << r.err;
  r = run_cli({"anim", "sample", model, "--time", "1", "--json"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "parkan: error: give exactly one of --node N and --all\n");
}

TEST_F(AnimCli, NodeIndexIsAWholeNumberFromZero) {
  // Not wrapped into 4294967295 (and then reported as a missing node).
  for (const char* given : {"-1", "1.5", "x", "4294967296", ""}) {
    auto r = run_cli({"anim", "sample", model, "--node", given, "--time", "1"});
    EXPECT_EQ(r.exit_code, 2) << given;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, fmt::format("parkan: error: --node: \"{}\" is not a node index (a whole number from 0)\n", given));
  }
  auto r = run_cli({"anim", "blend", model, "--node", "-1", "--ta", "1", "--tb", "3", "--blend", "0.5"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "parkan: error: --node: \"-1\" is not a node index (a whole number from 0)\n");
}

TEST_F(AnimCli, NegativeTimesGiveNegativeFrames) {
  // t = -5: round_half_even(-5.5) = -6, the engine's int; never 4294967290.
  auto r = run_cli({"anim", "sample", model, "--node", "0", "--time", "-5", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["frame"], -6);
  EXPECT_EQ(j["key"], 2);
  EXPECT_EQ(j["path"], "fallback");
  r = run_cli({"anim", "sample", model, "--node", "0", "--time", "-5"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "node 0 t -5: frame -6 key 2 fallback quat [0 0 0 1] pos [4 8 12]\n");
  r = run_cli({"anim", "sample", model, "--node", "0", "--from", "-1", "--to", "0", "--step", "0.5"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "time,node,frame,key,path,qw,qx,qy,qz,px,py,pz\n"
            "-1,0,-2,2,fallback,0,0,0,1,4,8,12\n"
            "-0.5,0,-1,2,fallback,0,0,0,1,4,8,12\n"
            "0,0,0,0,key0,1,0,0,0,0,0,0\n");
  EXPECT_EQ(r.out.find("4294967"), std::string::npos);
  r = run_cli({"anim", "sample", model, "--all", "--time", "-0.75", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json all_nodes = nlohmann::json::parse(r.out);  // kept: a range-for over a temporary's member dangles
  for (const nlohmann::json& node : all_nodes["nodes"]) EXPECT_EQ(node["frame"], -1);

  // A model whose timeline is 2^32 - 1 frames long: the negative frame is read as a map word.
  msh::test::RawModel huge = msh::test::small_model();
  huge.frame_count = 0xFFFFFFFF;
  std::string path = write("huge.msh", msh::test::build(huge));
  r = run_cli({"anim", "sample", path, "--node", "0", "--time", "-5"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + path +
                       ": node 0: map word 4294967290 (map start 0 + frame -6, read as the unsigned 4294967290) is "
                       "past the frame map (10 words) (rule 9.3) at offset 0x14\n");
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
                       ": blend 0.5 with times -1 and -1 uses neither sample: sample A needs blend < 1 and time A >= "
                       "0, sample B needs blend > 0 and time B >= 0 (docs/formats/msh-animation.md 4.1; the engine leaves this "
                       "case undefined)\n");
  r = run_cli({"anim", "blend", model, "--node", "0", "--ta", "1", "--tb", "3"});
  EXPECT_EQ(r.exit_code, 2);
  r = run_cli({"anim", "blend", model, "--node", "0", "--ta", "1", "--tb", "3", "--blend", "half"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "parkan: error: --blend: \"half\" is not a number\n");
}

TEST_F(AnimCli, CheckExitCodes) {
  auto r = run_cli({"anim", "check", model});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, model + ": 0 errors, 0 warnings\n");
  EXPECT_EQ(r.err, "");

  std::string bad = write("bad.msh", broken_model());
  r = run_cli({"anim", "check", bad});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + bad +
                       ": node 1: fallback key 9 is past the key pool (6 keys) (rule 9.2) at offset 0x3c "
                       "[anim.node.fallback_range]\n"
                       "parkan: warning: " + bad + ": node 2: fallback key 5 is not after the previous node's 9 "
                       "(fallback keys increase, docs/formats/msh-animation.md 5.1); its track is empty at offset 0x62 "
                       "[anim.node.fallback_order]\n");
  EXPECT_EQ(r.out, bad + ": 1 error, 1 warning\n");

  std::string cut = write("cut.msh", ByteBuffer{'N', 'R', 'e', 's'});
  r = run_cli({"anim", "check", cut});
  EXPECT_EQ(r.exit_code, 1);
  const std::string container_code = msh::read_anim_streams(ByteBuffer{'N', 'R', 'e', 's'}).error().rule;
  ASSERT_FALSE(container_code.empty());
  EXPECT_EQ(r.err, "parkan: error: " + cut + ": file too small for the NRes header: 4 bytes, need 16 at offset 0x0 [" +
                       container_code + "]\n");
  EXPECT_EQ(r.out, cut + ": 1 error, 0 warnings\n");

  r = run_cli({"anim", "check", (dir / "missing.msh").string()});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("parkan: error: " + (dir / "missing.msh").string() + ": ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(" [resource.open]\n"), std::string::npos) << r.err;
  r = run_cli({"anim", "check"});
  EXPECT_EQ(r.exit_code, 2);
}

TEST_F(AnimCli, CheckJsonListsDiagnosticsAndModels) {
  std::string bad = write("bad.msh", broken_model());
  auto r = run_cli({"anim", "check", bad, "--json"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "");
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["valid"], false);
  EXPECT_EQ(j["errors"], 1);
  EXPECT_EQ(j["warnings"], 1);
  EXPECT_EQ(j["notes"], 0);
  ASSERT_EQ(j["findings"].size(), 2u);
  EXPECT_EQ(j["findings"][0], (nlohmann::json{{"severity", "error"}, {"code", "anim.node.fallback_range"},
                                              {"file", bad}, {"entry", nullptr}, {"offset", 0x3c},
                                              {"message", "node 1: fallback key 9 is past the key pool (6 keys) "
                                                          "(rule 9.2)"}}));
  EXPECT_EQ(j["findings"][1]["severity"], "warning");
  EXPECT_EQ(j["findings"][1]["code"], "anim.node.fallback_order");
  EXPECT_EQ(j["findings"][1]["offset"], 0x62);
  // As texm, mat0 and wear check: "files" per argument and the count of what was checked; then a
  // report per model.
  EXPECT_EQ(j["files"], (nlohmann::json::array({{{"src", bad}, {"archive", false}, {"models", 1}, {"valid", false},
                                                 {"errors", 1}, {"warnings", 1}, {"notes", 0}}})));
  EXPECT_EQ(j["models"], 1);
  EXPECT_EQ(j["per_model"], (nlohmann::json::array({{{"model", bad}, {"file", bad}, {"entry", nullptr},
                                                     {"valid", false}, {"errors", 1}, {"warnings", 1},
                                                     {"notes", 0}}})));
  EXPECT_EQ(j.size(), 8u);  // valid, errors, warnings, notes, findings, files, models, per_model

  r = run_cli({"anim", "check", model, "--json"});
  EXPECT_EQ(r.exit_code, 0);
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["valid"], true);
  EXPECT_EQ(j["findings"], nlohmann::json::array());
  EXPECT_EQ(j["per_model"][0]["valid"], true);
  EXPECT_EQ(j["files"][0]["valid"], true);
  EXPECT_FALSE(j.contains("ok"));
}

TEST_F(AnimCli, CheckSeveralModelsReportsEachAndATotal) {
  std::string bad = write("bad.msh", broken_model());
  std::string missing = (dir / "missing.msh").string();
  auto r = run_cli({"anim", "check", model, bad});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, model + ": 0 errors, 0 warnings\n" + bad + ": 1 error, 1 warning\n" +
                       "total: 2 models in 2 files, 1 error, 1 warning\n");
  r = run_cli({"anim", "check", model, model});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, model + ": 0 errors, 0 warnings\n" + model + ": 0 errors, 0 warnings\n" +
                       "total: 2 models in 2 files, 0 errors, 0 warnings\n");

  // A missing file is reported, the others are still checked, and the exit code is the I/O one.
  r = run_cli({"anim", "check", model, missing, bad});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, model + ": 0 errors, 0 warnings\n" + bad + ": 1 error, 1 warning\n" +
                       "total: 2 models in 3 files, 2 errors, 1 warning\n");
  EXPECT_NE(r.err.find("parkan: error: " + missing + ": "), std::string::npos) << r.err;
  r = run_cli({"anim", "check", model, missing, "--json"});
  EXPECT_EQ(r.exit_code, 3);
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["errors"], 1);
  EXPECT_EQ(j["findings"][0]["code"], "resource.open");
  EXPECT_EQ(j["findings"][0]["file"], missing);
  EXPECT_EQ(j["models"], 1);
  ASSERT_EQ(j["files"].size(), 2u);
  EXPECT_EQ(j["files"][1], (nlohmann::json{{"src", missing}, {"archive", false}, {"models", 0}, {"valid", false},
                                           {"errors", 1}, {"warnings", 0}, {"notes", 0}}));
}

TEST_F(AnimCli, CheckRefusesWhatIsNotARegularFileWithoutBlocking) {
  std::string fifo = (dir / "pipe.msh").string();
  if (!test::make_named_pipe(fifo)) GTEST_SKIP() << test::kNoNamedPipes;
  auto r = run_cli({"anim", "check", fifo, model});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + fifo + ": not a regular file (a named pipe) [resource.open]\n");
  EXPECT_EQ(r.out, model + ": 0 errors, 0 warnings\n" +
                       "total: 1 model in 2 files, 1 error, 0 warnings\n");
  r = run_cli({"anim", "info", fifo});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + fifo + ": not a regular file (a named pipe)\n");
}

TEST_F(AnimCli, CheckALibraryChecksEveryModelInIt) {
  ByteBuffer bad_bytes = broken_model();
  ByteBuffer texture{'T', 'e', 'x', 'm', 0, 0, 0, 0};
  ByteBuffer cut{1, 2, 3};
  // Models are MESH entries (a broken one included) and any entry holding an NRes; the Texm is skipped.
  std::vector<nres::EntrySpec> specs = {{resource::kTypeMesh, 0, 0, 38, "GOOD.MSH", model_bytes},
                                        {resource::kTypeTexm, 0, 0, 0, "ROCK.0", texture},
                                        {resource::kTypeMesh, 0, 0, 38, "BAD.MSH", bad_bytes},
                                        {resource::kTypeMesh, 0, 0, 38, "CUT.MSH", cut},
                                        {0, 0, 0, 0, "UNTYPED", model_bytes}};
  std::string library = write("models.rlb", *nres::build(specs));
  const std::string container_code = msh::read_anim_streams(cut).error().rule;
  auto r = run_cli({"anim", "check", library});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, library + "::GOOD.MSH: 0 errors, 0 warnings\n" + library + "::BAD.MSH: 1 error, 1 warning\n" +
                       library + "::CUT.MSH: 1 error, 0 warnings\n" + library + "::UNTYPED: 0 errors, 0 warnings\n" +
                       "total: 4 models in 1 file, 2 errors, 1 warning\n");
  EXPECT_EQ(r.err, "parkan: error: " + library +
                       "::BAD.MSH: node 1: fallback key 9 is past the key pool (6 keys) (rule 9.2) at offset 0x3c "
                       "[anim.node.fallback_range]\n"
                       "parkan: warning: " + library + "::BAD.MSH: node 2: fallback key 5 is not after the previous "
                       "node's 9 (fallback keys increase, docs/formats/msh-animation.md 5.1); its track is empty at offset 0x62 "
                       "[anim.node.fallback_order]\n"
                       "parkan: error: " + library + "::CUT.MSH: file too small for the NRes header: 3 bytes, need 16 "
                       "at offset 0x0 [" + container_code + "]\n");
  r = run_cli({"anim", "check", library, "--json"});
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["findings"][0]["file"], library);
  EXPECT_EQ(j["findings"][0]["entry"], "BAD.MSH");
  EXPECT_EQ(j["findings"][0]["offset"], 0x3c);  // inside the entry's payload
  EXPECT_EQ(j["models"], 4);
  EXPECT_EQ(j["files"], (nlohmann::json::array({{{"src", library}, {"archive", true}, {"models", 4}, {"valid", false},
                                                 {"errors", 2}, {"warnings", 1}, {"notes", 0}}})));
  ASSERT_EQ(j["per_model"].size(), 4u);
  EXPECT_EQ(j["per_model"][0]["model"], library + "::GOOD.MSH");
  EXPECT_EQ(j["per_model"][0]["entry"], "GOOD.MSH");
  EXPECT_EQ(j["per_model"][1]["valid"], false);
  EXPECT_EQ(j["per_model"][2]["errors"], 1);

  // One entry of it; an entry that is not a model says so; a name that is not there.
  r = run_cli({"anim", "check", library + "::good.msh"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, library + "::GOOD.MSH: 0 errors, 0 warnings\n");
  r = run_cli({"anim", "check", library + "::ROCK.0"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + library +
                       "::ROCK.0: this entry is a Texm, not a model "
                       "[resource.type]\n");
  EXPECT_EQ(r.out, library + "::ROCK.0: 1 error, 0 warnings\n");
  r = run_cli({"anim", "check", library + "::NOPE.MSH"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + library + ": no entry named \"NOPE.MSH\" [resource.entry.name]\n");
  EXPECT_EQ(r.out, "");
}

TEST_F(AnimCli, ModelCommandsRefuseWhatIsNotOneModel) {
  ByteBuffer texture{'T', 'e', 'x', 'm', 0, 0, 0, 0};
  std::vector<nres::EntrySpec> specs = {{resource::kTypeMesh, 0, 0, 38, "GOOD.MSH", model_bytes},
                                        {resource::kTypeTexm, 0, 0, 0, "ROCK.0", texture}};
  std::string library = write("models.rlb", *nres::build(specs));
  for (const char* verb : {"info", "world", "sample"}) {
    std::vector<std::string> args = {"anim", verb, library};
    if (std::string(verb) != "info") args.insert(args.end(), {"--time", "1"});
    if (std::string(verb) == "sample") args.insert(args.end(), {"--node", "0"});
    auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 1) << verb;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "parkan: error: " + library + ": a library of 1 model, not a model: name one as " + library +
                         "::GOOD.MSH, or check them all with `parkan anim check " + library + "`\n")
        << verb;
    args[2] = library + "::#1";
    r = run_cli(args);
    EXPECT_EQ(r.exit_code, 1) << verb;
    EXPECT_EQ(r.err, "parkan: error: " + library +
                         "::ROCK.0: this entry is a Texm, not a model\n")
        << verb;
  }
  auto r = run_cli({"anim", "info", library + "::#0", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["node_count"], 3);
}

TEST_F(AnimCli, HelpSpeaksToUsers) {
  for (const char* verb : {"", "info", "sample", "blend", "check", "world", "canonical"}) {
    std::vector<std::string> args = {"anim"};
    if (*verb) args.push_back(verb);
    args.push_back("--help");
    auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 0) << verb;
    EXPECT_EQ(r.out.find("sub_"), std::string::npos) << verb << r.out;  // no disassembly labels
    EXPECT_EQ(r.out.find("hdr"), std::string::npos) << verb << r.out;
  }
  auto help_line = [](const std::string& help, const std::string& option) {
    std::size_t at = help.find("\n  " + option + " ");
    return at == std::string::npos ? std::string() : help.substr(at + 1, help.find('\n', at + 1) - at - 1);
  };
  auto sample = run_cli({"anim", "sample", "--help"}).out;
  for (const char* option : {"--time", "--from", "--to", "--step"})
    EXPECT_NE(help_line(sample, option).find("in frames"), std::string::npos) << option << "\n" << sample;
  auto blend = run_cli({"anim", "blend", "--help"}).out;
  for (const char* option : {"--ta", "--tb"})
    EXPECT_NE(help_line(blend, option).find("in frames of the model's timeline"), std::string::npos) << blend;
  EXPECT_NE(help_line(blend, "--blend").find("0..1"), std::string::npos) << blend;
  auto world = run_cli({"anim", "world", "--help"}).out;
  EXPECT_NE(help_line(world, "--time").find("in frames of the model's timeline"), std::string::npos) << world;
  EXPECT_NE(run_cli({"anim", "--help"}).out.find("Times are in frames of the model's timeline"), std::string::npos);
  EXPECT_NE(run_cli({"anim", "check", "--help"}).out.find("MODEL..."), std::string::npos);
}

TEST_F(AnimCli, SampleGameModelsThroughArchiveReferences) {
  std::string library;
  for (const sample::SampleFile& f : sample::sample_models({}))
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
                       "::mtcheck.msh: legacy node table (24-byte nodes, docs/formats/msh-animation.md 10.3), not sampled\n");
  r = run_cli({"anim", "check", library + "::mtcheck.msh"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "parkan: note: " + library +
                       "::mtcheck.msh: legacy node table (24-byte nodes, docs/formats/msh-animation.md 10.3), not sampled: node "
                       "rules not checked, passed through unchanged at offset 0x10 [anim.nodes.legacy]\n");
  EXPECT_EQ(r.out, library + "::mtcheck.msh: 0 errors, 0 warnings, 1 note\n");
  r = run_cli({"anim", "check", library});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, library + "::walker.msh: 0 errors, 0 warnings\n" + library + "::mech.msh: 0 errors, 0 warnings\n" +
                       library + "::tower.msh: 0 errors, 0 warnings\n" + library +
                       "::mtcheck.msh: 0 errors, 0 warnings, 1 note\n" +
                       "total: 4 models in 1 file, 0 errors, 0 warnings, 1 note\n");
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
