#include "parkan/resource/payload.hpp"

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::resource {

std::string Payload::entry_name() const { return is_entry() ? cp1251_to_utf8(location_.name) : std::string(); }

std::string Payload::display_name() const {
  return is_entry() ? location_.file + "::" + entry_name() : location_.file;
}

Error Payload::locate(Error error) const {
  if (is_entry()) std::move(error).in_entry(entry_name());  // in place: assigning to itself would self-move
  return std::move(error).in_file(location_.file);
}

void Payload::locate(std::vector<Diagnostic>& diagnostics) const {
  locate_all(diagnostics, location_.file, entry_name());
}

namespace {

// The kind a bare file is, by its magic; 0 when it has none this layer knows.
std::uint32_t magic_type(ByteView bytes) {
  if (bytes.size() < 4) return 0;
  const std::uint32_t magic = load_u32(bytes.data());
  if (magic == kTypeTexm || magic == nres::kMagic) return magic;
  return 0;
}

// "a Texm", "an NRes archive".
std::string kind_name(std::uint32_t type_id) {
  return type_id == nres::kMagic ? "an NRes archive" : "a " + nres::type_name(type_id);
}

}  // namespace

Status Payload::expect_type(std::uint32_t type_id, std::string_view kind) const {
  // An RsLi entry has no type id (0): like a bare file, its magic says what it is.
  const bool typed = is_entry() && location_.type_id != 0;
  const std::uint32_t have = typed ? location_.type_id : magic_type(bytes_);
  if (have == type_id || (!typed && have == 0)) return {};
  return invalid_rule("resource.type", fmt::format("{} is {}, not a {}", display_name(), kind_name(have), kind));
}

}  // namespace parkan::resource
