// The semantic rules of a MAT0 (materials-texm.md 12.2-12.3, decisions.md "phase selection"). A
// material that breaks them still loads; sampling a block that breaks them is an error result.
#include <fmt/format.h>

#include "parkan/material/mat0.hpp"
#include "parkan/material/sample.hpp"
#include "parkan/texm/palette.hpp"

namespace parkan::material {

namespace {

void add(std::vector<Finding>& out, Severity severity, std::string message, std::size_t offset) {
  out.push_back({severity, invalid(std::move(message), offset)});
}

void check_phase(std::vector<Finding>& out, const Mat0& mat, std::size_t p) {
  const Phase& phase = mat.phases[p];
  std::size_t field = phase_offset(mat, p) + kParamCount;
  if (phase.texture_name().size() == kTextureFieldSize)
    add(out, Severity::error, fmt::format("phase {}: texture name has no NUL within 16 bytes", p), field);
  else if (phase.has_texture() && texm::palette_index_from_name(phase.texture_name()).bad_name)
    add(out, Severity::warning,
        fmt::format("phase {}: texture name \"{}\" has no '.' within its first 17 characters (the engine "
                    "says \"Bad texture name.\")",
                    p, phase.texture_name()),
        field);
}

}  // namespace

void check_block(std::vector<Finding>& out, const Mat0& mat, std::size_t b) {
  const AnimBlock& block = mat.blocks[b];
  std::size_t at = block_offset(mat, b);
  if (block.mode() > 3)
    add(out, Severity::warning, fmt::format("animation block {}: unknown mode {} (sampled as loop)", b, block.mode()),
        at);
  if (block.mask() > kKnownMaskBits)
    add(out, Severity::warning,
        fmt::format("animation block {}: interpolation mask 0x{:x} has bits the engine ignores (known 0x1f)", b,
                    block.mask()),
        at);
  if (block.keys.empty()) {
    add(out, Severity::error, fmt::format("animation block {} has no keys (a cycle of 0)", b), at + 4);
    return;
  }
  for (std::size_t k = 0; k < block.keys.size(); ++k) {
    const Key& key = block.keys[k];
    std::size_t key_at = at + kBlockHeaderSize + k * kKeySize;
    if (key.phase >= mat.phases.size())
      add(out, Severity::error,
          fmt::format("animation block {} key {}: phase index {} >= phase count {}", b, k, key.phase,
                      mat.phases.size()),
          key_at);
    if (k > 0 && key.end_time < block.keys[k - 1].end_time)
      add(out, Severity::error,
          fmt::format("animation block {} key {}: end time {} < previous end time {}", b, k, key.end_time,
                      block.keys[k - 1].end_time),
          key_at + 2);
  }
  if (block.keys.back().end_time == 0)
    add(out, Severity::error, fmt::format("animation block {}: a cycle of 0 (the last key ends at 0)", b),
        at + kBlockHeaderSize + (block.keys.size() - 1) * kKeySize + 2);
}

std::vector<Finding> check_mat0(const Mat0& mat) {
  std::vector<Finding> out;
  for (std::size_t p = 0; p < mat.phases.size(); ++p) check_phase(out, mat, p);
  for (std::size_t b = 0; b < mat.blocks.size(); ++b) check_block(out, mat, b);
  return out;
}

}  // namespace parkan::material
