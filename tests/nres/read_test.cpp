// Every rule of docs/formats/nres.md 6, each with its exact message and offset.
#include "parkan/nres/archive.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "raw_archive.hpp"

namespace parkan::nres {
namespace {

using test::assemble;
using test::bytes_of;
using test::row;

// Three entries at 0x10, 0x18, 0x20; directory at 0x28 (rows at 0x28, 0x68, 0xa8); 232 bytes.
ByteBuffer valid_archive() {
  ByteBuffer data = bytes_of(std::string("AAAA\0\0\0\0BBBBBBBBCC\0\0\0\0\0\0", 24));
  return assemble(data, {row("one", 0x10, 4, 0), row("two", 0x18, 8, 2), row("three", 0x20, 2, 1)});
}

constexpr std::size_t kRow0 = 0x28;
constexpr std::size_t kRow1 = 0x68;
constexpr std::size_t kRow2 = 0xa8;

std::string strict_error(const ByteBuffer& bytes) {
  auto archive = read(bytes, Profile::strict);
  return archive.ok() ? "OK" : archive.error().to_string();
}
std::string compatible_error(const ByteBuffer& bytes) {
  auto archive = read(bytes, Profile::compatible);
  return archive.ok() ? "OK" : archive.error().to_string();
}

TEST(Read, ValidArchiveHasEveryField) {
  ByteBuffer bytes = valid_archive();
  auto archive = read(bytes);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  EXPECT_EQ(archive->total_size, 232u);
  EXPECT_EQ(archive->directory_offset(), 0x28u);
  ASSERT_EQ(archive->entries.size(), 3u);
  EXPECT_EQ(archive->entries[1].name(), "two");
  EXPECT_EQ(archive->entries[1].type_id, 0x6D786554u);
  EXPECT_EQ(archive->entries[1].attr1, 1u);
  EXPECT_EQ(archive->entries[1].attr2, 2u);
  EXPECT_EQ(archive->entries[1].attr3, 3u);
  EXPECT_EQ(archive->entries[1].sort_index, 2u);
  EXPECT_EQ(as_chars(archive->payload(1)), "BBBBBBBB");
  EXPECT_EQ(archive->payload(1).data(), bytes.data() + 0x18);  // a view, not a copy
  EXPECT_EQ(archive->name_order, NameOrder::lower_fold);
  EXPECT_TRUE(warnings(*archive).empty());
}

TEST(Read, EmptyArchiveIsValid) {
  ByteBuffer bytes = assemble({}, {});
  auto archive = read(bytes);
  ASSERT_TRUE(archive.ok());
  EXPECT_TRUE(archive->entries.empty());
  EXPECT_EQ(archive->directory_offset(), 16u);
}

TEST(Read, TruncatedHeader) {
  ByteBuffer bytes = valid_archive();
  bytes.resize(10);
  EXPECT_EQ(strict_error(bytes), "file too small for the NRes header: 10 bytes, need 16 at offset 0x0");
  EXPECT_EQ(strict_error({}), "file too small for the NRes header: 0 bytes, need 16 at offset 0x0");
}

TEST(Read, WrongMagic) {
  ByteBuffer bytes = valid_archive();
  bytes[0] = 'R';
  EXPECT_EQ(strict_error(bytes), "bad magic: not an NRes archive at offset 0x0");
  EXPECT_EQ(compatible_error(bytes), "bad magic: not an NRes archive at offset 0x0");
}

TEST(Read, WrongVersion) {
  ByteBuffer bytes = valid_archive();
  store_u32(bytes.data() + 4, 0x200);
  EXPECT_EQ(strict_error(bytes), "unsupported version 0x200, expected 0x100 at offset 0x4");
}

TEST(Read, NegativeCount) {
  ByteBuffer bytes = valid_archive();
  store_u32(bytes.data() + 8, 0xFFFFFFFF);
  EXPECT_EQ(strict_error(bytes), "entry count is negative (-1) at offset 0x8");
  store_u32(bytes.data() + 8, 0x80000000);
  EXPECT_EQ(compatible_error(bytes), "entry count is negative (-2147483648) at offset 0x8");
}

TEST(Read, HugeCountDoesNotAllocate) {
  ByteBuffer bytes = valid_archive();
  store_u32(bytes.data() + 8, 0x7FFFFFFF);
  EXPECT_EQ(strict_error(bytes),
            "directory of 2147483647 entries (137438953408 bytes) does not fit after the header in 232 bytes at "
            "offset 0x8");
}

TEST(Read, DirectoryOverlappingTheHeader) {
  ByteBuffer bytes = valid_archive();
  store_u32(bytes.data() + 8, 4);  // 256 bytes of directory in a 232-byte file
  EXPECT_EQ(strict_error(bytes),
            "directory of 4 entries (256 bytes) does not fit after the header in 232 bytes at offset 0x8");
  ByteBuffer small = assemble(bytes_of("12345678"), {});
  store_u32(small.data() + 8, 1);  // 64 bytes of directory in a 24-byte file
  EXPECT_EQ(strict_error(small),
            "directory of 1 entries (64 bytes) does not fit after the header in 24 bytes at offset 0x8");
}

TEST(Read, TotalSizeNotTheFileLength) {
  ByteBuffer bytes = valid_archive();
  bytes.pop_back();
  EXPECT_EQ(strict_error(bytes), "total_size 232 does not match the file length 231 at offset 0xc");
  bytes = valid_archive();
  bytes.push_back(0);
  EXPECT_EQ(compatible_error(bytes), "total_size 232 does not match the file length 233 at offset 0xc");
}

TEST(Read, NameWithoutNul) {
  ByteBuffer bytes = valid_archive();
  std::fill_n(bytes.begin() + kRow1 + 0x14, 36, 'x');
  EXPECT_EQ(strict_error(bytes),
            "#1 " + std::string(36, 'x') + ": name has no NUL within its 36 bytes at offset 0x7c");
  EXPECT_EQ(compatible_error(bytes),
            "#1 " + std::string(36, 'x') + ": name has no NUL within its 36 bytes at offset 0x7c");
}

TEST(Read, EmptyName) {
  ByteBuffer bytes = valid_archive();
  bytes[kRow0 + 0x14] = 0;
  EXPECT_EQ(strict_error(bytes), "#0 : name is empty at offset 0x3c");
}

TEST(Read, PayloadOutOfBounds) {
  ByteBuffer bytes = valid_archive();
  store_u32(bytes.data() + kRow2 + 0x0C, 9);  // 0x20 + 9 runs into the directory at 0x28
  EXPECT_EQ(strict_error(bytes),
            "#2 three: payload [0x20, +9) lies outside the data region [0x10, 0x28) at offset 0xe0");
  bytes = valid_archive();
  store_u32(bytes.data() + kRow0 + 0x38, 8);  // inside the header
  EXPECT_EQ(compatible_error(bytes),
            "#0 one: payload [0x8, +4) lies outside the data region [0x10, 0x28) at offset 0x60");
  bytes = valid_archive();
  store_u32(bytes.data() + kRow1 + 0x38, 0xFFFFFFF0);  // offset + size wraps around 32 bits
  EXPECT_EQ(strict_error(bytes),
            "#1 two: payload [0xfffffff0, +8) lies outside the data region [0x10, 0x28) at offset 0xa0");
}

TEST(Read, OverlappingPayloads) {
  ByteBuffer bytes = valid_archive();
  store_u32(bytes.data() + kRow1 + 0x38, 0x12);  // two starts inside one [0x10, 0x14)
  EXPECT_EQ(strict_error(bytes), "#1 two: payload [0x12, +8) overlaps the payload of entry #0 at offset 0xa0");
  EXPECT_EQ(compatible_error(bytes), "#1 two: payload [0x12, +8) overlaps the payload of entry #0 at offset 0xa0");
}

TEST(Read, EmptyPayloadsOverlapNothing) {
  ByteBuffer bytes = valid_archive();
  store_u32(bytes.data() + kRow1 + 0x0C, 0);
  store_u32(bytes.data() + kRow1 + 0x38, 0x11);
  EXPECT_EQ(strict_error(bytes), "OK");
}

TEST(Read, SortIndexOutOfRange) {
  ByteBuffer bytes = valid_archive();
  store_u32(bytes.data() + kRow2 + 0x3C, 3);
  EXPECT_EQ(strict_error(bytes), "#2 three: sort_index 3 is out of range (entry count 3) at offset 0xe4");
  auto archive = read(bytes, Profile::compatible);
  ASSERT_TRUE(archive.ok());
  EXPECT_EQ(archive->name_order, NameOrder::unusable);
}

TEST(Read, SortIndexNotAPermutation) {
  ByteBuffer bytes = valid_archive();
  store_u32(bytes.data() + kRow2 + 0x3C, 0);
  EXPECT_EQ(strict_error(bytes), "#2 three: sort_index 0 appears twice: not a permutation at offset 0xe4");
  EXPECT_EQ(compatible_error(bytes), "OK");
}

TEST(Read, SortTableNotInNameOrder) {
  ByteBuffer bytes = valid_archive();
  store_u32(bytes.data() + kRow1 + 0x3C, 1);  // one, two, three
  store_u32(bytes.data() + kRow2 + 0x3C, 2);
  EXPECT_EQ(strict_error(bytes),
            "#2 three: sort table is not in name order (engine _strcmpi): rows 1 and 2 at offset 0xe4");
  auto archive = read(bytes, Profile::compatible);
  ASSERT_TRUE(archive.ok());
  EXPECT_EQ(archive->name_order, NameOrder::unusable);
}

// The rule's code on read()'s error: each rule of docs/formats/nres.md 6 has its own.
std::string strict_rule(const ByteBuffer& bytes) {
  auto archive = read(bytes, Profile::strict);
  return archive.ok() ? "OK" : archive.error().rule;
}

TEST(Read, EveryRuleHasItsCode) {
  ByteBuffer b = valid_archive();
  b.resize(10);
  EXPECT_EQ(strict_rule(b), "nres.header.size");
  b = valid_archive();
  b[0] = 'X';
  EXPECT_EQ(strict_rule(b), "nres.header.magic");
  b = valid_archive();
  store_u32(b.data() + 4, 0x200);
  EXPECT_EQ(strict_rule(b), "nres.header.version");
  b = valid_archive();
  store_u32(b.data() + 8, 0xFFFFFFFF);
  EXPECT_EQ(strict_rule(b), "nres.header.entry_count");
  b = valid_archive();
  b.pop_back();
  EXPECT_EQ(strict_rule(b), "nres.header.total_size");
  b = valid_archive();
  store_u32(b.data() + 8, 0x7FFFFFFF);
  EXPECT_EQ(strict_rule(b), "nres.directory.bounds");
  b = valid_archive();
  std::fill_n(b.begin() + kRow1 + 0x14, 36, 'x');
  EXPECT_EQ(strict_rule(b), "nres.name.unterminated");
  b = valid_archive();
  b[kRow0 + 0x14] = 0;
  EXPECT_EQ(strict_rule(b), "nres.name.empty");
  b = valid_archive();
  store_u32(b.data() + kRow2 + 0x0C, 9);
  EXPECT_EQ(strict_rule(b), "nres.payload.bounds");
  b = valid_archive();
  store_u32(b.data() + kRow1 + 0x38, 0x12);
  EXPECT_EQ(strict_rule(b), "nres.payload.overlap");
  b = valid_archive();
  store_u32(b.data() + kRow2 + 0x3C, 3);
  EXPECT_EQ(strict_rule(b), "nres.sort_table.range");
  b = valid_archive();
  store_u32(b.data() + kRow2 + 0x3C, 0);
  EXPECT_EQ(strict_rule(b), "nres.sort_table.duplicate");
  b = valid_archive();
  store_u32(b.data() + kRow1 + 0x3C, 1);
  store_u32(b.data() + kRow2 + 0x3C, 2);
  EXPECT_EQ(strict_rule(b), "nres.sort_table.order");
  EXPECT_EQ(read(b, Profile::compatible).ok(), true);
}

TEST(Verify, ReportsEveryViolationInFileOrder) {
  ByteBuffer bytes = valid_archive();
  bytes[kRow0 + 0x14] = 0;                            // empty name
  store_u32(bytes.data() + kRow1 + 0x0C, 100);        // out of bounds
  store_u32(bytes.data() + kRow2 + 0x3C, 7);          // out of range
  std::vector<Diagnostic> errors = verify(bytes);
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].code, "nres.name.empty");
  EXPECT_EQ(errors[0].severity, Severity::error);
  EXPECT_EQ(errors[0].location.entry, "#0 ");
  EXPECT_EQ(errors[0].location.offset, 0x3cu);
  EXPECT_EQ(errors[0].message, "name is empty");
  EXPECT_EQ(errors[0].to_string(), "#0 : name is empty at offset 0x3c [nres.name.empty]");
  EXPECT_EQ(errors[1].code, "nres.payload.bounds");
  EXPECT_EQ(errors[1].to_string(),
            "#1 two: payload [0x18, +100) lies outside the data region [0x10, 0x28) at offset 0xa0 "
            "[nres.payload.bounds]");
  EXPECT_EQ(errors[2].code, "nres.sort_table.range");
  EXPECT_EQ(errors[2].to_string(),
            "#2 three: sort_index 7 is out of range (entry count 3) at offset 0xe4 [nres.sort_table.range]");
  std::vector<Diagnostic> compatible = verify(bytes, Profile::compatible);
  ASSERT_EQ(compatible.size(), 2u);
  EXPECT_EQ(compatible[0].code, "nres.name.empty");
  EXPECT_EQ(compatible[1].code, "nres.payload.bounds");
  EXPECT_TRUE(verify(valid_archive()).empty());
}

