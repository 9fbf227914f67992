#pragma once
// The world exports' glue (docs/cli.md 6.5, 5.11-5.13): `export gltf MISSION_DIR OUT` (and `mission
// export`), `unit export FILE.dat OUT`, `terrain export Land.msh OUT`. The exports live in parkan/export/gltf_world.hpp.
#include <filesystem>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "parkan/core/error.hpp"

namespace parkan::cli {

enum class WorldSource { mission, unit, terrain };

// SRC as a mission: a folder holding data.tma, or a .tma file; nullopt for anything else.
std::optional<std::filesystem::path> mission_file_of(const std::string& src);

// Exports `file` (a data.tma, a .dat or a Land.msh) to `out` (.glb or .gltf, else a usage error) with the
// game folder `game_dir`, or when empty the folder above the file's MISSIONS (UNITS, DATA) folder, else
// a usage error. A Land.msh must lie inside the game folder (its folder is the map folder).
// Warnings on stderr; exit 0.
Result<int> export_world(WorldSource kind, const std::filesystem::path& file, const std::string& out,
                         const std::string& game_dir);

// Registers `<group> export SRC OUT [--game GAME_DIR]` for `kind` (docs/cli.md 5.11-5.13): SRC as
// `src_help` says (for a mission, a folder holding data.tma or the .tma: mission_file_of, anything else a
// usage error), then export_world.
void add_world_export_command(CLI::App& group, WorldSource kind, const std::string& description,
                              const std::string& src_help);

}  // namespace parkan::cli
