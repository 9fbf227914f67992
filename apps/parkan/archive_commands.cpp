// parkan archive list|verify|cat|extract|pack|repack|add|replace|remove|rename (docs/cli.md 10.1).
//
// One file for both containers: a command asks the kind registry which container its archive is (by
// its magic) and does the NRes or the RsLi work of src/nres and src/rsli; the folder form and the
// output files are shared.
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
#include <set>
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
#include "parkan/resource/kind.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/rsli/folder.hpp"
#include "parkan/core/utf8_path.hpp"

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

// ---- the container of a path, and the folder form ----------------------------------------------

// True when the file starts with the RsLi magic (the kind registry's record): the RsLi work then,
// the NRes work otherwise (whose reader names what is wrong with anything else). read_file_head
// refuses what is not a regular file without blocking (a named pipe): the command's own open reports it.
bool holds_library(const std::string& path) {
  auto head = read_file_head(path_from_utf8(path), 4);
  if (!head) return false;
  const resource::Kind* kind = resource::kind_of_bytes(*head);
  return kind && kind->key == "rsli";
}

// The files of one `archive extract`, written into a staging folder inside DIR and moved into DIR
// only when every one was written and none would replace a folder or the archive being read: a run
// that fails leaves DIR as it was (docs/cli.md 3.1). The staging folder goes in every case.
class StagedFolder {
 public:
  static Result<StagedFolder> create(const std::string& dir, const std::string& input) {
    StagedFolder staged;
    staged.dir_ = path_from_utf8(dir);
    staged.input_ = path_from_utf8(input);
    staged.created_dir_ = path_kind(staged.dir_) == PathKind::missing;
    PARKAN_TRY(make_folder(staged.dir_));
    // '~' never starts an entry's file name ('~' only precedes a repeat number or a gap number).
    for (int n = 0;; ++n) {
      staged.stage_ = staged.dir_ / path_from_utf8(n == 0 ? "~extracting" : fmt::format("~extracting-{}", n));
      if (path_kind(staged.stage_) == PathKind::missing) break;
    }
    PARKAN_TRY(make_folder(staged.stage_));
    staged.owns_stage_ = true;
    return staged;
  }
  StagedFolder() = default;
  StagedFolder(StagedFolder&& other) noexcept { *this = std::move(other); }
  StagedFolder& operator=(StagedFolder&& other) noexcept {
    dir_ = std::move(other.dir_);
    input_ = std::move(other.input_);
    stage_ = std::move(other.stage_);
    names_ = std::move(other.names_);
    created_dir_ = other.created_dir_;
    owns_stage_ = std::exchange(other.owns_stage_, false);
    published_ = other.published_;
    return *this;
  }
  StagedFolder(const StagedFolder&) = delete;
  StagedFolder& operator=(const StagedFolder&) = delete;
  ~StagedFolder() {
    if (!owns_stage_) return;
    std::error_code ignored;
    fs::remove_all(stage_, ignored);
    if (created_dir_ && !published_) fs::remove(dir_, ignored);  // only when still empty
  }

  Status write(const std::string& name, ByteView bytes) {
    names_.push_back(name);
    return write_file_atomic(stage_ / path_from_utf8(name), bytes);
  }
  fs::path staged_path(const std::string& name) {
    names_.push_back(name);
    return stage_ / path_from_utf8(name);
  }

  // Every target checked first, then every file moved (a rename inside one folder).
  Status publish() {
    for (const std::string& name : names_) {
      const fs::path target = dir_ / path_from_utf8(name);
      const PathKind kind = path_kind(target);
      if (kind == PathKind::folder || kind == PathKind::other)
        return io_error("cannot write the file: a folder (or another non-file) is in the way", path_to_utf8(target));
      if (kind == PathKind::file && same_file(target, input_))
        return io_error("refusing to overwrite the input file", path_to_utf8(target));
    }
    for (const std::string& name : names_) {
      std::error_code error;
      fs::rename(stage_ / path_from_utf8(name), dir_ / path_from_utf8(name), error);
      if (error) return io_error("cannot write the file: " + error.message(), path_to_utf8(dir_ / path_from_utf8(name)));
    }
    published_ = true;
    return {};
  }

