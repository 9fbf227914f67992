// parkan mat0 dump|build|check|phases|sample|find (cli.md "mat0 and wear"). Glue only: the format
// lives in parkan/material, the library folder and the lookup in parkan/runtime.
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/progress.hpp"
#include "parkan/core/text.hpp"
#include "parkan/game/resource.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/sample.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/runtime/material_library.hpp"
#include "parkan/runtime/material_lookup.hpp"

namespace parkan::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// --attr1/--attr2 for a bare payload (cli.md defaults 0 and 6); an archive entry brings its own
// unless the flags are given.
struct AttrFlags {
  std::uint32_t attr1 = 0;
  std::uint32_t attr2 = 6;
  CLI::Option* attr1_option = nullptr;
  CLI::Option* attr2_option = nullptr;

  void add(CLI::App* cmd) {
    attr1_option = cmd->add_option("--attr1", attr1, "NRes attr1 of a bare payload (runtime flags)");
    attr2_option = cmd->add_option("--attr2", attr2, "NRes attr2 of a bare payload (payload version)");
  }
  material::Mat0Attributes for_resource(const game::Resource& r) const {
    material::Mat0Attributes a{attr1, attr2};
    if (r.entry) {
      if (attr1_option->count() == 0) a.attr1 = r.entry->attr1;
      if (attr2_option->count() == 0) a.attr2 = r.entry->attr2;
    }
    return a;
  }
};

// A bare path that is an NRes archive means "the whole library" (a MAT0 payload cannot start with
// "NRes": that would announce 0x7365 animation blocks).
bool is_archive_file(const std::string& src) {
  game::ResourceRef ref = game::parse_resource_ref(src);
  if (ref.name || ref.index) return false;
  auto file = MappedFile::open(src);
  return file && file->bytes().size() >= 4 && load_u32(file->bytes().data()) == nres::kMagic;
}

struct OpenMaterial {
  game::Resource resource;
  material::Mat0 mat;
};

Result<OpenMaterial> open_material(const std::string& src, const AttrFlags& attrs) {
  if (is_archive_file(src))
    return usage_error(fmt::format("{} is an archive: name one material as {}::NAME or {}::#N", src, src, src));
  PARKAN_ASSIGN(game::Resource resource, game::open_resource(src));
  auto mat = material::read_mat0(resource.bytes, attrs.for_resource(resource));
  if (!mat) return resource.locate(std::move(mat).error());
  return OpenMaterial{std::move(resource), std::move(*mat)};
}


Result<nres::Archive> read_archive(const MappedFile& file) {
  auto archive = nres::read(file.bytes(), nres::Profile::compatible);
  if (!archive) return std::move(archive).error().in_file(file.path().string());
  return archive;
}

Status make_folder(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return io_error("cannot create folder: " + ec.message(), dir.string());
  return {};
}

Result<int> dump_library(const std::string& src, const std::string& out_dir) {
  PARKAN_ASSIGN(MappedFile file, MappedFile::open(src));
  PARKAN_ASSIGN(nres::Archive archive, read_archive(file));
  runtime::MaterialFolder folder = runtime::dump_material_library(archive);
  PARKAN_TRY(make_folder(out_dir));
  Progress progress("mat0 dump", folder.files.size() + 1, !globals().quiet);
  for (const runtime::MaterialFolderFile& f : folder.files) {
    PARKAN_TRY(write_file_atomic(fs::path(out_dir) / f.name, f.bytes, {src}));
    progress.advance();
  }
  std::string manifest = folder.manifest.dump(2) + "\n";
  PARKAN_TRY(write_file_atomic(fs::path(out_dir) / nres::kManifestName, as_bytes(manifest), {src}));
  progress.advance();
  std::cerr << fmt::format("{} materials as text, {} files in {}\n", folder.materials, folder.files.size() + 1,
                           out_dir);
  return 0;
}

Result<json> read_json_file(const fs::path& path) {
  PARKAN_ASSIGN(ByteBuffer text, read_file(path));
  json doc = json::parse(as_chars(text), nullptr, false);
  if (doc.is_discarded()) return invalid("not valid JSON").in_file(path.string());
  return doc;
}

