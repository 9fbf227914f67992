// The container operations of `parkan archive` (docs/cli.md 3) behind resource::Archive: the work
// of src/nres and src/rsli, chosen by the archive's class, so that the commands never branch on the
// container. NRes work streams (nothing as large as the archive is built: docs/cli.md 3.1); an RsLi
// library is small and its writers give whole buffers.
#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "parkan/core/text.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/nres/folder.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/rsli/folder.hpp"

namespace parkan::resource {

namespace {

using nlohmann::json;

Status put(const ByteSink& out, std::string_view text) { return out(as_bytes(text)); }

// A JSON string exactly as the CLI's print_json writes it (invalid UTF-8 replaced).
std::string json_string(std::string_view text) {
  return json(std::string(text)).dump(-1, ' ', false, json::error_handler_t::replace);
}

Result<std::string> cp1251_name(std::string_view utf8) {
  auto name = utf8_to_cp1251(utf8);
  if (!name) return usage_error(fmt::format("name \"{}\" has characters that cp1251 cannot hold", utf8));
  return *name;
}

Result<std::uint32_t> type_id_of(const std::string& text) {
  auto id = nres::parse_type_name(text);
  if (!id) return usage_error(fmt::format("--type \"{}\" is neither four printable characters nor a number", text));
  return *id;
}

nres::Profile nres_profile(Profile profile) {
  return profile == Profile::compatible ? nres::Profile::compatible : nres::Profile::strict;
}
rsli::Profile rsli_profile(Profile profile) {
  return profile == Profile::compatible ? rsli::Profile::compatible : rsli::Profile::strict;
}

// "NL", reserved 0, version 1 (docs/formats/rsli.md 2), by the registry's magic.
bool starts_as_rsli(ByteView bytes) {
  const Kind* kind = kind_of_bytes(bytes);
  return kind && kind->key == "rsli";
}

// ---- NRes ---------------------------------------------------------------------------------------

// A payload for an entry of type `type_id` (docs/cli.md 3.3): its magic must be the one of the kind
// that type names (a model's is NRes), and a kind without a magic (MAT0, WEAR) takes no payload
// that starts with another kind's magic. A type the registry does not know takes anything.
Status expect_payload_kind(std::uint32_t type_id, ByteView payload, const std::string& payload_path) {
  const Kind* wanted = kind_of_type_id(type_id);
  if (!wanted) return {};
  const Kind* found = kind_of_bytes(payload);
  const std::uint32_t magic = wanted->magic != 0 ? wanted->magic : wanted->type_id == kTypeMesh ? nres::kMagic : 0;
  const bool fits = magic != 0 ? payload.size() >= 4 && load_u32(payload.data()) == magic : found == nullptr;
  if (fits) return {};
  const std::string what = found ? fmt::format("this file is {}, not {}", found->article_name(), wanted->article_name())
                                 : fmt::format("this file is not {} (it does not start with its magic)", wanted->article_name());
  return invalid_rule("resource.type", what).in_file(payload_path);
}

// The payload as the entry will hold it must pass its kind's checker (the registry), unless --force.
Status expect_payload_checks(const nres::Entry& entry, std::size_t index, ByteView payload,
                             const std::string& payload_path, bool force) {
  const Kind* kind = kind_of_type_id(entry.type_id);
  if (force || !kind || !kind->check) return {};
  Payload located({}, payload,
                  PayloadLocation{payload_path, std::string(entry.name()), index, entry.type_id, entry.attr1,
                                  entry.attr2, entry.attr3});
  for (const Diagnostic& d : kind->check(located))
    if (d.severity == Severity::error)
      return invalid_rule("resource.payload.check",
                          fmt::format("not a valid {} for this entry: {} [{}] (--force writes it anyway)", kind->name,
                                      d.message, d.code))
          .in_file(payload_path);
  return {};
}

Status apply_attrs(nres::Entry& entry, const PayloadEdit& edit) {
  if (edit.type) {
    PARKAN_ASSIGN(entry.type_id, type_id_of(*edit.type));
  }
  if (edit.attr1) entry.attr1 = *edit.attr1;
  if (edit.attr2) entry.attr2 = *edit.attr2;
  if (edit.attr3) entry.attr3 = *edit.attr3;
  return {};
}

// An NRes archive has no storage methods.
Status refuse_method(const PayloadEdit& edit, const std::string& path) {
  if (edit.method) return usage_error("--method applies to RsLi libraries; " + path + " is an NRes archive");
  return {};
}

// The payload of an edit and what keeps its bytes alive: the bytes given in code, else the file mapped.
struct EditPayload {
  std::shared_ptr<const void> keep;
  ByteView bytes;
};
Result<EditPayload> map_payload(const PayloadEdit& edit) {
  if (edit.payload_bytes) {
    auto held = std::make_shared<const ByteBuffer>(*edit.payload_bytes);
    return EditPayload{held, ByteView(*held)};
  }
  PARKAN_ASSIGN(MappedFile mapped, MappedFile::open(path_from_utf8(edit.payload_path)));
  auto held = std::make_shared<const MappedFile>(std::move(mapped));
  return EditPayload{held, held->bytes()};
}

// The payload file of an edit, read.
Result<ByteBuffer> read_payload(const PayloadEdit& edit) {
  if (edit.payload_bytes) return *edit.payload_bytes;
  return read_file(path_from_utf8(edit.payload_path));
}

// The lossless writer of an edited document; `payload` (the new payload's file, when one was read)
// stays mapped as long as the writer lives.
ArchiveWriter lossless_writer(nres::Document document, std::shared_ptr<const void> payload = {}) {
  auto held = std::make_shared<const nres::Document>(std::move(document));
  return [held, payload](const ByteSink& out) { return nres::write_lossless(*held, out); };
}

// ---- RsLi ---------------------------------------------------------------------------------------

Result<rsli::Method> method_option(const std::optional<std::string>& text, std::optional<rsli::Method> fallback) {
  if (!text) return fallback.value_or(rsli::Method::stored);
  auto method = rsli::parse_method(*text);
  if (!method)
    return usage_error(fmt::format("--method: {} not in {{stored,xor,lzss,xor-lzss,lzhuf,xor-lzhuf,deflate}}", *text));
  return *method;
}

std::string method_text(const rsli::Entry& e) {
  const std::optional<rsli::Method> m = e.method();
  return m ? rsli::method_name(*m)
           : fmt::format("unknown 0x{:X}", static_cast<std::uint16_t>(e.flags()) & rsli::kMethodMask);
}

// Safe, unique (ignoring ASCII case) file names for the entries: nres's rule for a single name.
std::vector<std::string> rsli_file_names(const rsli::Archive& archive) {
  std::vector<std::string> names;
  std::set<std::string> taken{std::string(rsli::kLibraryFileName), std::string(nres::kManifestName)};
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    std::string name = nres::safe_file_name(archive.entries[i].name());
    if (name.empty()) name = "entry";
    std::string folded = fold_lower_text(name);
    if (!taken.insert(folded).second) {
      name += fmt::format("~{}", i);
      folded += fmt::format("~{}", i);
      taken.insert(folded);
    }
    names.push_back(std::move(name));
  }
  return names;
}

// The writer of an edited library (rsli::write: the stored streams of untouched entries kept).
ArchiveWriter library_writer(rsli::Document document) {
  auto held = std::make_shared<const rsli::Document>(std::move(document));
  return [held](const ByteSink& out) -> Status {
    PARKAN_ASSIGN(ByteBuffer bytes, rsli::write(*held));
    return out(bytes);
  };
}

Status pack_library(const std::filesystem::path& folder, const FolderPack& options, const ByteSink& out) {
  const std::filesystem::path manifest_path = folder / path_from_utf8(nres::kManifestName);
  PARKAN_ASSIGN(ByteBuffer manifest_text, read_file(manifest_path));
  json manifest = json::parse(manifest_text.begin(), manifest_text.end(), nullptr, false);
  if (manifest.is_discarded()) return invalid("not valid JSON").in_file(path_to_utf8(manifest_path));
  const std::filesystem::path library_path = folder / path_from_utf8(rsli::kLibraryFileName);
  // Read as a library whatever its magic: the rsli reader names what is wrong with it.
  PARKAN_ASSIGN(MappedFile library_file, MappedFile::open(library_path));
  auto original = rsli::read(library_file.bytes(), rsli::Profile::compatible);
  if (!original) return std::move(original).error().in_file(path_to_utf8(library_path));
  if (options.on_read) options.on_read(std::string(rsli::kLibraryFileName));
  rsli::FolderLoader load = [&](const std::string& name) -> Result<ByteBuffer> {
    if (name.empty() || name.find('/') != std::string::npos || name.find('\\') != std::string::npos || name == "..")
      return invalid(fmt::format("file \"{}\" is not a plain file name of the folder", name))
          .in_file(path_to_utf8(manifest_path));
    if (options.on_read) options.on_read(name);
    return read_file(folder / path_from_utf8(name));
  };
  auto document = rsli::document_from_folder(*original, manifest, load);
  if (!document) return std::move(document).error().in_file(path_to_utf8(manifest_path));
  auto bytes = rsli::write(*document);
  if (!bytes) return std::move(bytes).error().in_file(options.out_name);
  return out(*bytes);
}

}  // namespace

