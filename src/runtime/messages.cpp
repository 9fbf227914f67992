// The manager's log lines (docs/formats/mat0.md 6; docs/formats/wear.md 4.1; docs/formats/palettes.md 3.1). Names are stored bytes (cp1251); the log
// carries text, so they are converted as everywhere else (docs/cli.md 1.3).
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