 private:
  fs::path dir_, input_, stage_;
  std::vector<std::string> names_;
  bool created_dir_ = false;
  bool owns_stage_ = false;
  bool published_ = false;
};

// Files of the folder that the manifest does not name (added by hand, never packed): one warning
// each. `loaded` is sorted; `kept` names the container's own files of the folder besides the manifest.
std::vector<Diagnostic> files_not_in_manifest(const fs::path& dir, const std::vector<std::string>& loaded,
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

// ---- RsLi libraries (docs/cli.md 3.7) ----------------------------------------------------------

struct RsliEdit {
  std::string path, out;
  bool compatible = false;
  std::optional<std::string> method;  // --method; default: the replaced entry's, else stored
  int level = 6;                      // --level: Deflate's compression level (0..12)
};

struct LibraryFile {
  MappedFile file;
  rsli::Archive archive;
};

Result<std::unique_ptr<LibraryFile>> open_library(const std::string& path, rsli::Profile profile) {
  auto open = std::make_unique<LibraryFile>();
  PARKAN_ASSIGN(open->file, MappedFile::open(path_from_utf8(path)));
  auto archive = rsli::read(open->file.bytes(), profile);
  if (!archive) return std::move(archive).error().in_file(path);
  open->archive = std::move(archive).value();
  return open;
}

rsli::Profile library_profile(bool compatible) { return compatible ? rsli::Profile::compatible : rsli::Profile::strict; }

// ENTRY: "#N" or a name found as rsFind finds it.
Result<std::size_t> library_entry(const rsli::Archive& archive, const std::string& path, const std::string& text) {
  const resource::Reference ref = resource::parse_reference("x::" + text);
  if (ref.index) {
    if (*ref.index >= archive.entries.size())
      return invalid(fmt::format("no entry #{} (the library has {} entries)", *ref.index, archive.entries.size()))
          .in_file(path);
    return *ref.index;
  }
  auto index = rsli::find(archive, resource::name_to_cp1251(text));
  if (!index) return invalid(fmt::format("no entry named \"{}\"", text)).in_file(path);
  return *index;
}

Result<rsli::Method> method_option(const std::optional<std::string>& text, std::optional<rsli::Method> fallback) {
  if (!text) return fallback.value_or(rsli::Method::stored);
  auto method = rsli::parse_method(*text);
  if (!method)
    return usage_error(fmt::format("--method: {} not in {{stored,xor,lzss,xor-lzss,lzhuf,xor-lzhuf,deflate}}", *text));
  return *method;
}

Result<int> write_library(const rsli::Document& document, const std::string& out, std::vector<fs::path> inputs,
                          bool canonical = false) {
  auto bytes = canonical ? rsli::write_canonical(document) : rsli::write(document);
  if (!bytes) return std::move(bytes).error().in_file(out);
  PARKAN_TRY(write_file_atomic(path_from_utf8(out), *bytes, inputs));
  return 0;
}

std::string method_text(const rsli::Entry& e) {
  const std::optional<rsli::Method> m = e.method();
  return m ? rsli::method_name(*m) : fmt::format("unknown 0x{:X}", static_cast<std::uint16_t>(e.flags()) & rsli::kMethodMask);
}

// Safe, unique (ignoring ASCII case) file names for the entries: nres's rule for a single name.
std::vector<std::string> rsli_file_names(const rsli::Archive& archive) {
  std::vector<std::string> names;
  std::set<std::string> taken{std::string(rsli::kLibraryFileName), std::string(nres::kManifestName)};
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    std::string name = nres::safe_file_name(archive.entries[i].name());
    if (name.empty()) name = "entry";
    std::string folded = name;
    for (char& c : folded) c = static_cast<char>(fold_lower(static_cast<unsigned char>(c)));
    if (!taken.insert(folded).second) {
      name += fmt::format("~{}", i);
      folded += fmt::format("~{}", i);
      taken.insert(folded);
    }
    names.push_back(std::move(name));
  }
  return names;
}

bool holds_library_folder(const std::string& dir) {
  return path_kind(path_from_utf8(dir) / path_from_utf8(rsli::kLibraryFileName)) == PathKind::file;
}