Result<int> build_library(const fs::path& in_dir, const std::string& out) {
  PARKAN_ASSIGN(json manifest, read_json_file(in_dir / nres::kManifestName));
  std::vector<fs::path> inputs{in_dir / nres::kManifestName};
  // Errors name files relative to the folder; the folder is added once below.
  nres::FileLoader load = [&](const std::string& name) -> Result<ByteBuffer> {
    inputs.push_back(in_dir / name);
    auto bytes = read_file(in_dir / name);
    if (!bytes) {
      Error e = std::move(bytes).error();
      e.file = name;
      return e;
    }
    return bytes;
  };
  auto bytes = runtime::build_material_library(std::move(manifest), load);
  if (!bytes) {
    Error e = std::move(bytes).error();
    if (e.file.empty()) e.file = (in_dir / nres::kManifestName).string();
    else e.file = (in_dir / e.file).string();
    return e;
  }
  PARKAN_TRY(write_file_atomic(out, *bytes, inputs));
  return 0;
}

void print_findings(const std::vector<material::Finding>& findings, const std::string& where) {
  for (const material::Finding& f : findings) {
    Error e = f.error;
    if (e.file.empty()) e.file = where;
    print_finding(f.severity == material::Severity::error ? "error" : "warning", e);
  }
}

std::string where_of(const game::Resource& r) {
  return r.entry ? r.path + "::" + r.entry_name() : r.path;
}

Result<int> check_one(const std::string& src, const AttrFlags& attrs) {
  PARKAN_ASSIGN(OpenMaterial m, open_material(src, attrs));
  auto findings = material::check_mat0(m.mat);
  print_findings(findings, where_of(m.resource));
  if (findings.empty()) std::cout << where_of(m.resource) << ": ok\n";
  return material::has_errors(findings) ? 1 : 0;
}

Result<int> check_library(const std::string& src) {
  PARKAN_ASSIGN(MappedFile file, MappedFile::open(src));
  PARKAN_ASSIGN(nres::Archive archive, read_archive(file));
  std::size_t bad = 0, warned = 0, checked = 0;
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    if (archive.entries[i].type_id != material::kMat0TypeId) continue;
    ++checked;
    std::string where = src + "::" + cp1251_to_utf8(archive.entries[i].name());
    auto mat = runtime::load_material(archive, i);
    if (!mat) {
      print_finding("error", std::move(mat).error().in_file(src));
      ++bad;
      continue;
    }
    auto findings = material::check_mat0(*mat);
    print_findings(findings, where);
    bad += material::has_errors(findings);
    warned += !findings.empty() && !material::has_errors(findings);
  }
  std::cout << fmt::format("{} materials checked: {} with errors, {} with warnings only\n", checked, bad, warned);
  return bad ? 1 : 0;
}

void print_record_text(std::size_t i, const material::PhaseRecord& r, std::string_view texture) {
  std::cout << fmt::format("phase {}: texture \"{}\" u16 {} i18 {}\n", i, cp1251_to_utf8(texture), r.u16, r.i18);
  std::cout << "  f:";
  for (float f : r.f) std::cout << fmt::format(" {}", f);
  std::cout << '\n';
}

}  // namespace

