#pragma once
// Land.msh, the terrain of a map (docs/formats/terrain.md): an NRes of nine streams all named "Land",
// the type id selecting the stream. Three layers: the raw bytes of every record (kept so that an
// unedited file writes back byte for byte), the validated structure (strides, counts, grid), and the
// views (vertices, faces, cells, squares, the draw order) decoded from them.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::terrain {

// Stream type ids (docs/formats/terrain.md 2).
inline constexpr std::uint32_t kGridType = 1;        // Node38 per grid square
inline constexpr std::uint32_t kCellsType = 2;       // map box, then a face run and a box per cell
inline constexpr std::uint32_t kPositionsType = 3;   // f32 x, y, z per vertex
inline constexpr std::uint32_t kNormalsType = 4;     // i8 x, y, z, spare per vertex
inline constexpr std::uint32_t kMaterialUvType = 5;  // u16 u, v of the face's material
inline constexpr std::uint32_t kMicroUvType = 18;    // u16 u, v of the microtexture
inline constexpr std::uint32_t kAlphaType = 14;      // f32 alpha of the second material (optional)
inline constexpr std::uint32_t kOrderType = 11;      // draw order: u16 face, u8 flags, u8 spare
inline constexpr std::uint32_t kFacesType = 21;      // 28-byte face records
// The retail directory order of the streams.
inline constexpr std::array<std::uint32_t, 9> kRetailOrder = {1, 2, 3, 4, 5, 18, 14, 11, 21};
inline constexpr std::string_view kStreamName = "Land";

// Strides (attr3 of each stream).
inline constexpr std::size_t kGridStride = 38;
inline constexpr std::size_t kCellStride = 68;
inline constexpr std::size_t kPositionStride = 12;
inline constexpr std::size_t kVertexWordStride = 4;  // normals, both UV streams, alpha
inline constexpr std::size_t kOrderStride = 4;
inline constexpr std::size_t kFaceStride = 28;
inline constexpr std::size_t kCellsHeaderSize = 0x8C;  // 8 corners (96 bytes) and 44 zero bytes
inline constexpr std::size_t kCornersSize = 96;

// Face record offsets (docs/formats/terrain.md 3).
inline constexpr std::size_t kFaceFlagsOffset = 0x00;
inline constexpr std::size_t kFaceSurfaceOffset = 0x02;
inline constexpr std::size_t kFaceTex1Offset = 0x04;
inline constexpr std::size_t kFaceTex2Offset = 0x05;
inline constexpr std::size_t kFaceWord6Offset = 0x06;
inline constexpr std::size_t kFaceVerticesOffset = 0x08;
inline constexpr std::size_t kFaceNeighboursOffset = 0x0E;
inline constexpr std::size_t kFaceNormalOffset = 0x14;
inline constexpr std::size_t kFaceEdgesOffset = 0x1A;

// Face flags and surface bits.
inline constexpr std::uint16_t kFlagSecondMaterial = 0x004;
inline constexpr std::uint16_t kFlagWater = 0x008;
inline constexpr std::uint16_t kFlagMicrotexture = 0x400;
inline constexpr std::uint16_t kFlagBed = 0x2000;
inline constexpr std::uint16_t kSurfaceWater = 0x02;
inline constexpr std::uint16_t kSurfaceLava = 0x10;
inline constexpr std::uint8_t kNoSecondMaterial = 0xFF;
inline constexpr std::uint16_t kNoFace = 0xFFFF;       // a boundary edge's neighbour
inline constexpr std::uint16_t kRetailWord6 = 0xFFFF;  // +0x06 on every retail face
inline constexpr unsigned kEdgeNone = 3;               // a boundary edge's 2-bit code in the edge word

// Draw order (stream 11) flags.
inline constexpr std::uint8_t kOrderBatchStart = 0x10;
inline constexpr std::uint8_t kOrderRetailBits = 0x48;  // set on every retail entry
inline constexpr std::uint8_t kOrderInertBit = 0x80;

// Node38 words (stream 1): four header words, then 15 slot words of which two name cells.
inline constexpr std::size_t kSquareWords = 19;
inline constexpr std::size_t kSquareHeaderWords = 4;
inline constexpr std::array<std::uint16_t, kSquareHeaderWords> kSquareHeader = {0, 0xFFFF, 0, 0};
inline constexpr std::uint16_t kNoCell = 0xFFFF;

// Cell record offsets (stream 2, after the header).
inline constexpr std::size_t kCellFirstOffset = 0x00;
inline constexpr std::size_t kCellCountOffset = 0x02;
inline constexpr std::size_t kCellMinOffset = 0x08;
inline constexpr std::size_t kCellMaxOffset = 0x14;
inline constexpr std::size_t kCellCentreOffset = 0x20;
inline constexpr std::size_t kCellRadiusOffset = 0x2C;
inline constexpr std::size_t kCellTailOffset = 0x30;  // 20 zero bytes

struct Vec3 {
  float x = 0, y = 0, z = 0;
  bool operator==(const Vec3&) const = default;
};

struct Uv {
  std::uint16_t u = 0, v = 0;  // 1024 = one texture turn
};

