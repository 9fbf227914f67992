#include "parkan/texm/encode.hpp"

#include <set>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "parkan/texm/decode.hpp"
#include "parkan/texm/mips.hpp"
#include "parkan/texm/read.hpp"
#include "builders.hpp"

namespace parkan::texm {
namespace {

Image make_image(std::uint32_t w, std::uint32_t h, ByteBuffer rgba) { return Image{w, h, std::move(rgba)}; }

// A smooth gradient with `w * h` pixels.
Image gradient(std::uint32_t w, std::uint32_t h) {
  Image image{w, h, ByteBuffer(std::size_t(w) * h * 4)};
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      std::uint8_t* p = image.rgba.data() + (std::size_t(y) * w + x) * 4;
      p[0] = std::uint8_t(x * 255 / std::max(1u, w - 1));
      p[1] = std::uint8_t(y * 255 / std::max(1u, h - 1));
      p[2] = std::uint8_t((x + y) * 7);
      p[3] = std::uint8_t(255 - x);
    }
  return image;
}

TEST(TexmEncode, NearestCodeIsTheInverseOfWiden) {
  for (std::uint32_t c = 0; c < 32; ++c) EXPECT_EQ(nearest_code5(widen5(c)), c);
  for (std::uint32_t c = 0; c < 64; ++c) EXPECT_EQ(nearest_code6(widen6(c)), c);
  for (std::uint32_t c = 0; c < 16; ++c) EXPECT_EQ(nearest_code4(widen4(c)), c);
  EXPECT_EQ(nearest_code5(4), 0);  // |0-4| = 4 < |8-4| = 4? tie: lower code
  EXPECT_EQ(nearest_code5(5), 1);
  EXPECT_EQ(nearest_code4(8), 0);  // 0 and 17: 8 is nearer to 0
  EXPECT_EQ(nearest_code4(9), 1);
}

TEST(TexmEncode, ExactBytesPerFormat) {
  const std::uint8_t px[4] = {0x10, 0x80, 0xF0, 0x40};  // R, G, B, A
  std::uint8_t out[4] = {};
  encode_pixels(Format::argb8888, px, 1, out);
  EXPECT_EQ(ByteBuffer(out, out + 4), (ByteBuffer{0xF0, 0x80, 0x10, 0x40}));  // B, G, R, A
  encode_pixels(Format::rgbx888, px, 1, out);
  EXPECT_EQ(ByteBuffer(out, out + 4), (ByteBuffer{0xF0, 0x80, 0x10, 0x00}));  // B, G, R, X = 0 for a new pixel
  EXPECT_EQ(kEncoded888Padding, 0);
  encode_pixels(Format::rgb565, px, 1, out);
  // R 0x10 -> code 2 (widen 16), G 0x80 -> 32 (130), B 0xF0 -> 29 (238)
  EXPECT_EQ(load_u16(out), (2 << 11) | (32 << 5) | 29);
  encode_pixels(Format::rgb556, px, 1, out);
  EXPECT_EQ(load_u16(out), (2 << 11) | (16 << 6) | 59);
  encode_pixels(Format::argb4444, px, 1, out);
  EXPECT_EQ(load_u16(out), 0x4 << 12 | 0x1 << 8 | 0x8 << 4 | 0xE);
  encode_pixels(Format::la88, px, 1, out);
  EXPECT_EQ(out[0], luminance(0x10, 0x80, 0xF0));  // A8L8: L first
  EXPECT_EQ(out[1], 0x40);
  EXPECT_EQ(luminance(77, 77, 77), 77);
}

TEST(TexmEncode, LongRunsOf8888And888MatchThePerPixelForm) {
  ByteBuffer rgba(4 * 333);
  for (std::size_t i = 0; i < rgba.size(); ++i) rgba[i] = std::uint8_t(i * 13 + 5);
  ByteBuffer out(rgba.size()), out888(rgba.size());
  encode_pixels(Format::argb8888, rgba.data(), 333, out.data());
  encode_pixels(Format::rgbx888, rgba.data(), 333, out888.data());
  for (std::size_t i = 0; i < 333; ++i) {
    ASSERT_EQ(out[4 * i], rgba[4 * i + 2]);
    ASSERT_EQ(out[4 * i + 1], rgba[4 * i + 1]);
    ASSERT_EQ(out[4 * i + 2], rgba[4 * i]);
    ASSERT_EQ(out[4 * i + 3], rgba[4 * i + 3]);
    ASSERT_EQ(ByteBuffer(out888.begin() + 4 * i, out888.begin() + 4 * i + 4),
              (ByteBuffer{rgba[4 * i + 2], rgba[4 * i + 1], rgba[4 * i], 0}));
  }
}

TEST(TexmEncode, FewColoursGiveAnExactPaletteStoredBlueGreenRed) {
  Image image = make_image(3, 1, ByteBuffer{1, 2, 3, 4, 9, 9, 9, 9, 1, 2, 3, 4});
  Palette palette = build_palette(std::span<const Image>(&image, 1));
  // Sorted by R, G, B: (1, 2, 3) then (9, 9, 9); stored B, G, R, X = 0; alpha is not kept.
  EXPECT_EQ(ByteBuffer(palette.begin(), palette.begin() + 8), (ByteBuffer{3, 2, 1, 0, 9, 9, 9, 0}));
  EXPECT_EQ(palette[8], 0);
  std::uint8_t index[3];
  index_pixels(surface_rule(Format::indexed8, 0, palette.data()), image, index);
  EXPECT_EQ(ByteBuffer(index, index + 3), (ByteBuffer{0, 1, 0}));
}

TEST(TexmEncode, ColourKeyPaletteKeepsIndexZeroForTransparentPixels) {
  // Transparent (alpha < 128) pixels: colour (5, 6, 7) twice, (1, 1, 1) once; opaque: (9, 9, 9).
  Image image = make_image(4, 1, ByteBuffer{5, 6, 7, 0, 9, 9, 9, 255, 5, 6, 7, 127, 1, 1, 1, 3});
  Palette palette = build_palette(std::span<const Image>(&image, 1), kColourKeyFlag);
  EXPECT_EQ(ByteBuffer(palette.begin(), palette.begin() + 12), (ByteBuffer{7, 6, 5, 0, 9, 9, 9, 0, 0, 0, 0, 0}));
  std::uint8_t index[4];
  index_pixels(surface_rule(Format::indexed8, kColourKeyFlag, palette.data()), image, index);
  EXPECT_EQ(ByteBuffer(index, index + 4), (ByteBuffer{0, 1, 0, 0}));
  // An opaque pixel never takes entry 0, even when it has entry 0's colour.
  Image same = make_image(1, 1, ByteBuffer{5, 6, 7, 255});
  index_pixels(surface_rule(Format::indexed8, kColourKeyFlag, palette.data()), same, index);
  EXPECT_EQ(index[0], 1);  // entry 1 (9, 9, 9) at squared distance 29 beats the unused black entries (110)
}

TEST(TexmEncode, MedianCutBeatsTruncationOnAGradient) {
  Image image = gradient(64, 64);  // 4096 pixels, more than 256 colours
  EncodeOptions options;
  options.format = Format::indexed8;
  ByteBuffer bytes = *encode(image, options);
  Texture t = *read(bytes);
  Image back = *decode(t, 0);
  std::set<std::uint32_t> used;
  double error = 0;
  for (std::size_t i = 0; i < image.rgba.size(); ++i) {
    if (i % 4 == 3) {  // a palette stores no alpha: an opaque surface
      ASSERT_EQ(back.rgba[i], 255);
      continue;
    }
    int d = int(image.rgba[i]) - int(back.rgba[i]);
    error += d * d;
    if (i % 4 == 0) used.insert(load_u32(back.rgba.data() + i));
  }
  double rms = std::sqrt(error / double(image.rgba.size() / 4 * 3));
  EXPECT_GT(used.size(), 200u);  // a real quantizer spreads the entries over the colours
  EXPECT_LT(rms, 8.0);           // truncation to 3-3-2 bits would be about 18
}

TEST(TexmEncode, NearestColourIndexingPicksTheClosestEntry) {
  Palette palette{};
  const std::uint8_t entries[3][4] = {{0, 0, 0, 0}, {100, 100, 100, 0}, {200, 200, 200, 0}};  // B, G, R, X
  for (int e = 0; e < 3; ++e)
    for (int c = 0; c < 4; ++c) palette[4 * e + c] = entries[e][c];
  for (std::size_t e = 3; e < 256; ++e) palette[4 * e] = 255;  // far away: pure blue
  Image image = make_image(3, 1, ByteBuffer{140, 140, 140, 0, 160, 160, 160, 255, 49, 49, 49, 255});
  std::uint8_t index[3];
  index_pixels(surface_rule(Format::indexed8, 0, palette.data()), image, index);
  EXPECT_EQ(ByteBuffer(index, index + 3), (ByteBuffer{1, 2, 0}));  // alpha plays no part on an opaque palette
}

TEST(TexmEncode, FadePaletteIndexesByAlpha) {
  Image image = make_image(3, 1, ByteBuffer{10, 20, 30, 7, 10, 20, 30, 100, 10, 20, 30, 255});
  Palette palette = build_palette(std::span<const Image>(&image, 1), kFadePaletteFlag | 3);
  EXPECT_EQ(ByteBuffer(palette.begin() + 12, palette.begin() + 16), (ByteBuffer{30, 20, 10, 0}));  // entry 3
  EXPECT_EQ(palette[0], 0);
  std::uint8_t index[3];
  index_pixels(surface_rule(Format::indexed8, kFadePaletteFlag | 3, palette.data()), image, index);
  EXPECT_EQ(ByteBuffer(index, index + 3), (ByteBuffer{0, 96, 248}));  // alphas 7, 103 (nearest to 100), 255
}

TEST(TexmEncode, Format2NeedsTheExternalPaletteAndStoresOnlyIndices) {
  Image image = make_image(2, 1, ByteBuffer{3, 2, 1, 255, 200, 0, 0, 0});
  EncodeOptions options;
  options.format = Format::indexed8_external;
  options.flags5 = kColourKeyFlag;
  auto missing = encode(image, options);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().rule, "texm.palette.external");
  Palette palette{};
  palette[4] = 1, palette[5] = 2, palette[6] = 3;  // entry 1: B 1, G 2, R 3
  options.palette = palette;
  ByteBuffer bytes = *encode(image, options);
  // Header (format 2, +0x14 0x01000000), then the two indices: no palette in the payload.
  ASSERT_EQ(bytes.size(), 32u + 2);
  EXPECT_EQ(load_u32(bytes.data() + 0x14), kColourKeyFlag);
  EXPECT_EQ(load_u32(bytes.data() + 0x1C), 2u);
  EXPECT_EQ(ByteBuffer(bytes.begin() + 32, bytes.end()), (ByteBuffer{1, 0}));
}