void add_mat0_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("mat0", "MAT0 materials: dump, build, check, runtime records, animation");
  group->require_subcommand(1);

  {
    auto src = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    auto attrs = std::make_shared<AttrFlags>();
    CLI::App* cmd = add_command(*group, "dump",
                                "the editable text form of a material (SRC), or every material of a library "
                                "(ARCHIVE OUTDIR: one text file per material plus manifest.json)",
                                [=]() -> Result<int> {
                                  if (!out->empty()) return dump_library(*src, *out);
                                  PARKAN_ASSIGN(OpenMaterial m, open_material(*src, *attrs));
                                  json doc = material::mat0_to_json(m.mat);
                                  if (m.resource.entry) doc["name"] = m.resource.entry_name();
                                  // One document either way; the text form is indented for editing.
                                  std::cout << doc.dump(*as_json ? -1 : 2, ' ', false,
                                                        nlohmann::json::error_handler_t::replace)
                                            << '\n';
                                  return 0;
                                });
    cmd->add_option("SRC", *src, "MAT0 payload, ARCHIVE::NAME, ARCHIVE::#N, or a whole ARCHIVE with OUTDIR")->required();
    cmd->add_option("OUTDIR", *out, "folder for a whole library's text files");
    cmd->add_flag("--json", *as_json, "one compact JSON document");
    attrs->add(cmd);
  }
  {
    auto in = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>();
    CLI::App* cmd = add_command(*group, "build",
                                "payload bytes from a text form (IN.json OUT), or a whole library from a dumped "
                                "folder (INDIR OUT.lib); unmodified text gives the original bytes",
                                [=]() -> Result<int> {
                                  if (fs::is_directory(*in)) return build_library(*in, *out);
                                  PARKAN_ASSIGN(json doc, read_json_file(*in));
                                  auto mat = material::mat0_from_json(doc);
                                  if (!mat) return std::move(mat).error().in_file(*in);
                                  auto bytes = material::write_mat0(*mat);
                                  if (!bytes) return std::move(bytes).error().in_file(*in);
                                  PARKAN_TRY(write_file_atomic(*out, *bytes, {*in}));
                                  return 0;
                                });
    cmd->add_option("IN", *in, "a text form (.json) or a folder written by mat0 dump ARCHIVE OUTDIR")->required();
    cmd->add_option("OUT", *out, "the payload or archive to write")->required();
  }
  {
    auto src = std::make_shared<std::string>();
    auto attrs = std::make_shared<AttrFlags>();
    CLI::App* cmd = add_command(*group, "check",
                                "semantic checks (texture names, key phase indices, end times, cycles); exit 1 "
                                "on errors. A whole ARCHIVE checks every MAT0 entry",
                                [=]() -> Result<int> {
                                  if (is_archive_file(*src)) return check_library(*src);
                                  return check_one(*src, *attrs);
                                });
    cmd->add_option("SRC", *src, "MAT0 payload, ARCHIVE::NAME, ARCHIVE::#N or ARCHIVE")->required();
    attrs->add(cmd);
  }
  {
    auto src = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    auto attrs = std::make_shared<AttrFlags>();
    CLI::App* cmd = add_command(*group, "phases", "each phase as the engine's 76-byte runtime record",
                                [=]() -> Result<int> {
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
    cmd->add_option("SRC", *src, "MAT0 payload, ARCHIVE::NAME or ARCHIVE::#N")->required();
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
        *group, "sample", "phase selection and interpolation as the engine: by --game-time (with --start) or by --t",
        [=]() -> Result<int> {
          if (!a->t_option->count() && !a->game_time_option->count())
            return usage_error("mat0 sample needs --game-time T [--start S] or --t X");
          PARKAN_ASSIGN(OpenMaterial m, open_material(a->src, a->attrs));
          auto timeline = material::Timeline::make(m.mat, a->block);
          if (!timeline) return m.resource.locate(std::move(timeline).error());
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
            std::cout << fmt::format("block {} ({}, mask 0x{:x}, cycle {} ms): key {} -> key {}, alpha {}, start time {}\n",
                                     a->block, material::mode_name(timeline->mode()), timeline->mask(),
                                     timeline->cycle(), s.key, s.next, s.alpha, start);
            print_record_text(timeline->keys()[s.key].phase, phase, texture);
          }
          return 0;
        });
    cmd->add_option("SRC", a->src, "MAT0 payload, ARCHIVE::NAME or ARCHIVE::#N")->required();
    cmd->add_option("--block", a->block, "animation block index")->required();
    a->game_time_option = cmd->add_option("--game-time", a->game_time, "game time in ms (uint32)");
    cmd->add_option("--start", a->start, "the wear record's start time in ms (uint32)")->needs(a->game_time_option);
    cmd->add_option("--rand", a->rand, "what rand() returns (mode 3), default 0");
    a->t_option = cmd->add_option("--t", a->t, "normalized time (outside [0, 1] the engine uses 0.5)");
    a->t_option->excludes(a->game_time_option);
    cmd->add_flag("--json", a->as_json, "one JSON document");
    a->attrs.add(cmd);
  }
  {
    auto archive_path = std::make_shared<std::string>();
    auto name = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(*group, "find",
                                "LoadMaterial's lookup: the exact name, then DEFAULT, then entry 0",
                                [=]() -> Result<int> {
                                  PARKAN_ASSIGN(MappedFile file, MappedFile::open(*archive_path));
                                  PARKAN_ASSIGN(nres::Archive archive, read_archive(file));
                                  auto name_bytes = utf8_to_cp1251(*name).value_or(*name);
                                  auto found = runtime::find_material(archive, name_bytes);
                                  if (!found) return invalid("the library has no entries").in_file(*archive_path);
                                  std::string entry = cp1251_to_utf8(archive.entries[found->index].name());
                                  if (*as_json) {
                                    print_json({{"index", found->index},
                                                {"name", entry},
                                                {"match", runtime::match_name(found->match)},
                                                {"log", found->log.empty() ? json(nullptr) : json(found->log)}});
                                  } else {
                                    if (!found->log.empty()) std::cout << found->log << '\n';
                                    std::cout << fmt::format("#{} {} ({})\n", found->index, entry,
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
