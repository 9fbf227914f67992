// Sample textures: Textures.lib, LightMap.lib and palettes.lib from the catalog
// (sample_texture_catalog.hpp): each texture painted (texture_art.hpp) and encoded with the
// project's own encoder. Textures are painted on two threads, each result stored at its catalog
// index, so the bytes do not depend on scheduling.
#include <atomic>
#include <thread>

#include "sample/sample_texture_catalog.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/texm/palette.hpp"

namespace parkan::sample {

namespace {

// Below this many pixels a second thread costs more than it saves.
constexpr std::size_t kTexturesParallelPixels = 1u << 18;

ByteBuffer textures_archive(const std::vector<std::pair<std::string, ByteBuffer>>& payloads, std::uint32_t type_id) {
  std::vector<nres::EntrySpec> specs;
  for (const auto& [name, bytes] : payloads) {
    nres::EntrySpec s;
    s.type_id = type_id;
    s.name = name;
    s.payload = bytes;
    specs.push_back(std::move(s));
  }
  auto archive = nres::build(specs);
  return archive.ok() ? std::move(*archive) : ByteBuffer{};
}

std::vector<std::pair<std::string, ByteBuffer>> textures_encode_all(const std::vector<TextureSpec>& specs) {
  std::vector<std::pair<std::string, ByteBuffer>> out(specs.size());
  std::size_t pixels = 0;
  for (const TextureSpec& spec : specs) pixels += std::size_t(spec.width) * spec.height;
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < specs.size(); i = next++) out[i] = {specs[i].name, encode_sample_texture(specs[i])};
  };
  if (pixels < kTexturesParallelPixels) {
    work();
  } else {
    std::thread helper(work);
    work();
    helper.join();
  }
  return out;
}

// A PAL resource (docs/formats/palettes.md 4): the 256 colours stored B, G, R, X, "Ipol", then the 256x256 table.
// The palettes are ramps from dark to light, so the blend of entries a and b is entry (a + b) / 2.
ByteBuffer textures_pal(const texm::Palette& colours) {
  ByteWriter w(texm::kPalSize);
  w.bytes(colours);  // already B, G, R, X
  w.u32(texm::kIpolMagic);
  for (int a = 0; a < 256; ++a)
    for (int b = 0; b < 256; ++b) w.u8(std::uint8_t((a + b) / 2));
  return w.take();
}

}  // namespace

std::vector<SampleFile> sample_textures(const SampleOptions& options) {
  std::vector<std::pair<std::string, ByteBuffer>> textures = textures_encode_all(texture_catalog(options));
  std::vector<std::pair<std::string, ByteBuffer>> lightmaps = textures_encode_all(lightmap_catalog(options));
  std::vector<std::pair<std::string, ByteBuffer>> palettes;
  for (const SamplePalette& p : palette_catalog(options)) palettes.emplace_back(p.name, textures_pal(p.colours));
  return {{"Textures.lib", textures_archive(textures, texm::kMagic)},
          {"LightMap.lib", textures_archive(lightmaps, texm::kMagic)},
          {"palettes.lib", textures_archive(palettes, texm::kPalTypeId)}};
}

}  // namespace parkan::sample
