#pragma once
// Traces of material manager calls (docs/runtime.md 11): one call per line, replayed against
// a MaterialManager, one JSON result per line.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "parkan/core/error.hpp"
#include "parkan/runtime/manager.hpp"

namespace parkan::runtime {

enum class TraceOp {
  set_lib, set_game_time, srand, load_wear, load_wear_buffer, phase, phase_t, reset, lightmap, meta,
  wear_count, load_material, release_material, load_texture, load_lightmap, release_texture,
  release_lightmap, sweep, unload_all_textures, destroy, state,
};
std::string_view trace_op_word(TraceOp op);  // "load-wear", ...

struct TraceCall {
  std::size_t line = 0;  // 1-based line in the trace
  TraceOp op = TraceOp::state;
  Library library = Library::textures;  // set-lib
  std::string text;                     // set-lib NAME, a REF or a NAME
  std::uint32_t numbers[3] = {0, 0, 0}; // numeric arguments in order (handle, block, table, row, ...)
  std::int64_t slot = 0;                // release-*: any integer, checked by the manager
  float t = 0.0f;                       // phase-t
};

// Every line checked before anything runs: an unknown call or wrong arguments is a usage error
// naming the line ("trace line 3: phase needs HANDLE BLOCK").
Result<std::vector<TraceCall>> parse_trace(std::string_view text);

struct TraceOutcome {
  nlohmann::ordered_json result;     // "line", "op", "messages", then "error" or the call's keys
  bool library_unreadable = false;  // a library could not be read (replay exit 3)
};

// A manager whose log is collected per call, and the calls run against it.
class TraceReplayer {
 public:
  // The manager over `game_dir` (its palette bank loaded). Errors: the folder or the palettes
  // library cannot be read.
  static Result<TraceReplayer> open(const std::filesystem::path& game_dir, ManagerOptions options = {});
  TraceOutcome run(const TraceCall& call);
  MaterialManager& manager() { return manager_; }

 private:
  TraceReplayer(MaterialManager manager, std::shared_ptr<std::vector<std::string>> messages)
      : manager_(std::move(manager)), messages_(std::move(messages)) {}
  MaterialManager manager_;
  std::shared_ptr<std::vector<std::string>> messages_;
};

// One text line for a result: "3 phase: key 1, next 2, alpha 0.5, ..." (keys in result order).
std::string trace_result_text(const nlohmann::ordered_json& result);

}  // namespace parkan::runtime
