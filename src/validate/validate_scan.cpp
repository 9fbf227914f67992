// Finding the files of a game folder and what each holds: containers (NRes, RsLi) by their magic (the game's
// extensions are not reliable: models are NRes files named .msh), textures by theirs, WEAR texts by
// their extension (they have no magic).
#include <algorithm>
#include <array>
#include <system_error>

#include <fmt/format.h>

#include "validate/validate_internal.hpp"
#include "parkan/core/bytes.hpp"
#include "parkan/core/text.hpp"
#include "parkan/core/file.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/rsli/archive.hpp"
#include "parkan/texm/model.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/validate/codes.hpp"

namespace parkan::validate::detail {

namespace {

bool ends_with_folded(std::string_view path, std::string_view suffix) {
  return path.size() >= suffix.size() && fold_name(path.substr(path.size() - suffix.size())) == suffix;
}

// By the registry's magics: an NRes (terrain when named Land.msh, a model when named *.msh, an areal
// map when *.map), an RsLi library, a Texm, a unit assembly;
// by the extension: a WEAR text (.wea), a mission (.tma), a sky (.ske), an explosion (.exp); by the name: BuildDat.lst (docs/formats/unit.md 5); any other file (a font or a PAL included) is not
// checked on its own.
const resource::Kind* classify_scanned(std::string_view relative, const std::array<std::uint8_t, 4>& magic,
                                       std::size_t got) {
  const resource::Kind* by_magic = resource::kind_of_bytes(ByteView(magic.data(), got));
  if (by_magic && by_magic->key == "nres") {
    if (ends_with_folded(relative, "/land.msh") || fold_name(relative) == "land.msh") return &kind("terrain");
    if (ends_with_folded(relative, ".msh")) return &kind("msh");
    if (ends_with_folded(relative, ".map")) return &kind("areal");  // Land.map (docs/formats/areal.md)
    return &kind("nres");
  }
  if (by_magic && (by_magic->key == "rsli" || by_magic->key == "texm" || by_magic->key == "unit")) return by_magic;
  if (ends_with_folded(relative, ".wea")) return &kind("wear");
  if (ends_with_folded(relative, ".tma")) return &kind("mission");  // no magic (docs/formats/mission.md 1)
  if (ends_with_folded(relative, ".ske")) return &kind("sky");         // no magic (docs/formats/sky.md)
  if (ends_with_folded(relative, ".exp")) return &kind("explosion");   // docs/formats/effect.md 2
  if (ends_with_folded(relative, "/builddat.lst") || fold_name(relative) == "builddat.lst") return &kind("buildlist");
  return &resource::other_kind();
}

}  // namespace

std::string fold_name(std::string_view name) { return fold_lower_text(name); }

namespace {

GameFile scan_file(const std::filesystem::path& full, std::string relative, std::vector<Diagnostic>& unreadable) {
  GameFile file;
  file.full = full;
  file.path = std::move(relative);
  auto read = read_file_head(full, 12);  // NRes: magic, version, entry count
  if (!read) {
    unreadable.push_back({codes::kGameFileUnreadable, Severity::error, {file.path, {}, {}}, "cannot open the file"});
    return file;
  }
  const ByteBuffer& head = *read;
  std::array<std::uint8_t, 4> magic{};
  std::copy_n(head.begin(), std::min<std::size_t>(head.size(), 4), magic.begin());
  file.kind = classify_scanned(file.path, magic, std::min<std::size_t>(head.size(), 4));
  if (file.kind->key == "nres" && head.size() == 12)
    file.entries_hint = std::min<std::size_t>(load_u32(head.data() + 8), 1u << 20);
  if (file.kind->key == "rsli" && head.size() >= 6)  // docs/formats/rsli.md 2: i16 entry count at 4
    file.entries_hint = static_cast<std::size_t>(std::max<int>(0, static_cast<std::int16_t>(load_u16(head.data() + 4))));
  return file;
}

void scan_entries(const std::filesystem::path& folder, const std::string& relative,
                  const std::vector<FolderEntry>& entries, std::vector<GameFile>& files, std::vector<Diagnostic>& unreadable);

// A subfolder that cannot be listed is reported by name and skipped; the rest of the game is still scanned.
void scan_subfolder(const std::filesystem::path& folder, const std::string& relative, std::vector<GameFile>& files,
                    std::vector<Diagnostic>& unreadable) {
  auto entries = list_folder(folder);
  if (!entries)
    unreadable.push_back({codes::kGameFolderUnreadable, Severity::error, {relative, {}, {}}, entries.error().message});
  else
    scan_entries(folder, relative, *entries, files, unreadable);
}

// Depth-first through the `entries` of `folder` (`relative` to the game folder, "" at the top).
void scan_entries(const std::filesystem::path& folder, const std::string& relative,
                  const std::vector<FolderEntry>& entries, std::vector<GameFile>& files, std::vector<Diagnostic>& unreadable) {
  for (const FolderEntry& entry : entries) {
    const std::string path = relative.empty() ? entry.name : relative + "/" + entry.name;
    if (entry.kind == FolderEntry::Kind::folder) scan_subfolder(folder / path_from_utf8(entry.name), path, files, unreadable);
    if (entry.kind == FolderEntry::Kind::file) files.push_back(scan_file(folder / path_from_utf8(entry.name), path, unreadable));
  }
}

}  // namespace

Result<std::vector<GameFile>> scan_game_files(const std::filesystem::path& root, std::vector<Diagnostic>& unreadable) {
  // The game folder itself must list (not a folder, or unreadable: an I/O error, not an empty game).
  PARKAN_ASSIGN(std::vector<FolderEntry> top, list_folder(root));
  std::vector<GameFile> files;
  scan_entries(root, "", top, files, unreadable);
  std::sort(files.begin(), files.end(), [](const GameFile& a, const GameFile& b) { return a.path < b.path; });
  return files;
}

Status read_base_archives(const std::filesystem::path& base, std::map<std::string, ArchiveNames>& out,
                          std::set<std::string>& file_names) {
  std::vector<Diagnostic> ignored;  // the base game is not what is being checked
  PARKAN_ASSIGN(const std::vector<GameFile> files, scan_game_files(base, ignored));
  for (const GameFile& file : files) {
    file_names.insert(fold_name(file.path));
    if (!file.kind->is_container) continue;
    auto mapped = MappedFile::open(file.full);
    if (!mapped) continue;
    ArchiveNames names;
    names.file = file.path;
    if (file.kind->key == "nres") {
      if (auto directory = nres::read(mapped->bytes(), nres::Profile::compatible)) {
        names.readable = true;
        for (const nres::Entry& e : directory->entries) names.folded.insert(fold_name(e.name()));
      }
    } else if (auto library = rsli::read(mapped->bytes(), rsli::Profile::compatible)) {
      names.readable = true;
      for (const rsli::Entry& e : library->entries) names.folded.insert(fold_name(e.name()));
    }
    out[fold_name(file.path)] = std::move(names);
  }
  return {};
}

}  // namespace parkan::validate::detail
