// docs/formats/rsli.md 6.5: raw Deflate payloads through libdeflate.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "sample/sample_random.hpp"
#include "parkan/rsli/codec.hpp"

namespace parkan::rsli {
namespace {

// zlib.compressobj(9, DEFLATED, -15) of "hello" (raw), and zlib.compress(b"hello") (wrapped).
const ByteBuffer kRawHello = {0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00};
const ByteBuffer kZlibHello = {0x78, 0x9C, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00, 0x06, 0x2C, 0x02, 0x15};

ByteBuffer deflate_test_bytes(std::string_view text) { return ByteBuffer(text.begin(), text.end()); }

ByteBuffer deflate_test_random(std::size_t size, std::uint64_t seed) {
  sample::SampleRandom random{seed};
  ByteBuffer bytes(size);
  for (std::uint8_t& b : bytes) b = random.byte();
  return bytes;
}

ByteBuffer deflate_test_repetitive(std::size_t size, std::uint64_t seed) {
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

TEST(DeflateDecode, ReadsARawStream) {
  auto out = deflate_decode(kRawHello, 5);
  ASSERT_TRUE(out.ok()) << out.error().to_string();
  EXPECT_EQ(*out, deflate_test_bytes("hello"));
}

TEST(DeflateDecode, ZlibWrappedStreamFails) {
  auto out = deflate_decode(kZlibHello, 5);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().rule, "rsli.deflate.stream");
  EXPECT_EQ(out.error().code, ErrorCode::invalid_input);
}

TEST(DeflateDecode, ShorterOutputThanTheUnpackedSizeFails) {
  auto out = deflate_decode(kRawHello, 6);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().rule, "rsli.deflate.size");
  EXPECT_EQ(out.error().message, "Deflate stream inflates to 5 bytes, the unpacked size is 6");
}

TEST(DeflateDecode, LongerOutputThanTheUnpackedSizeFails) {
  auto out = deflate_decode(kRawHello, 4);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().rule, "rsli.deflate.size");
  EXPECT_EQ(out.error().message, "Deflate stream inflates to more than the unpacked size 4");
}

TEST(DeflateDecode, RefusesImpossibleSizesBeforeAllocating) {
  // A hostile directory claims 4 GB for a 7-byte stream.
  auto huge = deflate_decode(kRawHello, std::size_t{0xFFFFFFFF});
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.error().rule, "rsli.deflate.size");
  EXPECT_EQ(huge.error().message, "Deflate unpacked size 4294967295 exceeds the decoder's limit of 268435456 bytes");
  auto dense = deflate_decode(kRawHello, 7 * 1032 + 259);
  ASSERT_FALSE(dense.ok());
  EXPECT_EQ(dense.error().message, "a Deflate stream of 7 bytes cannot inflate to 7483 bytes");
}

TEST(DeflateDecode, EmptyAndGarbageStreamsFail) {
  auto empty = deflate_decode({}, 0);
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error().rule, "rsli.deflate.stream");
  // Block type 3 is reserved.
  const ByteBuffer reserved = {0x07, 0x00};
  auto bad = deflate_decode(reserved, 1);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().rule, "rsli.deflate.stream");
}

TEST(DeflateDecode, TruncatedStreamFails) {
  const ByteBuffer data = deflate_test_repetitive(20000, 3);
  auto packed = deflate_encode(data, 6);
  ASSERT_TRUE(packed.ok());
  for (std::size_t cut = 0; cut < packed->size(); cut += 7) {
    auto out = deflate_decode(ByteView(*packed).first(cut), data.size());
    ASSERT_FALSE(out.ok()) << "cut " << cut;
    EXPECT_TRUE(out.error().rule == "rsli.deflate.stream" || out.error().rule == "rsli.deflate.size") << cut;
  }
}

TEST(DeflateEncode, LevelOutOfRangeIsAnError) {
  for (int level : {-1, 13, 100}) {
    auto out = deflate_encode(deflate_test_bytes("abc"), level);
    ASSERT_FALSE(out.ok()) << level;
    EXPECT_EQ(out.error().rule, "rsli.deflate.level");
    EXPECT_EQ(out.error().code, ErrorCode::usage);
  }
  EXPECT_EQ(deflate_encode(deflate_test_bytes("abc"), 13).error().message, "Deflate level 13 is out of range 0..12");
}

TEST(DeflateEncode, EveryLevelRoundTrips) {
  const ByteBuffer data = deflate_test_repetitive(50000, 7);
  for (int level = 0; level <= 12; ++level) {
    auto packed = deflate_encode(data, level);
    ASSERT_TRUE(packed.ok()) << level;
    auto out = deflate_decode(*packed, data.size());
    ASSERT_TRUE(out.ok()) << level << ": " << out.error().to_string();
    EXPECT_EQ(*out, data) << level;
    if (level >= 1) {
      EXPECT_LT(packed->size(), data.size() / 10) << level;
    }
  }
}

TEST(DeflateEncode, RoundTripsRandomRepetitiveAndEmptyPayloadsUpTo1MB) {
  std::vector<ByteBuffer> payloads = {ByteBuffer{}, ByteBuffer(1, 0x41), deflate_test_random(1 << 20, 1),
                                      deflate_test_repetitive(1 << 20, 2), ByteBuffer(1 << 20, 0x20),
                                      deflate_test_random(4097, 5)};
  for (const ByteBuffer& data : payloads) {
    auto packed = deflate_encode(data, 6);
    ASSERT_TRUE(packed.ok());
    auto out = deflate_decode(*packed, data.size());
    ASSERT_TRUE(out.ok()) << data.size() << ": " << out.error().to_string();
    EXPECT_EQ(*out, data) << data.size();
  }
}

TEST(DeflateEncode, CompressesRepetitiveData) {
  const ByteBuffer data = deflate_test_repetitive(1 << 16, 9);
  auto packed = deflate_encode(data, 6);
  ASSERT_TRUE(packed.ok());
  EXPECT_LT(packed->size(), data.size() / 10);
}

RC_GTEST_PROP(DeflateCodec, DecodeOfEncodeIsTheIdentity, (std::vector<std::uint8_t> data)) {
  const int level = *rc::gen::inRange(0, 13);
  auto packed = deflate_encode(data, level);
  RC_ASSERT(packed.ok());
  auto out = deflate_decode(*packed, data.size());
  RC_ASSERT(out.ok());
  RC_ASSERT(*out == data);
}

}  // namespace
}  // namespace parkan::rsli