// ---- the interface ------------------------------------------------------------------------------

Result<std::size_t> Archive::index_of(std::string_view text) const {
  const Reference ref = parse_reference(std::string("x::").append(text));
  const char* noun = format() == ArchiveFormat::rsli ? "library" : "archive";
  if (ref.index) {
    if (*ref.index >= entry_count())
      return invalid(fmt::format("no entry #{} (the {} has {} entries)", *ref.index, noun, entry_count())).in_file(path());
    return *ref.index;
  }
  auto index = find(name_to_cp1251(text));
  if (!index) return invalid(fmt::format("no entry named \"{}\"", text)).in_file(path());
  return *index;
}

Result<std::shared_ptr<Archive>> open_archive(const std::filesystem::path& path, Profile profile) {
  PARKAN_ASSIGN(MappedFile file, MappedFile::open(path));
  const std::string name = path_to_utf8(path);
  if (starts_as_rsli(file.bytes())) {
    auto library = rsli::read(file.bytes(), rsli_profile(profile));
    if (!library) return std::move(library).error().in_file(name);
    std::shared_ptr<Archive> archive = std::make_shared<RsliArchive>(name, std::move(file), std::move(library).value());
    return archive;
  }
  // The directory holds views into the mapping; moving a MappedFile keeps its address range.
  auto directory = nres::read(file.bytes(), nres_profile(profile));
  if (!directory) return std::move(directory).error().in_file(name);
  std::shared_ptr<Archive> archive = std::make_shared<NresArchive>(name, std::move(file), std::move(directory).value());
  return archive;
}

