#pragma once
// The one diagnostic type: what a check finds. Every checker (archive verify, texm, mat0, wear,
// anim, and later msh and validate) returns these; the CLI prints them one way.
//
// A diagnostic has a stable `code` naming the rule (`<format>.<part>.<rule>`, e.g.
// `nres.sort_table.order`, `texm.page.size`): tests and scripts match on it, so a code never changes
// meaning once released. The message says the same thing for a person.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/error.hpp"

namespace parkan {

enum class Severity : std::uint8_t { error, warning, note };

// "error", "warning", "note".
const char* severity_name(Severity severity);

// Where a finding is: the file, the archive entry (empty for the whole file) and the byte offset
// (inside the file, or inside the entry's payload when `entry` is set).
struct Location {
  std::string file;
  std::string entry;
  std::optional<std::uint64_t> offset;
};

struct Diagnostic {
  std::string code;   // stable rule code, e.g. "mat0.phase.texture_name"
  Severity severity = Severity::error;
  Location location;
  std::string message;  // one line, names the element and the rule

  // "<file>[::<entry>]: <message> [at offset 0x<hex>] [<code>]" with control bytes escaped (one line).
  std::string to_string() const;
};

// A parse error as a finding (severity error, the error's rule code, or `fallback_code` when the
// error has none).
Diagnostic to_diagnostic(const Error& error, std::string_view fallback_code);

bool has_errors(std::span<const Diagnostic> diagnostics);

struct SeverityCounts {
  std::size_t errors = 0, warnings = 0, notes = 0;
};
SeverityCounts count_severities(std::span<const Diagnostic> diagnostics);

// Fills in the file and entry of findings made by a parser of one payload (inner context wins), as
// Error::in_file / in_entry do for one error.
void locate_all(std::vector<Diagnostic>& diagnostics, std::string_view file, std::string_view entry = {});

// Collects findings with a printf-like message: `sink.add(Severity::warning, codes::kMat0PhaseTextureName,
// offset, "phase {}: ...", p)` lives in each checker; this is the plain push.
inline void add_diagnostic(std::vector<Diagnostic>& out, Severity severity, std::string code,
                           std::optional<std::uint64_t> offset, std::string message) {
  out.push_back(Diagnostic{std::move(code), severity, Location{{}, {}, offset}, std::move(message)});
}

}  // namespace parkan
