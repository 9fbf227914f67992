// parkan archive ... as docs/cli.md says: output, JSON keys, exit codes, one error line per failure,
// byte-identical extract/pack, edits that keep every other byte.

#include <algorithm>
#include <chrono>
#include <future>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../nres/raw_archive.hpp"
#include "parkan/core/text.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/nres/write.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using nlohmann::json;
using nres::test::assemble;
using nres::test::bytes_of;
using nres::test::row;
using test::read_bytes;
using test::run_cli;
using test::TempDir;
using test::write_bytes;

// Three entries at 0x10, 0x18, 0x20 (232 bytes); the same layout as tests/nres/read_test.cpp.
ByteBuffer small_archive() {
  ByteBuffer data = bytes_of(std::string("AAAA\0\0\0\0BBBBBBBBCC\0\0\0\0\0\0", 24));
  return assemble(data, {row("one", 0x10, 4, 0), row("two", 0x18, 8, 2), row("three", 0x20, 2, 1, 0x3054414D)});
}

ByteBuffer edge_archive() {
  for (auto& f : sample::sample_archives({}))
    if (f.path == "archives/edge_cases.lib") return f.bytes;
  ADD_FAILURE() << "no edge_cases.lib in the sample archives";
  return {};
}

struct Fixture : ::testing::Test {
  TempDir dir;
  std::string put(const std::string& name, ByteView bytes) {
    write_bytes(dir / name, bytes);
    return (dir / name).string();
  }
};

using ArchiveCli = Fixture;

TEST_F(ArchiveCli, ListPrintsEveryEntryInDirectoryOrder) {
  std::string a = put("a.lib", small_archive());
  auto r = run_cli({"archive", "list", a});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "index  name                                 type             size     offset      attr1      attr2      attr3  sort\n"
            "    0  one                                  Texm                4       0x10          1          2          3     0\n"
            "    1  two                                  Texm                8       0x18          1          2          3     2\n"
            "    2  three                                MAT0                2       0x20          1          2          3     1\n"
            "3 entries, 232 bytes\n");
}

TEST_F(ArchiveCli, ListJsonHasTheKeysOfCliMd) {
  std::string a = put("a.lib", small_archive());
  auto r = run_cli({"archive", "list", a, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["format"], "NRes");
  EXPECT_EQ(j["version"], 256);
  EXPECT_EQ(j["total_size"], 232);
  ASSERT_EQ(j["entries"].size(), 3u);
  EXPECT_EQ(j["entries"][2], json::parse(R"({"index": 2, "name": "three", "type_id": 810828109, "type": "MAT0",
      "attr1": 1, "attr2": 2, "attr3": 3, "size": 2, "offset": 32, "sort_index": 1})"));
}

TEST_F(ArchiveCli, ListShowsDuplicateNamesAndCp1251) {
  ByteBuffer data(16, 'x');
  std::string a = put("d.lib", assemble(data, {row("\xC0\xE1", 0x10, 8, 0), row("\xC0\xE1", 0x18, 8, 1)}));
  auto r = run_cli({"archive", "list", a, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["entries"][0]["name"], "\xD0\x90\xD0\xB1");  // "Аб"
  EXPECT_EQ(j["entries"][1]["name"], "\xD0\x90\xD0\xB1");
}

TEST_F(ArchiveCli, MissingFileIsAnIoError) {
  std::string missing = (dir / "missing.lib").string();
  auto r = run_cli({"archive", "list", missing});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "parkan: error: " + missing + ": cannot open: " + test::file_not_found_text() + "\n");
}

// Each bad input: exit 1, nothing on stdout, one precise line on stderr.
TEST_F(ArchiveCli, BadInputsGiveOneErrorLine) {
  struct Case {
    std::string name;
    ByteBuffer bytes;
    std::string message;
  };
  std::vector<Case> cases;
  ByteBuffer b = small_archive();
  b.resize(10);
  cases.push_back({"truncated", b, ": file too small for the NRes header: 10 bytes, need 16 at offset 0x0"});
  b = small_archive();
  b[1] = 'X';
  cases.push_back({"magic", b, ": bad magic: not an NRes archive at offset 0x0"});
  b = small_archive();
  store_u32(b.data() + 4, 0x101);
  cases.push_back({"version", b, ": unsupported version 0x101, expected 0x100 at offset 0x4"});
  b = small_archive();
  store_u32(b.data() + 8, 0xFFFFFFFE);
  cases.push_back({"negative", b, ": entry count is negative (-2) at offset 0x8"});
  b = small_archive();
  store_u32(b.data() + 8, 0x10000000);
  cases.push_back({"huge", b, ": directory of 268435456 entries (17179869184 bytes) does not fit after the header in 232 bytes at offset 0x8"});
  b = small_archive();
  b.resize(200);
  cases.push_back({"short", b, ": total_size 232 does not match the file length 200 at offset 0xc"});
  b = small_archive();
  store_u32(b.data() + 0x68 + 0x38, 0x1C);
  cases.push_back({"overlap", b, "::#2 three: payload [0x20, +2) overlaps the payload of entry #1 at offset 0xe0"});
  b = small_archive();
  store_u32(b.data() + 0x68 + 0x0C, 0x7FFFFFFF);
  cases.push_back({"bounds", b, "::#1 two: payload [0x18, +2147483647) lies outside the data region [0x10, 0x28) at offset 0xa0"});
  b = small_archive();
  std::fill_n(b.begin() + 0xa8 + 0x14, 36, 'n');
  // (not "nul": NUL.lib is the null device on Windows)
  cases.push_back({"no_nul", b, "::#2 " + std::string(36, 'n') + ": name has no NUL within its 36 bytes at offset 0xbc"});
  for (const Case& c : cases) {
    std::string a = put(c.name + ".lib", c.bytes);
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"archive", "list", a}, {"archive", "extract", a, (dir / c.name).string()},
          {"archive", "cat", a + "::one"}, {"archive", "repack", a, (dir / (c.name + ".out")).string()}}) {
      auto r = run_cli(args);
      EXPECT_EQ(r.exit_code, 1) << c.name << " " << args[1];
      EXPECT_EQ(r.out, "") << c.name << " " << args[1];
      EXPECT_EQ(r.err, "parkan: error: " + a + c.message + "\n") << c.name << " " << args[1];
    }
    EXPECT_FALSE(std::filesystem::exists(dir / (c.name + ".out")));
  }
}

