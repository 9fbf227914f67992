// Paths as UTF-8 on Windows (core/utf8_path.hpp): the path's UTF-16 converted by the system, not by
// std::filesystem, whose narrow conversions use the C locale or the ANSI code page.
#include "parkan/core/utf8_path.hpp"
#include "utf16_windows.hpp"

namespace parkan {

std::filesystem::path path_from_utf8(std::string_view utf8) {
  return std::filesystem::path(platform::utf8_to_utf16(utf8));
}

std::string path_to_utf8(const std::filesystem::path& path) { return platform::utf16_to_utf8(path.native()); }

std::string generic_path_to_utf8(const std::filesystem::path& path) {
  return platform::utf16_to_utf8(path.generic_wstring());
}

}  // namespace parkan
