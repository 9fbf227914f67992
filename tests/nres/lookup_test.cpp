// Name lookup (docs/formats/nres.md 4, 4.4): the engine's compare, binary search over
// a table of either fold, linear scan over an unusable table, duplicates.
#include <gtest/gtest.h>

#include "parkan/nres/archive.hpp"
#include "parkan/nres/write.hpp"
#include "raw_archive.hpp"

namespace parkan::nres {
namespace {

using test::assemble;
using test::row;

TEST(CompareNames, EngineStrcmpi) {
  EXPECT_EQ(compare_names("abc", "ABC"), 0);
  EXPECT_LT(compare_names("B_X", "BA"), 0);   // '_' 0x5F < 'a' 0x61 after the lower fold
  EXPECT_LT(compare_names("b[1", "BA"), 0);   // '[' 0x5B < 'a'
  EXPECT_LT(compare_names("B`", "BA"), 0);    // '`' 0x60 < 'a' 0x61
  EXPECT_GT(compare_names("B{", "BA"), 0);    // '{' 0x7B > 'a'

  EXPECT_LT(compare_names("AB", "ABC"), 0);   // a prefix sorts first
  EXPECT_GT(compare_names("\xE0", "z"), 0);   // unsigned bytes
  EXPECT_EQ(compare_names("", ""), 0);
}

// Names whose order differs between the two folds, mixed case, duplicates.
const char* const kNames[] = {"grass.0", "B_X", "BA", "b[1]", "Zebra", "zeta_2", "ALPHA", "^hat", "a`q", "ba"};

std::vector<EntrySpec> specs_of(std::span<const char* const> names) {
  std::vector<EntrySpec> specs;
  for (const char* name : names) specs.push_back(EntrySpec{0x6D786554, 0, 0, 0, name, {}});
  return specs;
}

TEST(Find, BinarySearchOverTheEngineTable) {
  auto bytes = build(specs_of(kNames));
  ASSERT_TRUE(bytes.ok());
  auto archive = read(*bytes);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  EXPECT_EQ(archive->name_order, NameOrder::lower_fold);
  for (std::size_t i = 0; i < std::size(kNames); ++i) {
    if (std::string_view(kNames[i]) == "ba") continue;  // a duplicate of "BA", checked below
    EXPECT_EQ(find(*archive, kNames[i]), i) << kNames[i];
  }
  EXPECT_EQ(find(*archive, "GRASS.0"), 0u);
  EXPECT_EQ(find(*archive, "b_x"), 1u);
  EXPECT_EQ(find(*archive, "grass"), std::nullopt);
  EXPECT_EQ(find(*archive, "grass.00"), std::nullopt);
  EXPECT_EQ(find(*archive, ""), std::nullopt);
}

TEST(Find, DuplicatesGiveWhatTheEngineSearchGives) {
  const char* const names[] = {"dup", "DUP", "Dup"};
  auto bytes = build(specs_of(names));
  ASSERT_TRUE(bytes.ok());
  auto archive = read(*bytes);
  ASSERT_TRUE(archive.ok());
  ASSERT_EQ(archive->entries[0].sort_index, 0u);  // stable: directory order among equal names
  ASSERT_EQ(archive->entries[1].sort_index, 1u);
  ASSERT_EQ(archive->entries[2].sort_index, 2u);
  EXPECT_EQ(find(*archive, "dup"), 1u);  // the first probe, mid = 1, matches
}

// A table sorted with the upper-case fold: "BA" < "B_X" there.
ByteBuffer upper_fold_archive() {
  // Directory: B_X, BA, b[1, zeta_2, ALPHA. Upper fold order: ALPHA, BA, B[1, B_X, ZETA_2.
  ByteBuffer data(40, 'x');
  return assemble(data, {row("B_X", 0x10, 8, 4), row("BA", 0x18, 8, 1), row("b[1", 0x20, 8, 2),
                         row("zeta_2", 0x28, 8, 0), row("ALPHA", 0x30, 8, 3)});
}

TEST(Find, TableBuiltWithTheUpperFoldStillFindsEveryName) {
  ByteBuffer bytes = upper_fold_archive();
  auto archive = read(bytes, Profile::compatible);
  ASSERT_TRUE(archive.ok()) << archive.error().to_string();
  EXPECT_EQ(archive->name_order, NameOrder::upper_fold);
  EXPECT_EQ(find(*archive, "b_x"), 0u);
  EXPECT_EQ(find(*archive, "ba"), 1u);
  EXPECT_EQ(find(*archive, "B[1"), 2u);
  EXPECT_EQ(find(*archive, "ZETA_2"), 3u);
  EXPECT_EQ(find(*archive, "alpha"), 4u);
  EXPECT_EQ(find(*archive, "b]1"), std::nullopt);
  EXPECT_FALSE(read(bytes, Profile::strict).ok());
}

TEST(Find, UnusableTableScansLinearlyAndReturnsTheFirstMatch) {
  ByteBuffer data(24, 'x');
  // Not sorted by either fold, with a duplicate name.
  ByteBuffer bytes = assemble(data, {row("zz", 0x10, 8, 0), row("aa", 0x18, 8, 1), row("ZZ", 0x20, 8, 2)});
  auto archive = read(bytes, Profile::compatible);
  ASSERT_TRUE(archive.ok());
  EXPECT_EQ(archive->name_order, NameOrder::unusable);
  EXPECT_EQ(find(*archive, "Zz"), 0u);
  EXPECT_EQ(find(*archive, "AA"), 1u);
  EXPECT_EQ(find(*archive, "a"), std::nullopt);

  store_u32(bytes.data() + bytes.size() - 64 + 0x3C, 99);  // out of range: also linear
  archive = read(bytes, Profile::compatible);
  ASSERT_TRUE(archive.ok());
  EXPECT_EQ(archive->name_order, NameOrder::unusable);
  EXPECT_EQ(find(*archive, "zz"), 0u);
}

TEST(Find, EmptyArchive) {
  ByteBuffer bytes = assemble({}, {});
  auto archive = read(bytes);
  ASSERT_TRUE(archive.ok());
  EXPECT_EQ(find(*archive, "x"), std::nullopt);
}

}  // namespace
}  // namespace parkan::nres
