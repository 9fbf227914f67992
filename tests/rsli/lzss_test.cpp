// docs/formats/rsli.md 6.3: the engine's LZSS, decoder and encoder.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "sample/sample_random.hpp"
#include "parkan/rsli/codec.hpp"

namespace parkan::rsli {
namespace {

ByteBuffer lzss_test_bytes(std::string_view text) { return ByteBuffer(text.begin(), text.end()); }

// docs/formats/rsli.md 6.3 written out literally with the 4096-byte ring: the reference the fast decoder must match.
// Returns the bytes produced before the stream ran out (fewer than unpacked_size when truncated).
ByteBuffer lzss_reference_decode(ByteView packed, std::size_t unpacked_size) {
  std::vector<std::uint8_t> ring(4096, 0x20);
  std::size_t r = 0xFEE;
  std::size_t in = 0;
  ByteBuffer out;
  unsigned flags = 0, count = 0;
  auto emit = [&](std::uint8_t c) {
    out.push_back(c);
    ring[r] = c;
    r = (r + 1) & 0xFFF;
  };
  while (out.size() < unpacked_size) {
    if (count == 0) {
      if (in >= packed.size()) return out;
      flags = packed[in++];
      count = 8;
    }
    if (flags & 1) {
      if (in >= packed.size()) return out;
      emit(packed[in++]);
    } else {
      if (in + 2 > packed.size()) return out;
      const unsigned b0 = packed[in], b1 = packed[in + 1];
      in += 2;
      const unsigned pos = b0 | ((b1 & 0xF0) << 4);
      const unsigned len = (b1 & 0x0F) + 3;
      for (unsigned k = 0; k < len && out.size() < unpacked_size; ++k) emit(ring[(pos + k) & 0xFFF]);
    }
    flags >>= 1;
    --count;
  }
  return out;
}

ByteBuffer lzss_test_random_stream(std::size_t items, std::uint64_t seed, unsigned literal_percent) {
  sample::SampleRandom random{seed};
  ByteBuffer stream;
  for (std::size_t item = 0; item < items; item += 8) {
    std::uint8_t flags = 0;
    for (int bit = 0; bit < 8; ++bit)
      if (random.below(100) < literal_percent) flags = static_cast<std::uint8_t>(flags | (1u << bit));
    stream.push_back(flags);
    for (int bit = 0; bit < 8; ++bit) {
      if (flags & (1u << bit)) {
        stream.push_back(random.byte());
      } else {
        stream.push_back(random.byte());
        stream.push_back(random.byte());
      }
    }
  }
  return stream;
}

TEST(LzssDecode, LiteralsOnly) {
  const ByteBuffer stream = {0xFF, 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 0x01, 'I'};
  auto out = lzss_decode(stream, 9);
  ASSERT_TRUE(out.ok()) << out.error().to_string();
  EXPECT_EQ(*out, lzss_test_bytes("ABCDEFGHI"));
}

TEST(LzssDecode, MatchIntoTheSpacePrefill) {
  // Item 0: a match at ring 0xFF0, length 4 (b1 = 0xF0 | 1); item 1: the literal 'x'.
  const ByteBuffer stream = {0x02, 0xF0, 0xF1, 'x'};
  auto out = lzss_decode(stream, 5);
  ASSERT_TRUE(out.ok()) << out.error().to_string();
  EXPECT_EQ(*out, lzss_test_bytes("    x"));
}

TEST(LzssDecode, MatchReadingPrefillThenOutput) {
  // 'a' lands at ring 0xFEE; a match from 0xFEC of length 5 reads two spaces, then 'a', then the
  // bytes it just wrote (' ', ' ').
  const ByteBuffer stream = {0x01, 'a', 0xEC, 0xF2};
  auto out = lzss_decode(stream, 6);
  ASSERT_TRUE(out.ok()) << out.error().to_string();
  EXPECT_EQ(*out, lzss_test_bytes("a  a  "));
}

TEST(LzssDecode, OverlappingMatchRepeatsItsOwnOutput) {
  // 'a' at 0xFEE, 'b' at 0xFEF; a match of 7 from 0xFEE is two bytes back.
  const ByteBuffer stream = {0x03, 'a', 'b', 0xEE, 0xF4};
  auto out = lzss_decode(stream, 9);
  ASSERT_TRUE(out.ok()) << out.error().to_string();
  EXPECT_EQ(*out, lzss_test_bytes("ababababa"));
}

TEST(LzssDecode, MatchOverrunningTheUnpackedSizeStopsThere) {
  const ByteBuffer stream = {0x03, 'a', 'b', 0xEE, 0xF4};
  auto out = lzss_decode(stream, 5);
  ASSERT_TRUE(out.ok()) << out.error().to_string();
  EXPECT_EQ(*out, lzss_test_bytes("ababa"));
}

TEST(LzssDecode, TrailingBytesAfterTheUnpackedSizeAreIgnored) {
  const ByteBuffer stream = {0xFF, 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'};
  auto out = lzss_decode(stream, 3);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(*out, lzss_test_bytes("ABC"));
}

TEST(LzssDecode, EmptyPayload) {
  auto out = lzss_decode({}, 0);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(out->empty());
  auto missing = lzss_decode({}, 1);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().rule, "rsli.lzss.truncated");
  EXPECT_EQ(missing.error().offset, 0u);
}

TEST(LzssDecode, TruncatedStreamNamesRuleAndOffset) {
  // The flag byte promises a literal that is not there.
  const ByteBuffer stream = {0xFF, 'A', 'B', 'C'};
  auto out = lzss_decode(stream, 4);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().rule, "rsli.lzss.truncated");
  EXPECT_EQ(out.error().code, ErrorCode::invalid_input);
  EXPECT_EQ(out.error().offset, 4u);
  EXPECT_EQ(out.error().message, "LZSS stream ends after 4 bytes with 3 of 4 bytes unpacked");
  // A reference cut after its first byte.
  const ByteBuffer half = {0x00, 0xEE};
  auto cut = lzss_decode(half, 2);
  ASSERT_FALSE(cut.ok());
  EXPECT_EQ(cut.error().rule, "rsli.lzss.truncated");
  EXPECT_EQ(cut.error().offset, 2u);
}

TEST(LzssDecode, RefusesImpossibleSizesBeforeAllocating) {
  // 17 bytes (one flag byte, 8 references of 18 bytes) yield at most 144 bytes.
  ByteBuffer stream(17, 0x0F);
  stream[0] = 0x00;
  auto full = lzss_decode(stream, 144);
  ASSERT_TRUE(full.ok()) << full.error().to_string();
  EXPECT_EQ(*full, ByteBuffer(144, 0x20));
  // One more byte can be one more literal (a new flag byte and 'A').
  EXPECT_TRUE(lzss_decode(ByteBuffer{0x01, 'A'}, 1).ok());
  EXPECT_FALSE(lzss_decode(ByteBuffer{0x01, 'A'}, 2).ok());
  auto more = lzss_decode(stream, 145);
  ASSERT_FALSE(more.ok());
  EXPECT_EQ(more.error().rule, "rsli.lzss.truncated");
  EXPECT_EQ(more.error().offset, 17u);
  EXPECT_EQ(more.error().message, "LZSS stream of 17 bytes cannot yield 145 bytes (at most 144)");
  auto huge = lzss_decode(stream, std::size_t{0xFFFFFFFF});
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.error().rule, "rsli.lzss.size");
  EXPECT_EQ(huge.error().message, "LZSS unpacked size 4294967295 exceeds the decoder's limit of 268435456 bytes");
}

