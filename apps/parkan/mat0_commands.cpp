// parkan mat0 dump|build|check|phases|sample|find (docs/cli.md 10.3). Glue only: the format and
// the library folder live in parkan/material, the lookup in parkan/runtime, opening in parkan/resource.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/json_text.hpp"
#include "parkan/core/progress.hpp"
#include "parkan/core/text.hpp"
#include "parkan/material/codes.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/library_folder.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/sample.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/folder_files.hpp"
#include "parkan/resource/payload.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/runtime/material_lookup.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// --attr1/--attr2 for a bare payload (docs/cli.md defaults 0 and 6); an archive entry brings its own
// unless the flags are given.
struct AttrFlags {
  std::uint32_t attr1 = 0;
  std::uint32_t attr2 = 6;
  CLI::Option* attr1_option = nullptr;
  CLI::Option* attr2_option = nullptr;

  void add(CLI::App* cmd) {
    attr1_option = cmd->add_option("--attr1", attr1,
                                   "NRes attr1 of a bare payload: the runtime flags (default 0; an archive entry "
                                   "has its own)");
    attr2_option = cmd->add_option("--attr2", attr2,
                                   "NRes attr2 of a bare payload: the payload version (default 6; an archive entry "
                                   "has its own)");
  }
  material::Mat0Attributes for_payload(const resource::Payload& p) const {
    material::Mat0Attributes a{attr1, attr2};
    if (p.is_entry()) {
      if (attr1_option->count() == 0) a.attr1 = p.location().attr1;
      if (attr2_option->count() == 0) a.attr2 = p.location().attr2;
    }
    return a;
  }
};

// A bare path that is an NRes archive where one material is needed (a MAT0 payload cannot start with
// "NRes": that would announce 0x7365 animation blocks).
Status refuse_whole_archive(const resource::Payload& payload, const std::string& src) {
  if (!payload.is_entry() && resource::looks_like_archive(payload.bytes()))
    return usage_error(fmt::format("{} is an archive: name one material as {}::NAME or {}::#N", src, src, src));
  return {};
}

struct OpenMaterial {
  resource::Payload payload;  // keeps the bytes alive
  material::Mat0 mat;
};

// SRC as one material: an entry of another type says what it is ("X.lib::ROCK.0: this entry is a Texm, not a
// MAT0") before its bytes are read as a material.
Result<OpenMaterial> open_material(const std::string& src, const AttrFlags& attrs) {
  PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(src));
  PARKAN_TRY(refuse_whole_archive(payload, src));
  PARKAN_TRY(resource::expect_kind(payload, *resource::find_kind("mat0")));
  PARKAN_ASSIGN(material::Mat0 mat, payload.parse(material::read_mat0, attrs.for_payload(payload)));
  return OpenMaterial{std::move(payload), std::move(mat)};
}

// The directory of an NRes archive, for the converters and the lookup that work on nres::Archive.
Result<const nres::Archive*> nres_directory(const resource::Archive& archive) {
  if (archive.format() != resource::ArchiveFormat::nres)
    return invalid(fmt::format("{} is not an NRes archive", archive.path()));
  return &static_cast<const resource::NresArchive&>(archive).directory();
}

Result<int> dump_library(const std::string& src, const std::string& out_dir) {
  PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> archive, resource::open_archive(path_from_utf8(src)));
  PARKAN_ASSIGN(const nres::Archive* directory, nres_directory(*archive));
  material::LibraryFolder folder = material::to_library_folder(*directory);
  PARKAN_TRY(make_folder(path_from_utf8(out_dir)));
  Progress progress("mat0 dump", folder.files.size() + 1, !globals().quiet);
  for (const material::LibraryFile& f : folder.files) {
    PARKAN_TRY(write_file_atomic(path_from_utf8(out_dir) / path_from_utf8(f.name), f.bytes, {path_from_utf8(src)}));
    progress.advance();
  }
  std::string manifest = folder.manifest.dump(2) + "\n";
  PARKAN_TRY(write_file_atomic(path_from_utf8(out_dir) / path_from_utf8(nres::kManifestName), as_bytes(manifest), {path_from_utf8(src)}));
  progress.advance();
  progress.finish();
  std::cerr << fmt::format("{} materials as text, {} files in {}\n", folder.materials, folder.files.size() + 1,
                           escape_control(out_dir));
  return 0;
}