TEST(Verify, FirstFindingIsReadsError) {
  ByteBuffer bytes = valid_archive();
  store_u32(bytes.data() + kRow1 + 0x38, 0x12);  // overlap
  store_u32(bytes.data() + kRow2 + 0x3C, 0);     // duplicate sort index
  std::vector<Diagnostic> errors = verify(bytes);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[1].code, "nres.sort_table.duplicate");
  Error first = read(bytes).error();
  EXPECT_EQ(first.rule, errors[0].code);
  EXPECT_EQ(first.message, errors[0].message);
  EXPECT_EQ(first.entry, errors[0].location.entry);
  EXPECT_EQ(first.offset, errors[0].location.offset);
}

TEST(Verify, StructuralErrorEndsTheList) {
  ByteBuffer bytes = valid_archive();
  bytes[0] = 'X';
  std::vector<Diagnostic> errors = verify(bytes);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].code, "nres.header.magic");
  EXPECT_EQ(errors[0].to_string(), "bad magic: not an NRes archive at offset 0x0 [nres.header.magic]");
}

// A directory of many broken rows gives a bounded report: the first findings of each rule, then a
// note with how many more there were.
TEST(Verify, FindingsPerRuleAreCapped) {
  const std::size_t n = kMaxFindingsPerRule + 50;
  std::vector<Entry> rows;
  for (std::size_t i = 0; i < n; ++i) rows.push_back(row("", 0x10, 0, static_cast<std::uint32_t>(i)));  // empty names
  rows[3].sort_index = 1;  // one duplicate
  ByteBuffer bytes = assemble({}, rows);
  std::vector<Diagnostic> found = verify(bytes);
  ASSERT_EQ(found.size(), kMaxFindingsPerRule + 2);
  EXPECT_EQ(std::count_if(found.begin(), found.end(), [](const Diagnostic& d) { return d.code == "nres.name.empty"; }),
            static_cast<std::ptrdiff_t>(kMaxFindingsPerRule));
  EXPECT_EQ(found[kMaxFindingsPerRule].code, "nres.sort_table.duplicate");
  const Diagnostic& note = found.back();
  EXPECT_EQ(note.code, "nres.findings.truncated");
  EXPECT_EQ(note.severity, Severity::note);
  EXPECT_EQ(note.message, "50 more findings of nres.name.empty not listed (the first 100 are)");
  EXPECT_FALSE(note.location.offset.has_value());
}

