#pragma once
// The files `parkan view` serves from the binary: its page (apps/parkan/view/) and three.js from npm,
// embedded at build time by cmake/embed_files.cpp.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace parkan::cli {

struct EmbeddedPiece {
  const char* data;
  std::size_t size;
};

struct EmbeddedFile {
  const char* url_path;  // "/app/main.js", "/three/three.module.js"
  const EmbeddedPiece* pieces;
  std::size_t piece_count;
};

std::span<const EmbeddedFile> embedded_view_files();

// The bytes of the embedded file at `url_path`, or nullopt.
std::optional<std::string> embedded_view_file(std::string_view url_path);

}  // namespace parkan::cli
