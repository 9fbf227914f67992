#include "parkan/core/diagnostic.hpp"

#include <fmt/format.h>

#include "parkan/core/text.hpp"

namespace parkan {

const char* severity_name(Severity severity) {
  switch (severity) {
    case Severity::error: return "error";
    case Severity::warning: return "warning";
    case Severity::note: return "note";
  }
  return "error";
}

std::string Diagnostic::to_string() const {
  Error as_error{ErrorCode::invalid_input, message, code, location.file, location.entry, location.offset};
  std::string out = as_error.to_string();
  if (!code.empty()) out += fmt::format(" [{}]", escape_control(code));
  return out;
}

Diagnostic to_diagnostic(const Error& error, std::string_view fallback_code) {
  return Diagnostic{error.rule.empty() ? std::string(fallback_code) : error.rule, Severity::error,
                    Location{error.file, error.entry, error.offset}, error.message};
}

bool has_errors(std::span<const Diagnostic> diagnostics) {
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Severity::error) return true;
  return false;
}

SeverityCounts count_severities(std::span<const Diagnostic> diagnostics) {
  SeverityCounts counts;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity == Severity::error) ++counts.errors;
    else if (d.severity == Severity::warning) ++counts.warnings;
    else ++counts.notes;
  }
  return counts;
}

void locate_all(std::vector<Diagnostic>& diagnostics, std::string_view file, std::string_view entry) {
  for (Diagnostic& d : diagnostics) {
    if (d.location.file.empty()) d.location.file = file;
    if (d.location.entry.empty()) d.location.entry = entry;
  }
}

}  // namespace parkan
