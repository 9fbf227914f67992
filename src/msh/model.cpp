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
         same_bits(sphere_radius, other.sphere_radius) && tail == other.tail;
}

Vec3 decode_normal(const PackedNormal& n) {
  Vec3 out;
  for (std::size_t i = 0; i < 3; ++i) out[i] = std::clamp(float(n.v[i]) / kNormalScale, -1.0f, 1.0f);
  return out;
}

std::array<float, 2> decode_uv(const PackedUv& uv) { return {float(uv.u) / kUvScale, float(uv.v) / kUvScale}; }

namespace {

std::int16_t encode_uv_component(float value) {
  if (std::isnan(value)) return 0;
  const double scaled = std::round(double(value) * double(kUvScale));
  const double low = std::numeric_limits<std::int16_t>::min(), high = std::numeric_limits<std::int16_t>::max();
  return static_cast<std::int16_t>(std::clamp(scaled, low, high));
}

}  // namespace

PackedUv encode_uv(float u, float v) { return {encode_uv_component(u), encode_uv_component(v)}; }

std::string Model::node_name(std::size_t node) const {
  if (node < node_strings.size() && node_strings[node].present && !node_strings[node].text.empty())
    return node_strings[node].text;
  return fmt::format("node{}", node);
}

bool Model::has_stream(std::uint32_t type_id) const { return stream(type_id) != nullptr; }

const StreamRow* Model::stream(std::uint32_t type_id) const {
  for (const StreamRow& row : streams)
    if (row.type_id == type_id) return &row;
  return nullptr;
}

}  // namespace parkan::msh
