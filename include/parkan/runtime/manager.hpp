#pragma once
// World3D's material manager (docs/runtime.md 2; docs/formats/mat0.md 6, 5; docs/formats/wear.md; docs/runtime.md 9; docs/runtime.md): the wear tables and
// every vtable method of MatManager, over the state the engine keeps globally (library names, game
// time, palette bank, material pool, texture and lightmap caches, rand()). Here that state belongs to
// the manager, so two managers in one process never see each other.
//
// Calls the engine could not survive (a bad handle, a block past the material's blocks, a release of
// a free slot, a 71st table, a full pool) return an error and change nothing.
#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/material/sample.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/runtime/crt_random.hpp"
#include "parkan/runtime/material_pool.hpp"
#include "parkan/runtime/palette_bank.hpp"
#include "parkan/runtime/texture_cache.hpp"

namespace parkan::runtime {

enum class Library { textures, materials, lightmaps, palettes };
// SetTexturesLib, SetMaterialLib, SetLightMapLib, SetPalettesLib defaults (docs/runtime.md 2.2).
std::string_view default_library_name(Library library);
std::string_view library_word(Library library);  // "textures", "materials", "lightmaps", "palettes"

// Every message the manager logs, in order (the engine's texts, messages.hpp).
using LogSink = std::function<void(std::string_view message)>;
// Replaces the stored game time when set (the engine reads a global that SetGameTime writes).
using GameClock = std::function<std::uint32_t()>;

struct ManagerOptions {
  LogSink log;                     // none: messages are dropped
  material::RandomSource random;   // none: the manager's own CrtRandom (srand() seeds it)
  GameClock clock;                 // none: the time given to set_game_time()
  // The engine's EMBOSS_BUMP setting (with a device that can emboss): when on, attr1 bit 1 no longer
  // loads textures opaque (0x80000). Off as in the retail Iron_3D.ini (docs/runtime.md 6.3).
  bool emboss_bump = false;
};

// A handle names a wear row: (table << 16) | row (docs/runtime.md 3.2).
constexpr std::uint32_t make_handle(std::uint32_t table, std::uint32_t row) { return (table << 16) | (row & 0xFFFF); }

struct WearRowState {
  std::int32_t material = -1;    // pool slot; -1 when the material could not be loaded
  std::uint32_t start_time = 0;  // game time of the load; reset and mode 3 write it
};
struct WearTable {
  std::vector<WearRowState> rows;
  std::vector<std::int32_t> lightmaps;  // lightmap cache slots, -1 for one not found
};

// vtable 3 and 5: the selection, the row's start time after the call, the interpolated record and
// the texture name of the current key's phase (a view into the pooled material: valid until that
// material is released).
struct PhaseSample {
  material::Selection selection;
  std::uint32_t start_time = 0;
  material::PhaseRecord record;
  std::string_view texture_name;
};

struct MaterialLoad {
  std::size_t slot = 0;
  std::int32_t ref_count = 0;
  std::int32_t entry = 0;  // MAT0 entry index
};

// A texture or lightmap load: slot -1 when the name is bad, the entry is missing or unreadable, or
// the cache is full (the log says which).
struct TextureLoad {
  std::int32_t slot = -1;
  std::int32_t ref_count = 0;
  std::int32_t res_index = -1;
  int palette = -1;  // the index from the name (docs/formats/palettes.md 3.2), -1 when none
  std::shared_ptr<const TextureObject> object;  // null with slot -1
};

class MaterialManager {
 public:
  // Opens the game folder and loads the palette bank from the palettes library (a missing library or
  // PAL entry leaves an empty slot). Errors: the folder or an existing palettes library unreadable.
  static Result<MaterialManager> open(const std::filesystem::path& game_dir, ManagerOptions options = {});

  // ---- the engine's globals ----
  void set_library(Library library, std::string name);  // Set*Lib: the name only, checked when used
  const std::string& library(Library library) const { return libraries_[static_cast<std::size_t>(library)]; }
  // SetGameTime: stores the time and sweeps textures when kSweepIntervalMs have passed (uint32)
  // since the last sweep; returns the slots the sweep freed.
  std::size_t set_game_time(std::uint32_t time);
  std::uint32_t game_time() const { return clock_ ? clock_() : game_time_; }
  void srand(std::uint32_t seed) { crt_->seed(seed); }
  // The periodic sweep, now (does not move the last sweep time).
  std::size_t sweep_textures();
  // UnloadAllTextures: frees every texture slot whatever its count; returns how many were in use.
  std::size_t unload_all_textures();

