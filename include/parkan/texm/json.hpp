#pragma once
// The JSON forms of docs/cli.md 10.2: info, load, and the Page rects of --page RECTS.json.
#include <nlohmann/json.hpp>

#include "parkan/texm/load.hpp"
#include "parkan/texm/model.hpp"
#include "parkan/texm/palette.hpp"

namespace parkan::texm {

// `texm info --json`: width, height, mip_count, format, flags4, flags5, unk6, palette, core_size,
// levels [{width, height, offset, size}], page (null or [{x, w, y, h}]); plus payload_size.
nlohmann::json info_json(const Texture& texture, std::size_t payload_size);
// The palette the engine picks from a texture name: {"index": N|null, "bad_name": b, "outside_bank": b, "warning": s}.
nlohmann::json name_palette_json(const NamePalette& palette);
// `texm load --json`: mip_skip, width, height, mip_count, pixel_offset, rects [{x0, y0, x1, y1, u0, v0, du, dv}];
// plus exact_pixel_offset, upload_format, runtime_mips, alpha_surface.
nlohmann::json load_json(const LoadResult& result);

nlohmann::json page_json(const std::vector<PageRect>& rects);
// A JSON array of {"x", "w", "y", "h"} (each an integer in int16 range).
Result<std::vector<PageRect>> page_from_json(const nlohmann::json& document);

}  // namespace parkan::texm
