// Texm writer: header, palette, mip chain and Page chunk, exactly as held by the model.
#include <fmt/format.h>

#include "parkan/texm/read.hpp"

namespace parkan::texm {

Result<ByteBuffer> write(const Texture& texture) {
  const Header& h = texture.header;
  PARKAN_ASSIGN(std::vector<Level> levels, layout(h, SIZE_MAX));
  std::optional<Format> format = to_format(h.format);
  std::size_t palette_size = *format == Format::indexed8 ? kPaletteSize : 0;
  if (texture.palette.size() != palette_size)
    return invalid(fmt::format("palette has {} bytes, format {} needs {}", texture.palette.size(), h.format, palette_size));
  std::size_t chain = levels.back().offset + levels.back().size - levels.front().offset;
  if (texture.pixels.size() != chain)
    return invalid(fmt::format("mip chain has {} bytes, a {}x{} format {} texture with {} levels needs {}",
                               texture.pixels.size(), h.width, h.height, h.format, h.mip_count, chain));
  std::size_t page_size = texture.page ? kPageHeaderSize + texture.page->size() * kPageRectSize : 0;
  if (texture.page && texture.page->size() > 0xFFFFFFFFu) return invalid("Page chunk has more than 2^32 rects");

  ByteWriter out(kHeaderSize + palette_size + chain + page_size);
  for (std::uint32_t v : {h.magic, h.width, h.height, h.mip_count, h.flags4, h.flags5, h.unk6, h.format}) out.u32(v);
  out.bytes(texture.palette);
  out.bytes(texture.pixels);
  if (texture.page) {
    out.u32(kPageMagic);
    out.u32(static_cast<std::uint32_t>(texture.page->size()));
    for (const PageRect& r : *texture.page) {
      out.i16(r.x);
      out.i16(r.w);
      out.i16(r.y);
      out.i16(r.h);
    }
  }
  return out.take();
}

}  // namespace parkan::texm
