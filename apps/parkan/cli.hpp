#pragma once
// Glue shared by the command groups: running a command body, error lines, JSON output.
#include <functional>
#include <span>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "parkan/core/diagnostic.hpp"
#include "parkan/core/diagnostic_json.hpp"
#include "parkan/core/error.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/resource/payload.hpp"

namespace parkan::cli {

// Options every command sees.
struct Globals {
  bool quiet = false;  // --quiet: no progress bar
};
Globals& globals();

// A command body returns its exit code (0, or 1 after printing the failed checks itself), or an
// Error that is printed as one line and mapped to its exit code.
using Body = std::function<Result<int>()>;

// Adds `name` under `parent`; when chosen, `body` runs and its exit code becomes the process's.
CLI::App* add_command(CLI::App& parent, const std::string& name, const std::string& description, Body body);

// "parkan: error: <error>" on stderr.
void print_error(const Error& error);
// One finding of a check command, "parkan: <severity>: <error>" on stderr (severity: error, warning,
// note); the command's summary goes to stdout.
void print_finding(const char* severity, const Error& error);
// Every check command reports the same way: each finding as "parkan: <severity>: <diagnostic>" on
// stderr (one line, control bytes escaped, the code in brackets), its summary on stdout, and with
// --json one document made by check_report_json (plus keys of its own).
void print_diagnostic(const Diagnostic& diagnostic);
void print_diagnostics(std::span<const Diagnostic> diagnostics);
// {"valid": no errors, "errors": N, "warnings": N, "notes": N, "findings": [diagnostic_json...]}
nlohmann::json check_report_json(std::span<const Diagnostic> diagnostics);
// The exit code of a check: 1 when any finding is an error, else 0.
int check_exit_code(std::span<const Diagnostic> diagnostics);
// "skies" for "sky", "maps" for "map": the noun's plural (English regular forms).
std::string plural(std::string_view noun);
// "1 error", "2 warnings": a count and a noun, plural when it is not 1.
std::string count_of(std::size_t n, const char* what);
// "N errors, N warnings[, N notes]", as every check command says it.
std::string counts_text(const SeverityCounts& counts);
// The runner of every check command (docs/cli.md 5.1). Each SRC is resolved by resource::resolve_source
// (files, ARCHIVE::NAME, ARCHIVE::#N, patterns, folders): one payload, which must be of `kind`
// (expect_kind), or a selection from an archive (its entries of `kind`). `check_one` gives the findings
// of one payload (not yet located); when empty, the kind's own checker does. Reports per source and in
// total: findings on stderr and a line per source on stdout, or with `as_json` one document
// (check_report_json + "files" + "<item>s"). Exit 3 when a source could not be read, else 1 when
// anything is an error, else 0.
using CheckOne = std::function<std::vector<Diagnostic>(const resource::Payload&)>;
using CheckSet = std::function<std::vector<Diagnostic>(std::size_t named_payloads)>;
struct CheckOptions {
  // The noun of the counts when the command's differs from the kind's item ("text": wear check).
  std::string_view item;
  // A line per payload instead of per source, and "per_<item>" in --json (msh and anim check: a model
  // file is itself an NRes, so the line names the model rather than the file).
  bool line_per_payload = false;
  // Findings about the whole set, from the number of sources that named one payload each.
  CheckSet check_set;
};
Result<int> run_payload_check(const std::vector<std::string>& srcs, const resource::Kind& kind,
                              const CheckOne& check_one, bool as_json, const CheckOptions& options = {});

// Exactly one JSON document on stdout.
void print_json(const nlohmann::json& document);

// The command groups, one file each.
void add_archive_commands(CLI::App& app);
void add_texm_commands(CLI::App& app);
void add_font_commands(CLI::App& app);
void add_mat0_commands(CLI::App& app);
void add_wear_commands(CLI::App& app);
void add_anim_commands(CLI::App& app);
void add_msh_commands(CLI::App& app);
void add_sample_commands(CLI::App& app);
void add_validate_commands(CLI::App& app);
void add_evidence_commands(CLI::App& app);
void add_runtime_commands(CLI::App& app);

void add_export_commands(CLI::App& app);
void add_import_commands(CLI::App& app);
void add_unit_commands(CLI::App& app);
void add_sound_commands(CLI::App& app);
void add_terrain_commands(CLI::App& app);
void add_mission_commands(CLI::App& app);
void add_effect_commands(CLI::App& app);
void add_sky_commands(CLI::App& app);
void add_view_commands(CLI::App& app);
}  // namespace parkan::cli
