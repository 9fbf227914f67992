// The JSON forms of fonts (docs/formats/font.md 6, docs/cli.md 5.15): `font info --json` and the
// export document `font export` writes and `font import` reads.
#include <cmath>
#include <cstring>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "parkan/core/text.hpp"
#include "parkan/font/atlas.hpp"
#include "parkan/font/codes.hpp"
#include "parkan/font/font.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/encode.hpp"
#include "parkan/texm/json.hpp"
#include "parkan/texm/palette.hpp"

namespace parkan::font {

namespace {

using nlohmann::json;

// A float as JSON: its shortest decimal, or "0xXXXXXXXX" (its bits) when it is not finite, so that
// every stored value comes back (docs/formats/font.md 6).
json font_float_json(float value) {
  if (std::isfinite(value)) return float_for_json(value);
  std::uint32_t bits;
  std::memcpy(&bits, &value, 4);
  return fmt::format("0x{:08X}", bits);
}

json rect_json(const GlyphRect& r) { return {{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}}; }

json glyph_json(const Font& font, std::size_t code) {
  const Glyph& g = font.glyphs[code];
  return {{"code", code},
          {"u0", font_float_json(g.u0)},
          {"u1", font_float_json(g.u1)},
          {"v0", font_float_json(g.v0)},
          {"advance", g.advance},
          {"drawn_width", std::int64_t(g.advance) + 1},
          {"rect", rect_json(glyph_rect(font, g))}};
}

json header_json(const Font& font) {
  return {{"cell_width", font.cell_width},
          {"glyph_height", font.glyph_height},
          {"cell_height", font_float_json(font.cell_height)},
          {"pen_step", font.pen_step}};
}

std::string to_hex(ByteView bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (std::uint8_t b : bytes) out += kDigits[b >> 4], out += kDigits[b & 15];
  return out;
}

// ---- reading the export document back ----

Error json_error(std::string message) { return invalid_rule(std::string(codes::kImportJson), std::move(message)); }

const json* member(const json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

Result<std::int64_t> integer_of(const json& object, const char* key, std::int64_t lo, std::int64_t hi,
                                const std::string& where) {
  const json* v = member(object, key);
  if (!v || !v->is_number_integer())
    return json_error(fmt::format("{}: \"{}\" must be an integer", where, key));
  const bool fits = v->is_number_unsigned() ? v->get<std::uint64_t>() <= std::uint64_t(hi)
                                            : v->get<std::int64_t>() >= lo && v->get<std::int64_t>() <= hi;
  if (!fits) return json_error(fmt::format("{}: \"{}\" must be in {}..{}", where, key, lo, hi));
  return v->get<std::int64_t>();
}

Result<float> float_of(const json& object, const char* key, const std::string& where) {
  const json* v = member(object, key);
  if (v && v->is_number()) return static_cast<float>(v->get<double>());
  if (v && v->is_string()) {
    const std::string& text = v->get_ref<const std::string&>();
    std::uint32_t bits = 0;
    if (text.size() == 10 && text.starts_with("0x") &&
        std::sscanf(text.c_str() + 2, "%8x", &bits) == 1) {  // "0xXXXXXXXX": a float's bits
      float f;
      std::memcpy(&f, &bits, 4);
      return f;
    }
  }
  return json_error(fmt::format("{}: \"{}\" must be a number (or \"0xXXXXXXXX\", a float's bits)", where, key));
}

Result<std::uint32_t> word_of(const json& object, const char* key, const std::string& where) {
  PARKAN_ASSIGN(std::int64_t v, integer_of(object, key, 0, 0xFFFFFFFFll, where));
  return std::uint32_t(v);
}

Result<texm::Palette> palette_of(const json& atlas) {
  const json* v = member(atlas, "palette");
  if (!v || !v->is_string() || v->get_ref<const std::string&>().size() != 2 * texm::kPaletteSize)
    return json_error(fmt::format("atlas: \"palette\" must be {} hex digits (256 x B, G, R, X)", 2 * texm::kPaletteSize));
  const std::string& text = v->get_ref<const std::string&>();
  texm::Palette palette{};
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < palette.size(); ++i) {
    const int hi = digit(text[2 * i]), lo = digit(text[2 * i + 1]);
    if (hi < 0 || lo < 0) return json_error(fmt::format("atlas: \"palette\" has a non-hex digit at {}", 2 * i));
    palette[i] = std::uint8_t(hi * 16 + lo);
  }
  return palette;
}

}  // namespace

nlohmann::json info_json(const Font& font, std::string_view entry_name) {
  json glyphs = json::array();
  for (std::size_t code = 0; code < kGlyphCount; ++code)
    if (has_glyph(font.glyphs[code])) glyphs.push_back(glyph_json(font, code));
  json doc = header_json(font);
  doc["encoding"] = std::string(encoding_name(encoding_for_name(entry_name)));
  doc["glyph_count"] = glyphs.size();
  doc["atlas"] = texm::info_json(font.atlas, font.atlas_bytes.size());
  doc["glyphs"] = std::move(glyphs);
  return doc;
}

Result<texm::Image> atlas_image(const Font& font, ByteView palette) {
  texm::DecodeOptions options;
  if (font.atlas.format == texm::Format::indexed8_external) options.palette = palette;
  return texm::decode(font.atlas, 0, options);
}

Result<nlohmann::json> export_json(const Font& font, Encoding encoding, ByteView palette) {
  ByteView colours = font.atlas.palette;
  if (font.atlas.format == texm::Format::indexed8_external) {
    PARKAN_ASSIGN(colours, texm::external_palette_colours(palette));
  }
  const texm::Header& h = font.atlas.header;
  json atlas = {{"width", h.width},   {"height", h.height}, {"format", h.format}, {"mip_count", h.mip_count},
                {"flags4", h.flags4}, {"flags5", h.flags5}, {"unk6", h.unk6},
                {"external_palette", font.atlas.format == texm::Format::indexed8_external},
                {"palette", colours.empty() ? json(nullptr) : json(to_hex(colours))},
                {"page", font.atlas.page ? texm::page_json(*font.atlas.page) : json(nullptr)}};
  json glyphs = json::array();
  for (std::size_t code = 0; code < kGlyphCount; ++code) glyphs.push_back(glyph_json(font, code));
  json doc = {{"format", std::string(kExportTag)}, {"encoding", std::string(encoding_name(encoding))}};
  doc.update(header_json(font));
  doc["atlas"] = std::move(atlas);
  doc["glyphs"] = std::move(glyphs);
  return doc;
}

Result<ByteBuffer> import_font(const texm::Image& image, const nlohmann::json& doc) {
  const json* tag = member(doc, "format");
  if (!tag || !tag->is_string() || tag->get_ref<const std::string&>() != kExportTag)
    return json_error(fmt::format("\"format\" must be \"{}\" (the document `parkan font export` writes)", kExportTag));
  constexpr std::int64_t kI32Min = -2147483648ll, kI32Max = 2147483647ll;
  Font font;
  PARKAN_ASSIGN(std::int64_t cell_width, integer_of(doc, "cell_width", kI32Min, kI32Max, "font"));
  PARKAN_ASSIGN(std::int64_t glyph_height, integer_of(doc, "glyph_height", kI32Min, kI32Max, "font"));
  PARKAN_ASSIGN(font.cell_height, float_of(doc, "cell_height", "font"));
  PARKAN_ASSIGN(std::int64_t pen_step, integer_of(doc, "pen_step", kI32Min, kI32Max, "font"));
  font.cell_width = std::int32_t(cell_width), font.glyph_height = std::int32_t(glyph_height);
  font.pen_step = std::int32_t(pen_step);

  const json* glyphs = member(doc, "glyphs");
  if (!glyphs || !glyphs->is_array() || glyphs->size() != kGlyphCount)
    return json_error(fmt::format("\"glyphs\" must be an array of {} records, one per code", kGlyphCount));
  for (std::size_t i = 0; i < kGlyphCount; ++i) {
    const json& g = (*glyphs)[i];
    const std::string where = fmt::format("glyph {}", i);
    PARKAN_ASSIGN(std::int64_t code, integer_of(g, "code", 0, 255, where));
    if (std::size_t(code) != i) return json_error(fmt::format("{}: \"code\" is {}; the records go in code order", where, code));
    Glyph& out = font.glyphs[i];
    PARKAN_ASSIGN(out.u0, float_of(g, "u0", where));
    PARKAN_ASSIGN(out.u1, float_of(g, "u1", where));
    PARKAN_ASSIGN(out.v0, float_of(g, "v0", where));
    PARKAN_ASSIGN(std::int64_t advance, integer_of(g, "advance", kI32Min, kI32Max, where));
    out.advance = std::int32_t(advance);
  }

  const json* atlas = member(doc, "atlas");
  if (!atlas || !atlas->is_object()) return json_error("\"atlas\" must be an object (the atlas's Texm header words)");
  PARKAN_ASSIGN(std::uint32_t width, word_of(*atlas, "width", "atlas"));
  PARKAN_ASSIGN(std::uint32_t height, word_of(*atlas, "height", "atlas"));
  if (image.width != width || image.height != height)
    return invalid_rule(std::string(codes::kImportImage),
                        fmt::format("the image is {}x{}, the atlas {}x{}", image.width, image.height, width, height));
  PARKAN_ASSIGN(std::uint32_t format_number, word_of(*atlas, "format", "atlas"));
  const std::optional<texm::Format> format = texm::to_format(format_number);
  if (!format) return json_error(fmt::format("atlas: unknown Texm format {}", format_number));
  texm::EncodeOptions options;
  options.format = *format;
  PARKAN_ASSIGN(options.mip_count, word_of(*atlas, "mip_count", "atlas"));
  if (options.mip_count == 0) return json_error("atlas: \"mip_count\" must be at least 1");
  PARKAN_ASSIGN(options.flags4, word_of(*atlas, "flags4", "atlas"));
  PARKAN_ASSIGN(options.flags5, word_of(*atlas, "flags5", "atlas"));
  PARKAN_ASSIGN(options.unk6, word_of(*atlas, "unk6", "atlas"));
  if (texm::is_indexed(*format)) {
    PARKAN_ASSIGN(options.palette, palette_of(*atlas));
  }
  if (const json* page = member(*atlas, "page"); page && !page->is_null()) {
    auto rects = texm::page_from_json(*page);
    if (!rects) return json_error("atlas: \"page\": " + rects.error().message);
    options.page = std::move(*rects);
  }
  PARKAN_ASSIGN(ByteBuffer atlas_bytes, texm::encode(image, options));
  font.atlas_bytes = atlas_bytes;  // write_font copies it
  return write_font(font);
}

}  // namespace parkan::font
