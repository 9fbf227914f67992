// MAT0 payload to model (docs/formats/mat0.md 3, 3.5). Every count is checked against the bytes
// that are actually there before anything is allocated from it.
#include <algorithm>

#include <fmt/format.h>

#include "parkan/material/codes.hpp"
#include "parkan/material/mat0.hpp"

namespace parkan::material {

Result<Mat0> read_mat0(ByteView payload, Mat0Attributes attributes) {
  Mat0 mat;
  mat.attributes = attributes;
  if (payload.size() < kHeaderSize)
    return invalid_rule(codes::kMat0HeaderSize,
                        fmt::format("MAT0 header needs 4 bytes, the payload has {}", payload.size()), 0);
  std::size_t phase_count = load_u16(payload.data());
  std::size_t block_count = load_u16(payload.data() + 2);
  if (block_count > kMaxAnimBlocks)
    return invalid_rule(
        codes::kMat0HeaderBlockCount,
        fmt::format("{} ({} animation blocks, at most {})", kTooManyAnimations, block_count, kMaxAnimBlocks), 2);

  std::size_t cur = kHeaderSize;
  std::size_t prefix = prefix_size(attributes.attr2);
  if (!range_fits(cur, prefix, payload.size()))
    return invalid_rule(codes::kMat0PrefixSize,
                        fmt::format("version prefix of attr2 {} needs {} bytes, {} left", attributes.attr2, prefix,
                                    payload.size() - cur),
                        cur);
  if (attributes.attr2 >= 2) {
    mat.meta_a = payload[cur];
    mat.meta_b = payload[cur + 1];
  }
  if (attributes.attr2 >= 3) mat.meta_c = load_u32(payload.data() + cur + 2);
  if (attributes.attr2 >= 4) mat.meta_d = load_u32(payload.data() + cur + 6);
  cur += prefix;

  if (!range_fits(cur, phase_count * kPhaseSize, payload.size()))
    return invalid_rule(codes::kMat0PhasesSize,
                        fmt::format("phase table ({} phases of 34 bytes) extends past the end of the payload "
                                    "({} bytes left)",
                                    phase_count, payload.size() - cur),
                        cur);
  mat.phases.resize(phase_count);
  for (Phase& phase : mat.phases) {
    std::copy_n(payload.data() + cur, kParamCount, phase.params.begin());
    std::copy_n(payload.data() + cur + kParamCount, kTextureFieldSize, phase.texture_field.begin());
    cur += kPhaseSize;
  }

  mat.blocks.resize(block_count);
  for (std::size_t b = 0; b < block_count; ++b) {
    AnimBlock& block = mat.blocks[b];
    if (!range_fits(cur, kBlockHeaderSize, payload.size()))
      return invalid_rule(codes::kMat0BlockHeaderSize,
                          fmt::format("animation block {} header (6 bytes) extends past the end of the payload "
                                      "({} bytes left)",
                                      b, payload.size() - cur),
                          cur);
    block.header_raw = load_u32(payload.data() + cur);
    std::size_t key_count = load_u16(payload.data() + cur + 4);
    cur += kBlockHeaderSize;
    if (!range_fits(cur, key_count * kKeySize, payload.size()))
      return invalid_rule(codes::kMat0BlockKeysSize,
                          fmt::format("animation block {} keys ({} keys of 6 bytes) extend past the end of the "
                                      "payload ({} bytes left)",
                                      b, key_count, payload.size() - cur),
                          cur);
    block.keys.resize(key_count);
    for (Key& key : block.keys) {
      key.phase = load_u16(payload.data() + cur);
      key.end_time = load_u16(payload.data() + cur + 2);
      key.k2 = load_u16(payload.data() + cur + 4);
      cur += kKeySize;
    }
  }
  if (cur != payload.size())
    return invalid_rule(codes::kMat0PayloadTrailing,
                        fmt::format("{} trailing bytes after the last section", payload.size() - cur), cur);
  return mat;
}

}  // namespace parkan::material
