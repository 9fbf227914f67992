// docs/formats/rsli.md 4: the XOR stream of RsLi tables and payloads.
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "parkan/rsli/codec.hpp"

namespace parkan::rsli {
namespace {

TEST(XorTransform, MatchesTheSpecTestVector) {
  std::vector<std::uint8_t> bytes = {0x00, 0x01, 0x02, 0x03};
  xor_transform(bytes, 0x1234);
  EXPECT_EQ(bytes, (std::vector<std::uint8_t>{0x7A, 0x86, 0xB2, 0x8C}));
}

TEST(XorTransform, IsItsOwnInverse) {
  std::vector<std::uint8_t> bytes = {0x7A, 0x86, 0xB2, 0x8C};
  xor_transform(bytes, 0x1234);
  EXPECT_EQ(bytes, (std::vector<std::uint8_t>{0x00, 0x01, 0x02, 0x03}));
}

TEST(XorTransform, StateRunsOnAcrossTheWholeStream) {
  // The keystream of key 0x1234 for 8 bytes, from the spec's loop by hand: the state is not reset,
  // so the second half differs from the first.
  std::vector<std::uint8_t> zeros(8, 0);
  xor_transform(zeros, 0x1234);
  std::vector<std::uint8_t> expected;
  unsigned lo = 0x34, hi = 0x12;
  for (int i = 0; i < 8; ++i) {
    lo = (hi ^ (lo << 1)) & 0xFF;
    expected.push_back(static_cast<std::uint8_t>(lo));
    hi = (lo ^ (hi >> 1)) & 0xFF;
  }
  EXPECT_EQ(zeros, expected);
  EXPECT_EQ(zeros[0], 0x7A);
  EXPECT_NE(std::vector<std::uint8_t>(zeros.begin(), zeros.begin() + 4),
            std::vector<std::uint8_t>(zeros.begin() + 4, zeros.end()));
}

TEST(XorTransform, EmptyInputIsUntouched) {
  std::vector<std::uint8_t> bytes;
  xor_transform(bytes, 0xFFFF);
  EXPECT_TRUE(bytes.empty());
}

TEST(XorTransform, KeyZeroKeepsAZeroStateSoBytesPassThrough) {
  // lo = hi = 0 stays 0 forever: the stream of key 0 is the identity.
  std::vector<std::uint8_t> bytes = {1, 2, 3, 250};
  xor_transform(bytes, 0);
  EXPECT_EQ(bytes, (std::vector<std::uint8_t>{1, 2, 3, 250}));
}

RC_GTEST_PROP(XorTransform, TwiceIsTheIdentity, (std::vector<std::uint8_t> data, std::uint16_t key)) {
  std::vector<std::uint8_t> bytes = data;
  xor_transform(bytes, key);
  xor_transform(bytes, key);
  RC_ASSERT(bytes == data);
}

}  // namespace
}  // namespace parkan::rsli
