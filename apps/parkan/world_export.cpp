// The world exports' glue (world_export.hpp; docs/cli.md 6.5, 5.13).
#include "world_export.hpp"

#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/text.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/export/gltf_world.hpp"
#include "parkan/resource/game.hpp"

namespace parkan::cli {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kMissionFile = "data.tma";

// The folder above the outermost ancestor of `file` named `marker` (ASCII case-insensitive): the game
// root of a file under MISSIONS or UNITS (UNITS/UNITS/x.dat: the outer one).
std::optional<fs::path> game_root_above(const fs::path& file, std::string_view marker) {
  std::optional<fs::path> root;
  fs::path folder = fs::absolute(file).parent_path();
  while (!folder.empty()) {
    if (fold_lower_text(path_to_utf8(folder.filename())) == fold_lower_text(marker)) root = folder.parent_path();
    if (folder == folder.parent_path()) break;
    folder = folder.parent_path();
  }
  return root;
}

std::string_view root_marker(WorldSource kind) {
  switch (kind) {
    case WorldSource::mission: return "MISSIONS";
    case WorldSource::unit: return "UNITS";
    case WorldSource::terrain: return "DATA";
  }
  return "";
}

// The folder of `file` relative to `root`, '/'-separated as the game's paths are; nullopt outside it.
std::optional<std::string> folder_in_game(const fs::path& file, const fs::path& root) {
  const fs::path relative = fs::absolute(file).parent_path().lexically_relative(fs::absolute(root));
  if (relative.empty() || *relative.begin() == "..") return std::nullopt;
  std::string out;
  for (const fs::path& part : relative) {
    if (part == ".") continue;
    if (!out.empty()) out += '/';
    out += path_to_utf8(part);
  }
  return out;
}

Result<int> export_terrain_file(const fs::path& file, const fs::path& root, resource::Game& game, const std::string& out,
                                gltf::Container container) {
  const std::optional<std::string> map_folder = folder_in_game(file, root);
  if (!map_folder)
    return usage_error(fmt::format("{} is not inside the game folder {}", path_to_utf8(file), path_to_utf8(root)));
  gltf::Options options;
  options.animation = false;
  PARKAN_ASSIGN(gltf::Exported exported, gltf::export_terrain(*map_folder, game, options, container));
  for (const Diagnostic& warning : exported.warnings) print_diagnostic(warning);
  if (fs::path folder = path_from_utf8(out).parent_path(); !folder.empty()) PARKAN_TRY(make_folder(folder));
  PARKAN_TRY(gltf::write_exported(exported, path_from_utf8(out), {file}));
  if (!globals().quiet)
    std::cerr << fmt::format("exported {} ({} primitive{}, {}) to {}\n", escape_control(path_to_utf8(file)),
                             exported.primitives, exported.primitives == 1 ? "" : "s",
                             count_of(exported.warnings.size(), "warning"), escape_control(out));
  return 0;
}

}  // namespace

std::optional<fs::path> mission_file_of(const std::string& src) {
  const fs::path path = path_from_utf8(src);
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    for (const fs::directory_entry& entry : fs::directory_iterator(path, ec))
      if (entry.is_regular_file(ec) && fold_lower_text(path_to_utf8(entry.path().filename())) == kMissionFile)
        return entry.path();
    return path / path_from_utf8(std::string(kMissionFile));  // named in the read error
  }
  if (fold_lower_text(path_to_utf8(path.extension())) == ".tma") return path;
  return std::nullopt;
}

Result<int> export_world(WorldSource kind, const fs::path& file, const std::string& out, const std::string& game_dir) {
  const auto container = gltf::container_for(path_from_utf8(out));
  if (!container) return usage_error(fmt::format("OUT must end in .gltf or .glb, not {}", out));
  fs::path root;
  if (!game_dir.empty()) {
    root = path_from_utf8(game_dir);
  } else if (auto above = game_root_above(file, root_marker(kind))) {
    root = *above;
  } else {
    return usage_error(fmt::format("{} is not under a {} folder: name the game folder with --game", path_to_utf8(file),
                                   root_marker(kind)));
  }
  PARKAN_ASSIGN(resource::Game game, resource::Game::open(root));
  if (kind == WorldSource::terrain) return export_terrain_file(file, root, game, out, *container);
  PARKAN_ASSIGN(ByteBuffer bytes, read_file(file));
  const std::string display = path_to_utf8(file);
  gltf::Options options;
  options.animation = false;
  PARKAN_ASSIGN(gltf::Exported exported, kind == WorldSource::mission
                                             ? gltf::export_mission(bytes, display, &game, options, *container)
                                             : gltf::export_unit(bytes, display, &game, options, *container));
  for (const Diagnostic& warning : exported.warnings) print_diagnostic(warning);
  if (fs::path folder = path_from_utf8(out).parent_path(); !folder.empty()) PARKAN_TRY(make_folder(folder));
  PARKAN_TRY(gltf::write_exported(exported, path_from_utf8(out), {file}));
  if (!globals().quiet)
    std::cerr << fmt::format("exported {} ({}, {}, {}) to {}\n", escape_control(display),
                             count_of(exported.objects, kind == WorldSource::mission ? "object" : "part"),
                             fmt::format("{} glTF mesh{}", exported.meshes, exported.meshes == 1 ? "" : "es"), count_of(exported.warnings.size(), "warning"),
                             escape_control(out));
  return 0;
}

void add_world_export_command(CLI::App& group, WorldSource kind, const std::string& description,
                              const std::string& src_help) {
  auto src = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto game = std::make_shared<std::string>();
  CLI::App* cmd = add_command(group, "export", description, [=]() -> Result<int> {
    if (kind != WorldSource::mission) return export_world(kind, path_from_utf8(*src), *out, *game);
    const auto file = mission_file_of(*src);
    if (!file) return usage_error(fmt::format("{} is no mission folder or .tma file", *src));
    return export_world(kind, *file, *out, *game);
  });
  cmd->add_option("SRC", *src, src_help)->required();
  cmd->add_option("OUT", *out, "OUT.glb or OUT.gltf")->required();
  cmd->add_option("--game", *game, fmt::format("the game folder (default: the folder above SRC's {} folder)",
                                               root_marker(kind)));
}

}  // namespace parkan::cli
