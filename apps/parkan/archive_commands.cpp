// parkan archive list|verify|cat|extract|pack|repack|add|replace|remove|rename (docs/cli.md 10.1).
//
// Every command keeps its memory near the size of its input (issue 9, defect 3): the archive is
// mapped, its directory read once, and whatever is as large as the archive (JSON documents, the new
// archive, the folder's manifest) is streamed, never built whole. bench/archive_memory.sh measures it.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <system_error>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/progress.hpp"
#include "parkan/core/text.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/nres/folder.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/core/utf8_path.hpp"
#include "rsli_archive.hpp"

namespace parkan::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct OpenArchive {
  MappedFile file;
  nres::Archive archive;
};

nres::Profile profile_of(bool compatible) { return compatible ? nres::Profile::compatible : nres::Profile::strict; }
const char* profile_name(bool compatible) { return compatible ? "compatible" : "strict"; }

Result<std::unique_ptr<OpenArchive>> open_archive(const std::string& path, nres::Profile profile) {
  auto open = std::make_unique<OpenArchive>();
  PARKAN_ASSIGN(open->file, MappedFile::open(path_from_utf8(path)));
  auto archive = nres::read(open->file.bytes(), profile);
  if (!archive) return std::move(archive).error().in_file(path);
  open->archive = std::move(archive).value();
  return open;
}

// ENTRY on the command line: "#N" (directory index) or a name found the way the engine finds it,
// given as UTF-8 (converted to cp1251) or as raw bytes (resource::name_to_cp1251).
Result<std::size_t> resolve_entry(const nres::Archive& archive, const std::string& path, const std::string& text) {
  const resource::Reference ref = resource::parse_reference("x::" + text);
  if (ref.index) {
    if (*ref.index >= archive.entries.size())
      return invalid(fmt::format("no entry #{} (the archive has {} entries)", *ref.index, archive.entries.size()))
          .in_file(path);
    return *ref.index;
  }
  auto index = nres::find(archive, resource::name_to_cp1251(text));
  if (!index) return invalid(fmt::format("no entry named \"{}\"", text)).in_file(path);
  return *index;
}

Result<std::string> cp1251_name(const std::string& utf8) {
  auto name = utf8_to_cp1251(utf8);
  if (!name) return usage_error(fmt::format("name \"{}\" has characters that cp1251 cannot hold", utf8));
  return *name;
}

Result<std::uint32_t> type_id_of(const std::string& text) {
  auto id = nres::parse_type_name(text);
  if (!id) return usage_error(fmt::format("--type \"{}\" is neither four printable characters nor a number", text));
  return *id;
}

// The type id a payload's magic names, where it has one: a Texm is stored as "Texm", an NRes (a
// model, docs/formats/msh.md) as "MESH". MAT0 and WEAR payloads have no magic.
std::optional<std::uint32_t> type_from_magic(ByteView payload) {
  if (payload.size() < 4) return std::nullopt;
  switch (load_u32(payload.data())) {
    case resource::kTypeTexm: return resource::kTypeTexm;  // the payload starts with "Texm"
    case nres::kMagic: return resource::kTypeMesh;
    default: return std::nullopt;
  }
}

// stdout in blocks, for documents too large to build first.
class StdoutWriter {
 public:
  ~StdoutWriter() { flush(); }
  void put(std::string_view text) {
    buffer_ += text;
    if (buffer_.size() >= 64 * 1024) flush();
  }
  Status finish() {
    flush();
    std::fflush(stdout);
    if (failed_ || std::ferror(stdout)) return io_error("cannot write to stdout", "<stdout>");
    return {};
  }

 private:
  void flush() {
    if (!buffer_.empty() && std::fwrite(buffer_.data(), 1, buffer_.size(), stdout) != buffer_.size()) failed_ = true;
    buffer_.clear();
  }
  std::string buffer_;
  bool failed_ = false;
};

// A JSON string exactly as print_json writes it (invalid UTF-8 replaced).
std::string json_string(std::string_view text) {
  return json(std::string(text)).dump(-1, ' ', false, json::error_handler_t::replace);
}

