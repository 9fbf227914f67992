#pragma once
// A model's WEAR table: `<stem>.wea` in the same library as the model (docs/formats/msh.md), read with the
// engine's file parser.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/diagnostic.hpp"

#include "parkan/msh/info_json.hpp"
#include "parkan/resource/archive.hpp"

namespace parkan::validate {

// "walker.msh" -> "walker.wea" (cp1251 in, cp1251 out).
std::string wear_name_for_model(std::string_view model_entry_name);

// The table of `model_entry_name` in `library`, or why there is none ("not in the library", the
// parse error).
msh::WearSummary find_model_wear(const resource::Archive& library, std::string_view model_entry_name);

// What the check against the WEAR needs of a model: each batch's WEAR row (byte +4) and lightmap byte
// (+5), whether it has type 18, and where those lie in the model NRes (absent for a model built in
// code). `parkan validate` keeps this, not the model's bytes, until the WEAR beside it is known.
struct ModelWearUse {
  struct BatchBytes {
    std::uint8_t wear_row = 0;  // +0x04
    std::uint8_t lightmap = 0;  // +0x05
  };
  std::vector<BatchBytes> batches;
  std::optional<std::uint64_t> batches_offset;      // the batch stream (type 13)
  bool has_lightmap_uv = false;                     // type 18
  std::optional<std::uint64_t> lightmap_uv_offset;  // ... and where it lies
};
ModelWearUse model_wear_use(const msh::Model& model);

// The model against its WEAR (docs/formats/msh.md 12.1): every batch's WEAR row (byte +4) below the
// MATERIALS rows (msh.batch.wear_row, error); a lightmapped batch (+5 = 0x00) needs the LIGHTMAPS
// block (msh.batch.lightmap_wear, error); type 18 is present exactly when the WEAR has LIGHTMAPS
// (msh.lightmap_uv.wear, warning). Offsets are inside the model NRes when `model` was read from one.
// Nothing when the table was not found or did not read (that is the WEAR's own finding).
std::vector<Diagnostic> check_model_wear(const ModelWearUse& model, const msh::WearSummary& wear);
std::vector<Diagnostic> check_model_wear(const msh::Model& model, const msh::WearSummary& wear);

}  // namespace parkan::validate
