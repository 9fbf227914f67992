// The JSON report of `parkan validate --json` (docs/cli.md).
#include "parkan/validate/validate_json.hpp"

#include "parkan/core/diagnostic_json.hpp"
#include "parkan/core/text.hpp"

namespace parkan::validate {

using nlohmann::json;

json validation_finding_json(const Diagnostic& d) {
  json out = diagnostic_json(d);
  if (!d.location.entry.empty()) out["entry"] = cp1251_to_utf8(d.location.entry);
  return out;
}

json validation_report_json(const ValidationReport& report) {
  json by_type = json::object();
  for (const auto& [type, c] : report.by_type)
    by_type[type] = {{"count", c.count}, {"ok", c.ok}, {"warnings", c.warnings}, {"errors", c.errors}};
  json findings = json::array();
  for (const Diagnostic& d : report.findings) findings.push_back(validation_finding_json(d));
  return {{"game", report.game},
          {"summary",
           {{"archives", report.archives},
            {"resources", report.resources},
            {"errors", report.totals.errors},
            {"warnings", report.totals.warnings},
            {"notes", report.totals.notes},
            {"skipped_files", report.skipped_files}}},
          {"by_type", std::move(by_type)},
          {"findings", std::move(findings)}};
}

}  // namespace parkan::validate
