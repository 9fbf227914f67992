// Reports that do not reject an archive (docs/formats/nres.md 5 and 6): misalignment, non-zero gaps, and a
// sort table the engine's binary search cannot use.
#include <algorithm>

#include <fmt/format.h>

#include "parkan/core/finding_sink.hpp"
#include "nres/layout.hpp"
#include "nres/rows.hpp"

namespace parkan::nres {

namespace {

// Warnings in the finding sink (at most kMaxFindingsPerRule of one kind, then one note).
struct Warnings {
  FindingSink sink{codes::kFindingsTruncated};

  void add(const char* code, std::string message, std::uint64_t offset, std::string entry = {}) {
    sink.add(Severity::warning, code, offset, std::move(message), std::move(entry));
  }
};

// The gaps are the filler chunks of the lossless model; recognised padding is zero by definition.
struct GapSink {
  Warnings& out;
  void chunk(const Chunk& chunk, std::size_t at) {
    if (chunk.entry != Chunk::kFiller) return;
    auto first = std::find_if(chunk.bytes.begin(), chunk.bytes.end(), [](std::uint8_t b) { return b != 0; });
    if (first == chunk.bytes.end()) return;
    auto nonzero = std::count_if(first, chunk.bytes.end(), [](std::uint8_t b) { return b != 0; });
    out.add(codes::kGapNonzero,
            fmt::format("gap [0x{:x}, 0x{:x}) holds {} non-zero bytes (unindexed data or padding)", at,
                        at + chunk.bytes.size(), nonzero),
            at + static_cast<std::size_t>(first - chunk.bytes.begin()));
  }
  void embedded(const EmbeddedEntry&) {}
};

}  // namespace

std::vector<Diagnostic> warnings(const Archive& archive) {
  Warnings out;
  const std::size_t directory_offset = archive.directory_offset();
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    const Entry& e = archive.entries[i];
    if (e.data_offset % 8 != 0)
      out.add(codes::kPayloadAlignment, fmt::format("payload offset 0x{:x} is not a multiple of 8", e.data_offset),
              directory_offset + i * kEntrySize + 0x38, detail::entry_label(i, e));
  }
  if (directory_offset % 8 != 0)
    out.add(codes::kDirectoryAlignment,
            fmt::format("directory offset 0x{:x} is not a multiple of 8", directory_offset), 12);

  GapSink gaps{out};
  detail::split_data_region(archive.bytes, archive.entries, directory_offset, gaps);

  if (archive.name_order == NameOrder::upper_fold)
    out.add(codes::kSortTableUpperFold,
            "sort table is ordered with an upper-case fold, not the engine's _strcmpi; "
            "the engine's binary search may miss names with [ \\ ] ^ _ or `",
            directory_offset + 0x3C);
  else if (archive.name_order == NameOrder::unusable && !archive.entries.empty())
    out.add(codes::kSortTableUnusable, "sort table is not a sorted permutation; lookups scan the directory linearly",
            directory_offset + 0x3C);
  return out.sink.take();
}

}  // namespace parkan::nres
