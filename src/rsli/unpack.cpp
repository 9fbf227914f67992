// Unpacking one entry (docs/formats/rsli.md 6): XOR with the entry's key, then the method's decoder; exactly
// unpacked_size bytes.
#include <fmt/format.h>

#include "parkan/rsli/archive.hpp"
#include "parkan/rsli/codec.hpp"

namespace parkan::rsli {

namespace {

// The most a stream of `packed` bytes can expand to, per method: a larger unpacked_size means the
// stream must end early, reported without allocating unpacked_size bytes first (a 10-byte file may
// claim 4 GiB). LZSS: 8 references of 18 bytes per 17 input bytes. LZHUF: a literal costs at least 1
// bit, a match of 60 at least 10 bits. Deflate: 258 bytes per 2 bits.
std::uint64_t unpack_expansion_limit(Method method, std::uint64_t packed) {
  switch (method) {
    case Method::lzss:
    case Method::xor_lzss: return packed * 9 + 18;
    case Method::lzhuf:
    case Method::xor_lzhuf: return packed * 48 + 60;
    case Method::deflate: return packed * 1032 + 258;
    default: return packed;
  }
}

const char* unpack_truncation_code(Method method) {
  switch (method) {
    case Method::lzss:
    case Method::xor_lzss: return codes::kLzssTruncated;
    case Method::lzhuf:
    case Method::xor_lzhuf: return codes::kLzhufTruncated;
    default: return codes::kDeflateSize;
  }
}

Result<ByteBuffer> unpack_entry(const Archive& archive, std::size_t index) {
  const Entry& entry = archive.entries[index];
  const std::optional<Method> method = entry.method();
  if (!method)
    return invalid_rule(codes::kEntryMethod,
                        fmt::format("unknown storage method 0x{:03x}: the engine refuses to load it",
                                    static_cast<std::uint16_t>(entry.flags()) & kMethodMask));
  if (!range_fits(entry.effective_offset, entry.readable_size, archive.bytes.size()))
    return invalid_rule(codes::kEntryBounds,
                        fmt::format("payload [0x{:x}, +{}) lies outside the file ({} bytes)", entry.effective_offset,
                                    entry.readable_size, archive.bytes.size()));
  const ByteView packed = archive.packed(index);
  const std::size_t unpacked_size = entry.unpacked_size();
  if (*method == Method::stored || *method == Method::xor_only) {
    if (packed.size() < unpacked_size)
      return invalid_rule(codes::kEntryStoredSize,
                          fmt::format("{} entry has {} packed bytes but unpacked_size {}", method_name(*method),
                                      packed.size(), unpacked_size));
    ByteBuffer out(packed.begin(), packed.begin() + static_cast<std::ptrdiff_t>(unpacked_size));
    if (*method == Method::xor_only) xor_transform(out, entry.key);
    return out;
  }
  if (unpacked_size > unpack_expansion_limit(*method, packed.size()))
    return invalid_rule(unpack_truncation_code(*method),
                        fmt::format("{} packed bytes cannot hold {} unpacked bytes with {}", packed.size(),
                                    unpacked_size, method_name(*method)),
                        packed.size());
  ByteBuffer decrypted;
  ByteView input = packed;
  if (method_uses_xor(*method)) {
    decrypted.assign(packed.begin(), packed.end());  // the archive's bytes stay untouched
    xor_transform(decrypted, entry.key);
    input = decrypted;
  }
  switch (*method) {
    case Method::lzss:
    case Method::xor_lzss: return lzss_decode(input, unpacked_size);
    case Method::lzhuf:
    case Method::xor_lzhuf: return lzhuf_decode(input, unpacked_size);
    default: return deflate_decode(input, unpacked_size);
  }
}

}  // namespace

Result<ByteBuffer> unpack(const Archive& archive, std::size_t index) {
  if (index >= archive.entries.size())
    return invalid(fmt::format("no entry #{} (the library has {} entries)", index, archive.entries.size()));
  auto out = unpack_entry(archive, index);
  if (!out.ok()) {
    const Entry& entry = archive.entries[index];
    return std::move(out).error().in_entry(entry.name().empty() ? fmt::format("#{}", index)
                                                                 : std::string(entry.name()));
  }
  return out;
}

}  // namespace parkan::rsli
