#pragma once
// One glTF primitive into the batches of a slot (docs/import.md 3): its triangles (lists, strips,
// fans), positions, normals and UVs placed from the node that holds the mesh into the MSH node's
// frame, UVs shifted by whole tiles, batches per material split at 65535 vertices.
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "import/node_frame.hpp"
#include "parkan/core/error.hpp"
#include "parkan/msh/build.hpp"

namespace parkan::importer::detail {

// The WEAR row of a glTF material (-1: none) drawn lightmapped or not.
using RowFor = std::function<Result<std::uint8_t>(int material, bool lightmapped)>;

// Which triangles (by their three source vertex indices) a call takes; with one given, the primitive
// may be skinned (JOINTS_0, WEIGHTS_0): the rigid import calls once per joint (docs/import.md 3).
using TriangleFilter = std::function<bool(const std::array<std::uint32_t, 3>& triangle)>;

// Errors: import.gltf.morph, import.gltf.skin, import.gltf.mode, import.gltf.accessor, import.gltf.uv,
// and row_for's; each names `what` (the node, mesh and primitive).
Status append_primitive(const tinygltf::Model& model, const tinygltf::Primitive& primitive, const std::string& what,
                        const Frame& source, const Frame& target, const RowFor& row_for,
                        std::vector<msh::BuildBatch>& slot, const TriangleFilter& keep = {});

}  // namespace parkan::importer::detail
