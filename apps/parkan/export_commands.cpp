// parkan export gltf (docs/cli.md 6). Glue only: the export lives in
// parkan/export/gltf.hpp.
#include <filesystem>
#include <iostream>
#include <set>

#include <fmt/format.h>

#include "cli.hpp"
#include "world_export.hpp"
#include "parkan/core/progress.hpp"
#include "parkan/core/text.hpp"
#include "parkan/export/gltf.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::cli {

namespace {

namespace fs = std::filesystem;

struct GltfArgs {
  std::string src, out, game, base;
  std::uint32_t state = 0, lod = 0;
  bool no_anim = false;
  bool cockpit = false;
  float fps = gltf::kDefaultFps;
};

gltf::Options options_of(const GltfArgs& args) {
  gltf::Options options;
  options.state = args.state;
  options.lod = args.lod;
  options.animation = !args.no_anim;
  options.cockpit = args.cockpit;
  options.fps = args.fps;
  return options;
}

// --game DIR, else the folder of the archive (where the game keeps Material.lib and Textures.lib), over
// --base GAME_DIR when given (a mod's folder over the game it modifies). A folder that cannot be listed
// is an I/O error when named (--base included), and untextured materials (a warning) when not.
Result<std::optional<resource::Game>> open_game(const GltfArgs& args, const std::string& archive_path) {
  const fs::path base = path_from_utf8(args.base);
  if (!args.game.empty()) {
    PARKAN_ASSIGN(resource::Game game, resource::Game::open(path_from_utf8(args.game), base));
    return std::optional<resource::Game>(std::move(game));
  }
  fs::path folder = path_from_utf8(archive_path).parent_path();
  auto game = resource::Game::open(folder.empty() ? fs::path(".") : folder, base);
  if (!game && !base.empty()) return std::move(game).error();
  if (!game) return std::optional<resource::Game>();
  return std::optional<resource::Game>(std::move(*game));
}

void print_warnings(const gltf::Exported& exported) {
  for (const Diagnostic& warning : exported.warnings) print_diagnostic(warning);
}

// A file name for a model entry: UTF-8 of its cp1251 name without the extension, separators replaced.
std::string glb_name_for(std::string_view entry_name) {
  std::string name = cp1251_to_utf8(entry_name);
  std::size_t dot = name.rfind('.');
  if (dot != std::string::npos && dot > 0) name.erase(dot);
  return portable_file_name(name);
}

// Every model of an archive to OUTDIR/<stem>.glb. A model that cannot be exported is reported and
// skipped (exit 1 at the end); an output that cannot be written stops the export (exit 3).
Result<int> export_archive(const GltfArgs& args, const std::shared_ptr<const resource::Archive>& archive) {
  const fs::path out = path_from_utf8(args.out);
  if (const PathKind kind = path_kind(out); kind != PathKind::missing && kind != PathKind::folder)
    return usage_error(fmt::format("{} is an archive: OUT must be a folder, and {} is a file", args.src, args.out));
  PARKAN_TRY(make_folder(out));
  PARKAN_ASSIGN(std::optional<resource::Game> game, open_game(args, archive->path()));
  const gltf::Options options = options_of(args);
  const std::vector<std::size_t> models = gltf::model_entries(*archive);
  Progress progress("export gltf", models.size(), !globals().quiet);
  std::set<std::string> used;
  std::size_t failures = 0, warnings = 0;
  for (std::size_t i : models) {
    PARKAN_ASSIGN(resource::Payload payload, archive->payload(i));
    gltf::Source source{payload.bytes(), payload.location().name, payload.display_name(), archive,
                        game ? &*game : nullptr};
    auto exported = gltf::export_model(source, options, gltf::Container::glb);
    progress.advance();
    if (!exported) {
      print_error(exported.error());
      ++failures;
      continue;
    }
    print_warnings(*exported);
    warnings += exported->warnings.size();
    std::string name = glb_name_for(payload.location().name);
    std::string key = name;
    for (char& c : key) c = char(fold_lower(static_cast<unsigned char>(c)));  // case-insensitive file systems
    if (!used.insert(key).second) name += fmt::format("#{}", i);
    PARKAN_TRY(gltf::write_exported(*exported, out / path_from_utf8(name + ".glb"), {path_from_utf8(archive->path())}));
  }
  progress.finish();
  if (!globals().quiet)
    std::cerr << fmt::format("exported {} of {} to {} ({})\n", models.size() - failures,
                             count_of(models.size(), "model"), escape_control(args.out),
                             count_of(warnings, "warning"));
  return failures ? 1 : 0;
}

Result<int> export_one(const GltfArgs& args) {
  // A mission (docs/cli.md 6.5): a folder holding data.tma, or a .tma file.
  if (auto mission = mission_file_of(args.src)) return export_world(WorldSource::mission, *mission, args.out, args.game);
  const resource::Reference reference = resource::parse_reference(args.src);
  std::shared_ptr<const resource::Archive> archive;
  resource::Payload payload;
  if (reference.is_entry()) {
    PARKAN_ASSIGN(archive, resource::open_archive(path_from_utf8(reference.path)));
    PARKAN_ASSIGN(payload, archive->get(reference.name ? *reference.name : fmt::format("#{}", *reference.index)));
  } else {
    PARKAN_ASSIGN(payload, resource::open_file_payload(path_from_utf8(reference.path)));
    // A library (it holds MESH entries) exports every model; a model NRes on its own is one model.
    if (resource::looks_like_archive(payload.bytes())) {
      PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> library, resource::open_archive(path_from_utf8(reference.path)));
      if (!gltf::model_entries(*library).empty()) return export_archive(args, library);
    }
  }
  // A payload of another kind is named as msh info names it, before the model reader reads its bytes.
  PARKAN_TRY(resource::expect_kind(payload, *resource::find_kind("msh")));
  const auto container = gltf::container_for(path_from_utf8(args.out));
  if (!container) return usage_error(fmt::format("OUT must end in .gltf or .glb, not {}", args.out));
  PARKAN_ASSIGN(std::optional<resource::Game> game, open_game(args, payload.file()));
  const std::string entry_name = payload.is_entry() ? payload.location().name
                                                    : path_to_utf8(path_from_utf8(payload.file()).filename());
  gltf::Source source{payload.bytes(), entry_name, payload.display_name(), archive, game ? &*game : nullptr};
  PARKAN_ASSIGN(gltf::Exported exported, gltf::export_model(source, options_of(args), *container));
  print_warnings(exported);
  if (fs::path folder = path_from_utf8(args.out).parent_path(); !folder.empty()) PARKAN_TRY(make_folder(folder));
  PARKAN_TRY(gltf::write_exported(exported, path_from_utf8(args.out), {path_from_utf8(payload.file())}));
  return 0;
}

}  // namespace

