#pragma once
// The char[32] name fields of FXID resource pairs and .exp slots: read up to the first NUL, written over
// the stored bytes only when the name changed (docs/formats/effect.md 3).
#include <cstdint>
#include <string>

#include "parkan/core/error.hpp"

namespace parkan::effect::detail {

std::string effect_field_text(const std::uint8_t* field);
bool effect_field_terminated(const std::uint8_t* field);
// `field` holds the stored bytes (or zeros); errors effect.name.length and effect.name.nul_inside name `what`.
Status put_effect_name(std::uint8_t* field, const std::string& name, const std::string& what);

}  // namespace parkan::effect::detail
