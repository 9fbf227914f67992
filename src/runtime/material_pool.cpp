// The material pool (docs/runtime.md 4.3; docs/formats/mat0.md 2; docs/runtime.md 6).
#include "parkan/runtime/material_pool.hpp"

#include <fmt/format.h>

#include "parkan/runtime/limits.hpp"

namespace parkan::runtime {

MaterialMeta material_meta(const material::Mat0& mat) {
  const material::RuntimeFlags flags = material::decode_runtime_flags(mat.attributes.attr1);
  return {mat.meta_a, mat.meta_b, mat.meta_c, mat.meta_d, flags.flag_a, flags.category, flags.flag_b};
}

MaterialPool::MaterialPool() : slots_(kMaterialPoolCapacity) {}

std::size_t MaterialPool::in_use() const {
  std::size_t n = 0;
  for (const PooledMaterial& m : slots_) n += m.in_use() ? 1 : 0;
  return n;
}

std::optional<std::size_t> MaterialPool::find(std::int32_t entry) const {
  if (entry < 0 || static_cast<std::size_t>(entry) >= slot_of_entry_.size()) return std::nullopt;
  const std::int32_t slot = slot_of_entry_[static_cast<std::size_t>(entry)];
  if (slot < 0) return std::nullopt;
  return static_cast<std::size_t>(slot);
}

std::optional<std::size_t> MaterialPool::lowest_free() const {
  for (std::size_t i = 0; i < slots_.size(); ++i)
    if (!slots_[i].in_use()) return i;
  return std::nullopt;
}

void MaterialPool::fill(std::size_t slot, std::int32_t entry, std::string name, material::Mat0 mat,
                        std::vector<material::PhaseRecord> phases, std::uint32_t texture_load_flags) {
  PooledMaterial& m = slots_[slot];
  m.entry = entry;
  m.ref_count = 1;
  m.name = std::move(name);
  m.mat = std::move(mat);
  m.phases = std::move(phases);
  m.meta = material_meta(m.mat);
  m.texture_load_flags = texture_load_flags;
  // Timelines view m.mat's keys: made after the move, and the slot never moves (fixed vector).
  m.timelines.clear();
  for (std::size_t b = 0; b < m.mat.blocks.size(); ++b) m.timelines.push_back(material::Timeline::make(m.mat, b));
  const auto index = static_cast<std::size_t>(entry);
  if (index >= slot_of_entry_.size()) slot_of_entry_.resize(index + 1, -1);
  slot_of_entry_[index] = static_cast<std::int32_t>(slot);
}

Result<std::int32_t> MaterialPool::release(std::int64_t slot, std::vector<material::PhaseRecord>* freed_phases) {
  if (slot < 0 || static_cast<std::uint64_t>(slot) >= slots_.size())
    return invalid(fmt::format("no material slot {} (the pool has {})", slot, slots_.size()));
  PooledMaterial& m = slots_[static_cast<std::size_t>(slot)];
  if (!m.in_use()) return invalid(fmt::format("material slot {} is free", slot));
  if (--m.ref_count > 0) return m.ref_count;
  if (freed_phases) *freed_phases = std::move(m.phases);
  slot_of_entry_[static_cast<std::size_t>(m.entry)] = -1;
  m = PooledMaterial{};
  return 0;
}

}  // namespace parkan::runtime