TEST(TexmEncode, DitheringIsOffByDefaultAndChangesAGradientWhenOn) {
  Image image = gradient(16, 16);
  EncodeOptions plain;
  plain.format = Format::rgb565;
  EncodeOptions dithered = plain;
  dithered.dither = true;
  ByteBuffer a = *encode(image, plain), b = *encode(image, dithered);
  EXPECT_NE(a, b);
  // Without dithering every pixel is the nearest code.
  Texture t = *read(a);
  EXPECT_EQ(load_u16(t.pixels.data()), (nearest_code5(image.rgba[0]) << 11) | (nearest_code6(image.rgba[1]) << 5) |
                                            nearest_code5(image.rgba[2]));
  // A flat colour between two codes dithers into a mix of exactly those two codes.
  Image flat{8, 8, ByteBuffer(256)};
  for (std::size_t i = 0; i < 256; i += 4) flat.rgba[i] = 128, flat.rgba[i + 1] = 0, flat.rgba[i + 2] = 0, flat.rgba[i + 3] = 255;
  ByteBuffer dithered_bytes = *encode(flat, dithered);
  Texture ft = *read(dithered_bytes);
  std::set<int> codes;
  for (std::size_t i = 0; i < 64; ++i) codes.insert(load_u16(ft.pixels.data() + 2 * i) >> 11);
  EXPECT_EQ(codes, (std::set<int>{15, 16}));  // widen5: 123 and 132
  ByteBuffer plain_bytes = *encode(flat, plain);
  Texture pt = *read(plain_bytes);
  for (std::size_t i = 0; i < 64; ++i) EXPECT_EQ(load_u16(pt.pixels.data() + 2 * i) >> 11, 16);
}

