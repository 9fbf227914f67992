#pragma once
// The folder form of an archive (docs/cli.md `archive extract` / `archive pack`): one file per payload,
// one file per gap or unindexed region, and a manifest with every field needed to rebuild the
// archive byte for byte (raw name fields, attrs, sort table, padding, layout of the data region).
// The functions here never touch the file system: the caller writes the files and supplies a loader.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "parkan/nres/archive.hpp"
#include "parkan/nres/write.hpp"

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
// The same without holding every name: which entries get "~<index>" (their safe name, ignoring
// ASCII case, is an earlier entry's; compared by a 64-bit hash, whose collision, if one ever
// happened, only adds a suffix that was not needed: names stay unique), and the name of one entry.
std::vector<bool> repeated_file_names(const Archive& archive);
std::string entry_file_name(const Archive& archive, std::size_t index, const std::vector<bool>& repeated);

// The folder in memory: every file as a view, the manifest as one JSON document. For archives of
// any size use write_folder, which holds neither.
Folder to_folder(const Archive& archive);

// The folder form streamed: `file` receives every file in to_folder's order (payloads in directory
// order, then gap files), then `manifest` the bytes of manifest.json (to_folder's manifest as
// dump(2) and a newline, byte for byte). Memory: a few bytes per entry besides the archive.
using FolderFileSink = std::function<Status(const FolderFile& file)>;
Status write_folder(const Archive& archive, const FolderFileSink& file, const ByteSink& manifest);
// How many files write_folder gives for this archive (for a progress bar).
std::size_t folder_file_count(const Archive& archive);

// Loads one file of the folder by name; errors carry the file.
using FileLoader = std::function<Result<ByteBuffer>(const std::string& name)>;

struct PackOptions {
  bool rebuild_sort_table = false;  // otherwise kept as stored unless a name changed or entries were added
  // Told how many files will be loaded, once the manifest has been read and before the first load.
  std::function<void(std::size_t files)> on_file_count;
};

// Rebuilds the archive from a manifest: payload sizes come from the files, offsets from the layout,
// so edited payload files are rebuilt around losslessly. Errors name the manifest field.
Result<ByteBuffer> from_folder(const nlohmann::json& manifest, const FileLoader& load, const PackOptions& options = {});

// Reads up to `size` more bytes of manifest text into `buffer`; 0 at the end.
using TextSource = std::function<Result<std::size_t>(std::uint8_t* buffer, std::size_t size)>;

// from_folder for a manifest of any size: the text is parsed as it is read (one entry at a time is a
// JSON value; a manifest of a million entries is never one document), the files are loaded into
// shared blocks, and the archive is streamed to `out`. Same result and errors as from_folder; text
// that is not JSON is "not valid JSON at line L, column C: ...".
Status pack_folder(const TextSource& manifest, const FileLoader& load, const ByteSink& out,
                   const PackOptions& options = {});

// How many files from_folder will load for this manifest (for a progress bar).
std::size_t folder_file_count(const nlohmann::json& manifest);

// The inverse of type_name: four printable characters as a FourCC, or a decimal number.
std::optional<std::uint32_t> parse_type_name(std::string_view text);

}  // namespace parkan::nres
