// Texm parser + decoder + loader on arbitrary bytes: never crash, never over-allocate; a parsed
// texture writes back identical, the fast decoder agrees with the reference, and the checker agrees
// with the reader.
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
  for (std::size_t level = 0; level < texture->levels.size(); ++level) {
    auto image = texm::decode(*texture, level);
    if (!image) std::abort();
    ByteBuffer reference(image->rgba.size());
    ByteView pixels = texture->level_bytes(level);
    texm::decode_pixels_reference(texture->format, pixels.data(), image->rgba.size() / 4, texture->palette.data(),
                                  reference.data());
    if (reference != image->rgba) std::abort();
  }
  for (std::uint32_t flags : {0u, texm::kLoadFlagPage}) {
    texm::LoadResult r = texm::load(*texture, flags, texm::LoaderProfile{flags != 0, flags != 0});
    if (r.rects.empty()) std::abort();
  }
  return 0;
}
