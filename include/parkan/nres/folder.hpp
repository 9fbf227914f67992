#pragma once
// The folder form of an archive (cli.md `archive extract` / `archive pack`): one file per payload,
// one file per gap or unindexed region, and a manifest with every field needed to rebuild the
// archive byte for byte (raw name fields, attrs, sort table, padding, layout of the data region).
// The functions here never touch the file system: the caller writes the files and supplies a loader.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "parkan/nres/archive.hpp"

namespace parkan::nres {

inline constexpr std::string_view kManifestName = "manifest.json";
inline constexpr int kManifestVersion = 1;

struct FolderFile {
  std::string name;  // a plain file name inside the folder
  ByteView bytes;    // a view into the archive
};

struct Folder {
  std::vector<FolderFile> files;  // payloads in directory order, then gap files
  nlohmann::json manifest;
};

// A file-system-safe name for an entry name: bytes outside [A-Za-z0-9._-[]#$+@!(),=&'^{}] become
// %XX, as do a trailing '.', the first letter of a Windows device name and of "manifest.json".
std::string safe_file_name(std::string_view entry_name);
// Safe names for every entry in directory order, unique even ignoring ASCII case: a repeated name
// gets "~<index>" appended ('~' never appears otherwise).
std::vector<std::string> entry_file_names(const Archive& archive);

Folder to_folder(const Archive& archive);

// Loads one file of the folder by name; errors carry the file.
using FileLoader = std::function<Result<ByteBuffer>(const std::string& name)>;

struct PackOptions {
  bool rebuild_sort_table = false;  // otherwise kept as stored unless a name changed or entries were added
};

// Rebuilds the archive from a manifest: payload sizes come from the files, offsets from the layout,
// so edited payload files are rebuilt around losslessly. Errors name the manifest field.
Result<ByteBuffer> from_folder(const nlohmann::json& manifest, const FileLoader& load, const PackOptions& options = {});

// How many files from_folder will load for this manifest (for a progress bar).
std::size_t folder_file_count(const nlohmann::json& manifest);

// The inverse of type_name: four printable characters as a FourCC, or a decimal number.
std::optional<std::uint32_t> parse_type_name(std::string_view text);

}  // namespace parkan::nres
