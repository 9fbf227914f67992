// Archive <-> folder of files + manifest.json (cli.md archive extract/pack), over the lossless model.
#include "parkan/nres/folder.hpp"

#include <algorithm>
#include <charconv>
#include <deque>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "parkan/core/text.hpp"
#include "parkan/nres/edit.hpp"

namespace parkan::nres {

using nlohmann::json;

namespace {

constexpr std::string_view kSafePunctuation = "._-[]#$+@!(),=&'^{}";

bool is_safe_byte(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
         kSafePunctuation.find(static_cast<char>(c)) != std::string_view::npos;
}

std::string escape(unsigned char c) { return fmt::format("%{:02X}", c); }

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(fold_lower(static_cast<unsigned char>(c)));
  return out;
}

// CON, PRN, AUX, NUL, COM1..9, LPT1..9 are devices on Windows whatever the extension.
bool is_device_name(std::string_view name) {
  std::string base = ascii_lower(name.substr(0, name.find('.')));
  if (base == "con" || base == "prn" || base == "aux" || base == "nul") return true;
  return base.size() == 4 && (base.starts_with("com") || base.starts_with("lpt")) && base[3] >= '1' && base[3] <= '9';
}

std::string gap_file_name(std::size_t number) { return fmt::format("~gap-{}.bin", number); }

std::string hex(ByteView bytes) {
  std::string out;
  for (std::uint8_t b : bytes) out += fmt::format("{:02x}", b);
  return out;
}

bool unhex(std::string_view text, std::uint8_t* out, std::size_t size) {
  if (text.size() != size * 2) return false;
  for (std::size_t i = 0; i < size; ++i) {
    auto [end, ec] = std::from_chars(text.data() + 2 * i, text.data() + 2 * i + 2, out[i], 16);
    if (ec != std::errc() || end != text.data() + 2 * i + 2) return false;
  }
  return true;
}

// Reading the manifest: every field checked, errors name it ("entries[2].attr1: ...").
struct Field {
  const json& object;
  std::string where;

  Error error(std::string_view key, std::string_view what) const {
    return invalid(fmt::format("{}{}{}: {}", where, where.empty() ? "" : ".", key, what));
  }
  bool has(const char* key) const { return object.is_object() && object.contains(key); }
  Result<std::uint64_t> unsigned_value(const char* key, std::uint64_t max) const {
    if (!has(key)) return error(key, "missing");
    const json& v = object.at(key);
    bool non_negative = v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
    if (!non_negative || v.get<std::uint64_t>() > max)
      return error(key, fmt::format("expected an integer in 0..{}", max));
    return v.get<std::uint64_t>();
  }
  Result<std::uint32_t> u32(const char* key) const {
    PARKAN_ASSIGN(std::uint64_t v, unsigned_value(key, 0xFFFFFFFFu));
    return static_cast<std::uint32_t>(v);
  }
  Result<std::string> text(const char* key) const {
    if (!has(key)) return error(key, "missing");
    const json& v = object.at(key);
    if (!v.is_string()) return error(key, "expected a string");
    return v.get<std::string>();
  }
  Result<bool> flag(const char* key) const {
    if (!has(key)) return false;
    const json& v = object.at(key);
    if (!v.is_boolean()) return error(key, "expected true or false");
    return v.get<bool>();
  }
  Result<std::string> file_name(const char* key) const {
    PARKAN_ASSIGN(std::string name, text(key));
    if (name.empty() || name == "." || name == ".." || name.find_first_of("/\\") != std::string::npos ||
        name.find('\0') != std::string::npos)
      return error(key, fmt::format("\"{}\" is not a plain file name inside the folder", name));
    return name;
  }
};

json entry_json(const Archive& archive, std::size_t i, const std::string& file) {
  const Entry& e = archive.entries[i];
  return json{{"index", i},
              {"file", file},
              {"name", cp1251_to_utf8(e.name())},
              {"name_field", hex(e.name_field)},
              {"type_id", e.type_id},
              {"type", type_name(e.type_id)},
              {"attr1", e.attr1},
              {"attr2", e.attr2},
              {"attr3", e.attr3},
              {"size", e.size},
              {"offset", e.data_offset},
              {"sort_index", e.sort_index}};
}

// One manifest entry back to a directory row. The name field is kept verbatim unless "name" was
// edited, in which case it is the new name zero-filled.
Result<Entry> entry_from_json(const Field& f, bool& renamed) {
  Entry e;
  if (f.has("type_id") || !f.has("type")) {
    PARKAN_ASSIGN(e.type_id, f.u32("type_id"));
  } else {
    PARKAN_ASSIGN(std::string type, f.text("type"));
    auto id = parse_type_name(type);
    if (!id) return f.error("type", fmt::format("\"{}\" is neither four printable characters nor a number", type));
    e.type_id = *id;
  }
  PARKAN_ASSIGN(e.attr1, f.u32("attr1"));
  PARKAN_ASSIGN(e.attr2, f.u32("attr2"));
  PARKAN_ASSIGN(e.attr3, f.u32("attr3"));
  PARKAN_ASSIGN(std::string name_utf8, f.text("name"));
  bool have_field = false;
  if (f.has("name_field")) {
    PARKAN_ASSIGN(std::string field, f.text("name_field"));
    if (!unhex(field, e.name_field.data(), e.name_field.size()))
      return f.error("name_field", "expected 72 hex digits (the 36-byte name field)");
    have_field = true;
  }
  // Compared as displayed, so that bytes cp1251 leaves undefined (0x98) survive an unedited name.
  if (!have_field || cp1251_to_utf8(e.name()) != name_utf8) {
    auto name = utf8_to_cp1251(name_utf8);
    if (!name) return f.error("name", fmt::format("\"{}\" has characters that cp1251 cannot hold", name_utf8));
    EntrySpec spec;
    spec.name = *name;
    auto made = make_entry(spec);
    if (!made) return f.error("name", made.error().message);
    e.name_field = made->name_field;
    renamed = true;
  }
  if (f.has("sort_index")) {
    PARKAN_ASSIGN(e.sort_index, f.u32("sort_index"));
  } else {
    renamed = true;  // a new entry: the table must be rebuilt
  }
  return e;
}

}  // namespace

