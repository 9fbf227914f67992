#pragma once
// The diagnostic codes of sky.ske (docs/formats/sky.md; docs/codes.md lists each with its severity and
// meaning): emit these constants, never the string.

namespace parkan::sky::codes {

inline constexpr const char* kHeader = "sky.header";              // error: not -1, 5 first, or shorter than 12 bytes
inline constexpr const char* kSize = "sky.size";                  // error: the data ends inside a section, keyframe or the trailer
inline constexpr const char* kKeyframeVersion = "sky.keyframe.version";  // error: a keyframe version outside 1..3 (framing lost)
inline constexpr const char* kTrailing = "sky.trailing";          // error: bytes after the trailer
inline constexpr const char* kSections = "sky.sections";          // warning: a section count other than 1 or 2
inline constexpr const char* kSectionVersion = "sky.section.version";  // warning: a section version other than 1
inline constexpr const char* kTime = "sky.time";                  // warning: an hour over 23 or a minute over 59
inline constexpr const char* kDay = "sky.day";                    // warning: a day length of zero
inline constexpr const char* kOpcode = "sky.opcode";              // warning: an opcode outside 0..9
inline constexpr const char* kEmpty = "sky.empty";                // warning: a section without keyframes
inline constexpr const char* kTrailer = "sky.trailer";            // warning: the trailer's words not 0 and 0 or 1

}  // namespace parkan::sky::codes
