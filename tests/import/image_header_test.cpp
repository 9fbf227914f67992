// Image sizes from their headers (src/import/image_header.hpp) and the loader's refusal of images too
// large to decode (docs/import.md 6): headers built here byte by byte from the PNG and JPEG layouts.
#include <gtest/gtest.h>

#include "gltf_text.hpp"
#include "import/image_header.hpp"
#include "parkan/import/codes.hpp"
#include "parkan/import/gltf.hpp"

namespace parkan::importer {
namespace {

using test::Gltf;

// The signature and an IHDR chunk: length 13, "IHDR", width, height (big-endian), depth 8, RGBA, then
// what would follow (no CRC, no data: the header is all the size needs).
std::vector<std::uint8_t> png_header(std::uint32_t w, std::uint32_t h) {
  std::vector<std::uint8_t> b = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
  for (std::uint32_t v : {w, h})
    for (int shift = 24; shift >= 0; shift -= 8) b.push_back(std::uint8_t(v >> shift));
  b.insert(b.end(), {8, 6, 0, 0, 0});
  return b;
}

// SOI, an APP0 of 16 bytes, a fill byte, then SOF2 (progressive): length 17, precision 8, height, width.
std::vector<std::uint8_t> jpeg_header(std::uint16_t w, std::uint16_t h) {
  return {0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J',  'F',  'I',  'F',  0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
          0xFF, 0xFF, 0xC2, 0x00, 0x11, 0x08, std::uint8_t(h >> 8), std::uint8_t(h), std::uint8_t(w >> 8),
          std::uint8_t(w), 3};
}

TEST(ImageHeader, PngAndJpegSizes) {
  const auto png = image_header_size(png_header(5000, 300));
  ASSERT_TRUE(png);
  EXPECT_EQ(png->width, 5000u);
  EXPECT_EQ(png->height, 300u);
  const auto jpeg = image_header_size(jpeg_header(0x0456, 0x0123));
  ASSERT_TRUE(jpeg);
  EXPECT_EQ(jpeg->width, 0x0456u);
  EXPECT_EQ(jpeg->height, 0x0123u);
}

TEST(ImageHeader, CutShortOrOtherKindsHaveNoSize) {
  std::vector<std::uint8_t> png = png_header(64, 64);
  png.resize(23);  // the height's last byte missing
  EXPECT_FALSE(image_header_size(png));
  std::vector<std::uint8_t> jpeg = jpeg_header(64, 64);
  jpeg.resize(jpeg.size() - 3);  // the frame header cut in its width
  EXPECT_FALSE(image_header_size(jpeg));
  const std::vector<std::uint8_t> zero_length = {0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00, 0, 0};
  EXPECT_FALSE(image_header_size(zero_length));
  const std::vector<std::uint8_t> gif = {'G', 'I', 'F', '8', '9', 'a', 64, 0, 64, 0};
  EXPECT_FALSE(image_header_size(gif));
  EXPECT_FALSE(image_header_size({}));
}

Result<GltfDocument> load_with_image(const std::vector<std::uint8_t>& image) {
  Gltf g;
  g.texture_png(image, "huge");
  static std::string text;
  text = g.text();
  return load_gltf(as_bytes(text), "model.gltf", ".");
}

TEST(ImageHeader, AnImageTooLargeToDecodeIsRefusedBeforeDecoding) {
  // 4097 x 4096 says more pixels than kMaxImagePixels; the bytes after its header are not a PNG's.
  Result<GltfDocument> loaded = load_with_image(png_header(4097, 4096));
  ASSERT_FALSE(loaded);
  EXPECT_EQ(loaded.error().rule, codes::kGltfImage);
  EXPECT_NE(loaded.error().message.find("image 0: 4097 x 4096 pixels, more than the 16777216 the import decodes"),
            std::string::npos)
      << loaded.error().message;
  Result<GltfDocument> gif = load_with_image({'G', 'I', 'F', '8', '9', 'a', 1, 0, 1, 0});
  ASSERT_FALSE(gif);
  EXPECT_EQ(gif.error().rule, codes::kGltfImage);
  EXPECT_NE(gif.error().message.find("image 0: neither a PNG nor a JPEG"), std::string::npos) << gif.error().message;
}

}  // namespace
}  // namespace parkan::importer
