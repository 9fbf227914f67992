// Material.lib <-> folder of MAT0 text forms, over the lossless NRes folder form.
#include "parkan/material/library_folder.hpp"

#include <map>
#include <set>

#include <fmt/format.h>

#include "parkan/core/json_text.hpp"
#include "parkan/core/text.hpp"
#include "parkan/material/codes.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/mat0.hpp"

namespace parkan::material {

using nlohmann::json;

namespace {

std::string lower(std::string_view s) { return fold_lower_text(s); }

bool is_text_file(std::string_view name) {
  return name.size() > kTextSuffix.size() && lower(name.substr(name.size() - kTextSuffix.size())) == kTextSuffix;
}

// `base` + `suffix`, or base~<index> + suffix when that is taken (case-insensitively).
std::string unique_name(std::set<std::string>& taken, const std::string& base, std::size_t index,
                        std::string_view suffix) {
  std::string name = base + std::string(suffix);
  if (taken.count(lower(name))) name = fmt::format("{}~{}{}", base, index, suffix);
  taken.insert(lower(name));
  return name;
}

}  // namespace

LibraryFolder to_library_folder(const nres::Archive& library) {
  nres::Folder raw = nres::to_folder(library);
  LibraryFolder out;
  out.manifest = std::move(raw.manifest);
  std::set<std::string> taken;
  for (const nres::FolderFile& f : raw.files) taken.insert(lower(f.name));
  const std::size_t n = library.entries.size();
  for (std::size_t i = 0; i < raw.files.size(); ++i) {
    const nres::FolderFile& f = raw.files[i];
    json* entry = i < n ? &out.manifest["entries"][i] : nullptr;
    if (entry && library.entries[i].type_id == kMat0TypeId) {
      const nres::Entry& e = library.entries[i];
      auto mat = read_mat0(f.bytes, {e.attr1, e.attr2});
      if (mat) {
        std::string name = unique_name(taken, f.name, i, kTextSuffix);
        std::string dumped = mat0_text(mat0_to_json(*mat)) + "\n";
        ByteView bytes = as_bytes(dumped);
        out.files.push_back({name, ByteBuffer(bytes.begin(), bytes.end())});
        (*entry)["file"] = name;
        entry->erase("attr1");  // the text's runtime_flags
        entry->erase("attr2");  // the text's attr2
        ++out.materials;
        continue;
      }
    }
    std::string name = f.name;
    if (entry && is_text_file(name)) {  // a raw payload must not be taken for a text (gap files never are)
      name = unique_name(taken, f.name, i, ".bin");
      (*entry)["file"] = name;
    }
    out.files.push_back({name, ByteBuffer(f.bytes.begin(), f.bytes.end())});
  }
  out.manifest["comment"] = out.manifest.value("comment", std::string()) +
                            " Files ending in .json are MAT0 text forms (parkan mat0 dump); parkan mat0 build "
                            "turns them back into payloads. A text holds its material's attr1 (runtime_flags) "
                            "and attr2, so its manifest entry has neither.";
  return out;
}

Result<ByteBuffer> from_library_folder(json manifest, const nres::FileLoader& load) {
  if (!manifest.is_object() || !manifest.contains("entries") || !manifest["entries"].is_array())
    return invalid_rule(codes::kMat0LibraryManifest, "the manifest has no \"entries\" array");
  std::map<std::string, ByteBuffer> built;
  json& entries = manifest["entries"];
  for (std::size_t i = 0; i < entries.size(); ++i) {
    json& entry = entries[i];
    if (!entry.is_object() || !entry.contains("file") || !entry["file"].is_string())
      continue;  // from_folder reports it
    std::string file = entry["file"];
    if (!is_text_file(file)) continue;
    PARKAN_ASSIGN(ByteBuffer text, load(file));
    auto doc = parse_json_text(as_chars(text));
    if (!doc) return std::move(doc).error().in_file(file);
    auto mat = mat0_from_json(*doc);
    if (!mat) return std::move(mat).error().in_file(file);
    auto payload = write_mat0(*mat);
    if (!payload) return std::move(payload).error().in_file(file);
    for (auto [key, value] : {std::pair<const char*, std::uint32_t>{"attr1", mat->attributes.attr1},
                              std::pair<const char*, std::uint32_t>{"attr2", mat->attributes.attr2}}) {
      if (entry.contains(key) && entry[key] != value)
        return invalid_rule(codes::kMat0TextConflict,
                            fmt::format("entries[{}].{}: {} disagrees with {} ({} {}); remove it from the manifest "
                                        "(the text holds it)",
                                        i, key, entry[key].dump(), file, key, value));
      entry[key] = value;
    }
    built[file] = std::move(*payload);
  }
  nres::FileLoader loader = [&](const std::string& name) -> Result<ByteBuffer> {
    if (auto it = built.find(name); it != built.end()) return it->second;
    return load(name);
  };
  return nres::from_folder(manifest, loader);
}

}  // namespace parkan::material
