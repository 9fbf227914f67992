// The RsLi writer (docs/formats/rsli.md 10): lossless while unmodified, canonical rebuilds, edits, XOR payloads
// re-encrypted when their key changes, and a rapidcheck property over random libraries.
#include "parkan/rsli/archive.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "parkan/rsli/codec.hpp"
#include "rsli_builder.hpp"

namespace parkan::rsli {
namespace {

using test::build_library;
using test::bytes_of;
using test::LibrarySpec;
using test::RowSpec;
using test::stored_row;

const Method kAllMethods[] = {Method::stored, Method::xor_only, Method::lzss,   Method::xor_lzss,
                              Method::lzhuf,  Method::xor_lzhuf, Method::deflate};

ByteBuffer encode_with(Method method, ByteView content) {
  switch (method) {
    case Method::lzss:
    case Method::xor_lzss: return lzss_encode(content);
    case Method::lzhuf:
    case Method::xor_lzhuf: return lzhuf_encode(content);
    case Method::deflate: return deflate_encode(content, 6).value();
    default: return ByteBuffer(content.begin(), content.end());
  }
}

RowSpec packed_row(std::string name, Method method, std::string_view content) {
  RowSpec row;
  row.name = std::move(name);
  row.flags = static_cast<std::uint16_t>(method) | 0x4000;  // an unknown bit, kept
  row.payload = encode_with(method, as_bytes(content));
  row.unpacked = static_cast<std::uint32_t>(content.size());
  return row;
}

// Not presorted, names in reverse order, every method: each payload's key is P[i] != i.
LibrarySpec mixed_library() {
  LibrarySpec spec;
  spec.presorted = false;
  int i = 0;
  for (Method method : kAllMethods) {
    std::string content;
    for (int k = 0; k < 30 + 11 * i; ++k) content += static_cast<char>('A' + (k * k + i) % 7);
    spec.rows.push_back(packed_row(std::string("N") + char('Z' - i), method, content));
    spec.rows.back().reserved = {static_cast<std::uint8_t>(i), 0xEE, 0, 0x11};
    ++i;
  }
  return spec;
}

Archive read_ok(const ByteBuffer& bytes, Profile profile = Profile::strict) {
  auto archive = read(bytes, profile);
  EXPECT_TRUE(archive.ok()) << archive.error().to_string();
  return archive.ok() ? std::move(archive).value() : Archive{};
}

struct Content {
  std::string name;
  std::int16_t flags;
  std::string payload;
  bool operator==(const Content&) const = default;
};

std::vector<Content> contents(const Archive& archive) {
  std::vector<Content> out;
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    auto unpacked = unpack(archive, i);
    EXPECT_TRUE(unpacked.ok()) << unpacked.error().to_string();
    out.push_back({std::string(archive.entries[i].name()), archive.entries[i].flags(),
                   unpacked.ok() ? std::string(as_chars(*unpacked)) : "ERROR"});
  }
  return out;
}

Document document_of(const ByteBuffer& bytes, Profile profile = Profile::strict) {
  auto archive = read(bytes, profile);
  EXPECT_TRUE(archive.ok()) << archive.error().to_string();
  return archive.ok() ? make_document(*archive) : Document{};
}

ByteBuffer write_ok(const Document& document, bool canonical) {
  auto out = canonical ? write_canonical(document) : write(document);
  EXPECT_TRUE(out.ok()) << out.error().to_string();
  return out.ok() ? std::move(out).value() : ByteBuffer{};
}

TEST(RsliWrite, UnmodifiedIsByteIdentical) {
  std::vector<LibrarySpec> specs{mixed_library(), LibrarySpec{}};
  specs.push_back(mixed_library());
  specs.back().overlay = 0x40;
  specs.back().gap = bytes_of("gap bytes");
  specs.back().tail = bytes_of("tail");
  specs.push_back(mixed_library());
  specs.back().presorted = true;
  for (const LibrarySpec& spec : specs) {
    ByteBuffer bytes = build_library(spec);
    EXPECT_EQ(write_ok(document_of(bytes), false), bytes);
  }
}

TEST(RsliWrite, CanonicalReadsBackWithTheSameContent) {
  ByteBuffer bytes = build_library(mixed_library());
  Archive before = read_ok(bytes);
  ASSERT_TRUE(before.table_rebuilt);
  ByteBuffer canonical = write_ok(make_document(before), true);
  Archive after = read_ok(canonical);
  EXPECT_FALSE(after.table_rebuilt);  // presorted now
  EXPECT_EQ(after.header.presorted_flag(), kPresortedFlag);
  EXPECT_EQ(contents(after), contents(before));
  EXPECT_EQ(after.sorted, before.sorted);
  // Reserved header and row bytes kept; payloads back to back after the table.
  EXPECT_TRUE(std::equal(canonical.begin() + 6, canonical.begin() + 14, bytes.begin() + 6));
  EXPECT_TRUE(std::equal(canonical.begin() + 0x10, canonical.begin() + 0x20, bytes.begin() + 0x10));
  std::uint64_t at = kHeaderSize + after.entries.size() * kEntrySize;
  for (std::size_t i = 0; i < after.entries.size(); ++i) {
    EXPECT_EQ(after.entries[i].data_offset(), at);
    EXPECT_EQ(after.entries[i].row[0x0D], 0xEE);
    EXPECT_EQ(after.entries[i].sort_value(), static_cast<std::int16_t>(before.sorted[i]));
    at += after.entries[i].packed_size();
  }
  EXPECT_EQ(at, canonical.size());
  // Canonical is a fixed point.
  EXPECT_EQ(write_ok(document_of(canonical), true), canonical);
}

TEST(RsliWrite, CanonicalWritesTheCountTwiceAndTheTotalUnpackedSize) {
  // A library with both header fields wrong (verify warns), rewritten: +0x06 = n, +0x10 = the sum of
  // the unpacked sizes, every other header byte kept (docs/formats/rsli.md 2, 10.2).
  LibrarySpec spec;
  spec.rows = {stored_row("B", "bbbbb"), packed_row("A", Method::lzss, std::string(300, 'q'))};
  spec.count_copy = 9;
  spec.total_unpacked = 0x11223344;
  ByteBuffer bytes = build_library(spec);
  ASSERT_EQ(verify(bytes).size(), 2u);
  ByteBuffer canonical = write_ok(document_of(bytes), true);
  EXPECT_EQ(std::vector<std::uint8_t>(canonical.begin() + 4, canonical.begin() + 8),
            (std::vector<std::uint8_t>{0x02, 0x00, 0x02, 0x00}));
  EXPECT_EQ(std::vector<std::uint8_t>(canonical.begin() + 0x10, canonical.begin() + 0x14),
            (std::vector<std::uint8_t>{0x31, 0x01, 0x00, 0x00}));  // 5 + 300 = 305
  EXPECT_TRUE(std::equal(canonical.begin() + 8, canonical.begin() + 0x0E, bytes.begin() + 8));
  EXPECT_TRUE(std::equal(canonical.begin() + 0x14, canonical.begin() + 0x20, bytes.begin() + 0x14));
  EXPECT_TRUE(verify(canonical).empty());

  // After an edit the fields follow the new entries.
  Document document = document_of(canonical);
  ASSERT_TRUE(remove_entry(document, 0).ok());
  ByteBuffer edited = write_ok(document, false);
  EXPECT_EQ(load_i16(edited.data() + 4), 1);
  EXPECT_EQ(load_i16(edited.data() + 6), 1);
  EXPECT_EQ(load_u32(edited.data() + 0x10), 300u);
  EXPECT_TRUE(verify(edited).empty());
}

TEST(RsliWrite, CanonicalKeepsTheOverlay) {
  LibrarySpec spec = mixed_library();
  spec.overlay = 0x30;
  spec.gap = bytes_of("dropped");
  ByteBuffer bytes = build_library(spec);
  Archive before = read_ok(bytes);
  ByteBuffer canonical = write_ok(make_document(before), true);
  Archive after = read_ok(canonical);
  EXPECT_EQ(after.overlay, 0x30u);
  EXPECT_EQ(after.entries[0].data_offset(), kHeaderSize + 7 * kEntrySize - 0x30);
  EXPECT_EQ(contents(after), contents(before));
  EXPECT_EQ(canonical.size(), bytes.size() - 7);
}

TEST(RsliWrite, CanonicalOfTheQuirkAndOfLongStoredEntries) {
  const std::string text = "INTERF8 texture bytes, INTERF8 texture bytes, INTERF8 texture bytes";
  LibrarySpec spec;
  spec.rows.push_back(stored_row("LONG", "abcdef"));
  spec.rows.back().unpacked = 4;  // compatible copies the first 4 bytes
  spec.rows.push_back(packed_row("INTERF8.TEX", Method::deflate, text));
  spec.rows.back().packed_size = static_cast<std::uint32_t>(spec.rows.back().payload.size() + 1);
  ByteBuffer bytes = build_library(spec);
  ASSERT_FALSE(read(bytes).ok());
  Archive before = read_ok(bytes, Profile::compatible);
  EXPECT_EQ(write_ok(make_document(before), false), bytes);
  ByteBuffer canonical = write_ok(make_document(before), true);
  Archive after = read_ok(canonical, Profile::strict);  // both rules now hold
  EXPECT_EQ(contents(after), contents(before));
  EXPECT_EQ(after.entries[0].packed_size(), 4u);
  EXPECT_EQ(contents(after)[1].payload, text);
}

TEST(RsliWrite, PayloadEndingLikeATrailerGetsAnOverlayOfZero) {
  LibrarySpec spec;
  spec.rows.push_back(stored_row("A", std::string("dataAO\x05\0\0\0", 10)));
  ByteBuffer bytes = build_library(spec);
  ASSERT_FALSE(read(bytes).ok());  // as stored, the payload's end reads as an overlay of 5
  Document document;  // a new library with that header (the writer sets n and the flag)
  std::copy_n(bytes.begin(), kHeaderSize, document.header.begin());
  ASSERT_TRUE(add_entry(document, "A", as_bytes(std::string_view("dataAO\x05\0\0\0", 10)), Method::stored).ok());
  ByteBuffer canonical = write_ok(document, false);
  ASSERT_EQ(canonical.size(), 32u + 32 + 10 + 6);
  Archive after = read_ok(canonical);
  EXPECT_EQ(after.overlay, 0u);
  EXPECT_EQ(contents(after)[0].payload, std::string("dataAO\x05\0\0\0", 10));
}

TEST(RsliWrite, OverlayPastTheRewrittenLibraryIsRefused) {
  LibrarySpec spec;
  spec.rows.push_back(stored_row("A", "x"));
  spec.tail = ByteBuffer(100, 0);
  spec.overlay = 120;
  Document document = document_of(build_library(spec));
  auto out = write_canonical(document);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().rule, codes::kOverlayRange);
  EXPECT_EQ(out.error().message, "AO overlay 0x78 lies past the end of the rewritten library (71 bytes)");
}