TEST(Check, ErrorsOrElseWarnings) {
  std::size_t count = 99;
  EXPECT_TRUE(check(valid_archive(), Profile::strict, &count).empty());
  EXPECT_EQ(count, 3u);
  ByteBuffer bytes = valid_archive();
  bytes[kRow0 + 0x14] = 0;
  std::vector<Diagnostic> found = check(bytes, Profile::strict, &count);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, "nres.name.empty");
  EXPECT_EQ(count, 3u);
  bytes = valid_archive();
  bytes[0] = 'X';
  EXPECT_EQ(check(bytes, Profile::strict, &count).at(0).code, "nres.header.magic");
  EXPECT_EQ(count, 0u);
  // Compatible: an unusable table is a warning, not an error.
  bytes = valid_archive();
  store_u32(bytes.data() + kRow2 + 0x3C, 0);
  found = check(bytes, Profile::compatible, &count);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, "nres.sort_table.unusable");
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_EQ(found[0].to_string(),
            "sort table is not a sorted permutation; lookups scan the directory linearly at offset 0x64 "
            "[nres.sort_table.unusable]");
}

TEST(Warnings, MisalignmentAndNonZeroGaps) {
  // one at 0x11 (unaligned), junk byte in its padding, unindexed bytes before it, odd directory offset.
  ByteBuffer data = bytes_of(std::string("U", 1) + "AAAA" + std::string("\0\0q", 3) + "BBBBBBBB" + "CC" + "Z");
  ByteBuffer bytes = assemble(data, {row("one", 0x11, 4, 0), row("two", 0x18, 8, 2), row("three", 0x20, 2, 1)});
  auto archive = read(bytes);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  std::vector<Diagnostic> w = warnings(*archive);
  ASSERT_EQ(w.size(), 5u);
  for (const Diagnostic& d : w) EXPECT_EQ(d.severity, Severity::warning);
  EXPECT_EQ(w[0].code, "nres.payload.alignment");
  EXPECT_EQ(w[0].to_string(), "#0 one: payload offset 0x11 is not a multiple of 8 at offset 0x5b [nres.payload.alignment]");
  EXPECT_EQ(w[1].code, "nres.directory.alignment");
  EXPECT_EQ(w[1].to_string(), "directory offset 0x23 is not a multiple of 8 at offset 0xc [nres.directory.alignment]");
  EXPECT_EQ(w[2].code, "nres.gap.nonzero");
  EXPECT_EQ(w[2].to_string(),
            "gap [0x10, 0x11) holds 1 non-zero bytes (unindexed data or padding) at offset 0x10 [nres.gap.nonzero]");
  EXPECT_EQ(w[3].to_string(),
            "gap [0x15, 0x18) holds 1 non-zero bytes (unindexed data or padding) at offset 0x17 [nres.gap.nonzero]");
  EXPECT_EQ(w[4].to_string(),
            "gap [0x22, 0x23) holds 1 non-zero bytes (unindexed data or padding) at offset 0x22 [nres.gap.nonzero]");
}