TEST_F(ArchiveCli, VerifyValidArchive) {
  std::string a = put("a.lib", small_archive());
  auto r = run_cli({"archive", "verify", a});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, a + ": 3 entries, 0 errors, 0 warnings\n");
  EXPECT_EQ(r.err, "");
}

TEST_F(ArchiveCli, VerifyPrintsEveryViolation) {
  ByteBuffer b = small_archive();
  b[0x28 + 0x14] = 0;                         // empty name
  store_u32(b.data() + 0xa8 + 0x3C, 7);       // sort_index out of range
  std::string a = put("bad.lib", b);
  auto r = run_cli({"archive", "verify", a});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, a + ": 3 entries, 2 errors, 0 warnings\n");
  EXPECT_EQ(r.err, "parkan: error: " + a + "::#0 : name is empty at offset 0x3c [nres.name.empty]\n"
                   "parkan: error: " + a + "::#2 three: sort_index 7 is out of range (entry count 3) at offset 0xe4 "
                   "[nres.sort_table.range]\n");
  r = run_cli({"archive", "verify", a, "--compatible"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, a + ": 3 entries, 1 error, 0 warnings\n");
  EXPECT_EQ(r.err, "parkan: error: " + a + "::#0 : name is empty at offset 0x3c [nres.name.empty]\n");
}

TEST_F(ArchiveCli, VerifyUpperFoldTableStrictFailsCompatibleWarns) {
  ByteBuffer data(16, 'x');
  std::string a = put("upper.lib", assemble(data, {row("B_X", 0x10, 8, 1), row("BA", 0x18, 8, 0)}));
  auto r = run_cli({"archive", "verify", a});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + a +
                       "::#1 BA: sort table is not in name order (engine _strcmpi): rows 0 and 1 at offset 0x9c "
                       "[nres.sort_table.order]\n");
  r = run_cli({"archive", "verify", a, "--compatible"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, a + ": 2 entries, 0 errors, 1 warning\n");
  EXPECT_EQ(r.err, "parkan: warning: " + a +
                       ": sort table is ordered with an upper-case fold, not the engine's _strcmpi; the engine's "
                       "binary search may miss names with [ \\ ] ^ _ or ` at offset 0x5c [nres.sort_table.upper_fold]\n");
  // Both names are still found.
  EXPECT_EQ(run_cli({"archive", "cat", a + "::b_x"}).exit_code, 0);
  EXPECT_EQ(run_cli({"archive", "cat", a + "::ba"}).out, "xxxxxxxx");
}

TEST_F(ArchiveCli, VerifyJsonAndWarnings) {
  std::string a = put("edge.lib", edge_archive());
  auto r = run_cli({"archive", "verify", a, "--json"});
  EXPECT_EQ(r.exit_code, 0);
  json j = json::parse(r.out);
  EXPECT_EQ(j["valid"], true);
  EXPECT_EQ(j["file"], a);
  EXPECT_EQ(j["profile"], "strict");
  EXPECT_EQ(j["entries"], 13);
  EXPECT_EQ(j["errors"], 0);
  EXPECT_EQ(j["warnings"], 2);
  EXPECT_EQ(j["notes"], 0);
  ASSERT_EQ(j["findings"].size(), 2u);
  json finding = json::parse(R"J({"severity": "warning", "code": "nres.gap.nonzero", "entry": null, "offset": 16,
      "message": "gap [0x10, 0x1010) holds 4096 non-zero bytes (unindexed data or padding)"})J");
  finding["file"] = a;
  EXPECT_EQ(j["findings"][0], finding);
  json summary = json::parse(R"({"entries": 13, "errors": 0, "notes": 0, "valid": true, "warnings": 2})");
  summary["file"] = a;
  summary["src"] = a;
  EXPECT_EQ(j["files"], json::array({summary}));
  EXPECT_EQ(r.err, "");  // the findings are in the document, as with every check command's --json
}

