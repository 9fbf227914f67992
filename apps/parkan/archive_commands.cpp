// parkan archive list|verify|cat|extract|pack|repack|add|replace|remove|rename (cli.md "archive").
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <system_error>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/progress.hpp"
#include "parkan/core/text.hpp"
#include "parkan/game/resource.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/nres/folder.hpp"
#include "parkan/nres/write.hpp"

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
  PARKAN_ASSIGN(open->file, MappedFile::open(path));
  auto archive = nres::read(open->file.bytes(), profile);
  if (!archive) return std::move(archive).error().in_file(path);
  open->archive = std::move(archive).value();
  return open;
}

// ENTRY on the command line: "#N" (directory index) or a name found the way the engine finds it.
Result<std::size_t> resolve_entry(const nres::Archive& archive, const std::string& path, const std::string& text) {
  game::ResourceRef ref = game::parse_resource_ref("x::" + text);
  if (ref.index) {
    if (*ref.index >= archive.entries.size())
      return invalid(fmt::format("no entry #{} (the archive has {} entries)", *ref.index, archive.entries.size()))
          .in_file(path);
    return *ref.index;
  }
  auto name = utf8_to_cp1251(*ref.name);  // as game::open_resource: UTF-8 text, else raw bytes
  auto index = nres::find(archive, name ? *name : *ref.name);
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

void print_violation(const char* kind, Error error, const std::string& path) {
  print_finding(kind, std::move(error).in_file(path));
}

json error_json(const Error& e) {
  json j{{"message", e.message}};
  j["entry"] = e.entry.empty() ? json(nullptr) : json(e.entry);
  j["offset"] = e.offset ? json(*e.offset) : json(nullptr);
  return j;
}

// ---- list ---------------------------------------------------------------------------------------

void add_list(CLI::App& group) {
  auto path = std::make_shared<std::string>();
  auto as_json = std::make_shared<bool>(false);
  CLI::App* c = add_command(group, "list", "list entries in original directory order", [=]() -> Result<int> {
    PARKAN_ASSIGN(auto open, open_archive(*path, nres::Profile::compatible));
    const nres::Archive& a = open->archive;
    if (*as_json) {
      json entries = json::array();
      for (std::size_t i = 0; i < a.entries.size(); ++i) {
        const nres::Entry& e = a.entries[i];
        entries.push_back(json{{"index", i}, {"name", cp1251_to_utf8(e.name())}, {"type_id", e.type_id},
                               {"type", nres::type_name(e.type_id)}, {"attr1", e.attr1}, {"attr2", e.attr2},
                               {"attr3", e.attr3}, {"size", e.size}, {"offset", e.data_offset},
                               {"sort_index", e.sort_index}});
      }
      print_json(json{{"format", "NRes"}, {"version", a.version}, {"total_size", a.total_size},
                      {"entries", std::move(entries)}});
      return 0;
    }
    fmt::print("{:>5}  {:<36} {:<10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>5}\n", "index", "name", "type", "size",
               "offset", "attr1", "attr2", "attr3", "sort");
    for (std::size_t i = 0; i < a.entries.size(); ++i) {
      const nres::Entry& e = a.entries[i];
      fmt::print("{:>5}  {:<36} {:<10} {:>10} {:>#10x} {:>10} {:>10} {:>10} {:>5}\n", i, cp1251_to_utf8(e.name()),
                 nres::type_name(e.type_id), e.size, e.data_offset, e.attr1, e.attr2, e.attr3, e.sort_index);
    }
    fmt::print("{} entries, {} bytes\n", a.entries.size(), a.total_size);
    return 0;
  });
  c->add_option("ARCHIVE", *path, "NRes archive")->required();
  c->add_flag("--json", *as_json, "print one JSON document (cli.md keys)");
}

// ---- verify -------------------------------------------------------------------------------------

void add_verify(CLI::App& group) {
  auto path = std::make_shared<std::string>();
  auto compatible = std::make_shared<bool>(false);
  auto as_json = std::make_shared<bool>(false);
  CLI::App* c = add_command(
      group, "verify",
      "check every rule of nres.md 6 (strict by default) and print each violation; exit 1 if any. "
      "Misalignment, non-zero gaps and an unusual sort table are reported as warnings (exit 0)",
      [=]() -> Result<int> {
        PARKAN_ASSIGN(MappedFile file, MappedFile::open(*path));
        nres::Profile profile = profile_of(*compatible);
        std::vector<Error> errors = nres::verify(file.bytes(), profile);
        std::vector<Error> warnings;
        std::size_t count = 0;
        if (errors.empty()) {
          auto archive = nres::read(file.bytes(), profile);
          if (!archive) return std::move(archive).error().in_file(*path);
          warnings = nres::warnings(*archive);
          count = archive->entries.size();
        }
        for (const Error& e : errors) print_violation("error", e, *path);
        for (const Error& w : warnings) print_violation("warning", w, *path);
        if (*as_json) {
          json j{{"file", *path}, {"profile", profile_name(*compatible)}, {"valid", errors.empty()},
                 {"errors", json::array()}, {"warnings", json::array()}};
          for (const Error& e : errors) j["errors"].push_back(error_json(e));
          for (const Error& w : warnings) j["warnings"].push_back(error_json(w));
          print_json(j);
        } else if (errors.empty()) {
          fmt::print("{}: valid ({}, {} entries, {} warnings)\n", *path, profile_name(*compatible), count,
                     warnings.size());
        } else {
          fmt::print("{}: {} violations ({})\n", *path, errors.size(), profile_name(*compatible));
        }
        return errors.empty() ? 0 : 1;
      });
  c->add_option("ARCHIVE", *path, "NRes archive")->required();
  c->add_flag("--compatible", *compatible, "the engine's tolerance: an unusable sort table is not an error");
  c->add_flag("--json", *as_json, "print {file, profile, valid, errors, warnings} as one JSON document");
}

// ---- cat ----------------------------------------------------------------------------------------

void add_cat(CLI::App& group) {
  auto source = std::make_shared<std::string>();
  CLI::App* c = add_command(group, "cat", "raw payload bytes of one entry to stdout", [=]() -> Result<int> {
    PARKAN_ASSIGN(game::Resource resource, game::open_resource(*source));
    std::cout.write(reinterpret_cast<const char*>(resource.bytes.data()),
                    static_cast<std::streamsize>(resource.bytes.size()));
    std::cout.flush();
    if (!std::cout) return io_error("cannot write to stdout", "<stdout>");
    return 0;
  });
  c->add_option("SRC", *source, "ARCHIVE::NAME or ARCHIVE::#N (or a bare file)")->required();
}

// ---- extract / pack -----------------------------------------------------------------------------

Status make_folder(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return io_error("cannot create folder: " + ec.message(), dir.string());
  return {};
}

void add_extract(CLI::App& group) {
  auto path = std::make_shared<std::string>();
  auto dir = std::make_shared<std::string>();
  CLI::App* c = add_command(
      group, "extract",
      "every payload to a file (names made safe and unique), gaps and unindexed bytes to ~gap-N.bin, "
      "and DIR/manifest.json with every field needed to rebuild the archive byte for byte",
      [=]() -> Result<int> {
        PARKAN_ASSIGN(auto open, open_archive(*path, nres::Profile::compatible));
        nres::Folder folder = nres::to_folder(open->archive);
        PARKAN_TRY(make_folder(*dir));
        Progress progress("extract", folder.files.size(), !globals().quiet);
        for (const nres::FolderFile& f : folder.files) {
          PARKAN_TRY(write_file_atomic(fs::path(*dir) / f.name, f.bytes, {*path}));
          progress.advance();
        }
        std::string manifest = folder.manifest.dump(2) + "\n";
        PARKAN_TRY(write_file_atomic(fs::path(*dir) / nres::kManifestName, as_bytes(manifest), {*path}));
        if (!globals().quiet)
          fmt::print("{}: {} entries to {}\n", *path, open->archive.entries.size(), *dir);
        return 0;
      });
  c->add_option("ARCHIVE", *path, "NRes archive")->required();
  c->add_option("DIR", *dir, "output folder (created when missing)")->required();
}

void add_pack(CLI::App& group) {
  auto dir = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto rebuild = std::make_shared<bool>(false);
  CLI::App* c = add_command(
      group, "pack",
      "rebuild an archive from DIR/manifest.json: an unmodified extract gives the original bytes; edited "
      "payload files are rebuilt around losslessly (later data shifted, offsets and sizes recomputed)",
      [=]() -> Result<int> {
        fs::path manifest_path = fs::path(*dir) / nres::kManifestName;
        PARKAN_ASSIGN(ByteBuffer text, read_file(manifest_path));
        json manifest = json::parse(text.begin(), text.end(), nullptr, false);
        if (manifest.is_discarded()) return invalid("not valid JSON").in_file(manifest_path.string());
        std::vector<fs::path> inputs{manifest_path};
        Progress progress("pack", nres::folder_file_count(manifest), !globals().quiet);
        nres::FileLoader load = [&](const std::string& name) -> Result<ByteBuffer> {
          inputs.push_back(fs::path(*dir) / name);
          progress.advance();
          return read_file(inputs.back());
        };
        auto bytes = nres::from_folder(manifest, load, {*rebuild});
        if (!bytes) return std::move(bytes).error().in_file(manifest_path.string());
        PARKAN_TRY(write_file_atomic(*out, *bytes, inputs));
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
};

void add_edit_options(CLI::App* c, EditInput& in, bool out_last = true) {
  if (out_last) c->add_option("OUT", in.out, "the new archive (never the input)")->required();
  c->add_flag("--compatible", in.compatible, "accept an archive that only the compatible profile reads");
}

struct AttrOptions {
  std::optional<std::string> type;
  std::optional<std::uint32_t> attr1, attr2, attr3;
};

void add_attr_options(CLI::App* c, AttrOptions& a) {
  c->add_option("--type", a.type, "type id: four characters (Texm, MAT0, WEAR, ...) or a decimal number");
  c->add_option("--attr1", a.attr1, "attr1 (type-specific, kept verbatim)");
  c->add_option("--attr2", a.attr2, "attr2");
  c->add_option("--attr3", a.attr3, "attr3");
}

void add_repack(CLI::App& group) {
  auto in = std::make_shared<EditInput>();
  CLI::App* c = add_command(
      group, "repack",
      "canonical compact rebuild: payloads in directory order from offset 16, 8-aligned, zero padding, "
      "sort table rebuilt; gaps and unindexed regions are dropped",
      [=]() -> Result<int> {
        PARKAN_ASSIGN(auto open, open_archive(in->path, profile_of(in->compatible)));
        const nres::Archive& a = open->archive;
        std::vector<ByteView> payloads;
        for (std::size_t i = 0; i < a.entries.size(); ++i) payloads.push_back(a.payload(i));
        ByteBuffer bytes = nres::write_canonical(a.entries, payloads);
        PARKAN_TRY(write_file_atomic(in->out, bytes, {in->path}));
        return 0;
      });
  c->add_option("ARCHIVE", in->path, "NRes archive")->required();
  add_edit_options(c, *in);
}

Result<int> write_edit(const EditInput& in, const nres::Document& document,
                       const std::vector<fs::path>& more_inputs = {}) {
  auto bytes = nres::write_lossless(document);
  if (!bytes) return std::move(bytes).error().in_file(in.out);
  std::vector<fs::path> inputs{in.path};
  inputs.insert(inputs.end(), more_inputs.begin(), more_inputs.end());
  PARKAN_TRY(write_file_atomic(in.out, *bytes, inputs));
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
        PARKAN_ASSIGN(auto open, open_archive(in->path, profile_of(in->compatible)));
        PARKAN_ASSIGN(std::string entry_name, cp1251_name(*name));
        if (!*duplicate && nres::find(open->archive, entry_name))
          return invalid(fmt::format("an entry named \"{}\" exists (use replace, or --allow-duplicate)", *name))
              .in_file(in->path);
        PARKAN_ASSIGN(MappedFile payload, MappedFile::open(*payload_path));
        nres::EntrySpec spec;
        spec.name = entry_name;
        spec.payload = payload.bytes();
        nres::Document document = nres::make_document(open->archive);
        auto added = nres::add_entry(document, spec);
        if (!added) return std::move(added).error().in_file(in->path);
        PARKAN_TRY(apply_attrs(document.entries.back(), *attrs));
        return write_edit(*in, document, {*payload_path});
      });
  c->add_option("ARCHIVE", in->path, "NRes archive")->required();
  c->add_option("NAME", *name, "entry name (at most 35 bytes in cp1251)")->required();
  c->add_option("PAYLOAD", *payload_path, "file holding the payload")->required();
  add_edit_options(c, *in);
  add_attr_options(c, *attrs);
  c->add_flag("--allow-duplicate", *duplicate, "add even when an entry of that name exists (the engine allows it)");
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
        PARKAN_ASSIGN(auto open, open_archive(in->path, profile_of(in->compatible)));
        PARKAN_ASSIGN(std::size_t index, resolve_entry(open->archive, in->path, *entry));
        PARKAN_ASSIGN(MappedFile payload, MappedFile::open(*payload_path));
        nres::Document document = nres::make_document(open->archive);
        PARKAN_TRY(nres::replace_payload(document, index, payload.bytes()));
        PARKAN_TRY(apply_attrs(document.entries[index], *attrs));
        return write_edit(*in, document, {*payload_path});
      });
  c->add_option("ARCHIVE", in->path, "NRes archive")->required();
  c->add_option("ENTRY", *entry, "entry name (engine lookup) or #N (directory index)")->required();
  c->add_option("PAYLOAD", *payload_path, "file holding the new payload")->required();
  add_edit_options(c, *in);
  add_attr_options(c, *attrs);
}

