#pragma once
// Little-endian byte access: unchecked loads for code that has already checked its bounds,
// a bounds-checked reader for parsers, and a growing writer.
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include "parkan/core/error.hpp"

namespace parkan {

using ByteView = std::span<const std::uint8_t>;
using ByteBuffer = std::vector<std::uint8_t>;

static_assert(std::endian::native == std::endian::little, "parkan assumes a little-endian host");

// Unchecked loads; the caller guarantees `p` has sizeof(T) readable bytes.
inline std::uint16_t load_u16(const std::uint8_t* p) { std::uint16_t v; std::memcpy(&v, p, 2); return v; }
inline std::uint32_t load_u32(const std::uint8_t* p) { std::uint32_t v; std::memcpy(&v, p, 4); return v; }
inline std::int16_t load_i16(const std::uint8_t* p) { std::int16_t v; std::memcpy(&v, p, 2); return v; }
inline std::int32_t load_i32(const std::uint8_t* p) { std::int32_t v; std::memcpy(&v, p, 4); return v; }
inline float load_f32(const std::uint8_t* p) { float v; std::memcpy(&v, p, 4); return v; }
inline void store_u16(std::uint8_t* p, std::uint16_t v) { std::memcpy(p, &v, 2); }
inline void store_u32(std::uint8_t* p, std::uint32_t v) { std::memcpy(p, &v, 4); }
inline void store_f32(std::uint8_t* p, float v) { std::memcpy(p, &v, 4); }

inline ByteView as_bytes(std::string_view text) {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}
inline std::string_view as_chars(ByteView bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

// True when [offset, offset + size) lies inside a buffer of `total` bytes, without overflow.
constexpr bool range_fits(std::uint64_t offset, std::uint64_t size, std::uint64_t total) {
  return offset <= total && size <= total - offset;
}

// A cursor over a byte view. Every read checks the bounds and reports the offset it failed at.
class ByteReader {
 public:
  explicit ByteReader(ByteView data, std::size_t offset = 0) : data_(data), offset_(offset) {}

  std::size_t offset() const { return offset_; }
  std::size_t size() const { return data_.size(); }
  std::size_t remaining() const { return offset_ <= data_.size() ? data_.size() - offset_ : 0; }
  bool at_end() const { return remaining() == 0; }
  ByteView data() const { return data_; }

  Result<std::uint8_t> u8() { PARKAN_TRY(need(1)); return data_[offset_++]; }
  Result<std::uint16_t> u16() { return fixed<std::uint16_t>(); }
  Result<std::uint32_t> u32() { return fixed<std::uint32_t>(); }
  Result<std::int16_t> i16() { return fixed<std::int16_t>(); }
  Result<std::int32_t> i32() { return fixed<std::int32_t>(); }
  Result<float> f32() { return fixed<float>(); }

  // A view of the next `count` bytes (no copy).
  Result<ByteView> bytes(std::size_t count) {
    PARKAN_TRY(need(count));
    ByteView out = data_.subspan(offset_, count);
    offset_ += count;
    return out;
  }
  Status skip(std::size_t count) {
    PARKAN_TRY(need(count));
    offset_ += count;
    return {};
  }
  Status seek(std::size_t offset) {
    if (offset > data_.size())
      return invalid("seek past the end of the data (" + std::to_string(data_.size()) + " bytes)", offset);
    offset_ = offset;
    return {};
  }

  // "unexpected end of data: need N bytes, M left" at the current offset.
  Status need(std::size_t count) const;

 private:
  template <class T>
  Result<T> fixed() {
    PARKAN_TRY(need(sizeof(T)));
    T v;
    std::memcpy(&v, data_.data() + offset_, sizeof(T));
    offset_ += sizeof(T);
    return v;
  }

  ByteView data_;
  std::size_t offset_;
};

// An append-only little-endian writer with patching for fields known only later.
class ByteWriter {
 public:
  ByteWriter() = default;
  explicit ByteWriter(std::size_t reserve) { buffer_.reserve(reserve); }

  std::size_t size() const { return buffer_.size(); }
  const ByteBuffer& buffer() const { return buffer_; }
  ByteBuffer take() { return std::move(buffer_); }

  void u8(std::uint8_t v) { buffer_.push_back(v); }
  void u16(std::uint16_t v) { put(&v, 2); }
  void u32(std::uint32_t v) { put(&v, 4); }
  void i16(std::int16_t v) { put(&v, 2); }
  void i32(std::int32_t v) { put(&v, 4); }
  void f32(float v) { put(&v, 4); }
  void bytes(ByteView v) { buffer_.insert(buffer_.end(), v.begin(), v.end()); }
  void zeros(std::size_t count) { buffer_.resize(buffer_.size() + count, 0); }
  // Zero bytes up to the next multiple of `alignment`.
  void align(std::size_t alignment) { zeros((alignment - buffer_.size() % alignment) % alignment); }
  void patch_u32(std::size_t at, std::uint32_t v) { store_u32(buffer_.data() + at, v); }

 private:
  void put(const void* p, std::size_t n) {
    const auto* b = static_cast<const std::uint8_t*>(p);
    buffer_.insert(buffer_.end(), b, b + n);
  }
  ByteBuffer buffer_;
};

}  // namespace parkan