// An AtomicFile as the writers' sink, created on the first write (after every input was read).
struct OutputSink {
  fs::path path;
  std::vector<fs::path> inputs;
  std::optional<AtomicFile> file;

  nres::ByteSink sink() {
    return [this](ByteView bytes) -> Status {
      if (!file) {
        PARKAN_ASSIGN(AtomicFile created, AtomicFile::create(path, inputs));
        file = std::move(created);
      }
      return file->write(bytes);
    };
  }
  Status commit() {
    if (!file) PARKAN_TRY(sink()(ByteView{}));
    return file->commit();
  }
};

// ---- list ---------------------------------------------------------------------------------------

// The document of docs/cli.md, entry by entry: byte for byte what print_json gives for the whole
// document (keys in json's sorted order), without building it (10^6 entries were 1.5 GB as one).
Status print_list_json(const nres::Archive& a) {
  StdoutWriter out;
  out.put("{\"entries\":[");
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    const nres::Entry& e = a.entries[i];
    out.put(fmt::format("{}{{\"attr1\":{},\"attr2\":{},\"attr3\":{},\"index\":{},\"name\":{},\"offset\":{},\"size\":{},"
                        "\"sort_index\":{},\"type\":{},\"type_id\":{}}}",
                        i == 0 ? "" : ",", e.attr1, e.attr2, e.attr3, i, json_string(cp1251_to_utf8(e.name())),
                        e.data_offset, e.size, e.sort_index, json_string(nres::type_name(e.type_id)), e.type_id));
  }
  out.put(fmt::format("],\"format\":\"NRes\",\"total_size\":{},\"version\":{}}}\n", a.total_size, a.version));
  return out.finish();
}

void add_list(CLI::App& group) {
  auto path = std::make_shared<std::string>();
  auto as_json = std::make_shared<bool>(false);
  CLI::App* c = add_command(group, "list", "list entries in original directory order", [=]() -> Result<int> {
    if (is_rsli_library(*path)) return rsli_list(*path, *as_json);
    PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> opened, resource::open_archive(path_from_utf8(*path)));
    const auto* nres_archive = dynamic_cast<const resource::NresArchive*>(opened.get());
    if (!nres_archive) return invalid("not an NRes archive").in_file(*path);
    const nres::Archive& a = nres_archive->directory();
    if (*as_json) {
      PARKAN_TRY(print_list_json(a));
      return 0;
    }
    StdoutWriter out;
    out.put(fmt::format("{:>5}  {:<36} {:<10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>5}\n", "index", "name", "type",
                        "size", "offset", "attr1", "attr2", "attr3", "sort"));
    for (std::size_t i = 0; i < a.entries.size(); ++i) {
      const nres::Entry& e = a.entries[i];
      // Escaped: a name holding a newline or an escape sequence stays on its row (issue 9, defect 1).
      out.put(fmt::format("{:>5}  {:<36} {:<10} {:>10} {:>#10x} {:>10} {:>10} {:>10} {:>5}\n", i,
                          escape_control(cp1251_to_utf8(e.name())), escape_control(nres::type_name(e.type_id)),
                          e.size, e.data_offset, e.attr1, e.attr2, e.attr3, e.sort_index));
    }
    out.put(fmt::format("{} entries, {} bytes\n", a.entries.size(), a.total_size));
    PARKAN_TRY(out.finish());
    return 0;
  });
  c->add_option("ARCHIVE", *path, "NRes archive or RsLi library")->required();
  c->add_flag("--json", *as_json, "print one JSON document (docs/cli.md keys)");
}

// ---- verify -------------------------------------------------------------------------------------

std::string entries_text(std::size_t n) { return n == 1 ? "1 entry" : fmt::format("{} entries", n); }


