// parkan mat0 ...: the docs/cli.md contract on the sample Material.lib.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "parkan/core/text.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/sample.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/nres/write.hpp"
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
    for (sample::SampleFile& f : sample::sample_materials({}))
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
    EXPECT_EQ(doc["format"], "MAT0");
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
  EXPECT_EQ(missing.err, "parkan: error: " + (std::filesystem::path(folder) / "DEFAULT.json").string() + ": cannot open: " +
                             test::file_not_found_text() + "\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "x.lib"));
  auto whole = run_cli({"mat0", "phases", lib});
  EXPECT_EQ(whole.exit_code, 2);
  EXPECT_EQ(whole.err,
            "parkan: error: " + lib + " is an archive: name one material as " + lib + "::NAME or " + lib + "::#N\n");
}

// The text form on stdout: an array of numbers on one line (docs/cli.md 3.8); the file built from it is
// the payload it came from.
TEST_F(Mat0Cli, DumpTextPutsAnArrayOfNumbersOnOneLine) {
  const ByteBuffer small = {
      0x01, 0x00, 0x00, 0x00, 0x03, 0xFF, 0x00, 0x00, 0x00, 0x3F, 0xE8, 0x03, 0x00, 0x00,  // docs/formats/mat0.md 3
      1, 2, 3, 100, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 4, 0xFF,
      'A', '.', '0', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  const std::string src = write("small.mat0", small);
  auto dump = run_cli({"mat0", "dump", src});
  ASSERT_EQ(dump.exit_code, 0) << dump.err;
  EXPECT_EQ(dump.out,
            "{\n"
            "  \"attr2\": 6,\n"
            "  \"blocks\": [],\n"
            "  \"format\": \"MAT0\",\n"
            "  \"phases\": [\n"
            "    {\n"
            "      \"ambient\": [1, 2, 3],\n"
            "      \"ambient_alpha\": 100,\n"
            "      \"diffuse\": [4, 5, 6],\n"
            "      \"diffuse_alpha_unused\": 7,\n"
            "      \"emissive\": [12, 13, 14, 15],\n"
            "      \"page_cell\": -1,\n"
            "      \"power_log2\": 4,\n"
            "      \"specular\": [8, 9, 10],\n"
            "      \"specular_alpha_unused\": 11,\n"
            "      \"texture\": \"A.0\"\n"
            "    }\n"
            "  ],\n"
            "  \"prefix\": {\n"
            "    \"damage_rate\": 1000,\n"
            "    \"ground_class\": 3,\n"
            "    \"meta_b\": 255,\n"
            "    \"speed_factor\": 0.5\n"
            "  },\n"
            "  \"runtime_flags\": {\n"
            "    \"flag_a\": false,\n"
            "    \"flag_b\": false,\n"
            "    \"other_bits\": 0,\n"
            "    \"pipeline\": \"ONE/ZERO\",\n"
            "    \"texture_flag\": false\n"
            "  }\n"
            "}\n");
  const std::string text = write("small.json", as_bytes(dump.out));
  auto build = run_cli({"mat0", "build", text, (dir / "small.built").string()});
  ASSERT_EQ(build.exit_code, 0) << build.err;
  EXPECT_EQ(test::read_bytes(dir / "small.built"), small);
}

// A file added to a dumped folder by hand is not built into the library, and says so as archive pack
// says it (docs/cli.md 3.1).
TEST_F(Mat0Cli, BuildWarnsAboutFilesNotInTheManifest) {
  const std::filesystem::path folder = dir / "materials";
  ASSERT_EQ(run_cli({"mat0", "dump", lib, folder.string()}).exit_code, 0);
  test::write_bytes(folder / "NEW.json", as_bytes(std::string("{}")));
  test::write_bytes(folder / "notes.txt", as_bytes(std::string("mine")));
  const std::string out = (folder / "rebuilt.lib").string();  // written into the folder: not reported
  auto build = run_cli({"mat0", "build", folder.string(), out});
  EXPECT_EQ(build.exit_code, 0);
  EXPECT_EQ(build.err, "parkan: warning: " + (folder / "NEW.json").string() +
                           ": not in the manifest, so not packed (add it to \"entries\" to pack it) "
                           "[nres.folder.unlisted]\n"
                           "parkan: warning: " + (folder / "notes.txt").string() +
                           ": not in the manifest, so not packed (add it to \"entries\" to pack it) "
                           "[nres.folder.unlisted]\n");
  EXPECT_EQ(test::read_bytes(out), lib_bytes);
}

TEST_F(Mat0Cli, BarePayloadNeedsItsAttributes) {
  std::string bare = write("loop.mat0", payload("ANIM_LOOP"));
  auto ok = run_cli({"mat0", "dump", bare, "--json"});
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(json::parse(ok.out)["runtime_flags"].dump(),
            R"({"flag_a":false,"flag_b":false,"other_bits":0,"pipeline":"ONE/ZERO","texture_flag":false})");
  auto flagged = run_cli({"mat0", "dump", bare, "--attr1", "69", "--json"});  // 0x45
  ASSERT_EQ(flagged.exit_code, 0) << flagged.err;
  EXPECT_EQ(
      json::parse(flagged.out)["runtime_flags"].dump(),
      R"({"flag_a":false,"flag_b":true,"other_bits":0,"pipeline":"SRC_ALPHA/INV_SRC_ALPHA","texture_flag":true})");
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
                       ": Too many animations for material. (25 animation blocks, at most 19) at offset 0x2 "
                       "[mat0.header.block_count]\n");
  EXPECT_EQ(r.out, path + ": 1 error, 0 warnings\n");
  r = run_cli({"mat0", "dump", lib + "::NOPE"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + lib + ": no entry named \"NOPE\"\n");
  r = run_cli({"mat0", "dump", (dir / "missing.mat0").string()});
  EXPECT_EQ(r.exit_code, 3);
  std::string bad_json =
      write("bad.json", as_bytes(R"({"attr1": 0, "attr2": 6, "phases": [], "blocks": [{"mode": 9}]})"));
  r = run_cli({"mat0", "build", bad_json, (dir / "o").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + bad_json +
                       ": blocks[0].mode: expected \"loop\", \"ping-pong\", \"one-shot\" or \"random\", or a number "
                       "0..7\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "o"));
}

TEST_F(Mat0Cli, CheckReportsRulesAndExitCodes) {
  auto lib_check = run_cli({"mat0", "check", lib});
  EXPECT_EQ(lib_check.exit_code, 0) << lib_check.out;
  EXPECT_EQ(lib_check.out, lib + ": 40 materials, 0 errors, 2 warnings\n");
  EXPECT_EQ(lib_check.err, "parkan: warning: " + lib +
                               "::ANIM_MODE5: animation block 0: unknown mode 5 (sampled as loop) at offset "
                               "0x96 [mat0.block.mode]\n"
                               "parkan: warning: " +
                               lib +
                               "::ANIM_MODE5: animation block 1: unknown mode 5 (sampled as loop) at offset "
                               "0xcc [mat0.block.mode]\n");
  material::Mat0 m = material_named("ANIM_LOOP");
  m.blocks[0].keys[1].phase = 9;
  std::string path = write("bad_key.mat0", material::write_mat0(m).value());
  auto r = run_cli({"mat0", "check", path, "--attr1", "9"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + path + ": animation block 0 key 1: phase index 9 >= phase count 4 at offset 0x" +
                       fmt::format("{:x}", material::block_offset(m, 0) + 12) + " [mat0.block.key_phase]\n");
  EXPECT_EQ(r.out, path + ": 1 error, 0 warnings\n");
  r = run_cli({"mat0", "sample", path, "--block", "0", "--game-time", "5", "--json"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
}

// Several SRCs, archives among them: per SRC and a total; exit 1 on any error, 3 when a
// file cannot be read.
TEST_F(Mat0Cli, CheckTakesSeveralSources) {
  material::Mat0 m = material_named("ANIM_LOOP");
  m.blocks[1].keys.clear();
  std::string bad = write("no_keys.mat0", material::write_mat0(m).value());
  std::string good = write("good.mat0", payload("DEFAULT"));
  auto r = run_cli({"mat0", "check", good, lib, bad, lib + "::DEFAULT"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, good + ": 0 errors, 0 warnings\n" + lib + ": 40 materials, 0 errors, 2 warnings\n" + bad +
                       ": 1 error, 0 warnings\n" + lib + "::DEFAULT: 0 errors, 0 warnings\n" +
                       "total: 43 materials in 4 files, 1 error, 2 warnings\n");
  EXPECT_NE(r.err.find("parkan: error: " + bad + ": animation block 1 has no keys (a cycle of 0) at offset 0x"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("[mat0.block.no_keys]\n"), std::string::npos);

  auto ok = run_cli({"mat0", "check", good, lib + "::#0"});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out, good + ": 0 errors, 0 warnings\n" + lib + "::AAA_FIRST: 0 errors, 0 warnings\n" +
                        "total: 2 materials in 2 files, 0 errors, 0 warnings\n");

  // A file that cannot be read is reported with the others, and the exit code is the I/O one.
  std::string missing = (dir / "missing.mat0").string();
  auto io = run_cli({"mat0", "check", missing, good});
  EXPECT_EQ(io.exit_code, 3);
  EXPECT_EQ(io.err, "parkan: error: " + missing + ": cannot open: " + test::file_not_found_text() + " [resource.open]\n");
  EXPECT_EQ(io.out, missing + ": 1 error, 0 warnings\n" + good + ": 0 errors, 0 warnings\n" +
                        "total: 1 material in 2 files, 1 error, 0 warnings\n");
  auto no_entry = run_cli({"mat0", "check", lib + "::NOPE"});
  EXPECT_EQ(no_entry.exit_code, 1);
  EXPECT_EQ(no_entry.err, "parkan: error: " + lib + ": no entry named \"NOPE\" [resource.entry.name]\n");

  auto js = run_cli({"mat0", "check", "--json", good, bad, lib});
  EXPECT_EQ(js.exit_code, 1);
  EXPECT_EQ(js.err, "");
  json doc = json::parse(js.out);
  EXPECT_EQ(doc["valid"], false);
  EXPECT_EQ(doc["errors"], 1);
  EXPECT_EQ(doc["warnings"], 2);
  EXPECT_EQ(doc["materials"], 42);
  ASSERT_EQ(doc["findings"].size(), 3u);
  EXPECT_EQ(doc["findings"][0]["code"], "mat0.block.no_keys");
  EXPECT_EQ(doc["findings"][0]["file"], bad);
  EXPECT_EQ(doc["findings"][0]["entry"], nullptr);
  EXPECT_EQ(doc["findings"][0]["offset"], material::block_offset(m, 1) + 4);
  EXPECT_EQ(doc["findings"][1]["code"], "mat0.block.mode");
  EXPECT_EQ(doc["findings"][1]["entry"], "ANIM_MODE5");
  // Built as JSON, not pasted into a JSON text: Windows paths hold backslashes.
  const json files = json::array(
      {{{"archive", false}, {"errors", 0}, {"materials", 1}, {"notes", 0}, {"src", good}, {"valid", true}, {"warnings", 0}},
       {{"archive", false}, {"errors", 1}, {"materials", 1}, {"notes", 0}, {"src", bad}, {"valid", false}, {"warnings", 0}},
       {{"archive", true}, {"errors", 0}, {"materials", 40}, {"notes", 0}, {"src", lib}, {"valid", true}, {"warnings", 2}}});
  EXPECT_EQ(doc["files"], files);
}

// An entry of another type says so instead of being read as a broken material.
TEST_F(Mat0Cli, WrongTypeSaysWhatItIs) {
  const ByteBuffer good = payload("DEFAULT");
  std::vector<nres::EntrySpec> specs = {{0x6D786554, 0, 0, 0, "ROCK.0", as_bytes("Texm and some pixels")},
                                        {material::kMat0TypeId, 0, 6, 0, "GOOD", good}};
  std::string textures = write("Textures.lib", nres::build(specs).value());
  for (const char* command : {"dump", "phases", "check"}) {
    auto r = run_cli({"mat0", command, textures + "::ROCK.0"});
    EXPECT_EQ(r.exit_code, 1) << command;
    if (std::string(command) == "check") {
      EXPECT_EQ(r.err, "parkan: error: " + textures + "::ROCK.0: this entry is a Texm, not a MAT0 [resource.type]\n");
      EXPECT_EQ(r.out, textures + "::ROCK.0: 1 error, 0 warnings\n");
    } else {
      EXPECT_EQ(r.err, "parkan: error: " + textures + "::ROCK.0: this entry is a Texm, not a MAT0\n") << command;
      EXPECT_EQ(r.out, "");
    }
  }
  auto by_index = run_cli({"mat0", "sample", textures + "::#0", "--block", "0", "--t", "0"});
  EXPECT_EQ(by_index.exit_code, 1);
  EXPECT_EQ(by_index.err, "parkan: error: " + textures + "::ROCK.0: this entry is a Texm, not a MAT0\n");
  // A bare Texm file, by its magic.
  std::string texm = write("rock.tex", as_bytes("Texm and some pixels"));
  auto bare = run_cli({"mat0", "dump", texm});
  EXPECT_EQ(bare.exit_code, 1);
  EXPECT_EQ(bare.err, "parkan: error: " + texm + ": this file is a Texm, not a MAT0\n");
  // A whole archive checks only its MAT0 entries.
  auto whole = run_cli({"mat0", "check", textures});
  EXPECT_EQ(whole.exit_code, 0) << whole.err;
  EXPECT_EQ(whole.out, textures + ": 1 material, 0 errors, 0 warnings\n");
}

// What dump shows is what build reads. An edited colour reaches the payload; a value given
// twice in forms that disagree, or a field build does not know, is an error naming the field.
TEST_F(Mat0Cli, EditedTextReachesThePayload) {
  auto dump = run_cli({"mat0", "dump", lib + "::DEFAULT"});
  ASSERT_EQ(dump.exit_code, 0) << dump.err;
  json doc = json::parse(dump.out);
  doc["phases"][0]["ambient"] = {255, 0, 0};
  doc["runtime_flags"]["pipeline"] = "SRC_ALPHA/ONE";
  std::string text = write("red.json", as_bytes(doc.dump(2)));
  std::string out = (dir / "red.mat0").string();
  auto build = run_cli({"mat0", "build", text, out});
  ASSERT_EQ(build.exit_code, 0) << build.err;
  // The pipeline is attr1, which a bare payload has no room for: build says where it must go.
  const std::uint32_t attr1 = (material_named("DEFAULT").attributes.attr1 & ~0x3Cu) | 0x8u;
  EXPECT_EQ(build.err, fmt::format("parkan: note: {}: a bare payload holds neither attr1 nor attr2: give its archive "
                                   "entry --attr1 {} --attr2 6 (archive add or replace)\n",
                                   out, attr1));
  ByteBuffer before = payload("DEFAULT");
  ByteBuffer after = test::read_bytes(out);
  ASSERT_EQ(after.size(), before.size());
  std::size_t p0 = material::phase_offset(material_named("DEFAULT"), 0);
  EXPECT_EQ(after[p0], 255);
  EXPECT_EQ(after[p0 + 1], 0);
  EXPECT_EQ(after[p0 + 2], 0);
  for (std::size_t i = 0; i < after.size(); ++i)
    if (i < p0 || i > p0 + 2) {
      EXPECT_EQ(after[i], before[i]) << i;
    }

  json both = doc;
  both["attr1"] = 0;
  std::string conflict = write("conflict.json", as_bytes(both.dump(2)));
  auto refused = run_cli({"mat0", "build", conflict, (dir / "c.mat0").string()});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(refused.err, "parkan: error: " + conflict + ": runtime_flags: these flags make attr1 0x" +
                             fmt::format("{:x}", attr1) + ", which disagrees with attr1 = 0x0; give one of them\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "c.mat0"));

  json old = doc;
  old["phases"][0]["decoded"] = {{"additive_rgb", {1.0, 0.0, 0.0}}};
  std::string stale = write("stale.json", as_bytes(old.dump(2)));
  auto unknown = run_cli({"mat0", "build", stale, (dir / "s.mat0").string()});
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_EQ(unknown.err, "parkan: error: " + stale +
                             ": phases[0].decoded: unknown field (the MAT0 text form has no such field; build would "
                             "ignore it)\n");
}

TEST_F(Mat0Cli, JsonSyntaxErrorsSayLineAndColumn) {
  std::string text = write("broken.json", as_bytes("{\n  \"attr2\": 6,\n  \"phases\": [,]\n}\n"));
  auto r = run_cli({"mat0", "build", text, (dir / "o.mat0").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + text +
                       ": invalid JSON at line 3, column 14: syntax error while parsing value - unexpected ','; "
                       "expected '[', '{', or a literal\n");
  std::string folder = (dir / "materials").string();
  ASSERT_EQ(run_cli({"mat0", "dump", lib, folder}).exit_code, 0);
  test::write_bytes(dir / "materials" / "manifest.json", as_bytes("{\"entries\": [}"));
  r = run_cli({"mat0", "build", folder, (dir / "x.lib").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + (std::filesystem::path(folder) / "manifest.json").string() +
                       ": invalid JSON at line 1, column 14: syntax error while parsing value - "
                       "unexpected '}'; expected '[', '{', or a literal\n");
}

TEST_F(Mat0Cli, HelpSpeaksToUsers) {
  for (const char* command : {"dump", "build", "check", "phases", "sample", "find"}) {
    auto r = run_cli({"mat0", command, "--help"});
    EXPECT_EQ(r.exit_code, 0) << command;
    EXPECT_EQ(r.out.find("sub_"), std::string::npos) << r.out;
  }
  auto sample = run_cli({"mat0", "sample", "--help"});
  EXPECT_NE(sample.out.find("game time in ms"), std::string::npos) << sample.out;
  EXPECT_NE(sample.out.find("start time in ms"), std::string::npos) << sample.out;
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
  r = run_cli({"mat0", "sample", lib + "::ANIM_RANDOM", "--block", "0", "--game-time", "5", "--start", "3", "--rand",
               "30000", "--json"});
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