TEST(LzssDecode, MatchesTheRingReferenceOnRandomStreams) {
  // Random flag bytes and references exercise the fast path, the careful path, the prefill, the
  // distance of 4096 (a reference to the ring position about to be written) and overlaps.
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    for (unsigned literal_percent : {0u, 20u, 50u, 90u}) {
      const ByteBuffer stream = lzss_test_random_stream(20000, seed * 100 + literal_percent, literal_percent);
      const ByteBuffer reference = lzss_reference_decode(stream, std::size_t{1} << 30);
      auto out = lzss_decode(stream, reference.size());
      ASSERT_TRUE(out.ok()) << out.error().to_string();
      ASSERT_EQ(*out, reference) << seed << " " << literal_percent;
      // A size that stops inside the stream, mid-match or not.
      const std::size_t shorter = reference.size() / 3 + seed;
      auto partial = lzss_decode(stream, shorter);
      ASSERT_TRUE(partial.ok());
      ASSERT_EQ(*partial, ByteBuffer(reference.begin(), reference.begin() + static_cast<std::ptrdiff_t>(shorter)));
    }
  }
}

TEST(LzssDecode, TruncatedAtEveryCutPoint) {
  const ByteBuffer stream = lzss_test_random_stream(64, 77, 50);
  const ByteBuffer reference = lzss_reference_decode(stream, std::size_t{1} << 30);
  for (std::size_t cut = 0; cut < stream.size(); ++cut) {
    auto out = lzss_decode(ByteView(stream).first(cut), reference.size());
    ASSERT_FALSE(out.ok()) << cut;
    EXPECT_EQ(out.error().rule, "rsli.lzss.truncated") << cut;
    EXPECT_EQ(out.error().offset, cut) << cut;
  }
}