TEST(TexmEncode, WritesHeaderFlagsMipsAndPage) {
  Image image = gradient(8, 4);
  EncodeOptions options;
  options.format = Format::argb4444;
  options.mip_count = 0;
  options.flags4 = 32;
  options.flags5 = 0x04000000;
  options.unk6 = 7;
  options.page = std::vector<PageRect>{{0, 4, 0, 4}, {4, 4, 0, 4}};
  ByteBuffer bytes = *encode(image, options);
  Texture t = *read(bytes);
  EXPECT_EQ(t.header, (Header{kMagic, 8, 4, 4, 32, 0x04000000, 7, 4444}));
  EXPECT_EQ(t.levels.back(), (Level{1, 1, 32 + 2 * (32 + 8 + 2), 2}));
  EXPECT_EQ(t.page, options.page);
  EXPECT_EQ(bytes.size(), 32 + 2 * (32 + 8 + 2 + 1) + 8 + 16u);
}

TEST(TexmEncode, KeepsGivenLevels) {
  std::vector<Image> levels{make_image(2, 1, ByteBuffer{1, 2, 3, 4, 5, 6, 7, 8}), make_image(1, 1, ByteBuffer{9, 9, 9, 9})};
  EncodeOptions options;
  ByteBuffer bytes = *encode_levels(levels, options);
  Texture t = *read(bytes);
  EXPECT_EQ(*decode(t, 1), levels[1]);
  levels[1].width = 2;
  EXPECT_EQ(encode_levels(levels, options).error().to_string(), "mip level 1 is 2x1, must be 1x1");
}

