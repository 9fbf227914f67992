// docs/formats/rsli.md 6.4: LZHUF (adaptive Huffman + LZSS), decoder and encoder.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "sample/sample_random.hpp"
#include "parkan/rsli/codec.hpp"
#include "rsli/lzhuf_tree.hpp"

namespace parkan::rsli {
namespace {

ByteBuffer lzhuf_test_bytes(std::string_view text) { return ByteBuffer(text.begin(), text.end()); }

ByteBuffer lzhuf_test_random(std::size_t size, std::uint64_t seed) {
  sample::SampleRandom random{seed};
  ByteBuffer bytes(size);
  for (std::uint8_t& b : bytes) b = random.byte();
  return bytes;
}

// Runs of random length and value, repeated phrases and an occasional random byte.
ByteBuffer lzhuf_test_repetitive(std::size_t size, std::uint64_t seed) {
  sample::SampleRandom random{seed};
  ByteBuffer bytes;
  bytes.reserve(size);
  while (bytes.size() < size) {
    switch (random.below(3)) {
      case 0: bytes.insert(bytes.end(), 1 + random.below(200), random.byte()); break;
      case 1:
        if (bytes.size() > 10) {
          const std::size_t back = 1 + random.below(static_cast<std::uint32_t>(std::min<std::size_t>(bytes.size(), 5000)));
          const std::size_t length = 1 + random.below(100);
          for (std::size_t k = 0; k < length; ++k) bytes.push_back(bytes[bytes.size() - back]);
        }
        break;
      default: bytes.push_back(random.byte()); break;
    }
  }
  bytes.resize(size);
  return bytes;
}

// docs/formats/rsli.md 6.4 written out literally (its own tree, its own tables, one bit at a time): the reference
// the fast decoder must match. Returns the bytes of every symbol read whole before the bits ran out,
// at most `limit` bytes.
ByteBuffer lzhuf_reference_decode(ByteView packed, std::size_t limit) {
  constexpr unsigned N = 4096, F = 60, N_CHAR = 314, T = 2 * N_CHAR - 1, R = T - 1, MAX_FREQ = 0x8000;
  std::vector<unsigned> freq(T + 1), son(T), prnt(T + N_CHAR);
  for (unsigned i = 0; i < N_CHAR; ++i) {
    freq[i] = 1;
    son[i] = i + T;
    prnt[i + T] = i;
  }
  for (unsigned i = 0, j = N_CHAR; j <= R; ++j, i += 2) {
    freq[j] = freq[i] + freq[i + 1];
    son[j] = i;
    prnt[i] = prnt[i + 1] = j;
  }
  freq[T] = 0xFFFF;
  prnt[R] = 0;
  auto reconstruct = [&] {
    unsigned j = 0;
    for (unsigned i = 0; i < T; ++i)
      if (son[i] >= T) {
        freq[j] = (freq[i] + 1) / 2;
        son[j] = son[i];
        ++j;
      }
    for (unsigned i = 0, jj = N_CHAR; jj < T; ++jj, i += 2) {
      const unsigned f = freq[i] + freq[i + 1];
      unsigned k = jj;
      while (k > 0 && f < freq[k - 1]) --k;
      for (unsigned m = jj; m > k; --m) {
        freq[m] = freq[m - 1];
        son[m] = son[m - 1];
      }
      freq[k] = f;
      son[k] = i;
    }
    for (unsigned i = 0; i < T; ++i) {
      const unsigned k = son[i];
      prnt[k] = i;
      if (k < T) prnt[k + 1] = i;
    }
  };
  auto update = [&](unsigned c) {
    if (freq[R] == MAX_FREQ) reconstruct();
    c = prnt[c + T];
    for (;;) {
      const unsigned k = ++freq[c];
      if (k > freq[c + 1]) {
        unsigned l = c + 1;
        while (k > freq[l + 1]) ++l;
        freq[c] = freq[l];
        freq[l] = k;
        const unsigned i = son[c];
        prnt[i] = l;
        if (i < T) prnt[i + 1] = l;
        const unsigned j = son[l];
        son[l] = i;
        prnt[j] = c;
        if (j < T) prnt[j + 1] = c;
        son[c] = j;
        c = l;
      }
      c = prnt[c];
      if (c == 0) break;
    }
  };
  // d_code: 0 x32, 1..3 x16, 4..11 x8, 12..23 x4, 24..47 x2, 48..63 x1, d_len by the same groups.
  std::vector<unsigned> d_code, d_len;
  const unsigned group_count[6] = {1, 3, 8, 12, 24, 16}, group_repeat[6] = {32, 16, 8, 4, 2, 1};
  for (unsigned g = 0, value = 0; g < 6; ++g)
    for (unsigned n = 0; n < group_count[g]; ++n, ++value)
      for (unsigned k = 0; k < group_repeat[g]; ++k) {
        d_code.push_back(value);
        d_len.push_back(3 + g);
      }
  std::size_t bit_position = 0;
  bool out_of_bits = false;
  auto bit = [&]() -> unsigned {
    if (bit_position >= packed.size() * 8) {
      out_of_bits = true;
      return 0;
    }
    const unsigned b = (packed[bit_position / 8] >> (7 - bit_position % 8)) & 1;
    ++bit_position;
    return b;
  };
  std::vector<std::uint8_t> ring(N, 0x20);
  unsigned r = N - F;
  ByteBuffer out;
  while (out.size() < limit) {
    unsigned c = son[R];
    while (c < T) c = son[c + bit()];
    c -= T;
    update(c);
    if (c < 256) {
      if (out_of_bits) break;
      out.push_back(static_cast<std::uint8_t>(c));
      ring[r] = static_cast<std::uint8_t>(c);
      r = (r + 1) % N;
      continue;
    }
    unsigned i = 0;
    for (int k = 0; k < 8; ++k) i = (i << 1) | bit();
    const unsigned upper = d_code[i];
    const unsigned extra = d_len[i] - 2;
    for (unsigned k = 0; k < extra; ++k) i = (i << 1) | bit();
    const unsigned p = (upper << 6) | (i & 0x3F);
    if (out_of_bits) break;
    const unsigned src = (r - p - 1) % N;
    for (unsigned k = 0; k < c - 253 && out.size() < limit; ++k) {
      const std::uint8_t byte = ring[(src + k) % N];
      out.push_back(byte);
      ring[r] = byte;
      r = (r + 1) % N;
    }
  }
  return out;
}

void lzhuf_test_round_trip(const ByteBuffer& data) {
  const ByteBuffer packed = lzhuf_encode(data);
  auto out = lzhuf_decode(packed, data.size());
  ASSERT_TRUE(out.ok()) << out.error().to_string();
  ASSERT_EQ(*out, data);
}

TEST(LzhufTree, InitialTreeIsPairedInOrder) {
  const lzhuf::LzhufTree tree;
  EXPECT_EQ(tree.son[lzhuf::kRoot], 624);
  EXPECT_EQ(tree.freq[lzhuf::kRoot], 314);
  EXPECT_EQ(tree.freq[lzhuf::kNodeCount], 0xFFFF);
  EXPECT_EQ(tree.prnt[65 + lzhuf::kNodeCount], 65);
  EXPECT_EQ(tree.prnt[65], 346);
  EXPECT_EQ(tree.prnt[lzhuf::kRoot], 0);
}

TEST(LzhufTree, PositionTablesAreStandard) {
  // d_code: 0 x32, 1..3 x16, 4..11 x8, 12..23 x4, 24..47 x2, 48..63 x1; d_len: 3 x32, 4 x48, 5 x64,
  // 6 x48, 7 x48, 8 x16.
  const auto& t = lzhuf::kLzhufPositions;
  EXPECT_EQ(t.d_code[0], 0);
  EXPECT_EQ(t.d_code[31], 0);
  EXPECT_EQ(t.d_code[32], 1);
  EXPECT_EQ(t.d_code[79], 3);
  EXPECT_EQ(t.d_code[80], 4);
  EXPECT_EQ(t.d_code[143], 11);
  EXPECT_EQ(t.d_code[144], 12);
  EXPECT_EQ(t.d_code[191], 23);
  EXPECT_EQ(t.d_code[192], 24);
  EXPECT_EQ(t.d_code[239], 47);
  EXPECT_EQ(t.d_code[240], 48);
  EXPECT_EQ(t.d_code[255], 63);
  int lengths[9] = {};
  for (unsigned i = 0; i < 256; ++i) ++lengths[t.d_len[i]];
  EXPECT_EQ(lengths[3], 32);
  EXPECT_EQ(lengths[4], 48);
  EXPECT_EQ(lengths[5], 64);
  EXPECT_EQ(lengths[6], 48);
  EXPECT_EQ(lengths[7], 48);
  EXPECT_EQ(lengths[8], 16);
  // p_code/p_len invert them: the code's prefixes all map back to the value.
  for (unsigned value = 0; value < 64; ++value) {
    const unsigned spread = 1u << (8 - t.p_len[value]);
    for (unsigned k = 0; k < spread; ++k) {
      ASSERT_EQ(t.d_code[t.p_code[value] + k], value) << value;
      ASSERT_EQ(t.d_len[t.p_code[value] + k], t.p_len[value]) << value;
    }
  }
}

// "A": literal 65 is leaf node 65 of the initial tree; its path from the root is 626 -> 625 -> 623 ->
// 619 -> 610 -> 592 -> 557 -> 487 -> 346 -> 65, the bits being each node's low bit: 1 1 1 0 0 1 1 0 1.
// Nine bits then seven zero bits of padding: E6 80.
TEST(LzhufEncode, SingleLiteralExactBytes) {
  const ByteBuffer packed = lzhuf_encode(lzhuf_test_bytes("A"));
  EXPECT_EQ(packed, (ByteBuffer{0xE6, 0x80}));
  auto out = lzhuf_decode(packed, 1);
  ASSERT_TRUE(out.ok()) << out.error().to_string();
  EXPECT_EQ(*out, lzhuf_test_bytes("A"));
}

// 60 spaces: one match of 60 (symbol 313, leaf node 313, path 626 -> 625 -> 623 -> 618 -> 608 -> 588 ->
// 549 -> 470 -> 313: bits 1 1 0 0 0 1 0 1) from the initial ring one byte back (position 0: p_code 000,
// then 000000). 17 bits: C5 00 00.
TEST(LzhufEncode, RunOfSpacesIsOneMatchIntoTheInitialRing) {
  const ByteBuffer data(60, 0x20);
  const ByteBuffer packed = lzhuf_encode(data);
  EXPECT_EQ(packed, (ByteBuffer{0xC5, 0x00, 0x00}));
  auto out = lzhuf_decode(packed, 60);
  ASSERT_TRUE(out.ok()) << out.error().to_string();
  EXPECT_EQ(*out, data);
}

// 61 x 'A': the literal 'A' (111001101 as above); update(65) raises leaf 65 to 2 and swaps it with node
// 313 (the last node of frequency 1), so symbol 313 (a match of 60) takes node 65 and its code
// 111001101; then position 0 (000 000000). 27 bits: E6 F3 40 00.
TEST(LzhufEncode, LiteralThenLongestMatchExactBytes) {
  const ByteBuffer data(61, 'A');
  const ByteBuffer packed = lzhuf_encode(data);
  EXPECT_EQ(packed, (ByteBuffer{0xE6, 0xF3, 0x40, 0x00}));
  auto out = lzhuf_decode(packed, 61);
  ASSERT_TRUE(out.ok()) << out.error().to_string();
  EXPECT_EQ(*out, data);
}

TEST(LzhufDecode, MatchOverrunningTheUnpackedSizeStopsThere) {
  // The stream of 61 x 'A' asked for 30 bytes: the match stops at 30.
  auto out = lzhuf_decode(ByteBuffer{0xE6, 0xF3, 0x40, 0x00}, 30);
  ASSERT_TRUE(out.ok()) << out.error().to_string();
  EXPECT_EQ(*out, ByteBuffer(30, 'A'));
}

TEST(LzhufDecode, PaddingBitsAndTrailingBytesAreIgnored) {
  // E6 FF: the seven padding bits set instead of zero; an extra byte after the stream.
  auto out = lzhuf_decode(ByteBuffer{0xE6, 0xFF, 0x12}, 1);
  ASSERT_TRUE(out.ok()) << out.error().to_string();
  EXPECT_EQ(*out, lzhuf_test_bytes("A"));
}

TEST(LzhufDecode, MatchesTheLiteralReferenceOnRandomStreams) {
  // Random bits: every symbol, position and overlap the tree happens to pick, and (with 100 KB) several
  // rebuilds; the decoder is asked for exactly what the reference got out of the whole stream, then for
  // a prefix of it.
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const ByteBuffer stream = lzhuf_test_random(seed <= 2 ? 100000 : 3000, 700 + seed);
    const ByteBuffer reference = lzhuf_reference_decode(stream, std::size_t{1} << 30);
    ASSERT_GT(reference.size(), stream.size()) << seed;
    auto out = lzhuf_decode(stream, reference.size());
    ASSERT_TRUE(out.ok()) << out.error().to_string();
    ASSERT_EQ(*out, reference) << seed;
    const std::size_t shorter = reference.size() / 3 + seed;
    auto partial = lzhuf_decode(stream, shorter);
    ASSERT_TRUE(partial.ok());
    ASSERT_EQ(*partial, ByteBuffer(reference.begin(), reference.begin() + static_cast<std::ptrdiff_t>(shorter)));
  }
}

TEST(LzhufDecode, ReferenceAgreesOnEncoderOutput) {
  const ByteBuffer data = lzhuf_test_repetitive(200000, 31);
  const ByteBuffer packed = lzhuf_encode(data);
  EXPECT_EQ(lzhuf_reference_decode(packed, data.size()), data);
}

TEST(LzhufDecode, EmptyPayload) {
  auto out = lzhuf_decode({}, 0);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(out->empty());
  EXPECT_TRUE(lzhuf_encode({}).empty());
  auto missing = lzhuf_decode({}, 1);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().rule, "rsli.lzhuf.truncated");
  EXPECT_EQ(missing.error().offset, 0u);
}

