// Pixel decoding (docs/formats/texm.md 6): expected values built by hand from the layouts of
// docs/formats/texm.md 6.1 / 6.4 (retail-evidence: 8888 B, G, R, A; 888 B, G, R, X; 88 L, A;
// palettes B, G, R, X; alpha only by the surface rule).
#include "parkan/texm/decode.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "builders.hpp"
#include "parkan/texm/encode.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::texm {
namespace {

using Rgba = std::array<std::uint8_t, 4>;

// One pixel through the fast and the reference decoder (which must agree).
Rgba decode_one(const PixelRule& rule, ByteBuffer src) {
  Rgba out{};
  decode_pixels(rule, src.data(), 1, out.data());
  Rgba ref{};
  decode_pixels_reference(rule, src.data(), 1, ref.data());
  EXPECT_EQ(out, ref);
  return out;
}
Rgba decode_one(Format f, ByteBuffer src, std::uint32_t flags5 = 0, std::uint32_t load_flags = 0) {
  return decode_one(surface_rule(f, flags5, nullptr, load_flags), std::move(src));
}

ByteBuffer u16le(std::uint16_t v) { return {std::uint8_t(v & 0xFF), std::uint8_t(v >> 8)}; }

// A 1024-byte palette with entry 0 = 00 00 00 00, entry 1 = 01 02 03 00, entry 5 = 0A 0B 0C 77 and
// entry 255 = FF FE FD 80.
ByteBuffer sample_palette() {
  ByteBuffer p(1024, 0);
  const std::uint8_t e1[4] = {0x01, 0x02, 0x03, 0x00}, e5[4] = {0x0A, 0x0B, 0x0C, 0x77}, e255[4] = {0xFF, 0xFE, 0xFD, 0x80};
  std::copy(e1, e1 + 4, p.begin() + 4);
  std::copy(e5, e5 + 4, p.begin() + 20);
  std::copy(e255, e255 + 4, p.begin() + 1020);
  return p;
}

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

TEST(TexmDecode, Bytes8888AreBlueGreenRedAlpha) {
  EXPECT_EQ(decode_one(Format::argb8888, ByteBuffer{0x10, 0x20, 0x30, 0x40}), (Rgba{0x30, 0x20, 0x10, 0x40}));
  // Load flag 0x80000: an opaque surface even for 8888.
  EXPECT_EQ(decode_one(Format::argb8888, ByteBuffer{0x10, 0x20, 0x30, 0x40}, 0, 0x80000), (Rgba{0x30, 0x20, 0x10, 0xFF}));
}

TEST(TexmDecode, Bytes888AreBlueGreenRedAndASpareByte) {
  EXPECT_EQ(decode_one(Format::rgbx888, ByteBuffer{0x10, 0x20, 0x30, 0x99}), (Rgba{0x30, 0x20, 0x10, 255}));
  // Even on an alpha surface (the colour-key bit) X is not alpha.
  EXPECT_EQ(decode_one(Format::rgbx888, ByteBuffer{0x10, 0x20, 0x30, 0x00}, 0x01000000), (Rgba{0x30, 0x20, 0x10, 255}));
}

TEST(TexmDecode, Words565556And4444) {
  EXPECT_EQ(decode_one(Format::rgb565, u16le(0xF800)), (Rgba{255, 0, 0, 255}));
  EXPECT_EQ(decode_one(Format::rgb565, u16le(0x07E0)), (Rgba{0, 255, 0, 255}));
  EXPECT_EQ(decode_one(Format::rgb565, u16le(0x001F)), (Rgba{0, 0, 255, 255}));
  EXPECT_EQ(decode_one(Format::rgb565, u16le(0x8410)), (Rgba{132, 130, 132, 255}));  // 16, 32, 16
  EXPECT_EQ(decode_one(Format::rgb556, u16le(0x07C0)), (Rgba{0, 255, 0, 255}));
  EXPECT_EQ(decode_one(Format::rgb556, u16le(0x003F)), (Rgba{0, 0, 255, 255}));
  EXPECT_EQ(decode_one(Format::rgb556, u16le(0x0841)), (Rgba{8, 8, 4, 255}));       // 1, 1, 1
  EXPECT_EQ(decode_one(Format::argb4444, u16le(0x1234)), (Rgba{0x22, 0x33, 0x44, 0x11}));
  EXPECT_EQ(decode_one(Format::argb4444, u16le(0x1234), 0, 0x80000), (Rgba{0x22, 0x33, 0x44, 0xFF}));
}

TEST(TexmDecode, Format88IsLuminanceThenAlpha) {
  // A8L8: the first byte is L, the second A; 88 is not an alpha format, so A shows only on an alpha surface.
  EXPECT_EQ(decode_one(Format::la88, ByteBuffer{0xC0, 0x40}, 0x01000000), (Rgba{0xC0, 0xC0, 0xC0, 0x40}));
  EXPECT_EQ(decode_one(Format::la88, ByteBuffer{0xC0, 0x40}), (Rgba{0xC0, 0xC0, 0xC0, 0xFF}));
}

TEST(TexmDecode, TheSurfaceRule) {
  for (Format f : kAllFormats) {
    const bool alpha_format = f == Format::argb4444 || f == Format::argb8888;
    EXPECT_EQ(has_alpha_surface(f, 0), alpha_format) << format_number(f);
    EXPECT_EQ(has_alpha_surface(f, 0x04000000), alpha_format) << format_number(f);  // the retail bit nobody reads
    EXPECT_TRUE(has_alpha_surface(f, 0x01000000));
    EXPECT_TRUE(has_alpha_surface(f, 0x02000000));
    EXPECT_FALSE(has_alpha_surface(f, 0x03000000, 0x80000));
  }
}

TEST(TexmDecode, PaletteEntriesAreBlueGreenRedAndNoAlpha) {
  const ByteBuffer p = sample_palette();
  // Without a flag: opaque, the fourth byte ignored.
  RgbaPalette plain = resolve_palette(p.data(), 0, PaletteAlpha::opaque);
  EXPECT_EQ((Rgba{plain[4], plain[5], plain[6], plain[7]}), (Rgba{3, 2, 1, 255}));
  EXPECT_EQ((Rgba{plain[0], plain[1], plain[2], plain[3]}), (Rgba{0, 0, 0, 255}));
  EXPECT_EQ((Rgba{plain[1020], plain[1021], plain[1022], plain[1023]}), (Rgba{0xFD, 0xFE, 0xFF, 255}));
  EXPECT_EQ(decode_one(surface_rule(Format::indexed8, 0, p.data()), ByteBuffer{1}), (Rgba{3, 2, 1, 255}));
  // Colour key (+0x14 = 0x01000000): index 0 alpha 0, 1..255 alpha 255.
  PixelRule key = surface_rule(Format::indexed8, 0x01000000, p.data());
  EXPECT_EQ(key.palette_alpha, PaletteAlpha::colour_key);
  EXPECT_EQ(decode_one(key, ByteBuffer{0}), (Rgba{0, 0, 0, 0}));
  EXPECT_EQ(decode_one(key, ByteBuffer{1}), (Rgba{3, 2, 1, 255}));
  EXPECT_EQ(decode_one(key, ByteBuffer{255}), (Rgba{0xFD, 0xFE, 0xFF, 255}));
  // The same with load flag 0x80000: opaque, as stored.
  EXPECT_EQ(decode_one(surface_rule(Format::indexed8, 0x01000000, p.data(), 0x80000), ByteBuffer{0}), (Rgba{0, 0, 0, 255}));
}

TEST(TexmDecode, FadePaletteRepeatsOneEntryIn32AlphaSteps) {
  const ByteBuffer p = sample_palette();
  // +0x14 = 0x02000005: every entry is entry 5's colour (0C 0B 0A), alpha (i & ~7) + 7.
  PixelRule fade = surface_rule(Format::indexed8, 0x02000005, p.data());
  EXPECT_EQ(fade.palette_alpha, PaletteAlpha::fade);
  EXPECT_EQ(decode_one(fade, ByteBuffer{0}), (Rgba{0x0C, 0x0B, 0x0A, 7}));
  EXPECT_EQ(decode_one(fade, ByteBuffer{7}), (Rgba{0x0C, 0x0B, 0x0A, 7}));
  EXPECT_EQ(decode_one(fade, ByteBuffer{8}), (Rgba{0x0C, 0x0B, 0x0A, 15}));
  EXPECT_EQ(decode_one(fade, ByteBuffer{100}), (Rgba{0x0C, 0x0B, 0x0A, 103}));
  EXPECT_EQ(decode_one(fade, ByteBuffer{255}), (Rgba{0x0C, 0x0B, 0x0A, 255}));
  // Both bits: still the fade. Forced opaque: the stored palette.
  EXPECT_EQ(surface_rule(Format::indexed8, 0x03000000, p.data()).palette_alpha, PaletteAlpha::fade);
  EXPECT_EQ(decode_one(surface_rule(Format::indexed8, 0x02000005, p.data(), 0x80000), ByteBuffer{1}), (Rgba{3, 2, 1, 255}));
}

// A 2x1 format 2 texture with pixels 1, 0 and header word +0x14 = `flags5`.
ByteBuffer format2_texture(std::uint32_t flags5) {
  test::RawTexm raw;
  raw.width = 2;
  raw.format = 2;
  raw.flags5 = flags5;
  raw.body = {1, 0};
  return raw.bytes();
}

TEST(TexmDecode, Format2IndexesAnExternalPalette) {
  const ByteBuffer bytes = format2_texture(0x01000000);  // as every retail font atlas
  const Texture t = *read(bytes);
  const ByteBuffer colours = sample_palette();
  DecodeOptions options;
  options.palette = colours;
  EXPECT_EQ(decode(t, 0, options)->rgba, (ByteBuffer{3, 2, 1, 255, 0, 0, 0, 0}));
  // A whole PAL resource (PAL.PAL: colours, "Ipol", table) works the same.
  ByteBuffer pal = colours;
  pal.resize(kPalSize, 0);
  store_u32(pal.data() + 1024, kIpolMagic);
  options.palette = pal;
  EXPECT_EQ(decode(t, 0, options)->rgba, (ByteBuffer{3, 2, 1, 255, 0, 0, 0, 0}));
  // Without the flag the surface is opaque.
  const ByteBuffer plain_bytes = format2_texture(0);
  EXPECT_EQ(decode(*read(plain_bytes), 0, options)->rgba, (ByteBuffer{3, 2, 1, 255, 0, 0, 0, 255}));
}

TEST(TexmDecode, Format2WithoutAUsablePaletteIsAClearError) {
  const ByteBuffer bytes = format2_texture(0x01000000);
  const Texture t = *read(bytes);
  auto missing = decode(t, 0);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().rule, "texm.palette.external");
  EXPECT_EQ(missing.error().to_string(),
            "format 2 texture: its pixels index an external palette (a font's PAL.PAL), and none was given");
  DecodeOptions options;
  const ByteBuffer short_palette(1000, 0);
  options.palette = short_palette;
  auto wrong = decode(t, 0, options);
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.error().rule, "texm.palette.external_size");
  EXPECT_EQ(wrong.error().to_string(),
            "external palette has 1000 bytes, must be 1024 (256 x B, G, R, X) or 66564 (a PAL resource)");
  const ByteBuffer no_marker(kPalSize, 0);
  options.palette = no_marker;
  EXPECT_EQ(decode(t, 0, options).error().rule, "pal.marker");
}

