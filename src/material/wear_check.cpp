// The editor's WEAR checks (docs/formats/wear.md 7.2), line by line, plus a comparison of the engine's
// two parsers so that a text both read the same way is the only one that passes.
#include <cctype>
#include <cstdlib>

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/material/codes.hpp"
#include "parkan/material/wear.hpp"

namespace parkan::material {

namespace {

struct Line {
  std::size_t offset;
  std::vector<std::string_view> tokens;
};

std::vector<Line> split_lines(ByteView text) {
  std::vector<Line> lines;
  std::string_view chars = as_chars(text);
  std::size_t start = 0;
  while (start <= chars.size()) {
    std::size_t end = chars.find('\n', start);
    if (end == std::string_view::npos) end = chars.size();
    Line line{start, {}};
    std::string_view body = chars.substr(start, end - start);
    std::size_t p = 0;
    while (p < body.size()) {
      while (p < body.size() && std::isspace(static_cast<unsigned char>(body[p]))) ++p;
      std::size_t q = p;
      while (q < body.size() && !std::isspace(static_cast<unsigned char>(body[q]))) ++q;
      if (q > p) line.tokens.push_back(body.substr(p, q - p));
      p = q;
    }
    lines.push_back(std::move(line));
    if (end == chars.size()) break;
    start = end + 1;
  }
  return lines;
}

bool is_int(std::string_view token) {
  std::size_t i = (!token.empty() && (token[0] == '-' || token[0] == '+')) ? 1 : 0;
  if (i == token.size()) return false;
  for (; i < token.size(); ++i)
    if (token[i] < '0' || token[i] > '9') return false;
  return true;
}

// One table's rules (docs/formats/wear.md 7.2); `name` ("material", "lightmap") is for messages.
struct TableRules {
  const char* name;
  const char* length;
  const char* count_text;
  const char* row;
  const char* row_text;
};
constexpr TableRules kMaterialRules{"material", codes::kWearMaterialsLength, codes::kWearMaterialsCountText,
                                    codes::kWearMaterialsRow, codes::kWearMaterialsRowText};
constexpr TableRules kLightmapRules{"lightmap", codes::kWearLightmapsLength, codes::kWearLightmapsCountText,
                                    codes::kWearLightmapsRow, codes::kWearLightmapsRowText};

class Checker {
 public:
  explicit Checker(ByteView text) : lines_(split_lines(text)) {}

  // A count line: one integer, above 0. Returns the count (0 when unusable).
  std::int64_t count_line(std::size_t& i, std::string_view engine_message, const char* what,
                          const TableRules& table) {
    if (i >= lines_.size() || lines_[i].tokens.empty() || !is_int(lines_[i].tokens[0])) {
      add(Severity::error, table.length, i, fmt::format("{} (no {} count)", engine_message, what));
      return 0;
    }
    // 64-bit on every platform (long is 32 bits on Windows): the same count, the same message.
    const std::int64_t count = std::strtoll(std::string(lines_[i].tokens[0]).c_str(), nullptr, 10);
    if (count <= 0)
      add(Severity::error, table.length, i, fmt::format("{} ({} count {})", engine_message, what, count));
    if (lines_[i].tokens.size() > 1)
      add(Severity::warning, table.count_text, i, fmt::format("text after the {} count is ignored", what));
    ++i;
    return count;
  }

  // `count` rows, one per line: "<int> <name>".
  bool rows(std::size_t& i, std::int64_t count, const TableRules& table) {
    for (std::int64_t r = 0; r < count; ++r, ++i) {
      if (i >= lines_.size() || lines_[i].tokens.size() < 2 || !is_int(lines_[i].tokens[0])) {
        add(Severity::error, table.row, std::min(i, lines_.size() - 1),
            fmt::format("{} row {} of {}: expected \"<legacy id> <name>\"", table.name, r + 1, count));
        return false;
      }
      if (lines_[i].tokens.size() > 2)
        add(Severity::warning, table.row_text, i, "text after the name is ignored");
    }
    return true;
  }

  std::size_t skip_blank(std::size_t i) const {
    while (i < lines_.size() && lines_[i].tokens.empty()) ++i;
    return i;
  }

  void run() {
    std::size_t i = 0;
    const std::int64_t count = count_line(i, kIllegalWearLength, "wear", kMaterialRules);
    if (count <= 0 || !rows(i, count, kMaterialRules)) return;
    std::size_t next = skip_blank(i);
    if (next == lines_.size()) return;
    const Line& marker = lines_[next];
    if (marker.tokens.size() != 1 || !is_lightmaps_marker(marker.tokens[0])) {
      add(Severity::error, codes::kWearMaterialsTrailing, next,
          fmt::format("unexpected text after the {} material rows (the engine ignores it)", count));
      return;
    }
    if (next == i)
      add(Severity::error, codes::kWearLightmapsSeparator, next,
          "no blank line before LIGHTMAPS (the buffer parser misreads the block)");
    i = next + 1;
    const std::int64_t lightmaps = count_line(i, kIllegalLightmapsLength, "lightmap", kLightmapRules);
    if (lightmaps <= 0 || !rows(i, lightmaps, kLightmapRules)) return;
    next = skip_blank(i);
    if (next != lines_.size())
      add(Severity::error, codes::kWearLightmapsTrailing, next,
          "unexpected text after the lightmap rows (the engine ignores it)");
  }

  std::vector<Diagnostic> take() { return std::move(findings_); }

 private:
  void add(Severity severity, std::string code, std::size_t line, std::string message) {
    std::size_t offset = line < lines_.size() ? lines_[line].offset : 0;
    add_diagnostic(findings_, severity, std::move(code), offset, fmt::format("line {}: {}", line + 1, message));
  }
  std::vector<Line> lines_;
  std::vector<Diagnostic> findings_;
};

}  // namespace

std::vector<Diagnostic> check_wear(ByteView text) {
  Checker checker(text);
  checker.run();
  std::vector<Diagnostic> findings = checker.take();
  auto file = parse_wear(text, WearParser::file);
  auto buffer = parse_wear(text, WearParser::buffer);
  if (file && buffer && !(*file == *buffer))
    add_diagnostic(findings, Severity::error, codes::kWearParsersDisagree, std::nullopt,
                   "the file and buffer parsers of the engine read this text differently");
  if (file && !buffer) {
    const Error& e = buffer.error();
    add_diagnostic(findings, Severity::error, codes::kWearParsersBuffer, e.offset, "the buffer parser fails: " + e.message);
  }
  if (!file && buffer) {
    const Error& e = file.error();
    add_diagnostic(findings, Severity::error, codes::kWearParsersFile, e.offset, "the file parser fails: " + e.message);
  }
  return findings;
}

Status check_wear_table_count(std::size_t tables) {
  if (tables >= kMaxWearTables)
    return invalid_rule(
        codes::kWearTablesCount,
        fmt::format("{} wear tables; the material manager holds 70 and tools require fewer than 70", tables));
  return {};
}

}  // namespace parkan::material
