// Sample models to model NRes bytes (see sample_model_builder.hpp).
#include "sample/sample_model_builder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "parkan/msh/build.hpp"
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

// One slot's groups as the batches of msh::build_model: the WEAR row, the row's further word bits, the
// face flags and portal room of the group's style, and for a lit row of a lightmapped model its
// place on the lightmap page.
Result<std::vector<msh::BuildBatch>> slot_batches(const mesh::SlotMesh& geometry, const SampleModel& model,
                                                  const LightmapAtlas* atlas, bool interior) {
  std::vector<msh::BuildBatch> batches;
  for (const mesh::Group& g : geometry.groups()) {
    if (g.material > 0xFF) return invalid(fmt::format("sample model: WEAR row {} past 255", g.material));
    msh::BuildBatch batch;
    batch.wear_row = static_cast<std::uint8_t>(g.material);
    if (auto word = model.row_words.find(g.material); word != model.row_words.end()) batch.word = word->second;
    batch.face_flags = g.style.face_flags;
    batch.room = g.style.room;
    batch.lightmapped = atlas && g.material < 32 && (model.lit_rows >> g.material & 1u) != 0;
    batch.indices = g.indices;
    batch.vertices.reserve(g.vertices.size());
    for (const mesh::Vertex& v : g.vertices) {
      msh::BuildVertex out;
      out.pos = v.pos;
      out.normal = v.normal;
      out.uv = {v.u, v.v};
      if (batch.lightmapped) out.lightmap = atlas->at(v.pos, v.normal, interior);
      batch.vertices.push_back(out);
    }
    batches.push_back(std::move(batch));
  }
  return batches;
}

// The box of every lit vertex of a lightmapped model, in node space.
std::optional<LightmapAtlas> lightmap_atlas(const SampleModel& spec) {
  if (spec.lightmap_width == 0) return std::nullopt;
  LightmapAtlas atlas;
  constexpr float kMax = std::numeric_limits<float>::max();
  Vec3 lo{kMax, kMax, kMax}, hi{-kMax, -kMax, -kMax};
  for (const SampleNode& node : spec.nodes)
    for (const auto& [slot, geometry] : node.slots)
      for (const mesh::Group& g : geometry.groups())
        if (g.material < 32 && (spec.lit_rows >> g.material & 1u) != 0)
          for (const mesh::Vertex& v : g.vertices)
            for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], v.pos[k]), hi[k] = std::max(hi[k], v.pos[k]);
  if (lo[0] > hi[0]) lo = hi = Vec3{0, 0, 0};  // no lit vertex
  atlas.lo = lo;
  atlas.hi = hi;
  atlas.inset = 0.5f / static_cast<float>(spec.lightmap_width);
  return atlas;
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
  msh::BuildModel model;
  model.lightmap_uvs = spec.lightmap_width > 0;
  const std::optional<LightmapAtlas> atlas = lightmap_atlas(spec);
  for (const SampleNode& source : spec.nodes) {
    msh::BuildNode node;
    node.name = source.name;
    node.socket = source.socket;
    node.parent = source.parent;
    node.flags = source.flags;
    node.pos = source.pos;
    node.rest = source.rest;
    node.keys = source.keys;
    const bool interior = (source.flags & msh::kNodeInterior) != 0;
    for (const auto& [key, geometry] : source.slots) {
      if (key.first < 0 || key.second < 0)
        return invalid(fmt::format("sample model: node {} has a slot past the stage/level matrix", source.name));
      PARKAN_ASSIGN(std::vector<msh::BuildBatch> batches,
                    slot_batches(geometry, spec, atlas ? &*atlas : nullptr, interior));
      node.slots[{static_cast<std::size_t>(key.first), static_cast<std::size_t>(key.second)}] = std::move(batches);
    }
    model.nodes.push_back(std::move(node));
  }
  for (const SamplePathPoint& p : spec.path_points) model.path_nodes.push_back({p.position, p.place_flags, p.node});
  for (const auto& [from, to] : spec.path_links) {
    msh::PathLink link;
    link.from = from;
    link.to = to;
    model.path_links.push_back(link);
  }
  return msh::build_model_bytes(model);
}

}  // namespace parkan::sample
