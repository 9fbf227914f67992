// Sample models to model NRes bytes (see sample_model_builder.hpp).
#include "game/sample_model_builder.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "parkan/msh/anim.hpp"
#include "parkan/msh/math.hpp"
#include "parkan/msh/model.hpp"

namespace parkan::game {

namespace {

using msh::Vec3;

msh::Quat axis_angle(Vec3 axis, float angle) {  // [w, x, y, z], the usual Hamilton rotation
  float length = std::sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
  float s = std::sin(angle / 2.0f) / length;
  return {std::cos(angle / 2.0f), axis[0] * s, axis[1] * s, axis[2] * s};
}

msh::Quat product(const msh::Quat& a, const msh::Quat& b) {
  return {a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3], a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
          a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1], a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0]};
}

msh::RawQuat stored(const msh::Quat& rotation) {  // the engine's matrix rotates by conj(q)
  msh::Quat q = {rotation[0], -rotation[1], -rotation[2], -rotation[3]};
  if (q[0] < 0) q = {-q[0], -q[1], -q[2], -q[3]};
  return msh::quantize_quat(q).value();  // finite by construction
}

std::int8_t pack_normal(float v) { return static_cast<std::int8_t>(std::lround(std::clamp(v, -1.0f, 1.0f) * 127.0f)); }
std::int16_t pack_face(float v) {
  return static_cast<std::int16_t>(std::lround(std::clamp(v, -1.0f, 1.0f) * 32767.0f));
}

Vec3 transform(const msh::Mat4& m, const Vec3& p) {
  return {m[0] * p[0] + m[1] * p[1] + m[2] * p[2] + m[3], m[4] * p[0] + m[5] * p[1] + m[6] * p[2] + m[7],
          m[8] * p[0] + m[9] * p[1] + m[10] * p[2] + m[11]};
}

struct Box {
  Vec3 lo{std::numeric_limits<float>::max(), std::numeric_limits<float>::max(), std::numeric_limits<float>::max()};
  Vec3 hi{std::numeric_limits<float>::lowest(), std::numeric_limits<float>::lowest(),
          std::numeric_limits<float>::lowest()};
  void add(const Vec3& p) {
    for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], p[k]), hi[k] = std::max(hi[k], p[k]);
  }
  bool empty() const { return lo[0] > hi[0]; }
  Vec3 centre() const { return {(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2}; }
};

