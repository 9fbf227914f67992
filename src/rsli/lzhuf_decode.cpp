// LZHUF decoding (docs/formats/rsli.md 6.4): adaptive Huffman symbols over a 4 KB LZSS ring.
#include <cstring>

#include <fmt/format.h>

#include "parkan/rsli/codec.hpp"
#include "rsli/lzhuf_tree.hpp"

namespace parkan::rsli {

namespace {

using namespace lzhuf;

// The largest unpacked_size accepted: far above any RsLi payload, small enough to allocate.
constexpr std::size_t kLzhufDecodeLimit = std::size_t{256} << 20;
// The most output one packed byte can yield: a literal takes >= 1 bit for 1 byte; a match takes >= 1
// bit of symbol and >= 9 bits of position (8 + d_len - 2, d_len >= 3) for <= 60 bytes, 6 bytes a bit.
constexpr std::size_t kLzhufDecodeMaxPerByte = 8 * 6;

// Bits MSB first. Past the end of the input it supplies zero bits (as the engine's getbit would) and
// counts them: consumed_bits() > 8 * size means the stream ran out.
class LzhufBitReader {
 public:
  explicit LzhufBitReader(ByteView bytes) : data_(bytes.data()), size_(bytes.size()) {}

  unsigned bit() {
    if (count_ == 0) refill();
    const unsigned b = static_cast<unsigned>(buffer_ >> 63);
    buffer_ <<= 1;
    --count_;
    return b;
  }
  // 1..8 bits.
  unsigned bits(unsigned n) {
    if (count_ < n) refill();
    const unsigned v = static_cast<unsigned>(buffer_ >> (64 - n));
    buffer_ <<= n;
    count_ -= n;
    return v;
  }
  std::uint64_t consumed_bits() const { return std::uint64_t{position_} * 8 - count_; }

 private:
  // Tops the buffer up to >= 56 valid bits. Bits below the valid ones are either zero or the true
  // next bits of the input (the 8-byte path), so OR-ing the next byte in again is harmless.
  void refill() {
    if (position_ <= size_ && size_ - position_ >= 8) {
      std::uint64_t word;
      std::memcpy(&word, data_ + position_, 8);
      buffer_ |= __builtin_bswap64(word) >> count_;
      position_ += (63 - count_) >> 3;
      count_ |= 56;
      return;
    }
    while (count_ <= 56) {
      const std::uint64_t byte = position_ < size_ ? data_[position_] : 0;
      buffer_ |= byte << (56 - count_);
      ++position_;
      count_ += 8;
    }
  }

  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t position_ = 0;  // next byte to load (may pass size_: the zero bits after the end)
  std::uint64_t buffer_ = 0;  // valid bits at the top
  unsigned count_ = 0;        // number of valid bits
};

[[gnu::cold, gnu::noinline]] Error lzhuf_decode_limit_error(std::size_t unpacked_size) {
  return invalid_rule(codes::kLzhufSize,
                      fmt::format("LZHUF unpacked_size {} is above the limit of {} bytes", unpacked_size,
                                  kLzhufDecodeLimit),
                      0);
}
[[gnu::cold, gnu::noinline]] Error lzhuf_decode_short_error(std::size_t unpacked_size, std::size_t packed_size) {
  return invalid_rule(codes::kLzhufTruncated,
                      fmt::format("LZHUF stream of {} bytes cannot yield unpacked_size {} (at most {} bytes "
                                  "per packed byte)",
                                  packed_size, unpacked_size, kLzhufDecodeMaxPerByte),
                      packed_size);
}
[[gnu::cold, gnu::noinline]] Error lzhuf_decode_truncated_error(std::size_t produced, std::size_t unpacked_size,
                                                                std::size_t packed_size) {
  return invalid_rule(codes::kLzhufTruncated,
                      fmt::format("LZHUF stream ends after {} of {} unpacked bytes", produced, unpacked_size),
                      packed_size);
}

}  // namespace

// Running out of input: the engine's getbit would go on reading zero bits, so a stream cut short could
// still "decode" to garbage. Here a stream whose symbols need a bit past its last byte is the error
// rsli.lzhuf.truncated (at offset = packed size); the unused low bits of the final byte are padding
// and never looked at, since decoding stops at exactly unpacked_size bytes.
Result<ByteBuffer> lzhuf_decode(ByteView packed, std::size_t unpacked_size) {
  if (unpacked_size > kLzhufDecodeLimit) return lzhuf_decode_limit_error(unpacked_size);
  if (unpacked_size > packed.size() * kLzhufDecodeMaxPerByte)
    return lzhuf_decode_short_error(unpacked_size, packed.size());

  ByteBuffer out(unpacked_size);
  std::uint8_t ring[kRingSize];
  std::memset(ring, kRingFill, sizeof ring);
  unsigned r = kRingStart;
  LzhufTree tree;
  LzhufBitReader reader(packed);
  const std::uint64_t packed_bits = std::uint64_t{packed.size()} * 8;

  std::uint8_t* const dst = out.data();
  std::size_t produced = 0;
  while (produced < unpacked_size) {
    const std::size_t symbol_start = produced;
    unsigned c = tree.son[kRoot];
    while (c < kNodeCount) c = tree.son[c + reader.bit()];
    c -= kNodeCount;
    tree.update(c);
    if (c < 256) {
      const auto literal = static_cast<std::uint8_t>(c);
      dst[produced++] = literal;
      ring[r] = literal;
      r = (r + 1) & kRingMask;
    } else {
      unsigned i = reader.bits(8);
      const unsigned upper = kLzhufPositions.d_code[i];
      const unsigned extra = kLzhufPositions.d_len[i] - 2u;
      i = (i << extra) | reader.bits(extra);
      const unsigned position = (upper << 6) | (i & 0x3F);
      unsigned source = (r - position - 1) & kRingMask;
      std::size_t length = c - kMatchSymbolBias;
      if (length > unpacked_size - produced) length = unpacked_size - produced;  // stop at unpacked_size
      for (std::size_t k = 0; k < length; ++k) {
        const std::uint8_t byte = ring[source];
        source = (source + 1) & kRingMask;
        dst[produced++] = byte;
        ring[r] = byte;
        r = (r + 1) & kRingMask;
      }
    }
    if (reader.consumed_bits() > packed_bits) [[unlikely]]
      return lzhuf_decode_truncated_error(symbol_start, unpacked_size, packed.size());
  }
  return out;
}

}  // namespace parkan::rsli
