// The engine's two WEAR parsers (docs/formats/wear.md 3, 4.1), emulated over a byte view.
#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/material/codes.hpp"
#include "parkan/material/wear.hpp"

namespace parkan::material {

namespace {

// C isspace in the "C" locale: what scanf skips.
constexpr bool is_space(std::uint8_t c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// The cursor of a scanf-family call over the text.
class Scanner {
 public:
  explicit Scanner(ByteView text) : text_(text) {}
  std::size_t pos() const { return pos_; }
  void set_pos(std::size_t pos) { pos_ = pos; }

  void skip_space() {
    while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
  }
  // %d: optional sign, decimal digits accumulated with uint32 wrap-around like the CRT's loop.
  std::optional<std::int32_t> scan_int() {
    skip_space();
    std::size_t p = pos_;
    bool negative = false;
    if (p < text_.size() && (text_[p] == '+' || text_[p] == '-')) negative = text_[p++] == '-';
    std::uint32_t value = 0;
    std::size_t digits = 0;
    while (p < text_.size() && text_[p] >= '0' && text_[p] <= '9') {
      value = value * 10u + static_cast<std::uint32_t>(text_[p++] - '0');
      ++digits;
    }
    if (digits == 0) return std::nullopt;
    pos_ = p;
    return static_cast<std::int32_t>(negative ? 0u - value : value);
  }
  // %s: the next run of non-space bytes.
  std::optional<std::string> scan_token() {
    skip_space();
    std::size_t p = pos_;
    while (p < text_.size() && !is_space(text_[p]) && text_[p] != 0) ++p;
    if (p == pos_) return std::nullopt;
    std::string out(reinterpret_cast<const char*>(text_.data()) + pos_, p - pos_);
    pos_ = p;
    return out;
  }
  // The buffer parser's step: past the next '\n' from `from` (or the end).
  std::size_t after_line(std::size_t from) const {
    while (from < text_.size() && text_[from] != '\n') ++from;
    return from < text_.size() ? from + 1 : from;
  }
  std::size_t line_of(std::size_t offset) const {
    std::size_t line = 1;
    for (std::size_t i = 0; i < offset && i < text_.size(); ++i) line += text_[i] == '\n';
    return line;
  }

 private:
  ByteView text_;
  std::size_t pos_ = 0;
};


// `table` ("material", "lightmap") is for the message; `rule` is the table's row code.
Result<WearRow> read_row(Scanner& s, const char* table, const char* rule, std::size_t index, std::size_t count) {
  std::size_t start = s.pos();
  auto legacy = s.scan_int();
  auto name = legacy ? s.scan_token() : std::nullopt;
  if (!legacy || !name) {
    s.set_pos(start);
    s.skip_space();
    std::size_t line = s.line_of(s.pos());
    return invalid_rule(
        rule,
        fmt::format("line {}: {} row {} of {}: expected \"<legacy id> <name>\"", line, table, index + 1, count),
        s.pos());
  }
  return WearRow{*legacy, std::move(*name)};
}

Result<std::int32_t> read_count(Scanner& s, std::string_view engine_message, const char* what, const char* rule) {
  s.skip_space();
  std::size_t at = s.pos();
  auto count = s.scan_int();
  if (!count)
    return invalid_rule(rule, fmt::format("{} (line {}: no {} count)", engine_message, s.line_of(at), what), at);
  if (*count <= 0)
    return invalid_rule(rule, fmt::format("{} (line {}: {} count {})", engine_message, s.line_of(at), what, *count),
                        at);
  return *count;
}

// A count is at least 1 and every row takes at least two bytes ("0 X" has 3 plus a separator), so a
// count above the text's size can never be satisfied; cap the reservation, never the loop.
void reserve_rows(std::vector<WearRow>& rows, std::int32_t count, std::size_t text_size) {
  rows.reserve(std::min<std::size_t>(static_cast<std::size_t>(count), text_size / 2 + 1));
}

}  // namespace

// Both parsers compare the token after the rows with "LIGHTMAPS", ASCII case-insensitive (docs/formats/wear.md 3).
bool is_lightmaps_marker(std::string_view token) {
  if (token.size() != kLightmapsMarker.size()) return false;
  for (std::size_t i = 0; i < token.size(); ++i)
    if (fold_upper(static_cast<unsigned char>(token[i])) != static_cast<unsigned char>(kLightmapsMarker[i]))
      return false;
  return true;
}

Result<Wear> parse_wear(ByteView text, WearParser parser) {
  Scanner s(text);
  Wear wear;
  const bool buffer = parser == WearParser::buffer;
  auto next_line = [&](std::size_t line_start) {
    if (buffer) s.set_pos(s.after_line(line_start));
  };

  std::size_t line_start = s.pos();
  PARKAN_ASSIGN(std::int32_t count, read_count(s, kIllegalWearLength, "wear", codes::kWearMaterialsLength));
  next_line(line_start);
  reserve_rows(wear.materials, count, text.size());
  for (std::int32_t i = 0; i < count; ++i) {
    line_start = s.pos();
    PARKAN_ASSIGN(WearRow row, read_row(s, "material", codes::kWearMaterialsRow, static_cast<std::size_t>(i), static_cast<std::size_t>(count)));
    wear.materials.push_back(std::move(row));
    next_line(line_start);
  }

  line_start = s.pos();
  auto token = s.scan_token();
  if (!token || !is_lightmaps_marker(*token)) return wear;  // the rest is not read
  wear.has_lightmaps = true;
  if (buffer) {
    // The buffer parser (sub_10003F80): two skips to the end of a line from where the rows ended: over the blank
    // separator and the LIGHTMAPS line, or, without the separator, over LIGHTMAPS and the count line.
    s.set_pos(s.after_line(s.after_line(line_start)));
  }
  line_start = s.pos();
  PARKAN_ASSIGN(std::int32_t lightmap_count,
                read_count(s, kIllegalLightmapsLength, "lightmap", codes::kWearLightmapsLength));
  next_line(line_start);
  reserve_rows(wear.lightmaps, lightmap_count, text.size());
  for (std::int32_t i = 0; i < lightmap_count; ++i) {
    line_start = s.pos();
    PARKAN_ASSIGN(WearRow row,
                  read_row(s, "lightmap", codes::kWearLightmapsRow, static_cast<std::size_t>(i), static_cast<std::size_t>(lightmap_count)));
    wear.lightmaps.push_back(std::move(row));
    next_line(line_start);
  }
  return wear;
}

std::string wear_not_found_message(std::string_view name) { return fmt::format("Wear <{}> doesn't exist.", name); }

}  // namespace parkan::material