Result<int> rsli_list(const std::string& path, bool as_json) {
  PARKAN_ASSIGN(auto open, open_library(path, rsli::Profile::compatible));
  const rsli::Archive& a = open->archive;
  if (as_json) {
    json entries = json::array();
    for (std::size_t i = 0; i < a.entries.size(); ++i) {
      const rsli::Entry& e = a.entries[i];
      entries.push_back({{"index", i},
                         {"name", cp1251_to_utf8(e.name())},
                         {"method", method_text(e)},
                         {"flags", e.flags()},
                         {"sort_value", e.sort_value()},
                         {"key", e.key},
                         {"size", e.unpacked_size()},
                         {"packed_size", e.packed_size()},
                         {"offset", e.effective_offset}});
    }
    print_json({{"format", "RsLi"},
                {"version", a.header.raw[3]},
                {"presorted", a.header.presorted()},
                {"xor_seed", a.header.xor_seed()},
                {"overlay", a.overlay ? json(*a.overlay) : json(nullptr)},
                {"entries", std::move(entries)}});
    return 0;
  }
  fmt::print("{:>5}  {:<12} {:<10} {:>10} {:>10} {:>10} {:>6} {:>6}\n", "index", "name", "method", "size", "packed",
             "offset", "flags", "sort");
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    const rsli::Entry& e = a.entries[i];
    fmt::print("{:>5}  {:<12} {:<10} {:>10} {:>10} {:>#10x} {:>6} {:>6}\n", i, escape_control(cp1251_to_utf8(e.name())),
               method_text(e), e.unpacked_size(), e.packed_size(), e.effective_offset, e.flags(), e.sort_value());
  }
  fmt::print("{} entries, {} bytes (RsLi, {}{})\n", a.entries.size(), a.bytes.size(),
             a.header.presorted() ? "presorted" : "sorted on load",
             a.overlay ? fmt::format(", overlay {}", *a.overlay) : std::string());
  return 0;
}

std::vector<Diagnostic> rsli_check(ByteView bytes, bool compatible, std::size_t& entries) {
  entries = 0;
  if (auto archive = rsli::read(bytes, rsli::Profile::compatible)) entries = archive->entries.size();
  return rsli::verify(bytes, library_profile(compatible));
}

Result<int> rsli_extract(const std::string& path, const std::string& dir) {
  PARKAN_ASSIGN(auto open, open_library(path, rsli::Profile::compatible));
  const rsli::Archive& archive = open->archive;
  const std::vector<std::string> names = rsli_file_names(archive);
  PARKAN_ASSIGN(StagedFolder folder, StagedFolder::create(dir, path));
  Progress progress("extract", archive.entries.size() + 1, !globals().quiet);
  PARKAN_TRY(folder.write(std::string(rsli::kLibraryFileName), archive.bytes));
  progress.advance();
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    auto bytes = rsli::unpack(archive, i);
    if (!bytes) return std::move(bytes).error().in_file(path).in_entry(std::string(archive.entries[i].name()));
    PARKAN_TRY(folder.write(names[i], *bytes));
    progress.advance();
  }
  const std::string manifest = rsli::folder_manifest(archive, names).dump(2) + "\n";
  PARKAN_TRY(folder.write(std::string(nres::kManifestName), as_bytes(manifest)));
  PARKAN_TRY(folder.publish());
  progress.finish();
  if (!globals().quiet)
    fmt::print("{}: {} entries to {}\n", escape_control(path), archive.entries.size(), escape_control(dir));
  return 0;
}

