// parkan evidence GAME_DIR [--json] [--threads N]: the counts that confirm or refute each reading that
// rests on outside evidence (docs/evidence.md). Only counts are printed, never a name or a byte of
// content, so the output can be shared.
#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/evidence/evidence.hpp"

namespace parkan::cli {

void add_evidence_commands(CLI::App& app) {
  struct Flags {
    std::string game;
    bool json = false;
    unsigned threads = 0;
  };
  auto flags = std::make_shared<Flags>();
  CLI::App* command = add_command(
      app, "evidence",
      "count, over an installed game, what confirms or refutes each reading that rests on outside evidence (counts "
      "only: shareable)",
      [=]() -> Result<int> {
        evidence::EvidenceOptions options;
        options.threads = flags->threads;
        PARKAN_ASSIGN(evidence::Report report, evidence::gather_evidence(path_from_utf8(flags->game), options));
        if (flags->json)
          print_json(evidence::report_json(report));
        else
          fmt::print("{}", evidence::report_table(report));
        return 0;  // a verdict is a finding, not a failure
      });
  command->add_option("GAME_DIR", flags->game, "the game folder (subfolders included)")->required();
  command->add_flag("--json", flags->json, "one JSON document on stdout instead of the table");
  command->add_option("--threads", flags->threads, "threads to count with (default: every core)");
}

}  // namespace parkan::cli