std::string safe_file_name(std::string_view entry_name) {
  std::string out;
  for (unsigned char c : entry_name) out += is_safe_byte(c) ? std::string(1, static_cast<char>(c)) : escape(c);
  if (out.empty()) return "%00";
  if (out.back() == '.') out = out.substr(0, out.size() - 1) + escape('.');
  if (is_device_name(out) || ascii_lower(out) == kManifestName)
    out = escape(static_cast<unsigned char>(out[0])) + out.substr(1);
  return out;
}

std::vector<std::string> entry_file_names(const Archive& archive) {
  std::vector<std::string> names;
  std::set<std::string> taken;
  names.reserve(archive.entries.size());
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    std::string name = safe_file_name(archive.entries[i].name());
    if (!taken.insert(ascii_lower(name)).second) {
      name += fmt::format("~{}", i);
      taken.insert(ascii_lower(name));
    }
    names.push_back(std::move(name));
  }
  return names;
}

Folder to_folder(const Archive& archive) {
  Folder folder;
  std::vector<std::string> names = entry_file_names(archive);
  json entries = json::array();
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    folder.files.push_back({names[i], archive.payload(i)});
    entries.push_back(entry_json(archive, i, names[i]));
  }
  Document document = make_document(archive);
  json layout = json::array();
  std::size_t at = kHeaderSize;
  std::size_t gaps = 0;
  for (const Chunk& chunk : document.chunks) {
    if (chunk.entry == Chunk::kFiller) {
      std::string name = gap_file_name(gaps++);
      folder.files.push_back({name, chunk.bytes});
      layout.push_back(json{{"gap", name}, {"offset", at}, {"size", chunk.bytes.size()}});
    } else {
      layout.push_back(json{{"entry", chunk.entry}, {"padded", chunk.padded}, {"aligned", chunk.align_start}});
    }
    at += chunk.bytes.size();
    if (chunk.padded) at += (8 - at % 8) % 8;
  }
  for (const EmbeddedEntry& e : document.embedded)
    layout.push_back(json{{"entry", e.entry}, {"inside", e.host}, {"delta", e.delta}});

  folder.manifest = json{
      {"format", "NRes"},
      {"manifest_version", kManifestVersion},
      {"version", archive.version},
      {"total_size", archive.total_size},
      {"comment",
       "parkan archive pack rebuilds the archive from this folder: payload sizes come from the files and "
       "offsets from 'layout' (data region in file order; 'gap' files hold gaps and unindexed bytes; "
       "'padded': zero padding to 8 follows; 'aligned': kept on a multiple of 8 when earlier data moves). Edit payload files freely. A changed 'name' gets a "
       "zero-filled name field and rebuilds the sort table; an entry missing from 'layout' is appended."},
      {"entries", std::move(entries)},
      {"layout", std::move(layout)}};
  return folder;
}

