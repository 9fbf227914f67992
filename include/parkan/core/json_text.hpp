#pragma once
// Parsing a JSON text that a person wrote: the error says the line and column, on one line.
#include <string_view>

#include <nlohmann/json.hpp>

#include "parkan/core/error.hpp"

namespace parkan {

namespace json_text::codes {
// The text is not JSON (docs/formats/mat0.md 8.4, docs/cli.md 11.2).
inline constexpr const char* kJsonSyntax = "json.syntax";
}  // namespace json_text::codes

// invalid_rule(json_text::codes::kJsonSyntax, "invalid JSON at line L, column C: <what>") when the text is not JSON.
Result<nlohmann::json> parse_json_text(std::string_view text);

}  // namespace parkan
