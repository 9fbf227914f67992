// parkan mat0 ...: the cli.md contract on the sample Material.lib.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "parkan/core/text.hpp"
#include "parkan/game/sample.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/sample.hpp"
#include "parkan/nres/archive.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using nlohmann::json;
using test::run_cli;

struct Mat0Cli : ::testing::Test {
  test::TempDir dir;
  std::string lib;
  ByteBuffer lib_bytes;
  nres::Archive archive;

  void SetUp() override {
    for (game::SampleFile& f : game::sample_materials({}))
      if (f.path == "Material.lib") lib_bytes = std::move(f.bytes);
    lib = (dir / "Material.lib").string();
    test::write_bytes(lib, lib_bytes);
    archive = nres::read(lib_bytes).value();
  }
  std::size_t index_of(const std::string& name) { return *nres::find(archive, name); }
  material::Mat0 material_named(const std::string& name) {
    std::size_t i = index_of(name);
    return material::read_mat0(archive.payload(i), {archive.entries[i].attr1, archive.entries[i].attr2}).value();
  }
  ByteBuffer payload(const std::string& name) {
    ByteView p = archive.payload(index_of(name));
    return ByteBuffer(p.begin(), p.end());
  }
  std::string write(const std::string& name, ByteView bytes) {
    test::write_bytes(dir / name, bytes);
    return (dir / name).string();
  }
};

TEST_F(Mat0Cli, DumpThenBuildIsByteIdentical) {
  for (const char* name : {"ANIM_LOOP", "ANIM_RANDOM", "DEFAULT", "MAT_010"}) {
    auto dump = run_cli({"mat0", "dump", lib + "::" + name, "--json"});
    ASSERT_EQ(dump.exit_code, 0) << dump.err;
    json doc = json::parse(dump.out);
    EXPECT_EQ(doc["name"], name);
    EXPECT_EQ(doc["attr2"], 6);
    std::string text = write(std::string(name) + ".json", as_bytes(dump.out));
    std::string out = (dir / (std::string(name) + ".mat0")).string();
    auto build = run_cli({"mat0", "build", text, out});
    ASSERT_EQ(build.exit_code, 0) << build.err;
    EXPECT_EQ(test::read_bytes(out), payload(name)) << name;
  }
  // The text form without --json is the same document, indented.
  auto pretty = run_cli({"mat0", "dump", lib + "::ANIM_LOOP"});
  EXPECT_EQ(json::parse(pretty.out), json::parse(run_cli({"mat0", "dump", lib + "::ANIM_LOOP", "--json"}).out));
}

