#pragma once
// The 64-byte directory row (docs/formats/nres.md 3): decoding and encoding, shared by the reader and writers.
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "parkan/core/bytes.hpp"
#include "parkan/core/text.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::nres::detail {

inline Entry decode_entry(const std::uint8_t* row) {
  Entry e;
  e.type_id = load_u32(row + 0x00);
  e.attr1 = load_u32(row + 0x04);
  e.attr2 = load_u32(row + 0x08);
  e.size = load_u32(row + 0x0C);
  e.attr3 = load_u32(row + 0x10);
  std::memcpy(e.name_field.data(), row + 0x14, kNameFieldSize);
  e.data_offset = load_u32(row + 0x38);
  e.sort_index = load_u32(row + 0x3C);
  return e;
}

inline void put_entry(ByteWriter& out, const Entry& e) {
  out.u32(e.type_id);
  out.u32(e.attr1);
  out.u32(e.attr2);
  out.u32(e.size);
  out.u32(e.attr3);
  out.bytes(e.name_field);
  out.u32(e.data_offset);
  out.u32(e.sort_index);
}

inline void put_header(ByteWriter& out, std::uint32_t version, std::uint32_t count, std::uint32_t total_size) {
  out.patch_u32(0, kMagic);
  out.patch_u32(4, version);
  out.patch_u32(8, count);
  out.patch_u32(12, total_size);
}

// How errors name an entry: "#3 NAME.0" (names shown as cp1251, docs/cli.md 1.3).
inline std::string entry_label(std::size_t index, const Entry& entry) {
  return fmt::format("#{} {}", index, cp1251_to_utf8(entry.name()));
}

// Canonical zero padding after a payload ending at `end` (docs/formats/nres.md 5).
constexpr std::size_t padding_after(std::size_t end) { return (8 - end % 8) % 8; }

}  // namespace parkan::nres::detail