const SimdPath kPaths[] = {SimdPath::portable, SimdPath::sse2, SimdPath::avx2, SimdPath::avx512vbmi};

TEST(TexmDecode, TheBestPathIsAvailable) {
  EXPECT_TRUE(simd_path_available(SimdPath::portable));
  EXPECT_TRUE(simd_path_available(best_simd_path()));
  decode_pixels_using(best_simd_path(), surface_rule(Format::rgb565), nullptr, 0, nullptr);  // nothing to do, nothing touched
}

TEST(TexmDecode, EveryPathMatchesReferenceForEvery16BitWordOnBothSurfaces) {
  ByteBuffer all(65536 * 2);
  for (std::uint32_t v = 0; v < 65536; ++v) store_u16(all.data() + 2 * v, static_cast<std::uint16_t>(v));
  for (Format f : {Format::rgb565, Format::rgb556, Format::argb4444, Format::la88})
    for (std::uint32_t load_flags : {0u, kLoadFlagOpaque})
      for (std::uint32_t flags5 : {0u, kColourKeyFlag}) {
        const PixelRule rule = surface_rule(f, flags5, nullptr, load_flags);
        ByteBuffer ref(65536 * 4);
        decode_pixels_reference(rule, all.data(), 65536, ref.data());
        for (SimdPath path : kPaths) {
          ByteBuffer fast(65536 * 4);
          decode_pixels_using(path, rule, all.data(), 65536, fast.data());
          EXPECT_EQ(fast, ref) << format_number(f) << " path " << int(path) << " alpha " << rule.alpha;
        }
      }
}