void add_verify(CLI::App& group) {
  auto paths = std::make_shared<std::vector<std::string>>();
  auto compatible = std::make_shared<bool>(false);
  auto as_json = std::make_shared<bool>(false);
  CLI::App* c = add_command(
      group, "verify",
      "check every rule of docs/formats/nres.md 6 or docs/formats/rsli.md 9 (strict by default) and print each violation with its code; exit 1 if "
      "any archive has one (3 if one could not be read). Misalignment, non-zero gaps and an unusual sort "
      "table are warnings (exit 0). Several archives: each is reported, then the total",
      [=]() -> Result<int> {
        const nres::Profile profile = profile_of(*compatible);
        std::vector<Diagnostic> all;
        json files = json::array();
        std::size_t total_entries = 0;
        bool unreadable = false;
        for (const std::string& path : *paths) {
          std::size_t entries = 0;
          std::vector<Diagnostic> found;
          auto file = MappedFile::open(path_from_utf8(path));
          if (!file) {
            unreadable = unreadable || file.error().code == ErrorCode::io;
            found.push_back(to_diagnostic(file.error(), "resource.open"));
          } else {
            found = is_rsli_library(path) ? rsli_check(file->bytes(), *compatible, entries)
                                          : nres::check(file->bytes(), profile, &entries);
            locate_all(found, path);
          }
          total_entries += entries;
          const SeverityCounts counts = count_severities(found);
          files.push_back(json{{"src", path}, {"file", path}, {"valid", counts.errors == 0}, {"entries", entries},
                               {"errors", counts.errors}, {"warnings", counts.warnings}, {"notes", counts.notes}});
          if (!*as_json) {
            print_diagnostics(found);
            fmt::print("{}: {}, {}\n", escape_control(path), entries_text(entries), counts_text(counts));
          }
          all.insert(all.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
        }
        if (*as_json) {
          json doc = check_report_json(all);
          doc["file"] = paths->size() == 1 ? json(paths->front()) : json(nullptr);
          doc["profile"] = profile_name(*compatible);
          doc["entries"] = total_entries;
          doc["files"] = std::move(files);
          print_json(doc);
        } else if (paths->size() > 1) {
          fmt::print("total: {} in {}, {}\n", entries_text(total_entries), count_of(paths->size(), "file"),
                     counts_text(count_severities(all)));
        }
        if (unreadable) return static_cast<int>(ErrorCode::io);
        return check_exit_code(all);
      });
  c->add_option("ARCHIVE", *paths, "NRes archives or RsLi libraries")->required();
  c->add_flag("--compatible", *compatible,
              "the engine's tolerance: an unusable sort table is not an error (RsLi: rebuilt; the sprites.lib "
              "quirk read)");
  c->add_flag("--json", *as_json,
              "print one JSON document: valid, errors, warnings, notes, findings (severity, code, file, entry, "
              "offset, message), file, profile, entries, files (one summary per archive)");
}

// ---- cat ----------------------------------------------------------------------------------------

void add_cat(CLI::App& group) {
  auto source = std::make_shared<std::string>();
  CLI::App* c = add_command(group, "cat", "raw payload bytes of one entry to stdout", [=]() -> Result<int> {
    PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(*source));
    const ByteView bytes = payload.bytes();
    if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() || std::fflush(stdout) != 0)
      return io_error("cannot write to stdout", "<stdout>");
    return 0;
  });
  c->add_option("SRC", *source, "ARCHIVE::NAME or ARCHIVE::#N (or a bare file)")->required();
}

// ---- extract / pack -----------------------------------------------------------------------------

