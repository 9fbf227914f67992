#pragma once
// Parsing a JSON text that a person wrote: the error says the line and column, on one line.
#include <string_view>

#include <nlohmann/json.hpp>

#include "parkan/core/error.hpp"

namespace parkan {

// invalid_rule("json.syntax", "invalid JSON at line L, column C: <what>") when the text is not JSON.
Result<nlohmann::json> parse_json_text(std::string_view text);

}  // namespace parkan
