#include "parkan/core/json_text.hpp"

#include <fmt/format.h>

namespace parkan {

namespace {

// Line and column (both from 1) of the byte at `position` (nlohmann counts bytes read, so the
// offending byte is the one before it).
std::pair<std::size_t, std::size_t> line_and_column(std::string_view text, std::size_t position) {
  const std::size_t at = std::min(position == 0 ? 0 : position - 1, text.size());
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < at; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

// "syntax error while parsing value - invalid literal; last read: 'x'" out of nlohmann's message.
std::string_view what_of(std::string_view message) {
  const std::size_t colon = message.find(": ");
  return colon == std::string_view::npos ? message : message.substr(colon + 2);
}

}  // namespace

Result<nlohmann::json> parse_json_text(std::string_view text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    auto [line, column] = line_and_column(text, e.byte);
    return invalid_rule(json_text::codes::kJsonSyntax,
                        fmt::format("invalid JSON at line {}, column {}: {}", line, column, what_of(e.what())));
  }
}

}  // namespace parkan
