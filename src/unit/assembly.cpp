// Unit assemblies (include/parkan/unit/assembly.hpp, docs/formats/unit.md).
#include "parkan/unit/assembly.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "parkan/core/name_field.hpp"
#include "parkan/core/text.hpp"
#include "parkan/unit/codes.hpp"

namespace parkan::unit {

namespace {

std::int32_t load_i32(const std::uint8_t* p) { return static_cast<std::int32_t>(load_u32(p)); }

// A char[32] field up to its first NUL (all 32 bytes when there is none: unit.name.nul says so).
std::string field_text(const std::uint8_t* p) { return name_field_text(p, kNameField); }

bool field_terminated(const std::uint8_t* p) { return name_field_terminated(p, kNameField); }

std::size_t record_offset(std::size_t index) { return kHeaderSize + index * kRecordSize; }

// The records' tree from their child counts (docs/formats/unit.md 3), without recursion: a crafted
// file's depth is bounded only by its size. Fills parent and depth.
Status derive_tree(std::vector<Part>& parts) {
  struct Open {
    std::size_t index;
    std::int32_t remaining;
  };
  auto negative = [&](std::size_t i) -> Status {
    if (parts[i].children >= 0) return {};
    return invalid_rule(codes::kTreeChildren, fmt::format("record {}: a child count of {}", i, parts[i].children),
                        record_offset(i) + kChildrenOffset);
  };
  PARKAN_TRY(negative(0));
  std::vector<Open> open = {{0, parts[0].children}};
  std::size_t next = 1;
  while (!open.empty()) {
    Open& top = open.back();
    if (top.remaining == 0) {
      open.pop_back();
      continue;
    }
    --top.remaining;
    if (next >= parts.size())
      return invalid_rule(codes::kTreeShort, fmt::format("record {} owns {} children, but the file ends before the {}",
                                                         top.index, parts[top.index].children,
                                                         parts[top.index].children - top.remaining),
                          record_offset(top.index) + kChildrenOffset);
    parts[next].parent = static_cast<std::int32_t>(top.index);
    parts[next].depth = open.size();
    PARKAN_TRY(negative(next));
    open.push_back({next, parts[next].children});
    ++next;
  }
  if (next != parts.size())
    return invalid_rule(codes::kTreeExtra, fmt::format("records {} to {} are outside the root's tree", next,
                                                       parts.size() - 1),
                        record_offset(next));
  return {};
}

// A name into its stored field: the stored bytes when they still read the same (the tail after the
// NUL kept), else the name and zeros (include/parkan/core/name_field.hpp).
Status put_name(std::uint8_t* field, const std::string& name, const char* what) {
  return put_name_field(field, kNameField, name, what, {codes::kNameLength, codes::kNameNulInside});
}

void put_u32(std::uint8_t* p, std::uint32_t v) { std::memcpy(p, &v, 4); }

}  // namespace

std::string_view part_class_name(std::uint32_t part_class) {
  static constexpr std::array<std::string_view, kPartClassCount> kNames = {"chassis",  "turret", "armour",
                                                                           "internal", "gun",    "ammunition"};
  return part_class < kPartClassCount ? kNames[part_class] : "unknown";
}

bool hangs_on_socket(const Part& part) {
  switch (static_cast<PartClass>(part.part_class)) {
    case PartClass::turret:
    case PartClass::gun:
      return true;
    case PartClass::armour:
      return fold_lower_text(part.key).starts_with(kGunKeyPrefix);
    default:
      return false;
  }
}

bool is_socket_name(std::string_view node_name) { return fold_lower_text(node_name).starts_with("base_"); }

Result<Assembly> read_assembly(ByteView bytes) {
  if (bytes.size() < kHeaderSize)
    return invalid_rule(codes::kHeaderSize, fmt::format("{} bytes: shorter than the {}-byte header", bytes.size(),
                                                        kHeaderSize));
  Assembly out;
  out.magic = load_u32(bytes.data());
  out.class_word = load_u32(bytes.data() + 4);
  if (out.magic != kMagic)
    return invalid_rule(codes::kHeaderMagic, fmt::format("the first word is 0x{:08X}, not 0x{:08X}", out.magic, kMagic), 0);
  const std::size_t body = bytes.size() - kHeaderSize;
  if (body % kRecordSize != 0)
    return invalid_rule(codes::kSizeRecords, fmt::format("{} bytes after the header are not whole {}-byte records "
                                                         "({} left over)", body, kRecordSize, body % kRecordSize),
                        kHeaderSize + body / kRecordSize * kRecordSize);
  const std::size_t count = body / kRecordSize;
  if (count == 0) return invalid_rule(codes::kRecordsNone, "no part records: an assembly has at least its root", kHeaderSize);
  out.parts.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* r = bytes.data() + record_offset(i);
    Part& p = out.parts[i];
    p.raw = bytes.subspan(record_offset(i), kRecordSize);
    p.archive = field_text(r + kArchiveOffset);
    p.key = field_text(r + kKeyOffset);
    p.one = load_u32(r + kOneOffset);
    p.attachment = load_i32(r + kAttachmentOffset);
    p.name = field_text(r + kNameOffset);
    p.part_class = load_u32(r + kClassOffset);
    p.children = load_i32(r + kChildrenOffset);
  }
  PARKAN_TRY(derive_tree(out.parts));
  return out;
}

