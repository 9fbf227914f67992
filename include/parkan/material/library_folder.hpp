#pragma once
// A whole Material.lib as one folder of text files (one MAT0 text form per MAT0 entry, json.hpp) plus
// the NRes manifest, rebuilt losslessly through the NRes folder form (nres/folder.hpp). Entries that
// are not MAT0, or do not parse, stay raw payload files. Nothing here touches the file system.
//
// Each value is in one place: a material's attr1 and attr2 are in its text (runtime_flags, attr2), so
// the manifest entry of a text has neither; its name, type and place in the archive stay in the
// manifest. A manifest entry that still gives attr1 or attr2 must agree with its text.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "parkan/nres/archive.hpp"
#include "parkan/nres/folder.hpp"

namespace parkan::material {

// Files of the folder whose name ends in this are MAT0 text forms; a raw payload whose name would
// end in it gets ".bin" appended.
inline constexpr std::string_view kTextSuffix = ".json";

struct LibraryFile {
  std::string name;  // a plain file name inside the folder
  ByteBuffer bytes;
};

struct LibraryFolder {
  std::vector<LibraryFile> files;  // material texts, raw payloads, gap files
  nlohmann::json manifest;         // written as nres::kManifestName
  std::size_t materials = 0;       // entries written as text
};

LibraryFolder to_library_folder(const nres::Archive& library);

// Reads the manifest and every file through `load`. Unmodified input gives the original bytes.
// Errors name the file (a text's JSON path, rule codes of json.hpp) or the manifest field:
// mat0.library.manifest (no "entries" array), mat0.text.conflict (a manifest attr1/attr2 that
// disagrees with the text).
Result<ByteBuffer> from_library_folder(nlohmann::json manifest, const nres::FileLoader& load);

}  // namespace parkan::material
