// docs/formats/rsli.md 6.3: the engine's LZSS (Okumura): a 4096-byte ring pre-filled with spaces, writes from
// 0xFEE, flag bits LSB first (1 = literal), back references of 3..18 bytes to an absolute ring position.
//
// The ring is not kept: the output itself is the history. A reference to ring position `pos` made
// when `n` bytes are out reads the byte `distance` = (n + 0xFEE - pos) mod 4096 back (4096 for 0), the
// same for every byte of the match; what lies before the output's start is the ring's prefill (0x20).
#include <cstdint>
#include <cstring>

#include <fmt/format.h>

#include "parkan/rsli/codec.hpp"

namespace parkan::rsli {
namespace {

constexpr std::size_t kLzssDecodeMaxUnpackedSize = std::size_t{256} << 20;
constexpr std::size_t kLzssDecodeRingStart = 0xFEE;
constexpr std::uint8_t kLzssDecodePrefill = 0x20;
constexpr std::size_t kLzssDecodeMaxMatch = 18;

// The most bytes a stream of `packed_size` bytes can yield: each group of 17 bytes (a flag byte and
// 8 references) gives 8 * 18; a last partial group of `rest` bytes one flag byte, (rest - 1) / 2
// references and a literal in an odd byte left. (Checked against a search over every group layout.)
std::uint64_t lzss_decode_max_output(std::uint64_t packed_size) {
  const std::uint64_t groups = packed_size / 17;
  const std::uint64_t rest = packed_size % 17;
  const std::uint64_t last = rest == 0 ? 0 : (rest - 1) / 2 * kLzssDecodeMaxMatch + (rest - 1) % 2;
  return groups * 8 * kLzssDecodeMaxMatch + last;
}

Error lzss_decode_truncated(std::size_t packed_size, std::size_t produced, std::size_t unpacked_size) {
  return invalid_rule(codes::kLzssTruncated,
                      fmt::format("LZSS stream ends after {} bytes with {} of {} bytes unpacked", packed_size,
                                  produced, unpacked_size),
                      packed_size);
}

// Copies a match whose source may start before the output (in the prefill) or overlap its own output.
inline void lzss_decode_copy_careful(std::uint8_t* out, std::size_t n, std::size_t distance, std::size_t length) {
  for (std::size_t k = 0; k < length; ++k) {
    const std::size_t at = n + k;
    out[at] = at >= distance ? out[at - distance] : kLzssDecodePrefill;
  }
}

}  // namespace

Result<ByteBuffer> lzss_decode(ByteView packed, std::size_t unpacked_size) {
  if (unpacked_size > kLzssDecodeMaxUnpackedSize) {
    return invalid_rule(codes::kLzssSize,
                        fmt::format("LZSS unpacked size {} exceeds the decoder's limit of {} bytes", unpacked_size,
                                    kLzssDecodeMaxUnpackedSize),
                        0);
  }
  // Refused before allocating: a stream this short cannot yield that much, whatever it holds.
  if (unpacked_size > lzss_decode_max_output(packed.size())) {
    return invalid_rule(codes::kLzssTruncated,
                        fmt::format("LZSS stream of {} bytes cannot yield {} bytes (at most {})", packed.size(),
                                    unpacked_size, lzss_decode_max_output(packed.size())),
                        packed.size());
  }
  ByteBuffer buffer(unpacked_size);
  std::uint8_t* const out = buffer.data();
  const std::uint8_t* const in = packed.data();
  const std::size_t in_size = packed.size();
  std::size_t in_pos = 0;
  std::size_t n = 0;
  unsigned flags = 0;
  unsigned flags_left = 0;

  while (n < unpacked_size) {
    // Fast path: a whole group (flag byte + 8 items of at most 2 bytes and 18 bytes out) fits in both
    // buffers with room for 8-byte chunk copies, so nothing inside needs a bounds check.
    if (flags_left == 0 && in_size - in_pos >= 17 && unpacked_size - n >= 8 * kLzssDecodeMaxMatch + 8) {
      flags = in[in_pos++];
      for (int item = 0; item < 8; ++item, flags >>= 1) {
        if (flags & 1u) {
          out[n++] = in[in_pos++];
          continue;
        }
        const std::size_t b0 = in[in_pos];
        const std::size_t b1 = in[in_pos + 1];
        in_pos += 2;
        const std::size_t pos = b0 | ((b1 & 0xF0u) << 4);
        const std::size_t length = (b1 & 0x0Fu) + 3;
        std::size_t distance = (n + kLzssDecodeRingStart - pos) & 0xFFFu;
        if (distance == 0) distance = 4096;
        if (distance > n) {
          lzss_decode_copy_careful(out, n, distance, length);
        } else if (distance >= 8) {
          // Each 8-byte chunk reads only bytes already written; the overshoot past `length` (at most
          // 6 bytes) is overwritten by the next items.
          std::uint8_t* dst = out + n;
          const std::uint8_t* src = dst - distance;
          std::memcpy(dst, src, 8);
          std::memcpy(dst + 8, src + 8, 8);
          if (length > 16) std::memcpy(dst + 16, src + 16, 8);
        } else {
          std::uint8_t* dst = out + n;
          const std::uint8_t* src = dst - distance;
          for (std::size_t k = 0; k < length; ++k) dst[k] = src[k];
        }
        n += length;
      }
      continue;
    }
    // Careful path near either end: one item at a time, every byte checked.
    if (flags_left == 0) {
      if (in_pos >= in_size) return lzss_decode_truncated(in_size, n, unpacked_size);
      flags = in[in_pos++];
      flags_left = 8;
    }
    if (flags & 1u) {
      if (in_pos >= in_size) return lzss_decode_truncated(in_size, n, unpacked_size);
      out[n++] = in[in_pos++];
    } else {
      if (in_size - in_pos < 2) return lzss_decode_truncated(in_size, n, unpacked_size);
      const std::size_t b0 = in[in_pos];
      const std::size_t b1 = in[in_pos + 1];
      in_pos += 2;
      const std::size_t pos = b0 | ((b1 & 0xF0u) << 4);
      std::size_t length = (b1 & 0x0Fu) + 3;
      std::size_t distance = (n + kLzssDecodeRingStart - pos) & 0xFFFu;
      if (distance == 0) distance = 4096;
      // The engine's 18 spare bytes: a last match may run past unpacked_size; the rest is dropped.
      if (length > unpacked_size - n) length = unpacked_size - n;
      lzss_decode_copy_careful(out, n, distance, length);
      n += length;
    }
    flags >>= 1;
    --flags_left;
  }
  return buffer;
}

}  // namespace parkan::rsli
