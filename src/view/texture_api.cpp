// /api/texture (a texture's header, levels, palette, Page and what the loader does with it) and
// /api/texture.png (one level decoded as the engine decodes it, with load flags 0 or a material's).
#include <cstdint>

#include <fmt/format.h>

#include "parkan/export/png.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/json.hpp"
#include "parkan/texm/load.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"
#include "parkan/core/utf8_path.hpp"
#include "view_internal.hpp"

namespace parkan::view::detail {

namespace {

using nlohmann::json;

// The texture's own palette (format 0) as the decoder reads it, by the surface rule: 256 x [r, g, b, a].
json palette_json(const texm::Texture& texture) {
  if (texture.palette.size() < texm::kPaletteSize) return nullptr;
  auto rule = texm::pixel_rule(texture);
  if (!rule) return nullptr;
  const texm::RgbaPalette& rgba = rule->palette;
  json out = json::array();
  for (std::size_t i = 0; i < 256; ++i)
    out.push_back({rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2], rgba[i * 4 + 3]});
  return out;
}

Opened<texm::Texture> open_texture(const ServiceState& state, const Query& query) {
  return open_as<texm::Texture>(state, query, "texture", "texture",
                                [](const Located& at) { return at.payload.parse(texm::read); });
}

}  // namespace

Response handle_texture(const ServiceState& state, const Query& query) {
  Opened<texm::Texture> t = open_texture(state, query);
  if (!t.value) return t.error;
  const std::string& stored = t.located->payload.location().name;
  json doc = {{"name", t.located->payload.entry_name().empty() ? t.located->file : t.located->payload.entry_name()},
              {"info", texm::info_json(*t.value, t.located->payload.bytes().size())},
              {"palette", palette_json(*t.value)},
              {"name_palette", texm::name_palette_json(texm::palette_index_from_name(
                                   stored.empty() ? path_to_utf8(path_from_utf8(t.located->file).filename()) : stored))},
              {"load", texm::load_json(texm::load(*t.value, texm::kLoadFlagPage))},
              {"diagnostics", findings_json(state, state.findings_of(t.located->file, stored))}};
  return json_response(doc);
}

Response handle_texture_png(const ServiceState& state, const Query& query) {
  Opened<texm::Texture> t = open_texture(state, query);
  if (!t.value) return t.error;
  const std::size_t levels = t.value->levels.size();
  auto level = query_number(query, "level", levels == 0 ? 0 : levels - 1, 0);
  if (!level)
    return error_response(400, "view.bad_request", fmt::format("`level` is 0..{} for this texture", levels - 1));
  // The texture as stored (flags 0) unless a material's view asks for the flags that material loads
  // it with (docs/view.md; docs/runtime.md 6.3).
  auto load_flags = query_number(query, "load_flags", UINT32_MAX, 0);
  if (!load_flags) return error_response(400, "view.bad_request", "`load_flags` is 0..4294967295");
  texm::DecodeOptions options;
  options.load_flags = static_cast<std::uint32_t>(*load_flags);
  auto image = texm::decode(*t.value, static_cast<std::size_t>(*level), options);
  if (!image) return broken_response(state, *t.located, image.error());
  auto png = png::encode(*image, png::Effort::balanced);
  if (!png) return broken_response(state, *t.located, png.error());
  return {200, "image/png", std::string(png->begin(), png->end())};
}

}  // namespace parkan::view::detail
