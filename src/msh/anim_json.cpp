// JSON views of the animation streams and of the sampler (docs/cli.md 10.4).
#include "parkan/msh/anim_json.hpp"

#include "parkan/core/text.hpp"
#include "parkan/msh/anim.hpp"

namespace parkan::msh {

namespace {

template <std::size_t N>
nlohmann::json float_array(const std::array<float, N>& values) {
  nlohmann::json out = nlohmann::json::array();
  for (float v : values) out.push_back(float_for_json(v));
  return out;
}

template <class T>
nlohmann::json or_null(const std::optional<T>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

}  // namespace

const char* sample_path_name(SamplePath path) {
  switch (path) {
    case SamplePath::fallback: return "fallback";
    case SamplePath::key0: return "key0";
    case SamplePath::key1: return "key1";
    case SamplePath::interp: return "interp";
  }
  return "interp";
}

nlohmann::json info_json(const AnimStreams& s) {
  const bool legacy = s.layout == NodeLayout::legacy24;
  nlohmann::json nodes = nlohmann::json::array();
  for (const TrackSummary& r : track_summaries(s))
    nodes.push_back({{"index", r.node}, {"parent", or_null(r.parent)}, {"start_key", r.start_key},
                     {"fallback_key", r.fallback_key}, {"key_count", r.key_count},
                     {"has_map", r.map_start.has_value()}, {"map_start", or_null(r.map_start)}});
  nlohmann::json doc = {{"node_count", s.node_count}, {"frame_count", s.frame_count}, {"key_count", s.key_count},
                        {"map_word_count", s.word_count},
                        {"node_stride", legacy ? kLegacyNodeStride : kNodeStride},
                        {"legacy", legacy}, {"nodes", nodes}};
  if (legacy) doc["message"] = "legacy node table, not sampled";
  return doc;
}

nlohmann::json pose_json(const NodePose& pose) {
  return {{"frame", pose.signed_frame()}, {"key", pose.key}, {"path", sample_path_name(pose.path)},
          {"quat", float_array(pose.quat)}, {"pos", float_array(pose.pos)}};
}

nlohmann::json samples_at_time_json(float time, std::span<const NodeSample> samples) {
  nlohmann::json list = nlohmann::json::array();
  for (const NodeSample& r : samples) {
    nlohmann::json j = pose_json(r.pose);
    j["node"] = r.node;
    list.push_back(std::move(j));
  }
  return {{"time", float_for_json(time)}, {"nodes", std::move(list)}};
}

nlohmann::json sample_range_json(std::span<const NodeSample> samples) {
  nlohmann::json list = nlohmann::json::array();
  for (const NodeSample& r : samples) {
    nlohmann::json j = pose_json(r.pose);
    j["node"] = r.node;
    j["time"] = float_for_json(r.time);
    list.push_back(std::move(j));
  }
  return {{"samples", std::move(list)}};
}

nlohmann::json matrix_json(const Mat4& matrix) { return float_array(matrix); }

nlohmann::json blend_json(const Mat4& matrix) { return {{"matrix", matrix_json(matrix)}}; }

nlohmann::json world_json(float time, std::span<const Mat4> matrices) {
  nlohmann::json list = nlohmann::json::array();
  for (const Mat4& m : matrices) list.push_back(matrix_json(m));
  return {{"time", float_for_json(time)}, {"matrices", std::move(list)}};
}

}  // namespace parkan::msh