ByteBuffer lzss_test_random(std::size_t size, std::uint64_t seed) {
  sample::SampleRandom random{seed};
  ByteBuffer bytes(size);
  for (std::uint8_t& b : bytes) b = random.byte();
  return bytes;
}

// Long runs and a repeated 100-byte block, in random order.
ByteBuffer lzss_test_repetitive(std::size_t size, std::uint64_t seed) {
  sample::SampleRandom random{seed};
  ByteBuffer block(100);
  for (std::uint8_t& b : block) b = random.byte();
  ByteBuffer bytes;
  bytes.reserve(size);
  while (bytes.size() < size) {
    if (random.below(2) == 0) {
      bytes.insert(bytes.end(), std::min<std::size_t>(random.below(3000) + 1, size - bytes.size()), random.byte());
    } else {
      for (std::size_t i = 0; i < block.size() && bytes.size() < size; ++i) bytes.push_back(block[i]);
    }
  }
  return bytes;
}

void expect_lzss_round_trip(const ByteBuffer& data) {
  const ByteBuffer packed = lzss_encode(data);
  auto out = lzss_decode(packed, data.size());
  ASSERT_TRUE(out.ok()) << data.size() << ": " << out.error().to_string();
  EXPECT_EQ(*out, data) << data.size();
  // The literal ring decoder reads the same bytes, and needs every byte of the stream.
  EXPECT_EQ(lzss_reference_decode(packed, data.size()), data) << data.size();
  if (!packed.empty()) {
    auto cut = lzss_decode(ByteView(packed).first(packed.size() - 1), data.size());
    ASSERT_FALSE(cut.ok()) << data.size();
    EXPECT_EQ(cut.error().rule, "rsli.lzss.truncated");
  }
}

TEST(LzssEncode, EmptyInputGivesAnEmptyStream) {
  EXPECT_TRUE(lzss_encode({}).empty());
  expect_lzss_round_trip({});
}

TEST(LzssEncode, ShortInputsAreLiterals) {
  EXPECT_EQ(lzss_encode(lzss_test_bytes("ab")), (ByteBuffer{0x03, 'a', 'b'}));
  expect_lzss_round_trip(lzss_test_bytes("a"));
  expect_lzss_round_trip(lzss_test_bytes("xyz"));
}

