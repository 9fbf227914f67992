// docs/formats/rsli.md 6.5: raw Deflate (RFC 1951, no zlib wrapper) through libdeflate.
#include <libdeflate.h>

#include <cstdint>
#include <memory>

#include <fmt/format.h>

#include "parkan/rsli/codec.hpp"

namespace parkan::rsli {
namespace {

// A directory's unpacked size comes from the file: a hostile one claims 4 GB. Nothing in the game is
// anywhere near this, so larger sizes are refused before any allocation.
constexpr std::size_t kDeflateMaxUnpackedSize = std::size_t{256} << 20;
// The densest Deflate stream codes a 258-byte match in 2 bits (a 1-bit length and a 1-bit distance
// code): at most 1032 bytes out per byte in, plus one match for the block header's rounding.
constexpr std::uint64_t kDeflateMaxRatio = 1032;

struct DeflateDecompressorFree {
  void operator()(libdeflate_decompressor* d) const { libdeflate_free_decompressor(d); }
};
struct DeflateCompressorFree {
  void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

// One decompressor per thread, kept: allocating one costs more than inflating a small sprite.
libdeflate_decompressor* deflate_thread_decompressor() {
  thread_local std::unique_ptr<libdeflate_decompressor, DeflateDecompressorFree> decompressor(
      libdeflate_alloc_decompressor());
  return decompressor.get();
}

}  // namespace

Result<ByteBuffer> deflate_decode(ByteView packed, std::size_t unpacked_size) {
  if (unpacked_size > kDeflateMaxUnpackedSize) {
    return invalid_rule(codes::kDeflateSize,
                        fmt::format("Deflate unpacked size {} exceeds the decoder's limit of {} bytes",
                                    unpacked_size, kDeflateMaxUnpackedSize),
                        0);
  }
  if (unpacked_size > packed.size() * kDeflateMaxRatio + 258) {
    return invalid_rule(codes::kDeflateSize,
                        fmt::format("a Deflate stream of {} bytes cannot inflate to {} bytes",
                                    packed.size(), unpacked_size),
                        0);
  }
  libdeflate_decompressor* decompressor = deflate_thread_decompressor();
  if (decompressor == nullptr) return invalid_rule(codes::kDeflateStream, "libdeflate: out of memory", 0);
  ByteBuffer out(unpacked_size);
  std::size_t produced = 0;
  // Reports the actual size, so that a short stream names how many bytes it gave.
  const libdeflate_result result = libdeflate_deflate_decompress(
      decompressor, packed.data(), packed.size(), out.data(), out.size(), &produced);
  switch (result) {
    case LIBDEFLATE_SUCCESS:
      if (produced == unpacked_size) return out;
      return invalid_rule(codes::kDeflateSize,
                          fmt::format("Deflate stream inflates to {} bytes, the unpacked size is {}",
                                      produced, unpacked_size),
                          0);
    case LIBDEFLATE_SHORT_OUTPUT:
      return invalid_rule(codes::kDeflateSize,
                          fmt::format("Deflate stream inflates to {} bytes, the unpacked size is {}",
                                      produced, unpacked_size),
                          0);
    case LIBDEFLATE_INSUFFICIENT_SPACE:
      return invalid_rule(codes::kDeflateSize,
                          fmt::format("Deflate stream inflates to more than the unpacked size {}",
                                      unpacked_size),
                          0);
    case LIBDEFLATE_BAD_DATA:
    default:
      return invalid_rule(codes::kDeflateStream,
                          "not a valid raw Deflate stream (libdeflate: bad data; a zlib header fails too)",
                          0);
  }
}

Result<ByteBuffer> deflate_encode(ByteView data, int level) {
  if (level < 0 || level > 12) {
    Error error = usage_error(fmt::format("Deflate level {} is out of range 0..12", level));
    error.rule = codes::kDeflateLevel;
    return error;
  }
  std::unique_ptr<libdeflate_compressor, DeflateCompressorFree> compressor(libdeflate_alloc_compressor(level));
  if (!compressor) return invalid_rule(codes::kDeflateLevel, fmt::format("libdeflate rejects level {}", level));
  ByteBuffer out(libdeflate_deflate_compress_bound(compressor.get(), data.size()));
  const std::size_t written =
      libdeflate_deflate_compress(compressor.get(), data.data(), data.size(), out.data(), out.size());
  // The bound is libdeflate's own worst case, so 0 (did not fit) cannot happen; keep the check anyway.
  if (written == 0) return invalid_rule(codes::kDeflateStream, "libdeflate could not compress within its bound");
  out.resize(written);
  return out;
}

}  // namespace parkan::rsli
