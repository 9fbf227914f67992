#pragma once
// The char[32] name fields of the per-object data files: read up to the first NUL, written over the
// stored bytes only when the name changed (docs/formats/objdata.md 4).
#include <cstdint>
#include <string>

#include "parkan/core/error.hpp"

namespace parkan::objdata::detail {

std::string field_text(const std::uint8_t* field);
bool field_terminated(const std::uint8_t* field);
// `field` holds the stored bytes (or zeros); errors objdata.name.length and objdata.name.nul_inside
// name `what`.
Status put_name(std::uint8_t* field, const std::string& name, const std::string& what);

}  // namespace parkan::objdata::detail
