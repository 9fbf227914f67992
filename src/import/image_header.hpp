#pragma once
// The size a glTF image says it has, read from its header before anything is decoded (docs/import.md
// 6): PNG's IHDR and JPEG's frame header, the two image types glTF 2.0 allows. The loader refuses an
// image whose pixels would pass kMaxImagePixels instead of letting the decoder allocate them.
#include <cstdint>
#include <optional>

#include "parkan/core/bytes.hpp"

namespace parkan::importer {

// 4096 x 4096: 64 MB of RGBA while decoding; the import scales every texture to at most 1024 anyway.
inline constexpr std::uint64_t kMaxImagePixels = std::uint64_t{4096} * 4096;

struct ImageSize {
  std::uint32_t width = 0, height = 0;
};

// nullopt: neither a PNG nor a JPEG, or its header is cut short.
std::optional<ImageSize> image_header_size(ByteView bytes);

}  // namespace parkan::importer
