// The RsLi reader (docs/formats/rsli.md 2-9): every rule with its code and offset, both profiles, the sort table,
// rsFind, the AO overlay, the sprites.lib quirk and unpacking every method.
#include "parkan/rsli/archive.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "parkan/rsli/codec.hpp"
#include "rsli_builder.hpp"

namespace parkan::rsli {
namespace {

using test::build_library;
using test::bytes_of;
using test::LibrarySpec;
using test::RowSpec;
using test::stored_row;

// Three stored entries, presorted; rows at 0x20, 0x40, 0x60; payloads from 0x80.
LibrarySpec three_entries() {
  LibrarySpec spec;
  spec.rows = {stored_row("ZETA", "zzz"), stored_row("ALPHA", "aaaa"), stored_row("MID", "mm")};
  return spec;
}

std::string error_of(const ByteBuffer& bytes, Profile profile = Profile::strict) {
  auto archive = read(bytes, profile);
  return archive.ok() ? "OK" : archive.error().rule + " @" + std::to_string(archive.error().offset.value_or(~0ull)) +
                                   " " + archive.error().to_string();
}

std::string unpacked_text(const Archive& archive, std::size_t index) {
  auto bytes = unpack(archive, index);
  return bytes.ok() ? std::string(as_chars(*bytes)) : "ERROR " + bytes.error().rule;
}

TEST(RsliRead, XorTestVectorThroughTheTable) {
  // Key 0x1234 (seed bits 16..31 ignored), plain row bytes 00 01 02 03 -> 7A 86 B2 8C (docs/formats/rsli.md 4).
  LibrarySpec spec;
  spec.seed = 0xFFFF1234;
  spec.rows = {stored_row(std::string("\0\1\2\3", 4), "")};
  ByteBuffer bytes = build_library(spec);
  EXPECT_EQ(bytes[0x20], 0x7A);
  EXPECT_EQ(bytes[0x21], 0x86);
  EXPECT_EQ(bytes[0x22], 0xB2);
  EXPECT_EQ(bytes[0x23], 0x8C);
  auto archive = read(bytes);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  EXPECT_EQ(archive->entries[0].row[1], 1);
  EXPECT_EQ(archive->entries[0].row[3], 3);
  EXPECT_EQ(archive->header.xor_seed(), 0xFFFF1234u);
}

TEST(RsliRead, ReadsEveryField) {
  LibrarySpec spec = three_entries();
  spec.rows[1].reserved = {1, 2, 3, 4};
  spec.rows[1].flags = 0x7E00;  // unknown bits outside 0x1E0 are kept
  ByteBuffer bytes = build_library(spec);
  auto archive = read(bytes);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  const Archive& a = *archive;
  EXPECT_EQ(a.header.entry_count(), 3);
  EXPECT_TRUE(a.header.presorted());
  EXPECT_FALSE(a.table_rebuilt);
  EXPECT_FALSE(a.overlay.has_value());
  ASSERT_EQ(a.entries.size(), 3u);
  EXPECT_EQ(a.entries[1].name(), "ALPHA");
  EXPECT_EQ(a.entries[1].flags(), 0x7E00);
  EXPECT_EQ(a.entries[1].method(), Method::stored);
  EXPECT_EQ(a.entries[1].row[0x0C], 1);
  EXPECT_EQ(a.entries[1].row[0x0F], 4);
  EXPECT_EQ(a.entries[0].data_offset(), 0x80u);
  EXPECT_EQ(a.entries[1].data_offset(), 0x83u);
  EXPECT_EQ(a.entries[2].effective_offset, 0x87u);
  EXPECT_EQ(a.entries[1].packed_size(), 4u);
  EXPECT_EQ(a.entries[1].unpacked_size(), 4u);
  // Sorted: ALPHA (1), MID (2), ZETA (0).
  EXPECT_EQ(a.sorted, (std::vector<std::uint16_t>{1, 2, 0}));
  EXPECT_EQ(a.entries[0].sort_value(), 1);
  EXPECT_EQ(a.entries[0].key, 1);
  EXPECT_EQ(a.entries[2].key, 0);
  EXPECT_EQ(as_chars(a.packed(1)), "aaaa");
  EXPECT_EQ(a.packed(1).data(), bytes.data() + 0x83);  // a view, not a copy
  EXPECT_EQ(unpacked_text(a, 0), "zzz");
  EXPECT_EQ(unpacked_text(a, 2), "mm");
  EXPECT_TRUE(verify(bytes).empty());
}

TEST(RsliRead, EmptyLibrary) {
  ByteBuffer bytes = build_library(LibrarySpec{});
  ASSERT_EQ(bytes.size(), 32u);
  auto archive = read(bytes);
  ASSERT_TRUE(archive.ok());
  EXPECT_TRUE(archive->entries.empty());
  EXPECT_FALSE(find(*archive, "X").has_value());
}

TEST(RsliRead, NotPresortedIsSortedTheEngineWay) {
  LibrarySpec spec = three_entries();
  spec.presorted = false;
  for (auto& row : spec.rows) row.sort_value = 77;  // ignored and overwritten
  spec.rows.push_back(stored_row("ALPHA", "second"));  // equal names keep their order (bubble sort)
  ByteBuffer bytes = build_library(spec);
  auto archive = read(bytes);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  EXPECT_TRUE(archive->table_rebuilt);
  EXPECT_EQ(archive->sorted, (std::vector<std::uint16_t>{1, 3, 2, 0}));
  EXPECT_EQ(archive->entries[0].sort_value(), 77);  // as stored
  EXPECT_EQ(archive->entries[0].key, 1);            // P[0]
  EXPECT_EQ(archive->entries[1].key, 3);
  EXPECT_EQ(archive->entries[3].key, 0);
  // Two ALPHA rows: the binary search returns the one it meets first (sorted[1] = 3).
  EXPECT_EQ(find(*archive, "alpha"), 3u);
  EXPECT_EQ(find(*archive, "MID"), 2u);
  EXPECT_TRUE(verify(bytes).empty());
}

TEST(RsliRead, NamesCompareAsUnsignedBytesShorterFirst) {
  LibrarySpec spec;
  spec.presorted = false;
  spec.rows = {stored_row("\xE9T\xC9", "1"), stored_row("AB", "2"), stored_row("A", "3"), stored_row("AB!", "4"),
               stored_row("_", "5")};
  auto archive = read(build_library(spec));
  ASSERT_TRUE(archive.ok());
  EXPECT_EQ(archive->sorted, (std::vector<std::uint16_t>{2, 1, 3, 4, 0}));
}

TEST(RsliRead, BadPresortedTableStrictFailsCompatibleRebuilds) {
  LibrarySpec spec = three_entries();
  spec.rows[0].sort_value = 0;  // 0, 2, 0: not a permutation
  spec.rows[1].sort_value = 2;
  spec.rows[2].sort_value = 0;
  ByteBuffer bytes = build_library(spec);
  EXPECT_EQ(error_of(bytes), "rsli.sort_table.order @114 MID: sort value 0 appears twice: not a permutation at offset 0x72");
  auto archive = read(bytes, Profile::compatible);
  ASSERT_TRUE(archive.ok());
  EXPECT_TRUE(archive->table_rebuilt);
  EXPECT_EQ(archive->sorted, (std::vector<std::uint16_t>{1, 2, 0}));
  EXPECT_EQ(find(*archive, "ZETA"), 0u);
  EXPECT_EQ(find(*archive, "ALPHA"), 1u);
  EXPECT_EQ(find(*archive, "MID"), 2u);

  spec.rows[0].sort_value = 3;
  EXPECT_EQ(error_of(build_library(spec)),
            "rsli.sort_table.order @50 ZETA: sort value 3 is out of range (entry count 3) at offset 0x32");
  spec.rows[0].sort_value = -1;
  EXPECT_EQ(error_of(build_library(spec)),
            "rsli.sort_table.order @50 ZETA: sort value -1 is out of range (entry count 3) at offset 0x32");
  // A permutation, but not in name order.
  spec.rows[0].sort_value = 1;
  spec.rows[1].sort_value = 0;
  spec.rows[2].sort_value = 2;
  EXPECT_EQ(error_of(build_library(spec)),
            "rsli.sort_table.order @114 MID: sort table is not in name order (byte order): rows 1 and 2 at offset 0x72");
  EXPECT_EQ(error_of(build_library(spec), Profile::compatible), "OK");
}

TEST(RsliRead, HeaderRules) {
  ByteBuffer good = build_library(three_entries());
  EXPECT_EQ(error_of(ByteBuffer(good.begin(), good.begin() + 31)),
            "rsli.header.size @0 file too small for the RsLi header: 31 bytes, need 32 at offset 0x0");
  ByteBuffer bytes = good;
  bytes[1] = 'X';
  EXPECT_EQ(error_of(bytes), "rsli.header.magic @0 bad magic: not an RsLi library (expected \"NL\") at offset 0x0");
  bytes = good;
  bytes[2] = 7;
  EXPECT_EQ(error_of(bytes), "rsli.header.reserved @2 reserved byte is 0x07, must be 0 at offset 0x2");
  EXPECT_EQ(error_of(bytes, Profile::compatible).substr(0, 20), "rsli.header.reserved");
  bytes = good;
  bytes[3] = 2;
  EXPECT_EQ(error_of(bytes), "rsli.header.version @3 unsupported version 2, expected 1 at offset 0x3");
  LibrarySpec spec = three_entries();
  spec.count = -1;
  EXPECT_EQ(error_of(build_library(spec)), "rsli.header.entry_count @4 entry count is negative (-1) at offset 0x4");
  spec.count = 100;
  EXPECT_EQ(error_of(build_library(spec)),
            "rsli.table.bounds @4 entry table of 100 entries ends at 0xca0, past the end of the file (137 bytes) at offset 0x4");
  // A table that exactly fills the file is fine.
  bytes = good;
  bytes.resize(0x80);
  store_u32(bytes.data() + 0, load_u32(good.data()));
  EXPECT_EQ(error_of(bytes).substr(0, 17), "rsli.entry.bounds");
}

TEST(RsliRead, EntryBounds) {
  LibrarySpec spec = three_entries();
  spec.rows[2].packed_size = 3;  // 0x87 + 3 = 0x8a > 0x89
  spec.rows[2].unpacked = 3;
  EXPECT_EQ(error_of(build_library(spec)),
            "rsli.entry.bounds @120 MID: payload [0x87, +3) lies outside the file (137 bytes) at offset 0x78");
  spec = three_entries();
  spec.rows[0].data_offset = 0xFFFFFFFF;
  EXPECT_EQ(error_of(build_library(spec), Profile::compatible),
            "rsli.entry.bounds @56 ZETA: payload [0xffffffff, +3) lies outside the file (137 bytes) at offset 0x38");
}

TEST(RsliRead, UnknownMethodStrictFailsCompatibleUnpackFails) {
  LibrarySpec spec = three_entries();
  spec.rows[1].flags = 0x0C0;
  ByteBuffer bytes = build_library(spec);
  EXPECT_EQ(error_of(bytes), "rsli.entry.method @80 ALPHA: unknown storage method 0x0c0 (flags 0x00c0) at offset 0x50");
  auto archive = read(bytes, Profile::compatible);
  ASSERT_TRUE(archive.ok());
  auto unpacked = unpack(*archive, 1);
  ASSERT_FALSE(unpacked.ok());
  EXPECT_EQ(unpacked.error().rule, codes::kEntryMethod);
  EXPECT_EQ(unpacked.error().to_string(), "ALPHA: unknown storage method 0x0c0: the engine refuses to load it");
  EXPECT_EQ(unpacked_text(*archive, 0), "zzz");
  std::vector<Diagnostic> found = verify(bytes, Profile::compatible);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].to_string(), "ALPHA: unknown storage method 0x0c0: the engine refuses to load it at offset 0x50 [rsli.entry.method]");
  found = verify(bytes, Profile::strict);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, codes::kEntryMethod);
}