void add_extract(CLI::App& group) {
  auto path = std::make_shared<std::string>();
  auto dir = std::make_shared<std::string>();
  CLI::App* c = add_command(
      group, "extract",
      "every payload to a file (names made safe and unique), gaps and unindexed bytes to ~gap-N.bin, "
      "and DIR/manifest.json with every field needed to rebuild the archive byte for byte",
      [=]() -> Result<int> {
        if (is_rsli_library(*path)) return rsli_extract(*path, *dir);
        PARKAN_ASSIGN(auto open, open_archive(*path, nres::Profile::compatible));
        const nres::Archive& archive = open->archive;
        PARKAN_TRY(make_folder(path_from_utf8(*dir)));
        Progress progress("extract", nres::folder_file_count(archive), !globals().quiet);
        OutputSink manifest{path_from_utf8(*dir) / path_from_utf8(nres::kManifestName), {path_from_utf8(*path)}, {}};
        PARKAN_TRY(nres::write_folder(
            archive,
            [&](const nres::FolderFile& f) -> Status {
              PARKAN_TRY(write_file_atomic(path_from_utf8(*dir) / path_from_utf8(f.name), f.bytes, {path_from_utf8(*path)}));
              progress.advance();
              return {};
            },
            manifest.sink()));
        PARKAN_TRY(manifest.commit());
        progress.finish();
        if (!globals().quiet)
          fmt::print("{}: {} entries to {}\n", escape_control(*path), archive.entries.size(), escape_control(*dir));
        return 0;
      });
  c->add_option("ARCHIVE", *path, "NRes archive or RsLi library (an RsLi folder keeps the library as "
                                   "~library.rlb beside the unpacked entries)")->required();
  c->add_option("DIR", *dir, "output folder (created when missing)")->required();
}

// Files of the folder that the manifest does not name (added by hand, never packed): one warning
// each. `loaded` is sorted.
std::vector<Diagnostic> unlisted_files(const fs::path& dir, const std::vector<std::string>& loaded,
                                       const fs::path& out) {
  std::vector<Diagnostic> found;
  auto entries = list_folder(dir);
  if (!entries) return found;  // the folder was just read: nothing to add when it cannot be listed now
  for (const FolderEntry& entry : *entries) {
    if (entry.name == nres::kManifestName || entry.kind == FolderEntry::Kind::folder) continue;
    if (std::binary_search(loaded.begin(), loaded.end(), entry.name)) continue;
    const fs::path file = dir / path_from_utf8(entry.name);
    if (same_file(file, out)) continue;  // the archive just written into the folder
    found.push_back(Diagnostic{nres::codes::kFolderUnlisted, Severity::warning, Location{path_to_utf8(file), {}, std::nullopt},
                               "not in the manifest, so not packed (add it to \"entries\" to pack it)"});
  }
  std::sort(found.begin(), found.end(),
            [](const Diagnostic& a, const Diagnostic& b) { return a.location.file < b.location.file; });
  return found;
}

void add_pack(CLI::App& group) {
  auto dir = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto rebuild = std::make_shared<bool>(false);
  CLI::App* c = add_command(
      group, "pack",
      "rebuild an archive from DIR/manifest.json: an unmodified extract gives the original bytes; edited "
      "payload files are rebuilt around losslessly (later data shifted, offsets and sizes recomputed). A "
      "file of DIR that the manifest does not name is not packed (a warning says so)",
      [=]() -> Result<int> {
        if (is_rsli_folder(*dir)) return rsli_pack(*dir, *out);
        const fs::path folder = path_from_utf8(*dir);
        const fs::path out_path = path_from_utf8(*out);
        const fs::path manifest_path = folder / path_from_utf8(nres::kManifestName);
        PARKAN_ASSIGN(InputFile manifest, InputFile::open(manifest_path));
        std::vector<std::string> loaded;  // names of the folder's files read so far
        std::optional<Progress> progress;
        nres::PackOptions options{*rebuild, [&](std::size_t files) {
                                    progress.emplace("pack", files, !globals().quiet);
                                  }};
        nres::FileLoader load = [&](const std::string& name) -> Result<ByteBuffer> {
          loaded.push_back(name);
          if (progress) progress->advance();
          return read_file(folder / path_from_utf8(name));
        };
        nres::TextSource text = [&](std::uint8_t* buffer, std::size_t size) { return manifest.read(buffer, size); };
        OutputSink output{out_path, {manifest_path}, {}};
        // Refuse to overwrite an input: the manifest (checked on creation) or any file read.
        nres::ByteSink sink = [&, inner = output.sink()](ByteView bytes) -> Status {
          if (!output.file) {
            if (path_kind(out_path) != PathKind::missing)
              for (const std::string& name : loaded) {
                if (same_file(folder / path_from_utf8(name), out_path))
                  return io_error("refusing to overwrite the input file", *out);
              }
          }
          return inner(bytes);
        };
        auto packed = nres::pack_folder(text, load, sink, options);
        if (!packed) {
          Error error = std::move(packed).error();
          if (error.code == ErrorCode::invalid_input) return std::move(error).in_file(path_to_utf8(manifest_path));
          return error;
        }
        PARKAN_TRY(output.commit());
        if (progress) progress->finish();
        std::sort(loaded.begin(), loaded.end());
        print_diagnostics(unlisted_files(folder, loaded, out_path));
        return 0;
      });
  c->add_option("DIR", *dir, "folder written by archive extract")->required();
  c->add_option("OUT", *out, "the archive to write")->required();
  c->add_flag("--rebuild-sort-table", *rebuild, "rebuild sort_index with the engine's compare even if no name changed");
}

