#include "parkan/resource/payload.hpp"

#include <fmt/format.h>

#include "parkan/core/text.hpp"

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

}  // namespace parkan::resource
