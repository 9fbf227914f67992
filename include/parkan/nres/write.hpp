#pragma once
// NRes writers (docs/formats/nres.md 7).
#include <functional>
#include <span>
#include <string>

#include "parkan/nres/archive.hpp"

namespace parkan::nres {

// A new entry for authoring: the name is at most 35 bytes without NUL; the field is zero-filled.
struct EntrySpec {
  std::uint32_t type_id = 0;
  std::uint32_t attr1 = 0;
  std::uint32_t attr2 = 0;
  std::uint32_t attr3 = 0;
  std::string name;
  ByteView payload;
};

// The directory row of a new entry (size and offsets are filled by the writer); checks the name.
Result<Entry> make_entry(const EntrySpec& spec);

// Where the streaming writers put an archive's bytes, in file order (an AtomicFile, a buffer). An
// error from it ends the writing with that error.
using ByteSink = std::function<Status(ByteView)>;

// Canonical layout: payloads in directory order from offset 16, each zero-padded to 8 bytes, the
// sort table rebuilt with the engine's compare, total_size = file length. Name fields, type ids and
// attrs are written as given.
ByteBuffer write_canonical(std::span<const Entry> entries, std::span<const ByteView> payloads);

// The canonical rebuild of a read archive (`archive repack`), streamed to `out`: nothing the size
// of the archive is held beyond the archive itself. Fails when the result would not fit the
// format's 32-bit sizes, or with the sink's error.
Status write_canonical(const Archive& archive, const ByteSink& out);

// Convenience for authoring: make_entry for each spec, then write_canonical.
Result<ByteBuffer> build(std::span<const EntrySpec> specs);

}  // namespace parkan::nres
