// The folder form of an RsLi library (folder.hpp).
#include "parkan/rsli/folder.hpp"

#include <algorithm>
#include <optional>
#include <set>

#include <fmt/format.h>

namespace parkan::rsli {

namespace {

Error manifest_error(std::size_t entry, std::string_view field, std::string_view what) {
  return invalid_rule("rsli.folder.manifest", fmt::format("entries[{}].{}: {}", entry, field, what));
}

// A manifest entry: its fields, checked.
struct FolderEntry {
  std::optional<std::size_t> index;  // the original entry; none: a new one
  std::string name, file;
  Method method = Method::stored;
};

Result<FolderEntry> folder_entry(const nlohmann::json& row, std::size_t position, std::size_t original_count) {
  if (!row.is_object()) return manifest_error(position, "", "not an object");
  FolderEntry out;
  if (row.contains("index") && !row["index"].is_null()) {
    if (!row["index"].is_number_unsigned() || row["index"].get<std::uint64_t>() >= original_count)
      return manifest_error(position, "index", fmt::format("not an entry of the library (it has {})", original_count));
    out.index = row["index"].get<std::size_t>();
  }
  for (const char* key : {"name", "file", "method"})
    if (!row.contains(key) || !row[key].is_string()) return manifest_error(position, key, "missing or not a string");
  out.name = row["name"].get<std::string>();
  out.file = row["file"].get<std::string>();
  auto method = parse_method(row["method"].get<std::string>());
  if (!method) return manifest_error(position, "method", fmt::format("\"{}\" is not a storage method", row["method"].get<std::string>()));
  out.method = *method;
  return out;
}

}  // namespace

nlohmann::json folder_manifest(const Archive& archive, const std::vector<std::string>& file_names) {
  nlohmann::json entries = nlohmann::json::array();
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    const Entry& e = archive.entries[i];
    const std::optional<Method> method = e.method();
    entries.push_back({{"index", i},
                       {"name", std::string(e.name())},
                       {"file", file_names[i]},
                       {"method", method ? method_name(*method) : "unknown"}});
  }
  return {{"format", "RsLi"}, {"version", 1}, {"library", std::string(kLibraryFileName)}, {"entries", std::move(entries)}};
}

Result<Document> document_from_folder(const Archive& original, const nlohmann::json& manifest, const FolderLoader& load) {
  if (!manifest.is_object() || manifest.value("format", "") != "RsLi" || !manifest.contains("entries") ||
      !manifest["entries"].is_array())
    return invalid_rule("rsli.folder.manifest", "not an RsLi manifest (format \"RsLi\" and an entries array)");
  Document document = make_document(original);
  std::vector<FolderEntry> rows;
  std::set<std::size_t> kept;
  for (std::size_t p = 0; p < manifest["entries"].size(); ++p) {
    PARKAN_ASSIGN(FolderEntry row, folder_entry(manifest["entries"][p], p, original.entries.size()));
    if (row.index && !kept.insert(*row.index).second) return manifest_error(p, "index", "names an entry twice");
    rows.push_back(std::move(row));
  }
  // Edits of kept entries first (their indices still hold), then removals from the back, then additions.
  for (std::size_t p = 0; p < rows.size(); ++p) {
    const FolderEntry& row = rows[p];
    if (!row.index) continue;
    PARKAN_ASSIGN(ByteBuffer bytes, load(row.file));
    const Entry& entry = original.entries[*row.index];
    const std::optional<Method> stored_method = entry.method();
    auto unpacked = unpack(original, *row.index);
    const bool same_bytes = unpacked && *unpacked == bytes;
    if (!same_bytes || !stored_method || *stored_method != row.method)
      PARKAN_TRY(replace_payload(document, *row.index, bytes, row.method));
    if (row.name != entry.name()) {
      auto renamed = rename_entry(document, *row.index, row.name);
      if (!renamed) return manifest_error(p, "name", renamed.error().message);
    }
  }
  for (std::size_t i = original.entries.size(); i-- > 0;)
    if (!kept.count(i)) PARKAN_TRY(remove_entry(document, i));
  for (std::size_t p = 0; p < rows.size(); ++p) {
    const FolderEntry& row = rows[p];
    if (row.index) continue;
    PARKAN_ASSIGN(ByteBuffer bytes, load(row.file));
    auto added = add_entry(document, row.name, bytes, row.method);
    if (!added) return manifest_error(p, "name", added.error().message);
  }
  return document;
}

}  // namespace parkan::rsli
