#include "parkan/material/model.hpp"

#include <algorithm>

#include "parkan/texm/decode.hpp"

namespace parkan::material {

std::string_view Phase::texture_name() const {
  const char* chars = reinterpret_cast<const char*>(texture_field.data());
  auto nul = std::find(texture_field.begin(), texture_field.end(), std::uint8_t{0});
  return {chars, static_cast<std::size_t>(nul - texture_field.begin())};
}

RuntimeFlags decode_runtime_flags(std::uint32_t attr1) {
  RuntimeFlags flags;
  flags.texture_load_flags = (attr1 & 0x01u) ? kTextureLoadFlag : 0;
  flags.flag_a = (attr1 & 0x02u) != 0;
  flags.category = (attr1 >> 2) & 0xFu;
  flags.flag_b = (attr1 & 0x40u) != 0;
  flags.other_bits = attr1 & ~0x7Fu;
  return flags;
}

std::uint32_t phase_texture_load_flags(std::uint32_t attr1, bool emboss_bump) {
  const RuntimeFlags flags = decode_runtime_flags(attr1);
  std::uint32_t load_flags = flags.texture_load_flags;
  if (flags.flag_a && !emboss_bump) load_flags |= texm::kLoadFlagOpaque;
  return load_flags;
}

std::size_t phase_offset(const Mat0& mat, std::size_t phase) {
  return kHeaderSize + prefix_size(mat.attributes.attr2) + phase * kPhaseSize;
}

std::size_t block_offset(const Mat0& mat, std::size_t block) {
  std::size_t offset = phase_offset(mat, mat.phases.size());
  for (std::size_t b = 0; b < block && b < mat.blocks.size(); ++b)
    offset += kBlockHeaderSize + mat.blocks[b].keys.size() * kKeySize;
  return offset;
}

std::size_t payload_size(const Mat0& mat) { return block_offset(mat, mat.blocks.size()); }

}  // namespace parkan::material
