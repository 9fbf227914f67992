#include "parkan/resource/reference.hpp"

#include <fmt/format.h>

#include <charconv>

#include "parkan/core/text.hpp"

namespace parkan::resource {

std::string Reference::target() const {
  if (name) return *name;
  if (index) return fmt::format("#{}", *index);
  return path;
}

Reference parse_reference(std::string_view text) {
  Reference ref;
  const std::size_t split = text.rfind("::");
  if (split == std::string_view::npos) {
    ref.path = std::string(text);
    return ref;
  }
  ref.path = std::string(text.substr(0, split));
  const std::string_view name = text.substr(split + 2);
  if (name.size() > 1 && name[0] == '#') {
    std::size_t index = 0;
    auto [end, ec] = std::from_chars(name.data() + 1, name.data() + name.size(), index);
    if (ec == std::errc() && end == name.data() + name.size()) {
      ref.index = index;
      return ref;
    }
  }
  ref.name = std::string(name);
  return ref;
}

std::string name_to_cp1251(std::string_view given) {
  // Names are cp1251 bytes (docs/cli.md 1.3); a shell gives UTF-8. Text that is not
  // UTF-8, or has a character cp1251 lacks, is searched as the bytes given.
  std::optional<std::string> cp1251 = utf8_to_cp1251(given);
  return cp1251 ? std::move(*cp1251) : std::string(given);
}

}  // namespace parkan::resource