Result<json> read_json_file(const fs::path& path) {
  PARKAN_ASSIGN(ByteBuffer text, read_file(path));
  auto doc = parse_json_text(as_chars(text));
  if (!doc) return std::move(doc).error().in_file(path_to_utf8(path));
  return doc;
}

Result<int> build_library(const fs::path& in_dir, const std::string& out) {
  PARKAN_ASSIGN(json manifest, read_json_file(in_dir / path_from_utf8(nres::kManifestName)));
  std::vector<fs::path> inputs{in_dir / path_from_utf8(nres::kManifestName)};
  // Errors name files relative to the folder; the folder is added once below.
  nres::FileLoader load = [&](const std::string& name) -> Result<ByteBuffer> {
    inputs.push_back(in_dir / path_from_utf8(name));
    auto bytes = read_file(inputs.back());
    if (!bytes) {
      Error e = std::move(bytes).error();
      e.file = name;
      return e;
    }
    return bytes;
  };
  auto bytes = material::from_library_folder(std::move(manifest), load);
  if (!bytes) {
    Error e = std::move(bytes).error();
    if (e.file.empty())
      e.file = path_to_utf8(in_dir / path_from_utf8(nres::kManifestName));
    else
      e.file = path_to_utf8(in_dir / path_from_utf8(e.file));
    return e;
  }
  PARKAN_TRY(write_file_atomic(path_from_utf8(out), *bytes, inputs));
  std::vector<std::string> loaded;
  for (std::size_t i = 1; i < inputs.size(); ++i) loaded.push_back(path_to_utf8(inputs[i].filename()));
  std::sort(loaded.begin(), loaded.end());
  // Files added to the dumped folder by hand: the warning of archive pack (docs/cli.md 3.1).
  print_diagnostics(resource::files_not_in_manifest(in_dir, loaded, path_from_utf8(out)));
  return 0;
}

Result<int> build_one(const std::string& in, const std::string& out) {
  PARKAN_ASSIGN(json doc, read_json_file(path_from_utf8(in)));
  auto mat = material::mat0_from_json(doc);
  if (!mat) return std::move(mat).error().in_file(in);
  auto bytes = material::write_mat0(*mat);
  if (!bytes) return std::move(bytes).error().in_file(in);
  PARKAN_TRY(write_file_atomic(path_from_utf8(out), *bytes, {path_from_utf8(in)}));
  // The NRes attributes are not in the payload: say where they must go when they are not the bare
  // payload defaults (an edited pipeline would otherwise vanish).
  if (mat->attributes != material::Mat0Attributes{})
    print_finding("note", invalid(fmt::format("a bare payload holds neither attr1 nor attr2: give its archive entry "
                                              "--attr1 {} --attr2 {} (archive add or replace)",
                                              mat->attributes.attr1, mat->attributes.attr2))
                              .in_file(out));
  return 0;
}

}  // namespace

namespace {

void print_record_text(std::size_t i, const material::PhaseRecord& r, std::string_view texture) {
  std::cout << fmt::format("phase {}: texture \"{}\" u16 {} i18 {}\n", i, escape_control(cp1251_to_utf8(texture)),
                           r.u16, r.i18);
  std::cout << "  f:";
  for (float f : r.f) std::cout << fmt::format(" {}", f);
  std::cout << '\n';
}

constexpr const char* kMat0SrcHelp = "a MAT0 payload file, or ARCHIVE::NAME (ARCHIVE::#N) for a material in a library";

}  // namespace

