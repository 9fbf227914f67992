#pragma once
// A font as an atlas PNG and a JSON document, and back (docs/formats/font.md 6): what
// `parkan font export` writes and `parkan font import` reads. The PNG itself is the caller's
// (parkan/export/png.hpp): this layer works on RGBA images.
#include <nlohmann/json.hpp>

#include "parkan/font/font.hpp"
#include "parkan/texm/image.hpp"

namespace parkan::font {

// The tag of the export document; import refuses others.
inline constexpr std::string_view kExportTag = "parkan font export 1";

// Level 0 of the atlas as RGBA8 by the surface rule (index 0 transparent under the colour key every
// retail atlas sets). `palette`: format 2's external palette (1024 B, G, R, X bytes or a whole PAL
// resource); ignored for other formats. Errors: texm.palette.external, texm.palette.external_size.
Result<texm::Image> atlas_image(const Font& font, ByteView palette = {});

// The export document: the four header words, the encoding, the atlas's Texm header words and its
// palette (format 0: its own; format 2: the external one used, so that import needs nothing else),
// any Page rects, and per code 0..255 u0, u1, v0, advance, the drawn width and the pixel rectangle.
// Floats that are not finite are written as "0xXXXXXXXX" (their bits). `palette` as for atlas_image.
Result<nlohmann::json> export_json(const Font& font, Encoding encoding, ByteView palette = {});

// A Tfnt from an export document and an atlas image (docs/formats/font.md 6): the header and glyph
// records from the JSON, the atlas re-encoded in its own format and header words, formats 0 and 2
// by the nearest colour of the document's palette. An unedited pair gives the exported font back
// byte for byte (a single-level atlas whose palette has no repeated colour). Errors:
// font.import.json (a missing or malformed key), font.import.image (another size), texm's encoder's.
Result<ByteBuffer> import_font(const texm::Image& image, const nlohmann::json& document);

}  // namespace parkan::font
