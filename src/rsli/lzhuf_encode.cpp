// LZHUF encoding (docs/formats/rsli.md 6.4): the classic LZHUF scheme (Okumura's lzhuf.c): LZSS matches of 3..60
// bytes within the 4 KB ring, every symbol sent with the adaptive Huffman tree the decoder keeps in
// step, positions with the static p_code/p_len code. The match finder is a hash chain over the
// history, searched at every position with one step of lazy matching.
#include <cstring>

#include "parkan/rsli/codec.hpp"
#include "rsli/lzhuf_tree.hpp"

namespace parkan::rsli {

namespace {

using namespace lzhuf;

// Bits MSB first; the final partial byte is filled with zero bits.
class LzhufBitWriter {
 public:
  explicit LzhufBitWriter(std::size_t expected) { out_.reserve(expected); }

  // The low `n` bits of `code` (n <= 32), highest first.
  void put(std::uint32_t code, unsigned n) {
    accumulator_ = (accumulator_ << n) | code;
    count_ += n;
    while (count_ >= 8) {
      count_ -= 8;
      out_.push_back(static_cast<std::uint8_t>(accumulator_ >> count_));
    }
  }
  ByteBuffer finish() && {
    if (count_ > 0) out_.push_back(static_cast<std::uint8_t>(accumulator_ << (8 - count_)));
    return std::move(out_);
  }

 private:
  ByteBuffer out_;
  std::uint64_t accumulator_ = 0;  // pending bits in the low `count_` bits (count_ < 8 between calls)
  unsigned count_ = 0;
};

// The symbol's code is the path from the root to its leaf: collect it leaf-upwards (a node's bit is
// its index's low bit, as children pairs start at even indices), send it root first, then count it.
void lzhuf_encode_symbol(LzhufTree& tree, LzhufBitWriter& writer, unsigned symbol) {
  std::uint64_t code = 0;
  unsigned length = 0;
  for (unsigned node = tree.prnt[symbol + kNodeCount]; node != kRoot; node = tree.prnt[node]) {
    code |= std::uint64_t{node & 1u} << length;
    ++length;
  }
  // The sibling property with a root below 0x8000 keeps paths far shorter than 64 bits; split at 32.
  if (length > 32) {
    writer.put(static_cast<std::uint32_t>(code >> 32), length - 32);
    length = 32;
  }
  writer.put(static_cast<std::uint32_t>(code), length);
  tree.update(symbol);
}

// position = distance - 1 (0..4095): upper 6 bits by p_code/p_len, lower 6 bits verbatim.
void lzhuf_encode_position(LzhufBitWriter& writer, unsigned position) {
  const unsigned upper = position >> 6;
  const unsigned length = kLzhufPositions.p_len[upper];
  writer.put(kLzhufPositions.p_code[upper] >> (8 - length), length);
  writer.put(position & 0x3F, 6);
}

// Hash chains over the history (the decoder's ring as a line: 4096 bytes of 0x20, then the data).
// A match source may lie up to 4096 bytes back: at distance 4096 the decoder reads the ring slot it is
// about to overwrite, which still holds that byte.
class LzhufMatchFinder {
 public:
  static constexpr unsigned kHashBits = 14;
  static constexpr unsigned kChainLimit = 96;  // candidates tried per position
  static constexpr std::uint32_t kNone = 0;    // position 0 is never inserted (the first is 4036)

  struct Match {
    unsigned length = 0;
    unsigned distance = 0;
  };

  explicit LzhufMatchFinder(const ByteBuffer& history)
      : history_(history), head_(std::size_t{1} << kHashBits, kNone), previous_(kRingSize, kNone) {}

  // Inserts every hashable position below `end` not yet inserted.
  void insert_below(std::size_t end) {
    const std::size_t hashable_end = history_.size() >= 2 ? history_.size() - 2 : 0;
    if (end > hashable_end) end = hashable_end;
    for (; next_insert_ < end; ++next_insert_) {
      const unsigned h = hash(next_insert_);
      previous_[next_insert_ & kRingMask] = head_[h];
      head_[h] = static_cast<std::uint32_t>(next_insert_);
    }
  }
  void start_at(std::size_t position) { next_insert_ = position; }

  // Longest match for the bytes at `q` (every position below q inserted, none at or after it).
  Match find(std::size_t q) const {
    Match best;
    const std::size_t remaining = history_.size() - q;
    if (remaining < kMinMatch) return best;
    const unsigned max_length = remaining < kMaxMatch ? static_cast<unsigned>(remaining) : kMaxMatch;
    const std::uint8_t* const here = history_.data() + q;
    std::uint32_t candidate = head_[hash(q)];
    for (unsigned tries = 0; candidate != kNone && tries < kChainLimit; ++tries) {
      const std::size_t distance = q - candidate;
      if (distance > kRingSize) break;
      const std::uint8_t* const there = history_.data() + candidate;
      if (there[best.length] == here[best.length] || best.length == 0) {
        unsigned length = 0;
        while (length < max_length && there[length] == here[length]) ++length;
        if (length > best.length) {
          best.length = length;
          best.distance = static_cast<unsigned>(distance);
          if (length == max_length) break;
        }
      }
      const std::uint32_t older = previous_[candidate & kRingMask];
      if (older >= candidate) break;  // a slot reused by a newer position: the chain ends here
      candidate = older;
    }
    if (best.length < kMinMatch) best.length = 0;
    return best;
  }

 private:
  unsigned hash(std::size_t position) const {
    const std::uint8_t* p = history_.data() + position;
    const std::uint32_t v = std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16;
    return (v * 2654435761u) >> (32 - kHashBits);
  }

  const ByteBuffer& history_;
  std::vector<std::uint32_t> head_;
  std::vector<std::uint32_t> previous_;  // by position mod 4096
  std::size_t next_insert_ = 0;
};

}  // namespace

ByteBuffer lzhuf_encode(ByteView data) {
  ByteBuffer history(kRingSize + data.size(), kRingFill);
  if (!data.empty()) std::memcpy(history.data() + kRingSize, data.data(), data.size());

  LzhufTree tree;
  LzhufBitWriter writer(data.size() / 2 + 16);
  LzhufMatchFinder finder(history);
  // The last 60 slots of initial 0x20 before r are enough to reach any run of spaces at the start.
  finder.start_at(kRingSize - kMaxMatch);

  std::size_t q = kRingSize;
  finder.insert_below(q);
  LzhufMatchFinder::Match match = finder.find(q);
  while (q < history.size()) {
    finder.insert_below(q + 1);
    LzhufMatchFinder::Match next;
    if (match.length >= kMinMatch && match.length < kMaxMatch && q + 1 < history.size()) {
      next = finder.find(q + 1);
      if (next.length > match.length) {
        // Lazy matching: a longer match starts one byte later; send this byte as a literal.
        lzhuf_encode_symbol(tree, writer, history[q]);
        ++q;
        match = next;
        continue;
      }
    }
    if (match.length >= kMinMatch) {
      lzhuf_encode_symbol(tree, writer, match.length + kMatchSymbolBias);
      lzhuf_encode_position(writer, match.distance - 1);
      q += match.length;
    } else {
      lzhuf_encode_symbol(tree, writer, history[q]);
      ++q;
    }
    if (q >= history.size()) break;
    finder.insert_below(q);
    match = finder.find(q);
  }
  return std::move(writer).finish();
}

}  // namespace parkan::rsli