TEST(RsliEdit, ReplaceWithEveryMethod) {
  ByteBuffer bytes = build_library(mixed_library());
  std::string content;
  for (int k = 0; k < 3000; ++k) content += static_cast<char>("ABCD  \n"[k * 7 % 7] + k % 3);
  for (Method method : kAllMethods) {
    SCOPED_TRACE(method_name(method));
    Document document = document_of(bytes);
    Archive before = read_ok(bytes);
    ASSERT_TRUE(replace_payload(document, 2, as_bytes(content), method, 9).ok());
    EXPECT_TRUE(document.modified);
    const ByteBuffer after_bytes = write_ok(document, false);
    Archive after = read_ok(after_bytes);
    std::vector<Content> expected = contents(before);
    expected[2].payload = content;
    expected[2].flags = static_cast<std::int16_t>((expected[2].flags & ~0x1E0) | static_cast<int>(method));
    EXPECT_EQ(contents(after), expected);
    EXPECT_EQ(after.entries[2].method(), method);
    EXPECT_EQ(after.entries[2].flags() & 0x4000, 0x4000);
  }
  Document document = document_of(bytes);
  EXPECT_EQ(replace_payload(document, 7, as_bytes(content), Method::stored).error().message,
            "no entry #7 (the library has 7 entries)");
  EXPECT_FALSE(document.modified);
}

