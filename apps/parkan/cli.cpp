#include "cli.hpp"

#include <cstdio>
#include <iostream>

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/resource/archive.hpp"

namespace parkan::cli {

namespace {
int g_exit_code = 0;
}

int exit_code() { return g_exit_code; }

Globals& globals() {
  static Globals instance;
  return instance;
}

void print_error(const Error& error) {
  std::fprintf(stderr, "parkan: error: %s\n", error.to_string().c_str());
}

void print_finding(const char* severity, const Error& error) {
  std::fprintf(stderr, "parkan: %s: %s\n", severity, error.to_string().c_str());
}

void print_diagnostic(const Diagnostic& diagnostic) {
  std::fprintf(stderr, "parkan: %s: %s\n", severity_name(diagnostic.severity), diagnostic.to_string().c_str());
}

void print_diagnostics(std::span<const Diagnostic> diagnostics) {
  for (const Diagnostic& d : diagnostics) print_diagnostic(d);
}

nlohmann::json check_report_json(std::span<const Diagnostic> diagnostics) {
  SeverityCounts counts = count_severities(diagnostics);
  nlohmann::json findings = nlohmann::json::array();
  for (const Diagnostic& d : diagnostics) findings.push_back(diagnostic_json(d));
  return nlohmann::json{{"valid", counts.errors == 0}, {"errors", counts.errors}, {"warnings", counts.warnings},
                        {"notes", counts.notes}, {"findings", std::move(findings)}};
}

int check_exit_code(std::span<const Diagnostic> diagnostics) { return has_errors(diagnostics) ? 1 : 0; }

std::string plural(std::string_view noun) {
  // "sky" -> "skies", "entry" -> "entries"; "key", "day" keep the y (a vowel before it).
  if (noun.size() >= 2 && noun.back() == 'y' && std::string_view("aeiou").find(noun[noun.size() - 2]) == std::string_view::npos)
    return std::string(noun.substr(0, noun.size() - 1)) + "ies";
  return std::string(noun) + "s";
}

std::string count_of(std::size_t n, const char* what) { return fmt::format("{} {}", n, n == 1 ? std::string(what) : plural(what)); }

std::string counts_text(const SeverityCounts& counts) {
  std::string out = count_of(counts.errors, "error") + ", " + count_of(counts.warnings, "warning");
  if (counts.notes > 0) out += ", " + count_of(counts.notes, "note");
  return out;
}


void print_json(const nlohmann::json& document) {
  std::cout << document.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

CLI::App* add_command(CLI::App& parent, const std::string& name, const std::string& description, Body body) {
  CLI::App* command = parent.add_subcommand(name, description);
  command->callback([body = std::move(body)] {
    Result<int> result = body();
    if (result) {
      g_exit_code = *result;
    } else {
      print_error(result.error());
      g_exit_code = static_cast<int>(result.error().code);
    }
  });
  return command;
}

}  // namespace parkan::cli
