// Fixed char[N] name fields (include/parkan/core/name_field.hpp).
#include "parkan/core/name_field.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

namespace parkan {

std::string name_field_text(const std::uint8_t* field, std::size_t size) {
  const auto* end = std::find(field, field + size, std::uint8_t{0});
  return std::string(reinterpret_cast<const char*>(field), static_cast<std::size_t>(end - field));
}

bool name_field_terminated(const std::uint8_t* field, std::size_t size) {
  return std::find(field, field + size, std::uint8_t{0}) != field + size;
}

Status put_name_field(std::uint8_t* field, std::size_t size, const std::string& name, const std::string& what,
                      NameFieldCodes codes) {
  // A stored name that reads the same is kept as it is, tail and all, even a field with no NUL (which
  // reads as `size` bytes: a retail file must still write back byte for byte).
  if (name_field_text(field, size) == name) return {};
  if (name.size() >= size)
    return invalid_rule(codes.length, fmt::format("{} \"{}\" is {} bytes; the field holds {} with its NUL", what,
                                                  name, name.size(), size - 1));
  if (name.find('\0') != std::string::npos)
    return invalid_rule(codes.nul_inside, fmt::format("{} has a NUL inside: it would read back cut short", what));
  std::memset(field, 0, size);
  std::memcpy(field, name.data(), name.size());
  return {};
}

}  // namespace parkan
