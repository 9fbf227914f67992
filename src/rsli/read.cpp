// RsLi reader and checker (docs/formats/rsli.md 2-5, 1-7-9): every rule with its own code and offset. read() stops at
// the first error; verify() reports every finding (bounded per rule), then unpacks every entry.
#include <algorithm>
#include <cstring>
#include <numeric>

#include <fmt/format.h>

#include "parkan/core/finding_sink.hpp"
#include "parkan/rsli/archive.hpp"
#include "parkan/rsli/codec.hpp"

namespace parkan::rsli {

std::int16_t Header::entry_count() const { return load_i16(raw.data() + 0x04); }
std::int16_t Header::entry_count_copy() const { return load_i16(raw.data() + 0x06); }
std::uint16_t Header::presorted_flag() const { return load_u16(raw.data() + 0x0E); }
std::uint32_t Header::total_unpacked_size() const { return load_u32(raw.data() + 0x10); }
std::uint32_t Header::xor_seed() const { return load_u32(raw.data() + 0x14); }

std::string_view Entry::name() const {
  const auto* chars = reinterpret_cast<const char*>(row.data());
  const void* nul = std::memchr(chars, 0, kNameSize);
  return {chars, nul ? static_cast<std::size_t>(static_cast<const char*>(nul) - chars) : kNameSize};
}
std::int16_t Entry::flags() const { return load_i16(row.data() + 0x10); }
std::int16_t Entry::sort_value() const { return load_i16(row.data() + 0x12); }
std::uint32_t Entry::unpacked_size() const { return load_u32(row.data() + 0x14); }
std::uint32_t Entry::data_offset() const { return load_u32(row.data() + 0x18); }
std::uint32_t Entry::packed_size() const { return load_u32(row.data() + 0x1C); }

namespace {

constexpr std::size_t read_row_offset(std::size_t index) { return kHeaderSize + index * kEntrySize; }

std::string read_entry_label(const Entry& entry, std::size_t index) {
  return entry.name().empty() ? fmt::format("#{}", index) : std::string(entry.name());
}

// The findings, in the finding sink. In first-only mode (read()) only the first error is kept; the
// checks still run in the same order, so read()'s error is verify()'s first finding. A hostile table
// of 32767 broken rows gives kMaxFindingsPerRule lines per rule, then one note.
struct ReadFindings {
  FindingSink sink;

