// parkan wear ...: the docs/cli.md contract on WEAR texts the test writes.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "parkan/material/model.hpp"
#include "parkan/nres/write.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

struct WearCli : ::testing::Test {
  test::TempDir dir;
  std::string write(const std::string& name, std::string_view text) {
    test::write_bytes(dir / name, as_bytes(text));
    return (dir / name).string();
  }
};

constexpr std::string_view kWith = "2\n0 MAT_A\n1 MAT_B\n\nLIGHTMAPS\n1\n0 LM.0\n";
constexpr std::string_view kWithout = "2\n0 MAT_A\n1 MAT_B\nLIGHTMAPS\n1\n0 LM.0\n";

TEST_F(WearCli, ParseJsonWithBothParsers) {
  std::string with = write("with.wea", kWith);
  const std::string want = R"({"has_lightmaps_block":true,"lightmaps":[{"legacy_id":0,"name":"LM.0"}],)"
                           R"("materials":[{"legacy_id":0,"name":"MAT_A"},{"legacy_id":1,"name":"MAT_B"}]})"
                           "\n";
  for (const char* mode : {"file", "buffer"}) {
    auto r = run_cli({"wear", "parse", with, "--mode", mode, "--json"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, want) << mode;
  }
  std::string without = write("without.wea", kWithout);
  EXPECT_EQ(run_cli({"wear", "parse", without, "--json"}).out, want);
  auto buffer = run_cli({"wear", "parse", without, "--mode", "buffer", "--json"});
  EXPECT_EQ(buffer.exit_code, 1);
  EXPECT_EQ(buffer.out, "");
  EXPECT_EQ(buffer.err,
            "parkan: error: " + without + ": Illegal lightmaps length. (line 6: lightmap count 0) at offset 0x1e\n");
  std::string plain = write("plain.wea", "1\n7 ONLY\n");
  EXPECT_EQ(run_cli({"wear", "parse", plain, "--json"}).out,
            R"({"has_lightmaps_block":false,"lightmaps":[],"materials":[{"legacy_id":7,"name":"ONLY"}]})"
            "\n");
}

TEST_F(WearCli, EngineMessages) {
  std::string zero = write("zero.wea", "0\n");
  auto r = run_cli({"wear", "parse", zero});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + zero + ": Illegal wear length. (line 1: wear count 0) at offset 0x0\n");
  r = run_cli({"wear", "parse", (dir / "gone.wea").string()});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err.rfind("parkan: error: " + (dir / "gone.wea").string() + ": Wear <" + (dir / "gone.wea").string() +
                            "> doesn't exist. (",
                        0),
            0u)
      << r.err;

  std::vector<nres::EntrySpec> specs = {{material::kWearTypeId, 0, 0, 1, "ship.wea", as_bytes(kWith)}};
  std::string archive = (dir / "world.rlb").string();
  test::write_bytes(archive, nres::build(specs).value());
  r = run_cli({"wear", "parse", archive + "::SHIP.WEA", "--mode", "buffer", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = run_cli({"wear", "parse", archive + "::other.wea"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + archive + ": Wear <other.wea> doesn't exist. (no entry named \"other.wea\")\n");
  r = run_cli({"wear", "parse", zero, "--mode", "stream"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "parkan: error: --mode: stream not in {file,buffer}\n");
  r = run_cli({"wear", "parse", archive + "::SHIP.WEA", "--mode", "BUFFER", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(WearCli, CheckAndCanonical) {
  std::string with = write("with.wea", kWith);
  std::string without = write("without.wea", kWithout);
  auto ok = run_cli({"wear", "check", with});
  EXPECT_EQ(ok.exit_code, 0);
  EXPECT_EQ(ok.out, with + ": 0 errors, 0 warnings\n");
  EXPECT_EQ(ok.err, "");
  auto bad = run_cli({"wear", "check", with, without});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.out, with + ": 0 errors, 0 warnings\n" + without + ": 2 errors, 0 warnings\n" +
                         "total: 2 texts in 2 files, 2 errors, 0 warnings\n");
  EXPECT_EQ(bad.err, "parkan: error: " + without +
                         ": line 4: no blank line before LIGHTMAPS (the buffer parser misreads the block) at offset "
                         "0x12 [wear.lightmaps.separator]\n" +
                         "parkan: error: " + without +
                         ": the buffer parser fails: Illegal lightmaps length. (line 6: lightmap count 0) at offset "
                         "0x1e [wear.parsers.buffer]\n");
  std::vector<std::string> many = {"wear", "check"};
  for (int i = 0; i < 70; ++i) many.push_back(with);
  auto tables = run_cli(many);
  EXPECT_EQ(tables.exit_code, 1);
  EXPECT_EQ(tables.err,
            "parkan: error: 70 wear tables; the material manager holds 70 and tools require fewer than 70 "
            "[wear.tables.count]\n");
  EXPECT_NE(tables.out.find("total: 70 texts in 70 files, 1 error, 0 warnings\n"), std::string::npos);
  many.pop_back();
  EXPECT_EQ(run_cli(many).exit_code, 0);

  std::string out = (dir / "fixed.wea").string();
  auto fixed = run_cli({"wear", "canonical", without, out});
  EXPECT_EQ(fixed.exit_code, 0) << fixed.err;
  EXPECT_EQ(test::read_bytes(out), ByteBuffer(kWith.begin(), kWith.end()));
  EXPECT_EQ(run_cli({"wear", "check", out}).exit_code, 0);
  EXPECT_NE(run_cli({"wear", "canonical", without, without}).exit_code, 0);
  EXPECT_EQ(test::read_bytes(without), ByteBuffer(kWithout.begin(), kWithout.end()));
}

// Whole archives check every WEAR entry; per SRC and a total; --json; the table count
// is about the texts named one by one, not the entries of a whole archive.
TEST_F(WearCli, CheckTakesArchivesAndSeveralSources) {
  std::vector<nres::EntrySpec> specs;
  std::vector<std::string> texts;
  for (int i = 0; i < 71; ++i) texts.push_back(i == 5 ? std::string(kWithout) : std::string(kWith));
  for (int i = 0; i < 71; ++i)
    specs.push_back({material::kWearTypeId, 0, 0, 1, fmt::format("t{}.wea", i), as_bytes(texts[i])});
  specs.push_back({material::kMat0TypeId, 0, 6, 0, "MAT", as_bytes("not a wear text")});
  std::string archive = (dir / "world.rlb").string();
  test::write_bytes(archive, nres::build(specs).value());
  std::string with = write("with.wea", kWith);

  auto r = run_cli({"wear", "check", archive, with});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, archive + ": 71 texts, 2 errors, 0 warnings\n" + with + ": 0 errors, 0 warnings\n" +
                       "total: 72 texts in 2 files, 2 errors, 0 warnings\n");
  EXPECT_EQ(r.err, "parkan: error: " + archive +
                       "::t5.wea: line 4: no blank line before LIGHTMAPS (the buffer parser misreads the block) at "
                       "offset 0x12 [wear.lightmaps.separator]\n" +
                       "parkan: error: " + archive +
                       "::t5.wea: the buffer parser fails: Illegal lightmaps length. (line 6: lightmap count 0) at "
                       "offset 0x1e [wear.parsers.buffer]\n");

  auto js = run_cli({"wear", "check", "--json", archive + "::t5.wea", with});
  EXPECT_EQ(js.exit_code, 1);
  EXPECT_EQ(js.err, "");
  nlohmann::json doc = nlohmann::json::parse(js.out);
  EXPECT_EQ(doc["valid"], false);
  EXPECT_EQ(doc["errors"], 2);
  EXPECT_EQ(doc["texts"], 2);
  ASSERT_EQ(doc["findings"].size(), 2u);
  EXPECT_EQ(
      doc["findings"][0].dump(),
      nlohmann::json({{"severity", "error"},
                      {"code", "wear.lightmaps.separator"},
                      {"file", archive},
                      {"entry", "t5.wea"},
                      {"offset", 0x12},
                      {"message", "line 4: no blank line before LIGHTMAPS (the buffer parser misreads the block)"}})
          .dump());
  EXPECT_EQ(doc["files"][0]["src"], archive + "::t5.wea");
  EXPECT_EQ(doc["files"][1]["valid"], true);

  // An entry of another type says what it is.
  auto wrong = run_cli({"wear", "check", archive + "::MAT"});
  EXPECT_EQ(wrong.exit_code, 1);
  EXPECT_EQ(wrong.err, "parkan: error: " + archive + "::MAT: this entry is a MAT0, not a WEAR [resource.type]\n");
  auto parse = run_cli({"wear", "parse", archive + "::MAT"});
  EXPECT_EQ(parse.exit_code, 1);
  EXPECT_EQ(parse.err, "parkan: error: " + archive + "::MAT: this entry is a MAT0, not a WEAR\n");
  auto whole = run_cli({"wear", "parse", archive});
  EXPECT_EQ(whole.exit_code, 1);
  EXPECT_EQ(whole.err, "parkan: error: " + archive + ": this file is an NRes archive, not a WEAR\n");

  std::string missing = (dir / "gone.wea").string();
  auto io = run_cli({"wear", "check", missing, with});
  EXPECT_EQ(io.exit_code, 3);
  EXPECT_EQ(io.err, "parkan: error: " + missing + ": cannot open: " + test::file_not_found_text() + " [resource.open]\n");
}

TEST_F(WearCli, HelpSpeaksToUsers) {
  for (const char* command : {"parse", "check", "canonical"}) {
    auto r = run_cli({"wear", command, "--help"});
    EXPECT_EQ(r.exit_code, 0) << command;
    EXPECT_EQ(r.out.find("sub_"), std::string::npos) << r.out;
  }
  EXPECT_NE(run_cli({"wear", "parse", "--help"}).out.find("needs a blank line before LIGHTMAPS"), std::string::npos);
}

}  // namespace
}  // namespace parkan
