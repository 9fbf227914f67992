// Paths as UTF-8 on POSIX (core/utf8_path.hpp): a path is its bytes, taken and given as they are.
#include "parkan/core/utf8_path.hpp"

namespace parkan {

std::filesystem::path path_from_utf8(std::string_view utf8) { return std::filesystem::path(std::string(utf8)); }

std::string path_to_utf8(const std::filesystem::path& path) { return path.native(); }

std::string generic_path_to_utf8(const std::filesystem::path& path) { return path.generic_string(); }

}  // namespace parkan
