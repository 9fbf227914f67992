// parkan import gltf (docs/cli.md 6.5). Glue only: the import lives in parkan/import/mod.hpp.
#include <filesystem>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/staged_folder.hpp"
#include "parkan/core/text.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/import/mod.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::cli {

namespace {

namespace fs = std::filesystem;

struct ImportArgs {
  std::string model, game, out, name;
  std::string archive = std::string(importer::kDefaultModelArchive);
  std::string animation, prototype_type;
  double fps = 30.0;
  std::optional<std::uint32_t> texture_format;
  bool no_anim = false, rigid = false, replace = false, dry_run = false, json = false;
};

// The game, with the mod folder over it when the mod folder already exists (its archives are the
// ones an import adds to), and the import itself. The Game (and its open archives) ends here, before
// anything of the mod folder is replaced.
Result<importer::ModImport> run_import(const ImportArgs& args, ByteView model_bytes) {
  const fs::path model_path = path_from_utf8(args.model);
  PARKAN_ASSIGN(importer::GltfDocument document,
                importer::load_gltf(model_bytes, args.model, path_to_utf8(model_path.parent_path())));
  const fs::path mod = path_from_utf8(args.out), game_dir = path_from_utf8(args.game);
  PARKAN_ASSIGN(resource::Game game, path_kind(mod) == PathKind::folder ? resource::Game::open(mod, game_dir)
                                                                         : resource::Game::open(game_dir));
  importer::ModOptions options;
  options.stem = args.name;
  options.archive = args.archive;
  options.scene.animation = args.animation;
  options.scene.still = args.no_anim;
  options.scene.fps = args.fps;
  options.scene.rigid = args.rigid;
  if (args.texture_format) {
    const std::uint32_t n = *args.texture_format;
    const std::optional<texm::Format> format =
        n == 0 || n == 565 || n == 4444 || n == 888 || n == 8888 ? texm::to_format(n) : std::nullopt;
    if (!format)
      return usage_error(fmt::format("--texture-format must be one of 0 565 4444 888 8888, not {}", *args.texture_format));
    options.texture_format = *format;
  }
  options.prototype_type = args.prototype_type;
  options.replace = args.replace;
  return importer::import_into_game(*document, game, options);
}

nlohmann::json report_json(const ImportArgs& args, const importer::ModImport& done) {
  nlohmann::json files = nlohmann::json::array();
  for (const importer::ModArchive& archive : done.archives) {
    nlohmann::json entries = nlohmann::json::array();
    for (const importer::ModEntry& e : archive.entries)
      entries.push_back({{"name", cp1251_to_utf8(e.name)}, {"type", e.type}, {"size", e.size}, {"replaced", e.replaced}});
    files.push_back({{"name", archive.name}, {"based_on", archive.based_on}, {"size", archive.bytes.size()},
                     {"entries", std::move(entries)}});
  }
  nlohmann::json warnings = nlohmann::json::array();
  for (const Diagnostic& w : done.warnings) warnings.push_back(diagnostic_json(w));
  return {{"model", args.name + ".msh"},
          {"archive", done.archives.empty() ? args.archive : done.archives.front().name},
          {"prototype", {{"key", done.prototype}, {"type", done.prototype_type}}},
          {"nodes", done.nodes},
          {"triangles", done.triangles},
          {"batches", done.batches},
          {"frames", done.frames},
          {"materials", done.materials},
          {"textures", done.textures},
          {"lightmaps", done.lightmaps},
          {"dry_run", args.dry_run},
          {"out", args.out},
          {"files", std::move(files)},
          {"warnings", std::move(warnings)}};
}

void print_report(const ImportArgs& args, const importer::ModImport& done) {
  fmt::print("{} -> {}.msh: {}, {} in {}, {}, {}, {}, {}\n", args.model, args.name, count_of(done.nodes, "node"),
             count_of(done.triangles, "triangle"), fmt::format("{} batch{}", done.batches, done.batches == 1 ? "" : "es"), count_of(done.frames, "frame"),
             count_of(done.materials, "material"), count_of(done.textures, "texture"), count_of(done.lightmaps, "lightmap"));
  for (const importer::ModArchive& archive : done.archives) {
    const char* from = archive.based_on == "mod" ? "the mod's" : archive.based_on == "game" ? "the game's" : "new";
    fmt::print("  {} ({}, {} bytes)\n", archive.name, from, archive.bytes.size());
    for (const importer::ModEntry& e : archive.entries)
      fmt::print("    {} {} ({}, {} bytes)\n", e.replaced ? "replaced" : "added", cp1251_to_utf8(e.name), e.type, e.size);
  }
  fmt::print("prototype {} ({})\n", done.prototype, done.prototype_type);
  if (args.dry_run)
    fmt::print("dry run: nothing written\n");
  else
    fmt::print("wrote {} to {}\n", count_of(done.archives.size(), "file"), args.out);
}

Result<int> import_gltf(const ImportArgs& args) {
  PARKAN_TRY(importer::check_stem(args.name));
  PARKAN_TRY(importer::check_archive_name(args.archive));
  const fs::path mod = path_from_utf8(args.out), game_dir = path_from_utf8(args.game);
  std::error_code same_error;
  if (path_kind(game_dir) == PathKind::folder && path_kind(mod) == PathKind::folder &&
      fs::equivalent(mod, game_dir, same_error))
    return usage_error(fmt::format("--out {} is the game folder: a mod goes into a folder of its own", args.out));
  if (const PathKind kind = path_kind(mod); kind != PathKind::missing && kind != PathKind::folder)
    return io_error("--out must be a folder, and this is a file", args.out);
  PARKAN_ASSIGN(ByteBuffer model_bytes, read_file(path_from_utf8(args.model)));
  PARKAN_ASSIGN(importer::ModImport done, run_import(args, model_bytes));
  for (const Diagnostic& warning : done.warnings) print_diagnostic(warning);
  if (!args.dry_run) {
    // All or nothing: every archive is written into a staging folder inside MOD_DIR and moved in
    // only when all were written (docs/cli.md 3.1).
    PARKAN_ASSIGN(StagedFolder staged, StagedFolder::create(mod, path_from_utf8(args.model), "~importing"));
    for (const importer::ModArchive& archive : done.archives) PARKAN_TRY(staged.write(archive.name, archive.bytes));
    PARKAN_TRY(staged.publish());
  }
  if (args.json)
    print_json(report_json(args, done));
  else
    print_report(args, done);
  return 0;
}

}  // namespace

