#include "parkan/nres/folder.hpp"

#include <algorithm>
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

// pack_folder over a text, in pieces of 7 bytes.
Result<ByteBuffer> pack_text(const std::string& text, const FileLoader& load, PackOptions options = {}) {
  std::size_t at = 0;
  TextSource source = [&](std::uint8_t* buffer, std::size_t size) -> Result<std::size_t> {
    const std::size_t n = std::min({size, std::size_t(7), text.size() - at});
    std::copy_n(text.data() + at, n, buffer);
    at += n;
    return n;
  };
  ByteBuffer out;
  Status status = pack_folder(source, load, [&](ByteView bytes) -> Status {
    out.insert(out.end(), bytes.begin(), bytes.end());
    return {};
  }, options);
  if (!status) return std::move(status).error();
  return out;
}

// The error of from_folder, which the streamed pack_folder must give as well.
std::string pack_error(json m, Extracted& x) {
  auto packed = from_folder(m, x.loader());
  std::string dom = packed.ok() ? "OK" : packed.error().to_string();
  auto streamed = pack_text(m.dump(2), x.loader());
  EXPECT_EQ(streamed.ok() ? "OK" : streamed.error().to_string(), dom) << m.dump();
  return dom;
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

TEST(Folder, MoreManifestErrorsInBothForms) {
  Extracted x;
  const json& m = x.folder.manifest;
  json bad = m;
  bad["layout"][6]["inside"] = 7;
  EXPECT_EQ(pack_error(bad, x), "layout[6].inside: expected an integer in 0..4");
  bad = m;
  bad["layout"][6]["delta"] = "two";
  EXPECT_EQ(pack_error(bad, x), "layout[6].delta: expected an integer in 0..4294967295");
  bad = m;
  bad["layout"][1]["padded"] = 1;
  EXPECT_EQ(pack_error(bad, x), "layout[1].padded: expected true or false");
  bad = m;
  bad["layout"][1] = 5;
  EXPECT_EQ(pack_error(bad, x), "layout[1].entry: missing");
  bad = m;
  bad["layout"] = json::object();
  EXPECT_EQ(pack_error(bad, x), "layout: expected an array");
  bad = m;
  bad["entries"] = "none";
  EXPECT_EQ(pack_error(bad, x), "entries: expected an array");
  bad = m;
  bad["entries"][3] = 1;
  EXPECT_EQ(pack_error(bad, x), "entries[3]: expected an object");
  bad = m;
  bad.erase("format");
  EXPECT_EQ(pack_error(bad, x), "format: missing");
  bad = m;
  bad["version"] = 0x200;
  EXPECT_EQ(pack_error(bad, x), "version: 0x200 is not 0x100");
  // A field error comes after the files of the entries before it, as the files are read in order.
  bad = m;
  bad["entries"][3]["attr1"] = "x";
  x.files.erase("Alpha");
  EXPECT_EQ(pack_error(bad, x), "Alpha: cannot open: No such file or directory");
  EXPECT_EQ(pack_error(json(42), x), "the manifest is not a JSON object");
}

TEST(Folder, StreamedPackReportsBrokenJsonWithLineAndColumn) {
  Extracted x;
  auto r = pack_text("{\n  \"format\": \"NRes\",\n  oops", x.loader());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::invalid_input);
  EXPECT_EQ(r.error().to_string(),
            "not valid JSON at line 3, column 3: syntax error while parsing object key - invalid literal; last "
            "read: '\"NRes\",<U+000A>  o'; expected string literal");
  r = pack_text("", x.loader());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().to_string(),
            "not valid JSON at line 1, column 1: syntax error while parsing value - unexpected end of input; "
            "expected '[', '{', or a literal");
  // Broken JSON wins over a valid non-object, as in from_folder's parse.
  EXPECT_EQ(pack_text("[1, 2", x.loader()).error().message.substr(0, 14), "not valid JSON");
  EXPECT_EQ(pack_text("[1, 2]", x.loader()).error().to_string(), "the manifest is not a JSON object");
}

