#pragma once
// The diagnostic codes of the per-object data files .ndp, .cpt and .bas (docs/formats/objdata.md;
// docs/codes.md lists each with its severity and meaning): emit these constants, never the string.

namespace parkan::objdata::codes {

inline constexpr const char* kNdpSize = "ndp.size";              // error: not 4 + 76 n bytes
inline constexpr const char* kNdpNameNul = "ndp.name.nul";       // warning: a 32-byte field without NUL
inline constexpr const char* kNdpValue = "ndp.value";            // warning: hit points or density not finite or negative
inline constexpr const char* kCptSize = "cpt.size";              // error: not 4 + 68 n bytes
inline constexpr const char* kCptNameNul = "cpt.name.nul";       // warning: a 32-byte name without NUL
inline constexpr const char* kCptValue = "cpt.value";            // warning: a position or direction not finite
inline constexpr const char* kBasSize = "bas.size";              // error: the data ends inside a ring, or bytes follow
inline constexpr const char* kBasCount = "bas.count";            // error: a count negative or past the bytes left
inline constexpr const char* kBasRings = "bas.rings";            // warning: a section without exactly one ring
inline constexpr const char* kBasCorners = "bas.corners";        // warning: a ring of fewer than 3 or more than 26 corners
inline constexpr const char* kBasClosed = "bas.closed";          // warning: the last point does not repeat the first
inline constexpr const char* kBasWinding = "bas.winding";        // warning: a ring clockwise from +z
inline constexpr const char* kBasClearance = "bas.clearance";    // warning: outer area not 1.3 to 2.4 times the inner
inline constexpr const char* kNameLength = "objdata.name.length";      // error (writing): a name of 32 bytes or more
inline constexpr const char* kNameNulInside = "objdata.name.nul_inside";  // error (writing): a NUL inside a name

}  // namespace parkan::objdata::codes