void add_mat0_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("mat0", "MAT0 materials: dump, build, check, runtime records, animation");
  group->require_subcommand(1);

  {
    auto src = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    auto attrs = std::make_shared<AttrFlags>();
    CLI::App* cmd = add_command(
        *group, "dump",
        "the editable text form of a material (SRC), or every material of a library "
        "(ARCHIVE OUTDIR: one text file per material plus manifest.json). Each value "
        "appears once, named for what it is (ambient, diffuse, specular, emissive, power_log2, page_cell; "
        "ground_class, speed_factor, damage_rate), as you would edit it; mat0 build reads every field",
        [=]() -> Result<int> {
          if (!out->empty()) return dump_library(*src, *out);
          PARKAN_ASSIGN(OpenMaterial m, open_material(*src, *attrs));
          json doc = material::mat0_to_json(m.mat);
          // One document either way; the text form is indented for editing, an array of numbers on one line.
          std::cout << (*as_json ? doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                                 : material::mat0_text(doc))
                    << '\n';
          return 0;
        });
    cmd->add_option("SRC", *src, "a MAT0 payload file, ARCHIVE::NAME, ARCHIVE::#N, or a whole ARCHIVE with OUTDIR")
        ->required();
    cmd->add_option("OUTDIR", *out, "folder for a whole library's text files");
    cmd->add_flag("--json", *as_json, "one compact JSON document");
    attrs->add(cmd);
  }
  {
    auto in = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>();
    CLI::App* cmd = add_command(*group, "build",
                                "payload bytes from a text form (IN.json OUT), or a whole library from a dumped "
                                "folder (INDIR OUT.lib); unmodified text gives the original bytes. The names of "
                                "earlier versions (additive_rgb, opacity, directional, extra, power, page, "
                                "meta_a..meta_d) are still read. A field build does not know, or a value given "
                                "twice in forms that disagree, is an error",
                                [=]() -> Result<int> {
                                  if (path_kind(path_from_utf8(*in)) == PathKind::folder) return build_library(path_from_utf8(*in), *out);
                                  return build_one(*in, *out);
                                });
    cmd->add_option("IN", *in, "a text form (.json) or a folder written by mat0 dump ARCHIVE OUTDIR")->required();
    cmd->add_option("OUT", *out, "the payload or archive to write")->required();
  }
  {
    auto srcs = std::make_shared<std::vector<std::string>>();
    auto as_json = std::make_shared<bool>(false);
    auto attrs = std::make_shared<AttrFlags>();
    CLI::App* cmd = add_command(
        *group, "check",
        "semantic checks (texture names, key phase indices, key end times, cycles, modes) of each SRC; a whole "
        "ARCHIVE checks every MAT0 entry. Findings on stderr, a line per SRC and a total on stdout; exit 1 on "
        "errors",
        [=]() -> Result<int> {
          CheckOne check = [attrs](const resource::Payload& p) {
            auto mat = material::read_mat0(p.bytes(), attrs->for_payload(p));
            if (!mat) return std::vector<Diagnostic>{to_diagnostic(mat.error(), material::codes::kMat0Payload)};
            return material::check_mat0(*mat);
          };
          return run_payload_check(*srcs, *resource::find_kind("mat0"), check, *as_json);
        });
    cmd->add_option("SRC", *srcs,
                    "MAT0 payload files, ARCHIVE::NAME, ARCHIVE::#N, whole archives (every MAT0 entry), folders (every file "
                    "in them) or patterns (dir/*, A.lib::ANIM_*)")
        ->required();
    cmd->add_flag("--json", *as_json, "one JSON document: the findings, and per SRC its counts");
    attrs->add(cmd);
  }
  {
    auto src = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    auto attrs = std::make_shared<AttrFlags>();
    CLI::App* cmd =
        add_command(*group, "phases", "each phase as the engine's 76-byte runtime record", [=]() -> Result<int> {
          PARKAN_ASSIGN(OpenMaterial m, open_material(*src, *attrs));
          std::vector<material::PhaseRecord> records = material::to_records(m.mat);
          if (*as_json) {
            json phases = json::array();
            for (std::size_t i = 0; i < records.size(); ++i)
              phases.push_back(material::record_to_json(records[i], m.mat.phases[i].texture_name()));
            print_json({{"phases", std::move(phases)}});
          } else {
            for (std::size_t i = 0; i < records.size(); ++i)
              print_record_text(i, records[i], m.mat.phases[i].texture_name());
          }
          return 0;
        });
    cmd->add_option("SRC", *src, kMat0SrcHelp)->required();
    cmd->add_flag("--json", *as_json, "one JSON document");
    attrs->add(cmd);
  }
  {
    struct SampleArgs {
      std::string src;
      std::size_t block = 0;
      std::uint32_t game_time = 0;
      std::uint32_t start = 0;
      std::int32_t rand = 0;
      float t = 0.0f;
      bool as_json = false;
      AttrFlags attrs;
      CLI::Option* game_time_option = nullptr;
      CLI::Option* t_option = nullptr;
    };
    auto a = std::make_shared<SampleArgs>();
    CLI::App* cmd = add_command(
        *group, "sample",
        "the phase the engine shows for an animation block: by game time (--game-time, with the wear record's "
        "--start) or by normalized time (--t), interpolated as the engine does",
        [=]() -> Result<int> {
          if (!a->t_option->count() && !a->game_time_option->count())
            return usage_error("mat0 sample needs --game-time T [--start S] or --t X");
          PARKAN_ASSIGN(OpenMaterial m, open_material(a->src, a->attrs));
          auto timeline = material::Timeline::make(m.mat, a->block);
          if (!timeline) return m.payload.locate(std::move(timeline).error());
          std::uint32_t start = a->start;
          std::int32_t rand_value = a->rand;
          material::RandomSource rand = [rand_value] { return rand_value; };
          material::Selection s = a->t_option->count() ? timeline->select_by_t(a->t, start, rand)
                                                       : timeline->select_by_time(a->game_time, start, rand);
          std::vector<material::PhaseRecord> records = material::to_records(m.mat);
          material::PhaseRecord phase = material::sample_record(records, *timeline, s);
          std::string_view texture = m.mat.phases[timeline->keys()[s.key].phase].texture_name();
          if (a->as_json) {
            print_json(material::sample_to_json(s, start, phase, texture));
          } else {
            std::cout << fmt::format(
                "block {} ({}, mask 0x{:x}, cycle {} ms): key {} -> key {}, alpha {}, start time {} ms\n", a->block,
                material::mode_name(timeline->mode()), timeline->mask(), timeline->cycle(), s.key, s.next, s.alpha,
                start);
            print_record_text(timeline->keys()[s.key].phase, phase, texture);
          }
          return 0;
        });
    cmd->add_option("SRC", a->src, kMat0SrcHelp)->required();
    cmd->add_option("--block", a->block, "animation block index, from 0")->required();
    a->game_time_option = cmd->add_option("--game-time", a->game_time, "game time in ms (0..4294967295)");
    cmd->add_option("--start", a->start, "the wear record's start time in ms (0..4294967295, default 0)")
        ->needs(a->game_time_option);
    cmd->add_option("--rand", a->rand, "what the engine's rand() returns, for the random mode (default 0)");
    a->t_option = cmd->add_option("--t", a->t, "normalized time, 0..1 over one cycle (outside it the engine uses 0.5)");
    a->t_option->excludes(a->game_time_option);
    cmd->add_flag("--json", a->as_json, "one JSON document");
    a->attrs.add(cmd);
  }
  {
    auto archive_path = std::make_shared<std::string>();
    auto name = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(*group, "find",
                                "the game's material lookup: the exact name (case-insensitive), then DEFAULT, then "
                                "entry 0",
                                [=]() -> Result<int> {
                                  PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> archive,
                                                resource::open_archive(path_from_utf8(*archive_path)));
                                  auto found = runtime::find_material(*archive, resource::name_to_cp1251(*name));
                                  if (!found) return invalid("the library has no entries").in_file(*archive_path);
                                  std::string entry = cp1251_to_utf8(archive->entry(found->index).name);
                                  if (*as_json) {
                                    print_json({{"index", found->index},
                                                {"name", entry},
                                                {"match", runtime::match_name(found->match)},
                                                {"log", found->log.empty() ? json(nullptr) : json(found->log)}});
                                  } else {
                                    if (!found->log.empty()) std::cout << escape_control(found->log) << '\n';
                                    std::cout << fmt::format("#{} {} ({})\n", found->index, escape_control(entry),
                                                             runtime::match_name(found->match));
                                  }
                                  return 0;
                                });
    cmd->add_option("ARCHIVE", *archive_path, "Material.lib")->required();
    cmd->add_option("NAME", *name, "material name")->required();
    cmd->add_flag("--json", *as_json, "one JSON document");
  }
}

}  // namespace parkan::cli