// ---- repack and the editors ---------------------------------------------------------------------

struct EditInput {
  std::string path, out;
  bool compatible = false;
  std::optional<std::string> method;  // RsLi only
  int level = 6;                      // RsLi only: Deflate's level
  RsliEdit rsli() const { return RsliEdit{path, out, compatible, method, level}; }
};

void add_edit_options(CLI::App* c, EditInput& in, bool out_last = true) {
  if (out_last) c->add_option("OUT", in.out, "the new archive (never the input)")->required();
  c->add_flag("--compatible", in.compatible, "accept an archive that only the compatible profile reads");
}

// --method of the RsLi editors: how a new or replaced payload is stored.
void add_method_option(CLI::App* c, EditInput& in) {
  c->add_option("--method", in.method,
                "RsLi only: store the payload as stored|xor|lzss|xor-lzss|lzhuf|xor-lzhuf|deflate (default: the "
                "replaced entry's method, else stored)");
  c->add_option("--level", in.level, "RsLi only: the Deflate compression level, 0..12 (default 6)")
      ->check(CLI::Range(0, 12));
}

// An NRes archive has no storage methods.
Status refuse_method(const EditInput& in) {
  if (in.method) return usage_error("--method applies to RsLi libraries; " + in.path + " is an NRes archive");
  return {};
}

struct AttrOptions {
  std::optional<std::string> type;
  std::optional<std::uint32_t> attr1, attr2, attr3;
};

void add_attr_options(CLI::App* c, AttrOptions& a, const char* type_help) {
  c->add_option("--type", a.type, type_help);
  c->add_option("--attr1", a.attr1, "attr1 (type-specific, kept verbatim)");
  c->add_option("--attr2", a.attr2, "attr2");
  c->add_option("--attr3", a.attr3, "attr3");
}

void add_repack(CLI::App& group) {
  auto in = std::make_shared<EditInput>();
  CLI::App* c = add_command(
      group, "repack",
      "canonical compact rebuild: payloads in directory order from offset 16, 8-aligned, zero padding, "
      "sort table rebuilt; gaps and unindexed regions are dropped. Reads what the compatible profile "
      "reads (a sort table in another order is rebuilt anyway)",
      [=]() -> Result<int> {
        if (is_rsli_library(in->path)) return rsli_repack(in->path, in->out);
        // Always the compatible profile: the sort table is rebuilt, so its stored order is moot.
        PARKAN_ASSIGN(auto open, open_archive(in->path, nres::Profile::compatible));
        OutputSink output{path_from_utf8(in->out), {path_from_utf8(in->path)}, {}};
        auto written = nres::write_canonical(open->archive, output.sink());
        if (!written) {
          Error error = std::move(written).error();
          if (error.code == ErrorCode::invalid_input) return std::move(error).in_file(in->out);
          return error;
        }
        PARKAN_TRY(output.commit());
        return 0;
      });
  c->add_option("ARCHIVE", in->path, "NRes archive or RsLi library")->required();
  add_edit_options(c, *in);
  c->get_option("--compatible")->description("accepted for old scripts: repack always reads the compatible profile");
}

