// Replaying trace calls against a manager, one JSON result per call (docs/runtime.md 11).
#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/material/json.hpp"
#include "parkan/runtime/trace.hpp"

namespace parkan::runtime {

using nlohmann::ordered_json;

namespace {

ordered_json table_json(const MaterialManager& manager, std::size_t index) {
  const WearTable& table = manager.tables()[index];
  ordered_json rows = ordered_json::array();
  for (const WearRowState& row : table.rows) rows.push_back({{"material", row.material}, {"start_time", row.start_time}});
  return {{"table", index},
          {"wear_count", table.rows.size()},
          {"lightmap_count", table.lightmaps.size()},
          {"rows", std::move(rows)},
          {"lightmaps", table.lightmaps}};
}

ordered_json phase_json(const PhaseSample& sample) {
  ordered_json phase(material::record_to_json(sample.record, sample.texture_name));
  phase["texture_slot"] = sample.record.texture_slot;
  return {{"key", sample.selection.key},
          {"next", sample.selection.next},
          {"alpha", float_for_json(sample.selection.alpha)},
          {"start_time", sample.start_time},
          {"phase", std::move(phase)}};
}

ordered_json texture_json(const TextureLoad& load) {
  if (load.slot < 0) return {{"slot", -1}};
  return {{"slot", load.slot},
          {"ref_count", load.ref_count},
          {"res_index", load.res_index},
          {"palette", load.palette},
          {"width", load.object->load.width},
          {"height", load.object->load.height},
          {"mip_skip", load.object->load.mip_skip}};
}

// The call's own keys, or the error that stopped it.
Result<ordered_json> run(MaterialManager& manager, const TraceCall& call) {
  const std::uint32_t* n = call.numbers;
  switch (call.op) {
    case TraceOp::set_lib:
      manager.set_library(call.library, call.text);
      return ordered_json::object();
    case TraceOp::set_game_time: return ordered_json{{"swept", manager.set_game_time(n[0])}};
    case TraceOp::srand:
      manager.srand(n[0]);
      return ordered_json::object();
    case TraceOp::load_wear: {
      PARKAN_ASSIGN(std::size_t table, manager.load_wear(call.text));
      return table_json(manager, table);
    }
    case TraceOp::load_wear_buffer: {
      PARKAN_ASSIGN(resource::Payload text, manager.game().get(call.text));
      PARKAN_ASSIGN(std::size_t table, manager.load_wear_buffer(text.bytes()));
      return table_json(manager, table);
    }
    case TraceOp::phase: {
      PARKAN_ASSIGN(PhaseSample sample, manager.phase_by_time(n[0], n[1]));
      return phase_json(sample);
    }
    case TraceOp::phase_t: {
      PARKAN_ASSIGN(PhaseSample sample, manager.phase_by_t(n[0], n[1], call.t));
      return phase_json(sample);
    }
    case TraceOp::reset: {
      PARKAN_ASSIGN(std::uint32_t start, manager.reset_start_time(n[0]));
      return ordered_json{{"start_time", start}};
    }
    case TraceOp::lightmap: {
      PARKAN_ASSIGN(std::int32_t slot, manager.lightmap(n[0], n[1]));
      if (slot < 0) return ordered_json{{"slot", -1}};
      const TextureObject& object = *manager.lightmaps().slots()[static_cast<std::size_t>(slot)].object;
      return ordered_json{{"slot", slot},
                          {"width", object.load.width},
                          {"height", object.load.height},
                          {"format", object.texture.header.format}};
    }
    case TraceOp::meta: {
      PARKAN_ASSIGN(MaterialMeta m, manager.meta(n[0]));
      return ordered_json{{"meta_a", m.meta_a}, {"meta_b", m.meta_b},         {"meta_c", m.meta_c},
                          {"meta_d", m.meta_d}, {"flag_a", m.flag_a},         {"nibble_mode", m.nibble_mode},
                          {"flag_b", m.flag_b}};
    }
    case TraceOp::wear_count: {
      PARKAN_ASSIGN(std::size_t count, manager.wear_count(n[0]));
      return ordered_json{{"wear_count", count}};
    }
    case TraceOp::load_material: {
      PARKAN_ASSIGN(MaterialLoad load, manager.load_material(call.text));
      return ordered_json{{"slot", load.slot}, {"ref_count", load.ref_count}, {"entry", load.entry}};
    }
    case TraceOp::release_material: {
      PARKAN_ASSIGN(std::int32_t count, manager.release_material(call.slot));
      return ordered_json{{"ref_count", count}};
    }
    case TraceOp::load_texture: {
      PARKAN_ASSIGN(TextureLoad load, manager.load_texture(call.text, n[0]));
      return texture_json(load);
    }
    case TraceOp::load_lightmap: {
      PARKAN_ASSIGN(TextureLoad load, manager.load_lightmap(call.text));
      return texture_json(load);
    }
    case TraceOp::release_texture: {
      PARKAN_ASSIGN(std::int32_t count, manager.release_texture(call.slot));
      return ordered_json{{"ref_count", count}};
    }
    case TraceOp::release_lightmap: {
      PARKAN_ASSIGN(std::int32_t count, manager.release_lightmap(call.slot));
      return ordered_json{{"ref_count", count}};
    }
    case TraceOp::sweep: return ordered_json{{"swept", manager.sweep_textures()}};
    case TraceOp::unload_all_textures: return ordered_json{{"freed", manager.unload_all_textures()}};
    case TraceOp::destroy:
      manager.destroy();
      return ordered_json::object();
    case TraceOp::state:
      return ordered_json{{"materials", manager.materials().in_use()},
                          {"textures", manager.textures().in_use()},
                          {"lightmaps", manager.lightmaps().in_use()},
                          {"tables", manager.tables().size()}};
  }
  return invalid("unknown trace call");
}

}  // namespace

Result<TraceReplayer> TraceReplayer::open(const std::filesystem::path& game_dir, ManagerOptions options) {
  auto messages = std::make_shared<std::vector<std::string>>();
  LogSink outer = std::move(options.log);
  options.log = [messages, outer](std::string_view message) {
    messages->emplace_back(message);
    if (outer) outer(message);
  };
  PARKAN_ASSIGN(MaterialManager manager, MaterialManager::open(game_dir, std::move(options)));
  return TraceReplayer(std::move(manager), std::move(messages));
}

TraceOutcome TraceReplayer::run(const TraceCall& call) {
  messages_->clear();
  Result<ordered_json> keys = runtime::run(manager_, call);
  TraceOutcome out;
  out.result = {{"line", call.line}, {"op", trace_op_word(call.op)}, {"messages", *messages_}};
  if (!keys) {
    out.library_unreadable = keys.error().code == ErrorCode::io;
    out.result["error"] = escape_control(keys.error().to_string());
    return out;
  }
  for (auto& [key, value] : keys->items()) out.result[key] = std::move(value);
  return out;
}

std::string trace_result_text(const ordered_json& result) {
  std::string text = fmt::format("{} {}:", result.value("line", 0), result.value("op", std::string()));
  for (const auto& [key, value] : result.items()) {
    if (key == "line" || key == "op" || key == "messages") continue;
    text += fmt::format(" {}={}", key, value.is_string() ? value.get<std::string>() : value.dump());
  }
  for (const auto& message : result["messages"]) text += fmt::format(" | {}", message.get<std::string>());
  return text;
}

}  // namespace parkan::runtime
