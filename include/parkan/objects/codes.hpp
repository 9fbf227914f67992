#pragma once
// The diagnostic codes of objects (docs/codes.md lists each with its severity and meaning): emit
// these constants, never the string, so that a typo is a compile error.

namespace parkan::objects::codes {

inline constexpr const char* kNameLength = "objects.name.length";
inline constexpr const char* kNameNul = "objects.name.nul";
inline constexpr const char* kRefAbsent = "objects.ref.absent";
inline constexpr const char* kRefCycle = "objects.ref.cycle";
inline constexpr const char* kRefDepth = "objects.ref.depth";
inline constexpr const char* kRefEmpty = "objects.ref.empty";
inline constexpr const char* kRefExpansion = "objects.ref.expansion";
inline constexpr const char* kRefExtension = "objects.ref.extension";
inline constexpr const char* kRefKey = "objects.ref.key";
inline constexpr const char* kRefNul = "objects.ref.nul";
inline constexpr const char* kSizeMultiple = "objects.size.multiple";
inline constexpr const char* kTypeSize = "objects.type.size";
inline constexpr const char* kTypeUnknown = "objects.type.unknown";

}  // namespace parkan::objects::codes
