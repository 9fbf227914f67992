// parkan unit info|check (docs/cli.md 5.10): unit assemblies, UNITS/**/*.dat. Glue only: the format
// lives in parkan/unit/assembly.hpp.
#include <memory>

#include <fmt/format.h>

#include "cli.hpp"
#include "world_export.hpp"
#include "parkan/core/text.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/resource/payload.hpp"
#include "parkan/unit/assembly.hpp"

namespace parkan::cli {

namespace {

// One line per part, indented by its depth: index, class, prototype key, display name, and where it
// mounts on its parent (a node of the parent's mesh for a turret or gun, a controller slot otherwise).
void print_tree(const resource::Payload& payload, const unit::Assembly& assembly) {
  fmt::print("{}: unit assembly, class word 0x{:08X}, {}\n", escape_control(payload.display_name()), assembly.class_word,
             count_of(assembly.parts.size(), "part"));
  for (std::size_t i = 0; i < assembly.parts.size(); ++i) {
    const unit::Part& p = assembly.parts[i];
    const bool on_node = p.part_class == static_cast<std::uint32_t>(unit::PartClass::turret) ||
                         p.part_class == static_cast<std::uint32_t>(unit::PartClass::gun);
    const std::string mount = p.parent < 0 ? std::string()
                              : on_node    ? fmt::format(" on node {}", p.attachment)
                                           : fmt::format(" in slot {}", p.attachment);
    fmt::print("{:>4} {}{:<10} {} \"{}\"{}\n", i, std::string(2 * p.depth, ' '), unit::part_class_name(p.part_class),
               escape_control(cp1251_to_utf8(p.key)), escape_control(cp1251_to_utf8(p.name)), mount);
  }
}

constexpr const char* kUnitSrcHelp = "a .dat file, or ARCHIVE::NAME for one in an archive";

}  // namespace

void add_unit_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("unit", "unit assemblies (UNITS/**/*.dat): trees of parts on sockets");
  group->require_subcommand(1);
  {
    auto src = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(*group, "info", "the header and the tree of parts", [=]() -> Result<int> {
      PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(*src));
      PARKAN_TRY(resource::expect_kind(payload, *resource::find_kind("unit")));
      PARKAN_ASSIGN(unit::Assembly assembly, payload.parse(unit::read_assembly));
      if (*as_json)
        print_json(unit::assembly_json(assembly));
      else
        print_tree(payload, assembly);
      return 0;
    });
    cmd->add_option("SRC", *src, kUnitSrcHelp)->required();
    cmd->add_flag("--json", *as_json, "one JSON document");
  }
  {
    auto srcs = std::make_shared<std::vector<std::string>>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(
        *group, "check",
        "every rule of docs/formats/unit.md 4 on each SRC: the header, whole records, one tree, the record fields. "
        "Findings on stderr, a line per SRC and a total on stdout; exit 1 on errors",
        [=]() -> Result<int> { return run_payload_check(*srcs, *resource::find_kind("unit"), {}, *as_json); });
    cmd->add_option("SRC", *srcs, ".dat files, ARCHIVE::NAME, folders (every file in them) or patterns (UNITS/*.dat)")
        ->required();
    cmd->add_flag("--json", *as_json, "one JSON document: the findings, and per SRC its counts");
  }
  add_world_export_command(*group, WorldSource::unit,
                           "the unit assembled to glTF 2.0: each turret and gun on its parent's socket (docs/cli.md 5.13)",
                           "a .dat file under the game's UNITS folder");
}

}  // namespace parkan::cli
