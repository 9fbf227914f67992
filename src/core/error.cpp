#include "parkan/core/error.hpp"

#include <fmt/format.h>

#include "parkan/core/text.hpp"

namespace parkan {

std::string Error::to_string() const {
  std::string out;
  if (!file.empty()) {
    out += escape_control(file);
    if (!entry.empty()) out += "::" + escape_control(entry);
    out += ": ";
  } else if (!entry.empty()) {
    out += escape_control(entry) + ": ";
  }
  out += escape_control(message);
  if (offset) out += fmt::format(" at offset 0x{:x}", *offset);
  return out;
}

Error invalid(std::string message, std::optional<std::uint64_t> offset) {
  return Error{ErrorCode::invalid_input, std::move(message), {}, {}, {}, offset};
}

Error invalid_rule(std::string rule, std::string message, std::optional<std::uint64_t> offset) {
  return Error{ErrorCode::invalid_input, std::move(message), std::move(rule), {}, {}, offset};
}

Error io_error(std::string message, std::string file) {
  return Error{ErrorCode::io, std::move(message), {}, std::move(file), {}, std::nullopt};
}

Error usage_error(std::string message) {
  return Error{ErrorCode::usage, std::move(message), {}, {}, {}, std::nullopt};
}

}  // namespace parkan