std::vector<Diagnostic> verify_archive(ByteView bytes, Profile profile, std::size_t& entries) {
  entries = 0;
  if (!starts_as_rsli(bytes)) return nres::check(bytes, nres_profile(profile), &entries);
  if (auto library = rsli::read(bytes, rsli::Profile::compatible)) entries = library->entries.size();
  return rsli::verify(bytes, rsli_profile(profile));
}

Status pack_folder(const std::filesystem::path& dir, const FolderPack& options, const ByteSink& out) {
  // The folder of a library keeps the library itself (rsli/folder.hpp).
  if (path_kind(dir / path_from_utf8(rsli::kLibraryFileName)) == PathKind::file) return pack_library(dir, options, out);
  PARKAN_ASSIGN(InputFile manifest, InputFile::open(dir / path_from_utf8(nres::kManifestName)));
  nres::PackOptions pack{options.rebuild_sort_table, options.on_count};
  nres::FileLoader load = [&](const std::string& name) -> Result<ByteBuffer> {
    if (options.on_read) options.on_read(name);
    return read_file(dir / path_from_utf8(name));
  };
  nres::TextSource text = [&](std::uint8_t* buffer, std::size_t size) { return manifest.read(buffer, size); };
  return nres::pack_folder(text, load, out, pack);
}

