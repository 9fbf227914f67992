#pragma once
// The fixed char[N] name fields of the game's records (.ndp, .cpt, FXID, .exp, ...): read up to the
// first NUL (all N bytes without one), written over the stored bytes only when the name changed, so
// that an unedited record writes back byte for byte, bytes after the NUL included.
#include <cstddef>
#include <cstdint>
#include <string>

#include "parkan/core/error.hpp"

namespace parkan {

std::string name_field_text(const std::uint8_t* field, std::size_t size);
bool name_field_terminated(const std::uint8_t* field, std::size_t size);

// The rule codes of a format's two writing errors: a name of `size` bytes or more, a NUL inside it.
struct NameFieldCodes {
  const char* length;
  const char* nul_inside;
};
// `field` holds the stored bytes (or zeros); the errors name `what`.
Status put_name_field(std::uint8_t* field, std::size_t size, const std::string& name, const std::string& what,
                      NameFieldCodes codes);

}  // namespace parkan