TEST(RsliRead, StoredSizeStrictVersusCompatible) {
  LibrarySpec spec = three_entries();
  spec.rows[1].unpacked = 2;  // packed 4, unpacked 2
  ByteBuffer bytes = build_library(spec);
  EXPECT_EQ(error_of(bytes), "rsli.entry.stored_size @92 ALPHA: stored entry has packed_size 4 but unpacked_size 2 at offset 0x5c");
  auto archive = read(bytes, Profile::compatible);
  ASSERT_TRUE(archive.ok());
  EXPECT_EQ(unpacked_text(*archive, 1), "aa");
  EXPECT_TRUE(verify(bytes, Profile::compatible).empty());
  spec.rows[1].unpacked = 5;  // fewer packed bytes than unpacked: an error in both
  EXPECT_EQ(error_of(build_library(spec), Profile::compatible),
            "rsli.entry.stored_size @92 ALPHA: stored entry has packed_size 4 but unpacked_size 5 at offset 0x5c");
  // XOR only: the same rule, and the copy is decrypted.
  spec = three_entries();
  spec.rows[1].flags = 0x20;
  spec.rows[1].unpacked = 3;
  bytes = build_library(spec);
  EXPECT_EQ(error_of(bytes), "rsli.entry.stored_size @92 ALPHA: xor entry has packed_size 4 but unpacked_size 3 at offset 0x5c");
  archive = read(bytes, Profile::compatible);
  ASSERT_TRUE(archive.ok());
  EXPECT_EQ(unpacked_text(*archive, 1), "aaa");
}

