// char[32] name fields (src/effect/effect_name_field.hpp).
#include "effect/effect_name_field.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "parkan/effect/codes.hpp"
#include "parkan/effect/effect.hpp"

namespace parkan::effect::detail {

std::string effect_field_text(const std::uint8_t* field) {
  const auto* end = std::find(field, field + kNameField, std::uint8_t{0});
  return std::string(reinterpret_cast<const char*>(field), static_cast<std::size_t>(end - field));
}

bool effect_field_terminated(const std::uint8_t* field) {
  return std::find(field, field + kNameField, std::uint8_t{0}) != field + kNameField;
}

Status put_effect_name(std::uint8_t* field, const std::string& name, const std::string& what) {
  // A stored name that reads the same keeps its bytes, tail and all (even a field without NUL, which
  // reads as 32 bytes): a retail file writes back byte for byte.
  if (effect_field_text(field) == name) return {};
  if (name.size() >= kNameField)
    return invalid_rule(codes::kNameLength, fmt::format("{} \"{}\" is {} bytes; the field holds {} with its NUL", what,
                                                        name, name.size(), kNameField - 1));
  if (name.find('\0') != std::string::npos)
    return invalid_rule(codes::kNameNulInside, fmt::format("{} has a NUL inside: it would read back cut short", what));
  std::memset(field, 0, kNameField);
  std::memcpy(field, name.data(), name.size());
  return {};
}

}  // namespace parkan::effect::detail
