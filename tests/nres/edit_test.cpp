#include "parkan/nres/edit.hpp"

#include <gtest/gtest.h>

#include "raw_archive.hpp"

namespace parkan::nres {
namespace {

using test::assemble;
using test::bytes_of;
using test::row;

// Everything the lossless writer must keep: an unindexed region before the first payload, zero and
// non-zero padding, directory order unlike file order, an empty payload inside another one, junk
// after a name's NUL.
struct Messy {
  ByteBuffer data = bytes_of(std::string("UNINDEXEDJUNK!!!") + std::string("hello\0\0\0", 8) + "worlds!!" +
                             std::string("abcxyz\0\0", 8));
  std::vector<Entry> rows = {
      row("b_x", 0x30, 3, 1), row("Alpha", 0x20, 5, 0, 0x6D786554, "junk"), row("ba", 0x22, 0, 2),
      row("Beta", 0x28, 8, 3), row("delta", 0x38, 0, 4)};
  ByteBuffer bytes = assemble(data, rows);
};

Archive parse(const ByteBuffer& bytes) {
  auto archive = read(bytes);
  EXPECT_TRUE(archive.ok()) << archive.error().to_string();
  return std::move(archive).value();
}

TEST(Document, UnmodifiedArchiveIsWrittenBackByteIdentical) {
  Messy m;
  Archive archive = parse(m.bytes);
  Document document = make_document(archive);
  ASSERT_EQ(document.chunks.size(), 6u);  // unindexed, Alpha, Beta, b_x, "xyz\0\0", delta
  EXPECT_EQ(document.chunks[0].entry, Chunk::kFiller);
  EXPECT_TRUE(document.chunks[1].padded);
  EXPECT_EQ(as_chars(document.chunks[4].bytes), std::string_view("xyz\0\0", 5));
  ASSERT_EQ(document.embedded.size(), 1u);
  EXPECT_EQ(document.embedded[0].entry, 2u);
  EXPECT_EQ(document.embedded[0].host, 1u);
  EXPECT_EQ(document.embedded[0].delta, 2u);
  auto written = write_lossless(document);
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(*written, m.bytes);
}

TEST(Edit, ReplaceShiftsLaterDataAndKeepsEverythingElse) {
  Messy m;
  ByteBuffer payload = bytes_of("HELLO WORLD");
  auto edited = replace_payload(parse(m.bytes), 1, payload);
  ASSERT_TRUE(edited.ok()) << edited.error().to_string();
  ByteBuffer data = bytes_of(std::string("UNINDEXEDJUNK!!!") + std::string("HELLO WORLD\0\0\0\0\0", 16) +
                             "worlds!!" + std::string("abcxyz\0\0", 8));
  std::vector<Entry> rows = m.rows;
  rows[0].data_offset = 0x38;
  rows[1].size = 11;
  rows[3].data_offset = 0x30;
  rows[4].data_offset = 0x40;
  EXPECT_EQ(*edited, assemble(data, rows));
}

TEST(Edit, PayloadsAfterNonZeroGapsStayAligned) {
  Messy m;
  ByteBuffer payload = bytes_of("ABCD");
  auto edited = replace_payload(parse(m.bytes), 0, payload);  // b_x is followed by "xyz\0\0", then delta
  ASSERT_TRUE(edited.ok()) << edited.error().to_string();
  ByteBuffer data = bytes_of(std::string("UNINDEXEDJUNK!!!") + std::string("hello\0\0\0", 8) + "worlds!!" +
                             std::string("ABCDxyz\0\0\0\0\0\0\0\0\0", 16));
  std::vector<Entry> rows = m.rows;
  rows[0].size = 4;
  rows[4].data_offset = 0x40;
  EXPECT_EQ(*edited, assemble(data, rows));
}

TEST(Edit, AddAppendsAlignedPayloadAndRebuildsSortTable) {
  Messy m;
  ByteBuffer payload = bytes_of("new");
  EntrySpec spec{0x3054414D, 7, 6, 9, "AAA", payload};
  auto edited = add_entry(parse(m.bytes), spec);
  ASSERT_TRUE(edited.ok()) << edited.error().to_string();
  ByteBuffer data = m.data;
  for (char c : std::string("new\0\0\0\0\0", 8)) data.push_back(static_cast<std::uint8_t>(c));
  std::vector<Entry> rows = m.rows;
  Entry added = row("AAA", 0x38, 3, 0, 0x3054414D);
  added.attr1 = 7;
  added.attr2 = 6;
  added.attr3 = 9;
  rows.push_back(added);
  // AAA, Alpha, b_x, ba, Beta, delta
  const std::uint32_t order[] = {5, 1, 0, 2, 3, 4};
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i].sort_index = order[i];
  EXPECT_EQ(*edited, assemble(data, rows));
}

TEST(Edit, RemoveDropsPayloadAndPaddingOnly) {
  Messy m;
  auto edited = remove_entry(parse(m.bytes), 3);  // Beta
  ASSERT_TRUE(edited.ok()) << edited.error().to_string();
  ByteBuffer data = bytes_of(std::string("UNINDEXEDJUNK!!!") + std::string("hello\0\0\0", 8) +
                             std::string("abcxyz\0\0", 8));
  std::vector<Entry> rows = {m.rows[0], m.rows[1], m.rows[2], m.rows[4]};
  rows[0].data_offset = 0x28;
  rows[3].data_offset = 0x30;
  const std::uint32_t order[] = {1, 0, 2, 3};  // Alpha, b_x, ba, delta
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i].sort_index = order[i];
  EXPECT_EQ(*edited, assemble(data, rows));
}

