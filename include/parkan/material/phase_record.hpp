#pragma once
// The engine's 76-byte runtime record of a phase (docs/formats/mat0.md 4.3).
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "parkan/material/model.hpp"

namespace parkan::material {

struct PhaseRecord {
  std::array<float, 16> f{};      // +0..+60
  std::uint32_t u16 = 0;          // +64: uint32(p16), the power
  std::int32_t texture_slot = -1; // +68: texture cache slot, -1 for none
  std::int32_t i18 = -1;          // +72: int32(int8(p17)), the page index; -1 without texture
  bool operator==(const PhaseRecord&) const = default;
};
static_assert(sizeof(PhaseRecord) == 76);
static_assert(offsetof(PhaseRecord, f) == 0);
static_assert(offsetof(PhaseRecord, u16) == 64);
static_assert(offsetof(PhaseRecord, texture_slot) == 68);
static_assert(offsetof(PhaseRecord, i18) == 72);

inline constexpr std::int32_t kNoTextureSlot = -1;

// The runtime float index each parameter p0..p15 goes to (docs/formats/mat0.md 4.3): p4..p7 first, then p0..p3.
inline constexpr std::array<std::uint8_t, 16> kParamToFloat = {4, 5, 6, 7, 0, 1, 2, 3,
                                                               8, 9, 10, 11, 12, 13, 14, 15};

// p / 255.0f, in float (docs/formats/mat0.md 4.3).
inline float param_unit(std::uint8_t p) { return static_cast<float>(p) / 255.0f; }
// p3 * 0.01f, in float (docs/formats/mat0.md 4.3): the opacity in percent.
inline float param_percent(std::uint8_t p) { return static_cast<float>(p) * 0.01f; }

// One phase to its record. `texture_slot` is what LoadTexture returned (no cache here: -1).
PhaseRecord to_record(const Phase& phase, std::int32_t texture_slot = kNoTextureSlot);
std::vector<PhaseRecord> to_records(const Mat0& mat);

}  // namespace parkan::material
