// parkan runtime replay (docs/cli.md 8; docs/runtime.md 11). Glue only: the trace parser and
// the replay live in parkan/runtime/trace.hpp.
#include <iostream>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/runtime/trace.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::cli {

void add_runtime_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("runtime", "the engine's material manager as a library, driven by traces");
  group->require_subcommand(1);

  auto trace_path = std::make_shared<std::string>();
  auto game_dir = std::make_shared<std::string>();
  auto as_json = std::make_shared<bool>(false);
  CLI::App* cmd = add_command(
      *group, "replay",
      "run a trace of material-manager calls (one per line, see the README) against the game in --game, with a "
      "result per line: text, or one JSON object per line with --json. Exit 2 for a line that is not a call "
      "(nothing runs), 3 when the game folder or one of its libraries cannot be read",
      [=]() -> Result<int> {
        PARKAN_ASSIGN(ByteBuffer text, read_file(path_from_utf8(*trace_path)));
        auto calls = runtime::parse_trace(as_chars(text));
        if (!calls) return std::move(calls).error().in_file(*trace_path);
        PARKAN_ASSIGN(runtime::TraceReplayer replayer, runtime::TraceReplayer::open(path_from_utf8(*game_dir)));
        bool unreadable = false;
        for (const runtime::TraceCall& call : *calls) {
          runtime::TraceOutcome outcome = replayer.run(call);
          if (outcome.library_unreadable) {  // also on stderr: the replay will exit 3
            print_error(io_error(fmt::format("trace line {}: {}", call.line, outcome.result["error"].get<std::string>()),
                                 *trace_path));
            unreadable = true;
          }
          if (*as_json)
            std::cout << outcome.result.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
          else
            std::cout << runtime::trace_result_text(outcome.result) << '\n';
        }
        return unreadable ? 3 : 0;
      });
  cmd->add_option("TRACE", *trace_path, "the trace: a text file of calls")->required();
  cmd->add_option("--game", *game_dir, "the game folder whose libraries the manager opens")->required();
  cmd->add_flag("--json", *as_json, "one JSON object per result line");
}

}  // namespace parkan::cli
