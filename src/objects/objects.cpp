// objects.rlb (docs/formats/objects.md): the records of one prototype (read, written back losslessly, checked), its
// FourCC entry type, and the resolution of a prototype key to its expanded records and its model.
#include "parkan/objects/codes.hpp"
#include "parkan/objects/objects.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::objects {

namespace {

// One resolution visits at most this many records (nested-prototype records included): a diamond of
// prototypes doubles the expansion at every level, so depth alone does not bound the work.
constexpr std::size_t kObjectsMaxVisitedRecords = 65536;
constexpr std::size_t kObjectsArchiveOffset = 0;
constexpr std::size_t kObjectsResourceOffset = kObjectNameField;

// A stored name: up to the first NUL, or all 32 bytes when the field has none.
std::string_view objects_field_name(ByteView field) {
  std::string_view chars = as_chars(field);
  return chars.substr(0, std::min(chars.find('\0'), chars.size()));
}


bool objects_iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return fold_lower(static_cast<unsigned char>(x)) == fold_lower(static_cast<unsigned char>(y));
         });
}

// `name` ends in `extension` (".msh"), ASCII case-insensitive, with a stem before it.
bool objects_has_extension(std::string_view name, std::string_view extension) {
  return name.size() > extension.size() && objects_iequals(name.substr(name.size() - extension.size()), extension);
}

// A name has an extension when a '.' is followed by at least one byte.
bool objects_names_kind(std::string_view name) {
  const std::size_t dot = name.rfind('.');
  return dot != std::string_view::npos && dot + 1 < name.size();
}

std::string objects_quoted(std::string_view name) { return "\"" + cp1251_to_utf8(name) + "\""; }

Error objects_size_error(std::size_t size) {
  const std::size_t left_over = size % kObjectRefSize;
  return invalid_rule(codes::kSizeMultiple,
                      fmt::format("payload of {} bytes is not a multiple of the {}-byte record ({} bytes left over)",
                                  size, kObjectRefSize, left_over),
                      size - left_over);
}

// `raw` is written back as stored only while it still names what the record says.
bool objects_raw_still_names(const ObjectRef& ref) {
  return ref.raw.size() == kObjectRefSize &&
         objects_field_name(ref.raw.subspan(kObjectsArchiveOffset, kObjectNameField)) == ref.archive &&
         objects_field_name(ref.raw.subspan(kObjectsResourceOffset, kObjectNameField)) == ref.resource;
}

// A name written canonically must read back the same: shorter than its field (room for the NUL)
// and without a NUL of its own.
Status objects_check_writable(std::string_view name, std::size_t record, const char* label, std::size_t at) {
  if (name.size() >= kObjectNameField)
    return invalid_rule(codes::kNameLength,
                        fmt::format("record {}: {} name {} is {} bytes; its {}-byte field holds at most {} and a NUL",
                                    record, label, objects_quoted(name), name.size(), kObjectNameField,
                                    kObjectNameField - 1),
                        at);
  if (const std::size_t nul = name.find('\0'); nul != std::string_view::npos)
    return invalid_rule(codes::kNameNul,
                        fmt::format("record {}: {} name holds a NUL at byte {} (it would read back cut there)", record,
                                    label, nul),
                        at);
  return {};
}

void objects_put_name(ByteBuffer& out, std::string_view name) {
  const ByteView bytes = as_bytes(name);
  out.insert(out.end(), bytes.begin(), bytes.end());
  out.resize(out.size() + (kObjectNameField - name.size()), 0);
}

// The expansion of one key: a depth-first walk over the records with the chain of prototypes being
// expanded (cycle detection), the registry's answers memoised, and every record visit counted.
class ObjectsResolver {
 public:
  explicit ObjectsResolver(const ObjectRegistry& registry) : registry_(registry) {}

  ObjectResolution run(std::string_view key) {
    if (const std::vector<ObjectRef>* refs = prototype(key))
      expand(key, *refs, 0);
    else
      add(Severity::error, codes::kRefKey, {}, std::nullopt,
          fmt::format("no prototype {} in objects.rlb", objects_quoted(key)));
    choose_model();
    return std::move(result_);
  }

 private:
  // The registry's records for `key` (nullptr when it has none), asked once per folded key. Node-based
  // map: the pointers stay valid while other keys are added.
  const std::vector<ObjectRef>* prototype(std::string_view key) {
    auto [it, added] = prototypes_.try_emplace(fold_lower_text(key));
    if (added && registry_.prototype) it->second = registry_.prototype(key);
    return it->second ? &*it->second : nullptr;
  }

  bool exists(const ObjectRef& ref) {
    std::string folded = fold_lower_text(ref.archive);
    folded += '\0';  // no name holds a NUL as read, so the pair key is unambiguous
    folded += fold_lower_text(ref.resource);
    auto [it, added] = exists_.try_emplace(std::move(folded), false);
    if (added && registry_.exists) it->second = registry_.exists(ref.archive, ref.resource);
    return it->second;
  }