// ---- NresArchive --------------------------------------------------------------------------------

// The document of docs/cli.md, entry by entry: byte for byte what print_json gives for the whole
// document (keys in json's sorted order), without building it (10^6 entries were 1.5 GB as one).
Status NresArchive::write_listing(ListFormat format, const ByteSink& out) const {
  const nres::Archive& a = directory_;
  if (format == ListFormat::json) {
    PARKAN_TRY(put(out, "{\"entries\":["));
    for (std::size_t i = 0; i < a.entries.size(); ++i) {
      const nres::Entry& e = a.entries[i];
      PARKAN_TRY(put(out, fmt::format("{}{{\"attr1\":{},\"attr2\":{},\"attr3\":{},\"index\":{},\"name\":{},\"offset\":{},"
                                      "\"size\":{},\"sort_index\":{},\"type\":{},\"type_id\":{}}}",
                                      i == 0 ? "" : ",", e.attr1, e.attr2, e.attr3, i,
                                      json_string(cp1251_to_utf8(e.name())), e.data_offset, e.size, e.sort_index,
                                      json_string(nres::type_name(e.type_id)), e.type_id)));
    }
    return put(out, fmt::format("],\"format\":\"NRes\",\"total_size\":{},\"version\":{}}}\n", a.total_size, a.version));
  }
  PARKAN_TRY(put(out, fmt::format("{:>5}  {:<36} {:<10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>5}\n", "index", "name",
                                  "type", "size", "offset", "attr1", "attr2", "attr3", "sort")));
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    const nres::Entry& e = a.entries[i];
    // Escaped: a name holding a newline or an escape sequence stays on its row.
    PARKAN_TRY(put(out, fmt::format("{:>5}  {:<36} {:<10} {:>10} {:>#10x} {:>10} {:>10} {:>10} {:>5}\n", i,
                                    escape_control(cp1251_to_utf8(e.name())), escape_control(nres::type_name(e.type_id)),
                                    e.size, e.data_offset, e.attr1, e.attr2, e.attr3, e.sort_index)));
  }
  return put(out, fmt::format("{} entries, {} bytes\n", a.entries.size(), a.total_size));
}

std::size_t NresArchive::folder_file_count() const { return nres::folder_file_count(directory_); }

Status NresArchive::write_folder(const FolderFileSink& file, const ByteSink& manifest) const {
  return nres::write_folder(directory_, [&](const nres::FolderFile& f) { return file(f.name, f.bytes); }, manifest);
}

Status NresArchive::repack(const ByteSink& out) const { return nres::write_canonical(directory_, out); }

