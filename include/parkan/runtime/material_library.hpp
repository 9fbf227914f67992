#pragma once
// A whole Material.lib as one folder of text files (one JSON text form per MAT0 entry) plus the
// NRes manifest, rebuilt losslessly through the NRes folder form (nres/folder.hpp). Entries that are
// not MAT0, or do not parse, stay raw payload files. Nothing here touches the file system.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "parkan/nres/archive.hpp"
#include "parkan/nres/folder.hpp"

namespace parkan::runtime {

struct MaterialFolderFile {
  std::string name;  // a plain file name inside the folder
  ByteBuffer bytes;
};

struct MaterialFolder {
  std::vector<MaterialFolderFile> files;  // material texts, raw payloads, gap files
  nlohmann::json manifest;                // written as nres::kManifestName
  std::size_t materials = 0;              // entries written as text
};

MaterialFolder dump_material_library(const nres::Archive& library);

// Reads the manifest and every file through `load`; a material text's attr1/attr2 win over the
// manifest's (they decide how the payload is laid out). Unmodified input gives the original bytes.
Result<ByteBuffer> build_material_library(nlohmann::json manifest, const nres::FileLoader& load);

}  // namespace parkan::runtime