TEST(TexmEncode, RejectsBadImagesAndChains) {
  EncodeOptions options;
  EXPECT_EQ(encode(Image{0, 4, {}}, options).error().to_string(), "image is 0x4");
  EXPECT_EQ(encode(Image{2, 2, ByteBuffer(15)}, options).error().to_string(), "image has 15 bytes of RGBA, 2x2 needs 16");
  options.mip_count = 4;
  EXPECT_EQ(encode(gradient(4, 3), options).error().to_string(), "4 mip levels requested, a 4x3 image has at most 3");
  EXPECT_EQ(encode_levels({}, options).error().to_string(), "no image to encode");
}


// A format 0 texture built by hand (docs/formats/texm.md 3.1, 3.3): 8x8 with a 4x4 level, a palette
// with duplicate colours (entries 0 and 1; 3 and 4, whose X bytes differ; 5..255 all black) and a
// near-duplicate (entry 2), and a level 1 that is no mean of level 0.
ByteBuffer hand_built_indexed(std::uint32_t flags5) {
  test::RawTexm raw;
  raw.width = 8;
  raw.height = 8;
  raw.mip_count = 2;
  raw.flags4 = 32;
  raw.flags5 = flags5;
  raw.format = 0;
  ByteBuffer palette(kPaletteSize, 0);
  const std::uint8_t entries[5][4] = {{30, 20, 10, 0}, {30, 20, 10, 0}, {31, 20, 10, 0}, {50, 100, 200, 0}, {50, 100, 200, 9}};
  for (std::size_t e = 0; e < 5; ++e) std::copy(entries[e], entries[e] + 4, palette.begin() + std::ptrdiff_t(4 * e));
  raw.body = palette;
  const std::uint8_t used[8] = {1, 0, 2, 4, 3, 7, 200, 1};
  for (std::size_t i = 0; i < 64; ++i) raw.body.push_back(used[(i * 5 + i / 8) % 8]);
  for (std::size_t i = 0; i < 16; ++i) raw.body.push_back(used[(i * 3 + 1) % 8]);
  return raw.bytes();
}

EncodeOptions options_of(const Texture& t) {
  EncodeOptions o;
  o.format = t.format;
  o.mip_count = t.header.mip_count;
  o.flags4 = t.header.flags4;
  o.flags5 = t.header.flags5;
  o.unk6 = t.header.unk6;
  o.original = t;
  return o;
}

