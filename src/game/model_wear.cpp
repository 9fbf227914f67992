// A model's WEAR table beside it (docs/formats/msh.md).
#include "parkan/game/model_wear.hpp"

#include "parkan/material/wear.hpp"

namespace parkan::game {

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
  return summary;
}

}  // namespace parkan::game
