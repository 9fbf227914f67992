// parkan archive ... as cli.md says: output, JSON keys, exit codes, one error line per failure,
// byte-identical extract/pack, edits that keep every other byte.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../nres/raw_archive.hpp"
#include "parkan/game/sample.hpp"
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
  for (auto& f : game::sample_archives({}))
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
  EXPECT_EQ(r.err, "parkan: error: " + missing + ": cannot open: No such file or directory\n");
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
  cases.push_back({"nul", b, "::#2 " + std::string(36, 'n') + ": name has no NUL within its 36 bytes at offset 0xbc"});
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
  EXPECT_EQ(r.out, a + ": valid (strict, 3 entries, 0 warnings)\n");
  EXPECT_EQ(r.err, "");
}

TEST_F(ArchiveCli, VerifyPrintsEveryViolation) {
  ByteBuffer b = small_archive();
  b[0x28 + 0x14] = 0;                         // empty name
  store_u32(b.data() + 0xa8 + 0x3C, 7);       // sort_index out of range
  std::string a = put("bad.lib", b);
  auto r = run_cli({"archive", "verify", a});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, a + ": 2 violations (strict)\n");
  EXPECT_EQ(r.err, "parkan: error: " + a + "::#0 : name is empty at offset 0x3c\n"
                   "parkan: error: " + a + "::#2 three: sort_index 7 is out of range (entry count 3) at offset 0xe4\n");
  r = run_cli({"archive", "verify", a, "--compatible"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, a + ": 1 violations (compatible)\n");
}

TEST_F(ArchiveCli, VerifyUpperFoldTableStrictFailsCompatibleWarns) {
  ByteBuffer data(16, 'x');
  std::string a = put("upper.lib", assemble(data, {row("B_X", 0x10, 8, 1), row("BA", 0x18, 8, 0)}));
  auto r = run_cli({"archive", "verify", a});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + a +
                       "::#1 BA: sort table is not in name order (engine _strcmpi): rows 0 and 1 at offset 0x9c\n");
  r = run_cli({"archive", "verify", a, "--compatible"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, a + ": valid (compatible, 2 entries, 1 warnings)\n");
  EXPECT_EQ(r.err, "parkan: warning: " + a +
                       ": sort table is ordered with an upper-case fold, not the engine's _strcmpi; the engine's "
                       "binary search may miss names with [ \\ ] ^ _ or ` at offset 0x5c\n");
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
  EXPECT_EQ(j["profile"], "strict");
  EXPECT_EQ(j["errors"].size(), 0u);
  ASSERT_EQ(j["warnings"].size(), 2u);
  EXPECT_EQ(j["warnings"][0]["message"], "gap [0x10, 0x1010) holds 4096 non-zero bytes (unindexed data or padding)");
  EXPECT_EQ(j["warnings"][0]["offset"], 16);
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
  EXPECT_EQ(r.err, "parkan: error: " + out + "/manifest.json: not valid JSON\n");
  write_bytes(dir / "x" / "manifest.json", bytes_of(R"({"format": "NRes", "manifest_version": 1, "entries": [{}]})"));
  r = run_cli({"archive", "pack", out, (dir / "p.lib").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + out + "/manifest.json: entries[0].type_id: missing\n");
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
  EXPECT_EQ(run_cli({"archive", "verify", out}).out, out + ": valid (strict, 13 entries, 0 warnings)\n");
}

TEST_F(ArchiveCli, EditsMatchTheLibraryAndKeepEveryOtherByte) {
  ByteBuffer original = edge_archive();
  auto archive = nres::read(original).value();
  std::string a = put("edge.lib", original);
  ByteBuffer payload = bytes_of("new payload");
  std::string p = put("p.bin", payload);
  std::string out = (dir / "out.lib").string();

  auto r = run_cli({"archive", "add", a, "New_[1].0", p, out, "--type", "Texm", "--attr1", "4", "--attr2", "5"});
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
  EXPECT_EQ(run_cli({"archive", "add", a, "TWO", p, out, "--allow-duplicate"}).exit_code, 0);
  r = run_cli({"archive", "add", a, std::string(36, 'z'), p, out});
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

}  // namespace
}  // namespace parkan