float distance(const Vec3& a, const Vec3& b) {
  return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

// A radius that contains every point even after float rounding of the comparisons.
float padded(float radius) { return radius * 1.0001f + 1e-4f; }

// One slot: batches, vertices, indices and triangle descriptors appended to the model.
Status append_slot(msh::Model& m, const mesh::SlotMesh& geometry, msh::Slot& slot) {
  if (m.triangles.size() > 0xFFFF || m.batches.size() > 0xFFFF)
    return invalid("sample model: more triangles or batches than a slot can address");
  slot.tri_start = static_cast<std::uint16_t>(m.triangles.size());
  slot.batch_start = static_cast<std::uint16_t>(m.batches.size());
  Box box;
  for (const mesh::Group& g : geometry.groups()) {
    if (g.indices.size() > 0xFFFF || g.vertices.size() > 0xFFFF)
      return invalid("sample model: a batch past 65535 indices or vertices");
    msh::Batch batch;
    batch.material = g.material;
    batch.index_start = static_cast<std::uint32_t>(m.indices.size());
    batch.index_count = static_cast<std::uint16_t>(g.indices.size());
    batch.base_vertex = static_cast<std::uint32_t>(m.positions.size());
    batch.w0E = static_cast<std::uint16_t>(g.vertices.size());  // PP: the vertex count of the draw
    m.batches.push_back(batch);
    for (const mesh::Vertex& v : g.vertices) {
      m.positions.push_back(v.pos);
      m.normals.push_back({{pack_normal(v.normal[0]), pack_normal(v.normal[1]), pack_normal(v.normal[2]), 0}});
      m.uv0.push_back(msh::encode_uv(v.u, v.v));
      box.add(v.pos);
    }
    m.indices.insert(m.indices.end(), g.indices.begin(), g.indices.end());
    for (std::size_t t = 0; t + 2 < g.indices.size(); t += 3) {
      const Vec3& a = g.vertices[g.indices[t]].pos;
      const Vec3& b = g.vertices[g.indices[t + 1]].pos;
      const Vec3& c = g.vertices[g.indices[t + 2]].pos;
      Vec3 e1 = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, e2 = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
      Vec3 n = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
      float length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
      if (length > 0) n = {n[0] / length, n[1] / length, n[2] / length};
      msh::TriangleDesc d;
      d.link = {0xFFFF, 0xFFFF, 0xFFFF};
      d.normal = {pack_face(n[0]), pack_face(n[1]), pack_face(n[2])};
      d.selectors = 0xFFFF;
      m.triangles.push_back(d);
    }
  }
  slot.tri_count = static_cast<std::uint16_t>(m.triangles.size() - slot.tri_start);
  slot.batch_count = static_cast<std::uint16_t>(m.batches.size() - slot.batch_start);
  if (box.empty()) box.add({0, 0, 0});  // a node without triangles here: point bounds at its origin
  slot.aabb_min = box.lo;
  slot.aabb_max = box.hi;
  slot.sphere_center = box.centre();
  float radius = 0;
  for (const mesh::Group& g : geometry.groups())
    for (const mesh::Vertex& v : g.vertices) radius = std::max(radius, distance(v.pos, slot.sphere_center));
  slot.sphere_radius = padded(radius);
  // ParkanPlayground's reading of the tail: XY footprint area and volume (the rest stays zero).
  float dx = box.hi[0] - box.lo[0], dy = box.hi[1] - box.lo[1], dz = box.hi[2] - box.lo[2];
  slot.tail[0] = std::bit_cast<std::uint32_t>(dx * dy);
  slot.tail[1] = std::bit_cast<std::uint32_t>(dx * dy * dz);
  return {};
}

// Model bounds over every node's geometry in every state and LOD, at every half frame of the
// timeline (docs/formats/msh.md 3): the box, and the sphere and vertical capsule around that box (they contain
// everything the box does; one pass over the vertices).
Status set_bounds(msh::Model& m, const SampleModel& spec) {
  PARKAN_ASSIGN(ByteBuffer bytes, msh::write_model(m));
  PARKAN_ASSIGN(msh::AnimStreams streams, msh::read_anim_streams(bytes));
  Box box;
  for (std::uint32_t frame = 0; frame < 2 * std::max(streams.frame_count, 1u); ++frame) {
    PARKAN_ASSIGN(std::vector<msh::Mat4> world, msh::world_matrices(streams, static_cast<float>(frame) / 2.0f));
    for (std::size_t n = 0; n < spec.nodes.size(); ++n)
      for (const auto& [slot, geometry] : spec.nodes[n].slots)
        for (const mesh::Group& g : geometry.groups())
          for (const mesh::Vertex& v : g.vertices) box.add(transform(world[n], v.pos));
  }
  if (box.empty()) box.add({0, 0, 0});
  const Vec3 &lo = box.lo, &hi = box.hi;
  m.bounds.corners = {Vec3{lo[0], lo[1], lo[2]}, {hi[0], lo[1], lo[2]}, {hi[0], hi[1], lo[2]}, {lo[0], hi[1], lo[2]},
                      {lo[0], lo[1], hi[2]},     {hi[0], lo[1], hi[2]}, {hi[0], hi[1], hi[2]}, {lo[0], hi[1], hi[2]}};
  Vec3 c = box.centre();
  m.bounds.sphere = {c[0], c[1], c[2], padded(distance(c, hi))};
  m.bounds.segment_bottom = {c[0], c[1], lo[2]};
  m.bounds.segment_top = {c[0], c[1], hi[2]};
  m.bounds.xy_radius = padded(std::hypot(hi[0] - c[0], hi[1] - c[1]));
  return {};
}

}  // namespace

msh::RawQuat node_rotation(msh::Vec3 axis, float angle) { return stored(axis_angle(axis, angle)); }

msh::RawQuat node_rotation_then(msh::Vec3 axis_a, float angle_a, msh::Vec3 axis_b, float angle_b) {
  return stored(product(axis_angle(axis_a, angle_a), axis_angle(axis_b, angle_b)));
}

std::vector<msh::AnimKey> sample_keys(std::uint32_t end, std::uint32_t step,
                                      const std::function<NodePoseAt(float frame)>& pose) {
  std::vector<msh::AnimKey> keys;
  for (std::uint32_t frame = 0; frame <= end; frame += step) {
    NodePoseAt at = pose(static_cast<float>(frame));
    msh::AnimKey key;
    key.time = static_cast<float>(frame);
    key.pos = at.pos;
    key.quat_raw = at.rotation;
    keys.push_back(key);
  }
  return keys;
}

Result<ByteBuffer> build_sample_model(const SampleModel& spec) {
  msh::Model m;
  msh::AnimTracks tracks;
  for (std::size_t i = 0; i < spec.nodes.size(); ++i) {
    const SampleNode& source = spec.nodes[i];
    msh::Node node = msh::make_node(source.parent);
    node.flags = source.flags;
    for (const auto& [key, geometry] : source.slots) {
      msh::Slot slot;
      PARKAN_TRY(append_slot(m, geometry, slot));
      node.slots[static_cast<std::size_t>(key.first)][static_cast<std::size_t>(key.second)] =
          static_cast<std::uint16_t>(m.slots.size());
      m.slots.push_back(slot);
    }
    m.nodes.push_back(node);
    m.node_strings.push_back(msh::NodeString{true, source.name, 0});

    msh::NodeAnimTrack track;
    track.node_index = static_cast<std::uint32_t>(i);
    track.has_map = !source.keys.empty();
    if (track.has_map) {
      track.keys = source.keys;
    } else {
      msh::AnimKey rest;
      rest.pos = source.pos;
      rest.quat_raw = source.rest;
      track.keys = {rest};
    }
    tracks.tracks.push_back(std::move(track));
  }
  PARKAN_TRY(msh::set_animation(m, tracks));
  PARKAN_TRY(set_bounds(m, spec));
  return msh::write_model(m);
}

}  // namespace parkan::game
