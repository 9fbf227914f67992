// parkan validate GAME_DIR [--json REPORT.json] [--threads N] [--errors N]
#include <algorithm>
#include <iostream>
#include <vector>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/progress.hpp"
#include "parkan/core/text.hpp"
#include "parkan/validate/validate.hpp"
#include "parkan/validate/validate_json.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::cli {

namespace {

using nlohmann::json;

void print_validation_summary(const validate::ValidationReport& report, std::size_t shown_in_full) {
  fmt::print("{}: {}, {}", report.game, count_of(report.archives, "archive"), count_of(report.resources, "resource"));
  if (report.skipped_files) fmt::print(" ({} not a resource)", count_of(report.skipped_files, "file"));
  fmt::print("\n\n{:<10} {:>7} {:>7} {:>9} {:>7}\n", "type", "count", "ok", "warnings", "errors");
  for (const auto& [type, c] : report.by_type)
    fmt::print("{:<10} {:>7} {:>7} {:>9} {:>7}\n", escape_control(type), c.count, c.ok, c.warnings, c.errors);
  fmt::print("\n{}\n", counts_text(report.totals));
  std::fflush(stdout);  // the summary first, then the findings on stderr
  // Every finding as the check commands print it (docs/cli.md 1.4): errors first, then warnings, then
  // notes, each in the report's order; the first `shown_in_full`, then a count of the rest.
  std::vector<const Diagnostic*> ordered;
  for (const Severity severity : {Severity::error, Severity::warning, Severity::note})
    for (const Diagnostic& d : report.findings)
      if (d.severity == severity) ordered.push_back(&d);
  const std::size_t shown = std::min(ordered.size(), shown_in_full);
  for (std::size_t i = 0; i < shown; ++i) print_diagnostic(*ordered[i]);
  if (ordered.size() > shown)
    fmt::print(stderr, "parkan: {} (the JSON report lists every finding)\n",
               count_of(ordered.size() - shown, "more finding"));
}

}  // namespace

void add_validate_commands(CLI::App& app) {
  struct Flags {
    std::string game;
    std::string report;
    std::string base;
    unsigned threads = 0;
    std::size_t shown_in_full = 20;
  };
  auto flags = std::make_shared<Flags>();
  CLI::App* command = add_command(
      app, "validate", "every archive and resource of a game through every check, then the references between them",
      [=]() -> Result<int> {
        std::optional<Progress> bar;
        std::size_t drawn = 0;
        validate::ValidateOptions options;
        options.threads = flags->threads;
        options.base = path_from_utf8(flags->base);
        options.progress = [&](std::size_t done, std::size_t total) {
          if (!bar) bar.emplace("validate", total, !globals().quiet);
          if (done > drawn) bar->advance(done - drawn), drawn = done;
        };
        PARKAN_ASSIGN(validate::ValidationReport report, validate::validate_game(path_from_utf8(flags->game), options));
        if (bar) bar->finish();
        if (!flags->report.empty()) {
          const std::string text = validate::validation_report_json(report).dump(1, ' ', false, json::error_handler_t::replace) + "\n";
          PARKAN_TRY(write_file_atomic(path_from_utf8(flags->report), as_bytes(text)));
        }
        print_validation_summary(report, flags->shown_in_full);
        return report.totals.errors ? 1 : 0;
      });
  command->add_option("GAME_DIR", flags->game, "the game folder: an installed game, or a mod laid out as one")->required();
  command->add_option("--json", flags->report, "write the whole report as JSON to this file");
  command->add_option("--base", flags->base,
                      "an installed game to check a mod against: what the mod's own files do not hold is looked "
                      "up in the game's archives of the same name");
  command->add_option("--threads", flags->threads, "threads to check with (default: every core)");
  command->add_option("--errors", flags->shown_in_full, "findings to print in full, errors first (default 20)");
}

}  // namespace parkan::cli