  void add(const char* code, std::string message, std::uint64_t offset, std::string entry = {},
           Severity severity = Severity::error) {
    sink.add(severity, code, offset, std::move(message), std::move(entry));
  }
};

// The engine's sort (docs/formats/rsli.md 5): bubble sort of the indices by strcmp of the names. Bubble sort is
// stable, so a stable sort with the same byte-order comparison gives the same permutation in
// O(n log n). std::string_view compares as unsigned bytes, a shorter prefix first, as strcmp does.
std::vector<std::uint16_t> read_engine_order(const std::vector<Entry>& entries) {
  std::vector<std::uint16_t> order(entries.size());
  std::iota(order.begin(), order.end(), std::uint16_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint16_t a, std::uint16_t b) { return entries[a].name() < entries[b].name(); });
  return order;
}

// Header, table and AO trailer. False when the entries cannot be located at all.
bool read_structure(ByteView bytes, Archive& archive, ReadFindings& findings) {
  archive.bytes = bytes;
  if (bytes.size() < kHeaderSize) {
    findings.add(codes::kHeaderSize,
                 fmt::format("file too small for the RsLi header: {} bytes, need {}", bytes.size(), kHeaderSize), 0);
    return false;
  }
  std::copy_n(bytes.begin(), kHeaderSize, archive.header.raw.begin());
  if (bytes[0] != 'N' || bytes[1] != 'L') {
    findings.add(codes::kHeaderMagic, "bad magic: not an RsLi library (expected \"NL\")", 0);
    return false;
  }
  if (bytes[2] != 0) findings.add(codes::kHeaderReserved, fmt::format("reserved byte is 0x{:02x}, must be 0", bytes[2]), 2);
  if (bytes[3] != 1) findings.add(codes::kHeaderVersion, fmt::format("unsupported version {}, expected 1", bytes[3]), 3);
  const std::int16_t count = archive.header.entry_count();
  if (count < 0) {
    findings.add(codes::kHeaderEntryCount, fmt::format("entry count is negative ({})", count), 4);
    return false;
  }
  const std::uint64_t table_end = kHeaderSize + std::uint64_t(count) * kEntrySize;
  if (table_end > bytes.size()) {
    findings.add(codes::kTableBounds,
                 fmt::format("entry table of {} entries ends at 0x{:x}, past the end of the file ({} bytes)", count,
                             table_end, bytes.size()),
                 4);
    return false;
  }
  // The table is one XOR stream keyed by the low 16 bits of the seed (docs/formats/rsli.md 4).
  ByteBuffer table(bytes.begin() + kHeaderSize, bytes.begin() + static_cast<std::ptrdiff_t>(table_end));
  xor_transform(table, static_cast<std::uint16_t>(archive.header.xor_seed() & 0xFFFF));
  archive.entries.resize(static_cast<std::size_t>(count));
  for (std::size_t i = 0; i < archive.entries.size(); ++i)
    std::copy_n(table.begin() + static_cast<std::ptrdiff_t>(i * kEntrySize), kEntrySize, archive.entries[i].row.begin());
  // The trailer is looked for only after the table: bytes of the table are never a trailer.
  const std::size_t size = bytes.size();
  if (size >= table_end + kOverlayTrailerSize && bytes[size - 6] == 'A' && bytes[size - 5] == 'O') {
    const std::uint32_t overlay = load_u32(bytes.data() + size - 4);
    archive.overlay = overlay;
    if (overlay > size) {
      findings.add(codes::kOverlayRange,
                   fmt::format("AO overlay 0x{:x} lies past the end of the file ({} bytes)", overlay, size), size - 4);
      return false;
    }
  }
  return true;
}

// Every entry's range and method (docs/formats/rsli.md 6-8). usable[i]: the entry can be handed to unpack().
void read_check_entries(Archive& archive, Profile profile, ReadFindings& findings, std::vector<bool>& usable) {
  const std::uint64_t size = archive.bytes.size();
  const std::uint32_t overlay = archive.overlay.value_or(0);
  const bool strict = profile == Profile::strict;
  usable.assign(archive.entries.size(), true);
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    Entry& e = archive.entries[i];
    const std::size_t row = read_row_offset(i);
    const std::uint32_t packed = e.packed_size();
    // 32-bit arithmetic as in the engine: an overlay above the real offset wraps back.
    e.effective_offset = static_cast<std::uint32_t>(e.data_offset() + overlay);
    e.readable_size = packed;
    const std::optional<Method> method = e.method();
    if (!range_fits(e.effective_offset, packed, size)) {
      const bool quirk = method == Method::deflate && e.effective_offset <= size && e.effective_offset + packed == size + 1;
      if (quirk) {
        e.readable_size = packed - 1;
        if (strict)
          findings.add(codes::kEntryEofPlusOne,
                       fmt::format("deflate payload [0x{:x}, +{}) ends 1 byte past the end of the file ({} bytes): "
                                   "the sprites.lib quirk, read by compatible readers only",
                                   e.effective_offset, packed, size),
                       row + 0x1C, read_entry_label(e, i));
      } else {
        e.readable_size = 0;
        usable[i] = false;
        findings.add(codes::kEntryBounds,
                     fmt::format("payload [0x{:x}, +{}) lies outside the file ({} bytes)", e.effective_offset, packed,
                                 size),
                     row + 0x18, read_entry_label(e, i));
      }
    }
    if (!method) {
      usable[i] = false;
      // Strict read rejects what the engine rejects on load; a compatible read still opens the library
      // (every other entry is usable) and unpack() of this one fails with the same code.
      if (strict)
        findings.add(codes::kEntryMethod,
                     fmt::format("unknown storage method 0x{:03x} (flags 0x{:04x})",
                                 static_cast<std::uint16_t>(e.flags()) & kMethodMask,
                                 static_cast<std::uint16_t>(e.flags())),
                     row + 0x10, read_entry_label(e, i));
    } else if ((*method == Method::stored || *method == Method::xor_only) && packed != e.unpacked_size()) {
      // Compatible copies the first unpacked_size bytes (docs/formats/rsli.md 6.2), so only fewer is an error there.
      if (strict || packed < e.unpacked_size()) {
        usable[i] = false;
        findings.add(codes::kEntryStoredSize,
                     fmt::format("{} entry has packed_size {} but unpacked_size {}", method_name(*method), packed,
                                 e.unpacked_size()),
                     row + 0x1C, read_entry_label(e, i));
      }
    }
  }
}

// docs/formats/rsli.md 5: the presorted table as stored, or the engine's order. Every entry's key.
void read_sort_table(Archive& archive, Profile profile, ReadFindings& findings) {
  auto& entries = archive.entries;
  const std::size_t n = entries.size();
  if (archive.header.presorted()) {
    std::vector<bool> seen(n, false);
    std::string problem;
    std::size_t bad_row = 0;
    for (std::size_t i = 0; i < n && problem.empty(); ++i) {
      const std::int16_t value = entries[i].sort_value();
      if (value < 0 || static_cast<std::size_t>(value) >= n)
        problem = fmt::format("sort value {} is out of range (entry count {})", value, n);
      else if (seen[static_cast<std::size_t>(value)])
        problem = fmt::format("sort value {} appears twice: not a permutation", value);
      else
        seen[static_cast<std::size_t>(value)] = true;
      bad_row = i;
    }
    for (std::size_t i = 1; i < n && problem.empty(); ++i) {
      const Entry& before = entries[static_cast<std::size_t>(entries[i - 1].sort_value())];
      const Entry& after = entries[static_cast<std::size_t>(entries[i].sort_value())];
      if (after.name() < before.name()) {
        problem = fmt::format("sort table is not in name order (byte order): rows {} and {}", i - 1, i);
        bad_row = i;
      }
    }
    if (problem.empty()) {
      archive.sorted.resize(n);
      for (std::size_t i = 0; i < n; ++i) {
        archive.sorted[i] = static_cast<std::uint16_t>(entries[i].sort_value());
        entries[i].key = archive.sorted[i];
      }
      archive.table_rebuilt = false;
      return;
    }
    if (profile == Profile::strict)
      findings.add(codes::kSortTable, std::move(problem), read_row_offset(bad_row) + 0x12,
                   read_entry_label(entries[bad_row], bad_row));
  }
  // The engine overwrites row i's sort value with P[i]; that value is the payload XOR key (6.1).
  archive.sorted = read_engine_order(entries);
  for (std::size_t i = 0; i < n; ++i) entries[i].key = archive.sorted[i];
  archive.table_rebuilt = true;
}

