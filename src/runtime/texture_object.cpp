// A texture as the engine's loader leaves it (docs/formats/texm.md 5.1, 5.2): parsed, the mip skip and
// Page rects of texm::load applied with the load flags, the device's levels decoded to RGBA8.
#include "parkan/runtime/texture_cache.hpp"

#include "parkan/texm/decode.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::runtime {

Result<std::shared_ptr<TextureObject>> load_texture_object(resource::Payload payload, std::uint32_t load_flags) {
  auto object = std::make_shared<TextureObject>();
  PARKAN_ASSIGN(object->texture, payload.parse(texm::read));
  object->payload = std::move(payload);
  object->load = texm::load(object->texture, load_flags);
  // The levels the device gets: from the skipped level on, as many as the loader keeps.
  const std::size_t first = object->load.mip_skip;
  const std::size_t available = object->texture.levels.size();
  for (std::size_t level = first; level < available && level - first < object->load.mip_count; ++level) {
    // The surface rule with the caller's load flags: 0x80000 forces opaque (docs/formats/texm.md 6.4).
    texm::DecodeOptions options;
    options.load_flags = load_flags;
    auto image = texm::decode(object->texture, level, options);
    if (!image) return object->payload.locate(std::move(image).error());
    object->levels.push_back(std::move(*image));
  }
  return object;
}

}  // namespace parkan::runtime