TEST(LzhufDecode, TruncatedStreamNamesRuleAndOffset) {
  // "A" needs nine bits; one byte holds eight.
  auto out = lzhuf_decode(ByteBuffer{0xE6}, 1);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().rule, "rsli.lzhuf.truncated");
  EXPECT_EQ(out.error().code, ErrorCode::invalid_input);
  EXPECT_EQ(out.error().offset, 1u);
  EXPECT_EQ(out.error().message, "LZHUF stream ends after 0 of 1 unpacked bytes");
  // The match of 61 x 'A' cut inside its position bits.
  auto cut = lzhuf_decode(ByteBuffer{0xE6, 0xF3, 0x40}, 61);
  ASSERT_FALSE(cut.ok());
  EXPECT_EQ(cut.error().rule, "rsli.lzhuf.truncated");
  EXPECT_EQ(cut.error().offset, 3u);
  EXPECT_EQ(cut.error().message, "LZHUF stream ends after 1 of 61 unpacked bytes");
}

TEST(LzhufDecode, TruncatedAtEveryCutPoint) {
  for (const ByteBuffer& data : {lzhuf_test_random(1000, 5), lzhuf_test_repetitive(8000, 6)}) {
    const ByteBuffer packed = lzhuf_encode(data);
    for (std::size_t cut = 0; cut < packed.size(); ++cut) {
      auto out = lzhuf_decode(ByteView(packed).first(cut), data.size());
      ASSERT_FALSE(out.ok()) << cut;
      ASSERT_EQ(out.error().rule, "rsli.lzhuf.truncated") << cut;
      ASSERT_EQ(out.error().offset, cut) << cut;
    }
  }
}

