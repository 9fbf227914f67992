// NRes reader: every rule of docs/formats/nres.md 6, each with its own message and offset.
#include <algorithm>
#include <cstring>
#include <numeric>

#include <fmt/format.h>

#include "parkan/core/finding_sink.hpp"
#include "parkan/nres/archive.hpp"
#include "nres/order.hpp"
#include "nres/rows.hpp"

namespace parkan::nres {

std::string_view Entry::name() const {
  const auto* chars = reinterpret_cast<const char*>(name_field.data());
  const void* nul = std::memchr(chars, 0, name_field.size());
  std::size_t length = nul ? static_cast<const char*>(nul) - chars : name_field.size();
  return {chars, length};
}

namespace {

using detail::entry_label;

// The violations (errors) of the rules, in the finding sink: first-only for read() (the first one
// ends the reading), all (capped per rule) for verify().
struct Violations {
  FindingSink sink;

  bool stop() const { return sink.stopped(); }
  void add(const char* code, std::string message, std::uint64_t offset, std::string entry = {}) {
    sink.add(Severity::error, code, offset, std::move(message), std::move(entry));
  }
};

// Reads the header and directory, checking the structural rules. Returns false when the
// directory cannot be read at all.
bool read_structure(ByteView bytes, Archive& archive, Violations& v) {
  if (bytes.size() < kHeaderSize) {
    v.add(codes::kHeaderSize,
          fmt::format("file too small for the NRes header: {} bytes, need {}", bytes.size(), kHeaderSize), 0);
    return false;
  }
  if (load_u32(bytes.data()) != kMagic) {
    v.add(codes::kHeaderMagic, "bad magic: not an NRes archive", 0);
    return false;
  }
  archive.version = load_u32(bytes.data() + 4);
  if (archive.version != kVersion) {
    v.add(codes::kHeaderVersion, fmt::format("unsupported version 0x{:x}, expected 0x100", archive.version), 4);
    return false;
  }
  std::int32_t count = load_i32(bytes.data() + 8);
  if (count < 0) {
    v.add(codes::kHeaderEntryCount, fmt::format("entry count is negative ({})", count), 8);
    return false;
  }
  archive.total_size = load_u32(bytes.data() + 12);
  if (archive.total_size != bytes.size()) {
    v.add(codes::kHeaderTotalSize,
          fmt::format("total_size {} does not match the file length {}", archive.total_size, bytes.size()), 12);
    return false;
  }
  std::uint64_t directory_bytes = std::uint64_t(count) * kEntrySize;
  if (directory_bytes > archive.total_size || archive.total_size - directory_bytes < kHeaderSize) {
    v.add(codes::kDirectoryBounds,
          fmt::format("directory of {} entries ({} bytes) does not fit after the header in {} bytes", count,
                      directory_bytes, archive.total_size),
          8);
    return false;
  }
  std::size_t directory_offset = archive.total_size - directory_bytes;
  // Room for one more row: an editor that adds an entry (make_document(Archive&&), add_entry) then
  // does not copy a directory of a million rows to grow it.
  archive.entries.reserve(static_cast<std::size_t>(count) + 1);
  archive.entries.resize(static_cast<std::size_t>(count));
  for (std::size_t i = 0; i < archive.entries.size(); ++i)
    archive.entries[i] = detail::decode_entry(bytes.data() + directory_offset + i * kEntrySize);
  return true;
}

bool in_data_region(const Entry& e, std::size_t directory_offset) {
  return e.data_offset >= kHeaderSize && range_fits(e.data_offset, e.size, directory_offset);
}

void check_entries(const Archive& archive, Violations& v) {
  const std::size_t directory_offset = archive.directory_offset();
  for (std::size_t i = 0; i < archive.entries.size() && !v.stop(); ++i) {
    const Entry& e = archive.entries[i];
    const std::size_t row = directory_offset + i * kEntrySize;
    if (std::memchr(e.name_field.data(), 0, kNameFieldSize) == nullptr)
      v.add(codes::kNameUnterminated, "name has no NUL within its 36 bytes", row + 0x14, entry_label(i, e));
    else if (e.name_field[0] == 0)
      v.add(codes::kNameEmpty, "name is empty", row + 0x14, entry_label(i, e));
    if (v.stop()) return;
    if (!in_data_region(e, directory_offset))
      v.add(codes::kPayloadBounds,
            fmt::format("payload [0x{:x}, +{}) lies outside the data region [0x10, 0x{:x})", e.data_offset, e.size,
                        directory_offset),
            row + 0x38, entry_label(i, e));
  }
}

// Active ranges must not overlap. Canonical archives are in offset order, so only sort when needed.
void check_overlaps(const Archive& archive, Violations& v) {
  const auto& entries = archive.entries;
  std::vector<std::uint32_t> order;
  bool monotonic = true;
  for (std::size_t i = 1; i < entries.size() && monotonic; ++i)
    monotonic = entries[i - 1].data_offset <= entries[i].data_offset;
  if (!monotonic) {
    order.resize(entries.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return entries[a].data_offset < entries[b].data_offset; });
  }
  auto at = [&](std::size_t k) -> std::size_t { return monotonic ? k : order[k]; };
  std::uint64_t end = 0;
  std::size_t owner = 0;
  for (std::size_t k = 0; k < entries.size() && !v.stop(); ++k) {
    const Entry& e = entries[at(k)];
    if (e.size == 0) continue;  // an empty payload addresses no bytes
    if (!in_data_region(e, archive.directory_offset())) continue;  // reported by check_entries
    if (e.data_offset < end)
      v.add(codes::kPayloadOverlap,
            fmt::format("payload [0x{:x}, +{}) overlaps the payload of entry #{}", e.data_offset, e.size, owner),
            archive.directory_offset() + at(k) * kEntrySize + 0x38, entry_label(at(k), e));
    if (e.data_offset + std::uint64_t(e.size) > end) {
      end = e.data_offset + std::uint64_t(e.size);
      owner = at(k);
    }
  }
}

// The sort table: a permutation of 0..n-1, sorted by name with the engine's rule.
void check_sort_table(Archive& archive, Violations* strict) {
  const auto& entries = archive.entries;
  const std::size_t n = entries.size();
  const std::size_t directory_offset = archive.directory_offset();
  std::vector<bool> seen(n, false);
  bool permutation = true;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t j = entries[i].sort_index;
    std::size_t at = directory_offset + i * kEntrySize + 0x3C;
    if (j >= n) {
      permutation = false;
      if (strict)
        strict->add(codes::kSortTableRange, fmt::format("sort_index {} is out of range (entry count {})", j, n), at,
                    entry_label(i, entries[i]));
    } else if (seen[j]) {
      permutation = false;
      if (strict)
        strict->add(codes::kSortTableDuplicate, fmt::format("sort_index {} appears twice: not a permutation", j), at,
                    entry_label(i, entries[i]));
    } else {
      seen[j] = true;
    }
    if (strict && strict->stop()) return;
  }
  if (!permutation) {
    archive.name_order = NameOrder::unusable;
    archive.name_keys.clear();
    return;
  }
  archive.name_order = detail::stored_name_order(entries, archive.name_keys);
  if (strict && archive.name_order != NameOrder::lower_fold) {
    std::size_t row = detail::first_unsorted_row(entries);
    strict->add(codes::kSortTableOrder,
                fmt::format("sort table is not in name order (engine _strcmpi): rows {} and {}", row, row + 1),
                directory_offset + (row + 1) * kEntrySize + 0x3C, entry_label(row + 1, entries[row + 1]));
  }
}