bool read_run(ByteView bytes, Profile profile, Archive& archive, ReadFindings& findings, std::vector<bool>& usable) {
  if (!read_structure(bytes, archive, findings)) return false;
  read_check_entries(archive, profile, findings, usable);
  read_sort_table(archive, profile, findings);
  return true;
}

// docs/formats/rsli.md 2: the engine's loader refuses a library whose two counts differ, and retail
// libraries store the sum of the unpacked sizes at +0x10. parkan still opens such a file (the
// entries are located by +0x04 alone), so both are warnings of verify, never errors of read.
void read_check_header_totals(const Archive& archive, ReadFindings& findings) {
  const Header& header = archive.header;
  if (header.entry_count_copy() != header.entry_count())
    findings.add(codes::kHeaderCountCopy,
                 fmt::format("entry count copy at +0x06 is {}, entry_count is {}: the engine refuses to load it",
                             header.entry_count_copy(), header.entry_count()),
                 0x06, {}, Severity::warning);
  std::uint64_t total = 0;
  for (const Entry& e : archive.entries) total += e.unpacked_size();
  if (static_cast<std::uint32_t>(total) != header.total_unpacked_size())  // the u32 field holds the sum mod 2^32
    findings.add(codes::kHeaderTotalSize,
                 fmt::format("total unpacked size at +0x10 is {}, the entries' unpacked sizes add up to {}",
                             header.total_unpacked_size(), total),
                 0x10, {}, Severity::warning);
}

bool read_has_lower_case(std::string_view name) {
  return std::any_of(name.begin(), name.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

}  // namespace

Result<Archive> read(ByteView bytes, Profile profile) {
  Archive archive;
  ReadFindings findings{FindingSink(codes::kFindingsTruncated, FindingSink::Mode::first_only)};
  std::vector<bool> usable;
  read_run(bytes, profile, archive, findings, usable);
  if (auto found = findings.sink.take(); !found.empty()) {
    Diagnostic& d = found.front();
    Error error = invalid_rule(std::move(d.code), std::move(d.message), d.location.offset);
    error.entry = std::move(d.location.entry);
    return error;
  }
  return archive;
}

std::vector<Diagnostic> verify(ByteView bytes, Profile profile) {
  Archive archive;
  ReadFindings findings{FindingSink(codes::kFindingsTruncated)};
  std::vector<bool> usable;
  if (read_run(bytes, profile, archive, findings, usable)) {
    read_check_header_totals(archive, findings);
    for (std::size_t i = 0; i < archive.entries.size(); ++i) {
      const Entry& e = archive.entries[i];
      const std::size_t row = read_row_offset(i);
      if (read_has_lower_case(e.name()))
        findings.add(codes::kNameCase,
                     "name has lower-case letters: rsFind upper-cases queries, so the engine cannot find it", row,
                     read_entry_label(e, i), Severity::warning);
      if (!e.method()) {
        if (profile == Profile::compatible)  // strict reported it with the table
          findings.add(codes::kEntryMethod,
                       fmt::format("unknown storage method 0x{:03x}: the engine refuses to load it",
                                   static_cast<std::uint16_t>(e.flags()) & kMethodMask),
                       row + 0x10, read_entry_label(e, i));
        continue;
      }
      if (!usable[i]) continue;
      auto unpacked = unpack(archive, i);
      if (!unpacked.ok()) {
        const Error& error = unpacked.error();
        findings.add(codes::kEntryDecode,
                     fmt::format("payload does not unpack ({}): {}", error.rule.empty() ? "error" : error.rule,
                                 error.message),
                     e.effective_offset + error.offset.value_or(0), read_entry_label(e, i));
      } else if (unpacked->size() != e.unpacked_size()) {
        findings.add(codes::kEntryDecode,
                     fmt::format("payload unpacks to {} bytes, unpacked_size is {}", unpacked->size(), e.unpacked_size()),
                     e.effective_offset, read_entry_label(e, i));
      }
    }
  }
  return findings.sink.take();
}

}  // namespace parkan::rsli
