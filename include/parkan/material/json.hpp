#pragma once
// The editable text form of a MAT0 (docs/cli.md 3.8) and the JSON of runtime records.
//
// The text form carries each stored value once, in the form a person edits, and `mat0 build` reads
// every field it carries (an unknown field is an error, never ignored):
//
//   {"format": "MAT0",
//    "attr2": 6,                                   payload version (which prefix values are stored)
//    "runtime_flags": {                            attr1, bit by bit (docs/formats/mat0.md 2)
//      "texture_flag": true,                       bit 0: the phases' textures load with flag 0x200000
//      "flag_a": false,                            bit 1
//      "pipeline": "SRC_ALPHA/INV_SRC_ALPHA",      bits 2..5: the blend of categories 0..4 (categories
//                                                  1..4 also enable the alpha test GREATER_EQUAL), or
//                                                  the category number 0..15 (5..15 have no pipeline)
//      "flag_b": false,                            bit 6
//      "other_bits": 0},                           bits 7..31 (the engine does not read them)
//    "prefix": {                                   only the values attr2 stores (docs/formats/mat0.md 3.2):
//      "ground_class": 255,                        metaA, from version 2: ground surface class 0..10, 255 unset
//      "meta_b": 255,                              metaB, from version 2 (255 on every retail material)
//      "speed_factor": 1.0,                        metaC, from version 3: a float
//      "damage_rate": 0},                          metaD, from version 4: damage per second on that ground
//    "phases": [{                                  a D3DMATERIAL7 (docs/formats/mat0.md 4.1), bytes 0..255:
//      "texture": "GRASS.0",                       "" for none
//      "ambient": [p0, p1, p2],                    runtime p / 255; sent as device emissive + scene colour
//      "ambient_alpha": p3,                        percent (runtime p3 * 0.01), the device diffuse alpha
//      "diffuse": [p4, p5, p6], "diffuse_alpha_unused": p7,
//      "specular": [p8, p9, p10], "specular_alpha_unused": p11,
//      "emissive": [p12..p15],                     p7, p11, p12..p15 never reach the device
//      "power_log2": p16,                          specular power = 1 << p16
//      "page_cell": p17}],                         signed: Page rectangle p17 of the texture, -1 the whole
//    "blocks": [{
//      "mode": "loop",                             loop, ping-pong, one-shot, random, or 0..7
//      "interpolate": ["ambient", "ambient_alpha"], the groups blended between keys: ambient (p0..p2),
//                                                  diffuse (p4..p6), specular (p8..p10),
//                                                  emissive[0..2] (p12..p14), ambient_alpha (p3)
//      "keys": [{"phase": 0, "end_time": 250, "k2": 0}]}]}   end_time in ms; k2 is kept, unused
//
// Where the readable form cannot hold a value exactly, the raw form is written for that value only:
// "texture_field" (32 hex digits: the whole 16-byte field) when the field has bytes after the NUL,
// no NUL, or bytes that do not survive cp1251; "speed_factor_bits" (the uint32) when the speed factor is
// NaN or infinite; "mask" (the whole interpolation mask) when it has bits above 0x1f. Build also accepts
// "attr1" for runtime_flags and "params" (18 bytes) for the named phase bytes, and the names of the
// earlier text form: additive_rgb (p0..p2), opacity (p3), directional (p4..p7), specular of four
// (p8..p11), extra (p12..p15), power (p16), page (p17); meta_a, meta_c, meta_c_bits, meta_d; the
// interpolation names additive_rgb, directional[0..2], specular[0..2], extra[0..2], opacity. A value
// given in two forms that disagree is an error naming both fields.
//
// A text that is not JSON is refused by core's parse_json_text (json.syntax, with line and column).
// Errors of mat0_from_json name the JSON path ("phases[2].ambient[1]: ..."), with rule codes:
//   mat0.text.format         not an object, or "format" is not "MAT0"
//   mat0.text.missing        a required field is missing
//   mat0.text.value          a value of the wrong type, out of range, or an unknown name
//   mat0.text.unknown_field  a field the text form does not have
//   mat0.text.conflict       a value given in two forms that disagree
//   mat0.text.not_stored     a prefix value that attr2 does not store, different from the default
//   mat0.text.texture        a texture name that does not fit the 16-byte field
//   mat0.header.block_count, mat0.phases.count   counts the payload cannot hold
#include <string_view>

#include <nlohmann/json.hpp>

#include "parkan/material/model.hpp"
#include "parkan/material/phase_record.hpp"
#include "parkan/material/sample.hpp"
#include "parkan/material/wear.hpp"

namespace parkan::material {

// (nlohmann::json, keys sorted: ordered_json of nlohmann 3.11.2 trips ASan new-delete-type-mismatch.)
nlohmann::json mat0_to_json(const Mat0& mat);
// The text form as a person reads it: nlohmann's two-space layout, except that an array of numbers
// ("ambient": [0.5, 0.5, 0.5]) stays on one line. Still JSON, read back by mat0_from_json. No
// final newline.
std::string mat0_text(const nlohmann::json& doc);
Result<Mat0> mat0_from_json(const nlohmann::json& doc);

// docs/cli.md 2.6: {"f": [16 floats], "u16": N, "i18": N, "texture": "NAME.0"}.
nlohmann::json record_to_json(const PhaseRecord& record, std::string_view texture_name);
// docs/cli.md 2.7: {"key", "next", "alpha", "start_time", "phase"}.
nlohmann::json sample_to_json(const Selection& selection, std::uint32_t start_time, const PhaseRecord& record,
                              std::string_view texture_name);

std::string_view mode_name(std::uint32_t mode);

// docs/cli.md 2.9: {"materials": [{"legacy_id", "name"}], "lightmaps": [...], "has_lightmaps_block"}.
nlohmann::json wear_to_json(const Wear& wear);  // "loop", "ping-pong", "one-shot", "random", "unknown"

}  // namespace parkan::material
