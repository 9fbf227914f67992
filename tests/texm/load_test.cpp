#include "parkan/texm/load.hpp"

#include <gtest/gtest.h>

#include "builders.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::texm {
namespace {

TEST(TexmMipSkip, EveryBranchOfThePolicy) {
  // mip count <= 1 wins over every mask
  EXPECT_EQ(mip_skip_policy(0x02000000, 512, 512, 1), 0u);
  EXPECT_EQ(mip_skip_policy(0x10000000, 512, 512, 0), 0u);
  // 0x02000000
  EXPECT_EQ(mip_skip_policy(0x02000000, 4, 4, 3), 2u);
  EXPECT_EQ(mip_skip_policy(0x02000000, 4, 4, 2), 1u);
  // 0x10000000
  EXPECT_EQ(mip_skip_policy(0x10000000, 1, 1, 2), 1u);
  // 0x20000000
  EXPECT_EQ(mip_skip_policy(0x20000000, 256, 16, 5), 1u);
  EXPECT_EQ(mip_skip_policy(0x20000000, 16, 256, 5), 1u);
  EXPECT_EQ(mip_skip_policy(0x20000000, 255, 255, 5), 0u);
  // 0x40000000
  EXPECT_EQ(mip_skip_policy(0x40000000, 129, 129, 3), 2u);
  EXPECT_EQ(mip_skip_policy(0x40000000, 129, 129, 2), 1u);
  EXPECT_EQ(mip_skip_policy(0x40000000, 128, 512, 4), 1u);
  EXPECT_EQ(mip_skip_policy(0x40000000, 512, 128, 4), 1u);
  EXPECT_EQ(mip_skip_policy(0x40000000, 512, 64, 4), 0u);
  EXPECT_EQ(mip_skip_policy(0x40000000, 64, 64, 4), 0u);
  // other masks: combinations and none
  EXPECT_EQ(mip_skip_policy(0, 1024, 1024, 11), 0u);
  EXPECT_EQ(mip_skip_policy(0x12000000, 1024, 1024, 11), 0u);
  EXPECT_EQ(mip_skip_policy(0x04000000, 1024, 1024, 11), 0u);  // outside the mask: the common retail flag
  EXPECT_EQ(mip_skip_policy(0x8D000000 | 0x10000000, 8, 8, 4), 1u);  // bits outside the mask are ignored
}

Texture parse(const ByteBuffer& bytes) {
  auto t = read(bytes);
  EXPECT_TRUE(t.ok()) << t.error().to_string();
  return *t;
}

test::RawTexm raw_texm(std::uint32_t w, std::uint32_t h, std::uint32_t mips, std::uint32_t format, std::uint32_t flags5) {
  test::RawTexm raw;
  raw.width = w;
  raw.height = h;
  raw.mip_count = mips;
  raw.format = format;
  raw.flags5 = flags5;
  std::size_t pixels = 0;
  for (std::uint32_t i = 0; i < mips; ++i) pixels += std::size_t(level_side(w, i)) * level_side(h, i);
  Format f = *to_format(format);
  raw.body = test::counting((f == Format::indexed8 ? 1024 : 0) + pixels * bytes_per_pixel(f));
  return raw;
}

TEST(TexmLoad, NoSkip) {
  ByteBuffer bytes = raw_texm(64, 32, 7, 565, 0).bytes();
  LoadResult r = load(parse(bytes), 0);
  EXPECT_EQ(r.mip_skip, 0u);
  EXPECT_EQ(r.width, 64u);
  EXPECT_EQ(r.height, 32u);
  EXPECT_EQ(r.mip_count, 7u);
  EXPECT_EQ(r.pixel_offset, 32u);
  EXPECT_EQ(r.exact_pixel_offset, 32u);
  EXPECT_FALSE(r.runtime_mips);
  ASSERT_EQ(r.rects.size(), 1u);
  EXPECT_EQ(r.rects[0].x1, 64);
  EXPECT_EQ(r.rects[0].y1, 32);
  EXPECT_EQ(r.rects[0].du, 1.0f);
}

TEST(TexmLoad, SkipOneMovesByLevelZero) {
  ByteBuffer bytes = raw_texm(64, 32, 7, 565, 0x10000000).bytes();  // the docs/cli.md example
  LoadResult r = load(parse(bytes), 0);
  EXPECT_EQ(r.mip_skip, 1u);
  EXPECT_EQ(r.width, 32u);
  EXPECT_EQ(r.height, 16u);
  EXPECT_EQ(r.mip_count, 6u);
  EXPECT_EQ(r.pixel_offset, 4128u);
  EXPECT_EQ(r.exact_pixel_offset, 4128u);
}

TEST(TexmLoad, SkipTwoUsesTheEngineQuarterFormula) {
  ByteBuffer bytes = raw_texm(256, 256, 9, 0, 0x40000000).bytes();
  LoadResult r = load(parse(bytes), 0);
  EXPECT_EQ(r.mip_skip, 2u);
  EXPECT_EQ(r.width, 64u);
  EXPECT_EQ(r.mip_count, 7u);
  EXPECT_EQ(r.pixel_offset, 32u + 1024 + 65536 + 16384);
  EXPECT_EQ(r.exact_pixel_offset, r.pixel_offset);
  // For odd sizes the engine's 1.25 differs from the real start of level 2.
  ByteBuffer odd = raw_texm(5, 3, 3, 8888, 0x02000000).bytes();
  LoadResult o = load(parse(odd), 0);
  EXPECT_EQ(o.mip_skip, 2u);
  EXPECT_EQ(o.pixel_offset, 32u + 60 + 15);       // 60 * 1.25
  EXPECT_EQ(o.exact_pixel_offset, 32u + 60 + 8);  // level 1 is 2x1
  EXPECT_EQ(o.width, 1u);
  EXPECT_EQ(o.height, 0u);  // 3 >> 2: the engine's shift
  EXPECT_EQ(o.mip_count, 1u);
  EXPECT_FALSE(o.runtime_mips);
}

TEST(TexmLoad, PageRectsOnlyWithTheLoadFlag) {
  test::RawTexm raw = raw_texm(64, 32, 7, 8888, 0x10000000);
  test::append(raw.body, test::page_chunk({{8, 16, 4, 8}, {-2, 4, 0, 2}}));
  ByteBuffer bytes = raw.bytes();
  Texture t = parse(bytes);
  EXPECT_EQ(load(t, 0).rects.size(), 1u);
  EXPECT_EQ(load(t, 0x3FFFFF).rects.size(), 1u);
  LoadResult r = load(t, kLoadFlagPage);
  ASSERT_EQ(r.rects.size(), 3u);
  const LoadedRect& a = r.rects[1];
  EXPECT_EQ(a.x0, 16);
  EXPECT_EQ(a.x1, 48);
  EXPECT_EQ(a.y0, 8);
  EXPECT_EQ(a.y1, 24);
  EXPECT_EQ(a.u0, 8.0f / 64.0f);
  EXPECT_EQ(a.du, 16.0f / 64.0f);
  EXPECT_EQ(a.v0, 4.0f / 32.0f);
  EXPECT_EQ(a.dv, 8.0f / 32.0f);
  EXPECT_EQ(r.rects[2].x0, -4);
  EXPECT_EQ(r.rects[2].u0, -2.0f / 64.0f);
  EXPECT_EQ(r.rects[0].x1, 32);  // rect [0] is the whole loaded texture
}

TEST(TexmLoad, ProfileSwitches) {
  ByteBuffer bytes = raw_texm(16, 16, 5, 8888, 0).bytes();
  Texture t = parse(bytes);
  LoadResult plain = load(t, 0);
  EXPECT_EQ(plain.upload_format, Format::argb8888);
  LoadResult no_mips = load(t, 0, LoaderProfile{true, false});
  EXPECT_EQ(no_mips.mip_count, 1u);
  EXPECT_FALSE(no_mips.runtime_mips);
  EXPECT_EQ(no_mips.pixel_offset, plain.pixel_offset);
  EXPECT_EQ(load(t, 0, LoaderProfile{false, true}).upload_format, Format::argb4444);

  ByteBuffer one = raw_texm(16, 16, 1, 888, 0).bytes();
  Texture single = parse(one);
  EXPECT_TRUE(load(single, 0).runtime_mips);
  EXPECT_FALSE(load(single, 0, LoaderProfile{true, false}).runtime_mips);
  EXPECT_EQ(load(single, 0, LoaderProfile{false, true}).upload_format, Format::rgb565);

  // A palette's fourth byte is never alpha: only the surface rule decides (docs/formats/texm.md 6.4).
  test::RawTexm indexed = raw_texm(2, 2, 1, 0, 0);
  indexed.body[4 * 9 + 3] = 254;
  ByteBuffer opaque = indexed.bytes();
  EXPECT_FALSE(load(parse(opaque), 0).alpha_surface);
  EXPECT_EQ(load(parse(opaque), 0, LoaderProfile{false, true}).upload_format, Format::rgb565);
  indexed.flags5 = 0x01000000;  // colour key: an alpha surface
  ByteBuffer keyed = indexed.bytes();
  EXPECT_TRUE(load(parse(keyed), 0).alpha_surface);
  EXPECT_EQ(load(parse(keyed), 0, LoaderProfile{false, true}).upload_format, Format::argb4444);
  ByteBuffer s565 = raw_texm(2, 2, 1, 565, 0).bytes();
  EXPECT_EQ(load(parse(s565), 0, LoaderProfile{false, true}).upload_format, Format::rgb565);
  // Load flag 0x80000 sends even 8888 to an opaque surface.
  EXPECT_TRUE(plain.alpha_surface);
  EXPECT_FALSE(load(t, 0x80000).alpha_surface);
  EXPECT_EQ(load(t, 0x80000, LoaderProfile{false, true}).upload_format, Format::rgb565);
}

}  // namespace
}  // namespace parkan::texm
