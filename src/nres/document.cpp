// The lossless model of an archive and its writer (docs/formats/nres.md 5 byte classes, 7 "Lossless editor").
#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "nres/emit.hpp"
#include "nres/layout.hpp"
#include "nres/order.hpp"
#include "nres/rows.hpp"
#include "parkan/nres/edit.hpp"

namespace parkan::nres {

namespace {

// Collects the walk of the data region into the document.
struct DocumentSink {
  Document& document;
  void chunk(const Chunk& chunk, std::size_t) { document.chunks.push_back(chunk); }
  void embedded(const EmbeddedEntry& entry) { document.embedded.push_back(entry); }
};

void split_into(Document& document, ByteView bytes, std::size_t directory_offset) {
  document.chunks.reserve(document.entries.size() + 16);  // a payload each, a few gaps, room for an added one
  DocumentSink sink{document};
  detail::split_data_region(bytes, document.entries, directory_offset, sink);
}

}  // namespace

Document make_document(const Archive& archive) {
  Document document;
  document.entries = archive.entries;
  split_into(document, archive.bytes, archive.directory_offset());
  return document;
}

Document make_document(Archive&& archive) {
  Document document;
  const std::size_t directory_offset = archive.directory_offset();
  document.entries = std::move(archive.entries);
  archive.name_keys = {};
  split_into(document, archive.bytes, directory_offset);
  return document;
}

namespace {

constexpr std::uint64_t kUnset = ~std::uint64_t(0);
constexpr std::uint64_t align8(std::uint64_t at) { return (at + 7) & ~std::uint64_t(7); }

// Where every chunk and entry goes (u64 arithmetic, so that an oversized result is detected).
struct Placement {
  std::vector<std::uint64_t> offsets, sizes;
  std::uint64_t data_end = kHeaderSize;
};

Result<Placement> place(const Document& document) {
  const std::size_t n = document.entries.size();
  Placement p{std::vector<std::uint64_t>(n, kUnset), std::vector<std::uint64_t>(n, 0)};
  std::uint64_t at = kHeaderSize;
  for (const Chunk& chunk : document.chunks) {
    if (chunk.align_start) at = align8(at);
    if (chunk.entry != Chunk::kFiller) {
      if (chunk.entry >= n)
        return invalid(fmt::format("the data layout names entry #{}, but there are {} entries", chunk.entry, n));
      if (p.offsets[chunk.entry] != kUnset)
        return invalid(fmt::format("the data layout places entry #{} twice", chunk.entry));
      p.offsets[chunk.entry] = at;
      p.sizes[chunk.entry] = chunk.bytes.size();
    }
    at += chunk.bytes.size();
    if (chunk.padded) at = align8(at);
  }
  for (const EmbeddedEntry& e : document.embedded) {
    if (e.entry >= n || e.host >= n || p.offsets[e.host] == kUnset || p.offsets[e.entry] != kUnset)
      return invalid(fmt::format("the data layout places empty entry #{} inside entry #{}, which has no payload",
                                 e.entry, e.host));
    p.offsets[e.entry] = p.offsets[e.host] + std::min<std::uint64_t>(e.delta, p.sizes[e.host]);
  }
  for (std::size_t i = 0; i < n; ++i)
    if (p.offsets[i] == kUnset) return invalid(fmt::format("entry #{} has no place in the data layout", i));
  p.data_end = at;
  const std::uint64_t file_size = at + std::uint64_t(n) * kEntrySize;
  if (file_size > 0xFFFFFFFFu) return invalid(fmt::format("the archive would exceed 4 GiB ({} bytes)", file_size));
  return p;
}

}  // namespace

namespace {

// Header, chunks (with derived padding), then the directory with derived size and data_offset,
// one row at a time (no copy of the directory).
Status emit_lossless(const Document& document, const Placement& placement, const ByteSink& sink) {
  const std::size_t n = document.entries.size();
  detail::Emitter out(sink);
  out.header(kVersion, static_cast<std::uint32_t>(n),
             static_cast<std::uint32_t>(placement.data_end + std::uint64_t(n) * kEntrySize));
  for (const Chunk& chunk : document.chunks) {
    if (!out.ok()) break;
    if (chunk.align_start) out.align8();
    out.bytes(chunk.bytes);
    if (chunk.padded) out.align8();
  }
  std::vector<std::uint32_t> order;
  if (document.rebuild_sort_table) order = detail::build_sort_table(document.entries);
  for (std::size_t i = 0; i < n && out.ok(); ++i) {
    Entry row = document.entries[i];
    row.data_offset = static_cast<std::uint32_t>(placement.offsets[i]);
    row.size = static_cast<std::uint32_t>(placement.sizes[i]);
    if (document.rebuild_sort_table) {
      // build_sort_table compares names only, so the derived fields do not change the order.
      row.sort_index = order[i];
    }
    out.row(row);
  }
  return out.finish();
}

}  // namespace

Result<ByteBuffer> write_lossless(const Document& document) {
  PARKAN_ASSIGN(Placement placement, place(document));
  ByteBuffer bytes;
  bytes.reserve(static_cast<std::size_t>(placement.data_end + document.entries.size() * kEntrySize));
  PARKAN_TRY(emit_lossless(document, placement, detail::append_to(bytes)));
  return bytes;
}

Status write_lossless(const Document& document, const ByteSink& out) {
  PARKAN_ASSIGN(Placement placement, place(document));
  return emit_lossless(document, placement, out);
}

}  // namespace parkan::nres
