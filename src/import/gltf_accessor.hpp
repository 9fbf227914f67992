#pragma once
// Reading glTF accessors with every offset and count checked against the buffer (docs/import.md 3).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "import/affine.hpp"
#include "parkan/core/error.hpp"

namespace parkan::importer::detail {

// `components` floats per element (SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4): FLOAT, or for
// `allow_normalized` attributes normalized bytes and shorts (TEXCOORD, animation rotations).
// Sparse accessors are refused.
Result<std::vector<std::array<double, 4>>> read_vectors(const tinygltf::Model& model, int accessor, int components,
                                                        bool allow_normalized, const std::string& what);
// JOINTS_0: VEC4 UNSIGNED_BYTE or UNSIGNED_SHORT (glTF 3.7.3.1).
Result<std::vector<std::array<std::uint16_t, 4>>> read_joints(const tinygltf::Model& model, int accessor,
                                                             const std::string& what);
// A skin's inverse bind matrices: MAT4 FLOAT, column-major, the last row taken as 0 0 0 1.
Result<std::vector<Affine>> read_matrices(const tinygltf::Model& model, int accessor, const std::string& what);
// SCALAR UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT.
Result<std::vector<std::uint32_t>> read_indices(const tinygltf::Model& model, int accessor, const std::string& what);

}  // namespace parkan::importer::detail
