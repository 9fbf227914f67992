#pragma once
// `msh info --json` (docs/cli.md 10.5): a model's streams, nodes, slots, counts and batches, with
// each batch's material named through the model's WEAR table when it has one.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "parkan/msh/model.hpp"

namespace parkan::msh {

// The model's WEAR table as info shows it. The material layer parses WEAR; msh sees only the names.
struct WearSummary {
  std::string name;                                        // "<stem>.wea" as stored (cp1251)
  std::optional<std::vector<std::string>> material_names;  // cp1251, when the table was found and read
  std::optional<std::string> problem;                      // why not: not found, or the parse error
  bool has_lightmaps = false;                              // the table has a LIGHTMAPS block
};

// The stored size of every stream (typed streams keep their bytes in the container, not the row).
std::vector<std::size_t> stream_sizes(const Model& model);

// The batch's material name through the WEAR table (UTF-8), or nullopt (no table, row past it).
std::optional<std::string> batch_material_name(const WearSummary* wear, std::uint16_t wear_row);

// {"model", "kind", "node_table", "streams", "nodes", "slots", "counts", "lightmap_uv", "path_graph",
// "batches", "wear"} (docs/cli.md 2.10); `wear` is null for a model that is a bare file (no library to
// hold a table).
nlohmann::json model_info_json(const Model& model, std::string_view display_name, const WearSummary* wear);

}  // namespace parkan::msh
