#pragma once
// Hand-built Texm payloads for the tests, written field by field without the library's writer.
#include <cstdint>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::texm::test {

struct RawTexm {
  std::uint32_t magic = kMagic;
  std::uint32_t width = 1, height = 1, mip_count = 1;
  std::uint32_t flags4 = 0, flags5 = 0, unk6 = 0, format = 8888;
  ByteBuffer body;  // palette, pixels, tail: exactly as given

  ByteBuffer bytes() const {
    ByteWriter w;
    for (std::uint32_t v : {magic, width, height, mip_count, flags4, flags5, unk6, format}) w.u32(v);
    w.bytes(body);
    return w.take();
  }
};

// `n` bytes counting up from `start` (mod 256).
inline ByteBuffer counting(std::size_t n, std::uint8_t start = 0) {
  ByteBuffer b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(start + i);
  return b;
}

inline void append(ByteBuffer& to, const ByteBuffer& more) { to.insert(to.end(), more.begin(), more.end()); }

inline ByteBuffer page_chunk(const std::vector<PageRect>& rects) {
  ByteWriter w;
  w.u32(kPageMagic);
  w.u32(static_cast<std::uint32_t>(rects.size()));
  for (const PageRect& r : rects) {
    w.i16(r.x);
    w.i16(r.w);
    w.i16(r.y);
    w.i16(r.h);
  }
  return w.take();
}

}  // namespace parkan::texm::test
