// WEAR writers: canonical text and lossless (docs/formats/wear.md 2, 6).
#include <fmt/format.h>

#include "parkan/material/wear.hpp"

namespace parkan::material {

namespace {
// The line end of the canonical text: LF (docs/formats/wear.md 6.1).
constexpr std::string_view kLineEnd = "\n";

void put_rows(std::string& out, const std::vector<WearRow>& rows) {
  out += fmt::format("{}{}", rows.size(), kLineEnd);
  for (const WearRow& row : rows) out += fmt::format("{} {}{}", row.legacy_id, row.name, kLineEnd);
}
}  // namespace

ByteBuffer write_wear_canonical(const Wear& wear) {
  std::string out;
  put_rows(out, wear.materials);
  if (wear.has_lightmaps) {
    // The blank separator line: the buffer parser needs it before LIGHTMAPS (docs/formats/wear.md 3, 6).
    out += kLineEnd;
    out += kLightmapsMarker;
    out += kLineEnd;
    put_rows(out, wear.lightmaps);
  }
  ByteView bytes = as_bytes(out);
  return ByteBuffer(bytes.begin(), bytes.end());
}

ByteBuffer write_wear(const Wear& wear, ByteView original) {
  if (!original.empty()) {
    auto parsed = parse_wear(original, WearParser::file);
    if (parsed && *parsed == wear) return ByteBuffer(original.begin(), original.end());
  }
  return write_wear_canonical(wear);
}

}  // namespace parkan::material
