#pragma once
// MAT0 read, write and check (docs/formats/mat0.md 3, 3.5, 7.1).
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/material/model.hpp"

namespace parkan::material {

// Parses a payload with its NRes attributes. Structural errors only (the engine could not load it),
// each with its rule code (Error::rule):
//   mat0.header.size         fewer than the 4 header bytes
//   mat0.header.block_count  20 or more animation blocks ("Too many animations for material.")
//   mat0.prefix.size         the version prefix of attr2 does not fit
//   mat0.phases.size         the phase table extends past the end
//   mat0.block.header_size   an animation block header extends past the end
//   mat0.block.keys_size     an animation block's keys extend past the end
//   mat0.payload.trailing    bytes after the last section
Result<Mat0> read_mat0(ByteView payload, Mat0Attributes attributes);

// The payload bytes; byte-identical to the input of read_mat0 for an unmodified model. Fails only
// when the model cannot be stored: mat0.phases.count (more than 65535 phases),
// mat0.header.block_count (more than 19 blocks), mat0.block.key_count (more than 65535 keys).
Result<ByteBuffer> write_mat0(const Mat0& mat);

// The semantic rules (docs/formats/mat0.md 8.3); offsets are inside the payload. Errors:
//   mat0.phase.texture_unterminated  a texture field without a NUL within its 16 bytes
//   mat0.block.no_keys               an animation block without keys (a cycle of 0)
//   mat0.block.key_phase             a key's phase index outside the phase table
//   mat0.block.key_order             a key ends before the previous one
//   mat0.block.cycle                 the last key ends at 0 (a cycle of 0)
// Warnings:
//   mat0.phase.texture_name          a name the texture loader refuses ("Bad texture name.")
//   mat0.block.mode                  modes 4..7 (sampled as loop)
//   mat0.block.mask                  interpolation mask bits above 0x1f (the engine ignores them)
std::vector<Diagnostic> check_mat0(const Mat0& mat);
// The rules of one animation block (appended to `out`); the sampler refuses a block with an error.
void check_block(std::vector<Diagnostic>& out, const Mat0& mat, std::size_t block);

}  // namespace parkan::material
