#pragma once
// A minimal NRes directory read straight from the layout of docs/formats/nres.md 2-3, every field
// checked against the bytes present. The evidence counts read the rows as stored (the sort table
// included), independently of the library's reader, which repairs or rejects what it must.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/text.hpp"
#include "parkan/msh/anim_types.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::evidence::detail {

struct RawRow {
  std::uint32_t type_id = 0;
  std::uint32_t attr1 = 0, attr2 = 0, attr3 = 0;
  std::string_view name;  // up to the first NUL of the 36-byte field
  ByteView payload;       // empty when the row's range is outside the file
  bool payload_in_file = false;
  std::uint32_t sort_index = 0;
};

inline bool starts_with_nres(ByteView bytes) { return bytes.size() >= 4 && load_u32(bytes.data()) == nres::kMagic; }

// The rows of an NRes archive, or nullopt when the header or the directory does not fit (docs/formats/nres.md 2).
// A row whose payload lies outside the file keeps payload_in_file = false.
inline std::optional<std::vector<RawRow>> read_raw_nres(ByteView bytes) {
  if (bytes.size() < nres::kHeaderSize || load_u32(bytes.data()) != nres::kMagic) return std::nullopt;
  const std::int32_t count = load_i32(bytes.data() + 8);
  if (count < 0) return std::nullopt;
  const std::uint64_t directory_size = std::uint64_t(count) * nres::kEntrySize;
  if (directory_size > bytes.size() - nres::kHeaderSize) return std::nullopt;
  const std::size_t directory = bytes.size() - static_cast<std::size_t>(directory_size);
  std::vector<RawRow> rows(static_cast<std::size_t>(count));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::uint8_t* p = bytes.data() + directory + i * nres::kEntrySize;
    RawRow& row = rows[i];
    row.type_id = load_u32(p);
    row.attr1 = load_u32(p + 4);
    row.attr2 = load_u32(p + 8);
    const std::uint32_t size = load_u32(p + 12);
    row.attr3 = load_u32(p + 16);
    const char* name = reinterpret_cast<const char*>(p + 20);
    std::size_t length = 0;
    while (length < nres::kNameFieldSize && name[length] != 0) ++length;
    row.name = std::string_view(name, length);
    const std::uint32_t offset = load_u32(p + 56);
    row.sort_index = load_u32(p + 60);
    if (range_fits(offset, size, directory)) {
      row.payload = bytes.subspan(offset, size);
      row.payload_in_file = true;
    }
  }
  return rows;
}

// ASCII case-insensitive equality (the engine's fold, docs/formats/nres.md 4.2).
inline bool same_name_folded(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (fold_lower(static_cast<unsigned char>(a[i])) != fold_lower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

inline std::string fold_name(std::string_view name) {
  std::string out(name);
  for (char& c : out) c = static_cast<char>(fold_lower(static_cast<unsigned char>(c)));
  return out;
}

// "walker.msh" -> "walker.wea" (docs/formats/msh.md 1.1).
inline std::string wear_name_for(std::string_view model_name) {
  std::string stem(model_name);
  if (const std::size_t dot = stem.rfind('.'); dot != std::string::npos) stem.resize(dot);
  return stem + ".wea";
}

// A model container: an NRes whose rows carry the small integer stream types of docs/formats/msh.md 1.2 (every
// type below 0x100) and a node table (type 1).
inline bool is_model_container(const std::vector<RawRow>& rows) {
  bool nodes = false;
  for (const RawRow& row : rows) {
    if (row.type_id >= 0x100) return false;
    // Terrain (Land.msh, docs/formats/terrain.md) has a node table too, but its UV streams are
    // microtexture coordinates that wrap at 64 turns: not a model's.
    if (row.type_id == msh::kTerrainFacesType) return false;
    if (row.type_id == msh::kNodeTableType) nodes = true;
  }
  return nodes;
}

}  // namespace parkan::evidence::detail
