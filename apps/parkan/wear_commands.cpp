// parkan wear parse|check|canonical (docs/cli.md 10.3). Glue only: the parsers live in
// parkan/material/wear.hpp, opening in parkan/resource.
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/text.hpp"
#include "parkan/material/codes.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/payload.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::cli {

namespace {

using nlohmann::json;

// The engine's "Wear <%s> doesn't exist." when the file or the entry cannot be opened (8.3); an entry
// of another type says what it is.
Result<resource::Payload> open_wear(const std::string& src) {
  auto payload = resource::open_payload(src);
  if (payload) {
    PARKAN_TRY(resource::expect_kind(*payload, *resource::find_kind("wear")));
    return payload;
  }
  Error e = std::move(payload).error();
  resource::Reference ref = resource::parse_reference(src);
  bool missing_entry = e.rule == "resource.entry.name" || e.rule == "resource.entry.index";
  if (e.code == ErrorCode::io || missing_entry) {
    e.message = material::wear_not_found_message(ref.target()) + " (" + e.message + ")";
  }
  return e;
}

void print_rows(const char* what, const std::vector<material::WearRow>& rows) {
  std::cout << fmt::format("{} {}\n", rows.size(), what);
  for (std::size_t i = 0; i < rows.size(); ++i)
    std::cout << fmt::format("  row {}: {} (legacy id {})\n", i, escape_control(cp1251_to_utf8(rows[i].name)),
                             rows[i].legacy_id);
}

const std::map<std::string, material::WearParser> kParsers = {{"file", material::WearParser::file},
                                                              {"buffer", material::WearParser::buffer}};

constexpr const char* kWearSrcHelp = "a WEAR text file, or ARCHIVE::NAME.wea (ARCHIVE::#N) for a text in an archive";

}  // namespace

void add_wear_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("wear", "WEAR texts: the engine's two parsers, checks, canonical text");
  group->require_subcommand(1);

  {
    auto src = std::make_shared<std::string>();
    auto mode = std::make_shared<std::string>("file");
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd =
        add_command(*group, "parse", "parse a WEAR text with one of the engine's two parsers", [=]() -> Result<int> {
          PARKAN_ASSIGN(resource::Payload r, open_wear(*src));
          PARKAN_ASSIGN(material::Wear wear, r.parse(material::parse_wear, kParsers.at(*mode)));
          if (*as_json) {
            print_json(material::wear_to_json(wear));
            return 0;
          }
          print_rows("materials", wear.materials);
          if (wear.has_lightmaps) print_rows("lightmaps", wear.lightmaps);
          return 0;
        });
    cmd->add_option("SRC", *src, kWearSrcHelp)->required();
    cmd->add_option("--mode", *mode,
                    "file: the parser the game uses for a text read from a file or an archive entry (the "
                    "default); buffer: its parser of a text in memory, which needs a blank line before LIGHTMAPS")
        ->transform(CLI::IsMember({"file", "buffer"}, CLI::ignore_case).description(""))
        ->type_name("file|buffer");
    cmd->add_flag("--json", *as_json, "one JSON document");
  }
  {
    auto srcs = std::make_shared<std::vector<std::string>>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(
        *group, "check",
        "the editor's checks of each SRC (counts, one row per line, the blank line before LIGHTMAPS, both engine "
        "parsers read the same); a whole ARCHIVE checks every WEAR entry. The texts named one by one are the "
        "tables of one material manager: fewer than 70. Findings on stderr, a line per SRC and a total on "
        "stdout; exit 1 on errors",
        [=]() -> Result<int> {
          CheckSet tables = [](std::size_t named) {
            std::vector<Diagnostic> out;
            if (Status count = material::check_wear_table_count(named); !count)
              out.push_back(to_diagnostic(count.error(), material::codes::kWearTablesCount));
            return out;
          };
          // Counted as texts, the word of docs/cli.md 5.5 (the registry's item is "wear table").
          return run_payload_check(*srcs, *resource::find_kind("wear"), {}, *as_json, {"text", false, tables});
        });
    cmd->add_option("SRC", *srcs,
                    "WEAR text files, ARCHIVE::NAME.wea, ARCHIVE::#N, whole archives (every WEAR entry), folders (every file "
                    "in them) or patterns (dir/*.wea, A.rlb::*.wea)")
        ->required();
    cmd->add_flag("--json", *as_json, "one JSON document: the findings, and per SRC its counts");
  }
  {
    auto src = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>();
    CLI::App* cmd = add_command(
        *group, "canonical", "rewrite a WEAR text canonically: count line, rows, blank line, LIGHTMAPS block",
        [=]() -> Result<int> {
          PARKAN_ASSIGN(resource::Payload r, open_wear(*src));
          PARKAN_ASSIGN(material::Wear wear, r.parse(material::parse_wear, material::WearParser::file));
          PARKAN_TRY(write_file_atomic(path_from_utf8(*out), material::write_wear_canonical(wear), {path_from_utf8(r.file())}));
          return 0;
        });
    cmd->add_option("SRC", *src, kWearSrcHelp)->required();
    cmd->add_option("OUT", *out, "the text file to write")->required();
  }
}

}  // namespace parkan::cli
