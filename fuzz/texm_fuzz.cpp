// Texm parser + decoder + loader on arbitrary bytes: never crash, never over-allocate; a parsed
// texture writes back identical, the fast decoder agrees with the reference under every load flag
// (format 2 with an external palette cut from the input, and without one: a clean error), and the
// checker agrees with the reader.
#include <cstdlib>
#include <cstring>

#include "parkan/texm/check.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/load.hpp"
#include "parkan/texm/read.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace parkan;
  ByteView bytes(data, size);
  auto texture = texm::read(bytes);
  // The checker reports an error exactly when the reader refuses (its warnings never are errors).
  for (const char* name : {"", "PANEL.B3", "NODOT", "X.z9"})
    if (has_errors(texm::check_texture(bytes, name)) == texture.ok()) std::abort();
  if (!texture) return 0;
  auto written = texm::write(*texture);
  if (!written || written->size() != size || std::memcmp(written->data(), data, size) != 0) std::abort();
  // Format 2's external palette: the input's last 1024 bytes (any bytes make a palette).
  const ByteView external = size >= texm::kPaletteSize ? bytes.last(texm::kPaletteSize) : ByteView();
  if (texture->format == texm::Format::indexed8_external) {
    auto missing = texm::decode(*texture, 0);
    if (missing || missing.error().rule != "texm.palette.external") std::abort();
    if (external.empty()) return 0;
  }
  for (std::uint32_t load_flags : {0u, texm::kLoadFlagOpaque}) {
    texm::DecodeOptions options;
    options.palette = external;
    options.load_flags = load_flags;
    auto rule = texm::pixel_rule(*texture, options);
    if (!rule) std::abort();
    for (std::size_t level = 0; level < texture->levels.size(); ++level) {
      auto image = texm::decode(*texture, level, options);
      if (!image) std::abort();
      ByteBuffer reference(image->rgba.size());
      ByteView pixels = texture->level_bytes(level);
      texm::decode_pixels_reference(*rule, pixels.data(), image->rgba.size() / 4, reference.data());
      if (reference != image->rgba) std::abort();
      if (!rule->alpha && !texm::is_indexed(texture->format))
        for (std::size_t i = 3; i < reference.size(); i += 4)
          if (reference[i] != 255) std::abort();  // an opaque surface has no alpha
    }
  }
  for (std::uint32_t flags : {0u, texm::kLoadFlagPage}) {
    texm::LoadResult r = texm::load(*texture, flags, texm::LoaderProfile{flags != 0, flags != 0});
    if (r.rects.empty()) std::abort();
  }
  return 0;
}
