#pragma once
// .bas, a building's base outlines (docs/formats/objdata.md 3; NRes type BASE, 30 in fortif.rlb): the
// inner outline with the mesh triangles and corners it was traced off, then the outer clearance ring.
// On placement the engine cuts the terrain inside the outer ring and fills the band between the rings.
// Every stored value lands in a field, so what reads writes back byte for byte.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"

namespace parkan::objdata {

inline constexpr std::uint32_t kBaseTypeId = 0x45534142;  // "BASE"
// Retail figures (docs/formats/objdata.md 3): one ring in each section, 3 to 26 corners, the outer
// ring 1.3 to 2.4 times the inner one's area.
inline constexpr std::int32_t kBaseRetailRings = 1;
inline constexpr std::int32_t kBaseMinCorners = 3, kBaseMaxCorners = 26;
inline constexpr double kBaseMinClearance = 1.3, kBaseMaxClearance = 2.4;

struct BaseRing {
  std::vector<std::array<float, 3>> points;  // n + 1: closed by repeating the first
  std::vector<std::int32_t> triangles;       // inner rings only: n mesh triangles the edges were traced off
  std::vector<std::int32_t> corners;         // inner rings only: n mesh corners
  std::size_t offset = 0;                    // where the ring starts in the file (set by the reader)

  std::size_t corner_count() const { return points.empty() ? 0 : points.size() - 1; }
};

struct Base {
  std::vector<BaseRing> inner;  // the outline (with triangles and corners)
  std::vector<BaseRing> outer;  // the clearance ring (points only)
};

// The polygon's signed area in x, y over its n corners (positive: anticlockwise seen from +z).
double base_ring_area(const BaseRing& ring);

// Errors: bas.size (the data ends inside a ring, or bytes follow the outer section), bas.count (a count
// negative, or more than the bytes left can hold), each at the offset of the word that breaks it.
Result<Base> read_base(ByteView bytes);
// The read's error, or warnings: bas.rings (a section without exactly one ring), bas.corners (outside
// 3..26), bas.closed (the last point does not repeat the first), bas.winding (clockwise),
// bas.clearance (outer area not 1.3 to 2.4 times the inner one).
std::vector<Diagnostic> check_base(ByteView bytes);
ByteBuffer write_base(const Base& base);
nlohmann::json base_json(const Base& base);

}  // namespace parkan::objdata
