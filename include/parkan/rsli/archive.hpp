#pragma once
// RsLi ("NL") libraries (docs/formats/rsli.md): read strictly or compatibly, look names up as rsFind does, unpack
// entries with their storage method, check every rule, and write back (lossless when unmodified,
// canonical per docs/formats/rsli.md 10 after an edit).
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"

namespace parkan::rsli {

inline constexpr std::size_t kHeaderSize = 32;
inline constexpr std::size_t kEntrySize = 32;
inline constexpr std::size_t kNameSize = 12;             // no NUL needed when all 12 bytes are used
inline constexpr std::size_t kQueryLimit = 15;           // rsFind truncates queries to 15 characters
inline constexpr std::uint16_t kPresortedFlag = 0xABBA;  // header 0x0E: the sort table is authoritative
inline constexpr std::size_t kOverlayTrailerSize = 6;    // "AO" + u32
inline constexpr std::uint32_t kMethodMask = 0x1E0;      // flags bits 5..8

// Storage methods (docs/formats/rsli.md 6), the values of flags & kMethodMask.
enum class Method : std::uint16_t {
  stored = 0x000,
  xor_only = 0x020,
  lzss = 0x040,
  xor_lzss = 0x060,
  lzhuf = 0x080,
  xor_lzhuf = 0x0A0,
  deflate = 0x100,
};
// nullopt for a method the engine does not know.
std::optional<Method> method_of(std::int16_t flags);
// "stored", "xor", "lzss", "xor-lzss", "lzhuf", "xor-lzhuf", "deflate" (docs/cli.md), and back.
const char* method_name(Method method);
std::optional<Method> parse_method(std::string_view name);
bool method_uses_xor(Method method);

enum class Profile {
  strict,      // every rule of docs/formats/rsli.md 9
  compatible,  // the engine's tolerance: a bad presorted table is rebuilt; the sprites.lib quirk (8)
};

struct Header {
  std::array<std::uint8_t, kHeaderSize> raw{};  // as stored (reserved bytes kept)
  std::int16_t entry_count() const;
  std::int16_t entry_count_copy() const;     // +0x06: the loader requires it to equal entry_count (docs/formats/rsli.md 2)
  std::uint16_t presorted_flag() const;
  std::uint32_t total_unpacked_size() const;  // +0x10: the sum of every entry's unpacked_size (docs/formats/rsli.md 2)
  std::uint32_t xor_seed() const;  // only bits 0..15 are used
  bool presorted() const { return presorted_flag() == kPresortedFlag; }
};

struct Entry {
  std::array<std::uint8_t, kEntrySize> row{};  // decrypted row as stored
  std::string_view name() const;               // up to the first NUL, at most 12 bytes
  std::int16_t flags() const;
  std::int16_t sort_value() const;             // as stored
  std::uint32_t unpacked_size() const;
  std::uint32_t data_offset() const;
  std::uint32_t packed_size() const;
  std::optional<Method> method() const { return method_of(flags()); }

