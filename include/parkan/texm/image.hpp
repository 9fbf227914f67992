#pragma once
// An RGBA8 image: rows top to bottom, 4 bytes per pixel in the order R, G, B, A.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "parkan/core/bytes.hpp"

namespace parkan::texm {

// std::allocator, except that a value-initialising construct (vector::resize(n), vector(n))
// default-initialises: bytes are left as they are instead of being zeroed.
template <class T>
struct DefaultInitAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() = default;
  template <class U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

// The pixel bytes of an Image. resize(n) and PixelBuffer(n) do NOT zero the new bytes: a decoder
// that writes every byte (texm::decode, png::decode) would otherwise pay a whole extra pass over
// the image for zeros it overwrites at once. resize(n, 0) and PixelBuffer(n, 0) zero.
// It converts from and to ByteBuffer and compares with it, so Image{w, h, ByteBuffer(...)} and
// `image.rgba == ByteBuffer{...}` read as before.
class PixelBuffer : public std::vector<std::uint8_t, DefaultInitAllocator<std::uint8_t>> {
 public:
  using Base = std::vector<std::uint8_t, DefaultInitAllocator<std::uint8_t>>;
  using Base::Base;
  PixelBuffer() = default;
  PixelBuffer(const ByteBuffer& bytes) : Base(bytes.begin(), bytes.end()) {}  // implicit: a copy of the bytes
  operator ByteBuffer() const { return ByteBuffer(begin(), end()); }           // implicit: a copy of the bytes

  friend bool operator==(const PixelBuffer& a, const PixelBuffer& b) { return std::ranges::equal(a, b); }
  friend bool operator==(const PixelBuffer& a, const ByteBuffer& b) { return std::ranges::equal(a, b); }
};

struct Image {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  PixelBuffer rgba;  // width * height * 4 bytes
  bool operator==(const Image&) const = default;
};

}  // namespace parkan::texm