TEST(LzhufDecode, RefusesImpossibleSizesBeforeAllocating) {
  // Each packed byte yields at most 48 bytes (a match: >= 10 bits for <= 60 bytes).
  const ByteBuffer stream = {0xC5, 0x00, 0x00};
  auto most = lzhuf_decode(stream, 144);
  ASSERT_FALSE(most.ok());  // passes the size check, then the bits run out
  EXPECT_EQ(most.error().message, "LZHUF stream ends after 60 of 144 unpacked bytes");
  auto more = lzhuf_decode(stream, 145);
  ASSERT_FALSE(more.ok());
  EXPECT_EQ(more.error().rule, "rsli.lzhuf.truncated");
  EXPECT_EQ(more.error().offset, 3u);
  EXPECT_EQ(more.error().message, "LZHUF stream of 3 bytes cannot yield unpacked_size 145 (at most 48 bytes per packed byte)");
  // Sizes that would not fit in memory are refused, not allocated (an allocation would throw).
  auto huge = lzhuf_decode(stream, std::size_t{1} << 62);
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.error().rule, "rsli.lzhuf.size");
  EXPECT_EQ(huge.error().message, "LZHUF unpacked_size 4611686018427387904 is above the limit of 268435456 bytes");
  const ByteBuffer big_input(std::size_t{8} << 20, 0x00);
  auto over_limit = lzhuf_decode(big_input, (std::size_t{256} << 20) + 1);
  ASSERT_FALSE(over_limit.ok());
  EXPECT_EQ(over_limit.error().rule, "rsli.lzhuf.size");
}

