// PNG and JPEG header sizes (src/import/image_header.hpp).
#include "import/image_header.hpp"

#include <array>
#include <cstring>

namespace parkan::importer {

namespace {

std::uint32_t big_endian(ByteView b, std::size_t at, std::size_t n) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < n; ++i) v = v << 8 | b[at + i];
  return v;
}

// PNG: the 8-byte signature, then the IHDR chunk (length 13, "IHDR", u32 width, u32 height; big-endian).
std::optional<ImageSize> png_size(ByteView b) {
  static constexpr std::array<std::uint8_t, 8> kSignature = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  if (b.size() < 24 || std::memcmp(b.data(), kSignature.data(), kSignature.size()) != 0 ||
      std::memcmp(b.data() + 12, "IHDR", 4) != 0)
    return std::nullopt;
  return ImageSize{big_endian(b, 16, 4), big_endian(b, 20, 4)};
}

// JPEG: markers from SOI (FF D8) on, each FF xx [u16 length incl. itself] payload, up to the first
// start-of-frame (SOF0..SOF15 but DHT C4, JPG C8, DAC CC): precision u8, height u16, width u16.
std::optional<ImageSize> jpeg_size(ByteView b) {
  if (b.size() < 4 || b[0] != 0xFF || b[1] != 0xD8) return std::nullopt;
  std::size_t at = 2;
  while (at + 4 <= b.size()) {
    if (b[at] != 0xFF) return std::nullopt;
    const std::uint8_t marker = b[at + 1];
    if (marker == 0xFF) {  // fill byte
      ++at;
      continue;
    }
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {  // no length
      at += 2;
      continue;
    }
    const std::uint32_t length = big_endian(b, at + 2, 2);
    if (length < 2) return std::nullopt;
    const bool frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (frame) {
      if (length < 7 || at + 9 > b.size()) return std::nullopt;
      return ImageSize{big_endian(b, at + 7, 2), big_endian(b, at + 5, 2)};
    }
    at += 2 + length;
  }
  return std::nullopt;
}

}  // namespace

std::optional<ImageSize> image_header_size(ByteView bytes) {
  if (auto png = png_size(bytes)) return png;
  return jpeg_size(bytes);
}

}  // namespace parkan::importer
