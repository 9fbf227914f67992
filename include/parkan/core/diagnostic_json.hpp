#pragma once
// A diagnostic as JSON (docs/cli.md): {"severity", "code", "file", "entry" (null for a whole file),
// "offset" (null when none), "message"}.
#include <nlohmann/json.hpp>

#include "parkan/core/diagnostic.hpp"

namespace parkan {

nlohmann::json diagnostic_json(const Diagnostic& diagnostic);

}  // namespace parkan
