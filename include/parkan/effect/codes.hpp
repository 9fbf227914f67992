#pragma once
// The diagnostic codes of the effect formats, FXID records and .exp explosions (docs/formats/effect.md;
// docs/codes.md lists each with its severity and meaning): emit these constants, never the string.

namespace parkan::effect::codes {

inline constexpr const char* kFxidHeader = "fxid.header";        // error: shorter than the 60-byte header
inline constexpr const char* kFxidType = "fxid.type";            // error: an emitter type outside 1..10 (framing lost)
inline constexpr const char* kFxidBlock = "fxid.block";          // error: an emitter block runs past the end
inline constexpr const char* kFxidTrailing = "fxid.trailing";    // error: bytes after the last emitter block
inline constexpr const char* kFxidCount = "fxid.count";          // warning: more than 81 emitters
inline constexpr const char* kFxidTimeMode = "fxid.time_mode";   // warning: a time mode outside 0..17
inline constexpr const char* kFxidDuration = "fxid.duration";    // warning: a duration not finite or negative
inline constexpr const char* kFxidNameNul = "fxid.name.nul";     // warning: a resource name field without NUL
inline constexpr const char* kFxidPairHalf = "fxid.pair.half";   // warning: a resource pair with one name empty
inline constexpr const char* kFxidBlockSize = "fxid.block.size"; // error (writing): a block not its type's length
inline constexpr const char* kExpSize = "exp.size";              // error: not 792 bytes
inline constexpr const char* kExpKind = "exp.kind";              // warning: a kind outside 1..3
inline constexpr const char* kExpValue = "exp.value";            // warning: damage or radius not finite or negative
inline constexpr const char* kExpNameNul = "exp.name.nul";       // warning: a 32-byte name field without NUL
inline constexpr const char* kExpPairHalf = "exp.pair.half";     // warning: a slot with one name empty
inline constexpr const char* kNameLength = "effect.name.length";          // error (writing): a name of 32 bytes or more
inline constexpr const char* kNameNulInside = "effect.name.nul_inside";   // error (writing): a NUL inside a name

}  // namespace parkan::effect::codes
