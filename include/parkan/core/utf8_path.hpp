#pragma once
// Paths are UTF-8 text everywhere in parkan (arguments, messages, JSON, structures such as
// PayloadLocation::file); these are the only conversions between that text and a
// std::filesystem::path. Windows needs them: there a narrow string given to std::filesystem::path is
// read in the C locale (libstdc++) or the ANSI code page (MSVC), so "Паркан" would name another
// file. One implementation per platform: src/core/utf8_path_posix.cpp, utf8_path_windows.cpp.
#include <filesystem>
#include <string>
#include <string_view>

namespace parkan {

// The path named by UTF-8 text. Never throws: on Windows a byte that is not UTF-8 becomes U+FFFD,
// which names no file the user meant, so opening it fails with the usual "cannot open".
std::filesystem::path path_from_utf8(std::string_view utf8);

// The path as UTF-8 text, with the platform's separators (for messages).
std::string path_to_utf8(const std::filesystem::path& path);

// The path as UTF-8 text with '/' separators (for JSON and paths relative to a game folder).
std::string generic_path_to_utf8(const std::filesystem::path& path);

}  // namespace parkan
