// rsFind (docs/formats/rsli.md 5): the engine's lookup, query handling included.
#include <cstring>

#include "parkan/rsli/archive.hpp"

namespace parkan::rsli {

std::optional<std::size_t> find(const Archive& archive, std::string_view name) {
  // The engine copies the query into 16 bytes, forces a NUL at index 15 and runs _strupr (ASCII only).
  char query_buffer[kQueryLimit + 1] = {};
  std::size_t length = 0;
  while (length < kQueryLimit && length < name.size() && name[length] != '\0') {
    char c = name[length];
    query_buffer[length++] = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  }
  const std::string_view query(query_buffer, length);
  const auto& entries = archive.entries;

  // Binary search over the sort table, comparing with the name of row sorted[mid] (strcmp order).
  // A table that names a row out of range (a hand-made Archive) ends the search: the scan follows.
  std::ptrdiff_t low = 0;
  std::ptrdiff_t high = static_cast<std::ptrdiff_t>(archive.sorted.size()) - 1;
  while (low <= high) {
    const std::ptrdiff_t mid = low + (high - low) / 2;
    const std::size_t row = archive.sorted[static_cast<std::size_t>(mid)];
    if (row >= entries.size()) break;
    const int order = query.compare(entries[row].name());
    if (order == 0) return row;
    if (order < 0)
      high = mid - 1;
    else
      low = mid + 1;
  }
  // Not found by the search: the engine scans every row.
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (entries[i].name() == query) return i;
  return std::nullopt;
}

}  // namespace parkan::rsli
