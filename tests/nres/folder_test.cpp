#include "parkan/nres/folder.hpp"

#include <map>

#include <gtest/gtest.h>

#include "parkan/nres/edit.hpp"
#include "raw_archive.hpp"

namespace parkan::nres {
namespace {

using nlohmann::json;
using test::assemble;
using test::bytes_of;
using test::row;

// Gaps, junk after a NUL, duplicate and mixed-case names, an empty payload inside another one.
ByteBuffer messy() {
  ByteBuffer data = bytes_of(std::string("UNINDEXED!!!!!!!") + std::string("hello\0\0\0", 8) + "worlds!!" +
                             std::string("abcxyz\0\0", 8));
  return assemble(data, {row("b_x", 0x30, 3, 1), row("Alpha", 0x20, 5, 0, 0x6D786554, "junk"), row("ba", 0x22, 0, 2),
                         row("BA", 0x28, 8, 3), row("delta", 0x38, 0, 4)});
}

struct Extracted {
  ByteBuffer bytes = messy();
  Archive archive = read(bytes).value();
  Folder folder = to_folder(archive);
  std::map<std::string, ByteBuffer> files;
  Extracted() {
    for (const FolderFile& f : folder.files) files[f.name] = ByteBuffer(f.bytes.begin(), f.bytes.end());
  }
  FileLoader loader() {
    return [this](const std::string& name) -> Result<ByteBuffer> {
      auto it = files.find(name);
      if (it == files.end()) return io_error("cannot open: No such file or directory", name);
      return it->second;
    };
  }
};

TEST(SafeFileName, EscapesWhatFileSystemsReject) {
  EXPECT_EQ(safe_file_name("GRASS.0"), "GRASS.0");
  EXPECT_EQ(safe_file_name("b_[1].tex"), "b_[1].tex");
  EXPECT_EQ(safe_file_name("a/b\\c:d*e?f\"g<h>i|j"), "a%2Fb%5Cc%3Ad%2Ae%3Ff%22g%3Ch%3Ei%7Cj");
  EXPECT_EQ(safe_file_name("50% off~1 x"), "50%25%20off%7E1%20x");
  EXPECT_EQ(safe_file_name(".."), ".%2E");
  EXPECT_EQ(safe_file_name("name."), "name%2E");
  EXPECT_EQ(safe_file_name("con.txt"), "%63on.txt");
  EXPECT_EQ(safe_file_name("LPT1"), "%4CPT1");
  EXPECT_EQ(safe_file_name("COM0"), "COM0");
  EXPECT_EQ(safe_file_name("Manifest.JSON"), "%4Danifest.JSON");
  EXPECT_EQ(safe_file_name("\xC0\x01"), "%C0%01");
}

TEST(EntryFileNames, UniqueIgnoringCase) {
  Extracted x;
  std::vector<std::string> names = entry_file_names(x.archive);
  EXPECT_EQ(names, (std::vector<std::string>{"b_x", "Alpha", "ba", "BA~3", "delta"}));
}

TEST(Folder, ManifestHasEveryFieldAndTheLayout) {
  Extracted x;
  ASSERT_EQ(x.folder.files.size(), 7u);  // 5 payloads, 2 gaps
  EXPECT_EQ(x.folder.files[5].name, "~gap-0.bin");
  EXPECT_EQ(as_chars(x.folder.files[5].bytes), "UNINDEXED!!!!!!!");
  EXPECT_EQ(as_chars(x.folder.files[6].bytes), std::string_view("xyz\0\0", 5));
  const json& m = x.folder.manifest;
  EXPECT_EQ(m["format"], "NRes");
  EXPECT_EQ(m["manifest_version"], 1);
  EXPECT_EQ(m["total_size"], x.bytes.size());
  const json& alpha = m["entries"][1];
  EXPECT_EQ(alpha["name"], "Alpha");
  EXPECT_EQ(alpha["file"], "Alpha");
  EXPECT_EQ(alpha["name_field"], "416c706861006a756e6b" + std::string(52, '0'));
  EXPECT_EQ(alpha["type"], "Texm");
  EXPECT_EQ(alpha["sort_index"], 0);
  EXPECT_EQ(m["layout"].dump(),
            R"([{"gap":"~gap-0.bin","offset":16,"size":16},{"aligned":true,"entry":1,"padded":true},)"
            R"({"aligned":true,"entry":3,"padded":true},{"aligned":true,"entry":0,"padded":false},)"
            R"({"gap":"~gap-1.bin","offset":51,"size":5},{"aligned":true,"entry":4,"padded":true},)"
            R"({"delta":2,"entry":2,"inside":1}])");
}

TEST(Folder, FileCountIsWhatPackLoads) {
  Extracted x;
  EXPECT_EQ(folder_file_count(x.folder.manifest), 7u);
  EXPECT_EQ(folder_file_count(json::array()), 0u);
}

TEST(Folder, UnmodifiedFolderPacksToTheSameBytes) {
  Extracted x;
  json reparsed = json::parse(x.folder.manifest.dump(2));
  auto packed = from_folder(reparsed, x.loader());
  ASSERT_TRUE(packed.ok()) << packed.error().to_string();
  EXPECT_EQ(*packed, x.bytes);
}

TEST(Folder, EditedPayloadIsRebuiltAround) {
  Extracted x;
  x.files["Alpha"] = bytes_of("HELLO WORLD");
  auto packed = from_folder(x.folder.manifest, x.loader());
  ASSERT_TRUE(packed.ok()) << packed.error().to_string();
  auto expected = replace_payload(x.archive, 1, bytes_of("HELLO WORLD"));
  ASSERT_TRUE(expected.ok());
  EXPECT_EQ(*packed, *expected);
}

TEST(Folder, EditedPayloadKeepsLaterPayloadsAligned) {
  Extracted x;
  x.files["b_x"] = bytes_of("ABCD");  // followed by the non-zero gap "xyz\0\0", then delta
  auto packed = from_folder(x.folder.manifest, x.loader());
  ASSERT_TRUE(packed.ok()) << packed.error().to_string();
  EXPECT_EQ(*packed, replace_payload(x.archive, 0, bytes_of("ABCD")).value());
  EXPECT_EQ(read(*packed).value().entries[4].data_offset, 0x40u);
}

TEST(Folder, EditedNameGetsAFreshFieldAndSortTable) {
  Extracted x;
  json m = x.folder.manifest;
  m["entries"][1]["name"] = "zulu";
  auto packed = from_folder(m, x.loader());
  ASSERT_TRUE(packed.ok()) << packed.error().to_string();
  auto expected = rename_entry(x.archive, 1, "zulu");
  ASSERT_TRUE(expected.ok());
  EXPECT_EQ(*packed, *expected);
}

TEST(Folder, EntryMissingFromTheLayoutIsAppended) {
  Extracted x;
  json m = x.folder.manifest;
  m["entries"].push_back(json{{"file", "new.bin"}, {"name", "AAA"}, {"type", "MAT0"}, {"attr1", 7}, {"attr2", 6},
                              {"attr3", 9}});
  x.files["new.bin"] = bytes_of("new");
  auto packed = from_folder(m, x.loader());
  ASSERT_TRUE(packed.ok()) << packed.error().to_string();
  ByteBuffer payload = bytes_of("new");
  auto expected = add_entry(x.archive, EntrySpec{0x3054414D, 7, 6, 9, "AAA", payload});
  ASSERT_TRUE(expected.ok());
  EXPECT_EQ(*packed, *expected);
}

std::string pack_error(json m, Extracted& x) {
  auto packed = from_folder(m, x.loader());
  return packed.ok() ? "OK" : packed.error().to_string();
}

TEST(Folder, ManifestErrorsNameTheField) {
  Extracted x;
  const json& m = x.folder.manifest;
  EXPECT_EQ(pack_error(json::array(), x), "the manifest is not a JSON object");
  json bad = m;
  bad["format"] = "RsLi";
  EXPECT_EQ(pack_error(bad, x), "format: \"RsLi\" is not \"NRes\"");
  bad = m;
  bad["manifest_version"] = 2;
  EXPECT_EQ(pack_error(bad, x), "manifest_version: 2 is not supported (this build reads 1)");
  bad = m;
  bad["entries"][2]["attr1"] = -1;
  EXPECT_EQ(pack_error(bad, x), "entries[2].attr1: expected an integer in 0..4294967295");
  bad = m;
  bad["entries"][2].erase("attr3");
  EXPECT_EQ(pack_error(bad, x), "entries[2].attr3: missing");
  bad = m;
  bad["entries"][0]["name_field"] = "00";
  EXPECT_EQ(pack_error(bad, x), "entries[0].name_field: expected 72 hex digits (the 36-byte name field)");
  bad = m;
  bad["entries"][0]["name"] = std::string(36, 'n');
  EXPECT_EQ(pack_error(bad, x), "entries[0].name: entry name \"" + std::string(36, 'n') + "\" is 36 bytes long, at most 35 fit");
  bad = m;
  bad["entries"][0]["file"] = "../etc/passwd";
  EXPECT_EQ(pack_error(bad, x), "entries[0].file: \"../etc/passwd\" is not a plain file name inside the folder");
  bad = m;
  bad["entries"][1]["index"] = 4;
  EXPECT_EQ(pack_error(bad, x), "entries[1].index: 4 is out of place: entries must be listed in directory order");
  bad = m;
  bad["layout"][1]["entry"] = 9;
  EXPECT_EQ(pack_error(bad, x), "layout[1].entry: 9 is not an entry (there are 5)");
  bad = m;
  bad["layout"][2]["entry"] = 1;
  EXPECT_EQ(pack_error(bad, x), "layout[2].entry: entry 1 is placed twice");
  bad = m;
  bad["entries"][0]["type"] = "TOOLONG";
  bad["entries"][0].erase("type_id");
  EXPECT_EQ(pack_error(bad, x), "entries[0].type: \"TOOLONG\" is neither four printable characters nor a number");
  x.files.erase("~gap-1.bin");
  EXPECT_EQ(pack_error(m, x), "~gap-1.bin: cannot open: No such file or directory");
}

TEST(ParseTypeName, InverseOfTypeName) {
  EXPECT_EQ(parse_type_name("Texm"), 0x6D786554u);
  EXPECT_EQ(parse_type_name("19"), 19u);
  EXPECT_EQ(parse_type_name("1234"), 1234u);  // four digits read as a number
  EXPECT_EQ(parse_type_name(""), std::nullopt);
  EXPECT_EQ(parse_type_name("x"), std::nullopt);
  EXPECT_EQ(parse_type_name("4294967296"), std::nullopt);
}

}  // namespace
}  // namespace parkan::nres