std::vector<Diagnostic> check_assembly(ByteView bytes) {
  std::vector<Diagnostic> out;
  Result<Assembly> read = read_assembly(bytes);
  if (!read) {
    out.push_back(to_diagnostic(read.error(), codes::kHeaderSize));
    return out;
  }
  for (std::size_t i = 0; i < read->parts.size(); ++i) {
    const Part& p = read->parts[i];
    const std::size_t at = record_offset(i);
    const std::string what = fmt::format("record {} \"{}\"", i, cp1251_to_utf8(p.key));
    if (p.key.empty())
      add_diagnostic(out, Severity::error, codes::kPartKey, at + kKeyOffset,
                     fmt::format("record {}: no prototype key", i));
    if (i == 0 && p.attachment != kNoAttachment)
      add_diagnostic(out, Severity::warning, codes::kRootAttachment, at + kAttachmentOffset,
                     fmt::format("{}: the root's attachment is {}, not -1", what, p.attachment));
    if (i > 0 && p.attachment < 0)
      add_diagnostic(out, Severity::warning, codes::kPartAttachment, at + kAttachmentOffset,
                     fmt::format("{}: attachment {}: a part hangs on a node or slot of its parent", what, p.attachment));
    if (p.one != 1)
      add_diagnostic(out, Severity::warning, codes::kPartOne, at + kOneOffset,
                     fmt::format("{}: the word at +0x40 is {}, 1 on every retail record", what, p.one));
    if (p.part_class >= kPartClassCount)
      add_diagnostic(out, Severity::warning, codes::kPartClass, at + kClassOffset,
                     fmt::format("{}: class {} is none of 0..5", what, p.part_class));
    if (fold_lower_text(p.archive) != kPrototypeArchive)
      add_diagnostic(out, Severity::warning, codes::kPartArchive, at + kArchiveOffset,
                     fmt::format("{}: the archive is \"{}\", not objects.rlb", what, cp1251_to_utf8(p.archive)));
    for (const auto& [offset, field] : {std::pair{kArchiveOffset, "archive"}, std::pair{kKeyOffset, "key"},
                                        std::pair{kNameOffset, "name"}})
      if (!field_terminated(p.raw.data() + offset))
        add_diagnostic(out, Severity::warning, codes::kNameNul, at + offset,
                       fmt::format("{}: the {} field has no NUL in its {} bytes", what, field, kNameField));
  }
  return out;
}

Result<ByteBuffer> write_assembly(const Assembly& assembly) {
  ByteBuffer out(kHeaderSize + assembly.parts.size() * kRecordSize, 0);
  put_u32(out.data(), assembly.magic);
  put_u32(out.data() + 4, assembly.class_word);
  for (std::size_t i = 0; i < assembly.parts.size(); ++i) {
    const Part& p = assembly.parts[i];
    std::uint8_t* r = out.data() + record_offset(i);
    if (p.raw.size() == kRecordSize) std::memcpy(r, p.raw.data(), kRecordSize);
    const std::string where = fmt::format("record {}", i);
    PARKAN_TRY(put_name(r + kArchiveOffset, p.archive, (where + " archive").c_str()));
    PARKAN_TRY(put_name(r + kKeyOffset, p.key, (where + " key").c_str()));
    PARKAN_TRY(put_name(r + kNameOffset, p.name, (where + " name").c_str()));
    put_u32(r + kOneOffset, p.one);
    put_u32(r + kAttachmentOffset, static_cast<std::uint32_t>(p.attachment));
    put_u32(r + kClassOffset, p.part_class);
    put_u32(r + kChildrenOffset, static_cast<std::uint32_t>(p.children));
  }
  return out;
}

nlohmann::json assembly_json(const Assembly& assembly) {
  nlohmann::json parts = nlohmann::json::array();
  for (std::size_t i = 0; i < assembly.parts.size(); ++i) {
    const Part& p = assembly.parts[i];
    parts.push_back({{"index", i},
                     {"archive", cp1251_to_utf8(p.archive)},
                     {"key", cp1251_to_utf8(p.key)},
                     {"one", p.one},
                     {"attachment", p.attachment},
                     {"name", cp1251_to_utf8(p.name)},
                     {"class", p.part_class},
                     {"class_name", part_class_name(p.part_class)},
                     {"children", p.children},
                     {"parent", p.parent},
                     {"depth", p.depth}});
  }
  return {{"magic", assembly.magic}, {"class_word", assembly.class_word}, {"parts", std::move(parts)}};
}

}  // namespace parkan::unit
