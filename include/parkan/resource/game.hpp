#pragma once
// A game folder: its archives, found by file name ASCII case-insensitively (the game comes from a
// case-insensitive file system, so `LightMap.lib` finds `lightmap.lib`), each opened once, on demand.
// A mod folder opened over the game it modifies (`--base` of validate, export gltf and view; docs/cli.md 5.8, 6.1, 7) is one Game: the mod's
// file of a name wins, every other name is looked up in the base game (the engine reads a mod's file
// in place of the game's). This is the one place that layering lives.
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
  // `root` (a mod) over `base` (the game it modifies); an empty `base` is no base. Either folder that
  // cannot be listed is an I/O error.
  static Result<Game> open(const std::filesystem::path& root, const std::filesystem::path& base);

  const std::filesystem::path& root() const { return root_; }
  // The base game under the mod, or null.
  const Game* base() const { return base_.get(); }
  // The regular files of the folder (the mod's alone, not its base's), sorted by name (byte order), as
  // names relative to root().
  const std::vector<std::string>& files() const { return files_; }
  // The file named `name` (ASCII case-insensitive) or nullopt: the mod's, else the base game's, as a
  // name relative to the folder that holds it. A name with '/' or '\\' is a path into a subfolder,
  // matched component by component; it never leads outside the folder.
  std::optional<std::string> find_file(std::string_view name) const;
  // The full path of the file `name` finds (the mod's, else the base game's), or nullopt.
  std::optional<std::filesystem::path> path_of(std::string_view name) const;
  // Whether `name` is found in the base game only (a file the mod leaves to it).
  bool from_base(std::string_view name) const;

  // The archive in file `name` (ASCII case-insensitive), opened on first use and kept.
  Result<std::shared_ptr<const Archive>> archive(std::string_view name);
  // "Textures.lib::GRASS.0", "Textures.lib::#3" (names UTF-8 or cp1251), or "file" for a bare file.
  Result<Payload> get(std::string_view reference);

 private:
  std::filesystem::path root_;
  std::vector<std::string> files_;
  std::shared_ptr<Game> base_;  // shared: a Game is moved around, its base stays put
  std::map<std::filesystem::path, std::shared_ptr<const Archive>> opened_;  // by full path
  // The mod's own file `name`, without the base.
  std::optional<std::string> find_own_file(std::string_view name) const;
  std::unique_ptr<std::mutex> lock_ = std::make_unique<std::mutex>();
};

}  // namespace parkan::resource
