#pragma once
// LoadMaterial's name lookup with the engine's fallbacks (docs/formats/mat0.md 6): the exact name,
// then DEFAULT (after logging "Material %s not found."), then entry 0.
#include <optional>
#include <string>
#include <string_view>

#include "parkan/resource/archive.hpp"

namespace parkan::runtime {

inline constexpr std::string_view kDefaultMaterial = "DEFAULT";

enum class MaterialMatch { exact, fallback_default, fallback_first };
std::string_view match_name(MaterialMatch match);  // "exact", "default", "first"

struct MaterialFound {
  std::size_t index = 0;  // directory index in the materials library
  MaterialMatch match = MaterialMatch::exact;
  std::string log;        // the engine's log line ("Material X not found.") when not exact
};

// `name` as stored bytes (cp1251). nullopt only for an empty library (the engine would index entry
// 0 of nothing).
std::optional<MaterialFound> find_material(const resource::Archive& library, std::string_view name);

}  // namespace parkan::runtime