// docs/formats/texm.md 7.4: an unedited format 0 texture decoded and encoded again over its own
// palette comes back byte for byte (the median cut changed the indices, and the mean of level 0
// replaced level 1), with or without a colour key.
TEST(TexmEncode, UneditedFormat0KeepsItsPaletteIndicesAndLevels) {
  for (std::uint32_t flags5 : {0u, kColourKeyFlag}) {
    const ByteBuffer bytes = hand_built_indexed(flags5);
    const Texture original = *read(bytes);
    const Image image = *decode(original, 0);
    EXPECT_EQ(*encode(image, options_of(original)), bytes) << flags5;
    EncodeOptions median_cut = options_of(original);
    median_cut.original.reset();
    EXPECT_NE(*encode(image, median_cut), bytes) << flags5;  // what from-png --into wrote before
  }
}

TEST(TexmEncode, EditedFormat0TakesTheFirstEntryOfANewColourAndRebuildsItsLevels) {
  const ByteBuffer bytes = hand_built_indexed(0);
  const Texture original = *read(bytes);
  Image image = *decode(original, 0);
  // Pixel 0 (index 1 in the original) becomes entry 3's colour: index 3, the first entry of that colour.
  image.rgba[0] = 200, image.rgba[1] = 100, image.rgba[2] = 50;
  const ByteBuffer edited_bytes = *encode(image, options_of(original));  // the Texture views these bytes
  const Texture edited = *read(edited_bytes);
  EXPECT_TRUE(std::ranges::equal(edited.palette, original.palette));
  ByteBuffer expected0(original.level_bytes(0).begin(), original.level_bytes(0).end());
  expected0[0] = 3;
  EXPECT_TRUE(std::ranges::equal(edited.level_bytes(0), expected0));
  // Level 1 is built again from level 0 (the original's has index 3 at (1, 0)): (1, 0) is the mean
  // of level 0's pixels 2, 3, 10, 11, indices 2, 1, 4, 1, that is R 10, 10, 200, 10, G 20, 20, 100, 20,
  // B 31, 30, 50, 30: (57, 40, 35), in no entry; the nearest is entry 2 (R 10 G 20 B 31).
  EXPECT_EQ(original.level_bytes(1)[1], 3);
  EXPECT_EQ(edited.level_bytes(1)[1], 2);
  EXPECT_EQ(*decode(edited, 0), image);
  // A colour the palette lacks: a median cut, as for a new texture.
  image.rgba[0] = 1;
  EXPECT_FALSE(std::ranges::equal(read(*encode(image, options_of(original)))->palette, original.palette));
}


// Any format 0 texture, its palette full of repeated colours, decoded and encoded over itself comes
// back byte for byte (docs/formats/texm.md 7.4).
RC_GTEST_PROP(TexmEncode, AnyFormat0RoundTripsOverItsOwnPalette, ()) {
  const std::uint32_t w = *rc::gen::inRange(1u, 17u), h = *rc::gen::inRange(1u, 17u);
  const std::uint32_t full = full_mip_count(w, h);
  test::RawTexm raw;
  raw.width = w;
  raw.height = h;
  raw.mip_count = *rc::gen::inRange(1u, full + 1);
  raw.flags5 = *rc::gen::element(0u, kColourKeyFlag, kFadePaletteFlag | 3u);
  raw.format = 0;
  const auto shades = *rc::gen::container<std::vector<std::uint8_t>>(4, rc::gen::arbitrary<std::uint8_t>());
  const auto picks = *rc::gen::container<std::vector<int>>(kPaletteSize, rc::gen::inRange(0, 4));
  for (int pick : picks) raw.body.push_back(shades[std::size_t(pick)]);  // few distinct values: many duplicate entries
  std::size_t pixels = 0;
  for (std::uint32_t k = 0; k < raw.mip_count; ++k) pixels += std::size_t(level_side(w, k)) * level_side(h, k);
  const auto indices = *rc::gen::container<std::vector<std::uint8_t>>(pixels, rc::gen::arbitrary<std::uint8_t>());
  raw.body.insert(raw.body.end(), indices.begin(), indices.end());
  const ByteBuffer bytes = raw.bytes();
  const Texture original = *read(bytes);
  RC_ASSERT(*encode(*decode(original, 0), options_of(original)) == bytes);
}

}  // namespace
}  // namespace parkan::texm