TEST(TexmDecode, EveryPathMatchesReferenceForEveryPaletteIndex) {
  ByteBuffer palette = test::counting(1024, 3);
  ByteBuffer indices(256 * 3 + 5);
  for (std::size_t i = 0; i < indices.size(); ++i) indices[i] = std::uint8_t(i * 151);
  for (Format f : {Format::indexed8, Format::indexed8_external})
    for (std::uint32_t flags5 : {0u, kColourKeyFlag, kFadePaletteFlag | 9}) {
      const PixelRule rule = surface_rule(f, flags5, palette.data());
      ByteBuffer ref(indices.size() * 4);
      decode_pixels_reference(rule, indices.data(), indices.size(), ref.data());
      for (SimdPath path : kPaths) {
        ByteBuffer fast(indices.size() * 4);
        decode_pixels_using(path, rule, indices.data(), indices.size(), fast.data());
        EXPECT_EQ(fast, ref) << "path " << int(path);
      }
    }
}

rc::Gen<std::uint32_t> arbitrary_flags5() {
  return rc::gen::oneOf(rc::gen::just(0u), rc::gen::just(0x04000000u), rc::gen::just(kColourKeyFlag),
                        rc::gen::map(rc::gen::arbitrary<std::uint8_t>(), [](std::uint8_t low) { return kFadePaletteFlag | low; }),
                        rc::gen::arbitrary<std::uint32_t>());
}

