// MatManager's state and its small vtable methods (docs/runtime.md 2, 3, 4, 3.3,
// "Sweep", "Destroy").
#include "parkan/runtime/manager.hpp"

#include <fmt/format.h>

#include "parkan/runtime/limits.hpp"

namespace parkan::runtime {

std::string_view default_library_name(Library library) {
  switch (library) {
    case Library::textures: return "Textures.lib";
    case Library::materials: return "Material.lib";
    case Library::lightmaps: return "LightMap.lib";
    case Library::palettes: return "palettes.lib";
  }
  return "";
}

std::string_view library_word(Library library) {
  switch (library) {
    case Library::textures: return "textures";
    case Library::materials: return "materials";
    case Library::lightmaps: return "lightmaps";
    case Library::palettes: return "palettes";
  }
  return "";
}

MaterialManager::MaterialManager(resource::Game game, ManagerOptions options)
    : game_(std::move(game)), options_(std::move(options)), clock_(options_.clock) {
  random_ = options_.random;
  if (!random_) random_ = [crt = crt_] { return crt->next(); };
  for (Library l : {Library::textures, Library::materials, Library::lightmaps, Library::palettes})
    libraries_[static_cast<std::size_t>(l)] = std::string(default_library_name(l));
}

Result<MaterialManager> MaterialManager::open(const std::filesystem::path& game_dir, ManagerOptions options) {
  auto game = resource::Game::open(game_dir);
  if (!game) {
    Error e = std::move(game).error();
    e.code = ErrorCode::io;
    return e;
  }
  MaterialManager manager(std::move(*game), std::move(options));
  PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> palettes, manager.open_library(Library::palettes));
  manager.palettes_ = load_palette_bank(std::move(palettes));
  return manager;
}

void MaterialManager::log(std::string_view message) const {
  if (options_.log) options_.log(message);
}

void MaterialManager::set_library(Library library, std::string name) {
  libraries_[static_cast<std::size_t>(library)] = std::move(name);
}

Result<std::shared_ptr<const resource::Archive>> MaterialManager::open_library(Library library) {
  const std::string& name = libraries_[static_cast<std::size_t>(library)];
  if (!game_.find_file(name)) return std::shared_ptr<const resource::Archive>();
  auto archive = game_.archive(name);
  if (!archive) {
    // A library that is there but cannot be read stops a replay (exit 3), unlike a missing one.
    Error e = std::move(archive).error();
    e.code = ErrorCode::io;
    return e;
  }
  return std::move(*archive);
}

std::size_t MaterialManager::set_game_time(std::uint32_t time) {
  game_time_ = time;
  if (static_cast<std::uint32_t>(time - last_sweep_time_) < kSweepIntervalMs) return 0;
  last_sweep_time_ = time;
  return textures_.sweep(time);
}

std::size_t MaterialManager::sweep_textures() { return textures_.sweep(game_time()); }

std::size_t MaterialManager::unload_all_textures() { return textures_.unload_all(); }

void MaterialManager::destroy() {
  for (const WearTable& table : tables_) {
    for (const WearRowState& row : table.rows)
      if (row.material >= 0) (void)release_material(row.material);
    for (std::int32_t slot : table.lightmaps)
      if (slot >= 0) (void)release_lightmap(slot);
  }
  tables_.clear();
}

Result<WearRowState*> MaterialManager::row_of(std::uint32_t handle) {
  if (WearRowState* found = find_row(handle)) return found;
  const std::uint32_t table = handle >> 16, row = handle & 0xFFFF;
  if (table >= tables_.size())
    return invalid(fmt::format("handle 0x{:08X} names table {}, and {} tables are loaded", handle, table, tables_.size()));
  std::vector<WearRowState>& rows = tables_[table].rows;
  if (row >= rows.size())
    return invalid(fmt::format("handle 0x{:08X} names row {} of table {}, which has {} rows", handle, row, table,
                               rows.size()));
  return &rows[row];
}

Result<const PooledMaterial*> MaterialManager::material_of(std::uint32_t handle) {
  PARKAN_ASSIGN(WearRowState * row, row_of(handle));
  if (row->material < 0)
    return invalid(fmt::format("handle 0x{:08X} names a row whose material could not be loaded", handle));
  return &pool_.slot(static_cast<std::size_t>(row->material));
}

Result<MaterialMeta> MaterialManager::meta(std::uint32_t handle) {
  PARKAN_ASSIGN(const PooledMaterial* m, material_of(handle));
  return m->meta;
}

Result<std::size_t> MaterialManager::wear_count(std::uint32_t table) const {
  if (table >= tables_.size()) return invalid(fmt::format("no wear table {} ({} loaded)", table, tables_.size()));
  return tables_[table].rows.size();
}

Result<std::int32_t> MaterialManager::lightmap(std::uint32_t table, std::uint32_t row) const {
  if (table >= tables_.size()) return invalid(fmt::format("no wear table {} ({} loaded)", table, tables_.size()));
  const std::vector<std::int32_t>& rows = tables_[table].lightmaps;
  if (row >= rows.size())
    return invalid(fmt::format("table {} has {} lightmap rows, no row {}", table, rows.size(), row));
  return rows[row];
}

}  // namespace parkan::runtime
