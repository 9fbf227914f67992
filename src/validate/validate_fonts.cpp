// The fonts' chain (docs/formats/font.md 7, docs/cli.md 11.4): a Tfnt whose atlas is
// Texm format 2 draws through a PAL.PAL of 66,564 bytes with `Ipol`: the one in the font's own
// archive, else the one in sys.lib or gamefont.rlb at the top of the game (or of its base). That
// the atlas is a Texm at 0x1014 is the font's own check (font.atlas, through the registry).
#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/font/font.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/validate/codes.hpp"
#include "validate/validate_internal.hpp"

namespace parkan::validate::detail {

namespace {

constexpr std::string_view kFontPalName = "pal.pal";  // folded
// Where a font's palette is looked for after its own archive (docs/formats/font.md 1).
constexpr std::string_view kFontPalLibraries[] = {"sys.lib", "gamefont.rlb"};

// "a", "a or b", "a, b or c".
std::string join_or(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return out;
}

}  // namespace

void note_font_use(const ResourceInput& input, CheckedResource& out) {
  auto font = font::read_font(input.bytes);
  if (font) out.facts.font_external_palette = font->atlas.format == texm::Format::indexed8_external;
}

void note_pal_use(const ResourceInput& input, CheckedResource& out) {
  out.facts.valid_pal = texm::read_pal(input.bytes).ok();
}

void check_font_palettes(GameFacts& facts) {
  // The archives (folded path) holding a PAL.PAL, and whether it reads as a PAL resource.
  std::map<std::string, bool> pals;
  for (const CheckedResource& r : facts.resources)
    if (!r.entry.empty() && fold_name(r.entry) == kFontPalName) {
      bool& valid = pals[fold_name(r.file)];
      valid = valid || r.facts.valid_pal;
    }
  // A base game's archive is known by its names only: a PAL.PAL there counts as found.
  auto in_base = [&](std::string_view folded) {
    auto it = facts.base_archives.find(std::string(folded));
    return it != facts.base_archives.end() && it->second.folded.count(std::string(kFontPalName)) != 0;
  };
  for (CheckedResource& r : facts.resources) {
    if (!r.facts.font_external_palette) continue;
    std::vector<std::string> tried = {r.file};
    for (std::string_view library : kFontPalLibraries)
      if (fold_name(library) != fold_name(r.file)) tried.emplace_back(library);
    std::string invalid_in;
    bool found = false;
    for (const std::string& file : tried) {
      const std::string folded = fold_name(file);
      if (auto it = pals.find(folded); it != pals.end()) {
        if (it->second) {
          found = true;
          break;
        }
        if (invalid_in.empty()) invalid_in = file;
      } else if (in_base(folded)) {
        found = true;
        break;
      }
    }
    if (found) continue;
    const std::string why = invalid_in.empty()
                                ? fmt::format("no PAL.PAL in {}", join_or(tried))
                                : fmt::format("the PAL.PAL of {} is not a {}-byte PAL resource with \"Ipol\"", invalid_in,
                                              texm::kPalSize);
    Diagnostic d{codes::kFontPaletteMissing, Severity::error, Location{r.file, r.entry, font::kAtlasOffset + 28},
                 fmt::format("the atlas is Texm format 2 and draws through PAL.PAL: {}", why)};
    r.findings.push_back(std::move(d));
  }
}

}  // namespace parkan::validate::detail
