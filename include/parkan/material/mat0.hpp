#pragma once
// MAT0 read, write and check (materials-texm.md 6.2, 12.2, 15.1).
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/material/finding.hpp"
#include "parkan/material/model.hpp"

namespace parkan::material {

// Parses a payload with its NRes attributes. Structural errors only (the engine could not load it):
// 20 or more animation blocks, a section outside the payload, trailing bytes.
Result<Mat0> read_mat0(ByteView payload, Mat0Attributes attributes);

// The payload bytes; byte-identical to the input of read_mat0 for an unmodified model. Fails only
// when the model cannot be stored (more than 19 blocks, a count above 65535).
Result<ByteBuffer> write_mat0(const Mat0& mat);

// The semantic rules (12.3): texture name without NUL, key phase index out of range, end times
// decreasing, a cycle of 0; warnings for unknown modes 4..7 and names the texture loader refuses.
std::vector<Finding> check_mat0(const Mat0& mat);
// The rules of one animation block (appended to `out`); the sampler refuses a block with an error.
void check_block(std::vector<Finding>& out, const Mat0& mat, std::size_t block);

}  // namespace parkan::material
