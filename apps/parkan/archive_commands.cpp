// parkan archive list|verify|cat|extract|pack|repack|add|replace|remove|rename (docs/cli.md 10.1).
//
// Glue only: the container's work (NRes or RsLi) is behind resource::Archive, opened by its magic,
// and resource::pack_folder; this file parses the command line, names the files in messages and
// writes the outputs (staged folders, atomic files).
//
// Every NRes command keeps its memory near the size of its input: the archive is mapped, its
// directory read once, and whatever is as large as the archive (JSON documents, the new archive, the
// folder's manifest) is streamed, never built whole. bench/archive_memory.sh measures it.
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
#include "parkan/core/staged_folder.hpp"
#include "parkan/core/progress.hpp"
#include "parkan/core/text.hpp"
#include "parkan/nres/folder.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/folder_files.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

resource::Profile profile_of(bool compatible) {
  return compatible ? resource::Profile::compatible : resource::Profile::strict;
}
const char* profile_name(bool compatible) { return compatible ? "compatible" : "strict"; }

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

// An AtomicFile as the writers' sink, created on the first write (after every input was read).
struct OutputSink {
  fs::path path;
  std::vector<fs::path> inputs;
  std::optional<AtomicFile> file;

  resource::ByteSink sink() {
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

// ---- the folder form ---------------------------------------------------------------------------


// ---- list ---------------------------------------------------------------------------------------

void add_list(CLI::App& group) {
  auto path = std::make_shared<std::string>();
  auto as_json = std::make_shared<bool>(false);
  CLI::App* c = add_command(group, "list", "list entries in original directory order", [=]() -> Result<int> {
    PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> archive, resource::open_archive(path_from_utf8(*path)));
    StdoutWriter out;
    PARKAN_TRY(archive->write_listing(*as_json ? resource::ListFormat::json : resource::ListFormat::table,
                                      [&](ByteView bytes) -> Status {
                                        out.put({reinterpret_cast<const char*>(bytes.data()), bytes.size()});
                                        return {};
                                      }));
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
        const resource::Profile profile = profile_of(*compatible);
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
            found = resource::verify_archive(file->bytes(), profile, entries);
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
        PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> archive, resource::open_archive(path_from_utf8(*path)));
        PARKAN_ASSIGN(StagedFolder folder, StagedFolder::create(path_from_utf8(*dir), path_from_utf8(*path), "~extracting"));
        Progress progress("extract", archive->folder_file_count(), !globals().quiet);
        OutputSink manifest{folder.staged_path(std::string(nres::kManifestName)), {}, {}};
        PARKAN_TRY(archive->write_folder(
            [&](const std::string& name, ByteView bytes) -> Status {
              PARKAN_TRY(folder.write(name, bytes));
              progress.advance();
              return {};
            },
            manifest.sink()));
        PARKAN_TRY(manifest.commit());
        PARKAN_TRY(folder.publish());
        progress.finish();
        if (!globals().quiet)
          fmt::print("{}: {} entries to {}\n", escape_control(*path), archive->entry_count(), escape_control(*dir));
        return 0;
      });
  c->add_option("ARCHIVE", *path, "NRes archive or RsLi library (an RsLi folder keeps the library as "
                                   "~library.rlb beside the unpacked entries)")->required();
  c->add_option("DIR", *dir, "output folder (created when missing)")->required();
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
        const fs::path folder = path_from_utf8(*dir);
        const fs::path out_path = path_from_utf8(*out);
        const fs::path manifest_path = folder / path_from_utf8(nres::kManifestName);
        std::vector<std::string> loaded;  // names of the folder's files read so far
        std::optional<Progress> progress;
        resource::FolderPack options;
        options.rebuild_sort_table = *rebuild;
        options.on_count = [&](std::size_t files) { progress.emplace("pack", files, !globals().quiet); };
        options.on_read = [&](const std::string& name) {
          loaded.push_back(name);
          if (progress) progress->advance();
        };
        options.out_name = *out;
        OutputSink output{out_path, {manifest_path}, {}};
        // Refuse to overwrite an input: the manifest (checked on creation) or any file read.
        resource::ByteSink sink = [&, inner = output.sink()](ByteView bytes) -> Status {
          if (!output.file) {
            if (path_kind(out_path) != PathKind::missing)
              for (const std::string& name : loaded) {
                if (same_file(folder / path_from_utf8(name), out_path))
                  return io_error("refusing to overwrite the input file", *out);
              }
          }
          return inner(bytes);
        };
        Status packed = resource::pack_folder(folder, options, sink);
        if (!packed) {
          Error error = std::move(packed).error();
          if (error.code == ErrorCode::invalid_input) return std::move(error).in_file(path_to_utf8(manifest_path));
          return error;
        }
        PARKAN_TRY(output.commit());
        if (progress) progress->finish();
        std::sort(loaded.begin(), loaded.end());
        print_diagnostics(resource::files_not_in_manifest(folder, loaded, out_path));
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
  resource::PayloadEdit payload;  // add and replace
};

