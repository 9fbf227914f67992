#pragma once
// The parsed glTF document behind importer::LoadedGltf (tinygltf stays out of the public header).
#include <string>

#include <tiny_gltf.h>

#include "parkan/import/gltf.hpp"

namespace parkan::importer {

struct LoadedGltf {
  tinygltf::Model model;
  std::string file_name;  // for messages
};

}  // namespace parkan::importer
