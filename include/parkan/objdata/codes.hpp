#pragma once
// The diagnostic codes of the per-object data files .ndp and .cpt (docs/formats/objdata.md;
// docs/codes.md lists each with its severity and meaning): emit these constants, never the string.

namespace parkan::objdata::codes {

inline constexpr const char* kNdpSize = "ndp.size";              // error: not 4 + 76 n bytes
inline constexpr const char* kNdpNameNul = "ndp.name.nul";       // warning: a 32-byte field without NUL
inline constexpr const char* kNdpValue = "ndp.value";            // warning: hit points or density not finite or negative
inline constexpr const char* kCptSize = "cpt.size";              // error: not 4 + 68 n bytes
inline constexpr const char* kCptNameNul = "cpt.name.nul";       // warning: a 32-byte name without NUL
inline constexpr const char* kCptValue = "cpt.value";            // warning: a position or direction not finite
inline constexpr const char* kNameLength = "objdata.name.length";      // error (writing): a name of 32 bytes or more
inline constexpr const char* kNameNulInside = "objdata.name.nul_inside";  // error (writing): a NUL inside a name

}  // namespace parkan::objdata::codes
