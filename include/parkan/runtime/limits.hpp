#pragma once
// The material manager's fixed sizes and timings (docs/runtime.md 3, 4, 3.3,
// "Sweep"). One place for every number the engine hard-codes.
#include <cstddef>
#include <cstdint>

namespace parkan::runtime {

inline constexpr std::size_t kMaterialPoolCapacity = 700;
inline constexpr std::size_t kTextureCacheCapacity = 777;
inline constexpr std::size_t kLightmapCacheCapacity = 100;
inline constexpr std::size_t kWearTableCapacity = 70;  // MatManager's physical layout
inline constexpr std::size_t kPaletteBankCapacity = 286;

// SetGameTime sweeps textures when at least this much time has passed since the last sweep.
inline constexpr std::uint32_t kSweepIntervalMs = 20000;
// A texture whose reference count is 0 is freed by a sweep once it has been unused longer than this.
inline constexpr std::uint32_t kSweepAgeMs = 60000;

// The C runtime's rand() (docs/runtime.md 7.4).
inline constexpr std::uint32_t kCrtRandMultiplier = 214013;
inline constexpr std::uint32_t kCrtRandIncrement = 2531011;
inline constexpr std::uint32_t kCrtRandInitialSeed = 1;

}  // namespace parkan::runtime
