// Trace lines to calls (docs/runtime.md 11): every line is checked before any runs.
#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/runtime/trace.hpp"

namespace parkan::runtime {

namespace {

// Each call's word and its arguments: N a number (uint32, decimal or 0x hex), S a slot (any integer),
// T a float, W a word (name, reference), L a library word; '?' makes the rest optional.
struct OpShape {
  TraceOp op;
  std::string_view word;
  std::string_view args;
  std::string_view usage;
};
constexpr OpShape kShapes[] = {
    {TraceOp::set_lib, "set-lib", "LW", "set-lib textures|materials|lightmaps|palettes NAME"},
    {TraceOp::set_game_time, "set-game-time", "N", "set-game-time T"},
    {TraceOp::srand, "srand", "N", "srand S"},
    {TraceOp::load_wear, "load-wear", "W", "load-wear REF"},
    {TraceOp::load_wear_buffer, "load-wear-buffer", "W", "load-wear-buffer REF"},
    {TraceOp::phase, "phase", "NN", "phase HANDLE BLOCK"},
    {TraceOp::phase_t, "phase-t", "NNT", "phase-t HANDLE BLOCK T"},
    {TraceOp::reset, "reset", "N", "reset HANDLE"},
    {TraceOp::lightmap, "lightmap", "NN", "lightmap TABLE ROW"},
    {TraceOp::meta, "meta", "N", "meta HANDLE"},
    {TraceOp::wear_count, "wear-count", "N", "wear-count TABLE"},
    {TraceOp::load_material, "load-material", "W", "load-material NAME"},
    {TraceOp::release_material, "release-material", "S", "release-material SLOT"},
    {TraceOp::load_texture, "load-texture", "W?N", "load-texture NAME [FLAGS]"},
    {TraceOp::load_lightmap, "load-lightmap", "W", "load-lightmap NAME"},
    {TraceOp::release_texture, "release-texture", "S", "release-texture SLOT"},
    {TraceOp::release_lightmap, "release-lightmap", "S", "release-lightmap SLOT"},
    {TraceOp::sweep, "sweep", "", "sweep"},
    {TraceOp::unload_all_textures, "unload-all-textures", "", "unload-all-textures"},
    {TraceOp::destroy, "destroy", "", "destroy"},
    {TraceOp::state, "state", "", "state"},
};

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) fields.push_back(line.substr(start, i - start));
  }
  return fields;
}

// Decimal or 0x hex, with an optional '-' when `allow_negative`.
std::optional<std::int64_t> parse_integer(std::string_view text, bool allow_negative) {
  bool negative = false;
  if (allow_negative && !text.empty() && text[0] == '-') {
    negative = true;
    text.remove_prefix(1);
  }
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  }
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value > 0xFFFFFFFFull) return std::nullopt;
  return negative ? -static_cast<std::int64_t>(value) : static_cast<std::int64_t>(value);
}

std::optional<float> parse_float(std::string_view text) {
  float value = 0.0f;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<Library> parse_library(std::string_view word) {
  for (Library l : {Library::textures, Library::materials, Library::lightmaps, Library::palettes})
    if (library_word(l) == word) return l;
  return std::nullopt;
}

Result<TraceCall> parse_line(std::size_t line_number, const std::vector<std::string_view>& fields) {
  const OpShape* shape = nullptr;
  for (const OpShape& s : kShapes)
    if (s.word == fields[0]) shape = &s;
  if (!shape)
    return usage_error(fmt::format("trace line {}: \"{}\" is not a call of the trace format", line_number,
                                   escape_control(fields[0])));
  auto wrong = [&](std::string_view what) {
    return usage_error(fmt::format("trace line {}: {} (usage: {})", line_number, what, shape->usage));
  };
  TraceCall call;
  call.line = line_number;
  call.op = shape->op;
  std::size_t arg = 1, number = 0;
  bool optional = false;
  for (char kind : shape->args) {
    if (kind == '?') {
      optional = true;
      continue;
    }
    if (arg >= fields.size()) {
      if (optional) break;
      return wrong("too few arguments");
    }
    std::string_view field = fields[arg++];
    switch (kind) {
      case 'N': {
        std::optional<std::int64_t> v = parse_integer(field, false);
        if (!v) return wrong(fmt::format("\"{}\" is not a number from 0 to 4294967295", escape_control(field)));
        call.numbers[number++] = static_cast<std::uint32_t>(*v);
        break;
      }
      case 'S': {
        std::optional<std::int64_t> v = parse_integer(field, true);
        if (!v) return wrong(fmt::format("\"{}\" is not a slot number", escape_control(field)));
        call.slot = *v;
        break;
      }
      case 'T': {
        std::optional<float> v = parse_float(field);
        if (!v) return wrong(fmt::format("\"{}\" is not a number", escape_control(field)));
        call.t = *v;
        break;
      }
      case 'L': {
        std::optional<Library> l = parse_library(field);
        if (!l) return wrong(fmt::format("\"{}\" is not a library", escape_control(field)));
        call.library = *l;
        break;
      }
      default: call.text = std::string(field); break;
    }
  }
  if (arg < fields.size()) return wrong("too many arguments");
  return call;
}

}  // namespace

std::string_view trace_op_word(TraceOp op) {
  for (const OpShape& s : kShapes)
    if (s.op == op) return s.word;
  return "?";
}

Result<std::vector<TraceCall>> parse_trace(std::string_view text) {
  std::vector<TraceCall> calls;
  std::size_t line_number = 0;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::vector<std::string_view> fields = split_fields(line);
    if (fields.empty() || fields[0].starts_with('#')) continue;
    PARKAN_ASSIGN(TraceCall call, parse_line(line_number, fields));
    calls.push_back(std::move(call));
  }
  return calls;
}

}  // namespace parkan::runtime