void add_import_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("import", "import from other ecosystems (glTF 2.0) into a mod folder");
  group->require_subcommand(1);
  auto args = std::make_shared<ImportArgs>();
  CLI::App* c = add_command(*group, "gltf",
                            "a glTF 2.0 model (.gltf or .glb) to the game's model, materials, textures and prototype, "
                            "written into MOD_DIR as complete archives",
                            [args]() -> Result<int> { return import_gltf(*args); });
  c->add_option("MODEL", args->model, "MODEL.gltf or MODEL.glb")->required();
  c->add_option("--game", args->game, "the game folder the mod is for (its archives are the base of the mod's)")
      ->required();
  c->add_option("--out", args->out, "the mod folder: receives the archives the import changes (created if missing)")
      ->required();
  c->add_option("--name", args->name, "STEM: the model is STEM.msh with STEM.wea, its prototype key stem in lower case")
      ->required();
  c->add_option("--archive", args->archive, "the archive that receives STEM.msh and STEM.wea (default static.rlb)");
  c->add_option("--animation", args->animation, "the glTF animation to import by name (default: the first)");
  c->add_flag("--no-anim", args->no_anim, "no animation: every node at its pose in the file");
  c->add_option("--fps", args->fps, "frames of the model's timeline per second of glTF time (default 30)")
      ->check(CLI::PositiveNumber);
  c->add_option("--texture-format", args->texture_format,
                "0 565 4444 888 8888 (default: 8888 for an image with alpha, else 565)");
  c->add_option("--prototype-type", args->prototype_type,
                "the objects.rlb type: STAT INTO EXTO BULL BTLU FORT WPNS SUNO (default BTLU with a cockpit, else EXTO)");
  c->add_flag("--rigid", args->rigid,
              "a skinned mesh: each triangle to the node of its dominant joint (refused otherwise: the game's models are rigid)");
  c->add_flag("--replace", args->replace, "replace STEM.msh, STEM.wea and the prototype when the game or mod has them");
  c->add_flag("--dry-run", args->dry_run, "list what would be written; write nothing");
  c->add_flag("--json", args->json, "one JSON document on stdout");
}

}  // namespace parkan::cli
