#include "parkan/texm/decode.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "builders.hpp"
#include "parkan/texm/encode.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::texm {
namespace {

using Rgba = std::array<std::uint8_t, 4>;

Rgba decode_one(Format f, ByteBuffer src, const std::uint8_t* palette = nullptr) {
  Rgba out{};
  decode_pixels(f, src.data(), 1, palette, out.data());
  Rgba ref{};
  decode_pixels_reference(f, src.data(), 1, palette, ref.data());
  EXPECT_EQ(out, ref);
  return out;
}

ByteBuffer u16le(std::uint16_t v) { return {std::uint8_t(v & 0xFF), std::uint8_t(v >> 8)}; }

TEST(TexmDecode, WidenByExactRounding) {
  EXPECT_EQ(widen5(0), 0);
  EXPECT_EQ(widen5(1), 8);    // 8.226
  EXPECT_EQ(widen5(16), 132); // 131.61
  EXPECT_EQ(widen5(31), 255);
  EXPECT_EQ(widen6(1), 4);    // 4.05
  EXPECT_EQ(widen6(32), 130); // 129.52
  EXPECT_EQ(widen6(63), 255);
  EXPECT_EQ(widen4(1), 17);
  EXPECT_EQ(widen4(15), 255);
}

TEST(TexmDecode, EachFormatAsDecisionsSays) {
  EXPECT_EQ(decode_one(Format::rgb565, u16le(0xF800)), (Rgba{255, 0, 0, 255}));
  EXPECT_EQ(decode_one(Format::rgb565, u16le(0x07E0)), (Rgba{0, 255, 0, 255}));
  EXPECT_EQ(decode_one(Format::rgb565, u16le(0x001F)), (Rgba{0, 0, 255, 255}));
  EXPECT_EQ(decode_one(Format::rgb565, u16le(0x8410)), (Rgba{132, 130, 132, 255}));  // 16, 32, 16
  EXPECT_EQ(decode_one(Format::rgb556, u16le(0x07C0)), (Rgba{0, 255, 0, 255}));
  EXPECT_EQ(decode_one(Format::rgb556, u16le(0x003F)), (Rgba{0, 0, 255, 255}));
  EXPECT_EQ(decode_one(Format::rgb556, u16le(0x0841)), (Rgba{8, 8, 4, 255}));       // 1, 1, 1
  EXPECT_EQ(decode_one(Format::argb4444, u16le(0x1234)), (Rgba{0x22, 0x33, 0x44, 0x11}));
  EXPECT_EQ(decode_one(Format::la88, ByteBuffer{0x40, 0xC0}), (Rgba{0xC0, 0xC0, 0xC0, 0x40}));
  EXPECT_EQ(decode_one(Format::rgbx888, ByteBuffer{1, 2, 3, 9}), (Rgba{1, 2, 3, 255}));
  EXPECT_EQ(decode_one(Format::argb8888, ByteBuffer{0x80, 1, 2, 3}), (Rgba{1, 2, 3, 0x80}));
  ByteBuffer palette = test::counting(1024);
  EXPECT_EQ(decode_one(Format::indexed8, ByteBuffer{2}, palette.data()), (Rgba{8, 9, 10, 11}));
  EXPECT_EQ(decode_one(Format::indexed8, ByteBuffer{255}, palette.data()), (Rgba{252, 253, 254, 255}));
}

const SimdPath kPaths[] = {SimdPath::portable, SimdPath::sse2, SimdPath::avx2, SimdPath::avx512vbmi};

TEST(TexmDecode, TheBestPathIsAvailable) {
  EXPECT_TRUE(simd_path_available(SimdPath::portable));
  EXPECT_TRUE(simd_path_available(best_simd_path()));
  decode_pixels_using(best_simd_path(), Format::rgb565, nullptr, 0, nullptr, nullptr);  // nothing to do, nothing touched
}

TEST(TexmDecode, EveryPathMatchesReferenceForEvery16BitWord) {
  ByteBuffer all(65536 * 2);
  for (std::uint32_t v = 0; v < 65536; ++v) store_u16(all.data() + 2 * v, static_cast<std::uint16_t>(v));
  for (Format f : {Format::rgb565, Format::rgb556, Format::argb4444, Format::la88}) {
    ByteBuffer ref(65536 * 4);
    decode_pixels_reference(f, all.data(), 65536, nullptr, ref.data());
    for (SimdPath path : kPaths) {
      ByteBuffer fast(65536 * 4);
      decode_pixels_using(path, f, all.data(), 65536, nullptr, fast.data());
      EXPECT_EQ(fast, ref) << format_number(f) << " path " << int(path);
    }
  }
}

TEST(TexmDecode, EveryPathMatchesReferenceForEveryPaletteIndex) {
  ByteBuffer palette = test::counting(1024, 3);
  ByteBuffer indices(256 * 3 + 5);
  for (std::size_t i = 0; i < indices.size(); ++i) indices[i] = std::uint8_t(i * 151);
  ByteBuffer ref(indices.size() * 4);
  decode_pixels_reference(Format::indexed8, indices.data(), indices.size(), palette.data(), ref.data());
  for (SimdPath path : kPaths) {
    ByteBuffer fast(indices.size() * 4);
    decode_pixels_using(path, Format::indexed8, indices.data(), indices.size(), palette.data(), fast.data());
    EXPECT_EQ(fast, ref) << "path " << int(path);
  }
}

RC_GTEST_PROP(TexmDecode, EveryPathMatchesReferenceForAnyCount, ()) {
  Format f = *rc::gen::elementOf(std::vector<Format>(std::begin(kAllFormats), std::end(kAllFormats)));
  SimdPath path = *rc::gen::elementOf(std::vector<SimdPath>(std::begin(kPaths), std::end(kPaths)));
  std::size_t count = *rc::gen::inRange<std::size_t>(0, 300);
  ByteBuffer src = *rc::gen::container<ByteBuffer>(count * bytes_per_pixel(f), rc::gen::arbitrary<std::uint8_t>());
  ByteBuffer palette = *rc::gen::container<ByteBuffer>(1024, rc::gen::arbitrary<std::uint8_t>());
  ByteBuffer fast(count * 4 + 1, 0xAB), ref(count * 4 + 1, 0xAB);  // the byte past the end stays untouched
  decode_pixels_using(path, f, src.data(), count, palette.data(), fast.data());
  decode_pixels_reference(f, src.data(), count, palette.data(), ref.data());
  RC_ASSERT(fast == ref);
  RC_ASSERT(fast.back() == 0xAB);
}

TEST(TexmDecode, DecodesALevelOfAParsedTexture) {
  test::RawTexm raw;
  raw.width = 2;
  raw.height = 2;
  raw.mip_count = 2;
  raw.format = 8888;
  raw.body = test::counting(20);
  ByteBuffer bytes = raw.bytes();
  Texture t = *read(bytes);
  auto level1 = decode(t, 1);
  ASSERT_TRUE(level1.ok());
  EXPECT_EQ(level1->width, 1u);
  EXPECT_EQ(level1->rgba, (ByteBuffer{17, 18, 19, 16}));
  auto level0 = decode(t, 0);
  EXPECT_EQ(level0->rgba[0], 1);
  EXPECT_EQ(level0->rgba.size(), 16u);
  EXPECT_EQ(decode(t, 2).error().to_string(), "no mip level 2 (the texture has 2)");
}

// decode(encode(decode(x))) == decode(x) for every format and any stored pixels x.
RC_GTEST_PROP(TexmDecode, EncodeIsTheInverseOfDecodeWhereBitsSurvive, ()) {
  Format f = *rc::gen::elementOf(std::vector<Format>(std::begin(kAllFormats), std::end(kAllFormats)));
  std::uint32_t w = *rc::gen::inRange<std::uint32_t>(1, 20), h = *rc::gen::inRange<std::uint32_t>(1, 20);
  test::RawTexm raw;
  raw.width = w;
  raw.height = h;
  raw.format = format_number(f);
  raw.body = *rc::gen::container<ByteBuffer>((f == Format::indexed8 ? 1024 : 0) + std::size_t(w) * h * bytes_per_pixel(f),
                                             rc::gen::arbitrary<std::uint8_t>());
  ByteBuffer bytes = raw.bytes();
  Image x = *decode(*read(bytes), 0);
  EncodeOptions options;
  options.format = f;
  ByteBuffer encoded = *encode(x, options);
  auto again = read(encoded);
  RC_ASSERT(again.ok());
  RC_ASSERT(*decode(*again, 0) == x);
}

}  // namespace
}  // namespace parkan::texm