Result<ArchiveWriter> NresArchive::add(std::string_view name, const PayloadEdit& edit) && {
  PARKAN_TRY(refuse_method(edit, path()));
  std::optional<std::uint32_t> type;
  if (edit.type) {
    PARKAN_ASSIGN(type, type_id_of(*edit.type));
  }
  PARKAN_ASSIGN(std::string entry_name, cp1251_name(name));
  if (!edit.allow_duplicate && nres::find(directory_, entry_name))
    return invalid(fmt::format("an entry named \"{}\" exists (use replace, or --allow-duplicate)", name)).in_file(path());
  PARKAN_ASSIGN(EditPayload payload_file, map_payload(edit));
  const ByteView payload = payload_file.bytes;
  nres::EntrySpec spec;
  spec.name = entry_name;
  spec.payload = payload;
  if (type) {
    spec.type_id = *type;
  } else {
    // Without --type, the payload's magic names the type; without a magic it must be given.
    const Kind* kind = kind_of_bytes(payload);
    const std::uint32_t named = !kind ? 0 : kind->key == "nres" ? kTypeMesh : kind->type_id;
    if (named == 0)
      return usage_error(fmt::format("--type is needed: {} does not start with a magic that names its type "
                                     "(Texm and NRes payloads do; MAT0 and WEAR do not)",
                                     edit.payload_path));
    spec.type_id = named;
  }
  if (!edit.force) PARKAN_TRY(expect_payload_kind(spec.type_id, payload, edit.payload_path));
  // The attributes the game's entries of the type carry (the registry), unless given.
  const Kind* kind = kind_of_type_id(spec.type_id);
  spec.attr1 = edit.attr1.value_or(kind ? kind->entry_attr1 : 0);
  spec.attr2 = edit.attr2.value_or(kind ? kind->entry_attr2 : 0);
  spec.attr3 = edit.attr3.value_or(kind ? kind->entry_attr3 : 0);
  nres::Document document = nres::make_document(std::move(directory_));
  auto added = nres::add_entry(document, spec);
  if (!added) return std::move(added).error().in_file(path());
  PARKAN_TRY(expect_payload_checks(document.entries.back(), document.entries.size() - 1, payload, edit.payload_path,
                                   edit.force));
  return lossless_writer(std::move(document), std::move(payload_file.keep));
}

Result<ArchiveWriter> NresArchive::replace(std::size_t index, const PayloadEdit& edit) && {
  PARKAN_TRY(refuse_method(edit, path()));
  PARKAN_ASSIGN(EditPayload payload_file, map_payload(edit));
  const ByteView payload = payload_file.bytes;
  nres::Document document = nres::make_document(std::move(directory_));
  PARKAN_TRY(nres::replace_payload(document, index, payload));
  PARKAN_TRY(apply_attrs(document.entries[index], edit));
  if (!edit.force) PARKAN_TRY(expect_payload_kind(document.entries[index].type_id, payload, edit.payload_path));
  PARKAN_TRY(expect_payload_checks(document.entries[index], index, payload, edit.payload_path, edit.force));
  return lossless_writer(std::move(document), std::move(payload_file.keep));
}

Result<ArchiveWriter> NresArchive::remove(std::size_t index) && {
  nres::Document document = nres::make_document(std::move(directory_));
  PARKAN_TRY(nres::remove_entry(document, index));
  return lossless_writer(std::move(document));
}

Result<ArchiveWriter> NresArchive::rename(std::size_t index, std::string_view new_name) && {
  PARKAN_ASSIGN(std::string name, cp1251_name(new_name));
  nres::Document document = nres::make_document(std::move(directory_));
  auto renamed = nres::rename_entry(document, index, name);
  if (!renamed) return std::move(renamed).error().in_file(path());
  return lossless_writer(std::move(document));
}

// ---- RsliArchive --------------------------------------------------------------------------------