TEST(LzssEncode, LeadingSpacesReferenceThePrefill) {
  // 18 spaces are one reference into the prefill (ring 0xFED, the space just before the first write,
  // overlapping its own output), then 'x'.
  const ByteBuffer data = lzss_test_bytes("                  x");
  EXPECT_EQ(lzss_encode(data), (ByteBuffer{0x02, 0xED, 0xFF, 'x'}));
  expect_lzss_round_trip(data);
  // 1000 spaces: about 56 references of 18.
  const ByteBuffer spaces(1000, 0x20);
  EXPECT_LT(lzss_encode(spaces).size(), 130u);
  expect_lzss_round_trip(spaces);
}

TEST(LzssEncode, RunsUseOverlappingReferences) {
  // 'a', then one reference one byte back of 18, 'a' * 19 in all.
  const ByteBuffer data(19, 'a');
  EXPECT_EQ(lzss_encode(data), (ByteBuffer{0x01, 'a', 0xEE, 0xFF}));
  expect_lzss_round_trip(data);
}

TEST(LzssEncode, MatchesAcrossTheWholeWindow) {
  // A random block repeated 4096 bytes later: only a reference of distance 4096 (the ring position
  // about to be written) finds it.
  ByteBuffer data = lzss_test_random(4096, 11);
  data.insert(data.end(), data.begin(), data.end());
  const ByteBuffer packed = lzss_encode(data);
  // The first copy costs 4096 literals (4608 bytes); the second 228 references (~484 bytes).
  EXPECT_LT(packed.size(), 4608u + 520u);
  expect_lzss_round_trip(data);
  // 4097 bytes apart is out of reach: the second copy stays literal.
  ByteBuffer far = lzss_test_random(4097, 12);
  far.insert(far.end(), far.begin(), far.begin() + 1000);
  EXPECT_GT(lzss_encode(far).size(), (4097u + 1000u) * 9 / 8 - 2);
  expect_lzss_round_trip(far);
}

TEST(LzssEncode, CompressesRepetitiveData) {
  const ByteBuffer data = lzss_test_repetitive(1 << 16, 21);
  const ByteBuffer packed = lzss_encode(data);
  // LZSS cannot go below 17 bytes per 144 (11.8%: 8 references of 18 and their flag byte), so the
  // 10% asked of Deflate is out of reach; a 100-byte block costs 6 references (12.75%).
  EXPECT_LT(packed.size(), data.size() * 13 / 100);
  EXPECT_GE(packed.size(), data.size() * 17 / 144);
  expect_lzss_round_trip(data);
}

TEST(LzssEncode, RoundTripsRandomRepetitiveAndEmptyPayloadsUpTo1MB) {
  expect_lzss_round_trip(lzss_test_random(1 << 20, 31));
  expect_lzss_round_trip(lzss_test_repetitive(1 << 20, 32));
  expect_lzss_round_trip(ByteBuffer(1 << 20, 0x20));
  expect_lzss_round_trip(ByteBuffer(1 << 20, 0x00));
  for (std::size_t size : {1u, 2u, 3u, 17u, 18u, 19u, 4095u, 4096u, 4097u, 4114u, 65537u})
    expect_lzss_round_trip(lzss_test_repetitive(size, size));
}

RC_GTEST_PROP(LzssCodec, DecodeOfEncodeIsTheIdentity, (std::vector<std::uint8_t> data)) {
  const ByteBuffer packed = lzss_encode(data);
  auto out = lzss_decode(packed, data.size());
  RC_ASSERT(out.ok());
  RC_ASSERT(*out == data);
}

RC_GTEST_PROP(LzssCodec, DecodeOfEncodeIsTheIdentityOnSmallAlphabets, ()) {
  // Few distinct bytes (spaces among them) give many long, overlapping and prefill references.
  const auto data = *rc::gen::container<std::vector<std::uint8_t>>(
      rc::gen::element<std::uint8_t>(0x20, 0x20, 'a', 'b', 0x00));
  const ByteBuffer packed = lzss_encode(data);
  auto out = lzss_decode(packed, data.size());
  RC_ASSERT(out.ok());
  RC_ASSERT(*out == data);
  RC_ASSERT(lzss_reference_decode(packed, data.size()) == data);
}

}  // namespace
}  // namespace parkan::rsli
