// /api/font (a font's metrics, every glyph record with its pixel rectangle, where its palette came from,
// its findings) and /api/font.png (the atlas's level 0 as the export draws it: format 2 through PAL.PAL,
// index 0 transparent). docs/view.md 3.4.
#include <fmt/format.h>

#include "parkan/export/png.hpp"
#include "parkan/font/atlas.hpp"
#include "parkan/font/font.hpp"
#include "parkan/texm/palette.hpp"
#include "view_internal.hpp"

namespace parkan::view::detail {

namespace {

using nlohmann::json;

Opened<font::Font> open_font_resource(const ServiceState& state, const Query& query) {
  return open_as<font::Font>(state, query, "font", "font",
                             [](const Located& at) { return at.payload.parse(font::read_font); });
}

// docs/formats/font.md 7: the PAL.PAL of the font's own archive, else sys.lib's, else gamefont.rlb's.
struct ViewPalette {
  resource::Payload payload;  // keeps the bytes alive
  std::string source;
};
std::optional<ViewPalette> font_palette(const ServiceState& state, const Located& at) {
  constexpr std::string_view kPal = "PAL.PAL";
  if (at.archive)
    if (auto index = at.archive->find(kPal))
      if (auto payload = at.archive->payload(*index); payload && texm::external_palette_colours(payload->bytes()))
        return ViewPalette{std::move(*payload), at.file + "::PAL.PAL"};
  for (std::string_view library : {"sys.lib", "gamefont.rlb"}) {
    auto payload = state.game->get(std::string(library) + "::PAL.PAL");
    if (payload && texm::external_palette_colours(payload->bytes()))
      return ViewPalette{std::move(*payload), std::string(library) + "::PAL.PAL"};
  }
  return std::nullopt;
}

}  // namespace

Response handle_font(const ServiceState& state, const Query& query) {
  Opened<font::Font> f = open_font_resource(state, query);
  if (!f.value) return f.error;
  const Located& at = *f.located;
  const std::string name = at.payload.entry_name().empty() ? at.file : at.payload.entry_name();
  const bool external = f.value->atlas.format == texm::Format::indexed8_external;
  std::optional<ViewPalette> palette = external ? font_palette(state, at) : std::nullopt;
  json glyphs = json::array();
  for (std::size_t code = 0; code < font::kGlyphCount; ++code) {
    const font::Glyph& g = f.value->glyphs[code];
    const font::GlyphRect r = font::glyph_rect(*f.value, g);
    glyphs.push_back({{"code", code},
                      {"u0", g.u0},
                      {"u1", g.u1},
                      {"v0", g.v0},
                      {"advance", g.advance},
                      {"draws", font::has_glyph(g)},
                      {"rect", {{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}}}});
  }
  json info = font::info_json(*f.value, name);
  info.erase("glyphs");
  json doc = {{"name", name},
              {"info", std::move(info)},
              {"glyphs", std::move(glyphs)},
              {"palette", external ? (palette ? json(palette->source) : json(nullptr)) : json("own")},
              {"diagnostics", findings_json(state, state.findings_of(at.file, at.payload.location().name))}};
  return json_response(doc);
}

Response handle_font_png(const ServiceState& state, const Query& query) {
  Opened<font::Font> f = open_font_resource(state, query);
  if (!f.value) return f.error;
  std::optional<ViewPalette> palette;
  if (f.value->atlas.format == texm::Format::indexed8_external) {
    palette = font_palette(state, *f.located);
    if (!palette)
      return error_response(422, "texm.palette.external",
                            "the atlas is Texm format 2 and the game has no PAL.PAL for it (the font's archive, sys.lib, "
                            "gamefont.rlb)");
  }
  auto image = font::atlas_image(*f.value, palette ? palette->payload.bytes() : ByteView{});
  if (!image) return broken_response(state, *f.located, image.error());
  auto png = png::encode(*image, png::Effort::balanced);
  if (!png) return broken_response(state, *f.located, png.error());
  return {200, "image/png", std::string(png->begin(), png->end())};
}

}  // namespace parkan::view::detail