TEST(Folder, StreamedPackStopsAtAFailingSource) {
  Extracted x;
  TextSource failing = [](std::uint8_t*, std::size_t) -> Result<std::size_t> {
    return io_error("cannot read: Input/output error", "manifest.json");
  };
  bool wrote = false;
  Status status = pack_folder(failing, x.loader(), [&](ByteView) -> Status {
    wrote = true;
    return {};
  });
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code, ErrorCode::io);
  EXPECT_EQ(status.error().to_string(), "manifest.json: cannot read: Input/output error");
  EXPECT_FALSE(wrote);
}

TEST(Folder, StreamedPackStopsAtAFailingSink) {
  Extracted x;
  std::size_t calls = 0;
  Status status = pack_folder(
      [text = x.folder.manifest.dump(), at = std::size_t(0)](std::uint8_t* buffer, std::size_t size) mutable
      -> Result<std::size_t> {
        const std::size_t n = std::min(size, text.size() - at);
        std::copy_n(text.data() + at, n, buffer);
        at += n;
        return n;
      },
      x.loader(), [&](ByteView) -> Status {
        ++calls;
        return io_error("cannot write: No space left on device", "out.lib");
      });
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().to_string(), "out.lib: cannot write: No space left on device");
  EXPECT_EQ(calls, 1u);
}

TEST(Folder, StreamedFolderIsToFolderByteForByte) {
  Extracted x;
  std::vector<std::string> names;
  std::string manifest;
  ASSERT_TRUE(write_folder(
                  x.archive,
                  [&](const FolderFile& f) -> Status {
                    names.push_back(f.name);
                    return {};
                  },
                  [&](ByteView bytes) -> Status {
                    manifest.append(as_chars(bytes));
                    return {};
                  })
                  .ok());
  EXPECT_EQ(names, (std::vector<std::string>{"b_x", "Alpha", "ba", "BA~3", "delta", "~gap-0.bin", "~gap-1.bin"}));
  EXPECT_EQ(manifest, x.folder.manifest.dump(2) + "\n");
  EXPECT_EQ(folder_file_count(x.archive), 7u);
  // An empty archive: empty arrays print as [].
  ByteBuffer empty = assemble({}, {});
  Archive none = read(empty).value();
  manifest.clear();
  ASSERT_TRUE(write_folder(
                  none, [](const FolderFile&) -> Status { return {}; },
                  [&](ByteView bytes) -> Status {
                    manifest.append(as_chars(bytes));
                    return {};
                  })
                  .ok());
  EXPECT_EQ(manifest, to_folder(none).manifest.dump(2) + "\n");
  EXPECT_NE(manifest.find("\"entries\": [],"), std::string::npos);
  // A failing file sink ends the writing with its error, before the manifest.
  bool manifest_written = false;
  Status status = write_folder(
      x.archive, [](const FolderFile& f) -> Status { return io_error("cannot write: disk full", f.name); },
      [&](ByteView) -> Status {
        manifest_written = true;
        return {};
      });
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().to_string(), "b_x: cannot write: disk full");
  EXPECT_FALSE(manifest_written);
}

TEST(Folder, PackAnnouncesTheFileCountBeforeLoading) {
  Extracted x;
  std::size_t announced = 0, loads_before = 99;
  std::size_t loads = 0;
  PackOptions options;
  options.on_file_count = [&](std::size_t count) {
    announced = count;
    loads_before = loads;
  };
  FileLoader load = [&](const std::string& name) -> Result<ByteBuffer> {
    ++loads;
    return x.loader()(name);
  };
  auto packed = from_folder(x.folder.manifest, load, options);
  ASSERT_TRUE(packed.ok()) << packed.error().to_string();
  EXPECT_EQ(announced, 7u);
  EXPECT_EQ(loads_before, 0u);
  EXPECT_EQ(loads, 7u);
  EXPECT_EQ(*packed, x.bytes);
}

TEST(EntryFileNames, RepeatedFlagsAndOneName) {
  Extracted x;
  EXPECT_EQ(repeated_file_names(x.archive), (std::vector<bool>{false, false, false, true, false}));
  EXPECT_EQ(entry_file_name(x.archive, 3, repeated_file_names(x.archive)), "BA~3");
  EXPECT_EQ(entry_file_name(x.archive, 2, repeated_file_names(x.archive)), "ba");
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
