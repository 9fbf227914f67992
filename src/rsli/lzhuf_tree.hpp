#pragma once
// The adaptive Huffman tree and the position tables of LZHUF (docs/formats/rsli.md 6.4), shared by the decoder
// (lzhuf_decode.cpp) and the encoder (lzhuf_encode.cpp): both run the same tree through the same
// updates, symbol by symbol, so that they agree on every code.
#include <array>
#include <cstdint>

namespace parkan::rsli::lzhuf {

inline constexpr unsigned kRingSize = 4096;                    // N
inline constexpr unsigned kRingMask = kRingSize - 1;
inline constexpr unsigned kMaxMatch = 60;                      // F
inline constexpr unsigned kThreshold = 2;                      // matches are longer than this
inline constexpr unsigned kMinMatch = kThreshold + 1;          // 3
inline constexpr unsigned kRingStart = kRingSize - kMaxMatch;  // r = 4036 (0xFC4)
inline constexpr std::uint8_t kRingFill = 0x20;
inline constexpr unsigned kSymbolCount = 256 - kThreshold + kMaxMatch;  // N_CHAR = 314
inline constexpr unsigned kNodeCount = 2 * kSymbolCount - 1;            // T = 627
inline constexpr unsigned kRoot = kNodeCount - 1;                       // R = 626
inline constexpr std::uint16_t kMaxFreq = 0x8000;                       // rebuild when the root reaches it
// Symbol of a match of `length` bytes (3..60 -> 256..313), and back.
inline constexpr unsigned kMatchSymbolBias = 256 - kMinMatch;           // 253

// Nodes 0..T-1 are kept in non-decreasing frequency order (the sibling property). son[x] >= T: x is the
// leaf of symbol son[x] - T; otherwise x is internal with children son[x] (bit 0) and son[x] + 1 (bit 1),
// son[x] always even. prnt[x] is the parent of node x, prnt[T + s] the leaf node of symbol s.
struct LzhufTree {
  std::array<std::uint16_t, kNodeCount + 1> freq;  // freq[T] = 0xFFFF stops the scan in update()
  std::array<std::uint16_t, kNodeCount> son;
  std::array<std::uint16_t, kNodeCount + kSymbolCount> prnt;

  LzhufTree() { reset(); }

  // The initial tree: every symbol frequency 1, leaves 0..313 paired in order.
  void reset();

  // Halve every frequency (rounding up) and rebuild the tree; update() calls it when the root reaches
  // MAX_FREQ.
  void reconstruct();

  // Count one more occurrence of `symbol` and restore the sibling property along its path to the root.
  // Inline: it runs once per symbol in both codecs.
  void update(unsigned symbol) {
    if (freq[kRoot] == kMaxFreq) reconstruct();
    unsigned c = prnt[symbol + kNodeCount];
    do {
      const std::uint16_t k = static_cast<std::uint16_t>(freq[c] + 1);
      freq[c] = k;
      if (k > freq[c + 1]) {
        // Swap node c with the last node l of lower frequency (the sentinel freq[T] ends the scan).
        unsigned l = c + 1;
        while (k > freq[l + 1]) ++l;
        freq[c] = freq[l];
        freq[l] = k;
        const unsigned i = son[c];
        prnt[i] = static_cast<std::uint16_t>(l);
        if (i < kNodeCount) prnt[i + 1] = static_cast<std::uint16_t>(l);
        const unsigned j = son[l];
        son[l] = static_cast<std::uint16_t>(i);
        prnt[j] = static_cast<std::uint16_t>(c);
        if (j < kNodeCount) prnt[j + 1] = static_cast<std::uint16_t>(c);
        son[c] = static_cast<std::uint16_t>(j);
        c = l;
      }
      c = prnt[c];
    } while (c != 0);  // the root's parent is 0
  }
};

// The position tables of standard LZHUF. A 12-bit match position p (distance - 1) is sent as its upper
// 6 bits in a variable-length code (3..8 bits: p_code/p_len) followed by its lower 6 bits verbatim. The
// decoder reads 8 bits i, takes d_code[i] as the upper 6 bits and reads d_len[i] - 2 more bits.
struct LzhufPositionTables {
  std::array<std::uint8_t, 256> d_code{};  // first 8 bits read -> upper 6 bits of the position
  std::array<std::uint8_t, 256> d_len{};   // first 8 bits read -> bits of code + 6
  std::array<std::uint8_t, 64> p_code{};   // upper 6 bits -> its code, left-aligned in 8 bits
  std::array<std::uint8_t, 64> p_len{};    // upper 6 bits -> bits of its code (3..8)
};

constexpr LzhufPositionTables make_lzhuf_position_tables() {
  LzhufPositionTables t;
  // Codes of the upper 6 bits by length: value 0 takes 32 of the 256 8-bit prefixes (3 bits), 1..3 take
  // 16 each (4 bits), 4..11 take 8 (5 bits), 12..23 take 4 (6 bits), 24..47 take 2 (7 bits), 48..63 one
  // (8 bits).
  struct Group { unsigned first, last, prefixes, length; };
  constexpr Group groups[] = {{0, 0, 32, 3}, {1, 3, 16, 4}, {4, 11, 8, 5}, {12, 23, 4, 6}, {24, 47, 2, 7}, {48, 63, 1, 8}};
  unsigned prefix = 0;
  for (const Group& g : groups) {
    for (unsigned value = g.first; value <= g.last; ++value) {
      t.p_code[value] = static_cast<std::uint8_t>(prefix);
      t.p_len[value] = static_cast<std::uint8_t>(g.length);
      for (unsigned k = 0; k < g.prefixes; ++k, ++prefix) {
        t.d_code[prefix] = static_cast<std::uint8_t>(value);
        t.d_len[prefix] = static_cast<std::uint8_t>(g.length);
      }
    }
  }
  return t;
}

inline constexpr LzhufPositionTables kLzhufPositions = make_lzhuf_position_tables();
static_assert(kLzhufPositions.d_code[31] == 0 && kLzhufPositions.d_code[32] == 1 &&
              kLzhufPositions.d_code[255] == 63 && kLzhufPositions.d_len[255] == 8);
static_assert(kLzhufPositions.p_code[1] == 0x20 && kLzhufPositions.p_len[1] == 4 &&
              kLzhufPositions.p_code[63] == 0xFF && kLzhufPositions.p_len[0] == 3);

}  // namespace parkan::rsli::lzhuf