TEST(RsliEdit, AddRemoveRename) {
  ByteBuffer bytes = build_library(mixed_library());
  Archive before = read_ok(bytes);
  std::vector<Content> expected = contents(before);

  Document document = document_of(bytes);
  ASSERT_TRUE(add_entry(document, "AAA.NEW", as_bytes(std::string_view("new xor payload")), Method::xor_only).ok());
  ASSERT_TRUE(add_entry(document, "EXACTLYTWELV", as_bytes(std::string_view("twelve twelve")), Method::xor_lzhuf).ok());
  const ByteBuffer added_bytes = write_ok(document, false);
  Archive added = read_ok(added_bytes);
  expected.push_back({"AAA.NEW", 0x20, "new xor payload"});
  expected.push_back({"EXACTLYTWELV", 0xA0, "twelve twelve"});
  EXPECT_EQ(contents(added), expected);
  EXPECT_EQ(find(added, "aaa.new"), 7u);
  EXPECT_EQ(find(added, "exactlytwelv"), 8u);

  ASSERT_TRUE(remove_entry(document, 0).ok());
  expected.erase(expected.begin());
  const ByteBuffer removed_bytes = write_ok(document, false);
  Archive removed = read_ok(removed_bytes);
  EXPECT_EQ(contents(removed), expected);

  // Renaming NY (index 0 now) to A moves it first in the sort order: every XOR key shifts.
  ASSERT_TRUE(rename_entry(document, 0, "A").ok());
  expected[0].name = "A";
  const ByteBuffer renamed_bytes = write_ok(document, false);
  Archive renamed = read_ok(renamed_bytes);
  EXPECT_EQ(contents(renamed), expected);
  EXPECT_EQ(renamed.entries[0].key, 0);
  EXPECT_EQ(find(renamed, "a"), 0u);

  EXPECT_EQ(rename_entry(document, 0, "lower").error().rule, codes::kNameCase);
  EXPECT_EQ(rename_entry(document, 0, "THIRTEEN.CHAR").error().message,
            "name \"THIRTEEN.CHAR\" must be 1 to 12 bytes long (13 given)");
  EXPECT_EQ(rename_entry(document, 0, "").error().message, "name \"\" must be 1 to 12 bytes long (0 given)");
  EXPECT_EQ(rename_entry(document, 0, std::string_view("A\0B", 3)).error().message, "a name cannot contain a NUL byte");
  EXPECT_EQ(rename_entry(document, 1, "A").error().message, "entry #0 is already named \"A\"");
  EXPECT_TRUE(rename_entry(document, 0, "A").ok());  // its own name
  EXPECT_EQ(add_entry(document, "AAA.NEW", {}, Method::stored).error().message,
            "entry #6 is already named \"AAA.NEW\"");
  EXPECT_EQ(remove_entry(document, 99).error().message, "no entry #99 (the library has 8 entries)");
}

