// JSON views of textures and of the loader (docs/cli.md 10.2).
#include "parkan/texm/json.hpp"

#include <fmt/format.h>

#include "parkan/core/text.hpp"

namespace parkan::texm {

nlohmann::json page_json(const std::vector<PageRect>& rects) {
  nlohmann::json page = nlohmann::json::array();
  for (const PageRect& r : rects) page.push_back({{"x", r.x}, {"w", r.w}, {"y", r.y}, {"h", r.h}});
  return page;
}

nlohmann::json info_json(const Texture& t, std::size_t payload_size) {
  nlohmann::json levels = nlohmann::json::array();
  for (const Level& l : t.levels)
    levels.push_back({{"width", l.width}, {"height", l.height}, {"offset", l.offset}, {"size", l.size}});
  return {{"width", t.header.width},     {"height", t.header.height}, {"mip_count", t.header.mip_count},
          {"format", t.header.format},   {"flags4", t.header.flags4}, {"flags5", t.header.flags5},
          {"unk6", t.header.unk6},       {"palette", !t.palette.empty()}, {"core_size", t.core_size},
          {"payload_size", payload_size}, {"levels", levels},
          {"page", t.page ? page_json(*t.page) : nlohmann::json(nullptr)}};
}

nlohmann::json name_palette_json(const NamePalette& p) {
  return {{"index", p.has_palette() ? nlohmann::json(p.index) : nlohmann::json(nullptr)},
          {"bad_name", p.bad_name},
          {"outside_bank", p.outside_bank()},
          {"warning", palette_name_warning(p)}};
}

nlohmann::json load_json(const LoadResult& r) {
  nlohmann::json rects = nlohmann::json::array();
  for (const LoadedRect& x : r.rects)
    rects.push_back({{"x0", x.x0}, {"y0", x.y0}, {"x1", x.x1}, {"y1", x.y1},
                     {"u0", float_for_json(x.u0)}, {"v0", float_for_json(x.v0)},
                     {"du", float_for_json(x.du)}, {"dv", float_for_json(x.dv)}});
  return {{"mip_skip", r.mip_skip},         {"width", r.width},
          {"height", r.height},             {"mip_count", r.mip_count},
          {"pixel_offset", r.pixel_offset}, {"exact_pixel_offset", r.exact_pixel_offset},
          {"upload_format", format_number(r.upload_format)}, {"runtime_mips", r.runtime_mips},
          {"alpha_surface", r.alpha_surface},
          {"rects", rects}};
}

Result<std::vector<PageRect>> page_from_json(const nlohmann::json& document) {
  if (!document.is_array()) return invalid("Page rects must be a JSON array of {\"x\", \"w\", \"y\", \"h\"}");
  std::vector<PageRect> rects;
  for (std::size_t i = 0; i < document.size(); ++i) {
    const nlohmann::json& item = document[i];
    if (!item.is_object()) return invalid(fmt::format("Page rect {} is not an object", i));
    std::int16_t values[4];
    const char* keys[4] = {"x", "w", "y", "h"};
    for (int k = 0; k < 4; ++k) {
      auto it = item.find(keys[k]);
      if (it == item.end()) return invalid(fmt::format("Page rect {} has no \"{}\"", i, keys[k]));
      bool in_range = it->is_number_unsigned() ? it->get<std::uint64_t>() <= 32767
                      : it->is_number_integer() ? it->get<std::int64_t>() >= -32768 && it->get<std::int64_t>() <= 32767
                                                : false;
      if (!in_range) return invalid(fmt::format("Page rect {}: \"{}\" must be an integer in -32768..32767", i, keys[k]));
      values[k] = static_cast<std::int16_t>(it->get<std::int64_t>());
    }
    rects.push_back({values[0], values[1], values[2], values[3]});
  }
  return rects;
}

}  // namespace parkan::texm
