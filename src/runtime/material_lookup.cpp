// Material lookup with the engine's fallbacks (materials-texm.md 6.6).
#include "parkan/runtime/material_lookup.hpp"

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/material/mat0.hpp"

namespace parkan::runtime {

std::string_view match_name(MaterialMatch match) {
  switch (match) {
    case MaterialMatch::exact: return "exact";
    case MaterialMatch::fallback_default: return "default";
    case MaterialMatch::fallback_first: return "first";
  }
  return "?";
}

std::string material_not_found_message(std::string_view name) {
  return fmt::format("Material {} not found.", name);
}

std::optional<MaterialFound> find_material(const nres::Archive& library, std::string_view name) {
  if (auto exact = nres::find(library, name)) return MaterialFound{*exact, MaterialMatch::exact, {}};
  std::string log = material_not_found_message(cp1251_to_utf8(name));
  if (auto fallback = nres::find(library, kDefaultMaterial))
    return MaterialFound{*fallback, MaterialMatch::fallback_default, std::move(log)};
  if (library.entries.empty()) return std::nullopt;
  return MaterialFound{0, MaterialMatch::fallback_first, std::move(log)};
}

Result<material::Mat0> load_material(const nres::Archive& library, std::size_t index) {
  if (index >= library.entries.size())
    return invalid(fmt::format("no entry #{} (the archive has {} entries)", index, library.entries.size()));
  const nres::Entry& e = library.entries[index];
  auto mat = material::read_mat0(library.payload(index), {e.attr1, e.attr2});
  if (!mat) return std::move(mat).error().in_entry(cp1251_to_utf8(e.name()));
  return mat;
}

}  // namespace parkan::runtime
