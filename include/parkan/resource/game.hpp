#pragma once
// A game folder: its archives, found by file name ASCII case-insensitively (the game comes from a
// case-insensitive file system, so `LightMap.lib` finds `lightmap.lib`), each opened once, on demand.
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/resource/archive.hpp"

namespace parkan::resource {

class Game {
 public:
  // Lists the folder's regular files (not recursively); opens nothing yet.
  static Result<Game> open(const std::filesystem::path& root);

  const std::filesystem::path& root() const { return root_; }
  // The regular files of the folder, sorted by name (byte order), as names relative to root().
  const std::vector<std::string>& files() const { return files_; }
  // The file named `name` (ASCII case-insensitive) or nullopt. A name with '/' or '\\' is a path
  // into a subfolder, matched component by component; it never leads outside the folder.
  std::optional<std::string> find_file(std::string_view name) const;

  // The archive in file `name` (ASCII case-insensitive), opened on first use and kept.
  Result<std::shared_ptr<const Archive>> archive(std::string_view name);
  // "Textures.lib::GRASS.0", "Textures.lib::#3" (names UTF-8 or cp1251), or "file" for a bare file.
  Result<Payload> get(std::string_view reference);

 private:
  std::filesystem::path root_;
  std::vector<std::string> files_;
  std::map<std::string, std::shared_ptr<const Archive>> opened_;  // by the file name as listed
  std::unique_ptr<std::mutex> lock_ = std::make_unique<std::mutex>();
};

}  // namespace parkan::resource
