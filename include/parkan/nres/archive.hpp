#pragma once
// NRes container (docs/formats/nres.md): the model and the reader. Payloads are views into the caller's
// bytes (a mapped file, or a payload of another NRes), never copies.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/finding_sink.hpp"

namespace parkan::nres {

inline constexpr std::uint32_t kMagic = 0x7365524E;  // "NRes"
inline constexpr std::uint32_t kVersion = 0x100;
inline constexpr std::size_t kHeaderSize = 16;
inline constexpr std::size_t kEntrySize = 64;
inline constexpr std::size_t kNameFieldSize = 36;

// One 64-byte directory row, every field as stored.
struct Entry {
  std::uint32_t type_id = 0;
  std::uint32_t attr1 = 0;
  std::uint32_t attr2 = 0;
  std::uint32_t size = 0;
  std::uint32_t attr3 = 0;
  std::array<std::uint8_t, kNameFieldSize> name_field{};  // whole field, bytes after the NUL kept
  std::uint32_t data_offset = 0;
  std::uint32_t sort_index = 0;

  // The bytes before the first NUL (the whole field when there is none).
  std::string_view name() const;
};

// How the stored sort table is ordered, which decides how a name is searched (docs/formats/nres.md 4.4).
enum class NameOrder {
  lower_fold,  // sorted with the engine's _strcmpi (the rule of docs/formats/nres.md 4): binary search
  upper_fold,  // sorted with an upper-case fold (the other public source): binary search with it
  unusable,    // not a sorted permutation: linear scan
};

enum class Profile {
  strict,      // every rule of docs/formats/nres.md 6
  compatible,  // the engine's tolerance: an unusable sort table means linear search
};

struct Archive {
  ByteView bytes;  // the whole archive
  std::uint32_t version = kVersion;
  std::uint32_t total_size = 0;
  std::vector<Entry> entries;  // directory order
  NameOrder name_order = NameOrder::lower_fold;
  // Derived by read(): for row i, the first 8 folded bytes of the name of entry sort_index[i], so
  // that find() decides most probes without touching the directory. find() ignores it unless it has
  // one key per entry; clear it if you change names or sort_index by hand.
  std::vector<std::uint64_t> name_keys;

  std::size_t directory_offset() const { return total_size - kEntrySize * entries.size(); }
  // The payload of entry `index`; the reader has checked that it lies inside `bytes`.
  ByteView payload(std::size_t index) const {
    return bytes.subspan(entries[index].data_offset, entries[index].size);
  }
};

// Stable diagnostic codes (core/diagnostic.hpp), one per rule of docs/formats/nres.md 6 and per warning kind.
// read() puts the code of the broken rule on its Error (Error::rule); verify() and warnings() on
// each Diagnostic. A code never changes meaning.
namespace codes {
// errors: the rules of docs/formats/nres.md 6
inline constexpr const char* kHeaderSize = "nres.header.size";                // file shorter than the header
inline constexpr const char* kHeaderMagic = "nres.header.magic";              // not "NRes"
inline constexpr const char* kHeaderVersion = "nres.header.version";          // version != 0x100
inline constexpr const char* kHeaderEntryCount = "nres.header.entry_count";   // entry_count < 0
inline constexpr const char* kHeaderTotalSize = "nres.header.total_size";     // total_size != file length
inline constexpr const char* kDirectoryBounds = "nres.directory.bounds";      // 64*n overflows or the directory
                                                                              // starts before offset 16
inline constexpr const char* kNameUnterminated = "nres.name.unterminated";    // no NUL in the 36-byte field
inline constexpr const char* kNameEmpty = "nres.name.empty";                  // the name is empty
inline constexpr const char* kPayloadBounds = "nres.payload.bounds";          // outside [16, directory_offset)
inline constexpr const char* kPayloadOverlap = "nres.payload.overlap";        // two active ranges overlap
inline constexpr const char* kSortTableRange = "nres.sort_table.range";       // sort_index >= n
inline constexpr const char* kSortTableDuplicate = "nres.sort_table.duplicate";  // a value twice
inline constexpr const char* kSortTableOrder = "nres.sort_table.order";       // not sorted by the rule of 4
// warnings: reported, never rejected
inline constexpr const char* kPayloadAlignment = "nres.payload.alignment";    // offset not a multiple of 8
inline constexpr const char* kDirectoryAlignment = "nres.directory.alignment";  // directory offset likewise
inline constexpr const char* kGapNonzero = "nres.gap.nonzero";                // padding/unindexed bytes not zero
inline constexpr const char* kSortTableUpperFold = "nres.sort_table.upper_fold";  // sorted with the other fold
inline constexpr const char* kSortTableUnusable = "nres.sort_table.unusable";  // compatible: linear lookups
// authoring (make_entry and the editors refuse; docs/formats/nres.md 7 authoring rules)
inline constexpr const char* kNameLength = "nres.name.length";                // more than 35 bytes
inline constexpr const char* kNameNul = "nres.name.nul";                      // a NUL byte inside the name
// folder form (archive pack): a file of the folder that the manifest does not name (warning)
inline constexpr const char* kFolderUnlisted = "nres.folder.unlisted";
// note: more findings of one rule than are listed (kMaxFindingsPerRule)
inline constexpr const char* kFindingsTruncated = "nres.findings.truncated";
}  // namespace codes

// verify() and warnings() list at most kMaxFindingsPerRule findings of one rule (core's finding
// sink), then one note (codes::kFindingsTruncated) saying how many more there were: a hostile
// directory of 10^6 broken rows gives a bounded report, not 10^6 lines.
using parkan::kMaxFindingsPerRule;

// Parses and validates. Strict fails on the first violation of docs/formats/nres.md 6; compatible accepts an
// unusable sort table. Errors carry the rule's code (codes::...) and the offset of the field that
// broke the rule.
Result<Archive> read(ByteView bytes, Profile profile = Profile::strict);

// Every violation of the profile's rules, rule by rule, as errors (empty when the archive is valid).
// Structural errors that prevent reading the directory end the list. The first one is the error
// read() gives. Locations name the entry ("#3 NAME.0") and the offset; the caller adds the file.
std::vector<Diagnostic> verify(ByteView bytes, Profile profile = Profile::strict);

// The strict validator's non-rejecting reports (docs/formats/nres.md 6) for an archive that was read, as
// warnings: payloads not on an 8-byte boundary, a directory offset not a multiple of 8, gaps
// (padding or unindexed regions) holding non-zero bytes, and a sort table the engine cannot
// binary-search with its own compare (only possible after a compatible read).
std::vector<Diagnostic> warnings(const Archive& archive);

// verify() and, when it found no error, warnings(): the whole report of `archive verify`, reading
// the directory once. `entry_count` receives the number of entries when the directory was read.
std::vector<Diagnostic> check(ByteView bytes, Profile profile, std::size_t* entry_count = nullptr);

// The engine's name compare, MSVC _strcmpi: A..Z folded to a..z, unsigned bytes, prefix first.
int compare_names(std::string_view a, std::string_view b);

// Finds an entry by name the way the engine does (ASCII case-insensitive; binary search over the
// sort table, or a linear scan when the table is unusable). Returns the directory index.
std::optional<std::size_t> find(const Archive& archive, std::string_view name);

// The printable FourCC of a type id ("Texm"), or its decimal number when not all four are printable.
std::string type_name(std::uint32_t type_id);

}  // namespace parkan::nres
