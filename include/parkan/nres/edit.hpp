#pragma once
// The lossless NRes model and editor (docs/formats/nres.md 7, "Lossless editor"): an archive seen as its
// directory plus the data region in file order. Writing an unmodified document gives back the
// input byte for byte (gaps, non-zero padding, unindexed regions, name bytes after the NUL,
// attrs). Edits change only what they touch; the writer recomputes the derived fields: sizes,
// offsets, count, total_size, canonical padding, and the sort table when names changed.
#include <cstddef>
#include <limits>
#include <string_view>
#include <vector>

#include "parkan/nres/archive.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::nres {

// One piece of the data region [16, directory_offset), in file order.
struct Chunk {
  static constexpr std::size_t kFiller = std::numeric_limits<std::size_t>::max();
  std::size_t entry = kFiller;  // directory index of the payload, or kFiller for gap/unindexed bytes
  ByteView bytes;               // the payload or filler bytes (views: keep their owner alive)
  bool padded = false;          // followed by canonical zero padding to the next multiple of 8
  bool align_start = false;     // zeros before it up to a multiple of 8 (payloads read at an aligned
                                // offset, and added ones: edits never misalign them)
};

// An empty payload whose offset lies strictly inside another payload (only crafted files do
// this): it keeps its distance from the start of its host.
struct EmbeddedEntry {
  std::size_t entry = 0;
  std::size_t host = 0;        // directory index of the payload that contains its offset
  std::uint32_t delta = 0;     // data_offset - host's data_offset (clamped to the host's size)
};

struct Document {
  std::vector<Entry> entries;          // directory order; size/data_offset are derived on write
  std::vector<Chunk> chunks;           // the data region in file order
  std::vector<EmbeddedEntry> embedded;
  bool rebuild_sort_table = false;     // set by edits that change names or the entry count
};

// The lossless model of a parsed archive (views into archive.bytes).
Document make_document(const Archive& archive);
// The same, taking over the archive's directory instead of copying it (a million entries are 64 MB):
// the archive is left without entries; its bytes must outlive the document.
Document make_document(Archive&& archive);

// Writes the document: header, chunks (with derived padding), directory with derived size and
// data_offset, sort table kept as stored or rebuilt with the engine's compare. Fails only when
// the result would not fit the format's 32-bit sizes.
Result<ByteBuffer> write_lossless(const Document& document);
// The same bytes streamed to `out` (an AtomicFile), one row at a time: nothing the size of the
// archive is built in memory.
Status write_lossless(const Document& document, const ByteSink& out);

// Edits of a document. Payload views must outlive the document's use.
Status replace_payload(Document& document, std::size_t index, ByteView payload);
// Appends a new entry to the directory and its payload (8-aligned, padded) to the end of the data region.
Status add_entry(Document& document, const EntrySpec& spec);
Status remove_entry(Document& document, std::size_t index);
// The name field becomes the new name, zero-filled (docs/formats/nres.md 7 authoring rules).
Status rename_entry(Document& document, std::size_t index, std::string_view name);

// One-call forms over a parsed archive: the whole new archive, everything else byte for byte.
Result<ByteBuffer> replace_payload(const Archive& archive, std::size_t index, ByteView payload);
Result<ByteBuffer> add_entry(const Archive& archive, const EntrySpec& spec);
Result<ByteBuffer> remove_entry(const Archive& archive, std::size_t index);
Result<ByteBuffer> rename_entry(const Archive& archive, std::size_t index, std::string_view name);

}  // namespace parkan::nres
