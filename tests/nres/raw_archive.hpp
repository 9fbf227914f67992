#pragma once
// Hand-assembled NRes bytes for tests: any layout, including ones the writers never produce.
#include <cstring>
#include <string_view>
#include <vector>

#include "parkan/nres/archive.hpp"

namespace parkan::nres::test {

// A directory row with every field given; the name field is zero-filled unless `tail` adds junk
// after the NUL.
inline Entry row(std::string_view name, std::uint32_t offset, std::uint32_t size, std::uint32_t sort_index,
                 std::uint32_t type_id = 0x6D786554, std::string_view tail = {}) {
  Entry e;
  e.type_id = type_id;
  e.attr1 = 1;
  e.attr2 = 2;
  e.attr3 = 3;
  e.size = size;
  std::memcpy(e.name_field.data(), name.data(), std::min(name.size(), e.name_field.size()));
  if (!tail.empty()) std::memcpy(e.name_field.data() + name.size() + 1, tail.data(), tail.size());
  e.data_offset = offset;
  e.sort_index = sort_index;
  return e;
}

// Header + `data` (the bytes from offset 16 on) + the rows as given.
inline ByteBuffer assemble(ByteView data, const std::vector<Entry>& rows) {
  ByteWriter out;
  out.u32(kMagic);
  out.u32(kVersion);
  out.u32(static_cast<std::uint32_t>(rows.size()));
  out.u32(static_cast<std::uint32_t>(kHeaderSize + data.size() + rows.size() * kEntrySize));
  out.bytes(data);
  for (const Entry& e : rows) {
    out.u32(e.type_id);
    out.u32(e.attr1);
    out.u32(e.attr2);
    out.u32(e.size);
    out.u32(e.attr3);
    out.bytes(e.name_field);
    out.u32(e.data_offset);
    out.u32(e.sort_index);
  }
  return out.take();
}

inline ByteBuffer bytes_of(std::string_view text) { return ByteBuffer(text.begin(), text.end()); }

}  // namespace parkan::nres::test
