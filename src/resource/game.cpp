#include "parkan/resource/game.hpp"

#include <algorithm>
#include <system_error>

#include <fmt/format.h>

#include "parkan/core/file.hpp"
#include "parkan/core/text.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::resource {

namespace {

namespace fs = std::filesystem;

// File names compare the way the game's file system compares them: ASCII letters case-folded,
// every other byte as it is.
std::string fold_file_name(std::string_view name) { return fold_lower_text(name); }

}  // namespace

Result<Game> Game::open(const fs::path& root) {
  Game game;
  game.root_ = root;
  PARKAN_ASSIGN(std::vector<FolderEntry> entries, list_folder(root));
  for (FolderEntry& entry : entries)
    if (entry.kind == FolderEntry::Kind::file) game.files_.push_back(std::move(entry.name));
  return game;
}

Result<Game> Game::open(const fs::path& root, const fs::path& base) {
  PARKAN_ASSIGN(Game game, open(root));
  if (base.empty()) return game;
  PARKAN_ASSIGN(Game under, open(base));
  game.base_ = std::make_shared<Game>(std::move(under));
  return game;
}

namespace {

// `name` among `names`: the exact spelling first, then the fold.
std::optional<std::string> match_name(const std::vector<std::string>& names, std::string_view name) {
  for (const std::string& candidate : names)
    if (candidate == name) return candidate;
  const std::string wanted = fold_file_name(name);
  for (const std::string& candidate : names)
    if (fold_file_name(candidate) == wanted) return candidate;
  return std::nullopt;
}

// A path below the root, each component matched as the game's file system would ("WEAR/Land.wea"
// finds wear/land.wea). Never leaves the root: "." and ".." components and absolute paths find
// nothing.
std::optional<std::string> find_below(const fs::path& root, std::string_view relative) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= relative.size(); ++i) {
    if (i < relative.size() && relative[i] != '/' && relative[i] != '\\') continue;
    std::string_view part = relative.substr(start, i - start);
    if (part.empty() || part == "." || part == "..") return std::nullopt;
    parts.push_back(part);
    start = i + 1;
  }
  fs::path folder = root;
  std::string found;
  for (std::size_t p = 0; p < parts.size(); ++p) {
    const bool last = p + 1 == parts.size();
    auto entries = list_folder(folder);
    if (!entries) return std::nullopt;
    std::vector<std::string> names;
    for (FolderEntry& entry : *entries)
      if (entry.kind == (last ? FolderEntry::Kind::file : FolderEntry::Kind::folder)) names.push_back(std::move(entry.name));
    std::optional<std::string> match = match_name(names, parts[p]);
    if (!match) return std::nullopt;
    folder /= path_from_utf8(*match);
    found += (found.empty() ? "" : "/") + *match;
  }
  return found;
}

}  // namespace

std::optional<std::string> Game::find_own_file(std::string_view name) const {
  if (name.find_first_of("/\\") != std::string_view::npos) return find_below(root_, name);
  return match_name(files_, name);
}

std::optional<std::string> Game::find_file(std::string_view name) const {
  if (std::optional<std::string> own = find_own_file(name)) return own;
  return base_ ? base_->find_file(name) : std::nullopt;
}

std::optional<fs::path> Game::path_of(std::string_view name) const {
  if (std::optional<std::string> own = find_own_file(name)) return root_ / path_from_utf8(*own);
  return base_ ? base_->path_of(name) : std::nullopt;
}

bool Game::from_base(std::string_view name) const { return !find_own_file(name) && base_ && base_->find_file(name); }

Result<std::shared_ptr<const Archive>> Game::archive(std::string_view name) {
  std::optional<fs::path> file = path_of(name);
  if (!file)
    return io_error(fmt::format("no file named \"{}\" in the game folder", name), path_to_utf8(root_));
  std::lock_guard<std::mutex> hold(*lock_);
  auto found = opened_.find(*file);
  if (found != opened_.end()) return found->second;
  PARKAN_ASSIGN(std::shared_ptr<const Archive> archive, open_archive(*file));
  opened_.emplace(*file, archive);
  return archive;
}

Result<Payload> Game::get(std::string_view text) {
  const Reference ref = parse_reference(text);
  if (!ref.is_entry()) {
    std::optional<fs::path> file = path_of(ref.path);
    if (!file) return io_error(fmt::format("no file named \"{}\" in the game folder", ref.path), path_to_utf8(root_));
    return open_file_payload(*file);
  }
  PARKAN_ASSIGN(std::shared_ptr<const Archive> container, archive(ref.path));
  return container->get(text.substr(ref.path.size() + 2));
}

}  // namespace parkan::resource
