#pragma once
// The JSON report of `parkan validate --json` (docs/cli.md): game, summary, by_type, findings.
#include <nlohmann/json.hpp>

#include "parkan/core/diagnostic.hpp"
#include "parkan/validate/validate.hpp"

namespace parkan::validate {

// One finding: diagnostic_json with the entry name as UTF-8 (stored names are cp1251).
nlohmann::json validation_finding_json(const Diagnostic& finding);

nlohmann::json validation_report_json(const ValidationReport& report);

}  // namespace parkan::validate
