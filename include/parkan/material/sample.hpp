#pragma once
// Phase animation exactly as the engine (docs/formats/mat0.md 5, 5.4,
// "phase selection by time"). The game time, the wear record's start time and rand() are inputs.
#include <array>
#include <cstdint>
#include <functional>
#include <span>

#include "parkan/core/error.hpp"

#include "parkan/material/model.hpp"
#include "parkan/material/phase_record.hpp"

namespace parkan::material {

// Mask bits the interpolation knows (docs/formats/mat0.md 5.4): 0x01 p0..p2, 0x02 p4..p6, 0x04 p8..p10,
// 0x08 p12..p14, 0x10 p3.
inline constexpr std::uint32_t kKnownMaskBits = 0x1F;

// The runtime float indices each mask bit interpolates (docs/formats/mat0.md 5.4: the runtime byte offsets / 4).
struct MaskGroup {
  std::uint32_t bit;
  std::uint8_t first;  // first float index
  std::uint8_t count;
};
inline constexpr std::array<MaskGroup, 5> kMaskGroups = {{
    {0x01, 4, 3},   // p0, p1, p2 at +16, +20, +24
    {0x02, 0, 3},   // p4, p5, p6 at +0, +4, +8
    {0x04, 8, 3},   // p8, p9, p10 at +32, +36, +40
    {0x08, 12, 3},  // p12, p13, p14 at +48, +52, +56
    {0x10, 7, 1},   // p3 at +28
}};

// What the engine's rand() returns at this call (mode 3).
using RandomSource = std::function<std::int32_t()>;

struct Selection {
  std::uint32_t key = 0;   // the current key
  std::uint32_t next = 0;  // the key interpolated towards (key 0 after the last)
  float alpha = 0.0f;      // 0 at the start of the current key's segment
};

// A block checked for sampling: it has keys, a cycle above 0, non-decreasing end times and phase
// indices inside the phase table. Views `mat`'s keys; keep `mat` alive.
class Timeline {
 public:
  static Result<Timeline> make(const Mat0& mat, std::size_t block);

  std::uint32_t mode() const { return mode_; }
  std::uint32_t mask() const { return mask_; }
  std::uint32_t cycle() const { return cycle_; }
  std::span<const Key> keys() const { return keys_; }

  // docs/formats/mat0.md 5.5: by game time; `start_time` is the wear record's start time (mode 3 writes it).
  Selection select_by_time(std::uint32_t game_time, std::uint32_t& start_time, const RandomSource& rand) const;
  // docs/formats/mat0.md 5.6: by normalized t (outside [0, 1] it is 0.5).
  Selection select_by_t(float t, std::uint32_t& start_time, const RandomSource& rand) const;

 private:
  Selection select_local(std::uint32_t local, std::uint32_t& start_time, const RandomSource& rand) const;
  std::span<const Key> keys_;
  std::uint32_t mode_ = 0;
  std::uint32_t mask_ = 0;
  std::uint32_t cycle_ = 0;
};

// 7.3's substitution: t < 0 or t > 1 becomes 0.5.
inline float normalize_t(float t) { return (t < 0.0f || t > 1.0f) ? 0.5f : t; }

// A float to uint32 as the engine's conversion does: truncate to int64, keep the low 32 bits; NaN and
// values outside int64 give the integer-indefinite 0x8000000000000000, whose low bits are 0.
std::uint32_t engine_float_to_u32(float value);

// docs/formats/mat0.md 5.4 on the runtime records: masked floats `cur + (next - cur) * alpha`, everything else from `cur`.
PhaseRecord interpolate(const PhaseRecord& cur, const PhaseRecord& next, std::uint32_t mask, float alpha);

// The record the engine returns for a selection: `records` are the block's material's to_records().
inline PhaseRecord sample_record(std::span<const PhaseRecord> records, const Timeline& timeline,
                                 const Selection& s) {
  return interpolate(records[timeline.keys()[s.key].phase], records[timeline.keys()[s.next].phase],
                     timeline.mask(), s.alpha);
}

}  // namespace parkan::material
