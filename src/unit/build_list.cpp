// BuildDat.lst, the list of building schemes (docs/formats/unit.md 5).
#include "parkan/unit/build_list.hpp"

#include <fmt/format.h>

#include <charconv>
#include <nlohmann/json.hpp>
#include <set>

#include "parkan/core/text.hpp"
#include "parkan/unit/codes.hpp"

namespace parkan::unit {

namespace {

struct BuildListLine {
  std::string_view text;  // without the line end, leading and trailing blanks
  std::uint64_t offset = 0;
};

bool build_list_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::vector<BuildListLine> build_list_lines(std::string_view text) {
  std::vector<BuildListLine> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::size_t first = start, last = end;
    while (first < last && build_list_blank(text[first])) ++first;
    while (last > first && build_list_blank(text[last - 1])) --last;
    const std::string_view line = text.substr(first, last - first);
    if (!line.empty() && !line.starts_with("//") && !line.starts_with(';') && !line.starts_with('#'))
      lines.push_back({line, first});
    start = end + 1;
  }
  return lines;
}

Error build_list_error(const char* code, std::uint64_t offset, std::string message) {
  return invalid_rule(code, std::move(message), offset);
}

}  // namespace

std::optional<std::uint32_t> build_scheme_class(std::string_view name) {
  for (const BuildScheme& scheme : kBuildSchemes)
    if (fold_lower_text(scheme.name) == fold_lower_text(name)) return scheme.class_word;
  return std::nullopt;
}

Result<BuildList> read_build_list(ByteView bytes) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const std::vector<BuildListLine> lines = build_list_lines(text);
  BuildList list;
  for (std::size_t i = 0; i < lines.size();) {
    const BuildListLine& header = lines[i++];
    const std::size_t space = header.text.find_first_of(" \t");
    if (header.text.front() == '"' || space == std::string_view::npos)
      return build_list_error(codes::kBuildListLine, header.offset,
                              fmt::format("\"{}\" is no section header (a name and a count)",
                                          escape_control(cp1251_to_utf8(header.text))));
    std::string_view number = header.text.substr(space);
    while (!number.empty() && build_list_blank(number.front())) number.remove_prefix(1);
    BuildListSection section;
    section.name = std::string(header.text.substr(0, space));
    section.offset = header.offset;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), section.count);
    if (ec != std::errc() || end != number.data() + number.size() || section.count > kBuildListMaxCount)
      return build_list_error(codes::kBuildListCount, header.offset + (number.data() - header.text.data()),
                              fmt::format("section {}: \"{}\" is no count of 0 to {}",
                                          escape_control(cp1251_to_utf8(section.name)),
                                          escape_control(cp1251_to_utf8(number)), kBuildListMaxCount));
    for (std::uint32_t k = 0; k < section.count; ++k) {
      if (i == lines.size())
        return build_list_error(codes::kBuildListShort, bytes.size(),
                                fmt::format("section {} names {} of its {} paths before the end of the file",
                                            escape_control(cp1251_to_utf8(section.name)), k, section.count));
      const BuildListLine& line = lines[i];
      if (line.text.size() < 2 || line.text.front() != '"' || line.text.back() != '"') {
        if (line.text.front() != '"')
          return build_list_error(codes::kBuildListShort, line.offset,
                                  fmt::format("section {} names {} of its {} paths before the next section",
                                              escape_control(cp1251_to_utf8(section.name)), k, section.count));
        return build_list_error(codes::kBuildListLine, line.offset,
                                fmt::format("{} is no quoted path", escape_control(cp1251_to_utf8(line.text))));
      }
      section.paths.push_back({std::string(line.text.substr(1, line.text.size() - 2)), line.offset});
      ++i;
    }
    list.sections.push_back(std::move(section));
  }
  return list;
}

std::vector<Diagnostic> check_build_list(ByteView bytes) {
  auto list = read_build_list(bytes);
  if (!list) return {to_diagnostic(list.error(), codes::kBuildListLine)};
  std::vector<Diagnostic> findings;
  std::set<std::uint32_t> seen;
  for (const BuildListSection& s : list->sections) {
    const std::optional<std::uint32_t> type = build_scheme_class(s.name);
    if (!type) {
      add_diagnostic(findings, Severity::warning, codes::kBuildListScheme, s.offset,
                     fmt::format("section {} is none of the twelve building schemes",
                                 escape_control(cp1251_to_utf8(s.name))));
    } else if (!seen.insert(*type).second) {
      add_diagnostic(findings, Severity::warning, codes::kBuildListDuplicate, s.offset,
                     fmt::format("section {} names the same building type as an earlier one",
                                 escape_control(cp1251_to_utf8(s.name))));
    }
  }
  return findings;
}

nlohmann::json build_list_json(const BuildList& list) {
  nlohmann::json sections = nlohmann::json::array();
  for (const BuildListSection& s : list.sections) {
    nlohmann::json paths = nlohmann::json::array();
    for (const BuildListPath& p : s.paths) paths.push_back(cp1251_to_utf8(p.path));
    const std::optional<std::uint32_t> type = build_scheme_class(s.name);
    sections.push_back({{"name", cp1251_to_utf8(s.name)},
                        {"count", s.count},
                        {"class_word", type ? nlohmann::json(*type) : nlohmann::json(nullptr)},
                        {"paths", std::move(paths)}});
  }
  return {{"sections", std::move(sections)}};
}

}  // namespace parkan::unit
