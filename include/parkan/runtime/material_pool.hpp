#pragma once
// The material pool (700 slots, docs/runtime.md 4.3; docs/formats/mat0.md 2-3.4; docs/runtime.md 6): one slot
// per MAT0 entry of the materials library, shared by every load of that entry, counted.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "parkan/core/error.hpp"
#include "parkan/material/model.hpp"
#include "parkan/material/phase_record.hpp"
#include "parkan/material/sample.hpp"
#include "parkan/texm/decode.hpp"

namespace parkan::runtime {

// vtable 9's answer (docs/runtime.md 4.3 dwords 85..91).
struct MaterialMeta {
  std::uint32_t meta_a = 0, meta_b = 0, meta_c = 0, meta_d = 0;
  bool flag_a = false;
  std::uint32_t nibble_mode = 0;
  bool flag_b = false;
  bool operator==(const MaterialMeta&) const = default;
};

struct PooledMaterial {
  std::int32_t entry = -1;  // MAT0 entry index in the materials library; -1: free
  std::int32_t ref_count = 0;
  std::string name;         // the entry's name, as stored
  material::Mat0 mat;
  std::vector<material::PhaseRecord> phases;  // the 76-byte records, texture slots filled in
  // One per animation block: the sampler's view of the block, or why it cannot be sampled.
  std::vector<Result<material::Timeline>> timelines;
  MaterialMeta meta;
  std::uint32_t texture_load_flags = 0;  // material::phase_texture_load_flags of the entry's attr1
  bool in_use() const { return entry >= 0; }
};

class MaterialPool {
 public:
  MaterialPool();
  // Timelines view the keys of their slot's material: a pool moves, it is never copied.
  MaterialPool(const MaterialPool&) = delete;
  MaterialPool& operator=(const MaterialPool&) = delete;
  MaterialPool(MaterialPool&&) = default;
  MaterialPool& operator=(MaterialPool&&) = default;
  std::size_t capacity() const { return slots_.size(); }
  std::span<const PooledMaterial> slots() const { return slots_; }
  const PooledMaterial& slot(std::size_t index) const { return slots_[index]; }
  std::size_t in_use() const;
  // The slot holding MAT0 entry `entry`, if any.
  std::optional<std::size_t> find(std::int32_t entry) const;
  std::optional<std::size_t> lowest_free() const;
  std::int32_t add_reference(std::size_t slot) { return ++slots_[slot].ref_count; }
  // Takes a free slot with count 1. `phases` already carry their texture slots, loaded with
  // `texture_load_flags`.
  void fill(std::size_t slot, std::int32_t entry, std::string name, material::Mat0 mat,
            std::vector<material::PhaseRecord> phases, std::uint32_t texture_load_flags);
  // Count - 1; at 0 the slot is freed and its records are handed back (their texture slots are the
  // caller's to release). Errors (nothing changes): out of range, free.
  Result<std::int32_t> release(std::int64_t slot, std::vector<material::PhaseRecord>* freed_phases);

 private:
  std::vector<PooledMaterial> slots_;
  std::vector<std::int32_t> slot_of_entry_;  // entry index -> slot, -1: none (grows on demand)
};

// The MAT0 attr1 bits to vtable 9's flags (docs/formats/mat0.md 2) plus the version prefix values.
MaterialMeta material_meta(const material::Mat0& mat);

// Texture load flags (docs/runtime.md 6.3; World3D 0x10004441).
inline constexpr std::uint32_t kLoadFlagTextureStage1 = material::kTextureLoadFlag;  // attr1 bit 0: the texture goes to stage 1
inline constexpr std::uint32_t kLoadFlagOpaque = texm::kLoadFlagOpaque;  // attr1 bit 1: the texture loads opaque (docs/formats/texm.md 6.4)

}  // namespace parkan::runtime
