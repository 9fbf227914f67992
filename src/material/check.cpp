// The semantic rules of a MAT0 (docs/formats/mat0.md 8.3, 5.5). A
// material that breaks them still loads; sampling a block that breaks them is an error result.
// The rule codes are listed in mat0.hpp.
#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/material/codes.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/sample.hpp"
#include "parkan/texm/palette.hpp"

namespace parkan::material {

namespace {

void check_phase(std::vector<Diagnostic>& out, const Mat0& mat, std::size_t p) {
  const Phase& phase = mat.phases[p];
  std::size_t field = phase_offset(mat, p) + kParamCount;
  if (phase.texture_name().size() == kTextureFieldSize)
    add_diagnostic(out, Severity::error, codes::kMat0PhaseTextureUnterminated, field,
                   fmt::format("phase {}: texture name has no NUL within 16 bytes", p));
  else if (phase.has_texture() && texm::palette_index_from_name(phase.texture_name()).bad_name)
    add_diagnostic(out, Severity::warning, codes::kMat0PhaseTextureName, field,
                   fmt::format("phase {}: texture name \"{}\" has no '.' within its first 17 characters (the "
                               "engine says \"Bad texture name.\")",
                               p, cp1251_to_utf8(phase.texture_name())));
}

}  // namespace

void check_block(std::vector<Diagnostic>& out, const Mat0& mat, std::size_t b) {
  const AnimBlock& block = mat.blocks[b];
  std::size_t at = block_offset(mat, b);
  if (block.mode() > 3)
    add_diagnostic(out, Severity::warning, codes::kMat0BlockMode, at,
                   fmt::format("animation block {}: unknown mode {} (sampled as loop)", b, block.mode()));
  if (block.mask() > kKnownMaskBits)
    add_diagnostic(out, Severity::warning, codes::kMat0BlockMask, at,
                   fmt::format("animation block {}: interpolation mask 0x{:x} has bits the engine ignores (known "
                               "0x1f)",
                               b, block.mask()));
  if (block.keys.empty()) {
    add_diagnostic(out, Severity::error, codes::kMat0BlockNoKeys, at + 4,
                   fmt::format("animation block {} has no keys (a cycle of 0)", b));
    return;
  }
  for (std::size_t k = 0; k < block.keys.size(); ++k) {
    const Key& key = block.keys[k];
    std::size_t key_at = at + kBlockHeaderSize + k * kKeySize;
    if (key.phase >= mat.phases.size())
      add_diagnostic(out, Severity::error, codes::kMat0BlockKeyPhase, key_at,
                     fmt::format("animation block {} key {}: phase index {} >= phase count {}", b, k, key.phase,
                                 mat.phases.size()));
    if (k > 0 && key.end_time < block.keys[k - 1].end_time)
      add_diagnostic(out, Severity::error, codes::kMat0BlockKeyOrder, key_at + 2,
                     fmt::format("animation block {} key {}: end time {} ms < previous end time {} ms", b, k,
                                 key.end_time, block.keys[k - 1].end_time));
  }
  if (block.keys.back().end_time == 0)
    add_diagnostic(out, Severity::error, codes::kMat0BlockCycle,
                   at + kBlockHeaderSize + (block.keys.size() - 1) * kKeySize + 2,
                   fmt::format("animation block {}: a cycle of 0 (the last key ends at 0 ms)", b));
}

std::vector<Diagnostic> check_mat0(const Mat0& mat) {
  std::vector<Diagnostic> out;
  for (std::size_t p = 0; p < mat.phases.size(); ++p) check_phase(out, mat, p);
  for (std::size_t b = 0; b < mat.blocks.size(); ++b) check_block(out, mat, b);
  return out;
}

}  // namespace parkan::material