void add_edit_options(CLI::App* c, EditInput& in, bool out_last = true) {
  if (out_last) c->add_option("OUT", in.out, "the new archive (never the input)")->required();
  c->add_flag("--compatible", in.compatible, "accept an archive that only the compatible profile reads");
}

// --method of the RsLi editors: how a new or replaced payload is stored.
void add_method_option(CLI::App* c, EditInput& in) {
  c->add_option("--method", in.payload.method,
                "RsLi only: store the payload as stored|xor|lzss|xor-lzss|lzhuf|xor-lzhuf|deflate (default: the "
                "replaced entry's method, else stored)");
  c->add_option("--level", in.payload.level, "RsLi only: the Deflate compression level, 0..12 (default 6)")
      ->check(CLI::Range(0, 12));
}

void add_force_flag(CLI::App* c, bool& force) {
  c->add_flag("--force", force,
              "NRes: write a payload whose magic is not its type's, or that its kind's checker refuses");
}

void add_attr_options(CLI::App* c, resource::PayloadEdit& a, const char* type_help) {
  c->add_option("--type", a.type, type_help);
  c->add_option("--attr1", a.attr1, "attr1 (type-specific, kept verbatim)");
  c->add_option("--attr2", a.attr2, "attr2");
  c->add_option("--attr3", a.attr3, "attr3");
}

// The new archive to OUT (never one of `inputs`), created on its first byte; the writer's invalid-input
// errors (the result would not fit the format) name OUT.
Result<int> write_archive(const std::string& out, std::vector<fs::path> inputs, const resource::ArchiveWriter& writer) {
  OutputSink output{path_from_utf8(out), std::move(inputs), {}};
  Status written = writer(output.sink());
  if (!written) {
    Error error = std::move(written).error();
    if (error.code == ErrorCode::invalid_input) return std::move(error).in_file(out);
    return error;
  }
  PARKAN_TRY(output.commit());
  return 0;
}

// The archive of an edit, read in the profile the edit asks for.
Result<std::shared_ptr<resource::Archive>> open_for_edit(const EditInput& in) {
  return resource::open_archive(path_from_utf8(in.path), profile_of(in.compatible));
}

void add_repack(CLI::App& group) {
  auto in = std::make_shared<EditInput>();
  CLI::App* c = add_command(
      group, "repack",
      "canonical compact rebuild: payloads in directory order from offset 16, 8-aligned, zero padding, "
      "sort table rebuilt; gaps and unindexed regions are dropped. Reads what the compatible profile "
      "reads (a sort table in another order is rebuilt anyway)",
      [=]() -> Result<int> {
        // Always the compatible profile: the sort table is rebuilt, so its stored order is moot.
        PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> archive, resource::open_archive(path_from_utf8(in->path)));
        return write_archive(in->out, {path_from_utf8(in->path)},
                             [&](const resource::ByteSink& out) { return archive->repack(out); });
      });
  c->add_option("ARCHIVE", in->path, "NRes archive or RsLi library")->required();
  add_edit_options(c, *in);
  c->get_option("--compatible")->description("accepted for old scripts: repack always reads the compatible profile");
}