Result<int> write_edit(const EditInput& in, const nres::Document& document,
                       const std::vector<fs::path>& more_inputs = {}) {
  std::vector<fs::path> inputs{path_from_utf8(in.path)};
  inputs.insert(inputs.end(), more_inputs.begin(), more_inputs.end());
  OutputSink output{path_from_utf8(in.out), std::move(inputs), {}};
  auto written = nres::write_lossless(document, output.sink());
  if (!written) {
    Error error = std::move(written).error();
    if (error.code == ErrorCode::invalid_input) return std::move(error).in_file(in.out);
    return error;
  }
  PARKAN_TRY(output.commit());
  return 0;
}

Status apply_attrs(nres::Entry& entry, const AttrOptions& a) {
  if (a.type) {
    PARKAN_ASSIGN(entry.type_id, type_id_of(*a.type));
  }
  if (a.attr1) entry.attr1 = *a.attr1;
  if (a.attr2) entry.attr2 = *a.attr2;
  if (a.attr3) entry.attr3 = *a.attr3;
  return {};
}

void add_add(CLI::App& group) {
  auto in = std::make_shared<EditInput>();
  auto name = std::make_shared<std::string>();
  auto payload_path = std::make_shared<std::string>();
  auto attrs = std::make_shared<AttrOptions>();
  auto duplicate = std::make_shared<bool>(false);
  CLI::App* c = add_command(
      group, "add",
      "append a new entry (payload 8-aligned at the end of the data region, sort table rebuilt); "
      "every other byte is kept",
      [=]() -> Result<int> {
        if (is_rsli_library(in->path)) return rsli_add(in->rsli(), *name, *payload_path);
        PARKAN_TRY(refuse_method(*in));
        if (attrs->type) PARKAN_TRY(type_id_of(*attrs->type));
        PARKAN_ASSIGN(auto open, open_archive(in->path, profile_of(in->compatible)));
        PARKAN_ASSIGN(std::string entry_name, cp1251_name(*name));
        if (!*duplicate && nres::find(open->archive, entry_name))
          return invalid(fmt::format("an entry named \"{}\" exists (use replace, or --allow-duplicate)", *name))
              .in_file(in->path);
        PARKAN_ASSIGN(MappedFile payload, MappedFile::open(path_from_utf8(*payload_path)));
        nres::EntrySpec spec;
        spec.name = entry_name;
        spec.payload = payload.bytes();
        if (!attrs->type) {
          // Without --type, the payload's magic names the type; without a magic it must be given.
          std::optional<std::uint32_t> type = type_from_magic(payload.bytes());
          if (!type)
            return usage_error(fmt::format("--type is needed: {} does not start with a magic that names its type "
                                           "(Texm and NRes payloads do; MAT0 and WEAR do not)",
                                           *payload_path));
          spec.type_id = *type;
        }
        nres::Document document = nres::make_document(std::move(open->archive));
        auto added = nres::add_entry(document, spec);
        if (!added) return std::move(added).error().in_file(in->path);
        PARKAN_TRY(apply_attrs(document.entries.back(), *attrs));
        return write_edit(*in, document, {path_from_utf8(*payload_path)});
      });
  c->add_option("ARCHIVE", in->path, "NRes archive or RsLi library")->required();
  c->add_option("NAME", *name, "entry name (at most 35 bytes in cp1251)")->required();
  c->add_option("PAYLOAD", *payload_path, "file holding the payload")->required();
  add_edit_options(c, *in);
  add_attr_options(c, *attrs,
                   "type id: four characters (Texm, MAT0, WEAR, ...) or a decimal number; may be left out "
                   "for a payload whose magic names it (Texm -> Texm, NRes -> MESH)");
  c->add_flag("--allow-duplicate", *duplicate, "add even when an entry of that name exists (the engine allows it)");
  add_method_option(c, *in);
}

