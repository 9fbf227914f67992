#include "parkan/export/png.hpp"

#include <fmt/format.h>
#include <png.h>
#include <zlib.h>

#include <csetjmp>
#include <stdexcept>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace parkan::png {
namespace {

// Writes a PNG of any colour type / depth / interlace with libpng directly (rows as stored in
// the file), so that the reader is tested on files it did not write itself.
struct PngSpec {
  std::uint32_t width = 1, height = 1;
  int color_type = PNG_COLOR_TYPE_RGBA;
  int bit_depth = 8;
  bool interlaced = false;
  std::vector<png_color> palette;
  std::vector<png_byte> trns;               // palette alpha
  std::optional<png_color_16> trns_colour;  // grey/RGB transparent colour
  std::vector<ByteBuffer> rows;
};

void append_bytes(png_structp png, png_bytep data, png_size_t n) {
  auto* out = static_cast<ByteBuffer*>(png_get_io_ptr(png));
  out->insert(out->end(), data, data + n);
}

ByteBuffer make_png(PngSpec& spec) {
  ByteBuffer out;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png_create_info_struct(png);
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    throw std::runtime_error("test PNG writer failed");
  }
  png_set_write_fn(png, &out, append_bytes, nullptr);
  png_set_IHDR(png, info, spec.width, spec.height, spec.bit_depth, spec.color_type,
               spec.interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  if (!spec.palette.empty()) png_set_PLTE(png, info, spec.palette.data(), int(spec.palette.size()));
  if (!spec.trns.empty()) png_set_tRNS(png, info, spec.trns.data(), int(spec.trns.size()), nullptr);
  if (spec.trns_colour) png_set_tRNS(png, info, nullptr, 0, &*spec.trns_colour);
  png_write_info(png, info);
  std::vector<png_bytep> rows;
  for (ByteBuffer& r : spec.rows) rows.push_back(r.data());
  png_write_image(png, rows.data());
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return out;
}

texm::Image decoded(PngSpec spec) {
  ByteBuffer bytes = make_png(spec);
  auto image = decode(bytes);
  EXPECT_TRUE(image.ok()) << image.error().to_string();
  return image.ok() ? *image : texm::Image{};
}

TEST(Png, RgbaRoundTrip) {
  texm::Image image{3, 2, ByteBuffer{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0}};
  ByteBuffer bytes = *encode(image);
  EXPECT_EQ(png_sig_cmp(bytes.data(), 0, 8), 0);
  EXPECT_EQ(*decode(bytes), image);
}

RC_GTEST_PROP(Png, AnyImageRoundTrips, ()) {
  std::uint32_t w = *rc::gen::inRange<std::uint32_t>(1, 40), h = *rc::gen::inRange<std::uint32_t>(1, 40);
  texm::Image image{w, h, *rc::gen::container<ByteBuffer>(std::size_t(w) * h * 4, rc::gen::arbitrary<std::uint8_t>())};
  auto back = decode(*encode(image));
  RC_ASSERT(back.ok());
  RC_ASSERT(*back == image);
  auto balanced = decode(*encode(image, Effort::balanced));
  RC_ASSERT(balanced.ok());
  RC_ASSERT(*balanced == image);
}

std::uint32_t be32(const ByteBuffer& b, std::size_t at) {
  return std::uint32_t(b[at]) << 24 | std::uint32_t(b[at + 1]) << 16 | std::uint32_t(b[at + 2]) << 8 | b[at + 3];
}

// Effort::balanced writes the file itself: the chunk framing (PNG specification 5), the IHDR of
// 8-bit RGBA, one IDAT whose zlib stream inflates (by zlib, not libdeflate) to the rows with the
// filter each one should get, and IEND.
TEST(PngBalanced, ChunksAndFilteredRowsAreExact) {
  texm::Image image{3, 3, ByteBuffer{5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,    // Sub: |5|*4 beats None's |5|*12
                                     5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,    // Up: all zero
                                     1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}};  // None: 3 beats Sub's 5 and Up's 57
  ByteBuffer file = *encode(image, Effort::balanced);
  const ByteBuffer head{0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A,  // signature
                        0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 3, 0, 0, 0, 3, 8, 6, 0, 0, 0};
  ASSERT_GT(file.size(), head.size() + 4 + 8 + 4 + 12);
  EXPECT_EQ(ByteBuffer(file.begin(), file.begin() + 29), head);
  EXPECT_EQ(be32(file, 29), std::uint32_t(crc32(0, file.data() + 12, 17)));
  const std::uint32_t idat = be32(file, 33);
  ASSERT_EQ(file.size(), 33 + 12 + std::size_t(idat) + 12);
  EXPECT_EQ(ByteBuffer(file.begin() + 37, file.begin() + 41), (ByteBuffer{'I', 'D', 'A', 'T'}));
  EXPECT_EQ(be32(file, 41 + idat), std::uint32_t(crc32(0, file.data() + 37, 4 + idat)));
  EXPECT_EQ(ByteBuffer(file.end() - 12, file.end()), (ByteBuffer{0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82}));

  ByteBuffer rows(64);
  uLongf size = rows.size();
  ASSERT_EQ(uncompress(rows.data(), &size, file.data() + 41, idat), Z_OK);
  rows.resize(size);
  EXPECT_EQ(rows, (ByteBuffer{1, 5, 5, 5, 5, 0, 0, 0, 0, 0, 0, 0, 0,  // Sub
                              2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // Up
                              0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}));  // None
  EXPECT_EQ(*decode(file), image);
}

TEST(PngBalanced, OnePixelAndOneColumn) {
  texm::Image pixel{1, 1, ByteBuffer{200, 100, 50, 25}};
  EXPECT_EQ(*decode(*encode(pixel, Effort::balanced)), pixel);
  texm::Image column{1, 4, ByteBuffer{1, 2, 3, 4, 1, 2, 3, 4, 9, 9, 9, 9, 0, 0, 0, 0}};
  EXPECT_EQ(*decode(*encode(column, Effort::balanced)), column);
  EXPECT_EQ(encode(texm::Image{2, 1, ByteBuffer(7)}, Effort::balanced).error().to_string(),
            "image has 7 bytes of RGBA, 2x1 needs 8");
}

TEST(Png, GreyscaleOfEveryDepth) {
  PngSpec one;
  one.width = 8;
  one.color_type = PNG_COLOR_TYPE_GRAY;
  one.bit_depth = 1;
  one.rows = {ByteBuffer{0b10100000}};
  texm::Image a = decoded(one);
  EXPECT_EQ(ByteBuffer(a.rgba.begin(), a.rgba.begin() + 12), (ByteBuffer{255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255}));
  PngSpec four = one;
  four.width = 2;
  four.bit_depth = 4;
  four.rows = {ByteBuffer{0x1F}};
  EXPECT_EQ(decoded(four).rgba, (ByteBuffer{17, 17, 17, 255, 255, 255, 255, 255}));
  PngSpec sixteen = one;
  sixteen.width = 3;
  sixteen.bit_depth = 16;
  sixteen.rows = {ByteBuffer{0x80, 0x7F, 0x80, 0x80, 0xFF, 0xFF}};  // big-endian samples
  // exact scaling: round(v * 255 / 65535): 0x807F -> 128 (127.998), 0x8080 -> 128, 0xFFFF -> 255
  EXPECT_EQ(decoded(sixteen).rgba, (ByteBuffer{128, 128, 128, 255, 128, 128, 128, 255, 255, 255, 255, 255}));
  PngSpec grey_alpha = one;
  grey_alpha.width = 1;
  grey_alpha.color_type = PNG_COLOR_TYPE_GRAY_ALPHA;
  grey_alpha.bit_depth = 8;
  grey_alpha.rows = {ByteBuffer{200, 50}};
  EXPECT_EQ(decoded(grey_alpha).rgba, (ByteBuffer{200, 200, 200, 50}));
  PngSpec keyed = one;
  keyed.width = 2;
  keyed.bit_depth = 8;
  keyed.trns_colour = png_color_16{0, 0, 0, 0, 7};
  keyed.rows = {ByteBuffer{7, 8}};
  EXPECT_EQ(decoded(keyed).rgba, (ByteBuffer{7, 7, 7, 0, 8, 8, 8, 255}));
}

TEST(Png, PaletteWithAndWithoutTransparency) {
  PngSpec spec;
  spec.width = 3;
  spec.color_type = PNG_COLOR_TYPE_PALETTE;
  spec.bit_depth = 2;
  spec.palette = {{10, 20, 30}, {40, 50, 60}, {70, 80, 90}};
  spec.rows = {ByteBuffer{0b10'01'00'00}};
  EXPECT_EQ(decoded(spec).rgba, (ByteBuffer{70, 80, 90, 255, 40, 50, 60, 255, 10, 20, 30, 255}));
  spec.trns = {0, 128};
  EXPECT_EQ(decoded(spec).rgba, (ByteBuffer{70, 80, 90, 255, 40, 50, 60, 128, 10, 20, 30, 0}));
}

TEST(Png, RgbAnd16BitRgba) {
  PngSpec rgb;
  rgb.width = 1;
  rgb.color_type = PNG_COLOR_TYPE_RGB;
  rgb.rows = {ByteBuffer{1, 2, 3}};
  EXPECT_EQ(decoded(rgb).rgba, (ByteBuffer{1, 2, 3, 255}));
  PngSpec deep;
  deep.width = 1;
  deep.bit_depth = 16;
  deep.rows = {ByteBuffer{0x00, 0x80, 0x01, 0x00, 0xFE, 0xFF, 0x7F, 0x80}};
  // 0x0080 -> 0 (0.498), 0x0100 -> 1 (0.996), 0xFEFF -> 254 (253.99), 0x7F80 -> 127 (127.0)
  EXPECT_EQ(decoded(deep).rgba, (ByteBuffer{0, 1, 254, 127}));
}

TEST(Png, InterlacedReadsLikeProgressive) {
  PngSpec spec;
  spec.width = 9;
  spec.height = 7;
  spec.color_type = PNG_COLOR_TYPE_RGBA;
  texm::Image expect{9, 7, {}};
  for (std::uint32_t y = 0; y < 7; ++y) {
    ByteBuffer row;
    for (std::uint32_t x = 0; x < 9; ++x)
      for (int c = 0; c < 4; ++c) row.push_back(std::uint8_t(x * 20 + y * 3 + c));
    expect.rgba.insert(expect.rgba.end(), row.begin(), row.end());
    spec.rows.push_back(row);
  }
  PngSpec interlaced = spec;
  interlaced.interlaced = true;
  EXPECT_EQ(decoded(spec), expect);
  EXPECT_EQ(decoded(interlaced), expect);
}

TEST(PngErrors, NotAPngOrCorrupt) {
  EXPECT_EQ(decode(ByteBuffer{'G', 'I', 'F', '8', '9', 'a', 0, 0}).error().to_string(),
            "not a PNG file (bad signature) at offset 0x0");
  EXPECT_EQ(decode(ByteBuffer{}).error().to_string(), "not a PNG file (bad signature) at offset 0x0");
  ByteBuffer good = *encode(texm::Image{4, 4, ByteBuffer(64, 9)});
  ByteBuffer truncated(good.begin(), good.begin() + 20);
  EXPECT_EQ(decode(truncated).error().to_string(), "not a valid PNG: unexpected end of file");
  ByteBuffer short_data(good.begin(), good.end() - 20);  // IDAT cut
  EXPECT_FALSE(decode(short_data).ok());
  ByteBuffer bad_crc = good;
  bad_crc[29] ^= 0xFF;  // inside the IHDR CRC
  EXPECT_EQ(decode(bad_crc).error().to_string(), "not a valid PNG: IHDR: CRC error");
}

TEST(PngErrors, HugeDimensionsAreRefusedBeforeAllocating) {
  ByteBuffer good = *encode(texm::Image{1, 1, ByteBuffer(4, 9)});
  // Patch IHDR to 60000 x 60000 and fix its CRC: a tiny file claiming 14 GB.
  ByteBuffer big = good;
  store_u32(big.data() + 16, __builtin_bswap32(60000));
  store_u32(big.data() + 20, __builtin_bswap32(60000));
  std::uint32_t crc = std::uint32_t(crc32(0, big.data() + 12, 17));
  store_u32(big.data() + 29, __builtin_bswap32(crc));
  EXPECT_EQ(decode(big).error().to_string(), fmt::format("PNG claims 60000x60000 pixels, more than its {} bytes can hold", big.size()));
  store_u32(big.data() + 16, __builtin_bswap32(70000));
  crc = std::uint32_t(crc32(0, big.data() + 12, 17));
  store_u32(big.data() + 29, __builtin_bswap32(crc));
  EXPECT_EQ(decode(big).error().to_string(), "not a valid PNG: Invalid IHDR data");
}

TEST(PngErrors, EncodeChecksTheImage) {
  EXPECT_EQ(encode(texm::Image{0, 1, {}}).error().to_string(), "cannot write a 0x1 PNG");
  EXPECT_EQ(encode(texm::Image{2, 1, ByteBuffer(7)}).error().to_string(), "image has 7 bytes of RGBA, 2x1 needs 8");
}

}  // namespace
}  // namespace parkan::png