  // Derived by the reader:
  std::uint16_t key = 0;               // payload XOR key: the row's sort value after section 5
  std::uint64_t effective_offset = 0;  // data_offset + overlay
  std::uint32_t readable_size = 0;     // packed bytes present: packed_size, or one less (quirk, 8)
};

struct Archive {
  ByteView bytes;  // the whole file (the reader keeps views into it)
  Header header;
  std::vector<Entry> entries;           // original order
  std::vector<std::uint16_t> sorted;    // the effective sort table: sorted[i] = original index of the
                                        // i-th name in byte order
  std::optional<std::uint32_t> overlay; // the AO trailer's value
  bool table_rebuilt = false;           // not presorted, or (compatible) a presorted table that was not a
                                        // sorted permutation
  ByteView packed(std::size_t index) const {
    return bytes.subspan(entries[index].effective_offset, entries[index].readable_size);
  }
};

// Stable diagnostic codes, one per rule of docs/formats/rsli.md 9 (and per decoder failure).
namespace codes {
inline constexpr const char* kHeaderSize = "rsli.header.size";            // shorter than 32 bytes
inline constexpr const char* kHeaderMagic = "rsli.header.magic";          // not "NL"
inline constexpr const char* kHeaderReserved = "rsli.header.reserved";    // byte 2 not 0
inline constexpr const char* kHeaderVersion = "rsli.header.version";      // byte 3 not 1
inline constexpr const char* kHeaderEntryCount = "rsli.header.entry_count";  // negative
inline constexpr const char* kTableBounds = "rsli.table.bounds";          // the entry table past the file
inline constexpr const char* kOverlayRange = "rsli.overlay.range";        // AO overlay past the file
inline constexpr const char* kEntryBounds = "rsli.entry.bounds";          // packed range outside the file
inline constexpr const char* kEntryEofPlusOne = "rsli.entry.deflate_eof_plus_one";  // the quirk (8), strict
inline constexpr const char* kEntryMethod = "rsli.entry.method";          // unknown storage method
inline constexpr const char* kEntryStoredSize = "rsli.entry.stored_size"; // stored/xor: packed != unpacked
inline constexpr const char* kSortTable = "rsli.sort_table.order";        // presorted table not a sorted permutation
inline constexpr const char* kEntryDecode = "rsli.entry.decode";          // the payload does not unpack (the
                                                                           // decoder's own code in the message)
inline constexpr const char* kNameCase = "rsli.name.case";                // warning: lower case, rsFind cannot find it
inline constexpr const char* kHeaderCountCopy = "rsli.header.count_copy";  // warning: +0x06 differs from entry_count
inline constexpr const char* kHeaderTotalSize = "rsli.header.total_size";  // warning: +0x10 is not the sum of unpacked sizes
inline constexpr const char* kFindingsTruncated = "rsli.findings.truncated";  // note: more findings of one rule than are listed
}  // namespace codes

// Parses the header, decrypts the table, applies the AO overlay and builds the sort table (rebuilt the
// engine's way when not presorted; strict rejects a bad presorted table, compatible rebuilds it).
// Every range is checked against the file. Errors carry a code above and the offset.
Result<Archive> read(ByteView bytes, Profile profile = Profile::strict);

// Every rule, each finding with its code and offset (entries named by their stored name), including
// unpacking every entry and comparing its size. Empty when valid.
std::vector<Diagnostic> verify(ByteView bytes, Profile profile = Profile::strict);

// rsFind (docs/formats/rsli.md 5): the query truncated to 15 characters and upper-cased, binary search over the
// sort table, then a linear scan. The original index.
std::optional<std::size_t> find(const Archive& archive, std::string_view name);

// The entry's bytes, exactly unpacked_size (XOR with the entry's key, then the method's decoder).
Result<ByteBuffer> unpack(const Archive& archive, std::size_t index);

// ---- writing (docs/formats/rsli.md 10) ----

struct DocumentEntry {
  std::array<std::uint8_t, kEntrySize> row{};  // decrypted row; the writer updates sizes, offset, sort value
  ByteBuffer packed;                           // the stored bytes (XOR'd with `key` when the method XORs)
  std::uint16_t key = 0;                       // the key `packed` is encrypted with
};

struct Document {
  std::array<std::uint8_t, kHeaderSize> header{};
  std::vector<DocumentEntry> entries;
  std::optional<std::uint32_t> overlay;
  ByteBuffer original;  // the file as read: written back unchanged while `modified` is false
  bool modified = false;
};

Document make_document(const Archive& archive);
// Unmodified: the original bytes. Otherwise canonical (docs/formats/rsli.md 10): header kept with n updated (at +0x04 and
// +0x06), the total unpacked size (+0x10) and the presorted flag, rows in original order with sort_value = P[i] (byte order), payloads back to back
// after the table, the table encrypted with the header seed, XOR payloads re-encrypted with their row's
// final sort value, the AO trailer re-appended (data_offset = real - overlay).
Result<ByteBuffer> write(const Document& document);
// Always canonical, even when unmodified (`archive repack`).
Result<ByteBuffer> write_canonical(const Document& document);

// Edits mark the document modified. `payload` is the unpacked content, stored with `method`
// (deflate at `deflate_level`). Names: 1..12 bytes, no NUL; the engine upper-cases queries, so a
// lower-case name is refused (rsli.name.case).
Status replace_payload(Document& document, std::size_t index, ByteView payload, Method method, int deflate_level = 6);
Status add_entry(Document& document, std::string_view name, ByteView payload, Method method, int deflate_level = 6);
Status remove_entry(Document& document, std::size_t index);
Status rename_entry(Document& document, std::size_t index, std::string_view name);

}  // namespace parkan::rsli