TEST(RsliRead, OverlayTrailer) {
  LibrarySpec spec = three_entries();
  spec.overlay = 0x30;
  ByteBuffer bytes = build_library(spec);
  ASSERT_EQ(bytes.size(), 137u + 6);
  auto archive = read(bytes);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  EXPECT_EQ(archive->overlay, 0x30u);
  EXPECT_EQ(archive->entries[0].data_offset(), 0x50u);
  EXPECT_EQ(archive->entries[0].effective_offset, 0x80u);
  EXPECT_EQ(unpacked_text(*archive, 0), "zzz");
  EXPECT_EQ(unpacked_text(*archive, 1), "aaaa");
  EXPECT_TRUE(verify(bytes).empty());

  store_u32(bytes.data() + bytes.size() - 4, 144);  // one past the file's 143 bytes
  EXPECT_EQ(error_of(bytes), "rsli.overlay.range @139 AO overlay 0x90 lies past the end of the file (143 bytes) at offset 0x8b");
  store_u32(bytes.data() + bytes.size() - 4, 143);
  EXPECT_EQ(error_of(bytes).substr(0, 17), "rsli.entry.bounds");

  // An overlay above the real offset wraps in 32 bits, as the engine's arithmetic does.
  spec.overlay = 0x88;
  bytes = build_library(spec);
  archive = read(bytes);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  EXPECT_EQ(archive->entries[0].data_offset(), 0xFFFFFFF8u);
  EXPECT_EQ(unpacked_text(*archive, 2), "mm");
}