void run_checks(ByteView bytes, Profile profile, Archive& archive, Violations& v) {
  archive.bytes = bytes;
  if (!read_structure(bytes, archive, v)) return;
  check_entries(archive, v);
  if (v.stop()) return;
  check_overlaps(archive, v);
  if (v.stop()) return;
  check_sort_table(archive, profile == Profile::strict ? &v : nullptr);
}

}  // namespace

Result<Archive> read(ByteView bytes, Profile profile) {
  Archive archive;
  Violations v{FindingSink(codes::kFindingsTruncated, FindingSink::Mode::first_only)};
  run_checks(bytes, profile, archive, v);
  if (auto found = v.sink.take(); !found.empty()) {
    Diagnostic& d = found.front();
    Error error = invalid_rule(std::move(d.code), std::move(d.message), d.location.offset);
    error.entry = std::move(d.location.entry);
    return error;
  }
  return archive;
}

std::vector<Diagnostic> verify(ByteView bytes, Profile profile) {
  Archive archive;
  Violations v{FindingSink(codes::kFindingsTruncated)};
  run_checks(bytes, profile, archive, v);
  return v.sink.take();
}

std::vector<Diagnostic> check(ByteView bytes, Profile profile, std::size_t* entry_count) {
  Archive archive;
  Violations v{FindingSink(codes::kFindingsTruncated)};
  run_checks(bytes, profile, archive, v);
  if (entry_count) *entry_count = archive.entries.size();
  if (auto found = v.sink.take(); has_errors(found)) return found;
  return warnings(archive);
}

std::string type_name(std::uint32_t type_id) {
  std::string text(4, ' ');
  for (int i = 0; i < 4; ++i) {
    auto c = static_cast<unsigned char>(type_id >> (8 * i));
    if (c < 0x20 || c > 0x7E) return std::to_string(type_id);
    text[i] = static_cast<char>(c);
  }
  return text;
}

}  // namespace parkan::nres
