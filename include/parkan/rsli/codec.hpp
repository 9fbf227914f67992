#pragma once
// The storage methods of RsLi payloads (docs/formats/rsli.md 4, 6): the XOR stream, LZSS (Okumura), LZHUF
// (adaptive Huffman + LZSS) and raw Deflate. Decoders yield exactly `unpacked_size` bytes or an
// error naming the rule and the offset in the packed stream; none reads past its input or writes
// past its output. Encoders produce streams the decoders (and the engine) read back exactly.
#include <cstddef>
#include <cstdint>
#include <span>

#include "parkan/core/bytes.hpp"
#include "parkan/core/error.hpp"

namespace parkan::rsli {

// The decoders' and the Deflate encoder's codes (docs/formats/rsli.md 9.3); the archive's own are in
// parkan/rsli/archive.hpp.
namespace codes {
inline constexpr const char* kLzssTruncated = "rsli.lzss.truncated";
inline constexpr const char* kLzssSize = "rsli.lzss.size";
inline constexpr const char* kLzhufTruncated = "rsli.lzhuf.truncated";
inline constexpr const char* kLzhufSize = "rsli.lzhuf.size";
inline constexpr const char* kDeflateStream = "rsli.deflate.stream";
inline constexpr const char* kDeflateSize = "rsli.deflate.size";
inline constexpr const char* kDeflateLevel = "rsli.deflate.level";
}  // namespace codes

// docs/formats/rsli.md 4: the self-inverse XOR stream, state from the 16-bit key (lo = key & 0xFF, hi = key >> 8),
// run over `bytes` in place. Test vector: key 0x1234, 00 01 02 03 -> 7A 86 B2 8C.
void xor_transform(std::span<std::uint8_t> bytes, std::uint16_t key);

// docs/formats/rsli.md 6.3: 4096-byte ring of 0x20, writes from 0xFEE, flag bits LSB first, matches of 3..18.
// Errors: rsli.lzss.truncated (the stream ends before unpacked_size bytes, or unpacked_size is more than
// the stream could hold), rsli.lzss.size (unpacked_size past the decoders' limit, 256 MiB).
Result<ByteBuffer> lzss_decode(ByteView packed, std::size_t unpacked_size);
// A stream lzss_decode reads back to `data`: greedy-with-lookahead matching over the whole 4 KB window
// (hash chains), matches of 3..18.
ByteBuffer lzss_encode(ByteView data);

// docs/formats/rsli.md 6.4: standard LZHUF (N 4096, F 60, THRESHOLD 2, 314 symbols, MAX_FREQ 0x8000).
// Errors: rsli.lzhuf.truncated (bits run out before unpacked_size bytes, or unpacked_size is more than the
// stream could hold), rsli.lzhuf.size (unpacked_size past 256 MiB).
Result<ByteBuffer> lzhuf_decode(ByteView packed, std::size_t unpacked_size);
ByteBuffer lzhuf_encode(ByteView data);

// docs/formats/rsli.md 6.5: a bare RFC 1951 stream (a zlib header makes it fail). Errors: rsli.deflate.stream (not
// a valid stream, with libdeflate's reason), rsli.deflate.size (it inflates to another size than
// unpacked_size).
Result<ByteBuffer> deflate_decode(ByteView packed, std::size_t unpacked_size);
// level 0..12 (libdeflate's scale; 6 is zlib's default).
Result<ByteBuffer> deflate_encode(ByteView data, int level = 6);

}  // namespace parkan::rsli