Result<ByteBuffer> from_folder(const json& manifest, const FileLoader& load, const PackOptions& options) {
  Field top{manifest, ""};
  if (!manifest.is_object()) return invalid("the manifest is not a JSON object");
  PARKAN_ASSIGN(std::string format, top.text("format"));
  if (format != "NRes") return top.error("format", fmt::format("\"{}\" is not \"NRes\"", format));
  PARKAN_ASSIGN(std::uint64_t manifest_version, top.unsigned_value("manifest_version", 1000));
  if (manifest_version != kManifestVersion)
    return top.error("manifest_version", fmt::format("{} is not supported (this build reads {})", manifest_version,
                                                    kManifestVersion));
  if (manifest.contains("version")) {
    PARKAN_ASSIGN(std::uint32_t version, top.u32("version"));
    if (version != kVersion) return top.error("version", fmt::format("0x{:x} is not 0x100", version));
  }
  if (!manifest.contains("entries") || !manifest["entries"].is_array())
    return top.error("entries", "expected an array");
  const json& entries = manifest["entries"];
  if (entries.size() > 0x7FFFFFFF) return top.error("entries", "too many entries");

  std::deque<ByteBuffer> loaded;  // owns the bytes the document's views point at
  Document document;
  bool renamed = false;
  std::vector<ByteView> payloads;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    Field f{entries[i], fmt::format("entries[{}]", i)};
    if (!entries[i].is_object()) return invalid(fmt::format("{}: expected an object", f.where));
    if (f.has("index")) {
      PARKAN_ASSIGN(std::uint64_t index, f.unsigned_value("index", 0xFFFFFFFFu));
      if (index != i)
        return f.error("index", fmt::format("{} is out of place: entries must be listed in directory order", index));
    }
    PARKAN_ASSIGN(Entry entry, entry_from_json(f, renamed));
    PARKAN_ASSIGN(std::string file, f.file_name("file"));
    PARKAN_ASSIGN(ByteBuffer bytes, load(file));
    if (bytes.size() > 0xFFFFFFFFu) return f.error("file", fmt::format("\"{}\" is larger than 4 GiB", file));
    payloads.push_back(loaded.emplace_back(std::move(bytes)));
    document.entries.push_back(entry);
  }

  const std::size_t n = document.entries.size();
  std::vector<bool> placed(n, false);
  if (!manifest.contains("layout") || !manifest["layout"].is_array()) return top.error("layout", "expected an array");
  const json& layout = manifest["layout"];
  for (std::size_t k = 0; k < layout.size(); ++k) {
    Field f{layout[k], fmt::format("layout[{}]", k)};
    if (f.has("gap")) {
      PARKAN_ASSIGN(std::string file, f.file_name("gap"));
      PARKAN_ASSIGN(ByteBuffer bytes, load(file));
      document.chunks.push_back(Chunk{Chunk::kFiller, loaded.emplace_back(std::move(bytes))});
      continue;
    }
    PARKAN_ASSIGN(std::uint64_t index, f.unsigned_value("entry", 0xFFFFFFFFu));
    if (index >= n) return f.error("entry", fmt::format("{} is not an entry (there are {})", index, n));
    if (placed[index]) return f.error("entry", fmt::format("entry {} is placed twice", index));
    placed[index] = true;
    if (f.has("inside")) {
      PARKAN_ASSIGN(std::uint64_t host, f.unsigned_value("inside", n == 0 ? 0 : n - 1));
      PARKAN_ASSIGN(std::uint32_t delta, f.u32("delta"));
      if (!payloads[index].empty()) {  // it has a payload now: it goes right after its host
        document.embedded.push_back({index, host, delta});
        PARKAN_TRY(replace_payload(document, index, payloads[index]));
      } else {
        document.embedded.push_back({index, host, delta});
      }
      continue;
    }
    PARKAN_ASSIGN(bool padded, f.flag("padded"));
    PARKAN_ASSIGN(bool aligned, f.flag("aligned"));
    document.chunks.push_back(Chunk{index, payloads[index], padded, aligned});
  }
  for (std::size_t i = 0; i < n; ++i)
    if (!placed[i]) {
      document.chunks.push_back(Chunk{i, payloads[i], true, true});
      renamed = true;
    }
  document.rebuild_sort_table = renamed || options.rebuild_sort_table;
  return write_lossless(document);
}

std::size_t folder_file_count(const json& manifest) {
  std::size_t files = 0;
  if (!manifest.is_object()) return 0;
  if (manifest.contains("entries") && manifest["entries"].is_array()) files += manifest["entries"].size();
  if (manifest.contains("layout") && manifest["layout"].is_array())
    for (const json& item : manifest["layout"]) files += item.is_object() && item.contains("gap") ? 1 : 0;
  return files;
}

std::optional<std::uint32_t> parse_type_name(std::string_view text) {
  if (text.size() == 4 && std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c <= 0x7E; }) &&
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    std::uint32_t id = 0;
    for (int i = 3; i >= 0; --i) id = (id << 8) | static_cast<unsigned char>(text[static_cast<std::size_t>(i)]);
    return id;
  }
  std::uint32_t id = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return id;
}

}  // namespace parkan::nres