TEST(RsliRead, QuirkStrictVersusCompatible) {
  const std::string text = "The stream inflates completely from the bytes that exist. The stream inflates.";
  auto packed = deflate_encode(as_bytes(text), 9);
  ASSERT_TRUE(packed.ok());
  LibrarySpec spec = three_entries();
  RowSpec last;
  last.name = "INTERF8.TEX";
  last.flags = 0x100;
  last.payload = *packed;
  last.unpacked = static_cast<std::uint32_t>(text.size());
  last.packed_size = static_cast<std::uint32_t>(packed->size() + 1);
  spec.rows.push_back(last);
  ByteBuffer bytes = build_library(spec);
  const std::size_t row3 = 0x20 + 3 * 32;
  EXPECT_EQ(error_of(bytes).substr(0, 36), "rsli.entry.deflate_eof_plus_one @" + std::to_string(row3 + 0x1C));
  std::vector<Diagnostic> found = verify(bytes);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, codes::kEntryEofPlusOne);
  EXPECT_EQ(found[0].location.entry, "INTERF8.TEX");
  EXPECT_EQ(found[0].location.offset, row3 + 0x1C);
  auto archive = read(bytes, Profile::compatible);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  EXPECT_EQ(archive->entries[3].packed_size(), packed->size() + 1);
  EXPECT_EQ(archive->entries[3].readable_size, packed->size());
  EXPECT_EQ(unpacked_text(*archive, 3), text);
  EXPECT_TRUE(verify(bytes, Profile::compatible).empty());

  // Two bytes past: an error in both profiles; one byte past with another method: too.
  spec.rows[3].packed_size = static_cast<std::uint32_t>(packed->size() + 2);
  EXPECT_EQ(error_of(build_library(spec), Profile::compatible).substr(0, 17), "rsli.entry.bounds");
  spec.rows[3].packed_size = static_cast<std::uint32_t>(packed->size() + 1);
  spec.rows[3].flags = 0x040;
  EXPECT_EQ(error_of(build_library(spec), Profile::compatible).substr(0, 17), "rsli.entry.bounds");
}

