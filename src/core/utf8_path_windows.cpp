// Paths as UTF-8 on Windows (core/utf8_path.hpp): the path's UTF-16 converted by the system, not by
// std::filesystem, whose narrow conversions use the C locale or the ANSI code page.
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <climits>

#include "parkan/core/utf8_path.hpp"

namespace parkan {

namespace {

// Without MB_ERR_INVALID_CHARS / WC_ERR_INVALID_CHARS both directions replace what does not convert
// (a byte that is not UTF-8, a lone surrogate) with U+FFFD instead of failing.
std::wstring to_utf16(std::string_view utf8) {
  if (utf8.empty() || utf8.size() > INT_MAX) return {};
  const int size = static_cast<int>(utf8.size());
  const int length = ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), size, nullptr, 0);
  std::wstring out(static_cast<std::size_t>(length), L'\0');
  if (length > 0) ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), size, out.data(), length);
  return out;
}

std::string to_utf8(std::wstring_view utf16) {
  if (utf16.empty() || utf16.size() > INT_MAX) return {};
  const int size = static_cast<int>(utf16.size());
  const int length = ::WideCharToMultiByte(CP_UTF8, 0, utf16.data(), size, nullptr, 0, nullptr, nullptr);
  std::string out(static_cast<std::size_t>(length), '\0');
  if (length > 0) ::WideCharToMultiByte(CP_UTF8, 0, utf16.data(), size, out.data(), length, nullptr, nullptr);
  return out;
}

}  // namespace

std::filesystem::path path_from_utf8(std::string_view utf8) { return std::filesystem::path(to_utf16(utf8)); }

std::string path_to_utf8(const std::filesystem::path& path) { return to_utf8(path.native()); }

std::string generic_path_to_utf8(const std::filesystem::path& path) { return to_utf8(path.generic_wstring()); }

}  // namespace parkan