// One 9-stream directory row as read: where its payload lies and what its attrs say.
struct Stream {
  std::size_t entry = 0;      // directory index
  std::uint32_t type_id = 0;
  std::uint32_t attr1 = 0;    // element count
  std::uint32_t attr2 = 0;    // stream 1: cells across
  std::uint32_t attr3 = 0;    // stride
  std::uint64_t offset = 0;   // of the payload in the file
  ByteView raw;               // the payload
};

struct Face {
  std::uint16_t flags = 0;
  std::uint16_t surface = 0;
  std::uint8_t tex1 = 0;                 // row of Land1.wea: the face's material
  std::uint8_t tex2 = kNoSecondMaterial; // row of Land1.wea drawn over it (openparkan's reading)
  std::uint16_t word6 = kRetailWord6;
  std::array<std::uint16_t, 3> vertices{};
  std::array<std::uint16_t, 3> neighbours{kNoFace, kNoFace, kNoFace};
  std::array<std::int16_t, 3> normal{};  // / 32767
  std::uint16_t edges = 0x3F;            // 2 bits per edge: the neighbour's matching edge, 3 none
  ByteView raw;                          // the 28 stored bytes (empty for a face made in code)

  bool water() const { return (surface & kSurfaceWater) != 0; }
  bool lava() const { return (surface & kSurfaceLava) != 0; }
  bool bed() const { return (flags & kFlagBed) != 0; }
  bool has_second_material() const { return tex2 != kNoSecondMaterial; }
  unsigned edge_code(std::size_t edge) const { return (edges >> (2 * edge)) & 3u; }
};

struct OrderEntry {
  std::uint16_t face = 0;
  std::uint8_t flags = kOrderRetailBits;
  std::uint8_t spare = 0;
};

struct Cell {
  std::uint16_t first = 0;  // first face of its run
  std::uint16_t count = 0;
  Vec3 min, max, centre;
  float radius = 0;
  ByteView raw;             // the 68 stored bytes
};

struct Square {
  std::array<std::uint16_t, kSquareWords> words{};
  ByteView raw;  // the 38 stored bytes
  // The used slot words (not 0xFFFF) in slot order, and where they are: the sources name the cells
  // (i and squares + i) but not the slot positions, so any two positions are read.
  std::vector<std::size_t> used_slots;  // word indices >= kSquareHeaderWords
};

struct Terrain {
  ByteView bytes;            // the whole file
  nres::Archive archive;     // the container, views into `bytes`
  std::vector<Stream> streams;  // the nine known streams, directory order
  std::vector<Vec3> positions;
  std::vector<std::array<std::int8_t, 4>> normals;
  std::vector<Uv> material_uv;
  std::vector<Uv> micro_uv;
  std::optional<std::vector<float>> alpha;  // stream 14 is optional
  std::vector<Face> faces;
  std::vector<OrderEntry> order;
  std::array<Vec3, 8> corners{};  // the map box
  std::vector<Cell> cells;
  std::vector<Square> squares;
  // Derived: the grid (stream 1 attr2 across, attr1 / attr2 down) and the LOD split.
  std::uint32_t across = 0;
  std::uint32_t down = 0;
  std::size_t lod_split = 0;  // LOD 0 = faces [0, split): the first face of cell `squares`

  std::size_t square_count() const { return squares.size(); }
  const Stream* stream(std::uint32_t type_id) const;
};

// Reads Land.msh. Errors (each a structural rule with the offset of the directory row or payload
// that breaks it): the NRes rules (nres.*, compatible profile), terrain.stream.missing (1, 2, 3, 4, 5,
// 18, 11, 21; 14 is optional), terrain.stream.duplicate, terrain.stream.stride,
// terrain.stream.count, terrain.stream.vertices, terrain.stream.faces, terrain.grid.size,
// terrain.cells.count. Every count is checked against the payload before anything is allocated.
Result<Terrain> read_terrain(ByteView bytes);
// The read error as one finding, or every file-local rule of docs/formats/terrain.md 6 as its own code
// with the offset in the file.
std::vector<Diagnostic> check_terrain(ByteView bytes);
// The file: every stream rebuilt from its raw records with the fields written over them; a stream
// whose bytes come out as stored is kept as stored, so an unedited read writes back byte for byte
// (the NRes lossless writer). A changed count is written as the stream's attr1.
Result<ByteBuffer> write_terrain(const Terrain& terrain);
// After an edit of the vertices or faces (docs/formats/terrain.md 8): each cell's box, centre and radius
// from the vertices of its run's faces (a cell without faces keeps its box), and the draw order
// rebuilt cell by cell, the faces grouped by (tex1, tex2) in the order the pairs first appear, bit
// 0x10 on each batch's first entry, the other bits 0x48. The runs must chain over the faces
// (terrain.cells.run otherwise, nothing changed). Not recomputed: the map box, the normals, Land.map.
Status recompute_cells_and_order(Terrain& terrain);
// Counts, grid, cell size, extent, LOD split, faces per LOD, second material, water, lava, bed, and
// the tex1 / tex2 rows used (docs/formats/terrain.md 7).
nlohmann::json terrain_json(const Terrain& terrain);

// True when `bytes` are an NRes with an entry of type 21 named "Land" (the kind registry's test).
bool looks_like_terrain(ByteView bytes);

}  // namespace parkan::terrain