TEST_F(ArchiveCli, CatByNameAndIndex) {
  std::string a = put("a.lib", small_archive());
  EXPECT_EQ(run_cli({"archive", "cat", a + "::TWO"}).out, "BBBBBBBB");
  EXPECT_EQ(run_cli({"archive", "cat", a + "::#2"}).out, "CC");
  auto r = run_cli({"archive", "cat", a + "::four"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + a + ": no entry named \"four\"\n");
  r = run_cli({"archive", "cat", a + "::#3"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + a + ": no entry #3 (the archive has 3 entries)\n");
}

TEST_F(ArchiveCli, ExtractThenPackIsByteIdentical) {
  ByteBuffer original = edge_archive();
  std::string a = put("edge.lib", original);
  std::string out = (dir / "x").string();
  auto r = run_cli({"archive", "extract", a, out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");  // no progress bar off a terminal
  // One file per entry, duplicates made unique, gaps as files, the manifest.
  for (const char* f : {"Grass.0", "GRASS.0~1", "grass.0~2", "[menu].txt", "ui_panel[1].0", "B^hat", "a%60quote",
                        "empty", "~gap-0.bin", "~gap-1.bin", "manifest.json"})
    EXPECT_TRUE(std::filesystem::exists(dir / "x" / f)) << f;
  EXPECT_EQ(std::filesystem::file_size(dir / "x" / "~gap-0.bin"), 4096u);
  EXPECT_EQ(std::filesystem::file_size(dir / "x" / "empty"), 0u);
  json manifest = json::parse(read_bytes(dir / "x" / "manifest.json"));
  EXPECT_EQ(manifest["entries"][2]["name_field"], "67726173732e300001020304" + std::string(48, '0'));

  std::string packed = (dir / "packed.lib").string();
  r = run_cli({"archive", "pack", out, packed});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(packed), original);
}

TEST_F(ArchiveCli, PackRebuildsAroundAnEditedPayload) {
  ByteBuffer original = edge_archive();
  std::string a = put("edge.lib", original);
  std::string out = (dir / "x").string();
  ASSERT_EQ(run_cli({"archive", "extract", a, out}).exit_code, 0);
  ByteBuffer payload = bytes_of("a much longer payload than before, 47 bytes...");
  write_bytes(dir / "x" / "[menu].txt", payload);
  std::string packed = (dir / "packed.lib").string();
  auto r = run_cli({"archive", "pack", out, packed});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto archive = nres::read(original).value();
  EXPECT_EQ(read_bytes(packed), nres::replace_payload(archive, 5, payload).value());
  // The CLI's own replace gives the same bytes.
  std::string p = put("payload.bin", payload);
  std::string replaced = (dir / "replaced.lib").string();
  r = run_cli({"archive", "replace", a, "[MENU].TXT", p, replaced});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(replaced), read_bytes(packed));
}

TEST_F(ArchiveCli, PackReportsABrokenManifest) {
  std::string out = (dir / "x").string();
  std::filesystem::create_directories(out);
  write_bytes(dir / "x" / "manifest.json", bytes_of("{not json"));
  auto r = run_cli({"archive", "pack", out, (dir / "p.lib").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + (std::filesystem::path(out) / "manifest.json").string() + ": not valid JSON at line 1, column 3: syntax error while "
                   "parsing object key - invalid literal; last read: '{no'; expected string literal\n");
  write_bytes(dir / "x" / "manifest.json", bytes_of(R"({"format": "NRes", "manifest_version": 1, "entries": [{}]})"));
  r = run_cli({"archive", "pack", out, (dir / "p.lib").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + (std::filesystem::path(out) / "manifest.json").string() + ": entries[0].type_id: missing\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "p.lib"));
}

TEST_F(ArchiveCli, RepackIsCanonical) {
  ByteBuffer original = edge_archive();
  std::string a = put("edge.lib", original);
  std::string out = (dir / "canon.lib").string();
  auto r = run_cli({"archive", "repack", a, out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto archive = nres::read(original).value();
  std::vector<ByteView> payloads;
  for (std::size_t i = 0; i < archive.entries.size(); ++i) payloads.push_back(archive.payload(i));
  EXPECT_EQ(read_bytes(out), nres::write_canonical(archive.entries, payloads));
  EXPECT_EQ(run_cli({"archive", "verify", out}).out, out + ": 13 entries, 0 errors, 0 warnings\n");
}

TEST_F(ArchiveCli, EditsMatchTheLibraryAndKeepEveryOtherByte) {
  ByteBuffer original = edge_archive();
  auto archive = nres::read(original).value();
  std::string a = put("edge.lib", original);
  ByteBuffer payload = bytes_of("new payload");
  std::string p = put("p.bin", payload);
  std::string out = (dir / "out.lib").string();

  auto r = run_cli({"archive", "add", a, "New_[1].0", p, out, "--type", "Texm", "--attr1", "4", "--attr2", "5", "--force"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(out), nres::add_entry(archive, nres::EntrySpec{0x6D786554, 4, 5, 0, "New_[1].0", payload}).value());

  r = run_cli({"archive", "remove", a, "#3", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(out), nres::remove_entry(archive, 3).value());

  r = run_cli({"archive", "rename", a, "zebra.msh", "Zebra_1.msh", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(out), nres::rename_entry(archive, 8, "Zebra_1.msh").value());

  r = run_cli({"archive", "replace", a, "#0", p, out, "--attr3", "77"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nres::Document d = nres::make_document(archive);
  ASSERT_TRUE(nres::replace_payload(d, 0, payload).ok());
  d.entries[0].attr3 = 77;
  EXPECT_EQ(read_bytes(out), nres::write_lossless(d).value());
}

TEST_F(ArchiveCli, EditErrors) {
  std::string a = put("a.lib", small_archive());
  std::string p = put("p.bin", bytes_of("x"));
  std::string out = (dir / "out.lib").string();
  auto r = run_cli({"archive", "add", a, "TWO", p, out});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + a + ": an entry named \"TWO\" exists (use replace, or --allow-duplicate)\n");
  EXPECT_EQ(run_cli({"archive", "add", a, "TWO", p, out, "--allow-duplicate", "--type", "MAT0", "--force"}).exit_code, 0);
  r = run_cli({"archive", "add", a, std::string(36, 'z'), p, out, "--type", "MAT0"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + a + ": entry name \"" + std::string(36, 'z') + "\" is 36 bytes long, at most 35 fit\n");
  r = run_cli({"archive", "add", a, "x", p, out, "--type", "TOOLONG"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "parkan: error: --type \"TOOLONG\" is neither four printable characters nor a number\n");
  r = run_cli({"archive", "remove", a, "nothing", out});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + a + ": no entry named \"nothing\"\n");
  r = run_cli({"archive", "rename", a, "one", "", out});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + a + ": entry name is empty\n");
  r = run_cli({"archive", "remove", a, "one", a});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + a + ": refusing to overwrite the input file\n");
  EXPECT_EQ(read_bytes(a), small_archive());
  r = run_cli({"archive", "replace", a, "one", (dir / "missing").string(), out});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(run_cli({"archive", "remove", a}).exit_code, 2);  // usage: missing OUT
  EXPECT_EQ(run_cli({"archive", "list", a, "--bogus"}).exit_code, 2);
}

// ---- odd names, pipes, memory, tables, types, several archives -------------------------------------

// A name holding a newline or an escape sequence is printed escaped; one row per entry,
// one line per error, and no forged "parkan: error:" line.
TEST_F(ArchiveCli, NamesWithControlBytesArePrintedEscaped) {
  const std::string evil = "x\nparkan: error: \x1b[31mred";  // 27 bytes
  ByteBuffer data(16, 'x');
  std::string a = put("evil.lib", assemble(data, {row(evil, 0x10, 8, 0), row("y", 0x18, 8, 1)}));
  auto r = run_cli({"archive", "list", a});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 4);  // header, two rows, summary
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos);
  EXPECT_NE(r.out.find("x\\nparkan: error: \\x1b[31mred"), std::string::npos);
  EXPECT_EQ(r.out.find("\nparkan: error:"), std::string::npos);
  // --json escapes the JSON way and round-trips the name.
  r = run_cli({"archive", "list", a, "--json"});
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_EQ(json::parse(r.out)["entries"][0]["name"], evil);
  // An error naming the entry is one line.
  ByteBuffer bad = assemble(data, {row(evil, 0x10, 8, 0), row("y", 0x12, 8, 1)});  // overlap
  std::string b = put("evil_bad.lib", bad);
  r = run_cli({"archive", "list", b});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + b + "::#1 y: payload [0x12, +8) overlaps the payload of entry #0 at offset 0x98\n");
  bad = assemble(data, {row(evil, 0x10, 8, 1), row("y", 0x18, 8, 1)});  // duplicate sort index
  std::string c = put("evil_dup.lib", bad);
  r = run_cli({"archive", "verify", c});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + c + "::#1 y: sort_index 1 appears twice: not a permutation at offset 0x9c "
                   "[nres.sort_table.duplicate]\n");
  store_u32(bad.data() + 0x20 + 0x3C, 2);  // row 0 out of range: the evil name in the error
  put("evil_dup.lib", bad);
  r = run_cli({"archive", "verify", c});
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err, "parkan: error: " + c + "::#0 x\\nparkan: error: \\x1b[31mred: sort_index 2 is out of range "
                   "(entry count 2) at offset 0x5c [nres.sort_table.range]\n");
  r = run_cli({"archive", "remove", a, "no\nsuch\x1b[0m", (dir / "o.lib").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + a + ": no entry named \"no\\nsuch\\x1b[0m\"\n");
}

// Runs the CLI with a deadline: should it block on the named pipe `fifo`, the pipe is opened for
// writing and closed (which releases a reader) until it returns, and the test fails instead of hanging.
test::CliResult run_cli_guarded(const std::vector<std::string>& args, const std::filesystem::path& fifo) {
  auto running = std::async(std::launch::async, [args] { return run_cli(args); });
  if (running.wait_for(std::chrono::seconds(10)) == std::future_status::timeout) {
    ADD_FAILURE() << "parkan " << args[0] << " " << args[1] << " blocked on the named pipe " << fifo;
    while (running.wait_for(std::chrono::milliseconds(100)) == std::future_status::timeout) {
      test::poke_named_pipe(fifo);
    }
  }
  return running.get();
}

// A named pipe is refused at once as an I/O error (exit 3) naming it, by every reader.
TEST_F(ArchiveCli, NamedPipesAreRefusedWithoutBlocking) {
  const std::string fifo = (dir / "pipe.lib").string();
  if (!test::make_named_pipe(fifo)) GTEST_SKIP() << test::kNoNamedPipes;
  std::string a = put("a.lib", small_archive());
  const std::string refused = "parkan: error: " + fifo + ": not a regular file (a named pipe)\n";
  const std::string out = (dir / "out.lib").string();
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"archive", "list", fifo}, {"archive", "list", fifo, "--json"},
        {"archive", "verify", fifo}, {"archive", "verify", a, fifo}, {"archive", "cat", fifo + "::one"},
        {"archive", "cat", fifo}, {"archive", "extract", fifo, (dir / "x").string()},
        {"archive", "repack", fifo, out}, {"archive", "remove", fifo, "#0", out},
        {"archive", "add", a, "NEW", fifo, out, "--type", "Texm"}, {"archive", "replace", a, "one", fifo, out}}) {
    auto r = run_cli_guarded(args, fifo);
    EXPECT_EQ(r.exit_code, 3) << args[1];
    // verify reports an unreadable archive as a finding (with its code) and goes on.
    const std::string expected =
        args[1] == "verify" ? refused.substr(0, refused.size() - 1) + " [resource.open]\n" : refused;
    EXPECT_EQ(r.err.substr(r.err.find("parkan: error:")), expected) << args[1];
    EXPECT_FALSE(std::filesystem::exists(out)) << args[1];
  }
  // pack: a payload file of the folder replaced by a named pipe, and a pipe as the manifest.
  ASSERT_EQ(run_cli({"archive", "extract", a, (dir / "x").string()}).exit_code, 0);
  std::filesystem::remove(dir / "x" / "two");
  const std::string payload_fifo = (dir / "x" / "two").string();
  if (!test::make_named_pipe(payload_fifo)) GTEST_SKIP() << test::kNoNamedPipes;
  auto r = run_cli_guarded({"archive", "pack", (dir / "x").string(), out}, payload_fifo);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + payload_fifo + ": not a regular file (a named pipe)\n");
  EXPECT_FALSE(std::filesystem::exists(out));
  std::filesystem::create_directories(dir / "y");
  const std::string manifest_fifo = (dir / "y" / "manifest.json").string();
  if (!test::make_named_pipe(manifest_fifo)) GTEST_SKIP() << test::kNoNamedPipes;
  r = run_cli_guarded({"archive", "pack", (dir / "y").string(), out}, manifest_fifo);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + manifest_fifo + ": not a regular file (a named pipe)\n");
  // A folder is no archive either.
  r = run_cli({"archive", "list", dir.path().string()});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + dir.path().string() + ": not a regular file (a folder)\n");
}