TEST(Edit, RemovingAHostKeepsItsEmbeddedEntryInPlace) {
  Messy m;
  auto edited = remove_entry(parse(m.bytes), 1);  // Alpha hosts "ba"
  ASSERT_TRUE(edited.ok()) << edited.error().to_string();
  auto archive = read(*edited);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  ASSERT_EQ(archive->entries.size(), 4u);
  EXPECT_EQ(archive->entries[1].name(), "ba");
  EXPECT_EQ(archive->entries[1].data_offset, 0x20u);
  EXPECT_EQ(archive->entries[2].data_offset, 0x20u);  // Beta moved up by Alpha's 8 bytes
}

TEST(Edit, RenameZeroFillsTheFieldAndRebuildsSortTable) {
  Messy m;
  auto edited = rename_entry(parse(m.bytes), 1, "zulu");
  ASSERT_TRUE(edited.ok()) << edited.error().to_string();
  std::vector<Entry> rows = m.rows;
  rows[1] = row("zulu", 0x20, 5, 0);
  const std::uint32_t order[] = {0, 2, 3, 4, 1};  // b_x, ba, Beta, delta, zulu
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i].sort_index = order[i];
  EXPECT_EQ(*edited, assemble(m.data, rows));
}

TEST(Edit, ReplacingAnEmbeddedEmptyEntryGivesItItsOwnPayload) {
  Messy m;
  ByteBuffer payload = bytes_of("12345678");
  auto edited = replace_payload(parse(m.bytes), 2, payload);
  ASSERT_TRUE(edited.ok()) << edited.error().to_string();
  auto archive = read(*edited);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  EXPECT_EQ(archive->entries[2].data_offset, 0x28u);
  EXPECT_EQ(as_chars(archive->payload(2)), "12345678");
  EXPECT_EQ(as_chars(archive->payload(3)), "worlds!!");
  EXPECT_EQ(archive->entries[3].data_offset, 0x30u);
}

TEST(Edit, ErrorsNameTheRule) {
  Messy m;
  Archive archive = parse(m.bytes);
  EXPECT_EQ(replace_payload(archive, 5, {}).error().to_string(), "no entry #5 (the archive has 5 entries)");
  EXPECT_EQ(remove_entry(archive, 9).error().to_string(), "no entry #9 (the archive has 5 entries)");
  EXPECT_EQ(rename_entry(archive, 0, "").error().to_string(), "entry name is empty");
  EXPECT_EQ(rename_entry(archive, 0, std::string(36, 'x')).error().to_string(),
            "entry name \"" + std::string(36, 'x') + "\" is 36 bytes long, at most 35 fit");
  EXPECT_EQ(add_entry(archive, EntrySpec{0, 0, 0, 0, std::string("a\0b", 3), {}}).error().to_string(),
            "entry name contains a NUL byte");
}

TEST(Document, LayoutErrorsAreReported) {
  Document d;
  d.entries.push_back(test::row("A", 0, 0, 0));
  EXPECT_EQ(write_lossless(d).error().to_string(), "entry #0 has no place in the data layout");
  d.chunks.push_back(Chunk{0, {}});
  d.chunks.push_back(Chunk{0, {}});
  EXPECT_EQ(write_lossless(d).error().to_string(), "the data layout places entry #0 twice");
  d.chunks = {Chunk{3, {}}};
  EXPECT_EQ(write_lossless(d).error().to_string(), "the data layout names entry #3, but there are 1 entries");
}

}  // namespace
}  // namespace parkan::nres
