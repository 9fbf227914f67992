#pragma once
// Land.map, the ArealMap (docs/formats/areal.md): an NRes of one entry, type 12, named "ArealMap",
// whose attr1 is the areal count. The payload holds the areals (convex walkable polygons with their
// edge links to the neighbours across each edge), then a grid of cells listing the areals that touch
// each cell. Read, checked rule by rule with offsets, written back byte for byte.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"

namespace parkan::areal {

inline constexpr std::uint32_t kArealMapTypeId = 12;
inline constexpr std::string_view kArealMapEntryName = "ArealMap";

// The fixed head of an areal (docs/formats/areal.md 2.1).
inline constexpr std::size_t kHeadSize = 0x38;
inline constexpr std::size_t kCentreOffset = 0x00;       // f32[2]
inline constexpr std::size_t kReservedOffset = 0x08;     // f32[2], 0 on retail
inline constexpr std::size_t kAreaOffset = 0x10;         // f32
inline constexpr std::size_t kNormalOffset = 0x14;       // f32[3]
inline constexpr std::size_t kFlagsOffset = 0x20;        // u32[4]
inline constexpr std::size_t kVertexCountOffset = 0x30;  // u32 V
inline constexpr std::size_t kSubBlockCountOffset = 0x34;  // u32 B
inline constexpr std::size_t kPointSize = 12;            // f32[3]
inline constexpr std::size_t kEdgeLinkSize = 8;          // i32 neighbour, i32 twin
inline constexpr std::size_t kEdgeLinksPerSubBlock = 3;  // V + 3B links per areal
inline constexpr std::int32_t kNoNeighbour = -1;         // the link of a boundary edge: -1, -1

// What every retail map holds (docs/formats/areal.md 4.2); beyond these the checker warns.
inline constexpr std::uint32_t kRetailMinVertices = 3;
inline constexpr std::uint32_t kRetailMaxVertices = 14;
inline constexpr double kAreaTolerance = 0.02;     // stored area within 2 % of the polygon's
inline constexpr float kNormalTolerance = 1e-5f;   // retail normals are (0, 0, 1) to 1.2e-7
inline constexpr std::uint32_t kLakeMask = 0xF0;   // flags[2] & 0xF0 == 0xF0: a lake
// The engine packs a cell as count (10 bits) and start into its index pool (22 bits).
inline constexpr std::size_t kMaxArealsPerCell = 1023;
inline constexpr std::size_t kMaxGridPool = (std::size_t{1} << 22) - 1;

using Point = std::array<float, 3>;

// One edge's link: the areal across it and the index of the same edge in that areal's polygon.
struct EdgeLink {
  std::int32_t neighbour = kNoNeighbour;
  std::int32_t twin = kNoNeighbour;
  bool operator==(const EdgeLink&) const = default;
};

// A sub-block, never seen in retail data: read as openparkan does, u32 n and n points
// (docs/formats/areal.md 3 gives fparkan's other reading).
struct SubBlock {
  std::vector<Point> points;
};

struct Areal {
  std::array<float, 2> centre{};
  std::array<float, 2> reserved{};   // 0, 0 (fparkan: anchor z and a reserved word)
  float area = 0;                    // the polygon's area as stored
  Point normal{0, 0, 1};
  std::array<std::uint32_t, 4> flags{};  // [0] != 0 ground units may enter, [2] & 0xF0 == 0xF0 lake
  std::vector<Point> polygon;        // anticlockwise seen from +z
  std::vector<EdgeLink> edges;       // polygon.size() + 3 * sub_blocks.size(); edge i runs from vertex i to i + 1
  std::vector<SubBlock> sub_blocks;
  ByteView raw;                      // the stored bytes, head to last sub-block (empty for one made in code)
  std::size_t offset = 0;            // where it starts in the payload

  bool is_lake() const { return (flags[2] & kLakeMask) == kLakeMask; }
};

struct Grid {
  std::uint32_t across = 0;  // cells along x
  std::uint32_t down = 0;    // cells along y
  // Cell (x, y) is cells[x * down + y], the file's order (x outer, y inner): the areals touching it.
  std::vector<std::vector<std::uint16_t>> cells;
  std::size_t offset = 0;    // where it starts in the payload
};

struct ArealMap {
  std::vector<Areal> areals;
  Grid grid;
  // The Land.map it was read from, so that write_areal_map changes only the payload and attr1
  // (empty for a map made in code or read from a bare payload: the writer builds a fresh NRes).
  // A view, like Areal::raw: the caller keeps the bytes alive while the map is used.
  ByteView file;
  std::size_t entry_index = 0;
  std::uint64_t payload_offset = 0;  // the entry's data_offset: file offset = payload_offset + payload offset
};

// The polygon's signed area in XY (shoelace): positive when anticlockwise seen from +z.
double signed_area(const std::vector<Point>& polygon);

// Reads a whole Land.map: the NRes (its own nres.* rules), one entry (areal.entry.count) of type 12
// (areal.entry.type), then the payload as read_areal_payload with attr1 as the count. Errors carry
// file offsets.
Result<ArealMap> read_areal_map(ByteView file);
// Reads an ArealMap payload of `areal_count` areals (the entry's attr1), consumed exactly: the
// size rules areal.size.{head,polygon,sub_blocks,grid,extra} are errors at the offset (in the
// payload) of the count that does not fit. Every count is checked against the bytes left before
// anything is allocated.
Result<ArealMap> read_areal_payload(ByteView payload, std::uint32_t areal_count);

// Every finding of a whole Land.map, offsets in the file: the rule that stops the read, or the
// rules of a map that reads (docs/formats/areal.md 4.2).
std::vector<Diagnostic> check_areal_map(ByteView file);
// The same for a bare payload, offsets in the payload.
std::vector<Diagnostic> check_areal_payload(ByteView payload, std::uint32_t areal_count);

// The payload: every areal and the grid serialized from their fields (floats copied bit for bit, so
// an unedited map gives its stored bytes). Errors: an areal whose links are not V + 3B
// (areal.write.edges), a grid whose cell list is not across x down (areal.write.grid), a cell of
// more than 65,535 areals (areal.write.cell).
Result<ByteBuffer> write_areal_payload(const ArealMap& map);
// The whole Land.map: the file it was read from with the payload replaced and attr1 set to the areal
// count, everything else byte for byte (an unedited map writes back identical); or, for a map with
// no file, a new NRes of the one entry.
Result<ByteBuffer> write_areal_map(const ArealMap& map);

// {"areals", "vertex_counts": {"3": n, ...}, "sub_blocks", "lakes", "grid": {"across", "down",
// "max_per_cell", "references"}, "extent": {"min": [x, y], "max": [x, y]} or null,
// "flags": [{"flags": [f0, f1, f2, f3], "count"}, ...]} (flags in ascending order).
nlohmann::json areal_map_json(const ArealMap& map);

}  // namespace parkan::areal
