// Resource references of the CLI (cli.md): PATH, PATH::NAME (engine lookup), PATH::#N.
#include "parkan/game/resource.hpp"

#include <gtest/gtest.h>

#include "parkan/nres/write.hpp"
#include "support.hpp"

namespace parkan::game {
namespace {

TEST(ParseResourceRef, SplitsAtTheLastDoubleColon) {
  ResourceRef bare = parse_resource_ref("T.0");
  EXPECT_EQ(bare.path, "T.0");
  EXPECT_FALSE(bare.name);
  EXPECT_FALSE(bare.index);
  ResourceRef named = parse_resource_ref("dir::x/Textures.lib::GRASS.0");
  EXPECT_EQ(named.path, "dir::x/Textures.lib");
  EXPECT_EQ(named.name, "GRASS.0");
  ResourceRef indexed = parse_resource_ref("a.lib::#12");
  EXPECT_EQ(indexed.index, 12u);
  EXPECT_FALSE(indexed.name);
  EXPECT_EQ(parse_resource_ref("a.lib::#x").name, "#x");
  EXPECT_EQ(parse_resource_ref("a.lib::#").name, "#");
  EXPECT_EQ(parse_resource_ref("a.lib::#3a").name, "#3a");
  EXPECT_EQ(parse_resource_ref("a.lib::").name, "");
}

struct Files : ::testing::Test {
  test::TempDir dir;
  std::string lib = (dir / "a.lib").string();
  void SetUp() override {
    ByteBuffer one{1, 2, 3}, two{4, 5};
    std::vector<nres::EntrySpec> specs{{0x6D786554, 0, 0, 0, "Grass_1.0", one}, {0x3054414D, 7, 6, 0, "DEFAULT", two}};
    test::write_bytes(lib, nres::build(specs).value());
  }
};

TEST_F(Files, OpensAnEntryByNameAsTheEngineFindsIt) {
  auto r = open_resource(lib + "::grass_1.0");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->bytes.size(), 3u);
  EXPECT_EQ(r->bytes[2], 3);
  EXPECT_EQ(r->entry_index, 0u);
  EXPECT_EQ(r->entry->name(), "Grass_1.0");
  EXPECT_EQ(r->entry_name(), "Grass_1.0");
  EXPECT_EQ(r->locate(invalid("bad", 4)).to_string(), lib + "::Grass_1.0: bad at offset 0x4");
}

TEST_F(Files, OpensAnEntryByIndexAndABareFile) {
  auto r = open_resource(lib + "::#1");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->entry->attr1, 7u);
  EXPECT_EQ(r->bytes.size(), 2u);
  auto bare = open_resource(lib);
  ASSERT_TRUE(bare.ok());
  EXPECT_FALSE(bare->entry);
  EXPECT_EQ(bare->bytes.size(), std::filesystem::file_size(lib));
  EXPECT_EQ(bare->locate(invalid("bad")).to_string(), lib + ": bad");
}

TEST_F(Files, Cp1251NamesAreFoundFromUtf8) {
  ByteBuffer payload{9};
  std::vector<nres::EntrySpec> specs{{0, 0, 0, 0, "\xC0\xE1.0", payload}};
  std::string cyr = (dir / "cyr.lib").string();
  test::write_bytes(cyr, nres::build(specs).value());
  auto r = open_resource(cyr + "::\xD0\x90\xD0\xB1.0");  // "Аб.0" in UTF-8
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->entry_name(), "\xD0\x90\xD0\xB1.0");
  auto raw = open_resource(cyr + "::\xC0\xE1.0");  // not UTF-8: searched as bytes
  ASSERT_TRUE(raw.ok()) << raw.error().to_string();
}

TEST_F(Files, ErrorsNameTheFile) {
  EXPECT_EQ(open_resource(lib + "::nothing").error().to_string(), lib + ": no entry named \"nothing\"");
  EXPECT_EQ(open_resource(lib + "::#2").error().to_string(), lib + ": no entry #2 (the archive has 2 entries)");
  std::string missing = (dir / "missing.lib").string();
  auto r = open_resource(missing + "::x");
  EXPECT_EQ(r.error().code, ErrorCode::io);
  EXPECT_EQ(r.error().to_string(), missing + ": cannot open: No such file or directory");
  std::string junk = (dir / "junk.lib").string();
  test::write_bytes(junk, ByteBuffer(20, 'j'));
  EXPECT_EQ(open_resource(junk + "::x").error().to_string(), junk + ": bad magic: not an NRes archive at offset 0x0");
}

}  // namespace
}  // namespace parkan::game