// The content every method must give back.
std::string method_content() {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "SPRITE " + std::to_string(i * 7 % 13) + " frame data, ";
  return text;
}

ByteBuffer encode_for_test(Method method, ByteView content) {
  switch (method) {
    case Method::lzss:
    case Method::xor_lzss: return lzss_encode(content);
    case Method::lzhuf:
    case Method::xor_lzhuf: return lzhuf_encode(content);
    case Method::deflate: return deflate_encode(content, 6).value();
    default: return ByteBuffer(content.begin(), content.end());
  }
}

TEST(RsliRead, EveryMethodUnpacks) {
  const std::string text = method_content();
  const Method methods[] = {Method::stored, Method::xor_only, Method::lzss, Method::xor_lzss,
                            Method::lzhuf,  Method::xor_lzhuf, Method::deflate};
  for (bool presorted : {true, false}) {
    LibrarySpec spec;
    spec.presorted = presorted;
    int i = 0;
    for (Method method : methods) {
      RowSpec row;
      row.name = std::string("M") + char('Z' - i++);  // reverse order: keys differ from indices
      row.flags = static_cast<std::uint16_t>(method) | 0x0200;
      row.payload = encode_for_test(method, as_bytes(text));
      row.unpacked = static_cast<std::uint32_t>(text.size());
      spec.rows.push_back(row);
    }
    ByteBuffer bytes = build_library(spec);
    auto archive = read(bytes);
    ASSERT_TRUE(archive.ok()) << archive.error().to_string();
    for (std::size_t k = 0; k < archive->entries.size(); ++k) {
      SCOPED_TRACE(method_name(methods[k]));
      EXPECT_EQ(archive->entries[k].method(), methods[k]);
      EXPECT_EQ(archive->entries[k].key, archive->entries.size() - 1 - k);
      EXPECT_EQ(unpacked_text(*archive, k), text);
    }
    EXPECT_TRUE(verify(bytes).empty());
  }
}

TEST(RsliRead, EmptyPayloadOfEveryMethod) {
  LibrarySpec spec;
  for (Method method : {Method::stored, Method::xor_only, Method::lzss, Method::lzhuf, Method::deflate}) {
    RowSpec row;
    row.name = method_name(method);
    for (char& c : row.name) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
    row.flags = static_cast<std::uint16_t>(method);
    row.payload = encode_for_test(method, {});
    row.unpacked = 0;
    spec.rows.push_back(row);
  }
  ByteBuffer bytes = build_library(spec);
  auto archive = read(bytes);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  for (std::size_t k = 0; k < archive->entries.size(); ++k) EXPECT_EQ(unpacked_text(*archive, k), "");
}