Status RsliArchive::write_listing(ListFormat format, const ByteSink& out) const {
  const rsli::Archive& a = directory_;
  if (format == ListFormat::json) {
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
    const json document{{"format", "RsLi"},
                        {"version", a.header.raw[3]},
                        {"presorted", a.header.presorted()},
                        {"xor_seed", a.header.xor_seed()},
                        {"overlay", a.overlay ? json(*a.overlay) : json(nullptr)},
                        {"entries", std::move(entries)}};
    return put(out, document.dump(-1, ' ', false, json::error_handler_t::replace) + "\n");
  }
  PARKAN_TRY(put(out, fmt::format("{:>5}  {:<12} {:<10} {:>10} {:>10} {:>10} {:>6} {:>6}\n", "index", "name", "method",
                                  "size", "packed", "offset", "flags", "sort")));
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    const rsli::Entry& e = a.entries[i];
    PARKAN_TRY(put(out, fmt::format("{:>5}  {:<12} {:<10} {:>10} {:>10} {:>#10x} {:>6} {:>6}\n", i,
                                    escape_control(cp1251_to_utf8(e.name())), method_text(e), e.unpacked_size(),
                                    e.packed_size(), e.effective_offset, e.flags(), e.sort_value())));
  }
  return put(out, fmt::format("{} entries, {} bytes (RsLi, {}{})\n", a.entries.size(), a.bytes.size(),
                              a.header.presorted() ? "presorted" : "sorted on load",
                              a.overlay ? fmt::format(", overlay {}", *a.overlay) : std::string()));
}

// The library verbatim (~library.rlb), then each entry unpacked.
std::size_t RsliArchive::folder_file_count() const { return directory_.entries.size() + 1; }

Status RsliArchive::write_folder(const FolderFileSink& file, const ByteSink& manifest) const {
  const std::vector<std::string> names = rsli_file_names(directory_);
  PARKAN_TRY(file(std::string(rsli::kLibraryFileName), directory_.bytes));
  for (std::size_t i = 0; i < directory_.entries.size(); ++i) {
    auto bytes = rsli::unpack(directory_, i);
    if (!bytes) return std::move(bytes).error().in_file(path()).in_entry(std::string(directory_.entries[i].name()));
    PARKAN_TRY(file(names[i], *bytes));
  }
  return put(manifest, rsli::folder_manifest(directory_, names).dump(2) + "\n");
}

Status RsliArchive::repack(const ByteSink& out) const {
  PARKAN_ASSIGN(ByteBuffer bytes, rsli::write_canonical(rsli::make_document(directory_)));
  return out(bytes);
}

Result<ArchiveWriter> RsliArchive::add(std::string_view name, const PayloadEdit& edit) && {
  PARKAN_ASSIGN(rsli::Method method, method_option(edit.method, std::nullopt));
  PARKAN_ASSIGN(std::string entry_name, cp1251_name(name));
  if (rsli::find(directory_, entry_name))
    return invalid(fmt::format("an entry named \"{}\" exists (use replace)", name)).in_file(path());
  PARKAN_ASSIGN(ByteBuffer payload, read_payload(edit));
  rsli::Document document = rsli::make_document(directory_);
  auto added = rsli::add_entry(document, entry_name, payload, method, edit.level);
  if (!added) return std::move(added).error().in_file(path());
  return library_writer(std::move(document));
}

Result<ArchiveWriter> RsliArchive::replace(std::size_t index, const PayloadEdit& edit) && {
  PARKAN_ASSIGN(rsli::Method method, method_option(edit.method, directory_.entries[index].method()));
  PARKAN_ASSIGN(ByteBuffer payload, read_payload(edit));
  rsli::Document document = rsli::make_document(directory_);
  auto replaced = rsli::replace_payload(document, index, payload, method, edit.level);
  if (!replaced) return std::move(replaced).error().in_file(path());
  return library_writer(std::move(document));
}

Result<ArchiveWriter> RsliArchive::remove(std::size_t index) && {
  rsli::Document document = rsli::make_document(directory_);
  PARKAN_TRY(rsli::remove_entry(document, index));
  return library_writer(std::move(document));
}

Result<ArchiveWriter> RsliArchive::rename(std::size_t index, std::string_view new_name) && {
  PARKAN_ASSIGN(std::string name, cp1251_name(new_name));
  rsli::Document document = rsli::make_document(directory_);
  auto renamed = rsli::rename_entry(document, index, name);
  if (!renamed) return std::move(renamed).error().in_file(path());
  return library_writer(std::move(document));
}

}  // namespace parkan::resource
