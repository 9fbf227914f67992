// Finding the files of a game folder and what each holds: containers (NRes, RsLi) by their magic (the game's
// extensions are not reliable: models are NRes files named .msh), textures by theirs, WEAR texts by
// their extension (they have no magic).
#include <algorithm>
#include <array>
#include <fstream>
#include <system_error>

#include <fmt/format.h>

#include "game/validate_internal.hpp"
#include "parkan/core/bytes.hpp"
#include "parkan/core/text.hpp"
#include "parkan/core/file.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/rsli/archive.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::game::validation {

namespace {

bool ends_with_folded(std::string_view path, std::string_view suffix) {
  return path.size() >= suffix.size() && fold_name(path.substr(path.size() - suffix.size())) == suffix;
}

FileKind classify_scanned(std::string_view relative, const std::array<std::uint8_t, 4>& magic, std::size_t got) {
  const std::uint32_t value = got == 4 ? load_u32(magic.data()) : 0;
  if (value == nres::kMagic) return ends_with_folded(relative, ".msh") ? FileKind::model : FileKind::archive;
  if (value == texm::kMagic) return FileKind::texture;
  if (got == 4 && magic[0] == 'N' && magic[1] == 'L' && magic[2] == 0 && magic[3] == 1) return FileKind::library;
  if (ends_with_folded(relative, ".wea")) return FileKind::wear;
  return FileKind::other;
}

}  // namespace

std::string fold_name(std::string_view name) {
  std::string out(name);
  for (char& c : out) c = static_cast<char>(fold_lower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<GameFile> scan_game_files(const std::filesystem::path& root, std::vector<Diagnostic>& unreadable) {
  namespace fs = std::filesystem;
  std::vector<GameFile> files;
  std::error_code ec;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (!it->is_regular_file(type_ec) || it->is_symlink(type_ec)) continue;
    GameFile file;
    file.full = it->path();
    file.path = fs::relative(it->path(), root, type_ec).generic_string();
    if (type_ec) file.path = it->path().filename().generic_string();
    std::array<std::uint8_t, 12> head{};  // NRes: magic, version, entry count
    std::ifstream in(file.full, std::ios::binary);
    if (!in) {
      unreadable.push_back({"game.file.unreadable", Severity::error, {file.path, {}, {}}, "cannot open the file"});
    } else {
      in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(head.size()));
      const auto got = static_cast<std::size_t>(in.gcount());
      file.kind = classify_scanned(file.path, {head[0], head[1], head[2], head[3]}, std::min<std::size_t>(got, 4));
      if (file.kind == FileKind::archive && got == head.size())
        file.entries_hint = std::min<std::size_t>(load_u32(head.data() + 8), 1u << 20);
      if (file.kind == FileKind::library && got >= 6)  // docs/formats/rsli.md 2: i16 entry count at 4
        file.entries_hint = static_cast<std::size_t>(std::max<int>(0, static_cast<std::int16_t>(load_u16(head.data() + 4))));
    }
    files.push_back(std::move(file));
  }
  if (ec) unreadable.push_back({"game.folder.unreadable", Severity::error, {"", {}, {}},
                                fmt::format("cannot list the folder: {}", ec.message())});
  std::sort(files.begin(), files.end(), [](const GameFile& a, const GameFile& b) { return a.path < b.path; });
  return files;
}

Status read_base_archives(const std::filesystem::path& base, std::map<std::string, ArchiveNames>& out) {
  std::error_code ec;
  if (!std::filesystem::is_directory(base, ec)) return io_error(ec ? ec.message() : "not a folder", base.string());
  std::vector<Diagnostic> ignored;  // the base game is not what is being checked
  for (const GameFile& file : scan_game_files(base, ignored)) {
    if (file.kind != FileKind::archive && file.kind != FileKind::library) continue;
    auto mapped = MappedFile::open(file.full);
    if (!mapped) continue;
    ArchiveNames names;
    names.file = file.path;
    if (file.kind == FileKind::archive) {
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

}  // namespace parkan::game::validation
