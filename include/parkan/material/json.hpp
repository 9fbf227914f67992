#pragma once
// The editable text form of a MAT0 (cli.md "mat0 dump"/"mat0 build") and the JSON of runtime records.
// Raw bytes are authoritative; decoded values are shown beside them and ignored when building, except
// two edits that are easier by meaning: `texture` (a new name replaces the field when it differs from
// the field's name) and `mode` + `mask` (they make header_raw; header_raw alone is also accepted).
#include <nlohmann/json.hpp>

#include "parkan/material/model.hpp"
#include "parkan/material/phase_record.hpp"
#include "parkan/material/sample.hpp"

namespace parkan::material {

// (nlohmann::json, keys sorted: ordered_json of nlohmann 3.11.2 trips ASan new-delete-type-mismatch.)
nlohmann::json mat0_to_json(const Mat0& mat);
// Errors name the JSON path ("phases[2].params[5]: ...").
Result<Mat0> mat0_from_json(const nlohmann::json& doc);

// cli.md "mat0 phases": {"f": [16 floats], "u16": N, "i18": N, "texture": "NAME.0"}.
nlohmann::json record_to_json(const PhaseRecord& record, std::string_view texture_name);
// cli.md "mat0 sample": {"key", "next", "alpha", "start_time", "phase"}.
nlohmann::json sample_to_json(const Selection& selection, std::uint32_t start_time, const PhaseRecord& record,
                              std::string_view texture_name);

std::string_view mode_name(std::uint32_t mode);  // "loop", "ping-pong", "one-shot", "random", "unknown"

}  // namespace parkan::material
