#pragma once
// The JSON forms of docs/cli.md 10.4: info, sample, blend and world. Floats are written in shortest
// round-trip form (float_for_json); frames as the engine's signed int (NodePose::signed_frame).
#include <cstdint>
#include <span>

#include <nlohmann/json.hpp>

#include "parkan/msh/anim_types.hpp"

namespace parkan::msh {

// "fallback", "key0", "key1", "interp" (docs/cli.md `anim sample --json` "path").
const char* sample_path_name(SamplePath path);

// `anim info --json`: node_count, frame_count, key_count, map_word_count, node_stride, legacy,
// nodes [{index, parent (null for a root), start_key, fallback_key, key_count, has_map, map_start
// (null without a map)}]; a legacy node table has no nodes and a "message".
nlohmann::json info_json(const AnimStreams& streams);

// `anim sample --json` of one node at one time: {"frame", "key", "path", "quat": [w, x, y, z], "pos": [x, y, z]}.
nlohmann::json pose_json(const NodePose& pose);

// One row of `anim sample`: node `node` sampled at `time` (in frames of the model's timeline).
struct NodeSample {
  float time = 0.0f;
  std::uint32_t node = 0;
  NodePose pose;
};
// `anim sample --all --time T --json`: {"time": T, "nodes": [pose_json + "node"]}.
nlohmann::json samples_at_time_json(float time, std::span<const NodeSample> samples);
// `anim sample --from A --to B --step S --json`: {"samples": [pose_json + "node" + "time"]}.
nlohmann::json sample_range_json(std::span<const NodeSample> samples);

// 16 floats in the engine's order (row-major, translation at 3, 7, 11).
nlohmann::json matrix_json(const Mat4& matrix);
// `anim blend --json`: {"matrix": [16 floats]}.
nlohmann::json blend_json(const Mat4& matrix);
// `anim world --json`: {"time": T, "matrices": [[16 floats] per node]}.
nlohmann::json world_json(float time, std::span<const Mat4> matrices);

}  // namespace parkan::msh
