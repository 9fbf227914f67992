// The manager's log lines (materials-texm.md 6.6, 8.3, 9.1). Names are stored bytes (cp1251); the log
// carries text, so they are converted as everywhere else (decisions.md "Text encoding").
#include "parkan/runtime/messages.hpp"

#include <fmt/format.h>

#include "parkan/core/text.hpp"

namespace parkan::runtime {

std::string material_not_found(std::string_view name) {
  return fmt::format("Material {} not found.", cp1251_to_utf8(name));
}
std::string lightmap_not_found(std::string_view name) {
  return fmt::format("LightMap {} not found.", cp1251_to_utf8(name));
}
std::string unreadable_texture(std::string_view name, std::string_view reason) {
  return fmt::format("texture {} cannot be loaded: {}", cp1251_to_utf8(name), reason);
}
std::string unreadable_material(std::string_view name, std::string_view reason) {
  return fmt::format("material {} cannot be loaded: {}", cp1251_to_utf8(name), reason);
}

}  // namespace parkan::runtime