TEST(RsliEdit, XorPayloadsAreReEncryptedWhenTheirKeyChanges) {
  // Presorted B, C with XOR payloads (keys 0, 1). Adding A makes rows B, C, A with the sort table
  // P = {2, 0, 1}: row i's key is P[i], so B's key becomes 2 and C's 0.
  LibrarySpec spec;
  spec.rows = {packed_row("B", Method::xor_only, "bbbbbbbb"), packed_row("C", Method::xor_lzss, "cccccccccccc")};
  ByteBuffer bytes = build_library(spec);
  Archive before = read_ok(bytes);
  EXPECT_EQ(before.entries[0].key, 0);
  EXPECT_EQ(before.entries[1].key, 1);
  Document document = make_document(before);
  ASSERT_TRUE(add_entry(document, "A", as_bytes(std::string_view("a")), Method::stored).ok());
  ByteBuffer out = write_ok(document, false);
  Archive after = read_ok(out);
  EXPECT_EQ(after.entries[0].key, 2);
  EXPECT_EQ(after.entries[1].key, 0);
  // The stored bytes changed (new key), the content did not.
  EXPECT_FALSE(std::equal(after.packed(0).begin(), after.packed(0).end(), before.packed(0).begin()));
  ByteBuffer expected_b = bytes_of("bbbbbbbb");
  test::spec_xor(expected_b.data(), expected_b.size(), 2);
  EXPECT_TRUE(std::equal(after.packed(0).begin(), after.packed(0).end(), expected_b.begin(), expected_b.end()));
  EXPECT_EQ(contents(after)[0].payload, "bbbbbbbb");
  EXPECT_EQ(contents(after)[1].payload, "cccccccccccc");
}

