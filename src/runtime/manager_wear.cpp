// vtable 6 and 7: WEAR texts into wear tables (docs/formats/wear.md; docs/runtime.md 5,
// "Start times").
#include <fmt/format.h>

#include "parkan/runtime/limits.hpp"
#include "parkan/runtime/manager.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/runtime/messages.hpp"

namespace parkan::runtime {

Result<std::size_t> MaterialManager::load_wear(std::string_view reference) {
  auto payload = game_.get(reference);
  if (!payload) {
    // The engine names what it was asked to open (the entry, not our ARCHIVE:: prefix); the reason
    // (no such file or entry) is in the error.
    std::string message = material::wear_not_found_message(resource::parse_reference(reference).target());
    log(message);
    return invalid(fmt::format("{} ({})", message, payload.error().to_string()));
  }
  return load_wear_text(payload->bytes(), material::WearParser::file);
}

Result<std::size_t> MaterialManager::load_wear_buffer(ByteView text) {
  return load_wear_text(text, material::WearParser::buffer);
}

Result<std::size_t> MaterialManager::load_wear_text(ByteView text, material::WearParser parser) {
  auto wear = material::parse_wear(text, parser);
  if (!wear) {
    // The engine's message ("Illegal wear length.", ...) starts the parser's; nothing is loaded.
    const Error& e = wear.error();
    for (std::string_view engine : {material::kIllegalWearLength, material::kIllegalLightmapsLength})
      if (e.message.starts_with(engine)) log(engine);
    return std::move(wear).error();
  }
  return add_table(*wear);
}

Result<std::size_t> MaterialManager::add_table(const material::Wear& wear) {
  // The engine has no check and would write past its 70 tables (docs/formats/wear.md 5).
  if (tables_.size() >= kWearTableCapacity)
    return invalid(fmt::format("a wear table {} would be past the manager's {} tables", tables_.size() + 1,
                               kWearTableCapacity));
  WearTable table;
  auto undo = [this, &table](Error error) -> Result<std::size_t> {
    for (const WearRowState& row : table.rows)
      if (row.material >= 0) (void)release_material(row.material);
    for (std::int32_t slot : table.lightmaps)
      if (slot >= 0) (void)release_lightmap(slot);
    return error;
  };
  const std::uint32_t now = game_time();
  for (const material::WearRow& row : wear.materials) {
    auto loaded = load_material(row.name);
    if (loaded) {
      table.rows.push_back({static_cast<std::int32_t>(loaded->slot), now});
      continue;
    }
    // A full pool or an unreadable library stops the load; a material that cannot be read leaves
    // its row empty (logged by load_material).
    if (loaded.error().code == ErrorCode::io || loaded.error().message == kMaterialPoolFull)
      return undo(std::move(loaded).error());
    table.rows.push_back({-1, now});
  }
  for (const material::WearRow& row : wear.lightmaps) {
    auto loaded = load_lightmap(row.name);
    if (!loaded) return undo(std::move(loaded).error());
    table.lightmaps.push_back(loaded->slot);
  }
  tables_.push_back(std::move(table));
  return tables_.size() - 1;
}

}  // namespace parkan::runtime