TEST(LzhufRoundTrip, EmptySmallAndEdgeSizes) {
  for (std::size_t size : {0, 1, 2, 3, 4, 59, 60, 61, 62, 4095, 4096, 4097})
    lzhuf_test_round_trip(lzhuf_test_random(size, 100 + size));
  for (std::size_t size : {1, 2, 3, 60, 61, 121, 5000}) {
    lzhuf_test_round_trip(ByteBuffer(size, 0x20));
    lzhuf_test_round_trip(ByteBuffer(size, 0x00));
  }
}

TEST(LzhufRoundTrip, RandomUpTo1MB) {
  // 1 MB of random bytes: about a million literals, so the tree is rebuilt ~30 times.
  for (std::size_t size : {1000u, 100000u, 1u << 20}) lzhuf_test_round_trip(lzhuf_test_random(size, size));
}

TEST(LzhufRoundTrip, RepetitiveUpTo1MB) {
  for (std::size_t size : {1000u, 100000u, 1u << 20}) {
    const ByteBuffer data = lzhuf_test_repetitive(size, size + 1);
    const ByteBuffer packed = lzhuf_encode(data);
    EXPECT_LT(packed.size(), data.size() / 2) << size;  // the match finder finds the repeats
    auto out = lzhuf_decode(packed, data.size());
    ASSERT_TRUE(out.ok()) << out.error().to_string();
    ASSERT_EQ(*out, data);
  }
}