TEST(Warnings, SortTableOrderSeenByCompatibleRead) {
  // "B_X" < "BA" with the engine's fold; this table has the upper-case fold's order.
  ByteBuffer data = bytes_of("12345678abcdefgh");
  ByteBuffer bytes = assemble(data, {row("B_X", 0x10, 8, 1), row("BA", 0x18, 8, 0)});
  EXPECT_EQ(strict_error(bytes), "#1 BA: sort table is not in name order (engine _strcmpi): rows 0 and 1 at offset 0x9c");
  EXPECT_EQ(strict_rule(bytes), "nres.sort_table.order");
  auto archive = read(bytes, Profile::compatible);
  ASSERT_TRUE(archive.ok());
  EXPECT_EQ(archive->name_order, NameOrder::upper_fold);
  std::vector<Diagnostic> w = warnings(*archive);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].code, "nres.sort_table.upper_fold");
  EXPECT_EQ(w[0].to_string(),
            "sort table is ordered with an upper-case fold, not the engine's _strcmpi; the engine's binary search "
            "may miss names with [ \\ ] ^ _ or ` at offset 0x5c [nres.sort_table.upper_fold]");
}

TEST(Warnings, ManyMisalignedPayloadsAreCapped) {
  // Payloads of 1 byte packed back to back: 7 of every 8 are misaligned (140 of 160).
  const std::size_t n = 160;
  std::vector<Entry> rows;
  ByteBuffer data(n, 'p');
  std::vector<std::string> names;
  for (std::size_t i = 0; i < n; ++i) names.push_back(fmt::format("n{:04}", i));
  for (std::size_t i = 0; i < n; ++i)
    rows.push_back(row(names[i], static_cast<std::uint32_t>(0x10 + i), 1, static_cast<std::uint32_t>(i)));
  data.resize((n + 7) & ~std::size_t(7), 0);
  ByteBuffer bytes = assemble(data, rows);
  auto archive = read(bytes);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  std::vector<Diagnostic> w = warnings(*archive);
  ASSERT_EQ(w.size(), kMaxFindingsPerRule + 1);
  EXPECT_EQ(w.back().code, "nres.findings.truncated");
  EXPECT_EQ(w.back().message, "40 more findings of nres.payload.alignment not listed (the first 100 are)");
}

TEST(TypeName, PrintableFourCcOrDecimal) {
  EXPECT_EQ(type_name(0x6D786554), "Texm");
  EXPECT_EQ(type_name(0x3054414D), "MAT0");
  EXPECT_EQ(type_name(1), "1");
  EXPECT_EQ(type_name(0x7F786554), "2138596692");
}

}  // namespace
}  // namespace parkan::nres
