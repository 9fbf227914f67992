// The container operations behind resource::Archive: the same calls on an NRes archive and an RsLi
// library, both built byte by byte from docs/formats/nres.md 2-3 and docs/formats/rsli.md 2-3.

#include <gtest/gtest.h>

#include "parkan/resource/archive.hpp"
#include "support.hpp"

namespace parkan::resource {
namespace {

using parkan::test::TempDir;
using parkan::test::write_bytes;

void put_u16(ByteBuffer& b, std::uint16_t v) {
  b.push_back(static_cast<std::uint8_t>(v));
  b.push_back(static_cast<std::uint8_t>(v >> 8));
}
void put_u32(ByteBuffer& b, std::uint32_t v) {
  put_u16(b, static_cast<std::uint16_t>(v));
  put_u16(b, static_cast<std::uint16_t>(v >> 16));
}
// `text` then zeros up to `width` bytes.
void put_field(ByteBuffer& b, std::string_view text, std::size_t width) {
  b.insert(b.end(), text.begin(), text.end());
  b.insert(b.end(), width - text.size(), 0);
}

// docs/formats/nres.md 3: one 64-byte directory row.
void put_nres_row(ByteBuffer& b, std::string_view name, std::uint32_t size, std::uint32_t offset, std::uint32_t sort) {
  put_u32(b, 1);  // type_id (no kind of the registry)
  put_u32(b, 0);  // attr1
  put_u32(b, 0);  // attr2
  put_u32(b, size);
  put_u32(b, 0);  // attr3
  put_field(b, name, 36);
  put_u32(b, offset);
  put_u32(b, sort);
}

// NRes with "ALPHA" = "alpha!" at 16 and "BETA" = "beta" at 24 (each padded to 8), directory at 32.
ByteBuffer nres_two_entries() {
  ByteBuffer b;
  put_field(b, "NRes", 4);
  put_u32(b, 0x100);
  put_u32(b, 2);
  put_u32(b, 32 + 2 * 64);
  put_field(b, "alpha!", 8);
  put_field(b, "beta", 8);
  put_nres_row(b, "ALPHA", 6, 16, 0);
  put_nres_row(b, "BETA", 4, 24, 1);
  return b;
}

// docs/formats/rsli.md 3: one 32-byte row of a stored (method 0) entry.
void put_rsli_row(ByteBuffer& b, std::string_view name, std::uint16_t sort, std::uint32_t size, std::uint32_t offset) {
  put_field(b, name, 12);
  put_u32(b, 0);     // reserved
  put_u16(b, 0);     // flags: stored
  put_u16(b, sort);  // sort_value
  put_u32(b, size);  // unpacked_size
  put_u32(b, offset);
  put_u32(b, size);  // packed_size
}

// docs/formats/rsli.md 2: a presorted library with xor_seed 0 (the table is not encrypted, section
// 4), then the rows and the payloads back to back.
ByteBuffer rsli_header(std::uint32_t total_unpacked) {
  ByteBuffer b{'N', 'L', 0, 1};
  put_u16(b, 2);
  put_u16(b, 2);
  b.insert(b.end(), 6, 0);
  put_u16(b, 0xABBA);
  put_u32(b, total_unpacked);
  put_u32(b, 0);  // xor_seed
  b.insert(b.end(), 8, 0);
  return b;
}

ByteBuffer rsli_two_entries(std::string_view first_name, std::uint16_t first_sort, std::uint16_t second_sort) {
  ByteBuffer b = rsli_header(10);
  put_rsli_row(b, first_name, first_sort, 6, 96);
  put_rsli_row(b, "BETA", second_sort, 4, 102);
  put_field(b, "alpha!", 6);
  put_field(b, "beta", 4);
  return b;
}

std::shared_ptr<Archive> open_bytes(const TempDir& dir, const char* name, const ByteBuffer& bytes, Profile profile) {
  write_bytes(dir.path() / name, bytes);
  return open_archive(dir.path() / name, profile).value();
}

ByteBuffer written(const ArchiveWriter& writer) {
  ByteBuffer bytes;
  const Status status = writer([&](ByteView part) -> Status {
    bytes.insert(bytes.end(), part.begin(), part.end());
    return {};
  });
  EXPECT_TRUE(status) << status.error().to_string();
  return bytes;
}

std::string listing(const Archive& archive, ListFormat format) {
  std::string text;
  EXPECT_TRUE(archive.write_listing(format, [&](ByteView part) -> Status {
    text.append(part.begin(), part.end());
    return {};
  }));
  return text;
}

TEST(ArchiveOps, HandBuiltContainersVerifyClean) {
  std::size_t entries = 0;
  EXPECT_TRUE(verify_archive(nres_two_entries(), Profile::strict, entries).empty());
  EXPECT_EQ(entries, 2u);
  entries = 0;
  EXPECT_TRUE(verify_archive(rsli_two_entries("ALPHA", 0, 1), Profile::strict, entries).empty());
  EXPECT_EQ(entries, 2u);
}

TEST(ArchiveOps, IndexOfNamesTheContainer) {
  TempDir dir;
  auto nres_archive = open_bytes(dir, "a.lib", nres_two_entries(), Profile::strict);
  auto library = open_bytes(dir, "b.rlb", rsli_two_entries("ALPHA", 0, 1), Profile::strict);
  EXPECT_EQ(nres_archive->index_of("BETA").value(), 1u);
  EXPECT_EQ(library->index_of("#1").value(), 1u);
  EXPECT_EQ(library->index_of("BETA").value(), 1u);
  const std::string path = (dir.path() / "b.rlb").string();
  EXPECT_EQ(library->index_of("#2").error().to_string(), path + ": no entry #2 (the library has 2 entries)");
  EXPECT_EQ(nres_archive->index_of("GAMMA").error().to_string(),
            (dir.path() / "a.lib").string() + ": no entry named \"GAMMA\"");
}

TEST(ArchiveOps, APayloadKnowsItsArchive) {
  TempDir dir;
  std::shared_ptr<const Archive> nres_archive = open_bytes(dir, "a.lib", nres_two_entries(), Profile::compatible);
  std::shared_ptr<const Archive> library = open_bytes(dir, "b.rlb", rsli_two_entries("ALPHA", 0, 1), Profile::compatible);
  EXPECT_EQ(nres_archive->payload(1).value().archive(), nres_archive);
  EXPECT_EQ(library->get("BETA").value().archive(), library);
  EXPECT_EQ(open_file_payload(dir.path() / "a.lib").value().archive(), nullptr);
}

TEST(ArchiveOps, NresRemoveThenVerify) {
  TempDir dir;
  auto archive = open_bytes(dir, "a.lib", nres_two_entries(), Profile::strict);
  const ByteBuffer bytes = written(std::move(*archive).remove(0).value());
  // docs/cli.md 3.3: the payload and its padding go, the rest is kept, the sort table rebuilt.
  ByteBuffer expected;
  put_field(expected, "NRes", 4);
  put_u32(expected, 0x100);
  put_u32(expected, 1);
  put_u32(expected, 24 + 64);
  put_field(expected, "beta", 8);
  put_nres_row(expected, "BETA", 4, 16, 0);
  EXPECT_EQ(bytes, expected);
  std::size_t entries = 0;
  EXPECT_TRUE(verify_archive(bytes, Profile::strict, entries).empty());
  EXPECT_EQ(entries, 1u);
}

TEST(ArchiveOps, RsliRenameThenList) {
  TempDir dir;
  auto library = open_bytes(dir, "b.rlb", rsli_two_entries("ALPHA", 0, 1), Profile::strict);
  const ByteBuffer bytes = written(std::move(*library).rename(0, "ZED").value());
  // docs/formats/rsli.md 10.2: rows in their order, sort_value = P[i] by name (BETA = 1, ZED = 0).
  EXPECT_EQ(bytes, rsli_two_entries("ZED", 1, 0));
  auto renamed = open_bytes(dir, "c.rlb", bytes, Profile::strict);
  EXPECT_EQ(listing(*renamed, ListFormat::table),
            "index  name         method           size     packed     offset  flags   sort\n"
            "    0  ZED          stored              6          6       0x60      0      1\n"
            "    1  BETA         stored              4          4       0x66      0      0\n"
            "2 entries, 106 bytes (RsLi, presorted)\n");
}

TEST(ArchiveOps, NresRenameThenListJson) {
  TempDir dir;
  auto archive = open_bytes(dir, "a.lib", nres_two_entries(), Profile::strict);
  const ByteBuffer bytes = written(std::move(*archive).rename(1, "ALPHA2").value());
  auto renamed = open_bytes(dir, "c.lib", bytes, Profile::strict);
  EXPECT_EQ(listing(*renamed, ListFormat::json),
            "{\"entries\":["
            "{\"attr1\":0,\"attr2\":0,\"attr3\":0,\"index\":0,\"name\":\"ALPHA\",\"offset\":16,\"size\":6,"
            "\"sort_index\":0,\"type\":\"1\",\"type_id\":1},"
            "{\"attr1\":0,\"attr2\":0,\"attr3\":0,\"index\":1,\"name\":\"ALPHA2\",\"offset\":24,\"size\":4,"
            "\"sort_index\":1,\"type\":\"1\",\"type_id\":1}"
            "],\"format\":\"NRes\",\"total_size\":160,\"version\":256}\n");
}

TEST(ArchiveOps, RepackOfACanonicalLibraryIsItself) {
  TempDir dir;
  const ByteBuffer original = rsli_two_entries("ALPHA", 0, 1);
  auto library = open_bytes(dir, "b.rlb", original, Profile::strict);
  EXPECT_EQ(written([&](const ByteSink& out) { return library->repack(out); }), original);
}

TEST(ArchiveOps, RsliFolderHoldsTheLibraryAndEachEntry) {
  TempDir dir;
  auto library = open_bytes(dir, "b.rlb", rsli_two_entries("ALPHA", 0, 1), Profile::strict);
  std::vector<std::string> names;
  std::string manifest;
  ASSERT_TRUE(library->write_folder(
      [&](const std::string& name, ByteView bytes) -> Status {
        names.push_back(name + "=" + std::to_string(bytes.size()));
        return {};
      },
      [&](ByteView part) -> Status {
        manifest.append(part.begin(), part.end());
        return {};
      }));
  EXPECT_EQ(library->folder_file_count(), 3u);
  EXPECT_EQ(names, (std::vector<std::string>{"~library.rlb=106", "ALPHA=6", "BETA=4"}));
  EXPECT_NE(manifest.find("\"format\": \"RsLi\""), std::string::npos);
}

// extract then pack through the interface: the folder says which container it holds.
void expect_folder_round_trip(const ByteBuffer& original, const char* name) {
  TempDir dir;
  auto archive = open_bytes(dir, name, original, Profile::compatible);
  const std::filesystem::path folder = dir.path() / "folder";
  std::filesystem::create_directory(folder);
  std::string manifest;
  ASSERT_TRUE(archive->write_folder(
      [&](const std::string& file, ByteView bytes) -> Status {
        write_bytes(folder / file, bytes);
        return {};
      },
      [&](ByteView part) -> Status {
        manifest.append(part.begin(), part.end());
        return {};
      }));
  write_bytes(folder / "manifest.json", as_bytes(manifest));
  std::vector<std::string> read;
  FolderPack options;
  options.on_read = [&](const std::string& file) { read.push_back(file); };
  EXPECT_EQ(written([&](const ByteSink& out) { return pack_folder(folder, options, out); }), original) << name;
  EXPECT_EQ(read.size(), archive->folder_file_count()) << name;
}

TEST(ArchiveOps, ExtractThenPackGivesTheOriginalBytes) {
  expect_folder_round_trip(nres_two_entries(), "a.lib");
  expect_folder_round_trip(rsli_two_entries("ALPHA", 0, 1), "b.rlb");
}

}  // namespace
}  // namespace parkan::resource