void add_remove(CLI::App& group) {
  auto in = std::make_shared<EditInput>();
  auto entry = std::make_shared<std::string>();
  CLI::App* c = add_command(
      group, "remove", "remove one entry and its payload with its padding (sort table rebuilt); every other byte is kept",
      [=]() -> Result<int> {
        PARKAN_ASSIGN(auto open, open_archive(in->path, profile_of(in->compatible)));
        PARKAN_ASSIGN(std::size_t index, resolve_entry(open->archive, in->path, *entry));
        nres::Document document = nres::make_document(open->archive);
        PARKAN_TRY(nres::remove_entry(document, index));
        return write_edit(*in, document);
      });
  c->add_option("ARCHIVE", in->path, "NRes archive")->required();
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
        PARKAN_ASSIGN(auto open, open_archive(in->path, profile_of(in->compatible)));
        PARKAN_ASSIGN(std::size_t index, resolve_entry(open->archive, in->path, *entry));
        PARKAN_ASSIGN(std::string new_name, cp1251_name(*name));
        nres::Document document = nres::make_document(open->archive);
        auto renamed = nres::rename_entry(document, index, new_name);
        if (!renamed) return std::move(renamed).error().in_file(in->path);
        return write_edit(*in, document);
      });
  c->add_option("ARCHIVE", in->path, "NRes archive")->required();
  c->add_option("ENTRY", *entry, "entry name (engine lookup) or #N (directory index)")->required();
  c->add_option("NEW_NAME", *name, "the new name (at most 35 bytes in cp1251)")->required();
  add_edit_options(c, *in);
}

}  // namespace

void add_archive_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("archive", "NRes archives: list, check, extract, rebuild, edit");
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
