// char[32] name fields (src/objdata/name_field.hpp): the core's fixed name fields (include/parkan/core/name_field.hpp)
// with this format's size and codes.
#include "objdata/name_field.hpp"

#include "parkan/core/name_field.hpp"
#include "parkan/objdata/codes.hpp"
#include "parkan/objdata/objdata.hpp"

namespace parkan::objdata::detail {

std::string field_text(const std::uint8_t* field) { return name_field_text(field, kNameField); }

bool field_terminated(const std::uint8_t* field) { return name_field_terminated(field, kNameField); }

Status put_name(std::uint8_t* field, const std::string& name, const std::string& what) {
  return put_name_field(field, kNameField, name, what, {codes::kNameLength, codes::kNameNulInside});
}

}  // namespace parkan::objdata::detail
