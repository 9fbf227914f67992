#pragma once
// Glue shared by the command groups: running a command body, error lines, JSON output.
#include <functional>
#include <span>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"
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
// {"severity", "code", "file", "entry" (null for a whole file), "offset" (null when none), "message"}
nlohmann::json diagnostic_json(const Diagnostic& diagnostic);
// {"valid": no errors, "errors": N, "warnings": N, "notes": N, "findings": [diagnostic_json...]}
nlohmann::json check_report_json(std::span<const Diagnostic> diagnostics);
// The exit code of a check: 1 when any finding is an error, else 0.
int check_exit_code(std::span<const Diagnostic> diagnostics);
// "<what>: <count> <noun>, N errors, N warnings[, N notes]" on stdout.
void print_check_summary(const std::string& what, std::size_t count, const char* noun,
                         std::span<const Diagnostic> diagnostics);

// What a check command's SRC names: one payload (a bare file, or ARCHIVE::NAME / ARCHIVE::#N, which
// must have type `type_id`), or, for a whole archive, every entry of that type in it.
Result<std::vector<resource::Payload>> payloads_of_type(const std::string& src, std::uint32_t type_id,
                                                        std::string_view kind);

// Exactly one JSON document on stdout.
void print_json(const nlohmann::json& document);

// The command groups, one file each.
void add_archive_commands(CLI::App& app);
void add_texm_commands(CLI::App& app);
void add_mat0_commands(CLI::App& app);
void add_wear_commands(CLI::App& app);
void add_anim_commands(CLI::App& app);
void add_sample_commands(CLI::App& app);

}  // namespace parkan::cli
