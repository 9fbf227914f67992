#pragma once
// Which key word parkan reads as the quaternion's w, for the quaternion question of `parkan evidence`.
#include <cstddef>

#include "parkan/msh/math.hpp"

namespace parkan::evidence {

// The byte of a key where parkan reads the quaternion's w (msh::kQuatWordOf, docs/formats/msh.md 14)
// and where the other reading puts it: the quaternion question counts the first as "for", so flipping
// kQuatWordOf flips the question with it (docs/evidence.md 3.1).
inline constexpr std::size_t kParkanQuatWOffset = 0x10 + 2 * msh::kQuatWordOf[0];
inline constexpr std::size_t kOtherQuatWOffset = kParkanQuatWOffset == 0x16 ? 0x10 : 0x16;

}  // namespace parkan::evidence
