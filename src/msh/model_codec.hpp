#pragma once
// The byte layouts of the typed model streams (docs/formats/msh.md 2-6), shared by the reader and the writer so
// that both sides use the same offsets.
#include <cstring>

#include "parkan/msh/model.hpp"

namespace parkan::msh::detail {

// Field offsets inside the structs of docs/formats/msh.md 2, 3 and 5.
inline constexpr std::size_t kNodeSlotsOffset = 8;
inline constexpr std::size_t kSlotAabbOffset = 8;
inline constexpr std::size_t kSlotAreaOffset = 0x30;
inline constexpr std::size_t kSlotBoxVolumeOffset = 0x34;
inline constexpr std::size_t kSlotTailOffset = 0x38;
inline constexpr std::size_t kBatchWearRowOffset = 0x04;
inline constexpr std::size_t kBatchLightmapOffset = 0x05;
inline constexpr std::size_t kBatchRoomOffset = 0x06;
inline constexpr std::size_t kBatchIndexCountOffset = 0x08;
inline constexpr std::size_t kBatchIndexStartOffset = 0x0A;
inline constexpr std::size_t kBatchVertexCountOffset = 0x0E;
inline constexpr std::size_t kBatchBaseVertexOffset = 0x10;
inline constexpr std::size_t kTriangleSelectorsOffset = 0x0E;
inline constexpr std::size_t kPathLinkFromOffset = 0;
inline constexpr std::size_t kPathLinkToOffset = 4;
inline constexpr std::size_t kPathNodeFrameOffset = 16;
// Types 15 and 16: 8 bytes per vertex (docs/formats/msh.md 1).
inline constexpr std::uint32_t kExtraVertexType = 15;
inline constexpr std::size_t kExtraVertexStride = 8;

// Human names of the typed streams, for messages and codes (msh.<name>.<rule>).
inline const char* stream_code_name(std::uint32_t type_id) {
  switch (type_id) {
    case kNodeTableType: return "nodes";
    case kSlotsType: return "slots";
    case kPositionsType: return "positions";
    case kNormalsType: return "normals";
    case kUv0Type: return "uv0";
    case kIndicesType: return "indices";
    case kTrianglesType: return "triangles";
    case kNodeNamesType: return "node_names";
    case kNodeStringsType: return "strings";
    case kBatchesType: return "batches";
    case kPathGraphType: return "path";
    case kLightmapUvType: return "lightmap_uv";
    default: return "stream";
  }
}

// The streams written from the fields of Model (the first of each type; type 1 unless legacy).
inline bool is_typed_stream(std::uint32_t type_id) {
  switch (type_id) {
    case kNodeTableType: case kSlotsType: case kPositionsType: case kNormalsType: case kUv0Type:
    case kIndicesType: case kTrianglesType: case kNodeNamesType: case kNodeStringsType: case kBatchesType:
    case kPathGraphType: case kLightmapUvType: return true;
    default: return false;
  }
}

inline Vec3 load_vec3(const std::uint8_t* p) { return {load_f32(p), load_f32(p + 4), load_f32(p + 8)}; }
inline void put_vec3(ByteWriter& out, const Vec3& v) {
  for (float f : v) out.f32(f);
}

inline void put_node(ByteWriter& out, const Node& node) {
  out.u16(node.flags);
  out.u16(node.parent);
  out.u16(node.anim_map_start);
  out.u16(node.fallback_key);
  for (const auto& state : node.slots)
    for (std::uint16_t slot : state) out.u16(slot);
}

}  // namespace parkan::msh::detail
