// parkan wear parse|check|canonical (cli.md "mat0 and wear"). Glue only: the parsers live in
// parkan/material/wear.hpp.
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/text.hpp"
#include "parkan/game/resource.hpp"
#include "parkan/material/wear.hpp"

namespace parkan::cli {

namespace {

using nlohmann::json;

// The engine's "Wear <%s> doesn't exist." when the file or the entry cannot be opened (8.3).
Result<game::Resource> open_wear(const std::string& src) {
  auto resource = game::open_resource(src);
  if (resource) return resource;
  Error e = std::move(resource).error();
  game::ResourceRef ref = game::parse_resource_ref(src);
  bool missing_entry = e.code == ErrorCode::invalid_input && (ref.name || ref.index) && e.offset == std::nullopt &&
                       e.message.starts_with("no entry");
  if (e.code == ErrorCode::io || missing_entry) {
    std::string name = ref.name ? *ref.name : ref.index ? fmt::format("#{}", *ref.index) : ref.path;
    e.message = material::wear_not_found_message(name) + " (" + e.message + ")";
  }
  return e;
}

json rows_json(const std::vector<material::WearRow>& rows) {
  json out = json::array();
  for (const material::WearRow& r : rows) out.push_back({{"legacy_id", r.legacy_id}, {"name", cp1251_to_utf8(r.name)}});
  return out;
}

const std::map<std::string, material::WearParser> kParsers = {{"file", material::WearParser::file},
                                                               {"buffer", material::WearParser::buffer}};

}  // namespace

void add_wear_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("wear", "WEAR texts: the engine's two parsers, checks, canonical text");
  group->require_subcommand(1);

  {
    auto src = std::make_shared<std::string>();
    auto mode = std::make_shared<material::WearParser>(material::WearParser::file);
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(*group, "parse", "parse a WEAR text with one of the engine's two parsers",
                                [=]() -> Result<int> {
                                  PARKAN_ASSIGN(game::Resource r, open_wear(*src));
                                  auto wear = material::parse_wear(r.bytes, *mode);
                                  if (!wear) return r.locate(std::move(wear).error());
                                  if (*as_json) {
                                    print_json({{"materials", rows_json(wear->materials)},
                                                {"lightmaps", rows_json(wear->lightmaps)},
                                                {"has_lightmaps_block", wear->has_lightmaps}});
                                    return 0;
                                  }
                                  std::cout << fmt::format("{} materials\n", wear->materials.size());
                                  for (std::size_t i = 0; i < wear->materials.size(); ++i)
                                    std::cout << fmt::format("  row {}: {} (legacy id {})\n", i,
                                                             cp1251_to_utf8(wear->materials[i].name),
                                                             wear->materials[i].legacy_id);
                                  if (wear->has_lightmaps) {
                                    std::cout << fmt::format("{} lightmaps\n", wear->lightmaps.size());
                                    for (std::size_t i = 0; i < wear->lightmaps.size(); ++i)
                                      std::cout << fmt::format("  row {}: {} (legacy id {})\n", i,
                                                               cp1251_to_utf8(wear->lightmaps[i].name),
                                                               wear->lightmaps[i].legacy_id);
                                  }
                                  return 0;
                                });
    cmd->add_option("SRC", *src, "a WEAR text, ARCHIVE::NAME.wea or ARCHIVE::#N")->required();
    cmd->add_option("--mode", *mode, "file (sub_10003B10, default) or buffer (sub_10003F80)")
        ->transform(CLI::CheckedTransformer(kParsers, CLI::ignore_case));
    cmd->add_flag("--json", *as_json, "one JSON document");
  }
  {
    auto srcs = std::make_shared<std::vector<std::string>>();
    CLI::App* cmd = add_command(*group, "check",
                                "the editor's checks (counts, rows, the separator before LIGHTMAPS, both parsers "
                                "agree) for each text, and fewer than 70 tables in all; exit 1 on errors",
                                [=]() -> Result<int> {
                                  bool failed = false;
                                  for (const std::string& src : *srcs) {
                                    PARKAN_ASSIGN(game::Resource r, open_wear(src));
                                    auto findings = material::check_wear(r.bytes);
                                    for (const material::Finding& f : findings) {
                                      print_finding(f.severity == material::Severity::error ? "error" : "warning",
                                                    r.locate(f.error));
                                    }
                                    if (findings.empty()) std::cout << src << ": ok\n";
                                    failed |= material::has_errors(findings);
                                  }
                                  if (auto tables = material::check_wear_table_count(srcs->size()); !tables) {
                                    print_finding("error", tables.error());
                                    failed = true;
                                  }
                                  return failed ? 1 : 0;
                                });
    cmd->add_option("SRC", *srcs, "WEAR texts (each one table of the material manager)")->required();
  }
  {
    auto src = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>();
    CLI::App* cmd = add_command(*group, "canonical",
                                "rewrite a WEAR text canonically: count line, rows, blank line, LIGHTMAPS block",
                                [=]() -> Result<int> {
                                  PARKAN_ASSIGN(game::Resource r, open_wear(*src));
                                  auto wear = material::parse_wear(r.bytes, material::WearParser::file);
                                  if (!wear) return r.locate(std::move(wear).error());
                                  PARKAN_TRY(write_file_atomic(*out, material::write_wear_canonical(*wear), {r.path}));
                                  return 0;
                                });
    cmd->add_option("SRC", *src, "a WEAR text, ARCHIVE::NAME.wea or ARCHIVE::#N")->required();
    cmd->add_option("OUT", *out, "the text file to write")->required();
  }
}

}  // namespace parkan::cli
