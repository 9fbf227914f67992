// Material.lib <-> folder of MAT0 text forms, over the lossless NRes folder form.
#include "parkan/runtime/material_library.hpp"

#include <map>
#include <set>

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/mat0.hpp"

namespace parkan::runtime {

using nlohmann::json;

namespace {

constexpr std::string_view kTextSuffix = ".json";

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(fold_lower(static_cast<unsigned char>(c)));
  return out;
}

bool is_text_file(std::string_view name) {
  return name.size() > kTextSuffix.size() && lower(name.substr(name.size() - kTextSuffix.size())) == kTextSuffix;
}

}  // namespace

MaterialFolder dump_material_library(const nres::Archive& library) {
  nres::Folder raw = nres::to_folder(library);
  MaterialFolder out;
  out.manifest = std::move(raw.manifest);
  std::set<std::string> taken;
  for (const nres::FolderFile& f : raw.files) taken.insert(lower(f.name));
  const std::size_t n = library.entries.size();
  for (std::size_t i = 0; i < raw.files.size(); ++i) {
    const nres::FolderFile& f = raw.files[i];
    json* entry = i < n ? &out.manifest["entries"][i] : nullptr;
    if (entry && library.entries[i].type_id == material::kMat0TypeId) {
      const nres::Entry& e = library.entries[i];
      auto mat = material::read_mat0(f.bytes, {e.attr1, e.attr2});
      if (mat) {
        std::string name = f.name + std::string(kTextSuffix);
        if (taken.count(lower(name))) name = fmt::format("{}~{}{}", f.name, i, kTextSuffix);
        taken.insert(lower(name));
        json text = material::mat0_to_json(*mat);
        text["name"] = cp1251_to_utf8(e.name());
        std::string dumped = text.dump(2) + "\n";
        ByteView bytes = as_bytes(dumped);
        out.files.push_back({name, ByteBuffer(bytes.begin(), bytes.end())});
        (*entry)["file"] = name;
        ++out.materials;
        continue;
      }
    }
    out.files.push_back({f.name, ByteBuffer(f.bytes.begin(), f.bytes.end())});
  }
  out.manifest["comment"] = out.manifest.value("comment", std::string()) +
                            " Files ending in .json are MAT0 text forms (parkan mat0 dump); parkan mat0 build "
                            "turns them back into payloads, with their attr1/attr2.";
  return out;
}

Result<ByteBuffer> build_material_library(json manifest, const nres::FileLoader& load) {
  if (!manifest.is_object() || !manifest.contains("entries") || !manifest["entries"].is_array())
    return invalid("the manifest has no \"entries\" array");
  std::map<std::string, ByteBuffer> built;
  json& entries = manifest["entries"];
  for (std::size_t i = 0; i < entries.size(); ++i) {
    json& entry = entries[i];
    if (!entry.is_object() || !entry.contains("file") || !entry["file"].is_string()) continue;  // from_folder reports it
    std::string file = entry["file"];
    if (!is_text_file(file)) continue;
    PARKAN_ASSIGN(ByteBuffer text, load(file));
    json doc = json::parse(as_chars(text), nullptr, false);
    if (doc.is_discarded()) return invalid("not valid JSON").in_file(file);
    auto mat = material::mat0_from_json(doc);
    if (!mat) return std::move(mat).error().in_file(file);
    auto payload = material::write_mat0(*mat);
    if (!payload) return std::move(payload).error().in_file(file);
    entry["attr1"] = mat->attributes.attr1;
    entry["attr2"] = mat->attributes.attr2;
    built[file] = std::move(*payload);
  }
  nres::FileLoader loader = [&](const std::string& name) -> Result<ByteBuffer> {
    if (auto it = built.find(name); it != built.end()) return it->second;
    return load(name);
  };
  return nres::from_folder(manifest, loader);
}

}  // namespace parkan::runtime