void add_replace(CLI::App& group) {
  auto in = std::make_shared<EditInput>();
  auto entry = std::make_shared<std::string>();
  auto payload_path = std::make_shared<std::string>();
  auto attrs = std::make_shared<AttrOptions>();
  CLI::App* c = add_command(
      group, "replace",
      "replace one entry's payload (later data shifted, offsets, sizes and padding recomputed; the sort "
      "table is kept) and optionally its type and attrs",
      [=]() -> Result<int> {
        if (is_rsli_library(in->path)) return rsli_replace(in->rsli(), *entry, *payload_path);
        PARKAN_TRY(refuse_method(*in));
        PARKAN_ASSIGN(auto open, open_archive(in->path, profile_of(in->compatible)));
        PARKAN_ASSIGN(std::size_t index, resolve_entry(open->archive, in->path, *entry));
        PARKAN_ASSIGN(MappedFile payload, MappedFile::open(path_from_utf8(*payload_path)));
        nres::Document document = nres::make_document(std::move(open->archive));
        PARKAN_TRY(nres::replace_payload(document, index, payload.bytes()));
        PARKAN_TRY(apply_attrs(document.entries[index], *attrs));
        return write_edit(*in, document, {path_from_utf8(*payload_path)});
      });
  c->add_option("ARCHIVE", in->path, "NRes archive or RsLi library")->required();
  c->add_option("ENTRY", *entry, "entry name (engine lookup) or #N (directory index)")->required();
  c->add_option("PAYLOAD", *payload_path, "file holding the new payload")->required();
  add_edit_options(c, *in);
  add_attr_options(c, *attrs, "new type id: four characters (Texm, MAT0, WEAR, ...) or a decimal number");
  add_method_option(c, *in);
}

void add_remove(CLI::App& group) {
  auto in = std::make_shared<EditInput>();
  auto entry = std::make_shared<std::string>();
  CLI::App* c = add_command(
      group, "remove",
      "remove one entry and its payload with its padding (sort table rebuilt); every other byte is kept",
      [=]() -> Result<int> {
        if (is_rsli_library(in->path)) return rsli_remove(in->rsli(), *entry);
        PARKAN_ASSIGN(auto open, open_archive(in->path, profile_of(in->compatible)));
        PARKAN_ASSIGN(std::size_t index, resolve_entry(open->archive, in->path, *entry));
        nres::Document document = nres::make_document(std::move(open->archive));
        PARKAN_TRY(nres::remove_entry(document, index));
        return write_edit(*in, document);
      });
  c->add_option("ARCHIVE", in->path, "NRes archive or RsLi library")->required();
  c->add_option("ENTRY", *entry, "entry name (engine lookup) or #N (directory index)")->required();
  add_edit_options(c, *in);
}

void add_rename(CLI::App& group) {
  auto in = std::make_shared<EditInput>();
  auto entry = std::make_shared<std::string>();
  auto name = std::make_shared<std::string>();
  CLI::App* c = add_command(
      group, "rename", "rename one entry (its name field zero-filled, sort table rebuilt); every other byte is kept",
      [=]() -> Result<int> {
        if (is_rsli_library(in->path)) return rsli_rename(in->rsli(), *entry, *name);
        PARKAN_ASSIGN(auto open, open_archive(in->path, profile_of(in->compatible)));
        PARKAN_ASSIGN(std::size_t index, resolve_entry(open->archive, in->path, *entry));
        PARKAN_ASSIGN(std::string new_name, cp1251_name(*name));
        nres::Document document = nres::make_document(std::move(open->archive));
        auto renamed = nres::rename_entry(document, index, new_name);
        if (!renamed) return std::move(renamed).error().in_file(in->path);
        return write_edit(*in, document);
      });
  c->add_option("ARCHIVE", in->path, "NRes archive or RsLi library")->required();
  c->add_option("ENTRY", *entry, "entry name (engine lookup) or #N (directory index)")->required();
  c->add_option("NEW_NAME", *name, "the new name (at most 35 bytes in cp1251; RsLi: 12, upper case)")->required();
  add_edit_options(c, *in);
}

}  // namespace

void add_archive_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("archive", "NRes archives and RsLi libraries: list, check, extract, rebuild, edit");
  group->require_subcommand(1);
  add_list(*group);
  add_verify(*group);
  add_cat(*group);
  add_extract(*group);
  add_pack(*group);
  add_repack(*group);
  add_add(*group);
  add_replace(*group);
  add_remove(*group);
  add_rename(*group);
}

}  // namespace parkan::cli