Result<int> rsli_pack(const std::string& dir, const std::string& out) {
  const fs::path folder = path_from_utf8(dir);
  const fs::path manifest_path = folder / path_from_utf8(nres::kManifestName);
  PARKAN_ASSIGN(ByteBuffer manifest_text, read_file(manifest_path));
  json manifest = json::parse(manifest_text.begin(), manifest_text.end(), nullptr, false);
  if (manifest.is_discarded()) return invalid("not valid JSON").in_file(path_to_utf8(manifest_path));
  const fs::path library_path = folder / path_from_utf8(rsli::kLibraryFileName);
  PARKAN_ASSIGN(auto original, open_library(path_to_utf8(library_path), rsli::Profile::compatible));
  std::vector<fs::path> inputs{manifest_path, library_path};
  rsli::FolderLoader load = [&](const std::string& name) -> Result<ByteBuffer> {
    if (name.empty() || name.find('/') != std::string::npos || name.find('\\') != std::string::npos || name == "..")
      return invalid(fmt::format("file \"{}\" is not a plain file name of the folder", name)).in_file(path_to_utf8(manifest_path));
    inputs.push_back(folder / path_from_utf8(name));
    return read_file(inputs.back());
  };
  auto document = rsli::document_from_folder(original->archive, manifest, load);
  if (!document) return std::move(document).error().in_file(path_to_utf8(manifest_path));
  PARKAN_TRY(write_library(*document, out, inputs));
  // The same warning as NRes pack for a file the manifest does not name (~library.rlb is read).
  std::vector<std::string> loaded{std::string(rsli::kLibraryFileName)};
  for (std::size_t i = 2; i < inputs.size(); ++i) loaded.push_back(path_to_utf8(inputs[i].filename()));
  std::sort(loaded.begin(), loaded.end());
  print_diagnostics(files_not_in_manifest(folder, loaded, path_from_utf8(out)));
  return 0;
}

Result<int> rsli_repack(const std::string& path, const std::string& out) {
  PARKAN_ASSIGN(auto open, open_library(path, rsli::Profile::compatible));
  return write_library(rsli::make_document(open->archive), out, {path_from_utf8(path)}, true);
}

Result<int> rsli_add(const RsliEdit& edit, const std::string& name, const std::string& payload_path) {
  PARKAN_ASSIGN(auto open, open_library(edit.path, library_profile(edit.compatible)));
  PARKAN_ASSIGN(rsli::Method method, method_option(edit.method, std::nullopt));
  auto cp1251 = utf8_to_cp1251(name);
  if (!cp1251) return usage_error(fmt::format("name \"{}\" has characters that cp1251 cannot hold", name));
  if (rsli::find(open->archive, *cp1251))
    return invalid(fmt::format("an entry named \"{}\" exists (use replace)", name)).in_file(edit.path);
  PARKAN_ASSIGN(ByteBuffer payload, read_file(path_from_utf8(payload_path)));
  rsli::Document document = rsli::make_document(open->archive);
  auto added = rsli::add_entry(document, *cp1251, payload, method, edit.level);
  if (!added) return std::move(added).error().in_file(edit.path);
  return write_library(document, edit.out, {path_from_utf8(edit.path), path_from_utf8(payload_path)});
}

Result<int> rsli_replace(const RsliEdit& edit, const std::string& entry, const std::string& payload_path) {
  PARKAN_ASSIGN(auto open, open_library(edit.path, library_profile(edit.compatible)));
  PARKAN_ASSIGN(std::size_t index, library_entry(open->archive, edit.path, entry));
  PARKAN_ASSIGN(rsli::Method method, method_option(edit.method, open->archive.entries[index].method()));
  PARKAN_ASSIGN(ByteBuffer payload, read_file(path_from_utf8(payload_path)));
  rsli::Document document = rsli::make_document(open->archive);
  auto replaced = rsli::replace_payload(document, index, payload, method, edit.level);
  if (!replaced) return std::move(replaced).error().in_file(edit.path);
  return write_library(document, edit.out, {path_from_utf8(edit.path), path_from_utf8(payload_path)});
}

Result<int> rsli_remove(const RsliEdit& edit, const std::string& entry) {
  PARKAN_ASSIGN(auto open, open_library(edit.path, library_profile(edit.compatible)));
  PARKAN_ASSIGN(std::size_t index, library_entry(open->archive, edit.path, entry));
  rsli::Document document = rsli::make_document(open->archive);
  PARKAN_TRY(rsli::remove_entry(document, index));
  return write_library(document, edit.out, {path_from_utf8(edit.path)});
}

