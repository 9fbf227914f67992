#pragma once
// The folder form of an RsLi library (docs/cli.md `archive extract` / `archive pack`): the library's own
// bytes kept verbatim (`~library.rlb`: packed streams cannot be re-encoded byte for byte), one file per
// entry holding its unpacked bytes, and manifest.json naming each entry, its file and its method.
// Packing starts from the kept library and applies what changed in the folder: an edited file is
// re-encoded with its method, a renamed entry renamed, an entry left out removed, one without an
// "index" added. An unchanged folder packs to the original bytes. The functions never touch the file
// system: the caller writes the files and supplies a loader.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "parkan/rsli/archive.hpp"

namespace parkan::rsli {

inline constexpr std::string_view kLibraryFileName = "~library.rlb";

namespace codes {
// docs/formats/rsli.md 9.3: the folder's manifest is not a valid RsLi manifest (the message names the field).
inline constexpr const char* kFolderManifest = "rsli.folder.manifest";
}  // namespace codes

// manifest.json: {"format": "RsLi", "version": 1, "library": "~library.rlb",
//   "entries": [{"index": i, "name": "FONT1.FNT", "file": "FONT1.FNT", "method": "lzss"}, ...]}
// "name" is the name as UTF-8 text (cp1251); a name that text cannot give back byte for byte (0x98)
// also has "name_bytes", its bytes in hex, used while "name" is unedited (docs/cli.md 3.7).
// `file_names[i]` is the folder file of entry i (the caller makes them safe and unique).
nlohmann::json folder_manifest(const Archive& archive, const std::vector<std::string>& file_names);

using FolderLoader = std::function<Result<ByteBuffer>(const std::string& name)>;

// The document to write for `manifest`, starting from `original` (the kept library, read). Errors
// name the manifest field ("entries[3].method: ...").
Result<Document> document_from_folder(const Archive& original, const nlohmann::json& manifest,
                                      const FolderLoader& load);

}  // namespace parkan::rsli
