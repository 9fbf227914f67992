// Names and views of mission fields (include/parkan/mission/mission.hpp).
#include <array>

#include "parkan/mission/mission.hpp"

namespace parkan::mission {

namespace {
constexpr std::uint8_t kBufferFill = 0xCD;  // MSVC's fill of unused heap bytes (docs/formats/mission.md 2.4)
}

std::string_view object_kind_name(std::uint32_t kind) {
  static constexpr std::array<std::string_view, 4> kNames = {"building", "unit", "vegetation", "rock"};
  return kind < kNames.size() ? kNames[kind] : "unknown";
}

std::string_view clan_type_name(std::uint32_t type) {
  static constexpr std::array<std::string_view, 4> kNames = {"nature", "player", "enemy", "neutral"};
  return type < kNames.size() ? kNames[type] : "unknown";
}

const Property* Object::property(std::string_view wanted) const {
  for (const Property& p : properties)
    if (stored_text(p.name) == wanted) return &p;
  return nullptr;
}

std::string_view stored_text(std::string_view stored) {
  const std::size_t end = stored.find_first_of(std::string_view("\0\xCD", 2));
  static_assert(kBufferFill == 0xCD);
  return stored.substr(0, end);
}

std::string map_folder(std::string_view map_path) {
  std::string path(stored_text(map_path));
  for (char& c : path)
    if (c == '\\') c = '/';
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

}  // namespace parkan::mission
