#pragma once
// The diagnostic codes of Land.map, the ArealMap (docs/formats/areal.md; docs/codes.md lists each with
// its severity and meaning): emit these constants, never the string, so that a typo is a compile error.

namespace parkan::areal::codes {

// Errors that stop the read (docs/formats/areal.md 4.1): the container, then exact consumption.
inline constexpr const char* kEntryCount = "areal.entry.count";
inline constexpr const char* kEntryType = "areal.entry.type";
inline constexpr const char* kSizeHead = "areal.size.head";
inline constexpr const char* kSizePolygon = "areal.size.polygon";
inline constexpr const char* kSizeSubBlocks = "areal.size.sub_blocks";
inline constexpr const char* kSizeGrid = "areal.size.grid";
inline constexpr const char* kSizeExtra = "areal.size.extra";

// Errors of a map that reads (docs/formats/areal.md 4.2): the engine would misuse it.
inline constexpr const char* kGridEmpty = "areal.grid.empty";
inline constexpr const char* kGridIndex = "areal.grid.index";
inline constexpr const char* kGridCellCount = "areal.grid.cell_count";
inline constexpr const char* kGridPool = "areal.grid.pool";
inline constexpr const char* kEdgeNeighbour = "areal.edge.neighbour";
inline constexpr const char* kEdgeTwin = "areal.edge.twin";
inline constexpr const char* kEdgeMutual = "areal.edge.mutual";

// Warnings: readable, but not what every retail map holds.
inline constexpr const char* kEntryName = "areal.entry.name";
inline constexpr const char* kEdgeBoundary = "areal.edge.boundary";
inline constexpr const char* kArealArea = "areal.areal.area";
inline constexpr const char* kArealNormal = "areal.areal.normal";
inline constexpr const char* kArealVertexCount = "areal.areal.vertex_count";
inline constexpr const char* kArealWinding = "areal.areal.winding";
inline constexpr const char* kArealSubBlocks = "areal.areal.sub_blocks";

// Writing: fields that cannot be stored (docs/formats/areal.md 5).
inline constexpr const char* kWriteEdges = "areal.write.edges";
inline constexpr const char* kWriteGrid = "areal.write.grid";
inline constexpr const char* kWriteCell = "areal.write.cell";

// Note: more findings of one rule than are listed (core's kMaxFindingsPerRule).
inline constexpr const char* kFindingsTruncated = "areal.findings.truncated";

}  // namespace parkan::areal::codes