  void expand(std::string_view key, const std::vector<ObjectRef>& refs, std::size_t depth) {
    chain_.emplace_back(key);
    folded_chain_.push_back(fold_lower_text(key));
    for (std::size_t r = 0; r < refs.size() && !stopped_; ++r) {
      const ObjectRef& ref = refs[r];
      const std::uint64_t at = std::uint64_t(r) * kObjectRefSize;
      if (ref.absent()) continue;  // an unused slot (docs/formats/objects.md 2.1)
      if (++visited_ > kObjectsMaxVisitedRecords) {
        add(Severity::error, codes::kRefExpansion, key, at,
            fmt::format("record {}: prototype {} expands to more than {} records; expansion stopped here", r,
                        objects_quoted(chain_.front()), kObjectsMaxVisitedRecords));
        stopped_ = true;
        break;
      }
      if (!objects_iequals(ref.archive, kObjectsArchive)) {
        result_.expanded.push_back(ref);
        present_.push_back(exists(ref));
        // Once per stored record: a prototype reached along several paths is not warned about twice.
        if (!present_.back() && reported_.insert(fmt::format("absent:{}:{}", folded_chain_.back(), r)).second)
          add(Severity::warning, codes::kRefAbsent, key, at,
              fmt::format("record {}: {} holds no {} (or there is no such archive)", r, objects_quoted(ref.archive),
                          objects_quoted(ref.resource)));
        continue;
      }
      expand_nested(key, r, ref.resource, depth + 1);
    }
    chain_.pop_back();
    folded_chain_.pop_back();
  }

  // Record `r` of prototype `key` stands for prototype `nested`, `depth` levels below the key asked for.
  void expand_nested(std::string_view key, std::size_t r, std::string_view nested, std::size_t depth) {
    const std::uint64_t at = std::uint64_t(r) * kObjectRefSize + kObjectsResourceOffset;
    const std::string folded = fold_lower_text(nested);
    const auto open = std::find(folded_chain_.begin(), folded_chain_.end(), folded);
    if (open != folded_chain_.end()) {
      std::string cycle;
      for (auto it = chain_.begin() + (open - folded_chain_.begin()); it != chain_.end(); ++it)
        cycle += cp1251_to_utf8(*it) + " -> ";
      cycle += cp1251_to_utf8(nested);
      if (reported_.insert("cycle:" + fold_lower_text(cycle)).second)
        add(Severity::error, codes::kRefCycle, key, at,
            fmt::format("record {}: prototype cycle {} (not expanded again)", r, cycle));
      return;
    }
    if (depth > kMaxObjectDepth) {
      if (reported_.insert("depth").second)
        add(Severity::error, codes::kRefDepth, key, at,
            fmt::format("record {}: prototype {} would be nested {} deep, past the cap of {} (not expanded)", r,
                        objects_quoted(nested), depth, kMaxObjectDepth));
      return;
    }
    const std::vector<ObjectRef>* refs = prototype(nested);
    if (!refs) {
      if (reported_.insert("key:" + folded).second)
        add(Severity::error, codes::kRefKey, key, at,
            fmt::format("record {}: no prototype {} in objects.rlb", r, objects_quoted(nested)));
      return;
    }
    expand(nested, *refs, depth);
  }

  // The first existing `.msh`; else `<stem>.msh` beside the first `.bas` that has one.
  void choose_model() {
    for (std::size_t i = 0; i < result_.expanded.size(); ++i)
      if (present_[i] && objects_has_extension(result_.expanded[i].resource, ".msh")) {
        result_.model = result_.expanded[i];
        return;
      }
    for (const ObjectRef& ref : result_.expanded) {
      if (!objects_has_extension(ref.resource, ".bas")) continue;
      ObjectRef mesh{ref.archive, ref.resource.substr(0, ref.resource.size() - 4) + ".msh", {}};
      if (exists(mesh)) {
        result_.model = std::move(mesh);
        return;
      }
    }
  }

  // Findings name the prototype holding the record (`entry`) and the offset inside its payload.
  void add(Severity severity, const char* code, std::string_view entry, std::optional<std::uint64_t> at,
           std::string message) {
    result_.findings.push_back(Diagnostic{code, severity, Location{{}, std::string(entry), at}, std::move(message)});
  }

  const ObjectRegistry& registry_;
  ObjectResolution result_;
  std::vector<bool> present_;  // per expanded record: whether its archive holds its resource
  std::unordered_map<std::string, std::optional<std::vector<ObjectRef>>> prototypes_;
  std::unordered_map<std::string, bool> exists_;
  std::vector<std::string> chain_, folded_chain_;  // prototypes being expanded, outermost first
  std::unordered_set<std::string> reported_;       // cycles, missing keys, absent records, the depth: once
  std::size_t visited_ = 0;
  bool stopped_ = false;
};

}  // namespace

const PrototypeType* prototype_type(std::uint32_t type_id) {
  for (const PrototypeType& type : kPrototypeTypes)
    if (type.type_id() == type_id) return &type;
  return nullptr;
}

