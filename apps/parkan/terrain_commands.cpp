// parkan terrain info|check (docs/cli.md 5.11): Land.msh, the terrain of a map. Glue only: the format
// lives in parkan/terrain/land.hpp.
#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "world_export.hpp"
#include "parkan/core/text.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/resource/payload.hpp"
#include "parkan/terrain/land.hpp"

namespace parkan::cli {

namespace {

// "1 (300), 2 (40)": the rows of a histogram, in row order (the JSON's keys sort as text), and their
// face counts.
std::string rows_text(const nlohmann::json& rows) {
  std::vector<std::pair<unsigned long, std::size_t>> sorted;
  for (const auto& [row, n] : rows.items()) sorted.push_back({std::stoul(row), n.get<std::size_t>()});
  std::sort(sorted.begin(), sorted.end());
  std::string out;
  for (const auto& [row, n] : sorted) out += fmt::format("{}{} ({})", out.empty() ? "" : ", ", row, n);
  return out.empty() ? "none" : out;
}

// The summary of terrain_json as five lines.
void print_summary(const resource::Payload& payload, const nlohmann::json& j) {
  const auto& lod = j["lod"]["faces"];
  fmt::print("{}: terrain, {} x {} squares of {:.2f} x {:.2f} units, {}, {} (LOD 0 {}, LOD 1 {})\n",
             escape_control(payload.display_name()), j["grid"]["across"].get<std::uint32_t>(),
             j["grid"]["down"].get<std::uint32_t>(), j["cell_size"][0].get<double>(), j["cell_size"][1].get<double>(),
             fmt::format("{} vertices", j["vertices"].get<std::size_t>()), count_of(j["faces"].get<std::size_t>(), "face"),
             lod[0].get<std::size_t>(), lod[1].get<std::size_t>());
  const auto& lo = j["extent"]["min"];
  const auto& hi = j["extent"]["max"];
  fmt::print("  extent: x {} .. {}, y {} .. {}, z {} .. {}\n", lo[0].get<float>(), hi[0].get<float>(),
             lo[1].get<float>(), hi[1].get<float>(), lo[2].get<float>(), hi[2].get<float>());
  const auto& water = j["water"];
  fmt::print("  second material: {}; water: {}{}; lava: {}; bed: {}\n",
             count_of(j["second_material_faces"].get<std::size_t>(), "face"),
             count_of(water["faces"].get<std::size_t>(), "face"),
             water["z"].is_null() ? std::string() : fmt::format(" at z {}", water["z"].get<float>()),
             count_of(j["lava_faces"].get<std::size_t>(), "face"), count_of(j["bed_faces"].get<std::size_t>(), "face"));
  fmt::print("  tex1 rows: {}\n  tex2 rows: {}\n", rows_text(j["tex1_rows"]), rows_text(j["tex2_rows"]));
}

constexpr const char* kTerrainSrcHelp = "a Land.msh file, or ARCHIVE::NAME for one in an archive";

}  // namespace

void add_terrain_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("terrain", "map terrain (DATA/MAPS/*/Land.msh): streams, grid, LODs, faces");
  group->require_subcommand(1);
  {
    auto src = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(*group, "info", "the grid, the counts and the materials used", [=]() -> Result<int> {
      PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(*src));
      PARKAN_TRY(resource::expect_kind(payload, *resource::find_kind("terrain")));
      PARKAN_ASSIGN(terrain::Terrain land, payload.parse(terrain::read_terrain));
      const nlohmann::json summary = terrain::terrain_json(land);
      if (*as_json)
        print_json(summary);
      else
        print_summary(payload, summary);
      return 0;
    });
    cmd->add_option("SRC", *src, kTerrainSrcHelp)->required();
    cmd->add_flag("--json", *as_json, "one JSON document");
  }
  {
    auto srcs = std::make_shared<std::vector<std::string>>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(
        *group, "check",
        "every rule of docs/formats/terrain.md 6 on each SRC: streams, faces, grid, cells, LODs, draw order, water, "
        "alpha. Findings on stderr, a line per SRC and a total on stdout; exit 1 on errors",
        [=]() -> Result<int> { return run_payload_check(*srcs, *resource::find_kind("terrain"), {}, *as_json); });
    cmd->add_option("SRC", *srcs, "Land.msh files, ARCHIVE::NAME, folders (every file in them) or patterns")
        ->required();
    cmd->add_flag("--json", *as_json, "one JSON document: the findings, and per SRC its counts");
  }
  add_world_export_command(*group, WorldSource::terrain,
                           "the terrain's level 0 to glTF 2.0 with its materials, as a mission export draws it "
                           "(docs/cli.md 5.11)",
                           "a Land.msh in its map folder (DATA/MAPS/<map>/Land.msh)");
}

}  // namespace parkan::cli
