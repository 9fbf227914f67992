// Archive <-> folder of files + manifest.json (docs/cli.md archive extract/pack), over the lossless model.
#include "parkan/nres/folder.hpp"

#include <algorithm>
#include <charconv>
#include <deque>
#include <iterator>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "nres/layout.hpp"
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


// CON, PRN, AUX, NUL, COM1..9, LPT1..9 are devices on Windows whatever the extension.
bool is_device_name(std::string_view name) {
  std::string base = fold_lower_text(name.substr(0, name.find('.')));
  if (base == "con" || base == "prn" || base == "aux" || base == "nul") return true;
  return base.size() == 4 && (base.starts_with("com") || base.starts_with("lpt")) && base[3] >= '1' && base[3] <= '9';
}

std::string gap_file_name(std::size_t number) { return fmt::format("~gap-{}.bin", number); }

std::string hex(ByteView bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(bytes.size() * 2, '0');
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    out[2 * i] = kDigits[bytes[i] >> 4];
    out[2 * i + 1] = kDigits[bytes[i] & 15];
  }
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

constexpr std::string_view kComment =
    "parkan archive pack rebuilds the archive from this folder: payload sizes come from the files and "
    "offsets from 'layout' (data region in file order; 'gap' files hold gaps and unindexed bytes; "
    "'padded': zero padding to 8 follows; 'aligned': kept on a multiple of 8 when earlier data moves). "
    "Edit payload files freely. A changed 'name' gets a "
    "zero-filled name field and rebuilds the sort table; an entry missing from 'layout' is appended.";

// 64-bit hash of a safe name folded to lower case (FNV-1a, then a SplitMix64 finalizer).
std::uint64_t folded_hash(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    h ^= fold_lower(c);
    h *= 0x100000001b3ull;
  }
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  return h ^ (h >> 31);
}

// The layout items of the manifest, in order: chunks as they come, embedded entries at the end.
template <class Emit>
struct LayoutWalk {
  explicit LayoutWalk(Emit& e) : emit(e) {}
  Emit& emit;
  std::size_t gaps = 0;
  std::vector<EmbeddedEntry> embedded_entries;

  void chunk(const Chunk& chunk, std::size_t at) {
    if (chunk.entry == Chunk::kFiller)
      emit(json{{"gap", gap_file_name(gaps++)}, {"offset", at}, {"size", chunk.bytes.size()}});
    else
      emit(json{{"entry", chunk.entry}, {"padded", chunk.padded}, {"aligned", chunk.align_start}});
  }
  void embedded(const EmbeddedEntry& e) { embedded_entries.push_back(e); }
  void finish() {
    for (const EmbeddedEntry& e : embedded_entries)
      emit(json{{"entry", e.entry}, {"inside", e.host}, {"delta", e.delta}});
  }
};

template <class Emit>
void walk_layout(const Archive& archive, Emit&& emit) {
  LayoutWalk<Emit> walk{emit};
  detail::split_data_region(archive.bytes, archive.entries, archive.directory_offset(), walk);
  walk.finish();
}

// The gap files in chunk order.
template <class Emit>
struct GapWalk {
  explicit GapWalk(Emit& e) : emit(e) {}
  Emit& emit;
  std::size_t gaps = 0;
  void chunk(const Chunk& chunk, std::size_t) {
    if (chunk.entry == Chunk::kFiller) emit(gap_file_name(gaps++), chunk.bytes);
  }
  void embedded(const EmbeddedEntry&) {}
};

// manifest.json as json::dump(2) writes it, one array element at a time.
class ManifestText {
 public:
  explicit ManifestText(const ByteSink& out) : out_(out) {}

  void put(std::string_view text) {
    buffer_ += text;
    if (buffer_.size() >= 64 * 1024) flush();
  }
  // An element of a top-level array (indented by 4): `first` opens the array's lines.
  void element(const json& value, bool first) {
    put(first ? "\n    " : ",\n    ");
    const std::string text = value.dump(2);  // strings hold no raw newline: every '\n' is a line break
    std::size_t from = 0;
    for (std::size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', from)) {
      put(std::string_view(text).substr(from, nl + 1 - from));
      put("    ");
      from = nl + 1;
    }
    put(std::string_view(text).substr(from));
  }
  void close_array(bool empty) { put(empty ? "]" : "\n  ]"); }
  Status finish() {
    flush();
    return status_;
  }