TEST_F(Mat0Cli, WholeLibraryDumpAndBuild) {
  std::string folder = (dir / "materials").string();
  auto dump = run_cli({"mat0", "dump", lib, folder});
  ASSERT_EQ(dump.exit_code, 0) << dump.err;
  EXPECT_EQ(dump.err, "40 materials as text, 41 files in " + folder + "\n");
  EXPECT_TRUE(std::filesystem::exists(dir / "materials" / "DEFAULT.json"));
  std::string out = (dir / "rebuilt.lib").string();
  auto build = run_cli({"mat0", "build", folder, out});
  ASSERT_EQ(build.exit_code, 0) << build.err;
  EXPECT_EQ(test::read_bytes(out), lib_bytes);
  std::string manifest = (dir / "materials" / "manifest.json").string();
  ByteBuffer manifest_bytes = test::read_bytes(manifest);
  auto refuse = run_cli({"mat0", "build", folder, manifest});
  EXPECT_EQ(refuse.exit_code, 3);
  EXPECT_EQ(test::read_bytes(manifest), manifest_bytes);

  std::filesystem::remove(dir / "materials" / "DEFAULT.json");
  auto missing = run_cli({"mat0", "build", folder, (dir / "x.lib").string()});
  EXPECT_EQ(missing.exit_code, 3);
  EXPECT_EQ(missing.err, "parkan: error: " + folder + "/DEFAULT.json: cannot open: No such file or directory\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "x.lib"));
  auto whole = run_cli({"mat0", "phases", lib});
  EXPECT_EQ(whole.exit_code, 2);
  EXPECT_EQ(whole.err, "parkan: error: " + lib + " is an archive: name one material as " + lib + "::NAME or " + lib +
                           "::#N\n");
}

TEST_F(Mat0Cli, BarePayloadNeedsItsAttributes) {
  std::string bare = write("loop.mat0", payload("ANIM_LOOP"));
  auto ok = run_cli({"mat0", "dump", bare, "--json"});
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(json::parse(ok.out)["attr1"], 0);
  // No phases, no blocks, a version 6 prefix: with --attr2 0 the prefix is trailing bytes.
  std::string empty = write("empty.mat0", ByteBuffer{0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
  EXPECT_EQ(run_cli({"mat0", "dump", empty, "--json"}).exit_code, 0);
  auto v0 = run_cli({"mat0", "dump", empty, "--attr2", "0", "--json"});
  EXPECT_EQ(v0.exit_code, 1);
  EXPECT_EQ(v0.out, "");
  EXPECT_EQ(v0.err, "parkan: error: " + empty + ": 10 trailing bytes after the last section at offset 0x4\n");
  // An entry's own attributes can be overridden.
  auto over = run_cli({"mat0", "dump", lib + "::ANIM_LOOP", "--attr2", "0", "--json"});
  EXPECT_EQ(over.exit_code, 1);
}

TEST_F(Mat0Cli, BadInputGivesOneLine) {
  ByteBuffer truncated = payload("ANIM_LOOP");
  truncated.resize(40);
  std::string path = write("trunc.mat0", truncated);
  auto r = run_cli({"mat0", "phases", path, "--json"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + path +
                       ": phase table (4 phases of 34 bytes) extends past the end of the payload (26 bytes left) at "
                       "offset 0xe\n");
  ByteBuffer many = {0, 0, 25, 0};
  path = write("many.mat0", many);
  r = run_cli({"mat0", "check", path});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + path +
                       ": Too many animations for material. (25 animation blocks, at most 19) at offset 0x2\n");
  r = run_cli({"mat0", "dump", lib + "::NOPE"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + lib + ": no entry named \"NOPE\"\n");
  r = run_cli({"mat0", "dump", (dir / "missing.mat0").string()});
  EXPECT_EQ(r.exit_code, 3);
  std::string bad_json = write("bad.json", as_bytes(R"({"attr1": 0, "attr2": 6, "phases": [], "blocks": [{"mode": 9}]})"));
  r = run_cli({"mat0", "build", bad_json, (dir / "o").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + bad_json + ": blocks[0].mode: expected an integer 0..7\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "o"));
}

TEST_F(Mat0Cli, CheckReportsRulesAndExitCodes) {
  auto lib_check = run_cli({"mat0", "check", lib});
  EXPECT_EQ(lib_check.exit_code, 0) << lib_check.out;
  EXPECT_NE(lib_check.out.find("40 materials checked: 0 with errors, 1 with warnings only\n"), std::string::npos);
  material::Mat0 m = material_named("ANIM_LOOP");
  m.blocks[0].keys[1].phase = 9;
  std::string path = write("bad_key.mat0", material::write_mat0(m).value());
  auto r = run_cli({"mat0", "check", path, "--attr1", "9"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + path + ": animation block 0 key 1: phase index 9 >= phase count 4 at offset 0x" +
                       fmt::format("{:x}", material::block_offset(m, 0) + 12) + "\n");
  EXPECT_EQ(r.out, "");
  r = run_cli({"mat0", "sample", path, "--block", "0", "--game-time", "5", "--json"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
}

TEST_F(Mat0Cli, PhasesAreTheRuntimeRecords) {
  auto r = run_cli({"mat0", "phases", lib + "::ANIM_PINGPONG", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json doc = json::parse(r.out);
  material::Mat0 m = material_named("ANIM_PINGPONG");
  ASSERT_EQ(doc["phases"].size(), m.phases.size());
  for (std::size_t i = 0; i < m.phases.size(); ++i) {
    material::PhaseRecord rec = material::to_record(m.phases[i]);
    const json& p = doc["phases"][i];
    ASSERT_EQ(p["f"].size(), 16u);
    for (std::size_t k = 0; k < 16; ++k) EXPECT_EQ(p["f"][k].get<float>(), rec.f[k]);
    EXPECT_EQ(p["u16"], rec.u16);
    EXPECT_EQ(p["i18"], rec.i18);
    EXPECT_EQ(p["texture"], std::string(m.phases[i].texture_name()));
  }
}

TEST_F(Mat0Cli, SampleByTimeAndByT) {
  material::Mat0 m = material_named("ANIM_LOOP");
  auto timeline = material::Timeline::make(m, 0).value();
  std::uint32_t start = 4000000000u;
  material::Selection want = timeline.select_by_time(1234, start, [] { return 0; });  // wraps
  auto r = run_cli({"mat0", "sample", lib + "::ANIM_LOOP", "--block", "0", "--game-time", "1234", "--start",
                    "4000000000", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json doc = json::parse(r.out);
  EXPECT_EQ(doc["key"], want.key);
  EXPECT_EQ(doc["next"], want.next);
  EXPECT_EQ(doc["alpha"].get<float>(), want.alpha);
  EXPECT_EQ(doc["start_time"], 4000000000u);
  auto records = material::to_records(m);
  material::PhaseRecord rec = material::sample_record(records, timeline, want);
  for (std::size_t k = 0; k < 16; ++k) EXPECT_EQ(doc["phase"]["f"][k].get<float>(), rec.f[k]);

  material::Mat0 rnd = material_named("ANIM_RANDOM");
  std::uint32_t cycle = rnd.blocks[0].keys.back().end_time;
  r = run_cli({"mat0", "sample", lib + "::ANIM_RANDOM", "--block", "0", "--game-time", "5", "--start", "3",
               "--rand", "30000", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["start_time"], 30000u % cycle);

  auto half = run_cli({"mat0", "sample", lib + "::ANIM_LOOP", "--block", "1", "--t", "0.5", "--json"});
  auto outside = run_cli({"mat0", "sample", lib + "::ANIM_LOOP", "--block", "1", "--t", "1.5", "--json"});
  ASSERT_EQ(half.exit_code, 0) << half.err;
  EXPECT_EQ(half.out, outside.out);

  auto none = run_cli({"mat0", "sample", lib + "::ANIM_LOOP", "--block", "0"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.err, "parkan: error: mat0 sample needs --game-time T [--start S] or --t X\n");
  auto both = run_cli({"mat0", "sample", lib + "::ANIM_LOOP", "--block", "0", "--t", "0", "--game-time", "1"});
  EXPECT_EQ(both.exit_code, 2);
  auto block = run_cli({"mat0", "sample", lib + "::ANIM_LOOP", "--block", "7", "--t", "0"});
  EXPECT_EQ(block.exit_code, 1);
  EXPECT_EQ(block.err, "parkan: error: " + lib + "::ANIM_LOOP: no animation block 7 (the material has 2)\n");
}

TEST_F(Mat0Cli, FindWithFallbacks) {
  auto r = run_cli({"mat0", "find", lib, "nope", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out),
            json::parse(R"({"index": )" + std::to_string(index_of("DEFAULT")) +
                        R"(, "name": "DEFAULT", "match": "default", "log": "Material nope not found."})"));
  r = run_cli({"mat0", "find", lib, "anim_loop", "--json"});
  EXPECT_EQ(json::parse(r.out)["match"], "exact");
  EXPECT_EQ(json::parse(r.out)["name"], "ANIM_LOOP");
}

}  // namespace
}  // namespace parkan
