#pragma once
// A model's WEAR table: `<stem>.wea` in the same library as the model (docs/formats/msh.md), read with the
// engine's file parser.
#include <string_view>

#include "parkan/msh/info_json.hpp"
#include "parkan/resource/archive.hpp"

namespace parkan::game {

// "walker.msh" -> "walker.wea" (cp1251 in, cp1251 out).
std::string wear_name_for_model(std::string_view model_entry_name);

// The table of `model_entry_name` in `library`, or why there is none ("not in the library", the
// parse error).
msh::WearSummary find_model_wear(const resource::Archive& library, std::string_view model_entry_name);

}  // namespace parkan::game