 private:
  void flush() {
    if (status_.ok() && !buffer_.empty()) status_ = out_(as_bytes(buffer_));
    buffer_.clear();
  }
  const ByteSink& out_;
  std::string buffer_;
  Status status_;
};

// ---- packing ------------------------------------------------------------------------------------

// Loaded files in shared blocks: a million small payloads are not a million allocations.
class Arena {
 public:
  ByteView keep(ByteBuffer&& bytes) {
    if (bytes.size() >= kBlock / 4) {
      large_.push_back(std::move(bytes));
      return large_.back();
    }
    if (blocks_.empty() || blocks_.back().capacity() - blocks_.back().size() < bytes.size()) {
      blocks_.emplace_back();
      blocks_.back().reserve(kBlock);
    }
    ByteBuffer& block = blocks_.back();  // within its capacity: never reallocated, views stay valid
    const std::size_t at = block.size();
    block.insert(block.end(), bytes.begin(), bytes.end());
    return ByteView(block.data() + at, bytes.size());
  }

 private:
  static constexpr std::size_t kBlock = std::size_t(4) << 20;
  std::deque<ByteBuffer> blocks_, large_;
};

// One layout item, checked as far as it can be without the entry count.
struct LayoutItem {
  enum Kind : std::uint8_t { gap, entry, inside };
  Kind kind = entry;
  bool padded = false, aligned = false;
  bool inside_ok = false;     // "inside" is an integer in 0..0xFFFFFFFF (its range is checked later)
  std::uint32_t index = 0;    // the entry, or the gap's file in gap_files
  std::uint32_t host = 0;
  std::uint32_t delta = 0;
};

// The first error in one of the manifest's arrays: the element, and whether it comes before the
// checks that need the entry count (the order from_folder has always reported in).
struct DeferredError {
  std::size_t at = 0;
  bool before_count_checks = true;
  Error error;
};

// Builds the document from a manifest given member by member (top-level values, then the elements
// of "entries" and "layout" one at a time), so that a streamed manifest is never one document.
// Errors come out in from_folder's order: the top-level fields, then each entry (its fields, then
// its file), then each layout item.
class Packer {
 public:
  Packer(const FileLoader& load, const PackOptions& options) : load_(load), options_(options) {}

  void not_an_object() { object_ = false; }
  void top_value(const std::string& key, json value) {
    if (key == "entries") {
      begin_entries();
      entries_array_ = false;
    } else if (key == "layout") {
      begin_layout();
      layout_array_ = false;
    }
    top_[key] = std::move(value);
  }

  void begin_entries() {
    top_.erase("entries");
    entries_array_ = true;
    entries_.clear();
    files_.clear();
    entry_count_ = 0;
    entry_error_.reset();
    renamed_ = false;
  }
  void entry(const json& item) {
    const std::size_t i = entry_count_++;
    if (entry_error_ || i > 0x7FFFFFFF) return;
    Field f{item, fmt::format("entries[{}]", i)};
    auto fail = [&](Error error) { entry_error_ = DeferredError{i, true, std::move(error)}; };
    if (!item.is_object()) return fail(invalid(fmt::format("{}: expected an object", f.where)));
    if (f.has("index")) {
      auto index = f.unsigned_value("index", 0xFFFFFFFFu);
      if (!index) return fail(std::move(index).error());
      if (*index != i)
        return fail(
            f.error("index", fmt::format("{} is out of place: entries must be listed in directory order", *index)));
    }
    auto entry = entry_from_json(f, renamed_);
    if (!entry) return fail(std::move(entry).error());
    auto file = f.file_name("file");
    if (!file) return fail(std::move(file).error());
    entries_.push_back(*entry);
    files_.push_back(std::move(*file));
  }

