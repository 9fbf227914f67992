#include "parkan/texm/check.hpp"

#include <fmt/format.h>

#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::texm {

namespace {

void check_name(std::vector<Diagnostic>& out, const Texture& texture, std::string_view name) {
  const NamePalette palette = palette_index_from_name(name);
  if (palette.bad_name)
    add_diagnostic(out, Severity::warning, "texm.name.dot", std::nullopt,
                   "texture name has no '.' within its first 17 characters: the engine says \"Bad texture name.\"");
  else if (palette.outside_bank())
    add_diagnostic(out, Severity::warning, "texm.name.palette_range", std::nullopt,
                   fmt::format("the name's suffix gives palette index {}, past the engine's {} palette slots",
                               palette.index, kPaletteSlots));
  else if (texture.format == Format::indexed8 && !palette.has_palette())
    add_diagnostic(out, Severity::note, "texm.name.no_palette", std::nullopt,
                   "a format 0 texture whose name picks no palette slot: the engine draws it with its own palette");
}

// A Page rect outside the top level selects pixels the texture does not have.
void check_page(std::vector<Diagnostic>& out, const Texture& texture) {
  if (!texture.page) return;
  const std::uint64_t first_rect = texture.core_size + kPageHeaderSize;
  for (std::size_t i = 0; i < texture.page->size(); ++i) {
    const PageRect& r = (*texture.page)[i];
    // 64-bit: long is 32 bits on Windows, and a width can be up to 2^32 - 1.
    const std::int64_t right = std::int64_t(r.x) + r.w, bottom = std::int64_t(r.y) + r.h;
    if (r.x < 0 || r.y < 0 || r.w <= 0 || r.h <= 0 || right > std::int64_t(texture.header.width) ||
        bottom > std::int64_t(texture.header.height))
      add_diagnostic(out, Severity::warning, "texm.page.rect", first_rect + i * kPageRectSize,
                     fmt::format("Page rect {} (x {} w {} y {} h {}) is empty or outside the {}x{} texture", i, r.x,
                                 r.w, r.y, r.h, texture.header.width, texture.header.height));
  }
}

}  // namespace

std::vector<Diagnostic> check_texture(ByteView payload, std::string_view name) {
  std::vector<Diagnostic> out;
  auto texture = read(payload);
  if (!texture) {
    out.push_back(to_diagnostic(texture.error(), "texm.invalid"));
    return out;
  }
  if (texture->format == Format::indexed8_external)
    add_diagnostic(out, Severity::note, "texm.palette.external", std::nullopt,
                   "format 2: the pixels index an external palette (a font's PAL.PAL), not stored in the texture");
  if (!name.empty()) check_name(out, *texture, name);
  check_page(out, *texture);
  return out;
}

}  // namespace parkan::texm
