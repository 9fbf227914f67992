// Edits of the document (docs/formats/rsli.md 10): each marks it modified; the writer then rebuilds it canonically.
#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "parkan/rsli/archive.hpp"
#include "parkan/rsli/codec.hpp"

namespace parkan::rsli {

namespace {

Status edit_check_index(const Document& document, std::size_t index) {
  if (index >= document.entries.size())
    return invalid(fmt::format("no entry #{} (the library has {} entries)", index, document.entries.size()));
  return {};
}

std::string_view edit_row_name(const DocumentEntry& entry) {
  const auto* chars = reinterpret_cast<const char*>(entry.row.data());
  const void* nul = std::memchr(chars, 0, kNameSize);
  return {chars, nul ? static_cast<std::size_t>(static_cast<const char*>(nul) - chars) : kNameSize};
}

// 1..12 bytes, no NUL, no lower case (rsFind upper-cases every query), not another entry's name
// (rsFind would find only one of them). `self`: the entry being renamed.
Status edit_check_name(const Document& document, std::string_view name, std::size_t self) {
  if (name.empty() || name.size() > kNameSize)
    return invalid(fmt::format("name \"{}\" must be 1 to 12 bytes long ({} given)", name, name.size()));
  if (name.find('\0') != std::string_view::npos) return invalid("a name cannot contain a NUL byte");
  if (std::any_of(name.begin(), name.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
    return invalid_rule(codes::kNameCase,
                        fmt::format("name \"{}\" has lower-case letters: rsFind upper-cases queries, so the engine "
                                    "could not find it",
                                    name));
  for (std::size_t i = 0; i < document.entries.size(); ++i)
    if (i != self && edit_row_name(document.entries[i]) == name)
      return invalid(fmt::format("entry #{} is already named \"{}\"", i, name));
  return {};
}

void edit_set_name(DocumentEntry& entry, std::string_view name) {
  std::fill_n(entry.row.begin(), kNameSize, std::uint8_t{0});
  std::copy(name.begin(), name.end(), entry.row.begin());
}

// Encodes `payload` with `method` into the entry: flags' method bits, both sizes, and key 0, whose XOR
// stream is all zeros (lo = hi = 0 stays 0): the unencrypted bytes are the bytes "encrypted with key
// 0", and the writer encrypts them with the row's final sort value.
Status edit_store_payload(DocumentEntry& entry, ByteView payload, Method method, int deflate_level) {
  if (payload.size() > 0xFFFFFFFFu) return invalid(fmt::format("payload of {} bytes exceeds 4 GiB", payload.size()));
  ByteBuffer packed;
  switch (method) {
    case Method::stored:
    case Method::xor_only: packed.assign(payload.begin(), payload.end()); break;
    case Method::lzss:
    case Method::xor_lzss: packed = lzss_encode(payload); break;
    case Method::lzhuf:
    case Method::xor_lzhuf: packed = lzhuf_encode(payload); break;
    case Method::deflate: {
      PARKAN_ASSIGN(packed, deflate_encode(payload, deflate_level));
      break;
    }
    default: return invalid(fmt::format("unknown storage method 0x{:03x}", static_cast<unsigned>(method)));
  }
  if (packed.size() > 0xFFFFFFFFu) return invalid("the packed payload exceeds 4 GiB");
  const auto flags = static_cast<std::uint16_t>((load_u16(entry.row.data() + 0x10) & ~kMethodMask) |
                                                static_cast<std::uint16_t>(method));
  store_u16(entry.row.data() + 0x10, flags);
  store_u32(entry.row.data() + 0x14, static_cast<std::uint32_t>(payload.size()));
  store_u32(entry.row.data() + 0x1C, static_cast<std::uint32_t>(packed.size()));
  entry.packed = std::move(packed);
  entry.key = 0;
  return {};
}

}  // namespace

Status replace_payload(Document& document, std::size_t index, ByteView payload, Method method, int deflate_level) {
  PARKAN_TRY(edit_check_index(document, index));
  PARKAN_TRY(edit_store_payload(document.entries[index], payload, method, deflate_level));
  document.modified = true;
  return {};
}

Status add_entry(Document& document, std::string_view name, ByteView payload, Method method, int deflate_level) {
  if (document.entries.size() >= 0x7FFF)
    return invalid(fmt::format("the library already has {} entries, the most an RsLi library holds",
                               document.entries.size()));
  PARKAN_TRY(edit_check_name(document, name, document.entries.size()));
  DocumentEntry entry;
  edit_set_name(entry, name);
  PARKAN_TRY(edit_store_payload(entry, payload, method, deflate_level));
  document.entries.push_back(std::move(entry));
  document.modified = true;
  return {};
}

Status remove_entry(Document& document, std::size_t index) {
  PARKAN_TRY(edit_check_index(document, index));
  document.entries.erase(document.entries.begin() + static_cast<std::ptrdiff_t>(index));
  document.modified = true;
  return {};
}

Status rename_entry(Document& document, std::size_t index, std::string_view name) {
  PARKAN_TRY(edit_check_index(document, index));
  PARKAN_TRY(edit_check_name(document, name, index));
  edit_set_name(document.entries[index], name);
  document.modified = true;
  return {};
}

}  // namespace parkan::rsli