TEST(RsliVerify, CorruptStreamIsADecodeFinding) {
  const std::string text = method_content();
  LibrarySpec spec = three_entries();
  RowSpec row;
  row.name = "PACKED";
  row.flags = 0x040;
  row.payload = lzss_encode(as_bytes(text));
  row.payload.resize(row.payload.size() / 2);
  row.unpacked = static_cast<std::uint32_t>(text.size());
  spec.rows.push_back(row);
  ByteBuffer bytes = build_library(spec);
  EXPECT_EQ(error_of(bytes), "OK");  // the reader does not decode
  std::vector<Diagnostic> found = verify(bytes);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, codes::kEntryDecode);
  EXPECT_EQ(found[0].location.entry, "PACKED");
  EXPECT_EQ(found[0].message.substr(0, 44), "payload does not unpack (rsli.lzss.truncated");
  auto archive = read(bytes);
  auto unpacked = unpack(*archive, 3);
  ASSERT_FALSE(unpacked.ok());
  EXPECT_EQ(unpacked.error().rule, "rsli.lzss.truncated");
  EXPECT_EQ(unpacked.error().entry, "PACKED");
}

TEST(RsliVerify, HugeUnpackedSizeFailsWithoutAllocating) {
  LibrarySpec spec;
  RowSpec row;
  row.name = "BOMB";
  row.flags = 0x100;
  row.payload = bytes_of(std::string_view("\x03\x00", 2));
  row.unpacked = 0xFFFFFFF0u;
  spec.rows.push_back(row);
  auto archive = read(build_library(spec));
  ASSERT_TRUE(archive.ok());
  auto unpacked = unpack(*archive, 0);
  ASSERT_FALSE(unpacked.ok());
  EXPECT_EQ(unpacked.error().to_string(),
            "BOMB: 2 packed bytes cannot hold 4294967280 unpacked bytes with deflate at offset 0x2");
}

TEST(RsliVerify, NameCaseWarningAndBoundedFindings) {
  LibrarySpec spec = three_entries();
  spec.rows[2].name = "Mid";
  ByteBuffer bytes = build_library(spec);
  std::vector<Diagnostic> found = verify(bytes);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_EQ(found[0].to_string(),
            "Mid: name has lower-case letters: rsFind upper-cases queries, so the engine cannot find it at offset 0x60 "
            "[rsli.name.case]");
  auto archive = read(bytes);
  ASSERT_TRUE(archive.ok());
  EXPECT_FALSE(find(*archive, "Mid").has_value());

  // 150 rows outside the file: 100 listed, then one note.
  LibrarySpec many;
  for (int i = 0; i < 150; ++i) {
    RowSpec r = stored_row(fmt::format("R{}", 1000 + i), "x");  // not "R" + to_string: GCC 12 -Wrestrict
    r.data_offset = 0x7FFFFFFF;
    many.rows.push_back(r);
  }
  found = verify(build_library(many));
  ASSERT_EQ(found.size(), 101u);
  EXPECT_EQ(found[99].code, codes::kEntryBounds);
  EXPECT_EQ(found[100].severity, Severity::note);
  EXPECT_EQ(found[100].message, "50 more findings of rsli.entry.bounds not listed (the first 100 are)");
}

TEST(RsliVerify, VerifyFindsEveryRuleReadStopsAtTheFirst) {
  LibrarySpec spec = three_entries();
  spec.version = 3;
  spec.rows[0].flags = 0x1E0;
  spec.rows[1].packed_size = 1000;
  ByteBuffer bytes = build_library(spec);
  std::vector<Diagnostic> found = verify(bytes);
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found[0].code, codes::kHeaderVersion);
  EXPECT_EQ(found[1].code, codes::kEntryMethod);
  EXPECT_EQ(found[2].code, codes::kEntryBounds);
  EXPECT_EQ(found[3].code, codes::kEntryStoredSize);
  EXPECT_EQ(found[3].location.offset, 0x5Cu);
  auto archive = read(bytes);
  ASSERT_FALSE(archive.ok());
  EXPECT_EQ(archive.error().rule, found[0].code);
  EXPECT_EQ(archive.error().message, found[0].message);
}

