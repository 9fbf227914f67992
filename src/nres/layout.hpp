#pragma once
// The data region of a read archive in file order (docs/formats/nres.md 5 byte classes), walked once by every
// user of the lossless model: the Document (edits), the folder manifest (extract) and the gap
// warnings. One walk, so that the three never disagree on where a gap or a padding is; streamed to
// a sink, so that nothing the size of the directory is copied to walk it.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "nres/rows.hpp"
#include "parkan/nres/edit.hpp"

namespace parkan::nres::detail {

inline bool all_zero(ByteView bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

// Entries in data-region order: by offset; at one offset empty payloads first, then directory order.
inline std::vector<std::uint32_t> file_order(const std::vector<Entry>& entries) {
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

// Splits the data region into payload chunks, recognised canonical padding and filler bytes, and
// hands each piece to the sink once it is complete:
//   sink.chunk(const Chunk& chunk, std::size_t offset)   offset: where the chunk starts in the file
//   sink.embedded(const EmbeddedEntry& entry)
// A chunk is complete when the next piece starts (only then is its trailing padding known).
template <class Sink>
class Splitter {
 public:
  Splitter(ByteView bytes, const std::vector<Entry>& entries, Sink& sink)
      : bytes_(bytes), entries_(entries), sink_(sink) {}

  void add(std::size_t index) {
    const Entry& e = entries_[index];
    if (e.data_offset < pos_) {  // an empty payload strictly inside the last payload
      const Entry& host = entries_[host_];
      sink_.embedded(EmbeddedEntry{index, host_, e.data_offset - host.data_offset});
      return;
    }
    gap_until(e.data_offset);
    Chunk chunk{index, bytes_.subspan(e.data_offset, e.size)};
    chunk.padded = e.size == 0 && pos_ % 8 == 0;  // an empty payload at an aligned offset needs no padding
    // An aligned payload stays aligned when an edit before it moves it (zeros inserted before it
    // are padding, a derived field); at its original place this adds nothing.
    chunk.align_start = pos_ % 8 == 0;
    push(chunk, pos_);
    if (e.size != 0) host_ = index;
    pos_ += e.size;
  }

  // The rest of the region up to the directory; then every piece has been handed out.
  void finish(std::size_t directory_offset) {
    gap_until(directory_offset);
    if (has_last_) sink_.chunk(last_, last_offset_);
    has_last_ = false;
  }

 private:
  // Bytes [pos_, to) before the next item: canonical padding of the previous payload, then filler.
  void gap_until(std::size_t to) {
    if (has_last_ && last_.entry != Chunk::kFiller && !last_.bytes.empty()) {
      std::size_t pad = padding_after(pos_);
      if (pad <= to - pos_ && all_zero(bytes_.subspan(pos_, pad))) {
        last_.padded = true;
        pos_ += pad;
      }
    }
    if (to > pos_) push(Chunk{Chunk::kFiller, bytes_.subspan(pos_, to - pos_)}, pos_);
    pos_ = to;
  }

  void push(const Chunk& chunk, std::size_t offset) {
    if (has_last_) sink_.chunk(last_, last_offset_);
    last_ = chunk;
    last_offset_ = offset;
    has_last_ = true;
  }

  ByteView bytes_;
  const std::vector<Entry>& entries_;
  Sink& sink_;
  std::size_t pos_ = kHeaderSize;
  std::size_t host_ = 0;
  Chunk last_;  // the piece whose trailing padding is not known yet, when has_last_
  std::size_t last_offset_ = 0;
  bool has_last_ = false;
};

// Walks the data region of `entries` (a read archive's directory) over `bytes`.
template <class Sink>
void split_data_region(ByteView bytes, const std::vector<Entry>& entries, std::size_t directory_offset, Sink& sink) {
  Splitter<Sink> splitter(bytes, entries, sink);
  for (std::uint32_t index : file_order(entries)) splitter.add(index);
  splitter.finish(directory_offset);
}

}  // namespace parkan::nres::detail
