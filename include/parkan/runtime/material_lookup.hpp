#pragma once
// LoadMaterial's name lookup with the engine's fallbacks (materials-texm.md 6.6): the exact name,
// then DEFAULT (after logging "Material %s not found."), then entry 0.
#include <optional>
#include <string>
#include <string_view>

#include "parkan/material/model.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::runtime {

inline constexpr std::string_view kDefaultMaterial = "DEFAULT";

enum class MaterialMatch { exact, fallback_default, fallback_first };
std::string_view match_name(MaterialMatch match);  // "exact", "default", "first"

struct MaterialFound {
  std::size_t index = 0;  // directory index in Material.lib
  MaterialMatch match = MaterialMatch::exact;
  std::string log;        // the engine's log line ("Material X not found.") when not exact
};

// The engine's message for a missing material.
std::string material_not_found_message(std::string_view name);

// nullopt only for an empty archive (the engine would index entry 0 of nothing).
std::optional<MaterialFound> find_material(const nres::Archive& library, std::string_view name);

// Parses entry `index` with its own attr1/attr2; errors name the entry.
Result<material::Mat0> load_material(const nres::Archive& library, std::size_t index);

}  // namespace parkan::runtime
