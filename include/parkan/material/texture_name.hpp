#pragma once
// The texture loader's name rule (materials-texm.md 9.1, decisions.md "Texture names and palettes").
#include <string_view>

namespace parkan::material {

// The loader needs a '.' at position 0..16; otherwise it says "Bad texture name." and uses slot -1.
constexpr bool texture_name_dot(std::string_view name) {
  std::size_t dot = name.find('.');
  return dot != std::string_view::npos && dot <= 16;
}

}  // namespace parkan::material
