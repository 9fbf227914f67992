// parkan mission info|check (docs/cli.md 5.12): missions, MISSIONS/**/data.tma. Glue only: the format
// lives in parkan/mission/mission.hpp.
#include <cmath>
#include <map>
#include <memory>
#include <numbers>

#include <fmt/format.h>

#include "cli.hpp"
#include "world_export.hpp"
#include "parkan/core/text.hpp"
#include "parkan/mission/mission.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/resource/payload.hpp"

namespace parkan::cli {

namespace {

std::string shown(std::string_view stored) {
  return escape_control(cp1251_to_utf8(mission::stored_text(stored)));
}

// A summary line, then a line per clan, object, route and lode.
void print_mission(const resource::Payload& payload, const mission::Mission& m) {
  std::map<std::string_view, std::size_t> by_kind;
  for (const mission::Object& o : m.objects) ++by_kind[mission::object_kind_name(o.kind)];
  std::string kinds;
  for (const auto& [kind, n] : by_kind) kinds += (kinds.empty() ? "" : ", ") + count_of(n, std::string(kind).c_str());
  fmt::print("{}: mission on {}, {} ({}), {}, {}, {}\n", escape_control(payload.display_name()),
             escape_control(cp1251_to_utf8(mission::map_folder(m.map_path))), count_of(m.objects.size(), "object"),
             kinds, count_of(m.clans.size(), "clan"), count_of(m.routes.size(), "route"),
             count_of(m.lodes.size(), "lode"));
  fmt::print("description: \"{}\"\n", shown(m.description));
  for (std::size_t i = 0; i < m.clans.size(); ++i) {
    const mission::Clan& c = m.clans[i];
    fmt::print("clan {:>3} {:<8} \"{}\" base ({}, {}), {} minds, {}, {}\n", i, mission::clan_type_name(c.type),
               shown(c.name), c.base[0], c.base[1], c.minds, count_of(c.zones.size(), "zone"),
               count_of(c.relations.size(), "relation"));
  }
  for (std::size_t i = 0; i < m.objects.size(); ++i) {
    const mission::Object& o = m.objects[i];
    const double degrees = o.rotation[2] * 180.0 / std::numbers::pi;
    fmt::print("object {:>3} {:<10} \"{}\" clan {} id {} at ({}, {}, {}) turned {:.1f}°{}{}\n", i,
               mission::object_kind_name(o.kind), shown(o.path), o.clan, o.logical_id, o.position[0], o.position[1],
               o.position[2], degrees, o.name.empty() ? "" : fmt::format(" \"{}\"", shown(o.name)),
               o.host == mission::kNone ? "" : fmt::format(" in building {} at vertex {}", o.host, o.hallway));
  }
  for (const mission::Route& r : m.routes) fmt::print("route {:>3} {}\n", r.id, count_of(r.points.size(), "point"));
  for (std::size_t i = 0; i < m.lodes.size(); ++i)
    fmt::print("lode {:>3} type {} amount {} at ({}, {}, {})\n", i, m.lodes[i].type, m.lodes[i].amount,
               m.lodes[i].position[0], m.lodes[i].position[1], m.lodes[i].position[2]);
}

constexpr const char* kMissionSrcHelp = "a data.tma file";

}  // namespace

void add_mission_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("mission", "missions (MISSIONS/**/data.tma): clans, placed objects, routes");
  group->require_subcommand(1);
  {
    auto src = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(*group, "info", "the map, clans, objects, routes and lodes", [=]() -> Result<int> {
      PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(*src));
      PARKAN_TRY(resource::expect_kind(payload, *resource::find_kind("mission")));
      PARKAN_ASSIGN(mission::Mission m, payload.parse(mission::read_mission));
      if (*as_json)
        print_json(mission::mission_json(m));
      else
        print_mission(payload, m);
      return 0;
    });
    cmd->add_option("SRC", *src, kMissionSrcHelp)->required();
    cmd->add_flag("--json", *as_json, "one JSON document");
  }
  {
    auto srcs = std::make_shared<std::vector<std::string>>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(
        *group, "check",
        "every rule of docs/formats/mission.md 4 on each SRC: versions, marker, exact length, clans, relations, "
        "objects. Findings on stderr, a line per SRC and a total on stdout; exit 1 on errors",
        [=]() -> Result<int> { return run_payload_check(*srcs, *resource::find_kind("mission"), {}, *as_json); });
    cmd->add_option("SRC", *srcs, "data.tma files, folders (every file in them) or patterns (MISSIONS/*/data.tma)")->required();
    cmd->add_flag("--json", *as_json, "one JSON document: the findings, and per SRC its counts");
  }
  add_world_export_command(*group, WorldSource::mission,
                           "the mission to glTF 2.0, as `export gltf MISSION_DIR` (docs/cli.md 6.5)",
                           "a folder holding data.tma, or the .tma file");
}

}  // namespace parkan::cli
