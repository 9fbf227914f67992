// vtable 3, 4, 5: the phase a wear row's material shows (docs/formats/mat0.md 5, 5.5;
// docs/runtime.md 7).
#include <fmt/format.h>

#include "parkan/runtime/manager.hpp"

namespace parkan::runtime {

Status MaterialManager::sample(std::uint32_t handle, std::uint32_t block, bool by_t, float t, PhaseSample& out) {
  WearRowState* row = find_row(handle);
  if (!row) return std::move(row_of(handle)).error();
  if (row->material < 0)
    return invalid(fmt::format("handle 0x{:08X} names a row whose material could not be loaded", handle));
  const PooledMaterial& m = pool_.slot(static_cast<std::size_t>(row->material));
  if (m.mat.blocks.empty()) {
    // No animation: phase 0 as it is, key 0, next 0, alpha 0 (docs/runtime.md).
    if (m.phases.empty()) return invalid(fmt::format("material {} has no phases", m.name));
    out.selection = {};
    out.start_time = row->start_time;
    out.record = m.phases[0];
    out.texture_name = m.mat.phases[0].texture_name();
    return {};
  }
  if (block >= m.timelines.size())
    return invalid(fmt::format("material {} has {} animation blocks, no block {}", m.name, m.timelines.size(), block));
  const Result<material::Timeline>& timeline = m.timelines[block];
  if (!timeline) return timeline.error();  // why this block cannot be sampled
  out.selection = by_t ? timeline->select_by_t(t, row->start_time, random_)
                       : timeline->select_by_time(game_time(), row->start_time, random_);
  out.start_time = row->start_time;
  out.record = material::sample_record(m.phases, *timeline, out.selection);
  out.texture_name = m.mat.phases[timeline->keys()[out.selection.key].phase].texture_name();
  return {};
}

Status MaterialManager::phase_by_time(std::uint32_t handle, std::uint32_t block, PhaseSample& out) {
  return sample(handle, block, false, 0.0f, out);
}

Status MaterialManager::phase_by_t(std::uint32_t handle, std::uint32_t block, float t, PhaseSample& out) {
  return sample(handle, block, true, t, out);
}

Result<PhaseSample> MaterialManager::phase_by_time(std::uint32_t handle, std::uint32_t block) {
  PhaseSample out;
  PARKAN_TRY(sample(handle, block, false, 0.0f, out));
  return out;
}

Result<PhaseSample> MaterialManager::phase_by_t(std::uint32_t handle, std::uint32_t block, float t) {
  PhaseSample out;
  PARKAN_TRY(sample(handle, block, true, t, out));
  return out;
}

Result<std::uint32_t> MaterialManager::reset_start_time(std::uint32_t handle) {
  PARKAN_ASSIGN(WearRowState * row, row_of(handle));
  row->start_time = game_time();
  return row->start_time;
}

}  // namespace parkan::runtime