// A random library built with add_entry + write_canonical reads back and unpacks to its payloads.
RC_GTEST_PROP(RsliWriteProperty, RandomLibraryRoundTrips, ()) {
  Document document;
  document.header[0] = 'N';
  document.header[1] = 'L';
  document.header[3] = 1;
  store_u32(document.header.data() + 0x14, *rc::gen::arbitrary<std::uint32_t>());
  if (*rc::gen::arbitrary<bool>()) document.overlay = *rc::gen::inRange<std::uint32_t>(0, 32);
  const auto count = *rc::gen::inRange<std::size_t>(0, 10);
  std::vector<std::pair<std::string, std::string>> expected;
  for (std::size_t i = 0; i < count; ++i) {
    std::string name = *rc::gen::container<std::string>(*rc::gen::inRange<std::size_t>(1, 13),
                                                         rc::gen::oneOf(rc::gen::inRange<char>('A', 'Z' + 1),
                                                                        rc::gen::element('.', '_', '0', '\x7F', '\xE9')));
    const Method method = *rc::gen::elementOf(std::vector<Method>(std::begin(kAllMethods), std::end(kAllMethods)));
    std::string payload = *rc::gen::oneOf(
        rc::gen::container<std::string>(rc::gen::inRange<char>('a', 'e')),
        rc::gen::container<std::string>(rc::gen::arbitrary<char>()));
    Status added = add_entry(document, name, as_bytes(payload), method, *rc::gen::inRange(0, 13));
    if (!added.ok()) {
      RC_ASSERT(added.error().message.find("already named") != std::string::npos);
      continue;
    }
    expected.emplace_back(name, payload);
  }
  auto bytes = write_canonical(document);
  RC_ASSERT(bytes.ok());
  auto archive = read(*bytes, Profile::strict);
  RC_ASSERT(archive.ok());
  RC_ASSERT(archive->entries.size() == expected.size());
  std::uint64_t total_unpacked = 0;
  for (const auto& [name, payload] : expected) total_unpacked += payload.size();
  RC_ASSERT(archive->header.entry_count_copy() == static_cast<std::int16_t>(expected.size()));
  RC_ASSERT(archive->header.total_unpacked_size() == total_unpacked);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    RC_ASSERT(std::string(archive->entries[i].name()) == expected[i].first);
    RC_ASSERT(find(*archive, expected[i].first) == std::optional<std::size_t>(i));
    auto unpacked = unpack(*archive, i);
    RC_ASSERT(unpacked.ok());
    RC_ASSERT(std::string(as_chars(*unpacked)) == expected[i].second);
  }
  RC_ASSERT(verify(*bytes).empty());
}

}  // namespace
}  // namespace parkan::rsli
