// char[32] name fields (src/effect/effect_name_field.hpp): the core's fixed name fields (include/parkan/core/name_field.hpp)
// with this format's size and codes.
#include "effect/effect_name_field.hpp"

#include "parkan/core/name_field.hpp"
#include "parkan/effect/codes.hpp"
#include "parkan/effect/effect.hpp"

namespace parkan::effect::detail {

std::string effect_field_text(const std::uint8_t* field) { return name_field_text(field, kNameField); }

bool effect_field_terminated(const std::uint8_t* field) { return name_field_terminated(field, kNameField); }

Status put_effect_name(std::uint8_t* field, const std::string& name, const std::string& what) {
  return put_name_field(field, kNameField, name, what, {codes::kNameLength, codes::kNameNulInside});
}

}  // namespace parkan::effect::detail
