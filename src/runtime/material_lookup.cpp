// Material lookup with the engine's fallbacks (docs/formats/mat0.md 6).
#include "parkan/runtime/material_lookup.hpp"

#include "parkan/runtime/messages.hpp"

namespace parkan::runtime {

std::string_view match_name(MaterialMatch match) {
  switch (match) {
    case MaterialMatch::exact: return "exact";
    case MaterialMatch::fallback_default: return "default";
    case MaterialMatch::fallback_first: return "first";
  }
  return "?";
}

std::optional<MaterialFound> find_material(const resource::Archive& library, std::string_view name) {
  if (auto exact = library.find(name)) return MaterialFound{*exact, MaterialMatch::exact, {}};
  std::string log = material_not_found(name);
  if (auto fallback = library.find(kDefaultMaterial))
    return MaterialFound{*fallback, MaterialMatch::fallback_default, std::move(log)};
  if (library.entry_count() == 0) return std::nullopt;
  return MaterialFound{0, MaterialMatch::fallback_first, std::move(log)};
}

}  // namespace parkan::runtime
