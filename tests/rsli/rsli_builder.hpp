#pragma once
// Builds RsLi ("NL") library bytes for tests (docs/formats/rsli.md 1-7): header fields, rows, payloads back to back
// after the table, the table XOR'd as one stream, XOR payloads encrypted with their row's key, an
// optional AO trailer, and overrides to break any rule. The XOR stream is written here again from the
// spec, so that the tests do not check the library against itself.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/rsli/archive.hpp"

namespace parkan::rsli::test {

// docs/formats/rsli.md 4, the spec's pseudo code.
inline void spec_xor(std::uint8_t* bytes, std::size_t size, std::uint16_t key) {
  std::uint8_t lo = key & 0xFF, hi = key >> 8;
  for (std::size_t i = 0; i < size; ++i) {
    lo = static_cast<std::uint8_t>(hi ^ ((lo << 1) & 0xFF));
    bytes[i] ^= lo;
    hi = static_cast<std::uint8_t>(lo ^ (hi >> 1));
  }
}

struct RowSpec {
  std::string name;                       // raw bytes, up to 12 (12 = no NUL)
  std::uint16_t flags = 0;                // the method bits (and any others)
  ByteBuffer payload;                     // the packed bytes before payload XOR
  std::optional<std::uint32_t> unpacked;  // default: payload.size()
  std::optional<std::int16_t> sort_value; // default: P[i] (the engine's order)
  std::optional<std::uint32_t> data_offset;  // default: real offset - overlay
  std::optional<std::uint32_t> packed_size;  // default: payload.size()
  std::array<std::uint8_t, 4> reserved{};
};

struct LibrarySpec {
  std::vector<RowSpec> rows;
  bool presorted = true;
  std::uint32_t seed = 0x5A3C1234;           // bits 16..31 must be ignored
  std::optional<std::uint32_t> overlay;      // AO trailer
  std::optional<std::int16_t> count;         // default: rows.size()
  std::optional<std::int16_t> count_copy;    // header +0x06; default: the count
  std::optional<std::uint32_t> total_unpacked;  // header +0x10; default: the sum of the rows' unpacked sizes
  std::uint8_t reserved_byte = 0;            // header byte 2
  std::uint8_t version = 1;                  // header byte 3
  ByteBuffer gap;                            // bytes between the table and the first payload
  ByteBuffer tail;                           // bytes after the last payload (before AO)
};

inline std::vector<std::uint16_t> engine_order(const std::vector<RowSpec>& rows) {
  auto name_of = [&](std::size_t i) {
    std::string_view n = rows[i].name;
    n = n.substr(0, std::min<std::size_t>(n.size(), kNameSize));
    return n.substr(0, n.find('\0'));
  };
  std::vector<std::uint16_t> order(rows.size());
  std::iota(order.begin(), order.end(), std::uint16_t{0});
  // Bubble sort, as the engine does (docs/formats/rsli.md 5).
  for (std::size_t pass = 0; pass < order.size(); ++pass)
    for (std::size_t j = 0; j + 1 < order.size(); ++j)
      if (name_of(order[j]) > name_of(order[j + 1])) std::swap(order[j], order[j + 1]);
  return order;
}

inline ByteBuffer build_library(const LibrarySpec& spec) {
  const std::size_t n = spec.rows.size();
  const std::vector<std::uint16_t> order = engine_order(spec.rows);
  ByteBuffer out(kHeaderSize, 0);
  out[0] = 'N';
  out[1] = 'L';
  out[2] = spec.reserved_byte;
  out[3] = spec.version;
  const std::int16_t count = spec.count.value_or(static_cast<std::int16_t>(n));
  std::memcpy(out.data() + 4, &count, 2);
  const std::int16_t count_copy = spec.count_copy.value_or(count);
  std::memcpy(out.data() + 6, &count_copy, 2);
  for (std::size_t i = 8; i < 14; ++i) out[i] = static_cast<std::uint8_t>(0xC0 + i);  // reserved, kept
  store_u16(out.data() + 0x0E, spec.presorted ? kPresortedFlag : 0x1111);
  std::uint64_t total_unpacked = 0;
  for (const RowSpec& r : spec.rows) total_unpacked += r.unpacked.value_or(static_cast<std::uint32_t>(r.payload.size()));
  store_u32(out.data() + 0x10, spec.total_unpacked.value_or(static_cast<std::uint32_t>(total_unpacked)));
  store_u32(out.data() + 0x14, spec.seed);
  for (std::size_t i = 0x18; i < 0x20; ++i) out[i] = static_cast<std::uint8_t>(0xE0 + i);
  ByteBuffer table(n * kEntrySize, 0);
  ByteBuffer data = spec.gap;
  std::uint64_t at = kHeaderSize + n * kEntrySize + spec.gap.size();
  const std::uint32_t overlay = spec.overlay.value_or(0);
  for (std::size_t i = 0; i < n; ++i) {
    const RowSpec& r = spec.rows[i];
    std::uint8_t* row = table.data() + i * kEntrySize;
    std::memcpy(row, r.name.data(), std::min<std::size_t>(r.name.size(), kNameSize));
    std::copy(r.reserved.begin(), r.reserved.end(), row + 0x0C);
    store_u16(row + 0x10, r.flags);
    const std::int16_t sort_value = r.sort_value.value_or(static_cast<std::int16_t>(order[i]));
    std::memcpy(row + 0x12, &sort_value, 2);
    store_u32(row + 0x14, r.unpacked.value_or(static_cast<std::uint32_t>(r.payload.size())));
    store_u32(row + 0x18, r.data_offset.value_or(static_cast<std::uint32_t>(at - overlay)));
    store_u32(row + 0x1C, r.packed_size.value_or(static_cast<std::uint32_t>(r.payload.size())));
    ByteBuffer payload = r.payload;
    const auto method = static_cast<std::uint16_t>(r.flags & kMethodMask);
    if (method == 0x20 || method == 0x60 || method == 0xA0) {
      // The key is the sort value after docs/formats/rsli.md 5: as stored when presorted, else P[i].
      const std::uint16_t key = spec.presorted ? static_cast<std::uint16_t>(sort_value) : order[i];
      spec_xor(payload.data(), payload.size(), key);
    }
    data.insert(data.end(), payload.begin(), payload.end());
    at += payload.size();
  }
  spec_xor(table.data(), table.size(), static_cast<std::uint16_t>(spec.seed & 0xFFFF));
  out.insert(out.end(), table.begin(), table.end());
  out.insert(out.end(), data.begin(), data.end());
  out.insert(out.end(), spec.tail.begin(), spec.tail.end());
  if (spec.overlay) {
    out.push_back('A');
    out.push_back('O');
    out.resize(out.size() + 4);
    store_u32(out.data() + out.size() - 4, *spec.overlay);
  }
  return out;
}

inline ByteBuffer bytes_of(std::string_view text) { return ByteBuffer(text.begin(), text.end()); }

inline RowSpec stored_row(std::string name, std::string_view content) {
  RowSpec row;
  row.name = std::move(name);
  row.payload = bytes_of(content);
  return row;
}

}  // namespace parkan::rsli::test