RC_GTEST_PROP(TexmDecode, EveryPathMatchesReferenceForAnyCount, ()) {
  Format f = *rc::gen::elementOf(std::vector<Format>(std::begin(kAllFormats), std::end(kAllFormats)));
  SimdPath path = *rc::gen::elementOf(std::vector<SimdPath>(std::begin(kPaths), std::end(kPaths)));
  std::size_t count = *rc::gen::inRange<std::size_t>(0, 300);
  ByteBuffer src = *rc::gen::container<ByteBuffer>(count * bytes_per_pixel(f), rc::gen::arbitrary<std::uint8_t>());
  ByteBuffer palette = *rc::gen::container<ByteBuffer>(1024, rc::gen::arbitrary<std::uint8_t>());
  const std::uint32_t load_flags = *rc::gen::element(0u, kLoadFlagOpaque);
  const PixelRule rule = surface_rule(f, *arbitrary_flags5(), palette.data(), load_flags);
  ByteBuffer fast(count * 4 + 1, 0xAB), ref(count * 4 + 1, 0xAB);  // the byte past the end stays untouched
  decode_pixels_using(path, rule, src.data(), count, fast.data());
  decode_pixels_reference(rule, src.data(), count, ref.data());
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
  EXPECT_EQ(level1->rgba, (ByteBuffer{18, 17, 16, 19}));  // stored B 16, G 17, R 18, A 19
  auto level0 = decode(t, 0);
  EXPECT_EQ(level0->rgba[0], 2);
  EXPECT_EQ(level0->rgba.size(), 16u);
  EXPECT_EQ(decode(t, 2).error().to_string(), "no mip level 2 (the texture has 2)");
  DecodeOptions opaque;
  opaque.load_flags = kLoadFlagOpaque;
  EXPECT_EQ(decode(t, 1, opaque)->rgba, (ByteBuffer{18, 17, 16, 255}));
}

// decode(encode(decode(x))) == decode(x) for every format, any surface bits and any stored pixels x
// (format 2 encoded with the palette it is decoded with).
RC_GTEST_PROP(TexmDecode, EncodeIsTheInverseOfDecodeWhereBitsSurvive, ()) {
  Format f = *rc::gen::elementOf(std::vector<Format>(std::begin(kAllFormats), std::end(kAllFormats)));
  std::uint32_t w = *rc::gen::inRange<std::uint32_t>(1, 20), h = *rc::gen::inRange<std::uint32_t>(1, 20);
  test::RawTexm raw;
  raw.width = w;
  raw.height = h;
  raw.format = format_number(f);
  raw.flags5 = *arbitrary_flags5();
  raw.body = *rc::gen::container<ByteBuffer>((f == Format::indexed8 ? 1024 : 0) + std::size_t(w) * h * bytes_per_pixel(f),
                                             rc::gen::arbitrary<std::uint8_t>());
  const ByteBuffer external = *rc::gen::container<ByteBuffer>(1024, rc::gen::arbitrary<std::uint8_t>());
  DecodeOptions decode_options;
  decode_options.palette = external;
  ByteBuffer bytes = raw.bytes();
  Image x = *decode(*read(bytes), 0, decode_options);
  EncodeOptions options;
  options.format = f;
  options.flags5 = raw.flags5;
  if (f == Format::indexed8_external) options.palette = Palette{};
  if (f == Format::indexed8_external) std::copy(external.begin(), external.end(), options.palette->begin());
  ByteBuffer encoded = *encode(x, options);
  auto again = read(encoded);
  RC_ASSERT(again.ok());
  RC_ASSERT(*decode(*again, 0, decode_options) == x);
}

}  // namespace
}  // namespace parkan::texm