// docs/formats/rsli.md 2: one stored entry "AB" = "xyz", seed 0 (a zero XOR stream), bytes written
// out by hand: +0x04 and +0x06 the count, +0x10 the total unpacked size.
ByteBuffer hand_built_one_entry(std::uint8_t count_copy, std::uint8_t total_unpacked) {
  ByteBuffer bytes = {
      'N', 'L', 0x00, 0x01, 0x01, 0x00, count_copy, 0x00,  // magic, reserved, version, count, count copy
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xBA, 0xAB,      // reserved, presorted 0xABBA
      total_unpacked, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // total unpacked size, seed 0
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,      // two zero words
      'A', 'B', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,              // name
      0x00, 0x00, 0x00, 0x00,                              // reserved
      0x00, 0x00, 0x00, 0x00,                              // flags (stored), sort value 0
      0x03, 0x00, 0x00, 0x00,                              // unpacked size
      0x40, 0x00, 0x00, 0x00,                              // data offset
      0x03, 0x00, 0x00, 0x00,                              // packed size
      'x', 'y', 'z'};
  return bytes;
}

TEST(RsliVerify, HeaderCountCopyAndTotalSize) {
  ByteBuffer good = hand_built_one_entry(1, 3);
  auto archive = read(good);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  EXPECT_EQ(archive->header.entry_count_copy(), 1);
  EXPECT_EQ(archive->header.total_unpacked_size(), 3u);
  EXPECT_EQ(unpacked_text(*archive, 0), "xyz");
  EXPECT_TRUE(verify(good).empty());

  // A mismatch is a warning of verify; read() still opens the library.
  ByteBuffer bad = hand_built_one_entry(2, 7);
  ASSERT_TRUE(read(bad).ok());
  std::vector<Diagnostic> found = verify(bad);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].code, codes::kHeaderCountCopy);
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_EQ(found[0].location.offset, 0x06u);
  EXPECT_EQ(found[0].message, "entry count copy at +0x06 is 2, entry_count is 1: the engine refuses to load it");
  EXPECT_EQ(found[1].code, codes::kHeaderTotalSize);
  EXPECT_EQ(found[1].severity, Severity::warning);
  EXPECT_EQ(found[1].location.offset, 0x10u);
  EXPECT_EQ(found[1].message, "total unpacked size at +0x10 is 7, the entries' unpacked sizes add up to 3");
  EXPECT_EQ(verify(hand_built_one_entry(0, 3)).size(), 1u);
  EXPECT_EQ(verify(hand_built_one_entry(1, 0))[0].code, codes::kHeaderTotalSize);

  // The sum is taken over unpacked sizes, not packed ones, in 64 bits.
  LibrarySpec spec = three_entries();
  spec.rows[0].payload = lzss_encode(as_bytes(std::string_view("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")));
  spec.rows[0].flags = static_cast<std::uint16_t>(Method::lzss);
  spec.rows[0].unpacked = 40;
  spec.total_unpacked = 40 + 4 + 2;
  EXPECT_TRUE(verify(build_library(spec)).empty());

  // The u32 field holds the sum modulo 2^32: 0x80000000 + 0x80000004 + 2 (MID) is stored as 6.
  spec = three_entries();
  spec.rows[0].flags = static_cast<std::uint16_t>(Method::lzss);
  spec.rows[0].unpacked = 0x80000000u;
  spec.rows[1].flags = static_cast<std::uint16_t>(Method::lzss);
  spec.rows[1].unpacked = 0x80000004u;
  spec.total_unpacked = 6;
  const ByteBuffer huge = build_library(spec);
  for (const Diagnostic& d : verify(huge)) EXPECT_NE(d.code, codes::kHeaderTotalSize) << d.to_string();
  auto rewritten = write_canonical(make_document(read(huge, Profile::compatible).value()));
  ASSERT_TRUE(rewritten.ok()) << rewritten.error().to_string();
  EXPECT_EQ(load_u32(rewritten->data() + 0x10), 6u);
}

