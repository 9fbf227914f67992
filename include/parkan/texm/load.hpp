#pragma once
// The engine's texture loader (docs/formats/texm.md 4-5.2, 5.4, 5.2): which mip levels it skips,
// the size and pixel data it ends up with, and the Page rects as pixels and UVs.
#include <optional>
#include <vector>

#include "parkan/texm/model.hpp"

namespace parkan::texm {

// Load flag that makes the loader read the Page chunk (docs/formats/texm.md 5.1).
inline constexpr std::uint32_t kLoadFlagPage = 0x400000;
// The bits of flags5 the mip-skip policy looks at (docs/formats/texm.md 5.2).
inline constexpr std::uint32_t kMipSkipMask = 0x72000000;

// The Ngi32 profile switches (HKCU\Software\Nikita\NgiTool, docs/formats/texm.md 5.4) that the
// texture loader consults. The engine's branches are not recorded; what each one changes here is
// the project's reading, in this one place:
struct LoaderProfile {
  // "DisableMipmap": the device gets only the first loaded level (mip_count 1) and the loader
  // never builds mips at runtime. The mip skip and the pixel offset are unchanged.
  bool disable_mipmap = false;
  // "Force 16-bit textures": 32-bit sources (888, 8888) and the palettes of formats 0 and 2 are
  // uploaded as a 16-bit format: 4444 on an alpha surface (docs/formats/texm.md 6.4), else 565.
  // 16-bit sources are uploaded as they are.
  bool force_16bit = false;
};

// docs/formats/texm.md 5.2, exactly.
std::uint32_t mip_skip_policy(std::uint32_t flags5, std::uint32_t width, std::uint32_t height, std::uint32_t mip_count);

// The start of the pixels after skipping, as the loader computes it (docs/formats/texm.md 5.2):
// + bpp*w*h for one level, + (bpp*w*h) * 1.25 (integer: + size + size/4) for two.
std::uint64_t engine_pixel_offset(Format format, std::uint32_t width, std::uint32_t height, std::uint32_t mip_skip);

struct LoadedRect {
  std::int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // pixels
  float u0 = 0, v0 = 0, du = 0, dv = 0;         // UVs
};

struct LoadResult {
  std::uint32_t mip_skip = 0;
  std::uint32_t width = 0;      // width >> mip_skip, as the engine shifts (may reach 0)
  std::uint32_t height = 0;
  std::uint32_t mip_count = 0;  // after skipping (1 with DisableMipmap)
  std::uint64_t pixel_offset = 0;        // the engine's formula
  std::uint64_t exact_pixel_offset = 0;  // the real start of level mip_skip (differs for odd sizes)
  Format upload_format = Format::argb8888;  // what the device gets (Force 16-bit)
  bool alpha_surface = true;  // the surface rule with the load flags (docs/formats/texm.md 6.4)
  bool runtime_mips = false;  // the loader builds mips itself (one level left, DisableMipmap off)
  std::vector<LoadedRect> rects;  // [0] the whole texture, then the Page rects with load flag 0x400000
};

// What the loader does with a parsed texture.
LoadResult load(const Texture& texture, std::uint32_t load_flags, const LoaderProfile& profile = {});

// One Page rect to pixels and UVs with mip skip s (docs/formats/texm.md 4); width/height are the
// sizes after skipping.
LoadedRect page_rect_to_loaded(const PageRect& rect, std::uint32_t width, std::uint32_t height, std::uint32_t mip_skip);

}  // namespace parkan::texm