Result<int> rsli_rename(const RsliEdit& edit, const std::string& entry, const std::string& new_name) {
  PARKAN_ASSIGN(auto open, open_library(edit.path, library_profile(edit.compatible)));
  PARKAN_ASSIGN(std::size_t index, library_entry(open->archive, edit.path, entry));
  auto cp1251 = utf8_to_cp1251(new_name);
  if (!cp1251) return usage_error(fmt::format("name \"{}\" has characters that cp1251 cannot hold", new_name));
  rsli::Document document = rsli::make_document(open->archive);
  auto renamed = rsli::rename_entry(document, index, *cp1251);
  if (!renamed) return std::move(renamed).error().in_file(edit.path);
  return write_library(document, edit.out, {path_from_utf8(edit.path)});
}


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
    if (holds_library(*path)) return rsli_list(*path, *as_json);
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
            found = holds_library(path) ? rsli_check(file->bytes(), *compatible, entries)
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
        if (holds_library(*path)) return rsli_extract(*path, *dir);
        PARKAN_ASSIGN(auto open, open_archive(*path, nres::Profile::compatible));
        const nres::Archive& archive = open->archive;
        PARKAN_ASSIGN(StagedFolder folder, StagedFolder::create(*dir, *path));
        Progress progress("extract", nres::folder_file_count(archive), !globals().quiet);
        OutputSink manifest{folder.staged_path(std::string(nres::kManifestName)), {}, {}};
        PARKAN_TRY(nres::write_folder(
            archive,
            [&](const nres::FolderFile& f) -> Status {
              PARKAN_TRY(folder.write(f.name, f.bytes));
              progress.advance();
              return {};
            },
            manifest.sink()));
        PARKAN_TRY(manifest.commit());
        PARKAN_TRY(folder.publish());
        progress.finish();
        if (!globals().quiet)
          fmt::print("{}: {} entries to {}\n", escape_control(*path), archive.entries.size(), escape_control(*dir));
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
        if (holds_library_folder(*dir)) return rsli_pack(*dir, *out);
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
        print_diagnostics(files_not_in_manifest(folder, loaded, out_path));
        return 0;
      });
  c->add_option("DIR", *dir, "folder written by archive extract")->required();
  c->add_option("OUT", *out, "the archive to write")->required();
  c->add_flag("--rebuild-sort-table", *rebuild, "rebuild sort_index with the engine's compare even if no name changed");
}

// A payload for an entry of type `type_id` (docs/cli.md 3.3): its magic must be the one of the kind
// that type names (a model's is NRes), and a kind without a magic (MAT0, WEAR) takes no payload
// that starts with another kind's magic. A type the registry does not know takes anything.
Status expect_payload_kind(std::uint32_t type_id, ByteView payload, const std::string& payload_path) {
  const resource::Kind* wanted = resource::kind_of_type_id(type_id);
  if (!wanted) return {};
  const resource::Kind* found = resource::kind_of_bytes(payload);
  const std::uint32_t magic = wanted->magic != 0 ? wanted->magic : wanted->type_id == resource::kTypeMesh ? nres::kMagic : 0;
  const bool fits = magic != 0 ? payload.size() >= 4 && load_u32(payload.data()) == magic : found == nullptr;
  if (fits) return {};
  const std::string what = found ? fmt::format("this file is {}, not {}", found->article_name(), wanted->article_name())
                                 : fmt::format("this file is not {} (it does not start with its magic)", wanted->article_name());
  return invalid_rule("resource.type", what).in_file(payload_path);
}