  // ---- vtable (docs/runtime.md 3.1) ----
  // 1: releases every row's material and every lightmap row, empties the tables; the manager stays
  // usable and the next table is table 0.
  void destroy();
  // 2: PreLoadAllTextures does nothing in the engine.
  void preload_all_textures() {}
  // 3: the phase of block `block` of the row's material at the game time. Like the engine, the
  // sample can go into the caller's record (no copy of an error-or-value on the way: the hot path).
  Status phase_by_time(std::uint32_t handle, std::uint32_t block, PhaseSample& out);
  Result<PhaseSample> phase_by_time(std::uint32_t handle, std::uint32_t block);
  // 4: the row's start time becomes the game time; returns it.
  Result<std::uint32_t> reset_start_time(std::uint32_t handle);
  // 5: the phase at normalized time t (outside [0, 1]: 0.5).
  Status phase_by_t(std::uint32_t handle, std::uint32_t block, float t, PhaseSample& out);
  Result<PhaseSample> phase_by_t(std::uint32_t handle, std::uint32_t block, float t);
  // 6: a WEAR text from a game-relative reference (ARCHIVE::NAME, or a file in the game folder), read
  // by the file parser. 7: a WEAR text in memory, read by the buffer parser. Both return the new
  // table's index. A text that does not parse adds no table and changes nothing (its message is
  // logged and returned); a 71st table is refused.
  Result<std::size_t> load_wear(std::string_view reference);
  Result<std::size_t> load_wear_buffer(ByteView text);
  // 8: the lightmap cache slot of a table's lightmap row (-1 for one that was not found).
  Result<std::int32_t> lightmap(std::uint32_t table, std::uint32_t row) const;
  // 9: the row's material metadata.
  Result<MaterialMeta> meta(std::uint32_t handle);
  // 10: the number of material rows of a table.
  Result<std::size_t> wear_count(std::uint32_t table) const;

  // ---- the loaders under the vtable ----
  // A material by name with the engine's fallbacks (docs/formats/mat0.md 6), into the pool.
  Result<MaterialLoad> load_material(std::string_view name);
  Result<std::int32_t> release_material(std::int64_t slot);
  // sub_10004B10 / sub_10004CB0. Errors only for a library that exists but cannot be read.
  Result<TextureLoad> load_texture(std::string_view name, std::uint32_t load_flags = 0);
  Result<TextureLoad> load_lightmap(std::string_view name);
  Result<std::int32_t> release_texture(std::int64_t slot);
  Result<std::int32_t> release_lightmap(std::int64_t slot);

  // ---- inspection ----
  const std::vector<WearTable>& tables() const { return tables_; }
  const MaterialPool& materials() const { return pool_; }
  const TextureCache& textures() const { return textures_; }
  const TextureCache& lightmaps() const { return lightmaps_; }
  const PaletteBank& palettes() const { return palettes_; }
  std::uint32_t last_sweep_time() const { return last_sweep_time_; }
  resource::Game& game() { return game_; }

 private:
  MaterialManager(resource::Game game, ManagerOptions options);
  void log(std::string_view message) const;
  // The library's archive; null when the game folder has no such file.
  Result<std::shared_ptr<const resource::Archive>> open_library(Library library);
  Result<std::size_t> add_table(const material::Wear& wear);
  Result<std::size_t> load_wear_text(ByteView text, material::WearParser parser);
  Result<TextureLoad> load_into(TextureCache& cache, Library library, std::string_view name, std::uint32_t flags);
  void release_phase_textures(const std::vector<material::PhaseRecord>& phases);
  Result<WearRowState*> row_of(std::uint32_t handle);
  WearRowState* find_row(std::uint32_t handle) {
    const std::uint32_t table = handle >> 16, row = handle & 0xFFFF;
    return table < tables_.size() && row < tables_[table].rows.size() ? &tables_[table].rows[row] : nullptr;
  }
  Result<const PooledMaterial*> material_of(std::uint32_t handle);
  Status sample(std::uint32_t handle, std::uint32_t block, bool by_t, float t, PhaseSample& out);

  resource::Game game_;
  ManagerOptions options_;
  GameClock clock_;
  std::array<std::string, 4> libraries_;
  std::uint32_t game_time_ = 0;
  std::uint32_t last_sweep_time_ = 0;
  // Shared with random_, so that the manager can move.
  std::shared_ptr<CrtRandom> crt_ = std::make_shared<CrtRandom>();
  material::RandomSource random_;  // options.random, or crt_
  PaletteBank palettes_;
  MaterialPool pool_;
  TextureCache textures_{CacheKind::textures};
  TextureCache lightmaps_{CacheKind::lightmaps};
  std::vector<WearTable> tables_;
};

}  // namespace parkan::runtime