TEST(LzhufRoundTrip, MatchesAtTheWholeWindowDistance) {
  // A 4096-byte random block repeated: every match is exactly 4096 back (position 4095, the ring slot
  // about to be overwritten).
  const ByteBuffer block = lzhuf_test_random(4096, 9);
  ByteBuffer data = block;
  data.insert(data.end(), block.begin(), block.end());
  data.insert(data.end(), block.begin(), block.end());
  const ByteBuffer packed = lzhuf_encode(data);
  EXPECT_LT(packed.size(), 4096u + 4096u / 4);
  auto out = lzhuf_decode(packed, data.size());
  ASSERT_TRUE(out.ok()) << out.error().to_string();
  ASSERT_EQ(*out, data);
}

TEST(LzhufRoundTrip, ReconstructIsTriggered) {
  // 40000 symbols (> 32768 - 314 updates bring the root to MAX_FREQ) of a skewed alphabet, so the
  // rebuilt tree has unequal, halved frequencies.
  sample::SampleRandom random{42};
  ByteBuffer data(40000);
  for (std::uint8_t& b : data) b = static_cast<std::uint8_t>(random.below(4) == 0 ? random.byte() : random.below(8));
  // Check that the encoder's tree did reach MAX_FREQ on the way: replay its updates.
  lzhuf::LzhufTree tree;
  bool rebuilt = false;
  for (std::uint8_t b : data) {
    if (tree.freq[lzhuf::kRoot] == lzhuf::kMaxFreq) rebuilt = true;
    tree.update(b);
  }
  EXPECT_TRUE(rebuilt);
  EXPECT_LT(tree.freq[lzhuf::kRoot], lzhuf::kMaxFreq);
  lzhuf_test_round_trip(data);
}

RC_GTEST_PROP(LzhufRoundTrip, DecodeOfEncodeIsIdentity, ()) {
  const auto mode = *rc::gen::inRange(0, 3);
  ByteBuffer data;
  if (mode == 0) {
    data = *rc::gen::container<ByteBuffer>(rc::gen::arbitrary<std::uint8_t>());
  } else if (mode == 1) {
    // A small alphabet: long matches, overlaps.
    data = *rc::gen::container<ByteBuffer>(rc::gen::inRange<std::uint8_t>(0x1F, 0x23));
  } else {
    data = lzhuf_test_repetitive(*rc::gen::inRange<std::size_t>(0, 20000), *rc::gen::arbitrary<std::uint64_t>());
  }
  const ByteBuffer packed = lzhuf_encode(data);
  auto out = lzhuf_decode(packed, data.size());
  RC_ASSERT(out.ok());
  RC_ASSERT(*out == data);
}

}  // namespace
}  // namespace parkan::rsli
