// The lossless model of an archive and its writer (nres.md 5 byte classes, 7 "Lossless editor").
#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "nres/order.hpp"
#include "nres/rows.hpp"
#include "parkan/nres/edit.hpp"

namespace parkan::nres {

namespace {

bool all_zero(ByteView bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

// Entries in data-region order: by offset; at one offset empty payloads first, then directory order.
std::vector<std::uint32_t> file_order(const std::vector<Entry>& entries) {
  std::vector<std::uint32_t> order(entries.size());
  std::iota(order.begin(), order.end(), 0u);
  auto before = [&](std::uint32_t a, std::uint32_t b) {
    const Entry& x = entries[a];
    const Entry& y = entries[b];
    if (x.data_offset != y.data_offset) return x.data_offset < y.data_offset;
    if ((x.size != 0) != (y.size != 0)) return x.size == 0;
    return a < b;
  };
  if (!std::is_sorted(order.begin(), order.end(), before)) std::sort(order.begin(), order.end(), before);
  return order;
}

// Splits the data region into payload chunks, recognised canonical padding and filler bytes.
class Splitter {
 public:
  Splitter(ByteView bytes, Document& document) : bytes_(bytes), doc_(document) {}

  // Bytes [pos_, to) before the next item: canonical padding of the previous payload, then filler.
  void gap_until(std::size_t to) {
    if (!doc_.chunks.empty() && doc_.chunks.back().entry != Chunk::kFiller && !doc_.chunks.back().bytes.empty()) {
      std::size_t pad = detail::padding_after(pos_);
      if (pad <= to - pos_ && all_zero(bytes_.subspan(pos_, pad))) {
        doc_.chunks.back().padded = true;
        pos_ += pad;
      }
    }
    if (to > pos_) doc_.chunks.push_back({Chunk::kFiller, bytes_.subspan(pos_, to - pos_)});
    pos_ = to;
  }

  void add(std::size_t index) {
    const Entry& e = doc_.entries[index];
    if (e.data_offset < pos_) {  // an empty payload strictly inside the last payload
      const Entry& host = doc_.entries[host_];
      doc_.embedded.push_back({index, host_, e.data_offset - host.data_offset});
      return;
    }
    gap_until(e.data_offset);
    Chunk chunk{index, bytes_.subspan(e.data_offset, e.size)};
    chunk.padded = e.size == 0 && pos_ % 8 == 0;  // an empty payload at an aligned offset needs no padding
    // An aligned payload stays aligned when an edit before it moves it (zeros inserted before it
    // are padding, a derived field); at its original place this adds nothing.
    chunk.align_start = pos_ % 8 == 0;
    doc_.chunks.push_back(chunk);
    if (e.size != 0) host_ = index;
    pos_ += e.size;
  }

 private:
  ByteView bytes_;
  Document& doc_;
  std::size_t pos_ = kHeaderSize;
  std::size_t host_ = 0;
};

}  // namespace

Document make_document(const Archive& archive) {
  Document document;
  document.entries = archive.entries;
  Splitter splitter(archive.bytes, document);
  for (std::uint32_t index : file_order(document.entries)) splitter.add(index);
  splitter.gap_until(archive.directory_offset());
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

Result<ByteBuffer> write_lossless(const Document& document) {
  PARKAN_ASSIGN(Placement placement, place(document));
  const std::size_t n = document.entries.size();
  ByteWriter out(static_cast<std::size_t>(placement.data_end + n * kEntrySize));
  out.zeros(kHeaderSize);
  for (const Chunk& chunk : document.chunks) {
    if (chunk.align_start) out.align(8);
    out.bytes(chunk.bytes);
    if (chunk.padded) out.align(8);
  }
  std::vector<Entry> rows = document.entries;
  for (std::size_t i = 0; i < n; ++i) {
    rows[i].data_offset = static_cast<std::uint32_t>(placement.offsets[i]);
    rows[i].size = static_cast<std::uint32_t>(placement.sizes[i]);
  }
  if (document.rebuild_sort_table) {
    std::vector<std::uint32_t> order = detail::build_sort_table(rows);
    for (std::size_t i = 0; i < n; ++i) rows[i].sort_index = order[i];
  }
  for (const Entry& e : rows) detail::put_entry(out, e);
  detail::put_header(out, kVersion, static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(out.size()));
  return out.take();
}

}  // namespace parkan::nres
