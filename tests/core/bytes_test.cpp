#include "parkan/core/bytes.hpp"

#include <gtest/gtest.h>

namespace parkan {
namespace {

TEST(ByteReader, ReadsLittleEndian) {
  const std::uint8_t data[] = {0x01, 0x02, 0x03, 0x04, 0xFF, 0xFF};
  ByteReader r(data);
  EXPECT_EQ(*r.u32(), 0x04030201u);
  EXPECT_EQ(*r.i16(), -1);
  EXPECT_TRUE(r.at_end());
}

TEST(ByteReader, ReportsShortReadWithOffset) {
  const std::uint8_t data[] = {1, 2, 3};
  ByteReader r(data);
  ASSERT_TRUE(r.u16().ok());
  auto v = r.u32();
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error().to_string(), "unexpected end of data: need 4 bytes, 1 left at offset 0x2");
}

TEST(ByteReader, HugeViewRequestFailsWithoutOverflow) {
  const std::uint8_t data[] = {1, 2, 3};
  ByteReader r(data, 1);
  EXPECT_FALSE(r.bytes(SIZE_MAX).ok());
  EXPECT_FALSE(r.seek(4).ok());
}

TEST(RangeFits, NoOverflow) {
  EXPECT_TRUE(range_fits(0, 10, 10));
  EXPECT_FALSE(range_fits(1, 10, 10));
  EXPECT_FALSE(range_fits(0xFFFFFFFFFFFFFFF0ull, 0x20, 0x10));
  EXPECT_FALSE(range_fits(11, 0, 10));
}

TEST(ByteWriter, AlignsAndPatches) {
  ByteWriter w;
  w.u8(1);
  w.align(8);
  w.u32(0);
  w.patch_u32(8, 0xAABBCCDD);
  ByteBuffer b = w.take();
  ASSERT_EQ(b.size(), 12u);
  EXPECT_EQ(b[1], 0);
  EXPECT_EQ(load_u32(b.data() + 8), 0xAABBCCDDu);
}

}  // namespace
}  // namespace parkan