  void begin_layout() {
    top_.erase("layout");
    layout_array_ = true;
    layout_.clear();
    gap_files_.clear();
    layout_count_ = 0;
    layout_error_.reset();
  }
  void layout_item(const json& item) {
    const std::size_t k = layout_count_++;
    if (layout_error_) return;
    Field f{item, fmt::format("layout[{}]", k)};
    auto fail = [&](Error error, bool early) { layout_error_ = DeferredError{k, early, std::move(error)}; };
    LayoutItem out;
    if (f.has("gap")) {
      auto file = f.file_name("gap");
      if (!file) return fail(std::move(file).error(), true);
      out.kind = LayoutItem::gap;
      out.index = static_cast<std::uint32_t>(gap_files_.size());
      gap_files_.push_back(std::move(*file));
      layout_.push_back(out);
      return;
    }
    auto index = f.unsigned_value("entry", 0xFFFFFFFFu);
    if (!index) return fail(std::move(index).error(), true);
    out.index = static_cast<std::uint32_t>(*index);
    if (f.has("inside")) {
      out.kind = LayoutItem::inside;
      auto host = f.unsigned_value("inside", 0xFFFFFFFFu);
      out.inside_ok = host.ok();
      out.host = host ? static_cast<std::uint32_t>(*host) : 0;
      layout_.push_back(out);
      auto delta = f.u32("delta");
      if (!delta) return fail(std::move(delta).error(), false);
      layout_.back().delta = *delta;
      return;
    }
    layout_.push_back(out);
    auto padded = f.flag("padded");
    if (!padded) return fail(std::move(padded).error(), false);
    auto aligned = f.flag("aligned");
    if (!aligned) return fail(std::move(aligned).error(), false);
    layout_.back().padded = *padded;
    layout_.back().aligned = *aligned;
  }

  // The document, its payload views into this packer's blocks (keep the packer while writing).
  Result<Document> finish() {
    if (!object_) return invalid("the manifest is not a JSON object");
    Field top{top_, ""};
    PARKAN_ASSIGN(std::string format, top.text("format"));
    if (format != "NRes") return top.error("format", fmt::format("\"{}\" is not \"NRes\"", format));
    PARKAN_ASSIGN(std::uint64_t manifest_version, top.unsigned_value("manifest_version", 1000));
    if (manifest_version != kManifestVersion)
      return top.error("manifest_version", fmt::format("{} is not supported (this build reads {})", manifest_version,
                                                      kManifestVersion));
    if (top.has("version")) {
      PARKAN_ASSIGN(std::uint32_t version, top.u32("version"));
      if (version != kVersion) return top.error("version", fmt::format("0x{:x} is not 0x100", version));
    }
    if (!entries_array_) return top.error("entries", "expected an array");
    if (entry_count_ > 0x7FFFFFFF) return top.error("entries", "too many entries");
    if (options_.on_file_count) options_.on_file_count(entries_.size() + gap_files_.size());

    Document document;
    std::vector<ByteView> payloads;
    payloads.reserve(entries_.size());
    for (std::size_t i = 0; i < files_.size(); ++i) {
      PARKAN_ASSIGN(ByteBuffer bytes, load_(files_[i]));
      if (bytes.size() > 0xFFFFFFFFu)
        return invalid(fmt::format("entries[{}].file: \"{}\" is larger than 4 GiB", i, files_[i]));
      payloads.push_back(arena_.keep(std::move(bytes)));
    }
    if (entry_error_) return std::move(entry_error_->error);
    files_ = {};
    document.entries = std::move(entries_);

    const std::size_t n = document.entries.size();
    if (!layout_array_) return top.error("layout", "expected an array");
    std::vector<bool> placed(n, false);
    const std::size_t stop = layout_error_ ? layout_error_->at + 1 : layout_.size();
    for (std::size_t k = 0; k < stop; ++k) {
      const bool failed_here = layout_error_ && layout_error_->at == k;
      if (failed_here && layout_error_->before_count_checks) return std::move(layout_error_->error);
      const LayoutItem& item = layout_[k];
      const std::string where = fmt::format("layout[{}]", k);
      auto error = [&](std::string_view key, std::string_view what) {
        return invalid(fmt::format("{}.{}: {}", where, key, what));
      };
      if (item.kind == LayoutItem::gap) {
        PARKAN_ASSIGN(ByteBuffer bytes, load_(gap_files_[item.index]));
        document.chunks.push_back(Chunk{Chunk::kFiller, arena_.keep(std::move(bytes))});
        continue;
      }
      if (item.index >= n) return error("entry", fmt::format("{} is not an entry (there are {})", item.index, n));
      if (placed[item.index]) return error("entry", fmt::format("entry {} is placed twice", item.index));
      placed[item.index] = true;
      if (item.kind == LayoutItem::inside) {
        const std::size_t max_host = n == 0 ? 0 : n - 1;
        if (!item.inside_ok || item.host > max_host)
          return error("inside", fmt::format("expected an integer in 0..{}", max_host));
        if (failed_here) return std::move(layout_error_->error);
        document.embedded.push_back({item.index, item.host, item.delta});
        // It has a payload now: it goes right after its host.
        if (!payloads[item.index].empty()) PARKAN_TRY(replace_payload(document, item.index, payloads[item.index]));
        continue;
      }
      if (failed_here) return std::move(layout_error_->error);
      document.chunks.push_back(Chunk{item.index, payloads[item.index], item.padded, item.aligned});
    }
    bool renamed = renamed_;
    for (std::size_t i = 0; i < n; ++i)
      if (!placed[i]) {
        document.chunks.push_back(Chunk{i, payloads[i], true, true});
        renamed = true;
      }
    document.rebuild_sort_table = renamed || options_.rebuild_sort_table;
    return document;
  }