void add_add(CLI::App& group) {
  auto in = std::make_shared<EditInput>();
  auto name = std::make_shared<std::string>();
  CLI::App* c = add_command(
      group, "add",
      "append a new entry (payload 8-aligned at the end of the data region, sort table rebuilt); "
      "every other byte is kept",
      [=]() -> Result<int> {
        PARKAN_ASSIGN(std::shared_ptr<resource::Archive> archive, open_for_edit(*in));
        PARKAN_ASSIGN(resource::ArchiveWriter writer, std::move(*archive).add(*name, in->payload));
        return write_archive(in->out, {path_from_utf8(in->path), path_from_utf8(in->payload.payload_path)}, writer);
      });
  c->add_option("ARCHIVE", in->path, "NRes archive or RsLi library")->required();
  c->add_option("NAME", *name, "entry name (at most 35 bytes in cp1251)")->required();
  c->add_option("PAYLOAD", in->payload.payload_path, "file holding the payload")->required();
  add_edit_options(c, *in);
  add_attr_options(c, in->payload,
                   "type id: four characters (Texm, MAT0, WEAR, ...) or a decimal number; may be left out "
                   "for a payload whose magic names it (Texm -> Texm, NRes -> MESH)");
  c->add_flag("--allow-duplicate", in->payload.allow_duplicate,
              "add even when an entry of that name exists (the engine allows it)");
  add_force_flag(c, in->payload.force);
  add_method_option(c, *in);
}

void add_replace(CLI::App& group) {
  auto in = std::make_shared<EditInput>();
  auto entry = std::make_shared<std::string>();
  CLI::App* c = add_command(
      group, "replace",
      "replace one entry's payload (later data shifted, offsets, sizes and padding recomputed; the sort "
      "table is kept) and optionally its type and attrs",
      [=]() -> Result<int> {
        PARKAN_ASSIGN(std::shared_ptr<resource::Archive> archive, open_for_edit(*in));
        PARKAN_ASSIGN(std::size_t index, archive->index_of(*entry));
        PARKAN_ASSIGN(resource::ArchiveWriter writer, std::move(*archive).replace(index, in->payload));
        return write_archive(in->out, {path_from_utf8(in->path), path_from_utf8(in->payload.payload_path)}, writer);
      });
  c->add_option("ARCHIVE", in->path, "NRes archive or RsLi library")->required();
  c->add_option("ENTRY", *entry, "entry name (engine lookup) or #N (directory index)")->required();
  c->add_option("PAYLOAD", in->payload.payload_path, "file holding the new payload")->required();
  add_edit_options(c, *in);
  add_attr_options(c, in->payload, "new type id: four characters (Texm, MAT0, WEAR, ...) or a decimal number");
  add_force_flag(c, in->payload.force);
  add_method_option(c, *in);
}

void add_remove(CLI::App& group) {
  auto in = std::make_shared<EditInput>();
  auto entry = std::make_shared<std::string>();
  CLI::App* c = add_command(
      group, "remove",
      "remove one entry and its payload with its padding (sort table rebuilt); every other byte is kept",
      [=]() -> Result<int> {
        PARKAN_ASSIGN(std::shared_ptr<resource::Archive> archive, open_for_edit(*in));
        PARKAN_ASSIGN(std::size_t index, archive->index_of(*entry));
        PARKAN_ASSIGN(resource::ArchiveWriter writer, std::move(*archive).remove(index));
        return write_archive(in->out, {path_from_utf8(in->path)}, writer);
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
        PARKAN_ASSIGN(std::shared_ptr<resource::Archive> archive, open_for_edit(*in));
        PARKAN_ASSIGN(std::size_t index, archive->index_of(*entry));
        PARKAN_ASSIGN(resource::ArchiveWriter writer, std::move(*archive).rename(index, *name));
        return write_archive(in->out, {path_from_utf8(in->path)}, writer);
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