TEST(RsliFind, EngineLookup) {
  LibrarySpec spec;
  spec.rows = {stored_row("FONT.FNT", "1"), stored_row("EXACTLYTWELV", "2"), stored_row("A", "3"),
               stored_row("lower", "4")};
  auto archive = read(build_library(spec));
  ASSERT_TRUE(archive.ok());
  EXPECT_EQ(find(*archive, "FONT.FNT"), 0u);
  EXPECT_EQ(find(*archive, "font.fnt"), 0u);  // the query is upper-cased
  EXPECT_EQ(find(*archive, "Font.Fnt"), 0u);
  EXPECT_EQ(archive->entries[1].name(), "EXACTLYTWELV");  // 12 bytes, no NUL
  EXPECT_EQ(find(*archive, "exactlytwelv"), 1u);
  EXPECT_FALSE(find(*archive, "EXACTLYTWELVE").has_value());
  EXPECT_FALSE(find(*archive, "lower").has_value());  // stored names are not folded
  EXPECT_FALSE(find(*archive, "").has_value());
  EXPECT_EQ(find(*archive, std::string("A\0junk", 6)), 2u);  // the query ends at its NUL
  EXPECT_FALSE(find(*archive, "B").has_value());
}

TEST(RsliFind, QueryTruncatedTo15Characters) {
  // A hand-made archive (rsFind sees only names and the table): a 15-character name matches any
  // query that starts with it.
  Archive archive;
  archive.entries.resize(2);
  const std::string fifteen = "ABCDEFGHIJKLMNO";
  std::copy_n("ABCDEFGHIJKL", 12, archive.entries[0].row.begin());
  std::copy_n("B", 1, archive.entries[1].row.begin());
  archive.sorted = {0, 1};
  EXPECT_EQ(find(archive, "abcdefghijkl"), 0u);
  EXPECT_FALSE(find(archive, "abcdefghijklm").has_value());
  EXPECT_FALSE(find(archive, fifteen + "PQ").has_value());
  EXPECT_EQ(find(archive, "b"), 1u);
}

TEST(RsliFind, LinearScanWhenTheTableIsUnusable) {
  Archive archive;
  archive.entries.resize(3);
  std::copy_n("CCC", 3, archive.entries[0].row.begin());
  std::copy_n("AAA", 3, archive.entries[1].row.begin());
  std::copy_n("BBB", 3, archive.entries[2].row.begin());
  archive.sorted = {0, 2, 1};  // reversed: the binary search misses AAA and CCC
  EXPECT_EQ(find(archive, "AAA"), 1u);
  EXPECT_EQ(find(archive, "CCC"), 0u);
  archive.sorted = {9, 9, 9};  // out of range rows
  EXPECT_EQ(find(archive, "BBB"), 2u);
  archive.sorted.clear();
  EXPECT_EQ(find(archive, "ccc"), 0u);
}

TEST(RsliMethod, NamesAndBits) {
  EXPECT_EQ(method_of(0x0000), Method::stored);
  EXPECT_EQ(method_of(static_cast<std::int16_t>(0xFE1F)), Method::stored);
  EXPECT_EQ(method_of(0x0060), Method::xor_lzss);
  EXPECT_EQ(method_of(0x01A0), std::nullopt);
  EXPECT_EQ(method_of(0x00C0), std::nullopt);
  for (Method m : {Method::stored, Method::xor_only, Method::lzss, Method::xor_lzss, Method::lzhuf, Method::xor_lzhuf,
                   Method::deflate})
    EXPECT_EQ(parse_method(method_name(m)), m);
  EXPECT_STREQ(method_name(Method::xor_lzhuf), "xor-lzhuf");
  EXPECT_EQ(parse_method("zip"), std::nullopt);
  EXPECT_TRUE(method_uses_xor(Method::xor_only));
  EXPECT_TRUE(method_uses_xor(Method::xor_lzhuf));
  EXPECT_FALSE(method_uses_xor(Method::lzss));
  EXPECT_FALSE(method_uses_xor(Method::deflate));
}

}  // namespace
}  // namespace parkan::rsli
