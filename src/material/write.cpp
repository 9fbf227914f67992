// Model to MAT0 payload: the exact inverse of read_mat0 (docs/formats/mat0.md 7.1).
#include <fmt/format.h>

#include "parkan/material/codes.hpp"
#include "parkan/material/mat0.hpp"

namespace parkan::material {

Result<ByteBuffer> write_mat0(const Mat0& mat) {
  if (mat.phases.size() > 0xFFFF)
    return invalid_rule(codes::kMat0PhasesCount, fmt::format("{} phases, at most 65535 fit", mat.phases.size()));
  if (mat.blocks.size() > kMaxAnimBlocks)
    return invalid_rule(codes::kMat0HeaderBlockCount, fmt::format("{} ({} animation blocks, at most {})",
                                                               kTooManyAnimations, mat.blocks.size(), kMaxAnimBlocks));
  for (std::size_t b = 0; b < mat.blocks.size(); ++b)
    if (mat.blocks[b].keys.size() > 0xFFFF)
      return invalid_rule(codes::kMat0BlockKeyCount, fmt::format("animation block {} has {} keys, at most 65535 fit", b,
                                                              mat.blocks[b].keys.size()));

  ByteWriter out(payload_size(mat));
  out.u16(static_cast<std::uint16_t>(mat.phases.size()));
  out.u16(static_cast<std::uint16_t>(mat.blocks.size()));
  std::uint32_t version = mat.attributes.attr2;
  if (version >= 2) {
    out.u8(mat.meta_a);
    out.u8(mat.meta_b);
  }
  if (version >= 3) out.u32(mat.meta_c);
  if (version >= 4) out.u32(mat.meta_d);
  for (const Phase& phase : mat.phases) {
    out.bytes(phase.params);
    out.bytes(phase.texture_field);
  }
  for (const AnimBlock& block : mat.blocks) {
    out.u32(block.header_raw);
    out.u16(static_cast<std::uint16_t>(block.keys.size()));
    for (const Key& key : block.keys) {
      out.u16(key.phase);
      out.u16(key.end_time);
      out.u16(key.k2);
    }
  }
  return out.take();
}

}  // namespace parkan::material
