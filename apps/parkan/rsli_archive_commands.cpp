// The archive commands on RsLi libraries (rsli_archive.hpp): glue between the command line and
// parkan::rsli.
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/progress.hpp"
#include "parkan/core/text.hpp"
#include "parkan/nres/folder.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/rsli/folder.hpp"
#include "parkan/core/utf8_path.hpp"
#include "rsli_archive.hpp"

namespace parkan::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct OpenLibrary {
  MappedFile file;
  rsli::Archive archive;
};

Result<std::unique_ptr<OpenLibrary>> open_library(const std::string& path, rsli::Profile profile) {
  auto open = std::make_unique<OpenLibrary>();
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
std::vector<std::string> library_file_names(const rsli::Archive& archive) {
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

}  // namespace

bool is_rsli_library(const std::string& path) {
  // read_file_head refuses what is not a regular file without blocking (a named pipe): then the
  // caller's own open reports it.
  auto magic = read_file_head(path_from_utf8(path), 4);
  return magic && magic->size() == 4 && (*magic)[0] == 'N' && (*magic)[1] == 'L' && (*magic)[2] == 0 && (*magic)[3] == 1;
}

bool is_rsli_folder(const std::string& dir) {
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
  PARKAN_TRY(make_folder(path_from_utf8(dir)));
  const std::vector<std::string> names = library_file_names(archive);
  Progress progress("extract", archive.entries.size() + 1, !globals().quiet);
  PARKAN_TRY(write_file_atomic(path_from_utf8(dir) / path_from_utf8(rsli::kLibraryFileName), archive.bytes, {path_from_utf8(path)}));
  progress.advance();
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    auto bytes = rsli::unpack(archive, i);
    if (!bytes) return std::move(bytes).error().in_file(path).in_entry(std::string(archive.entries[i].name()));
    PARKAN_TRY(write_file_atomic(path_from_utf8(dir) / path_from_utf8(names[i]), *bytes, {path_from_utf8(path)}));
    progress.advance();
  }
  const std::string manifest = rsli::folder_manifest(archive, names).dump(2) + "\n";
  PARKAN_TRY(write_file_atomic(path_from_utf8(dir) / path_from_utf8(nres::kManifestName), as_bytes(manifest), {path_from_utf8(path)}));
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
  return write_library(*document, out, inputs);
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

}  // namespace parkan::cli