 private:
  const FileLoader& load_;
  const PackOptions& options_;
  bool object_ = true;
  json top_ = json::object();
  bool entries_array_ = false, layout_array_ = false;
  std::vector<Entry> entries_;
  std::vector<std::string> files_;
  std::size_t entry_count_ = 0;
  std::optional<DeferredError> entry_error_;
  bool renamed_ = false;
  std::vector<LayoutItem> layout_;
  std::vector<std::string> gap_files_;
  std::size_t layout_count_ = 0;
  std::optional<DeferredError> layout_error_;
  Arena arena_;
};

// ---- the streamed manifest ----------------------------------------------------------------------

// Builds one JSON value from SAX events (as nlohmann's own DOM parser does).
class ValueBuilder {
 public:
  bool active() const { return !stack_.empty(); }
  // A scalar inside the value being built.
  void scalar(json value) { add(std::move(value)); }
  void start(json::value_t type) {
    if (stack_.empty()) {
      root_ = json(type);
      stack_.push_back(&root_);
    } else {
      stack_.push_back(add(json(type)));
    }
  }
  void key(const std::string& key) { member_ = &(*stack_.back())[key]; }
  // Closes a container; true when that completed the value (take() it).
  bool end() {
    stack_.pop_back();
    return stack_.empty();
  }
  json take() { return std::move(root_); }

 private:
  json* add(json value) {
    json& parent = *stack_.back();
    if (parent.is_array()) {
      parent.push_back(std::move(value));
      return &parent.back();
    }
    *member_ = std::move(value);
    return member_;
  }
  json root_;
  std::vector<json*> stack_;
  json* member_ = nullptr;
};

// SAX events of the manifest to the packer: the elements of the top-level "entries" and "layout"
// arrays one at a time, every other member whole.
class ManifestSax {
 public:
  explicit ManifestSax(Packer& packer) : packer_(packer) {}

