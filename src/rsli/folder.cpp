// The folder form of an RsLi library (folder.hpp).
#include "parkan/rsli/folder.hpp"

#include <algorithm>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "parkan/core/text.hpp"

namespace parkan::rsli {

namespace {

// Names are bytes (cp1251 in the game). The manifest shows them as UTF-8 text ("name"); a name whose
// bytes that text cannot give back (0x98, which cp1251 leaves undefined) also carries them as hex
// ("name_bytes"), so the folder keeps every name losslessly (docs/cli.md 3.7).
std::string hex_of(std::string_view bytes) {
  std::string out;
  for (unsigned char c : bytes) out += fmt::format("{:02x}", c);
  return out;
}

std::optional<std::string> bytes_of_hex(std::string_view text) {
  if (text.size() % 2 != 0) return std::nullopt;
  std::string out;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    unsigned value = 0;
    for (char c : text.substr(i, 2)) {
      const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (digit < 0) return std::nullopt;
      value = value * 16 + static_cast<unsigned>(digit);
    }
    out += static_cast<char>(value);
  }
  return out;
}

bool text_keeps_name(std::string_view name) {
  const std::optional<std::string> back = utf8_to_cp1251(cp1251_to_utf8(name));
  return back && *back == name;
}

Error manifest_error(std::size_t entry, std::string_view field, std::string_view what) {
  return invalid_rule(codes::kFolderManifest, fmt::format("entries[{}].{}: {}", entry, field, what));
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
  const std::string text = row["name"].get<std::string>();
  if (row.contains("name_bytes")) {
    const std::optional<std::string> bytes =
        row["name_bytes"].is_string() ? bytes_of_hex(row["name_bytes"].get<std::string>()) : std::nullopt;
    if (!bytes) return manifest_error(position, "name_bytes", "expected hex digits (the name's bytes)");
    // An edited "name" wins over the bytes it was shown from.
    if (cp1251_to_utf8(*bytes) == text) out.name = *bytes;
  }
  if (out.name.empty()) {
    const std::optional<std::string> bytes = utf8_to_cp1251(text);
    if (!bytes) return manifest_error(position, "name", fmt::format("\"{}\" has characters that cp1251 cannot hold", text));
    out.name = *bytes;
  }
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
    nlohmann::json row = {{"index", i},
                          {"name", cp1251_to_utf8(e.name())},
                          {"file", file_names[i]},
                          {"method", method ? method_name(*method) : "unknown"}};
    if (!text_keeps_name(e.name())) row["name_bytes"] = hex_of(e.name());
    entries.push_back(std::move(row));
  }
  return {{"format", "RsLi"}, {"version", 1}, {"library", std::string(kLibraryFileName)}, {"entries", std::move(entries)}};
}

Result<Document> document_from_folder(const Archive& original, const nlohmann::json& manifest, const FolderLoader& load) {
  if (!manifest.is_object() || manifest.value("format", "") != "RsLi" || !manifest.contains("entries") ||
      !manifest["entries"].is_array())
    return invalid_rule(codes::kFolderManifest, "not an RsLi manifest (format \"RsLi\" and an entries array)");
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
