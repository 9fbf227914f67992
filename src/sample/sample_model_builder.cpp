// Sample models to model NRes bytes (see sample_model_builder.hpp).
#include "sample/sample_model_builder.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "parkan/msh/anim.hpp"
#include "parkan/msh/math.hpp"
#include "parkan/msh/model.hpp"

namespace parkan::sample {

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

// Twin edges of type 7 (docs/formats/msh.md 6.1): edge k of a triangle runs from corner k to corner
// k + 1; its twin is the edge of another triangle of the same slot that runs between the same two
// positions the other way. link[k] names that triangle, selector bits 2k..2k+1 its edge; an open edge
// keeps 0xFFFF and code 3.
void link_twin_edges(msh::Model& m, std::size_t first_triangle, const std::vector<std::array<Vec3, 3>>& corners) {
  using Key = std::array<std::uint32_t, 6>;
  auto key = [](const Vec3& a, const Vec3& b) {
    return Key{std::bit_cast<std::uint32_t>(a[0]), std::bit_cast<std::uint32_t>(a[1]), std::bit_cast<std::uint32_t>(a[2]),
               std::bit_cast<std::uint32_t>(b[0]), std::bit_cast<std::uint32_t>(b[1]), std::bit_cast<std::uint32_t>(b[2])};
  };
  std::map<Key, std::vector<std::pair<std::size_t, unsigned>>> open;  // directed edge -> unmatched (triangle, edge)
  for (std::size_t t = 0; t < corners.size(); ++t) {
    msh::TriangleDesc& d = m.triangles[first_triangle + t];
    for (unsigned k = 0; k < 3; ++k) {
      const Vec3 &a = corners[t][k], &b = corners[t][(k + 1) % 3];
      if (a == b) continue;
      auto twin = open.find(key(b, a));
      if (twin != open.end() && !twin->second.empty()) {
        auto [u, j] = twin->second.back();
        twin->second.pop_back();
        msh::TriangleDesc& e = m.triangles[first_triangle + u];
        d.link[k] = static_cast<std::uint16_t>(first_triangle + u);
        e.link[j] = static_cast<std::uint16_t>(first_triangle + t);
        d.selectors = static_cast<std::uint16_t>((d.selectors & ~(3u << (2 * k))) | (j << (2 * k)));
        e.selectors = static_cast<std::uint16_t>((e.selectors & ~(3u << (2 * j))) | (k << (2 * j)));
      } else {
        open[key(a, b)].emplace_back(t, k);
      }
    }
  }
}

// Where a lightmapped model's lit vertices fall on its lightmap page: the page in four cells, faces
// along Z (x, y), along X (y, z), along Y (x, z) and the interior nodes' faces (x, y), each mapping the
// model's box of lit geometry; the whole inset by half a texel, as the retail atlases are
// (retail-evidence: type 18 tops out at round((1 - 0.5 / width) * 1024)).
struct LightmapAtlas {
  Vec3 lo{}, hi{};
  float inset = 0;
  std::array<float, 2> at(const Vec3& p, const Vec3& n, bool interior) const {
    auto t = [&](std::size_t k) { return hi[k] > lo[k] ? (p[k] - lo[k]) / (hi[k] - lo[k]) : 0.0f; };
    float ax = std::fabs(n[0]), ay = std::fabs(n[1]), az = std::fabs(n[2]);
    float cu = 0, cv = 0, u = 0, v = 0;
    if (interior) cu = 0.5f, cv = 0.5f, u = t(0), v = t(1);
    else if (az >= ax && az >= ay) u = t(0), v = t(1);
    else if (ax >= ay) cu = 0.5f, u = t(1), v = t(2);
    else cv = 0.5f, u = t(0), v = t(2);
    auto page = [&](float c) { return inset + std::clamp(c, 0.0f, 1.0f) * (1.0f - 2.0f * inset); };
    return {page(cu + 0.5f * u), page(cv + 0.5f * (1.0f - v))};
  }
};

struct SlotContext {
  const SampleModel* model = nullptr;
  const LightmapAtlas* atlas = nullptr;  // null: the model is not lightmapped
  bool interior = false;                 // the node's flags carry kNodeInterior
};

// One slot: batches, vertices, indices and triangle descriptors appended to the model.
Status append_slot(msh::Model& m, const mesh::SlotMesh& geometry, const SlotContext& context, msh::Slot& slot) {
  if (m.triangles.size() > 0xFFFF || m.batches.size() > 0xFFFF)
    return invalid("sample model: more triangles or batches than a slot can address");
  slot.tri_start = static_cast<std::uint16_t>(m.triangles.size());
  slot.batch_start = static_cast<std::uint16_t>(m.batches.size());
  Box box;
  float area = 0;
  std::vector<std::array<Vec3, 3>> corners;
  for (const mesh::Group& g : geometry.groups()) {
    if (g.indices.size() > 0xFFFF || g.vertices.size() > 0xFFFF || g.material > 0xFF)
      return invalid("sample model: a batch past 65535 indices or vertices, or a WEAR row past 255");
    const bool lit = context.atlas && g.material < 32 && (context.model->lit_rows >> g.material & 1u) != 0;
    msh::Batch batch;
    batch.wear_row = static_cast<std::uint8_t>(g.material);
    if (auto word = context.model->row_words.find(g.material); word != context.model->row_words.end())
      batch.word |= word->second;
    if (lit) batch.word |= msh::kBatchWordLightmapped, batch.lightmap = msh::kBatchLightmapped;
    if (g.style.room != msh::kNoRoom) batch.word |= msh::kBatchWordPortal, batch.room = g.style.room;
    batch.index_start = static_cast<std::uint32_t>(m.indices.size());
    batch.index_count = static_cast<std::uint16_t>(g.indices.size());
    batch.base_vertex = static_cast<std::uint32_t>(m.positions.size());
    std::uint16_t largest = 0;
    for (std::uint16_t i : g.indices) largest = std::max(largest, i);
    batch.vertex_count = static_cast<std::uint16_t>(g.indices.empty() ? 0 : largest + 1);  // retail: on 15153 of 15153
    m.batches.push_back(batch);
    for (const mesh::Vertex& v : g.vertices) {
      // A u16 UV holds 0 .. 65535 / 1024: the shapes keep theirs there (sample_mesh_builder.hpp).
      if (!(v.u >= 0.0f && v.v >= 0.0f && v.u * msh::kUvScale <= 65535.0f && v.v * msh::kUvScale <= 65535.0f))
        return invalid(fmt::format("sample model: UV ({}, {}) outside what u16 / 1024 holds", v.u, v.v));
      m.positions.push_back(v.pos);
      m.normals.push_back({{pack_normal(v.normal[0]), pack_normal(v.normal[1]), pack_normal(v.normal[2]), 0}});
      m.uv0.push_back(msh::encode_uv(v.u, v.v));
      if (context.atlas) {
        std::array<float, 2> uv = lit ? context.atlas->at(v.pos, v.normal, context.interior) : std::array<float, 2>{};
        m.lightmap_uv.push_back(msh::encode_uv(uv[0], uv[1]));
      }
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
      area += length / 2;
      if (length > 0) n = {n[0] / length, n[1] / length, n[2] / length};
      msh::TriangleDesc d;
      d.flags = g.style.face_flags;
      d.link = {0xFFFF, 0xFFFF, 0xFFFF};
      d.normal = {pack_face(n[0]), pack_face(n[1]), pack_face(n[2])};
      d.selectors = 0x3F;  // three open edges (code 3) until link_twin_edges finds their twins
      m.triangles.push_back(d);
      corners.push_back({a, b, c});
    }
  }
  link_twin_edges(m, slot.tri_start, corners);
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
  // The Slot68 tail (docs/formats/msh.md 3.2): the area of the slot's triangles and its box's volume.
  slot.area = area;
  slot.box_volume = (box.hi[0] - box.lo[0]) * (box.hi[1] - box.lo[1]) * (box.hi[2] - box.lo[2]);
  return {};
}

// The box of every lit vertex of a lightmapped model, in node space.
std::optional<LightmapAtlas> lightmap_atlas(const SampleModel& spec) {
  if (spec.lightmap_width == 0) return std::nullopt;
  LightmapAtlas atlas;
  Box box;
  for (const SampleNode& node : spec.nodes)
    for (const auto& [slot, geometry] : node.slots)
      for (const mesh::Group& g : geometry.groups())
        if (g.material < 32 && (spec.lit_rows >> g.material & 1u) != 0)
          for (const mesh::Vertex& v : g.vertices) box.add(v.pos);
  if (box.empty()) box.add({0, 0, 0});
  atlas.lo = box.lo;
  atlas.hi = box.hi;
  atlas.inset = 0.5f / static_cast<float>(spec.lightmap_width);
  return atlas;
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

mesh::SlotMesh cockpit_interior(std::uint16_t frame_row, std::uint16_t panel_row, float width) {
  mesh::SlotMesh m;
  const float w = width / 2;
  m.box(frame_row, {-w, -0.95f, -0.8f}, {w, 0.3f, -0.75f}, 1.0f);             // floor
  m.box(frame_row, {-w, -0.95f, 0.3f}, {w, 0.3f, 0.35f}, 1.0f);               // roof
  for (float side : {-1.0f, 1.0f}) {
    float x0 = side < 0 ? -w : w - 0.05f;
    m.box(frame_row, {x0, -0.95f, -0.75f}, {x0 + 0.05f, 0.3f, 0.3f}, 1.0f);  // side wall
    float p0 = side < 0 ? -w + 0.05f : w - 0.15f;
    m.box(frame_row, {p0, -0.95f, -0.15f}, {p0 + 0.1f, -0.9f, 0.3f}, 1.0f);  // viewport pillar
  }
  m.box(frame_row, {-w, -0.95f, 0.15f}, {w, -0.9f, 0.3f}, 1.0f);             // viewport top bar
  // The instrument panel under the viewport, its sloped face the instruments.
  m.tapered_box(frame_row, {-w + 0.05f, -0.95f, -0.75f}, {w - 0.05f, -0.55f, -0.2f}, 0.0f, 0.08f, 1.0f);
  // Seen from the eye (looking along -Y, +X on the left): the near edge at the bottom.
  m.decal(panel_row, {Vec3{w * 0.7f, -0.6f, -0.19f}, {-w * 0.7f, -0.6f, -0.19f}, {-w * 0.7f, -0.8f, -0.05f},
                      {w * 0.7f, -0.8f, -0.05f}});
  return m;
}

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
  const std::optional<LightmapAtlas> atlas = lightmap_atlas(spec);
  for (std::size_t i = 0; i < spec.nodes.size(); ++i) {
    const SampleNode& source = spec.nodes[i];
    msh::Node node = msh::make_node(source.parent);
    node.flags = source.flags;
    const SlotContext context{&spec, atlas ? &*atlas : nullptr, (source.flags & msh::kNodeInterior) != 0};
    for (const auto& [key, geometry] : source.slots) {
      if (key.first < 0 || key.first >= static_cast<int>(msh::kDamageStageCount) || key.second < 0 ||
          key.second >= static_cast<int>(msh::kLevelCount))
        return invalid(fmt::format("sample model: node {} has a slot past the stage/level matrix", source.name));
      msh::Slot slot;
      PARKAN_TRY(append_slot(m, geometry, context, slot));
      node.slots[static_cast<std::size_t>(key.first)][static_cast<std::size_t>(key.second)] =
          static_cast<std::uint16_t>(m.slots.size());
      m.slots.push_back(slot);
    }
    m.nodes.push_back(node);
    if (source.name.size() >= msh::kNodeNameSize)
      return invalid(fmt::format("sample model: node name {} is longer than {} bytes", source.name, msh::kNodeNameSize - 1));
    m.node_names.push_back(msh::make_node_name(source.name));
    m.node_strings.push_back(msh::NodeString{!source.socket.empty(), source.socket, 0});

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
  for (const SamplePathPoint& p : spec.path_points) m.path_nodes.push_back({p.position, p.place_flags, p.node});
  for (const auto& [from, to] : spec.path_links) {
    msh::PathLink link;
    link.from = from;
    link.to = to;
    m.path_links.push_back(link);
  }
  PARKAN_TRY(msh::set_animation(m, tracks));
  PARKAN_TRY(set_bounds(m, spec));
  return msh::write_model(m);
}

}  // namespace parkan::sample