  bool null() { return value(json(nullptr)); }
  bool boolean(bool v) { return value(json(v)); }
  bool number_integer(json::number_integer_t v) { return value(json(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return value(json(v)); }
  bool number_float(json::number_float_t v, const std::string&) { return value(json(v)); }
  bool string(std::string& v) { return value(json(std::move(v))); }
  bool binary(json::binary_t& v) { return value(json::binary(std::move(v))); }
  bool start_object(std::size_t) {
    if (state_ == State::ignore) return true;
    if (state_ == State::start && !builder_.active()) {
      state_ = State::root;
      return true;
    }
    builder_.start(json::value_t::object);
    return true;
  }
  bool key(std::string& key) {
    if (state_ == State::ignore) return true;
    if (builder_.active()) builder_.key(key);
    else key_ = key;
    return true;
  }
  bool end_object() {
    if (state_ == State::ignore) return true;
    if (builder_.active()) {
      if (builder_.end()) complete(builder_.take());
    } else {
      state_ = State::done;
    }
    return true;
  }
  bool start_array(std::size_t) {
    if (state_ == State::ignore) return true;
    if (state_ == State::start) return not_an_object();
    if (state_ == State::root && !builder_.active() && (key_ == "entries" || key_ == "layout")) {
      state_ = key_ == "entries" ? State::entries : State::layout;
      if (state_ == State::entries) packer_.begin_entries();
      else packer_.begin_layout();
      return true;
    }
    builder_.start(json::value_t::array);
    return true;
  }
  bool end_array() {
    if (state_ == State::ignore) return true;
    if (builder_.active()) {
      if (builder_.end()) complete(builder_.take());
    } else {
      state_ = State::root;  // the end of "entries" or "layout"
    }
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
    error_ = e.what();
    return false;
  }

  // "at line L, column C: ..." from nlohmann's "[json.exception.parse_error.101] parse error at ...".
  std::string error_text() const {
    std::string_view text = error_;
    if (auto at = text.find("parse error "); at != std::string_view::npos) text.remove_prefix(at + 12);
    return std::string(text);
  }

 private:
  enum class State { start, root, entries, layout, done, ignore };

  bool not_an_object() {
    packer_.not_an_object();
    state_ = State::ignore;  // read on only to tell broken JSON from a valid non-object
    return true;
  }
  bool value(json v) {
    if (state_ == State::ignore) return true;
    if (state_ == State::start) return not_an_object();
    if (builder_.active()) builder_.scalar(std::move(v));
    else complete(std::move(v));
    return true;
  }
  void complete(json v) {
    if (state_ == State::entries) packer_.entry(v);
    else if (state_ == State::layout) packer_.layout_item(v);
    else packer_.top_value(key_, std::move(v));
  }

  Packer& packer_;
  ValueBuilder builder_;
  State state_ = State::start;
  std::string key_;
  std::string error_;
};

// The manifest text as a character sequence for the parser, read from the source in blocks.
class TextReader {
 public:
  explicit TextReader(const TextSource& source) : source_(source), buffer_(64 * 1024) { refill(); }
  bool at_end() const { return pos_ == end_; }
  char current() const { return static_cast<char>(buffer_[pos_]); }
  void advance() {
    if (++pos_ == end_) refill();
  }
  std::optional<Error>& error() { return error_; }

 private:
  void refill() {
    pos_ = end_ = 0;
    if (error_) return;
    auto n = source_(buffer_.data(), buffer_.size());
    if (!n) error_ = std::move(n).error();
    else end_ = std::min(*n, buffer_.size());
  }
  const TextSource& source_;
  ByteBuffer buffer_;
  std::size_t pos_ = 0, end_ = 0;
  std::optional<Error> error_;
};

struct TextIterator {
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = char;

  TextReader* reader = nullptr;  // nullptr: the end

  char operator*() const { return reader->current(); }
  TextIterator& operator++() {
    reader->advance();
    return *this;
  }
  TextIterator operator++(int) {
    TextIterator before = *this;
    reader->advance();
    return before;
  }
  bool operator==(const TextIterator& other) const { return ended() == other.ended(); }
  bool operator!=(const TextIterator& other) const { return !(*this == other); }
  bool ended() const { return reader == nullptr || reader->at_end(); }
};

}  // namespace

std::string safe_file_name(std::string_view entry_name) {
  std::string out;
  for (unsigned char c : entry_name) out += is_safe_byte(c) ? std::string(1, static_cast<char>(c)) : escape(c);
  if (out.empty()) return "%00";
  if (out.back() == '.') out = out.substr(0, out.size() - 1) + escape('.');
  if (is_device_name(out) || fold_lower_text(out) == kManifestName)
    out = escape(static_cast<unsigned char>(out[0])) + out.substr(1);
  return out;
}

std::vector<bool> repeated_file_names(const Archive& archive) {
  const std::size_t n = archive.entries.size();
  std::vector<std::pair<std::uint64_t, std::uint32_t>> keys(n);
  for (std::size_t i = 0; i < n; ++i)
    keys[i] = {folded_hash(safe_file_name(archive.entries[i].name())), static_cast<std::uint32_t>(i)};
  std::sort(keys.begin(), keys.end());
  std::vector<bool> repeated(n, false);
  for (std::size_t k = 1; k < n; ++k)
    if (keys[k].first == keys[k - 1].first) repeated[keys[k].second] = true;
  return repeated;
}

std::string entry_file_name(const Archive& archive, std::size_t index, const std::vector<bool>& repeated) {
  std::string name = safe_file_name(archive.entries[index].name());
  if (repeated[index]) name += fmt::format("~{}", index);
  return name;
}

std::vector<std::string> entry_file_names(const Archive& archive) {
  const std::vector<bool> repeated = repeated_file_names(archive);
  std::vector<std::string> names;
  names.reserve(archive.entries.size());
  for (std::size_t i = 0; i < archive.entries.size(); ++i) names.push_back(entry_file_name(archive, i, repeated));
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
  json layout = json::array();
  walk_layout(archive, [&](json item) { layout.push_back(std::move(item)); });
  auto add_gap = [&](std::string name, ByteView bytes) { folder.files.push_back({std::move(name), bytes}); };
  GapWalk<decltype(add_gap)> gap_walk{add_gap};
  detail::split_data_region(archive.bytes, archive.entries, archive.directory_offset(), gap_walk);
  folder.manifest = json{{"format", "NRes"},
                         {"manifest_version", kManifestVersion},
                         {"version", archive.version},
                         {"total_size", archive.total_size},
                         {"comment", kComment},
                         {"entries", std::move(entries)},
                         {"layout", std::move(layout)}};
  return folder;
}

Status write_folder(const Archive& archive, const FolderFileSink& file, const ByteSink& manifest) {
  const std::vector<bool> repeated = repeated_file_names(archive);
  for (std::size_t i = 0; i < archive.entries.size(); ++i)
    PARKAN_TRY(file(FolderFile{entry_file_name(archive, i, repeated), archive.payload(i)}));
  Status status;
  auto gap = [&](std::string name, ByteView bytes) {
    if (status.ok()) status = file(FolderFile{std::move(name), bytes});
  };
  GapWalk<decltype(gap)> gaps{gap};
  detail::split_data_region(archive.bytes, archive.entries, archive.directory_offset(), gaps);
  PARKAN_TRY(status);

  // The keys in json's order (sorted), each value as dump(2) writes it.
  ManifestText text(manifest);
  text.put("{\n  \"comment\": ");
  text.put(json(kComment).dump());
  text.put(",\n  \"entries\": [");
  for (std::size_t i = 0; i < archive.entries.size(); ++i)
    text.element(entry_json(archive, i, entry_file_name(archive, i, repeated)), i == 0);
  text.close_array(archive.entries.empty());
  text.put(",\n  \"format\": \"NRes\",\n  \"layout\": [");
  bool first = true;
  walk_layout(archive, [&](const json& item) {
    text.element(item, first);
    first = false;
  });
  text.close_array(first);
  text.put(fmt::format(",\n  \"manifest_version\": {},\n  \"total_size\": {},\n  \"version\": {}\n}}\n",
                       kManifestVersion, archive.total_size, archive.version));
  return text.finish();
}

std::size_t folder_file_count(const Archive& archive) {
  std::size_t gaps = 0;
  auto count = [&](const std::string&, ByteView) { ++gaps; };
  GapWalk<decltype(count)> walk{count};
  detail::split_data_region(archive.bytes, archive.entries, archive.directory_offset(), walk);
  return archive.entries.size() + gaps;
}

Result<ByteBuffer> from_folder(const json& manifest, const FileLoader& load, const PackOptions& options) {
  Packer packer(load, options);
  if (!manifest.is_object()) {
    packer.not_an_object();
  } else {
    for (const auto& [key, value] : manifest.items()) {
      if (key == "entries" && value.is_array()) {
        packer.begin_entries();
        for (const json& item : value) packer.entry(item);
      } else if (key == "layout" && value.is_array()) {
        packer.begin_layout();
        for (const json& item : value) packer.layout_item(item);
      } else {
        packer.top_value(key, value);
      }
    }
  }
  PARKAN_ASSIGN(Document document, packer.finish());
  return write_lossless(document);
}

Status pack_folder(const TextSource& manifest, const FileLoader& load, const ByteSink& out,
                   const PackOptions& options) {
  Packer packer(load, options);
  {
    ManifestSax sax(packer);
    TextReader reader(manifest);
    const bool parsed = json::sax_parse(TextIterator{&reader}, TextIterator{}, &sax);
    if (reader.error()) return std::move(*reader.error());
    if (!parsed) return invalid("not valid JSON " + sax.error_text());
  }
  PARKAN_ASSIGN(Document document, packer.finish());
  return write_lossless(document, out);
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
