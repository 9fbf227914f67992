// /api/kinds: the kind registry (resource/kind.hpp) and the Texm format names, so the page names
// kinds and formats as the server does and keeps no table of its own (docs/view.md 3).
#include "parkan/nres/archive.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/texm/model.hpp"
#include "view_internal.hpp"

namespace parkan::view::detail {

namespace {

// Every Format has a name: a format added to texm::Format without one is a -Wswitch warning here.
const char* texture_format_name(texm::Format format) {
  switch (format) {
    case texm::Format::indexed8: return "indexed8 (palette)";
    case texm::Format::indexed8_external: return "indexed8 (external palette)";
    case texm::Format::rgb565: return "RGB565";
    case texm::Format::rgb556: return "RGB556";
    case texm::Format::argb4444: return "ARGB4444";
    case texm::Format::la88: return "LA88 (luminance, alpha)";
    case texm::Format::rgbx888: return "RGB888 (32-bit)";
    case texm::Format::argb8888: return "ARGB8888";
  }
  return "";
}

}  // namespace

Response handle_kinds() {
  nlohmann::json kinds = nlohmann::json::array();
  for (const resource::Kind& kind : resource::kinds()) {
    nlohmann::json extensions = nlohmann::json::array();
    for (std::string_view extension : kind.extensions) extensions.push_back(extension);
    kinds.push_back({{"key", kind.key},
                     {"name", kind.name},
                     {"item", kind.item},
                     {"type", kind.type_id ? nlohmann::json(nres::type_name(kind.type_id)) : nlohmann::json(nullptr)},
                     {"extensions", std::move(extensions)},
                     {"view", kind.view},
                     {"file_kind", kind.file_kind}});
  }
  nlohmann::json formats = nlohmann::json::object();
  for (texm::Format format : texm::kAllFormats)
    formats[std::to_string(static_cast<std::uint32_t>(format))] = texture_format_name(format);
  return json_response({{"kinds", std::move(kinds)}, {"texture_formats", std::move(formats)}});
}

}  // namespace parkan::view::detail