// The payload as the entry will hold it must pass its kind's checker (the registry), unless --force.
Status expect_payload_checks(const nres::Entry& entry, std::size_t index, ByteView payload,
                             const std::string& payload_path, bool force) {
  const resource::Kind* kind = resource::kind_of_type_id(entry.type_id);
  if (force || !kind || !kind->check) return {};
  resource::Payload located({}, payload,
                            resource::PayloadLocation{payload_path, std::string(entry.name()), index, entry.type_id,
                                                      entry.attr1, entry.attr2, entry.attr3});
  for (const Diagnostic& d : kind->check(located))
    if (d.severity == Severity::error)
      return invalid_rule("resource.payload.check",
                          fmt::format("not a valid {} for this entry: {} [{}] (--force writes it anyway)", kind->name,
                                      d.message, d.code))
          .in_file(payload_path);
  return {};
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

void add_force_flag(CLI::App* c, bool& force) {
  c->add_flag("--force", force,
              "NRes: write a payload whose magic is not its type's, or that its kind's checker refuses");
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
        if (holds_library(in->path)) return rsli_repack(in->path, in->out);
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
  auto force = std::make_shared<bool>(false);
  CLI::App* c = add_command(
      group, "add",
      "append a new entry (payload 8-aligned at the end of the data region, sort table rebuilt); "
      "every other byte is kept",
      [=]() -> Result<int> {
        if (holds_library(in->path)) return rsli_add(in->rsli(), *name, *payload_path);
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
        if (attrs->type) {
          PARKAN_ASSIGN(spec.type_id, type_id_of(*attrs->type));
        } else {
          // Without --type, the payload's magic names the type; without a magic it must be given.
          const resource::Kind* kind = resource::kind_of_bytes(payload.bytes());
          const std::uint32_t type = !kind ? 0 : kind->key == "nres" ? resource::kTypeMesh : kind->type_id;
          if (type == 0)
            return usage_error(fmt::format("--type is needed: {} does not start with a magic that names its type "
                                           "(Texm and NRes payloads do; MAT0 and WEAR do not)",
                                           *payload_path));
          spec.type_id = type;
        }
        if (!*force) PARKAN_TRY(expect_payload_kind(spec.type_id, payload.bytes(), *payload_path));
        // The attributes the game's entries of the type carry (the registry), unless given.
        const resource::Kind* kind = resource::kind_of_type_id(spec.type_id);
        spec.attr1 = attrs->attr1.value_or(kind ? kind->entry_attr1 : 0);
        spec.attr2 = attrs->attr2.value_or(kind ? kind->entry_attr2 : 0);
        spec.attr3 = attrs->attr3.value_or(kind ? kind->entry_attr3 : 0);
        nres::Document document = nres::make_document(std::move(open->archive));
        auto added = nres::add_entry(document, spec);
        if (!added) return std::move(added).error().in_file(in->path);
        PARKAN_TRY(expect_payload_checks(document.entries.back(), document.entries.size() - 1, payload.bytes(),
                                         *payload_path, *force));
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
  add_force_flag(c, *force);
  add_method_option(c, *in);
}

void add_replace(CLI::App& group) {
  auto in = std::make_shared<EditInput>();
  auto entry = std::make_shared<std::string>();
  auto payload_path = std::make_shared<std::string>();
  auto attrs = std::make_shared<AttrOptions>();
  auto force = std::make_shared<bool>(false);
  CLI::App* c = add_command(
      group, "replace",
      "replace one entry's payload (later data shifted, offsets, sizes and padding recomputed; the sort "
      "table is kept) and optionally its type and attrs",
      [=]() -> Result<int> {
        if (holds_library(in->path)) return rsli_replace(in->rsli(), *entry, *payload_path);
        PARKAN_TRY(refuse_method(*in));
        PARKAN_ASSIGN(auto open, open_archive(in->path, profile_of(in->compatible)));
        PARKAN_ASSIGN(std::size_t index, resolve_entry(open->archive, in->path, *entry));
        PARKAN_ASSIGN(MappedFile payload, MappedFile::open(path_from_utf8(*payload_path)));
        nres::Document document = nres::make_document(std::move(open->archive));
        PARKAN_TRY(nres::replace_payload(document, index, payload.bytes()));
        PARKAN_TRY(apply_attrs(document.entries[index], *attrs));
        if (!*force) PARKAN_TRY(expect_payload_kind(document.entries[index].type_id, payload.bytes(), *payload_path));
        PARKAN_TRY(expect_payload_checks(document.entries[index], index, payload.bytes(), *payload_path, *force));
        return write_edit(*in, document, {path_from_utf8(*payload_path)});
      });
  c->add_option("ARCHIVE", in->path, "NRes archive or RsLi library")->required();
  c->add_option("ENTRY", *entry, "entry name (engine lookup) or #N (directory index)")->required();
  c->add_option("PAYLOAD", *payload_path, "file holding the new payload")->required();
  add_edit_options(c, *in);
  add_attr_options(c, *attrs, "new type id: four characters (Texm, MAT0, WEAR, ...) or a decimal number");
  add_force_flag(c, *force);
  add_method_option(c, *in);
}

void add_remove(CLI::App& group) {
  auto in = std::make_shared<EditInput>();
  auto entry = std::make_shared<std::string>();
  CLI::App* c = add_command(
      group, "remove",
      "remove one entry and its payload with its padding (sort table rebuilt); every other byte is kept",
      [=]() -> Result<int> {
        if (holds_library(in->path)) return rsli_remove(in->rsli(), *entry);
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
        if (holds_library(in->path)) return rsli_rename(in->rsli(), *entry, *name);
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
