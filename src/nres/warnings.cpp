// Reports that do not reject an archive (nres.md 5 and 6): misalignment, non-zero gaps, and a
// sort table the engine's binary search cannot use.
#include <algorithm>

#include <fmt/format.h>

#include "nres/rows.hpp"
#include "parkan/nres/edit.hpp"

namespace parkan::nres {

namespace {

Error warning(std::string message, std::uint64_t offset, std::string entry = {}) {
  Error e = invalid(std::move(message), offset);
  e.entry = std::move(entry);
  return e;
}

}  // namespace

std::vector<Error> warnings(const Archive& archive) {
  std::vector<Error> out;
  const std::size_t directory_offset = archive.directory_offset();
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    const Entry& e = archive.entries[i];
    if (e.data_offset % 8 != 0)
      out.push_back(warning(fmt::format("payload offset 0x{:x} is not a multiple of 8", e.data_offset),
                            directory_offset + i * kEntrySize + 0x38, detail::entry_label(i, e)));
  }
  if (directory_offset % 8 != 0)
    out.push_back(warning(fmt::format("directory offset 0x{:x} is not a multiple of 8", directory_offset), 12));

  // The gaps are the filler chunks of the lossless model; recognised padding is zero by definition.
  Document document = make_document(archive);
  std::size_t at = kHeaderSize;
  for (const Chunk& chunk : document.chunks) {
    if (chunk.entry == Chunk::kFiller) {
      auto nonzero = std::count_if(chunk.bytes.begin(), chunk.bytes.end(), [](std::uint8_t b) { return b != 0; });
      if (nonzero != 0) {
        auto first = std::find_if(chunk.bytes.begin(), chunk.bytes.end(), [](std::uint8_t b) { return b != 0; });
        out.push_back(warning(fmt::format("gap [0x{:x}, 0x{:x}) holds {} non-zero bytes (unindexed data or padding)",
                                          at, at + chunk.bytes.size(), nonzero),
                              at + static_cast<std::size_t>(first - chunk.bytes.begin())));
      }
    }
    at += chunk.bytes.size();
    if (chunk.padded) at += (8 - at % 8) % 8;
  }

  if (archive.name_order == NameOrder::upper_fold)
    out.push_back(warning("sort table is ordered with an upper-case fold, not the engine's _strcmpi; "
                          "the engine's binary search may miss names with [ \\ ] ^ _ or `",
                          directory_offset + 0x3C));
  else if (archive.name_order == NameOrder::unusable && !archive.entries.empty())
    out.push_back(warning("sort table is not a sorted permutation; lookups scan the directory linearly",
                          directory_offset + 0x3C));
  return out;
}

}  // namespace parkan::nres
