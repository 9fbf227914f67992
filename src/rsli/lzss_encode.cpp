// docs/formats/rsli.md 6.3, the writing side: a stream lzss_decode (and the engine) reads back exactly.
//
// The encoder works on the stream the decoder's ring sees: the ring's prefill (spaces) followed by
// the data. A back reference may start anywhere in the last 4096 bytes of it, the prefill included
// (so a run of spaces at the start compresses), and may overlap the bytes it produces. Only the last
// 18 prefill positions are ever worth referencing (older ones hold the same spaces, farther back), so
// the working text is 18 spaces + data. Matches are found with hash chains on 3-byte prefixes over
// the whole 4 KB window, with one step of lazy evaluation (a literal first when the next position
// has a longer match).
#include <cstdint>
#include <vector>

#include "parkan/rsli/codec.hpp"

namespace parkan::rsli {
namespace {

constexpr std::size_t kLzssEncodeWindow = 4096;
constexpr std::size_t kLzssEncodeMinMatch = 3;
constexpr std::size_t kLzssEncodeMaxMatch = 18;
constexpr std::size_t kLzssEncodeLead = kLzssEncodeMaxMatch;  // prefill spaces in front of the data
constexpr std::uint8_t kLzssEncodePrefill = 0x20;
// Ring position of text index 0: data index 0 is written at 0xFEE, 18 bytes after it.
constexpr std::size_t kLzssEncodeRingOfText0 = (0xFEE + kLzssEncodeWindow - kLzssEncodeLead) & 0xFFF;
constexpr unsigned kLzssEncodeHashBits = 15;
// Candidates tried per position. On the bench's game-like MiB: 16 -> 24.96%, 256 -> 23.29% at
// ~50 MB/s, 4096 (every candidate) -> 23.25% at half that speed.
constexpr unsigned kLzssEncodeMaxChain = 256;

struct LzssEncodeMatch {
  std::size_t length = 0;
  std::size_t source = 0;  // text index
};

class LzssEncodeMatcher {
 public:
  explicit LzssEncodeMatcher(const std::vector<std::uint8_t>& text)
      : text_(text), head_(std::size_t{1} << kLzssEncodeHashBits, -1), prev_(kLzssEncodeWindow, -1) {}

  // Chains position `at` in (needs 3 bytes from it to hash).
  void insert(std::size_t at) {
    if (at + 2 >= text_.size()) return;
    const std::uint32_t h = hash(at);
    prev_[at & (kLzssEncodeWindow - 1)] = head_[h];
    head_[h] = static_cast<std::int32_t>(at);
  }

  // The longest match for `at` among positions inserted before it, at most 4096 back.
  LzssEncodeMatch longest(std::size_t at) const {
    LzssEncodeMatch best;
    const std::size_t limit = std::min(kLzssEncodeMaxMatch, text_.size() - at);
    if (limit < kLzssEncodeMinMatch) return best;
    const std::uint8_t* const here = text_.data() + at;
    std::int32_t candidate = head_[hash(at)];
    for (unsigned tries = 0; candidate >= 0 && tries < kLzssEncodeMaxChain; ++tries) {
      const std::size_t source = static_cast<std::size_t>(candidate);
      // Chains run from new to old: once out of the window, every later link is too (and its slot
      // in prev_ may already belong to a newer position).
      if (at - source > kLzssEncodeWindow) break;
      const std::uint8_t* const there = text_.data() + source;
      if (there[best.length] == here[best.length] || best.length == 0) {
        std::size_t length = 0;
        while (length < limit && there[length] == here[length]) ++length;
        if (length > best.length) {
          best.length = length;
          best.source = source;
          if (length == limit) break;
        }
      }
      candidate = prev_[source & (kLzssEncodeWindow - 1)];
    }
    if (best.length < kLzssEncodeMinMatch) best.length = 0;
    return best;
  }

 private:
  std::uint32_t hash(std::size_t at) const {
    const std::uint32_t key = (std::uint32_t{text_[at]} << 16) | (std::uint32_t{text_[at + 1]} << 8) | text_[at + 2];
    return (key * 0x9E3779B1u) >> (32 - kLzssEncodeHashBits);
  }

  const std::vector<std::uint8_t>& text_;
  std::vector<std::int32_t> head_;
  std::vector<std::int32_t> prev_;
};

// Flag bytes (LSB first, 1 = literal) followed by their items, one group of 8 at a time.
class LzssEncodeWriter {
 public:
  explicit LzssEncodeWriter(std::size_t data_size) { out_.reserve(data_size + data_size / 8 + 2); }

  void literal(std::uint8_t byte) {
    const std::size_t flags = next_item();
    out_[flags] = static_cast<std::uint8_t>(out_[flags] | (1u << bit_));
    out_.push_back(byte);
    ++bit_;
  }

  void reference(std::size_t ring_position, std::size_t length) {
    next_item();
    out_.push_back(static_cast<std::uint8_t>(ring_position & 0xFF));
    out_.push_back(static_cast<std::uint8_t>(((ring_position >> 4) & 0xF0) | (length - kLzssEncodeMinMatch)));
    ++bit_;
  }

  ByteBuffer finish() && { return std::move(out_); }

 private:
  // Index of the current flag byte, opening a new group when the last one is full.
  std::size_t next_item() {
    if (bit_ == 8) {
      flags_at_ = out_.size();
      out_.push_back(0);
      bit_ = 0;
    }
    return flags_at_;
  }

  ByteBuffer out_;
  std::size_t flags_at_ = 0;
  unsigned bit_ = 8;
};

}  // namespace

ByteBuffer lzss_encode(ByteView data) {
  std::vector<std::uint8_t> text(kLzssEncodeLead + data.size(), kLzssEncodePrefill);
  std::copy(data.begin(), data.end(), text.begin() + kLzssEncodeLead);
  const std::size_t end = text.size();

  LzssEncodeMatcher matcher(text);
  LzssEncodeWriter writer(data.size());
  for (std::size_t s = 0; s < kLzssEncodeLead; ++s) matcher.insert(s);

  auto emit_reference = [&](const LzssEncodeMatch& match) {
    writer.reference((match.source + kLzssEncodeRingOfText0) & 0xFFF, match.length);
  };

  std::size_t at = kLzssEncodeLead;
  LzssEncodeMatch current;
  if (at < end) {
    current = matcher.longest(at);
    matcher.insert(at);
  }
  while (at < end) {
    if (current.length == 0) {
      writer.literal(text[at]);
      ++at;
      if (at < end) {
        current = matcher.longest(at);
        matcher.insert(at);
      }
      continue;
    }
    std::size_t inserted_up_to = at;  // positions <= this are in the chains
    if (current.length < kLzssEncodeMaxMatch && at + 1 < end) {
      const LzssEncodeMatch next = matcher.longest(at + 1);
      matcher.insert(at + 1);
      inserted_up_to = at + 1;
      if (next.length > current.length) {
        // Lazy step: a literal now buys the longer match one byte later.
        writer.literal(text[at]);
        ++at;
        current = next;
        continue;
      }
    }
    emit_reference(current);
    const std::size_t after = at + current.length;
    for (std::size_t s = inserted_up_to + 1; s < after; ++s) matcher.insert(s);
    at = after;
    if (at < end) {
      current = matcher.longest(at);
      matcher.insert(at);
    }
  }
  return std::move(writer).finish();
}

}  // namespace parkan::rsli