void add_export_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("export", "export to other ecosystems (glTF 2.0)");
  group->require_subcommand(1);
  auto args = std::make_shared<GltfArgs>();
  CLI::App* c = add_command(*group, "gltf",
                            "a model to glTF 2.0 (.gltf + PNGs, or .glb); a whole archive: every model to OUTDIR/; a mission "
                            "(MISSION_DIR or data.tma): its terrain, objects and markers as one scene",
                            [args]() -> Result<int> { return export_one(*args); });
  c->add_option("SRC", args->src, "a model: ARCHIVE::NAME.msh or a bare NAME.msh file; or an archive (every model in it); or a "
                "mission: a folder holding data.tma, or the .tma")->required();
  c->add_option("OUT", args->out, "OUT.gltf or OUT.glb; for an archive a folder (receives NAME.glb)")->required();
  c->add_option("--game", args->game, "the game folder with Material.lib and Textures.lib (default: SRC's folder; for a mission the "
                "folder above MISSIONS)");
  c->add_option("--base", args->base,
                "the installed game a mod modifies: Material.lib, Textures.lib, LightMap.lib and palettes "
                "the game folder does not hold are read from it");
  c->add_option("--state", args->state, "damage stage: 0 intact, 1 and 2 damaged (default 0)")
      ->check(CLI::Range(0, 2));
  c->add_option("--lod", args->lod, "level of detail 0..3, 0 = most detailed (default 0)")
      ->check(CLI::Range(0, 3));
  c->add_flag("--cockpit", args->cockpit,
              "the first-person view alone: level 4 and the cockpit nodes (left out otherwise)");
  c->add_flag("--no-anim", args->no_anim, "rest pose only, no animation");
  c->add_option("--fps", args->fps, "frames of the model's timeline per second of glTF time (default 30)")
      ->check(CLI::PositiveNumber);
}

}  // namespace parkan::cli
