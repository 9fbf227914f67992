#pragma once
// The diagnostic codes of Land.msh (docs/formats/terrain.md 6; docs/codes.md lists each with its
// severity and meaning): emit these constants, never the string, so that a typo is a compile error.

namespace parkan::terrain::codes {

// Errors of the read: the file cannot be read as terrain.
inline constexpr const char* kStreamMissing = "terrain.stream.missing";
inline constexpr const char* kStreamDuplicate = "terrain.stream.duplicate";
inline constexpr const char* kStreamStride = "terrain.stream.stride";
inline constexpr const char* kStreamCount = "terrain.stream.count";
inline constexpr const char* kStreamVertices = "terrain.stream.vertices";
inline constexpr const char* kStreamFaces = "terrain.stream.faces";
inline constexpr const char* kGridSize = "terrain.grid.size";
inline constexpr const char* kCellsCount = "terrain.cells.count";

// Errors of the check: the file reads, but a structure the engine relies on is broken.
inline constexpr const char* kFaceVertex = "terrain.face.vertex";
inline constexpr const char* kFaceNeighbour = "terrain.face.neighbour";
inline constexpr const char* kFaceEdgeCode = "terrain.face.edge_code";
inline constexpr const char* kGridSlots = "terrain.grid.slots";
inline constexpr const char* kCellsRun = "terrain.cells.run";
inline constexpr const char* kCellsBox = "terrain.cells.box";
inline constexpr const char* kOrderPermutation = "terrain.order.permutation";
inline constexpr const char* kOrderBatch = "terrain.order.batch";

// Warnings: readable, but not what every retail map holds.
inline constexpr const char* kStreamOrder = "terrain.stream.order";
inline constexpr const char* kStreamOther = "terrain.stream.other";
inline constexpr const char* kFaceEdgeMatch = "terrain.face.edge_match";
inline constexpr const char* kFaceSecondFlag = "terrain.face.second_flag";
inline constexpr const char* kFaceWord6 = "terrain.face.word6";
inline constexpr const char* kGridHeader = "terrain.grid.header";
inline constexpr const char* kCellsZero = "terrain.cells.zero";
inline constexpr const char* kLodVertex = "terrain.lod.vertex";
inline constexpr const char* kLodFaces = "terrain.lod.faces";
inline constexpr const char* kOrderGroup = "terrain.order.group";
inline constexpr const char* kOrderFlags = "terrain.order.flags";
inline constexpr const char* kWaterPlane = "terrain.water.plane";
inline constexpr const char* kAlphaRange = "terrain.alpha.range";

// Note: more findings of one rule than are listed (kMaxFindingsPerRule).
inline constexpr const char* kFindingsTruncated = "terrain.findings.truncated";

}  // namespace parkan::terrain::codes
