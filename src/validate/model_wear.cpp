// A model's WEAR table beside it, and the model checked against it (docs/formats/msh.md 12.1).
#include "parkan/msh/codes.hpp"
#include "parkan/validate/model_wear.hpp"

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::validate {

namespace {

// Batch20 fields (docs/formats/msh.md 5.1).
constexpr std::size_t kBatchWearRowOffset = 0x04;
constexpr std::size_t kBatchLightmapOffset = 0x05;

}  // namespace

std::string wear_name_for_model(std::string_view model_entry_name) {
  std::string stem(model_entry_name);
  if (const std::size_t dot = stem.rfind('.'); dot != std::string::npos) stem.resize(dot);
  return stem + ".wea";
}

msh::WearSummary find_model_wear(const resource::Archive& library, std::string_view model_entry_name) {
  msh::WearSummary summary;
  summary.name = wear_name_for_model(model_entry_name);
  const std::optional<std::size_t> index = library.find(summary.name);
  if (!index) {
    summary.problem = "not in the library";
    return summary;
  }
  auto payload = library.payload(*index);
  if (!payload) {
    summary.problem = payload.error().to_string();
    return summary;
  }
  auto wear = material::parse_wear(payload->bytes(), material::WearParser::file);
  if (!wear) {
    summary.problem = wear.error().message;
    return summary;
  }
  std::vector<std::string> names;
  names.reserve(wear->materials.size());
  for (const material::WearRow& row : wear->materials) names.push_back(row.name);
  summary.material_names = std::move(names);
  summary.has_lightmaps = wear->has_lightmaps;
  return summary;
}

namespace {

// Where the first stream of `type_id` lies in the model NRes, when the model was read from one.
std::optional<std::uint64_t> stream_offset(const msh::Model& model, std::uint32_t type_id) {
  if (model.container.empty()) return std::nullopt;
  auto archive = nres::read(model.container, nres::Profile::compatible);
  if (!archive) return std::nullopt;
  for (const nres::Entry& entry : archive->entries)
    if (entry.type_id == type_id) return entry.data_offset;
  return std::nullopt;
}

}  // namespace

ModelWearUse model_wear_use(const msh::Model& model) {
  ModelWearUse use;
  use.batches.reserve(model.batches.size());
  for (const msh::Batch& batch : model.batches) use.batches.push_back({batch.wear_row, batch.lightmap});
  use.batches_offset = stream_offset(model, msh::kBatchesType);
  use.has_lightmap_uv = model.has_stream(msh::kLightmapUvType) || !model.lightmap_uv.empty();
  use.lightmap_uv_offset = stream_offset(model, msh::kLightmapUvType);
  return use;
}

std::vector<Diagnostic> check_model_wear(const ModelWearUse& model, const msh::WearSummary& wear) {
  std::vector<Diagnostic> found;
  if (!wear.material_names) return found;
  const std::size_t rows = wear.material_names->size();
  const auto batch_field = [&](std::size_t batch, std::size_t field) -> std::optional<std::uint64_t> {
    if (!model.batches_offset) return std::nullopt;
    return *model.batches_offset + batch * msh::kBatchStride + field;
  };
  const std::string name = escape_control(cp1251_to_utf8(wear.name));
  for (std::size_t b = 0; b < model.batches.size(); ++b) {
    const ModelWearUse::BatchBytes& batch = model.batches[b];
    if (batch.wear_row >= rows)
      add_diagnostic(found, Severity::error, msh::codes::kBatchWearRow, batch_field(b, kBatchWearRowOffset),
                     fmt::format("batch {}: WEAR row {} (byte +4) is past the {} MATERIALS rows of {} "
                                 "(docs/formats/msh.md 12.1)",
                                 b, batch.wear_row, rows, name));
    if (batch.lightmap == msh::kBatchLightmapped && !wear.has_lightmaps)
      add_diagnostic(found, Severity::error, msh::codes::kBatchLightmapWear, batch_field(b, kBatchLightmapOffset),
                     fmt::format("batch {}: lightmapped (+5 = 0x00) but {} has no LIGHTMAPS block "
                                 "(docs/formats/msh.md 12.1)",
                                 b, name));
  }
  if (model.has_lightmap_uv != wear.has_lightmaps)
    add_diagnostic(found, Severity::warning, msh::codes::kLightmapUvWear, model.lightmap_uv_offset,
                   fmt::format("{} (docs/formats/msh.md 4.3: type 18 exactly where the WEAR has LIGHTMAPS)",
                               model.has_lightmap_uv
                                   ? fmt::format("type 18 lightmap UVs, but {} has no LIGHTMAPS block", name)
                                   : fmt::format("{} has LIGHTMAPS, but the model has no type 18 lightmap UVs", name)));
  return found;
}

std::vector<Diagnostic> check_model_wear(const msh::Model& model, const msh::WearSummary& wear) {
  return check_model_wear(model_wear_use(model), wear);
}

}  // namespace parkan::validate
