// A model in authoring terms to a Model with every typed stream (include/parkan/msh/build.hpp).
#include "parkan/msh/build.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "parkan/msh/anim.hpp"
#include "parkan/msh/codes.hpp"
#include "parkan/msh/math.hpp"

namespace parkan::msh {

namespace {

constexpr std::size_t kMaxU16 = 0xFFFF;

std::int8_t pack_normal(float v) { return static_cast<std::int8_t>(std::lround(std::clamp(v, -1.0f, 1.0f) * kNormalScale)); }
std::int16_t pack_face(float v) {
  return static_cast<std::int16_t>(std::lround(std::clamp(v, -1.0f, 1.0f) * kFaceNormalScale));
}

Vec3 transform(const Mat4& m, const Vec3& p) {
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

bool all_finite(const Vec3& v) { return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]); }

// A u16 / 1024 coordinate holds 0 .. 65535 / 1024 (docs/formats/msh.md 4.3).
bool storable_uv(float x) { return x >= 0.0f && x * kUvScale <= 65535.0f; }

// Twin edges of type 7 (docs/formats/msh.md 6.1): edge k of a triangle runs from corner k to corner
// k + 1; its twin is the edge of another triangle of the same slot that runs between the same two
// positions the other way. link[k] names that triangle, selector bits 2k..2k+1 its edge; an open edge
// keeps 0xFFFF and code 3.
void link_twin_edges(Model& m, std::size_t first_triangle, const std::vector<std::array<Vec3, 3>>& corners) {
  using Key = std::array<std::uint32_t, 6>;
  auto key = [](const Vec3& a, const Vec3& b) {
    return Key{std::bit_cast<std::uint32_t>(a[0]), std::bit_cast<std::uint32_t>(a[1]), std::bit_cast<std::uint32_t>(a[2]),
               std::bit_cast<std::uint32_t>(b[0]), std::bit_cast<std::uint32_t>(b[1]), std::bit_cast<std::uint32_t>(b[2])};
  };
  std::map<Key, std::vector<std::pair<std::size_t, unsigned>>> open;  // directed edge -> unmatched (triangle, edge)
  for (std::size_t t = 0; t < corners.size(); ++t) {
    TriangleDesc& d = m.triangles[first_triangle + t];
    for (unsigned k = 0; k < 3; ++k) {
      const Vec3 &a = corners[t][k], &b = corners[t][(k + 1) % 3];
      if (a == b) continue;
      auto twin = open.find(key(b, a));
      if (twin != open.end() && !twin->second.empty()) {
        auto [u, j] = twin->second.back();
        twin->second.pop_back();
        TriangleDesc& e = m.triangles[first_triangle + u];
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

Status check_batch(const BuildBatch& b, const std::string& where) {
  if (b.indices.size() > kMaxU16 || b.vertices.size() > kMaxU16)
    return invalid_rule(codes::kBuildLimit, fmt::format("{}: a batch of {} indices and {} vertices, more than 65535",
                                                        where, b.indices.size(), b.vertices.size()));
  if (b.indices.size() % 3 != 0)
    return invalid_rule(codes::kBuildLimit,
                        fmt::format("{}: {} indices, not a multiple of 3 (a triangle list)", where, b.indices.size()));
  for (std::uint16_t i : b.indices)
    if (i >= b.vertices.size())
      return invalid_rule(codes::kBuildLimit,
                          fmt::format("{}: index {} past the batch's {} vertices", where, i, b.vertices.size()));
  for (const BuildVertex& v : b.vertices) {
    if (!all_finite(v.pos) || !all_finite(v.normal))
      return invalid_rule(codes::kBuildFinite, fmt::format("{}: a vertex position or normal is not finite", where));
    for (float x : {v.uv[0], v.uv[1]})
      if (!storable_uv(x))
        return invalid_rule(codes::kBuildUv, fmt::format("{}: UV ({}, {}) outside 0 .. 64, what u16 / 1024 holds", where,
                                                         v.uv[0], v.uv[1]));
    if (b.lightmapped)
      for (float x : {v.lightmap[0], v.lightmap[1]})
        if (!storable_uv(x))
          return invalid_rule(codes::kBuildUv, fmt::format("{}: lightmap UV ({}, {}) outside 0 .. 64", where,
                                                           v.lightmap[0], v.lightmap[1]));
  }
  return {};
}

// One slot: batches, vertices, indices and triangle descriptors appended to the model.
Status append_slot(Model& m, const std::vector<BuildBatch>& batches, bool has_lightmap_uv, const std::string& where,
                   Slot& slot) {
  if (m.triangles.size() > kMaxU16 || m.batches.size() > kMaxU16)
    return invalid_rule(codes::kBuildLimit, fmt::format("{}: more than 65535 triangles or batches before it", where));
  slot.tri_start = static_cast<std::uint16_t>(m.triangles.size());
  slot.batch_start = static_cast<std::uint16_t>(m.batches.size());
  Box box;
  float area = 0;
  std::vector<std::array<Vec3, 3>> corners;
  for (const BuildBatch& g : batches) {
    PARKAN_TRY(check_batch(g, where));
    Batch batch;
    batch.word = g.word;
    batch.wear_row = g.wear_row;
    if (g.lightmapped) batch.word |= kBatchWordLightmapped, batch.lightmap = kBatchLightmapped;
    if (g.room != kNoRoom) batch.word |= kBatchWordPortal, batch.room = g.room;
    batch.index_start = static_cast<std::uint32_t>(m.indices.size());
    batch.index_count = static_cast<std::uint16_t>(g.indices.size());
    batch.base_vertex = static_cast<std::uint32_t>(m.positions.size());
    std::uint16_t largest = 0;
    for (std::uint16_t i : g.indices) largest = std::max(largest, i);
    batch.vertex_count = static_cast<std::uint16_t>(g.indices.empty() ? 0 : largest + 1);  // retail: on 15153 of 15153
    m.batches.push_back(batch);
    for (const BuildVertex& v : g.vertices) {
      m.positions.push_back(v.pos);
      m.normals.push_back({{pack_normal(v.normal[0]), pack_normal(v.normal[1]), pack_normal(v.normal[2]), 0}});
      m.uv0.push_back(encode_uv(v.uv[0], v.uv[1]));
      if (has_lightmap_uv)
        m.lightmap_uv.push_back(g.lightmapped ? encode_uv(v.lightmap[0], v.lightmap[1]) : PackedUv{});
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
      TriangleDesc d;
      d.flags = g.face_flags;
      d.link = {kNoTwin, kNoTwin, kNoTwin};
      d.normal = {pack_face(n[0]), pack_face(n[1]), pack_face(n[2])};
      d.selectors = 0x3F;  // three open edges (code 3) until link_twin_edges finds their twins
      m.triangles.push_back(d);
      corners.push_back({a, b, c});
    }
  }
  if (m.triangles.size() > kMaxU16 + 1 || m.batches.size() > kMaxU16 + 1)
    return invalid_rule(codes::kBuildLimit, fmt::format("{}: the model passes 65535 triangles or batches", where));
  link_twin_edges(m, slot.tri_start, corners);
  slot.tri_count = static_cast<std::uint16_t>(m.triangles.size() - slot.tri_start);
  slot.batch_count = static_cast<std::uint16_t>(m.batches.size() - slot.batch_start);
  if (box.empty()) box.add({0, 0, 0});  // a node without triangles here: point bounds at its origin
  slot.aabb_min = box.lo;
  slot.aabb_max = box.hi;
  slot.sphere_center = box.centre();
  float radius = 0;
  for (const BuildBatch& g : batches)
    for (const BuildVertex& v : g.vertices) radius = std::max(radius, distance(v.pos, slot.sphere_center));
  slot.sphere_radius = padded(radius);
  // The Slot68 tail (docs/formats/msh.md 3.2): the area of the slot's triangles and its box's volume.
  slot.area = area;
  slot.box_volume = (box.hi[0] - box.lo[0]) * (box.hi[1] - box.lo[1]) * (box.hi[2] - box.lo[2]);
  return {};
}

// Model bounds over every node's geometry in every stage and level, at every half frame of the
// timeline (docs/formats/msh.md 3): the box, and the sphere and vertical capsule around that box (they
// contain everything the box does; one pass over the vertices).
Status set_bounds(Model& m, const BuildModel& spec) {
  PARKAN_ASSIGN(ByteBuffer bytes, write_model(m));
  PARKAN_ASSIGN(AnimStreams streams, read_anim_streams(bytes));
  Box box;
  for (std::uint32_t frame = 0; frame < 2 * std::max(streams.frame_count, 1u); ++frame) {
    PARKAN_ASSIGN(std::vector<Mat4> world, world_matrices(streams, static_cast<float>(frame) / 2.0f));
    for (std::size_t n = 0; n < spec.nodes.size(); ++n)
      for (const auto& [slot, batches] : spec.nodes[n].slots)
        for (const BuildBatch& g : batches)
          for (const BuildVertex& v : g.vertices) box.add(transform(world[n], v.pos));
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

bool any_lightmapped(const BuildModel& spec) {
  for (const BuildNode& node : spec.nodes)
    for (const auto& [slot, batches] : node.slots)
      for (const BuildBatch& b : batches)
        if (b.lightmapped) return true;
  return false;
}

}  // namespace

Result<Model> build_model(const BuildModel& spec) {
  if (spec.nodes.size() > kMaxU16)
    return invalid_rule(codes::kBuildLimit, fmt::format("{} nodes, more than 65535", spec.nodes.size()));
  Model m;
  AnimTracks tracks;
  const bool has_lightmap_uv = spec.lightmap_uvs || any_lightmapped(spec);
  for (std::size_t i = 0; i < spec.nodes.size(); ++i) {
    const BuildNode& source = spec.nodes[i];
    const std::string where = fmt::format("node {} ({})", i, source.name);
    if (source.parent != kNoParent && source.parent >= i)
      return invalid_rule(codes::kBuildParent,
                          fmt::format("{}: parent {} is not an earlier node", where, source.parent));
    if (source.name.size() >= kNodeNameSize)
      return invalid_rule(codes::kBuildName,
                          fmt::format("{}: the name is {} bytes, longer than {}", where, source.name.size(), kNodeNameSize - 1));
    Node node = make_node(source.parent);
    node.flags = source.flags;
    for (const auto& [key, batches] : source.slots) {
      const auto [stage, level] = key;
      if (stage >= kDamageStageCount || level >= kLevelCount)
        return invalid_rule(codes::kBuildSlot,
                            fmt::format("{}: slot (stage {}, level {}) past the 3 x 5 matrix", where, stage, level));
      if (m.slots.size() >= kMaxU16)
        return invalid_rule(codes::kBuildLimit, fmt::format("{}: more than 65534 slots", where));
      Slot slot;
      PARKAN_TRY(append_slot(m, batches, has_lightmap_uv, fmt::format("{} slot ({}, {})", where, stage, level), slot));
      node.slots[stage][level] = static_cast<std::uint16_t>(m.slots.size());
      m.slots.push_back(slot);
    }
    m.nodes.push_back(node);
    m.node_names.push_back(make_node_name(source.name));
    m.node_strings.push_back(NodeString{!source.socket.empty(), source.socket, 0});

    NodeAnimTrack track;
    track.node_index = static_cast<std::uint32_t>(i);
    track.has_map = !source.keys.empty();
    if (track.has_map) {
      track.keys = source.keys;
    } else {
      AnimKey rest;
      rest.pos = source.pos;
      rest.quat_raw = source.rest;
      track.keys = {rest};
    }
    tracks.tracks.push_back(std::move(track));
  }
  m.path_nodes = spec.path_nodes;
  m.path_links = spec.path_links;
  PARKAN_TRY(set_animation(m, tracks));
  PARKAN_TRY(set_bounds(m, spec));
  return m;
}

Result<ByteBuffer> build_model_bytes(const BuildModel& spec) {
  PARKAN_ASSIGN(Model m, build_model(spec));
  return write_model(m);
}

}  // namespace parkan::msh
