// Phase selection and interpolation (docs/formats/mat0.md 5.4-5.6).
#include "parkan/material/sample.hpp"

#include "parkan/material/codes.hpp"
#include "parkan/material/mat0.hpp"

#include <cmath>

#include <fmt/format.h>

namespace parkan::material {

Result<Timeline> Timeline::make(const Mat0& mat, std::size_t block) {
  if (block >= mat.blocks.size())
    return invalid_rule(codes::kMat0SampleBlock,
                        fmt::format("no animation block {} (the material has {})", block, mat.blocks.size()));
  std::vector<Diagnostic> findings;
  check_block(findings, mat, block);
  for (Diagnostic& d : findings)
    if (d.severity == Severity::error)
      return invalid_rule(std::move(d.code), std::move(d.message), d.location.offset);
  const AnimBlock& b = mat.blocks[block];
  Timeline t;
  t.keys_ = b.keys;
  t.mode_ = b.mode();
  t.mask_ = b.mask();
  t.cycle_ = b.keys.back().end_time;
  return t;
}

// docs/formats/mat0.md 5.5: `local` is the time since the start, uint32 (wrapped when the game time is
// before the start time). Unsigned div/mod as the engine's `div` with edx = 0.
Selection Timeline::select_local(std::uint32_t local, std::uint32_t& start_time, const RandomSource& rand) const {
  const std::uint32_t last = static_cast<std::uint32_t>(keys_.size() - 1);
  std::uint32_t cycles = local / cycle_;
  std::uint32_t r = local % cycle_;
  switch (mode_) {
    case 1:  // ping-pong: odd cycles run backwards; r == cycle at the turnaround
      if (cycles & 1u) r = cycle_ - r;
      break;
    case 2:  // one-shot clamp: after the first cycle, the last key with alpha 0
      if (cycles > 0) return {last, 0, 0.0f};
      break;
    case 3:  // random: rand() % cycle, written into the wear record's start time (docs/formats/mat0.md 5.5)
      r = static_cast<std::uint32_t>(rand()) % cycle_;
      start_time = r;
      break;
    default:  // 0 loop; 4..7 are treated as loop (docs/formats/mat0.md 5.2)
      break;
  }
  // Segment k covers [end of key k-1, end of key k); r == cycle (ping-pong turnaround) falls in the last.
  std::uint32_t k = 0;
  while (k < last && r >= keys_[k].end_time) ++k;
  std::uint32_t t0 = k == 0 ? 0u : keys_[k - 1].end_time;
  std::uint32_t t1 = keys_[k].end_time;
  float alpha = t1 == t0 ? 0.0f : static_cast<float>(r - t0) / static_cast<float>(t1 - t0);
  return {k, k == last ? 0u : k + 1, alpha};
}

Selection Timeline::select_by_time(std::uint32_t game_time, std::uint32_t& start_time,
                                   const RandomSource& rand) const {
  return select_local(game_time - start_time, start_time, rand);
}

// docs/formats/mat0.md 5.6 says "as sub_100031F0, but the time is t * cycleLength": the product (in float, converted as the
// engine converts) replaces the time since the start, and every mode, mode 3's rand() and start time
// write included, then runs as by time. Mode 3 here is an open question (docs/formats/mat0.md 10);
// this is the literal reading.
Selection Timeline::select_by_t(float t, std::uint32_t& start_time, const RandomSource& rand) const {
  return select_local(engine_float_to_u32(normalize_t(t) * static_cast<float>(cycle_)), start_time, rand);
}

std::uint32_t engine_float_to_u32(float value) {
  // [-2^63, 2^63) is exactly representable at the ends; NaN fails both compares.
  if (!(value >= -9223372036854775808.0f && value < 9223372036854775808.0f)) return 0;
  return static_cast<std::uint32_t>(static_cast<std::uint64_t>(static_cast<std::int64_t>(value)));
}

PhaseRecord interpolate(const PhaseRecord& cur, const PhaseRecord& next, std::uint32_t mask, float alpha) {
  PhaseRecord out = cur;
  for (const MaskGroup& g : kMaskGroups) {
    if (!(mask & g.bit)) continue;
    for (std::uint8_t i = g.first; i < g.first + g.count; ++i) out.f[i] = cur.f[i] + (next.f[i] - cur.f[i]) * alpha;
  }
  return out;
}

}  // namespace parkan::material
