// Small helpers of the model structs (docs/formats/msh.md 2-6): decoding of the packed fields, bitwise
// comparisons, stream lookup.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include <fmt/format.h>

#include "parkan/msh/model.hpp"

namespace parkan::msh {

Node make_node(std::uint16_t parent) {
  Node node;
  node.parent = parent;
  for (auto& state : node.slots) state.fill(kNoSlot);
  return node;
}

namespace {

template <class T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

}  // namespace

bool ModelBounds::operator==(const ModelBounds& other) const {
  return same_bits(corners, other.corners) && same_bits(sphere, other.sphere) &&
         same_bits(segment_bottom, other.segment_bottom) && same_bits(segment_top, other.segment_top) &&
         same_bits(xy_radius, other.xy_radius);
}

bool Slot::operator==(const Slot& other) const {
  return tri_start == other.tri_start && tri_count == other.tri_count && batch_start == other.batch_start &&
         batch_count == other.batch_count && same_bits(aabb_min, other.aabb_min) &&
         same_bits(aabb_max, other.aabb_max) && same_bits(sphere_center, other.sphere_center) &&
         same_bits(sphere_radius, other.sphere_radius) && same_bits(area, other.area) &&
         same_bits(box_volume, other.box_volume) && tail == other.tail;
}

bool PathNode::operator==(const PathNode& other) const {
  return same_bits(position, other.position) && place_flags == other.place_flags && frame_node == other.frame_node;
}

Vec3 decode_normal(const PackedNormal& n) {
  Vec3 out;
  for (std::size_t i = 0; i < 3; ++i) out[i] = std::clamp(float(n.v[i]) / kNormalScale, -1.0f, 1.0f);
  return out;
}

std::array<float, 2> decode_uv(const PackedUv& uv) { return {float(uv.u) / kUvScale, float(uv.v) / kUvScale}; }

namespace {

std::uint16_t encode_uv_component(float value) {
  if (std::isnan(value)) return 0;
  const double scaled = std::round(double(value) * double(kUvScale));
  return static_cast<std::uint16_t>(std::clamp(scaled, 0.0, double(std::numeric_limits<std::uint16_t>::max())));
}

}  // namespace

PackedUv encode_uv(float u, float v) { return {encode_uv_component(u), encode_uv_component(v)}; }

NodeNameRecord make_node_name(std::string_view name) {
  NodeNameRecord record{};
  std::copy_n(name.begin(), std::min(name.size(), record.size()), record.begin());
  return record;
}

std::string node_name_text(const NodeNameRecord& record) {
  const auto end = std::find(record.begin(), record.end(), '\0');
  return std::string(record.begin(), end);
}

std::string Model::node_name(std::size_t node) const {
  if (node < node_names.size() && node_names[node][0] != '\0') return node_name_text(node_names[node]);
  return fmt::format("node{}", node);
}

std::string Model::socket_prefix(std::size_t node) const {
  if (node < node_strings.size() && node_strings[node].present) return node_strings[node].text;
  return {};
}

bool Model::has_stream(std::uint32_t type_id) const { return stream(type_id) != nullptr; }

const StreamRow* Model::stream(std::uint32_t type_id) const {
  for (const StreamRow& row : streams)
    if (row.type_id == type_id) return &row;
  return nullptr;
}

}  // namespace parkan::msh
