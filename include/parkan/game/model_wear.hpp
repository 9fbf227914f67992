#pragma once
// A model's WEAR table: `<stem>.wea` in the same library as the model (docs/formats/msh.md), read with the
// engine's file parser.
#include <string_view>
#include <vector>

#include "parkan/core/diagnostic.hpp"

#include "parkan/msh/info_json.hpp"
#include "parkan/resource/archive.hpp"

namespace parkan::game {

// "walker.msh" -> "walker.wea" (cp1251 in, cp1251 out).
std::string wear_name_for_model(std::string_view model_entry_name);

// The table of `model_entry_name` in `library`, or why there is none ("not in the library", the
// parse error).
msh::WearSummary find_model_wear(const resource::Archive& library, std::string_view model_entry_name);

// The model against its WEAR (docs/formats/msh.md 12.1): every batch's WEAR row (byte +4) below the
// MATERIALS rows (msh.batch.wear_row, error); a lightmapped batch (+5 = 0x00) needs the LIGHTMAPS
// block (msh.batch.lightmap_wear, error); type 18 is present exactly when the WEAR has LIGHTMAPS
// (msh.lightmap_uv.wear, warning). Offsets are inside the model NRes when `model` was read from one.
// Nothing when the table was not found or did not read (that is the WEAR's own finding).
std::vector<Diagnostic> check_model_wear(const msh::Model& model, const msh::WearSummary& wear);

}  // namespace parkan::game