// Memory: list --json is streamed entry by entry and must stay byte-identical to the one
// document that json's dump gives (keys sorted, invalid UTF-8 replaced, control bytes escaped).
TEST_F(ArchiveCli, ListJsonIsTheDumpOfTheWholeDocument) {
  ByteBuffer data(40, 'x');
  std::vector<nres::Entry> rows{row("plain.0", 0x10, 8, 2), row("q\"uote\\back\x01\x7f", 0x18, 8, 4, 0x42415C22),
                                row("\xC0\xE1\x98", 0x20, 8, 0, 7), row("tab\there", 0x28, 8, 3, 0x7F414243),
                                row("z", 0x30, 0, 1, 0)};
  std::string a = put("j.lib", assemble(data, rows));
  for (const std::string& path : {a, put("edge.lib", edge_archive()), put("empty.lib", assemble({}, {}))}) {
    auto r = run_cli({"archive", "list", path, "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto archive = nres::read(read_bytes(path), nres::Profile::compatible).value();
    json entries = json::array();
    for (std::size_t i = 0; i < archive.entries.size(); ++i) {
      const nres::Entry& e = archive.entries[i];
      entries.push_back(json{{"index", i}, {"name", cp1251_to_utf8(e.name())}, {"type_id", e.type_id},
                             {"type", nres::type_name(e.type_id)}, {"attr1", e.attr1}, {"attr2", e.attr2},
                             {"attr3", e.attr3}, {"size", e.size}, {"offset", e.data_offset},
                             {"sort_index", e.sort_index}});
    }
    json document{{"format", "NRes"}, {"version", archive.version}, {"total_size", archive.total_size},
                  {"entries", std::move(entries)}};
    EXPECT_EQ(r.out, document.dump(-1, ' ', false, json::error_handler_t::replace) + "\n") << path;
  }
}

// Repack rebuilds a table sorted with the other fold (and any unusable one).
TEST_F(ArchiveCli, RepackRebuildsASortTableInAnotherOrder) {
  ByteBuffer data(16, 'x');
  ByteBuffer upper = assemble(data, {row("B_X", 0x10, 8, 1), row("BA", 0x18, 8, 0)});
  std::string a = put("upper.lib", upper);
  std::string out = (dir / "fixed.lib").string();
  auto r = run_cli({"archive", "repack", a, out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  auto archive = nres::read(upper, nres::Profile::compatible).value();
  std::vector<ByteView> payloads{archive.payload(0), archive.payload(1)};
  EXPECT_EQ(read_bytes(out), nres::write_canonical(archive.entries, payloads));
  EXPECT_EQ(nres::read(read_bytes(out)).value().entries[0].sort_index, 0u);  // B_X < BA: the engine's order
  r = run_cli({"archive", "verify", out});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  ByteBuffer duplicate = assemble(data, {row("B", 0x10, 8, 1), row("A", 0x18, 8, 1)});
  r = run_cli({"archive", "repack", put("dup.lib", duplicate), out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(run_cli({"archive", "verify", out}).exit_code, 0);
  // What the compatible profile refuses, repack refuses too.
  ByteBuffer broken = assemble(data, {row("B", 0x10, 8, 1), row("A", 0x12, 8, 0)});
  std::string c = put("broken.lib", broken);
  r = run_cli({"archive", "repack", c, (dir / "never.lib").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + c + "::#1 A: payload [0x12, +8) overlaps the payload of entry #0 at offset 0x98\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "never.lib"));
}

// Add takes the type from the payload's magic, and asks for --type when there is none.
TEST_F(ArchiveCli, AddTakesTheTypeFromTheMagic) {
  std::string a = put("a.lib", small_archive());
  std::string out = (dir / "out.lib").string();
  std::string texm = put("t.texm", bytes_of(std::string("Texm\x04\0\0\0", 8)));
  // --force: these stand-ins are too short for their checkers (AddAndReplaceRefuseAPayloadOfAnotherKind).
  auto r = run_cli({"archive", "add", a, "T.0", texm, out, "--force"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto added = nres::read(read_bytes(out)).value();
  EXPECT_EQ(added.entries.back().type_id, 0x6D786554u);  // "Texm"
  std::string model = put("m.msh", small_archive());
  r = run_cli({"archive", "add", a, "M.msh", model, out, "--force"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nres::read(read_bytes(out)).value().entries.back().type_id, 0x4853454Du);  // "MESH"
  // --type wins over the magic (a payload of another kind only with --force).
  r = run_cli({"archive", "add", a, "T.0", texm, out, "--type", "WEAR", "--force"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nres::read(read_bytes(out)).value().entries.back().type_id, 0x52414557u);
  // No magic: a usage error, nothing written.
  std::filesystem::remove(out);
  std::string mat = put("m.mat", bytes_of(std::string("\x06\0\0\0\x01\0", 6)));
  r = run_cli({"archive", "add", a, "M.0", mat, out});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "parkan: error: --type is needed: " + mat +
                       " does not start with a magic that names its type (Texm and NRes payloads do; MAT0 and WEAR "
                       "do not)\n");
  EXPECT_FALSE(std::filesystem::exists(out));
  std::string tiny = put("tiny", bytes_of("Te"));
  EXPECT_EQ(run_cli({"archive", "add", a, "M.0", tiny, out}).exit_code, 2);
  EXPECT_EQ(run_cli({"archive", "add", a, "M.0", mat, out, "--type", "MAT0", "--force"}).exit_code, 0);
}

// Pack says which files of the folder it did not pack.
TEST_F(ArchiveCli, PackWarnsAboutFilesNotInTheManifest) {
  ByteBuffer original = edge_archive();
  std::string a = put("edge.lib", original);
  std::string x = (dir / "x").string();
  ASSERT_EQ(run_cli({"archive", "extract", a, x}).exit_code, 0);
  write_bytes(dir / "x" / "extra.bin", bytes_of("forgotten"));
  if (!test::make_named_pipe((dir / "x" / "pipe"))) GTEST_SKIP() << test::kNoNamedPipes;
  std::filesystem::create_directories(dir / "x" / "subfolder");
  std::string packed = (dir / "x" / "packed.lib").string();  // written into the folder itself
  auto r = run_cli_guarded({"archive", "pack", x, packed}, dir / "x" / "pipe");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(packed), original);
  EXPECT_EQ(r.err, "parkan: warning: " + (std::filesystem::path(x) / "extra.bin").string() + ": not in the manifest, so not packed (add it to \"entries\" "
                   "to pack it) [nres.folder.unlisted]\n"
                   "parkan: warning: " + (std::filesystem::path(x) / "pipe").string() + ": not in the manifest, so not packed (add it to \"entries\" to "
                   "pack it) [nres.folder.unlisted]\n");
  EXPECT_EQ(r.out, "");
  // Packing over one of its own inputs is refused.
  r = run_cli({"archive", "pack", x, (dir / "x" / "Grass.0").string()});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + (std::filesystem::path(x) / "Grass.0").string() + ": refusing to overwrite the input file\n");
}

TEST_F(ArchiveCli, PackNamesTheJsonErrorsPlace) {
  std::string out = (dir / "x").string();
  std::filesystem::create_directories(out);
  write_bytes(dir / "x" / "manifest.json", bytes_of("{\n  \"format\": \"NRes\",\n  oops"));
  auto r = run_cli({"archive", "pack", out, (dir / "p.lib").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.substr(0, r.err.find(": syntax error")),
            "parkan: error: " + (std::filesystem::path(out) / "manifest.json").string() + ": not valid JSON at line 3, column 3");
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
  EXPECT_FALSE(std::filesystem::exists(dir / "p.lib"));
}

// Several archives, each reported, then the total; exit 1 when any has an error.
TEST_F(ArchiveCli, VerifyTakesSeveralArchives) {
  std::string a = put("a.lib", small_archive());
  ByteBuffer b = small_archive();
  b[0x28 + 0x14] = 0;
  std::string bad = put("bad.lib", b);
  ByteBuffer data(16, 'x');
  std::string upper = put("upper.lib", assemble(data, {row("B_X", 0x10, 8, 1), row("BA", 0x18, 8, 0)}));
  auto r = run_cli({"archive", "verify", a, bad, upper, "--compatible"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, a + ": 3 entries, 0 errors, 0 warnings\n" + bad + ": 3 entries, 1 error, 0 warnings\n" + upper +
                       ": 2 entries, 0 errors, 1 warning\n"
                       "total: 8 entries in 3 files, 1 error, 1 warning\n");
  EXPECT_EQ(r.err, "parkan: error: " + bad + "::#0 : name is empty at offset 0x3c [nres.name.empty]\n"
                   "parkan: warning: " + upper + ": sort table is ordered with an upper-case fold, not the engine's "
                   "_strcmpi; the engine's binary search may miss names with [ \\ ] ^ _ or ` at offset 0x5c "
                   "[nres.sort_table.upper_fold]\n");
  r = run_cli({"archive", "verify", a, upper, "--compatible"});
  EXPECT_EQ(r.exit_code, 0);
  r = run_cli({"archive", "verify", a, bad, "--json"});
  EXPECT_EQ(r.exit_code, 1);
  json j = json::parse(r.out);
  EXPECT_EQ(j["valid"], false);
  EXPECT_EQ(j["file"], nullptr);
  EXPECT_EQ(j["profile"], "strict");
  EXPECT_EQ(j["entries"], 6);
  EXPECT_EQ(j["errors"], 1);
  ASSERT_EQ(j["findings"].size(), 1u);
  EXPECT_EQ(j["findings"][0]["code"], "nres.name.empty");
  EXPECT_EQ(j["findings"][0]["file"], bad);
  EXPECT_EQ(j["findings"][0]["entry"], "#0 ");
  EXPECT_EQ(j["findings"][0]["offset"], 0x3c);
  ASSERT_EQ(j["files"].size(), 2u);
  EXPECT_EQ(j["files"][0]["file"], a);
  EXPECT_EQ(j["files"][0]["valid"], true);
  EXPECT_EQ(j["files"][1]["valid"], false);
  EXPECT_EQ(j["files"][1]["errors"], 1);
  // A missing archive among them is reported like a finding, the others are still checked, and the
  // exit code says I/O.
  const std::string none = (dir / "none.lib").string();
  r = run_cli({"archive", "verify", none, a});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + none + ": cannot open: " + test::file_not_found_text() + " [resource.open]\n");
  EXPECT_EQ(r.out, none + ": 0 entries, 1 error, 0 warnings\n" + a + ": 3 entries, 0 errors, 0 warnings\n"
                   "total: 3 entries in 2 files, 1 error, 0 warnings\n");
}

// ENTRY given in UTF-8 is looked up as cp1251 (resource::name_to_cp1251); raw cp1251 bytes work too.
TEST_F(ArchiveCli, EntryNamesInUtf8OrCp1251) {
  ByteBuffer data(16, 'x');
  std::string a = put("c.lib", assemble(data, {row("\xC0\xE1.0", 0x10, 8, 1), row("b", 0x18, 8, 0)}));
  std::string out = (dir / "out.lib").string();
  auto r = run_cli({"archive", "remove", a, "\xD0\x90\xD0\xB1.0", out});  // "Аб.0"
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nres::read(read_bytes(out)).value().entries.at(0).name(), "b");
  EXPECT_EQ(run_cli({"archive", "cat", a + "::\xD0\x90\xD0\xB1.0"}).out, "xxxxxxxx");
  // The engine folds ASCII only: "аб.0" is another name.
  r = run_cli({"archive", "cat", a + "::\xD0\xB0\xD0\xB1.0"});
  EXPECT_EQ(r.exit_code, 1);
  if (!test::command_line_takes_raw_bytes()) GTEST_SKIP() << test::kNoRawArguments;
  r = run_cli({"archive", "remove", a, "\xC0\xE1.0", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(ArchiveCli, HelpListsEveryCommand) {
  auto r = run_cli({"archive", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  for (const char* c : {"list", "verify", "cat", "extract", "pack", "repack", "add", "replace", "remove", "rename"})
    EXPECT_NE(r.out.find(std::string("  ") + c), std::string::npos) << c;
  r = run_cli({"archive", "add", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("--allow-duplicate"), std::string::npos);
  EXPECT_NE(r.out.find("--attr1"), std::string::npos);
}

// A payload whose magic contradicts the entry's type is refused, and so is one its kind's checker
// refuses (unless --force); an added entry gets the attributes the game's entries of its type carry.
TEST_F(ArchiveCli, AddAndReplaceRefuseAPayloadOfAnotherKind) {
  std::string a = put("a.lib", small_archive());  // "one" is a Texm entry
  std::string out = (dir / "out.lib").string();
  std::string png = put("p.png", bytes_of(std::string("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16)));
  auto r = run_cli({"archive", "add", a, "T.0", png, out, "--type", "Texm"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + png + ": this file is not a Texm (it does not start with its magic)\n");
  EXPECT_FALSE(std::filesystem::exists(out));
  r = run_cli({"archive", "replace", a, "one", png, out});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + png + ": this file is not a Texm (it does not start with its magic)\n");
  EXPECT_FALSE(std::filesystem::exists(out));
  // A Texm where a MAT0 goes: the magic names another kind.
  std::string texm = put("t.texm", bytes_of(std::string("Texm\x04\0\0\0", 8)));
  r = run_cli({"archive", "replace", a, "three", texm, out});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + texm + ": this file is a Texm, not a MAT0\n");
  // A MAT0 its checker refuses: one error line naming the finding; --force writes it.
  std::string junk = put("m.mat", bytes_of("x"));
  r = run_cli({"archive", "add", a, "M.0", junk, out, "--type", "MAT0"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind("parkan: error: " + junk + ": not a valid MAT0 for this entry: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
  EXPECT_FALSE(std::filesystem::exists(out));
  r = run_cli({"archive", "add", a, "M.0", junk, out, "--type", "MAT0", "--force"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nres::Entry added = nres::read(read_bytes(out)).value().entries.back();
  EXPECT_EQ(added.attr1, 0u);
  EXPECT_EQ(added.attr2, 6u);  // what the game's MAT0 entries carry (docs/formats/mat0.md)
  EXPECT_EQ(added.attr3, 0u);
  r = run_cli({"archive", "add", a, "W.0", junk, out, "--type", "WEAR", "--force"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  added = nres::read(read_bytes(out)).value().entries.back();
  EXPECT_EQ(added.attr3, 1u);  // WEAR entries carry attr3 1
  r = run_cli({"archive", "add", a, "W.0", junk, out, "--type", "WEAR", "--attr3", "5", "--force"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nres::read(read_bytes(out)).value().entries.back().attr3, 5u);  // given wins
}

// An extract that fails half way (a folder where one entry's file must go) leaves DIR as it was:
// before, the files written until then stayed.
TEST_F(ArchiveCli, ExtractThatFailsLeavesTheFolderAsItWas) {
  std::string a = put("a.lib", small_archive());
  std::filesystem::create_directories(dir / "x" / "two");
  write_bytes(dir / "x" / "old.txt", bytes_of("mine"));
  auto r = run_cli({"archive", "extract", a, (dir / "x").string()});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + (dir / "x" / "two").string() +
                       ": cannot write the file: a folder (or another non-file) is in the way\n");
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir / "x")) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"old.txt", "two"}));
  EXPECT_EQ(read_bytes(dir / "x" / "old.txt"), bytes_of("mine"));
  // Over its own archive: refused, nothing written; a missing DIR is not left behind.
  std::filesystem::create_directories(dir / "self");
  std::string inside = put("self/one", small_archive());
  r = run_cli({"archive", "extract", inside, (dir / "self").string()});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + (dir / "self" / "one").string() + ": refusing to overwrite the input file\n");
  EXPECT_EQ(read_bytes(inside), small_archive());
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir / "self"), std::filesystem::directory_iterator()), 1);
  r = run_cli({"archive", "extract", a, (dir / "new").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(dir / "new" / "one"), bytes_of("AAAA"));
  EXPECT_FALSE(std::filesystem::exists(dir / "new" / "~extracting"));
}

}  // namespace
}  // namespace parkan
