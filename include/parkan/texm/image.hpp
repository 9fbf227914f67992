#pragma once
// An RGBA8 image: rows top to bottom, 4 bytes per pixel in the order R, G, B, A.
#include <cstdint>

#include "parkan/core/bytes.hpp"

namespace parkan::texm {

struct Image {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  ByteBuffer rgba;  // width * height * 4 bytes
  bool operator==(const Image&) const = default;
};

}  // namespace parkan::texm
