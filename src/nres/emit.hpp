#pragma once
// Buffered output of the streaming writers: small pieces (rows, padding, short payloads) gather in a
// buffer; large payloads go to the sink as the views they are. The first sink error is kept and
// ends the writing.
#include <cstring>

#include "nres/rows.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::nres::detail {

class Emitter {
 public:
  explicit Emitter(const ByteSink& sink) : sink_(sink) { buffer_.reserve(kBuffer); }

  bool ok() const { return status_.ok(); }

  void bytes(ByteView v) {
    if (buffer_.size() + v.size() > kBuffer) {
      flush();
      if (v.size() >= kBuffer) {
        if (ok()) status_ = sink_(v);
        written_ += v.size();
        return;
      }
    }
    buffer_.insert(buffer_.end(), v.begin(), v.end());
    written_ += v.size();
  }
  void zeros(std::size_t count) {
    static constexpr std::uint8_t kZeros[8] = {};
    while (count > 0) {
      std::size_t n = count < sizeof kZeros ? count : sizeof kZeros;
      bytes(ByteView(kZeros, n));
      count -= n;
    }
  }
  void align8() { zeros(padding_after(written_)); }
  void header(std::uint32_t version, std::uint32_t count, std::uint32_t total_size) {
    std::uint8_t h[kHeaderSize];
    store_u32(h, kMagic);
    store_u32(h + 4, version);
    store_u32(h + 8, count);
    store_u32(h + 12, total_size);
    bytes(ByteView(h, sizeof h));
  }
  void row(const Entry& e) {
    std::uint8_t r[kEntrySize];
    store_u32(r + 0x00, e.type_id);
    store_u32(r + 0x04, e.attr1);
    store_u32(r + 0x08, e.attr2);
    store_u32(r + 0x0C, e.size);
    store_u32(r + 0x10, e.attr3);
    std::memcpy(r + 0x14, e.name_field.data(), kNameFieldSize);
    store_u32(r + 0x38, e.data_offset);
    store_u32(r + 0x3C, e.sort_index);
    bytes(ByteView(r, sizeof r));
  }
  std::size_t written() const { return written_; }

  Status finish() {
    flush();
    return status_;
  }

 private:
  static constexpr std::size_t kBuffer = 64 * 1024;

  void flush() {
    if (ok() && !buffer_.empty()) status_ = sink_(buffer_);
    buffer_.clear();
  }

  const ByteSink& sink_;
  ByteBuffer buffer_;
  std::size_t written_ = 0;
  Status status_;
};

// A sink that appends to a buffer reserved to the final size (the ByteBuffer forms of the writers).
inline ByteSink append_to(ByteBuffer& out) {
  return [&out](ByteView v) -> Status {
    out.insert(out.end(), v.begin(), v.end());
    return {};
  };
}

}  // namespace parkan::nres::detail
