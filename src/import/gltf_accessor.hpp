#pragma once
// Reading glTF accessors with every offset and count checked against the buffer (docs/import.md 3).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "parkan/core/error.hpp"

namespace parkan::importer::detail {

// `components` floats per element (SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4): FLOAT, or for
// `allow_normalized` attributes normalized bytes and shorts (TEXCOORD, animation rotations).
// Sparse accessors are refused.
Result<std::vector<std::array<double, 4>>> read_vectors(const tinygltf::Model& model, int accessor, int components,
                                                        bool allow_normalized, const std::string& what);
// SCALAR UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT.
Result<std::vector<std::uint32_t>> read_indices(const tinygltf::Model& model, int accessor, const std::string& what);

}  // namespace parkan::importer::detail