Result<std::vector<ObjectRef>> read_object_refs(ByteView payload) {
  if (payload.size() % kObjectRefSize != 0) return objects_size_error(payload.size());
  std::vector<ObjectRef> refs;
  refs.reserve(payload.size() / kObjectRefSize);
  for (std::size_t at = 0; at < payload.size(); at += kObjectRefSize) {
    const ByteView raw = payload.subspan(at, kObjectRefSize);
    refs.push_back(ObjectRef{std::string(objects_field_name(raw.subspan(kObjectsArchiveOffset, kObjectNameField))),
                             std::string(objects_field_name(raw.subspan(kObjectsResourceOffset, kObjectNameField))),
                             raw});
  }
  return refs;
}

Result<ByteBuffer> write_object_refs(std::span<const ObjectRef> refs) {
  ByteBuffer out;
  out.reserve(refs.size() * kObjectRefSize);
  for (std::size_t r = 0; r < refs.size(); ++r) {
    const ObjectRef& ref = refs[r];
    if (objects_raw_still_names(ref)) {
      out.insert(out.end(), ref.raw.begin(), ref.raw.end());
      continue;
    }
    const std::size_t at = r * kObjectRefSize;
    PARKAN_TRY(objects_check_writable(ref.archive, r, "archive", at + kObjectsArchiveOffset));
    PARKAN_TRY(objects_check_writable(ref.resource, r, "resource", at + kObjectsResourceOffset));
    objects_put_name(out, ref.archive);
    objects_put_name(out, ref.resource);
  }
  return out;
}

std::vector<Diagnostic> check_object_refs(ByteView payload) {
  std::vector<Diagnostic> out;
  const std::size_t records = payload.size() / kObjectRefSize;
  for (std::size_t r = 0; r < records; ++r) {
    // A record naming objects.rlb names a prototype key (`r_h_01`), which has no extension.
    const bool names_prototype = objects_iequals(
        objects_field_name(payload.subspan(r * kObjectRefSize + kObjectsArchiveOffset, kObjectNameField)),
        kObjectsArchive);
    // Both names empty: an unused slot, as the sixth of every retail STAT entry (docs/formats/objects.md 2.1).
    const ByteView record = payload.subspan(r * kObjectRefSize, kObjectRefSize);
    if (record[kObjectsArchiveOffset] == 0 && record[kObjectsResourceOffset] == 0) continue;
    for (const auto& [offset, label] : {std::pair{kObjectsArchiveOffset, "archive"},
                                        std::pair{kObjectsResourceOffset, "resource"}}) {
      const std::size_t at = r * kObjectRefSize + offset;
      const ByteView field = payload.subspan(at, kObjectNameField);
      const std::string_view name = objects_field_name(field);
      if (name.size() == kObjectNameField)
        add_diagnostic(out, Severity::warning, codes::kRefNul, at,
                       fmt::format("record {}: {} name has no NUL within {} bytes (read as {} bytes of name)", r,
                                   label, kObjectNameField, kObjectNameField));
      if (name.empty())
        add_diagnostic(out, Severity::error, codes::kRefEmpty, at, fmt::format("record {}: empty {} name", r, label));
      else if (offset == kObjectsResourceOffset && !names_prototype && !objects_names_kind(name))
        add_diagnostic(out, Severity::warning, codes::kRefExtension, at,
                       fmt::format("record {}: resource name {} has no extension", r, objects_quoted(name)));
    }
  }
  if (payload.size() % kObjectRefSize != 0) out.push_back(to_diagnostic(objects_size_error(payload.size()), ""));
  return out;
}

std::vector<Diagnostic> check_prototype_type(std::uint32_t type_id, std::size_t payload_size) {
  std::vector<Diagnostic> out;
  const PrototypeType* type = prototype_type(type_id);
  if (!type) {
    std::string known;
    for (const PrototypeType& t : kPrototypeTypes) known += (known.empty() ? "" : ", ") + std::string(t.fourcc);
    add_diagnostic(out, Severity::warning, codes::kTypeUnknown, std::nullopt,
                   fmt::format("entry type {} is not a prototype type ({})", nres::type_name(type_id), known));
    return out;
  }
  if (payload_size != type->sizes[0] && payload_size != type->sizes[1])
    add_diagnostic(out, Severity::warning, codes::kTypeSize, std::nullopt,
                   type->sizes[1] == 0
                       ? fmt::format("{} entry of {} bytes; {} entries are {} bytes ({} slots)", type->fourcc,
                                     payload_size, type->fourcc, type->sizes[0], type->sizes[0] / kObjectRefSize)
                       : fmt::format("{} entry of {} bytes; {} entries are {} or {} bytes ({} or {} slots)",
                                     type->fourcc, payload_size, type->fourcc, type->sizes[0], type->sizes[1],
                                     type->sizes[0] / kObjectRefSize, type->sizes[1] / kObjectRefSize));
  return out;
}

ObjectResolution resolve_object(const ObjectRegistry& registry, std::string_view key) {
  return ObjectsResolver(registry).run(key);
}

}  // namespace parkan::objects
