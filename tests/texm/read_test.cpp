#include "parkan/texm/read.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "builders.hpp"

namespace parkan::texm {
namespace {

using test::RawTexm;
using test::append;
using test::counting;
using test::page_chunk;

std::string error_of(const ByteBuffer& bytes) {
  auto t = read(bytes);
  return t.ok() ? std::string("(no error)") : t.error().to_string();
}

TEST(TexmRead, LaysOutANonPowerOfTwoMipChain) {
  RawTexm raw;
  raw.width = 5;
  raw.height = 3;
  raw.mip_count = 3;
  raw.format = 565;
  raw.flags4 = 32;
  raw.flags5 = 0x04000000;
  raw.unk6 = 0xDEADBEEF;
  raw.body = counting((15 + 2 + 1) * 2);
  ByteBuffer bytes = raw.bytes();
  auto t = read(bytes);
  ASSERT_TRUE(t.ok()) << t.error().to_string();
  EXPECT_EQ(t->format, Format::rgb565);
  EXPECT_EQ(t->header.flags4, 32u);
  EXPECT_EQ(t->header.flags5, 0x04000000u);
  EXPECT_EQ(t->header.unk6, 0xDEADBEEFu);
  ASSERT_EQ(t->levels.size(), 3u);
  EXPECT_EQ(t->levels[0], (Level{5, 3, 32, 30}));
  EXPECT_EQ(t->levels[1], (Level{2, 1, 62, 4}));
  EXPECT_EQ(t->levels[2], (Level{1, 1, 66, 2}));
  EXPECT_EQ(t->core_size, 68u);
  EXPECT_TRUE(t->palette.empty());
  EXPECT_FALSE(t->page.has_value());
  EXPECT_EQ(t->level_bytes(1)[0], 30);
}

TEST(TexmRead, LevelsOfATallTextureStopAtOne) {
  RawTexm raw;
  raw.width = 1;
  raw.height = 8;
  raw.mip_count = 4;
  raw.format = 88;
  raw.body = counting((8 + 4 + 2 + 1) * 2);
  ByteBuffer bytes = raw.bytes();
  auto t = read(bytes);
  ASSERT_TRUE(t.ok()) << t.error().to_string();
  EXPECT_EQ(t->levels[3], (Level{1, 1, 32 + 28, 2}));
}

TEST(TexmRead, IndexedHasPaletteBeforePixels) {
  RawTexm raw;
  raw.width = 2;
  raw.height = 2;
  raw.format = 0;
  raw.body = counting(1024 + 4, 7);
  ByteBuffer bytes = raw.bytes();
  auto t = read(bytes);
  ASSERT_TRUE(t.ok()) << t.error().to_string();
  ASSERT_EQ(t->palette.size(), 1024u);
  EXPECT_EQ(t->palette[0], 7);
  EXPECT_EQ(t->levels[0], (Level{2, 2, 32 + 1024, 4}));
  EXPECT_EQ(t->core_size, 32u + 1024 + 4);
}

// Format 2 (docs/formats/texm.md 3.4): one byte per pixel right after the header, no palette.
TEST(TexmRead, Format2HasNoPaletteOfItsOwn) {
  RawTexm raw;
  raw.width = 4;
  raw.height = 2;
  raw.mip_count = 2;
  raw.format = 2;
  raw.body = counting(8 + 2, 1);
  ByteBuffer bytes = raw.bytes();
  auto t = read(bytes);
  ASSERT_TRUE(t.ok()) << t.error().to_string();
  EXPECT_EQ(t->format, Format::indexed8_external);
  EXPECT_TRUE(t->palette.empty());
  EXPECT_EQ(t->levels[0], (Level{4, 2, 32, 8}));
  EXPECT_EQ(t->levels[1], (Level{2, 1, 40, 2}));
  EXPECT_EQ(t->core_size, 42u);
  EXPECT_EQ(*write(*t), bytes);
  raw.body.pop_back();
  ByteBuffer short_bytes = raw.bytes();
  EXPECT_EQ(read(short_bytes).error().rule, "texm.size.truncated");
}

TEST(TexmRead, ParsesPageRectsAsXWYH) {
  RawTexm raw;
  raw.width = 4;
  raw.height = 4;
  raw.format = 8888;
  raw.body = counting(64);
  append(raw.body, page_chunk({{0, 2, 0, 2}, {-1, 3, 2, -2}}));
  ByteBuffer bytes = raw.bytes();
  auto t = read(bytes);
  ASSERT_TRUE(t.ok()) << t.error().to_string();
  ASSERT_TRUE(t->page.has_value());
  EXPECT_EQ(*t->page, (std::vector<PageRect>{{0, 2, 0, 2}, {-1, 3, 2, -2}}));
  EXPECT_EQ(t->core_size, 96u);
}

TEST(TexmRead, EmptyPageChunkIsValid) {
  RawTexm raw;
  raw.body = counting(4);
  append(raw.body, page_chunk({}));
  ByteBuffer bytes = raw.bytes();
  auto t = read(bytes);
  ASSERT_TRUE(t.ok()) << t.error().to_string();
  EXPECT_EQ(t->page, std::vector<PageRect>{});
}

TEST(TexmWrite, UnmodifiedTextureWritesBackIdentical) {
  RawTexm raw;
  raw.width = 3;
  raw.height = 2;
  raw.mip_count = 2;
  raw.format = 888;
  raw.flags4 = 32;
  raw.flags5 = 0x12345678;
  raw.unk6 = 0xFFFFFFFF;
  raw.body = counting((6 + 1) * 4, 0x80);  // the X byte of 888 is arbitrary and must survive
  append(raw.body, page_chunk({{1, 1, 1, 1}}));
  ByteBuffer bytes = raw.bytes();
  auto t = read(bytes);
  ASSERT_TRUE(t.ok());
  auto again = write(*t);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, bytes);
}

TEST(TexmWrite, RejectsPartsThatDisagreeWithTheHeader) {
  RawTexm raw;
  raw.width = 2;
  raw.height = 2;
  raw.body = counting(16);
  ByteBuffer bytes = raw.bytes();
  Texture t = *read(bytes);
  t.pixels = t.pixels.subspan(0, 12);
  EXPECT_EQ(write(t).error().to_string(), "mip chain has 12 bytes, a 2x2 format 8888 texture with 1 levels needs 16");
  t = *read(bytes);
  t.palette = t.pixels;
  EXPECT_EQ(write(t).error().to_string(), "palette has 16 bytes, format 8888 needs 0");
  t = *read(bytes);
  t.header.format = 7;
  EXPECT_EQ(write(t).error().to_string(), "unknown format 7 at offset 0x1c");
}

TEST(TexmReadErrors, EachRuleHasItsOwnMessage) {
  EXPECT_EQ(error_of(ByteBuffer(31)), "payload too small for the Texm header: 31 bytes, need 32 at offset 0x0");
  RawTexm raw;
  raw.body = counting(4);
  raw.magic = 0x4D584554;
  EXPECT_EQ(error_of(raw.bytes()), "bad magic 0x4d584554: not a Texm texture at offset 0x0");
  raw.magic = kMagic;
  raw.width = 0;
  EXPECT_EQ(error_of(raw.bytes()), "width is 0 at offset 0x4");
  raw.width = 1;
  raw.height = 0;
  EXPECT_EQ(error_of(raw.bytes()), "height is 0 at offset 0x8");
  raw.height = 1;
  raw.mip_count = 0;
  EXPECT_EQ(error_of(raw.bytes()), "mip count is 0 at offset 0xc");
  raw.mip_count = 33;
  EXPECT_EQ(error_of(raw.bytes()), "mip count 33 is above 32 at offset 0xc");
  raw.mip_count = 0xFFFFFFFF;
  EXPECT_EQ(error_of(raw.bytes()), "mip count 4294967295 is above 32 at offset 0xc");
  raw.mip_count = 1;
  raw.format = 565 + 1;
  EXPECT_EQ(error_of(raw.bytes()), "unknown format 566 at offset 0x1c");
  raw.format = 0;
  raw.body = counting(1023);
  EXPECT_EQ(error_of(raw.bytes()),
            "format 0 texture has no room for its palette: 1023 bytes after the header, need 1024 at offset 0x20");
  raw.body = counting(1024);
  EXPECT_EQ(error_of(raw.bytes()), "mip level 0 (1x1, 1 bytes) is truncated: 0 bytes left at offset 0x420");
}

TEST(TexmReadErrors, TruncatedLowerLevel) {
  RawTexm raw;
  raw.width = 4;
  raw.height = 4;
  raw.mip_count = 3;
  raw.format = 4444;
  raw.body = counting(32 + 8 + 1);
  EXPECT_EQ(error_of(raw.bytes()), "mip level 2 (1x1, 2 bytes) is truncated: 1 bytes left at offset 0x48");
}

TEST(TexmReadErrors, HugeDimensionsDoNotOverflow) {
  RawTexm raw;
  raw.width = 0xFFFFFFFF;
  raw.height = 0xFFFFFFFF;
  raw.mip_count = 32;
  raw.format = 8888;
  raw.body = counting(64);
  EXPECT_EQ(error_of(raw.bytes()),
            "mip level 0 (4294967295x4294967295, over 2^64 bytes) is truncated: 64 bytes left at offset 0x20");
  raw.format = 88;
  raw.height = 16;
  EXPECT_EQ(error_of(raw.bytes()),
            "mip level 0 (4294967295x16, 137438953440 bytes) is truncated: 64 bytes left at offset 0x20");
}

TEST(TexmReadErrors, TailMustBeExactlyOnePageChunk) {
  RawTexm raw;
  raw.body = counting(4);
  raw.body.push_back(0);
  EXPECT_EQ(error_of(raw.bytes()), "1 bytes after the mip chain: too short for a Page chunk (need 8) at offset 0x24");
  raw.body = counting(4);
  append(raw.body, ByteBuffer{'P', 'a', 'g', 'f', 0, 0, 0, 0});
  EXPECT_EQ(error_of(raw.bytes()), "8 bytes after the mip chain are not a Page chunk (magic 0x66676150) at offset 0x24");
  raw.body = counting(4);
  append(raw.body, page_chunk({{1, 2, 3, 4}}));
  raw.body.push_back(0);
  EXPECT_EQ(error_of(raw.bytes()), "Page chunk with 1 rects needs 16 bytes, the tail has 17 at offset 0x28");
  raw.body = counting(4);
  append(raw.body, page_chunk({{1, 2, 3, 4}}));
  store_u32(raw.body.data() + 8, 0xFFFFFFFF);
  EXPECT_EQ(error_of(raw.bytes()), "Page chunk with 4294967295 rects needs 34359738368 bytes, the tail has 16 at offset 0x28");
}

// A random valid texture of any format, size, chain length, flags and tail.
rc::Gen<ByteBuffer> arbitrary_texm() {
  return rc::gen::exec([] {
    RawTexm raw;
    Format f = *rc::gen::elementOf(std::vector<Format>(std::begin(kAllFormats), std::end(kAllFormats)));
    raw.format = format_number(f);
    raw.width = *rc::gen::inRange<std::uint32_t>(1, 40);
    raw.height = *rc::gen::inRange<std::uint32_t>(1, 40);
    raw.mip_count = *rc::gen::inRange<std::uint32_t>(1, 9);
    raw.flags4 = *rc::gen::arbitrary<std::uint32_t>();
    raw.flags5 = *rc::gen::arbitrary<std::uint32_t>();
    raw.unk6 = *rc::gen::arbitrary<std::uint32_t>();
    std::size_t pixels = 0;
    for (std::uint32_t i = 0; i < raw.mip_count; ++i) pixels += std::size_t(level_side(raw.width, i)) * level_side(raw.height, i);
    std::size_t n = (f == Format::indexed8 ? 1024 : 0) + pixels * bytes_per_pixel(f);
    raw.body = *rc::gen::container<ByteBuffer>(n, rc::gen::arbitrary<std::uint8_t>());
    if (*rc::gen::arbitrary<bool>()) {
      auto rects = *rc::gen::container<std::vector<PageRect>>(rc::gen::build<PageRect>(
          rc::gen::set(&PageRect::x), rc::gen::set(&PageRect::w), rc::gen::set(&PageRect::y), rc::gen::set(&PageRect::h)));
      append(raw.body, page_chunk(rects));
    }
    return raw.bytes();
  });
}

RC_GTEST_PROP(TexmRoundTrip, WriteOfReadIsIdentityOnBytes, ()) {
  ByteBuffer bytes = *arbitrary_texm();
  auto t = read(bytes);
  RC_ASSERT(t.ok());
  auto again = write(*t);
  RC_ASSERT(again.ok());
  RC_ASSERT(*again == bytes);
}

RC_GTEST_PROP(TexmRoundTrip, ReadOfWriteIsIdentityOnModel, ()) {
  ByteBuffer bytes = *arbitrary_texm();
  Texture t = *read(bytes);
  ByteBuffer written = *write(t);
  auto again = read(written);
  RC_ASSERT(again.ok());
  RC_ASSERT(*again == t);
}

RC_GTEST_PROP(TexmRead, ArbitraryBytesNeverCrash, (const std::vector<std::uint8_t>& tail)) {
  RawTexm raw;
  raw.width = *rc::gen::inRange<std::uint32_t>(0, 8);
  raw.height = *rc::gen::inRange<std::uint32_t>(0, 8);
  raw.mip_count = *rc::gen::inRange<std::uint32_t>(0, 40);
  raw.format = *rc::gen::elementOf(std::vector<std::uint32_t>{0, 2, 565, 556, 4444, 88, 888, 8888, 1, 555});
  raw.body = tail;
  ByteBuffer bytes = raw.bytes();
  auto t = read(bytes);
  if (t.ok()) RC_ASSERT(t->core_size <= bytes.size());
}

}  // namespace
}  // namespace parkan::texm
