#pragma once
// The checks of one Texm payload (docs/formats/texm.md 3, 8.1; docs/formats/palettes.md 3): everything read() refuses, as
// an error with its rule code, and what loads but misbehaves in the engine, as warnings.
#include <string_view>
#include <vector>

#include "parkan/core/diagnostic.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::texm {

// `name` is the texture's entry name (its suffix picks the palette), empty for a bare file.
// Offsets are inside the payload.
std::vector<Diagnostic> check_texture(ByteView payload, std::string_view name);

}  // namespace parkan::texm
