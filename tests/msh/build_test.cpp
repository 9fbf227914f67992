// The model builder (include/parkan/msh/build.hpp): every derived field computed by hand from
// docs/formats/msh.md (batch record, packed normals and UVs, face normals, twin-edge codes, Slot68
// bounds, area and volume, model bounds, type 9 and 18), and one error per rule.
#include <cmath>

#include <gtest/gtest.h>

#include "parkan/msh/build.hpp"
#include "parkan/msh/codes.hpp"

namespace parkan::msh {
namespace {

BuildVertex vertex(Vec3 pos, std::array<float, 2> uv = {0, 0}) {
  BuildVertex v;
  v.pos = pos;
  v.normal = {0, 0, 1};
  v.uv = uv;
  return v;
}

// A unit square in the z = 0 plane, two triangles sharing the diagonal 0-2, counter-clockwise from +Z.
BuildBatch square(std::uint8_t row) {
  BuildBatch b;
  b.wear_row = row;
  b.vertices = {vertex({0, 0, 0}, {0, 0}), vertex({1, 0, 0}, {0.5f, 0}), vertex({1, 1, 0}, {0.5f, 2}),
                vertex({0, 1, 0}, {0, 63.5f})};
  b.indices = {0, 1, 2, 0, 2, 3};
  return b;
}

BuildModel one_node(std::vector<BuildBatch> batches) {
  BuildModel m;
  BuildNode node;
  node.name = "hull";
  node.slots[{0, 0}] = std::move(batches);
  m.nodes.push_back(std::move(node));
  return m;
}

Model built(const BuildModel& spec) {
  Result<Model> m = build_model(spec);
  EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().to_string());
  return m.ok() ? std::move(m).value() : Model{};
}

TEST(MshBuild, BatchRecordCountsAndBaseVertex) {
  BuildBatch second = square(7);
  second.indices = {0, 1, 2};  // uses vertices 0..2 only: +0x0E is 3, not 4
  const Model m = built(one_node({square(3), second}));
  ASSERT_EQ(m.batches.size(), 2u);
  EXPECT_EQ(m.batches[0].wear_row, 3);
  EXPECT_EQ(m.batches[0].index_start, 0u);
  EXPECT_EQ(m.batches[0].index_count, 6);
  EXPECT_EQ(m.batches[0].vertex_count, 4);
  EXPECT_EQ(m.batches[0].base_vertex, 0u);
  EXPECT_EQ(m.batches[0].lightmap, kBatchUnlit);
  EXPECT_EQ(m.batches[0].room, kNoRoom);
  EXPECT_EQ(m.batches[0].word, 0u);
  EXPECT_EQ(m.batches[1].wear_row, 7);
  EXPECT_EQ(m.batches[1].index_start, 6u);
  EXPECT_EQ(m.batches[1].index_count, 3);
  EXPECT_EQ(m.batches[1].vertex_count, 3);
  EXPECT_EQ(m.batches[1].base_vertex, 4u);
  EXPECT_EQ(m.positions.size(), 8u);
  EXPECT_EQ(m.indices, (std::vector<std::uint16_t>{0, 1, 2, 0, 2, 3, 0, 1, 2}));
}

TEST(MshBuild, PackedNormalsAndUvs) {
  BuildBatch b = square(0);
  b.vertices[0].normal = {0.5f, -2.0f, 1.0f};  // clamped to -1, not renormalized
  const Model m = built(one_node({b}));
  EXPECT_EQ(m.normals[0].v, (std::array<std::int8_t, 4>{64, -127, 127, 0}));  // round(0.5 * 127) = 64
  EXPECT_EQ(m.uv0[1], (PackedUv{512, 0}));
  EXPECT_EQ(m.uv0[2], (PackedUv{512, 2048}));
  EXPECT_EQ(m.uv0[3], (PackedUv{0, 65024}));  // 63.5 * 1024
  EXPECT_TRUE(m.lightmap_uv.empty());
}

TEST(MshBuild, FaceNormalsAndTwinEdges) {
  const Model m = built(one_node({square(0)}));
  ASSERT_EQ(m.triangles.size(), 2u);
  for (const TriangleDesc& t : m.triangles) EXPECT_EQ(t.normal, (std::array<std::int16_t, 3>{0, 0, 32767}));
  // Triangle 0 (0,1,2): edge 2 runs 2->0; triangle 1 (0,2,3): edge 0 runs 0->2, its twin.
  EXPECT_EQ(m.triangles[0].link, (std::array<std::uint16_t, 3>{kNoTwin, kNoTwin, 1}));
  EXPECT_EQ(m.triangles[1].link, (std::array<std::uint16_t, 3>{0, kNoTwin, kNoTwin}));
  // Codes: triangle 0 edges 0, 1 open (3), edge 2 meets edge 0 (0): 0b00'11'11.
  EXPECT_EQ(m.triangles[0].selectors, 0x0F);
  // Triangle 1: edge 0 meets edge 2 (2), edges 1 and 2 open: 0b11'11'10.
  EXPECT_EQ(m.triangles[1].selectors, 0x3E);
}

TEST(MshBuild, SlotBoundsAreaAndVolume) {
  BuildBatch b = square(0);
  b.vertices.push_back(vertex({0, 0, 2}));  // an unused vertex still widens the box (it is stored)
  const Model m = built(one_node({b}));
  ASSERT_EQ(m.slots.size(), 1u);
  const Slot& s = m.slots[0];
  EXPECT_EQ(s.aabb_min, (Vec3{0, 0, 0}));
  EXPECT_EQ(s.aabb_max, (Vec3{1, 1, 2}));
  EXPECT_EQ(s.sphere_center, (Vec3{0.5f, 0.5f, 1}));
  EXPECT_FLOAT_EQ(s.sphere_radius, std::sqrt(1.5f) * 1.0001f + 1e-4f);
  EXPECT_FLOAT_EQ(s.area, 1.0f);
  EXPECT_FLOAT_EQ(s.box_volume, 2.0f);
  EXPECT_EQ(s.tri_start, 0);
  EXPECT_EQ(s.tri_count, 2);
  EXPECT_EQ(s.batch_count, 1);
  EXPECT_EQ(m.nodes[0].slot(0, 0), 0);
  EXPECT_EQ(m.nodes[0].slot(0, 1), kNoSlot);
}

TEST(MshBuild, ModelBoundsFollowThePoseWalk) {
  // The engine's pose walk zeroes the translation of a root node 0 (docs/formats/msh.md 7.4): the
  // root's +5 on X does not move anything; the child's +10 does.
  BuildModel spec;
  BuildNode root;
  root.name = "base";
  root.pos = {5, 0, 0};
  spec.nodes.push_back(root);
  BuildNode hull;
  hull.name = "hull";
  hull.parent = 0;
  hull.pos = {10, 0, 0};
  hull.slots[{0, 0}] = {square(0)};
  spec.nodes.push_back(hull);
  const Model m = built(spec);
  EXPECT_EQ(m.bounds.corners[0], (Vec3{10, 0, 0}));
  EXPECT_EQ(m.bounds.corners[6], (Vec3{11, 1, 0}));
  EXPECT_EQ(m.bounds.segment_bottom, (Vec3{10.5f, 0.5f, 0}));
  EXPECT_EQ(m.bounds.segment_top, (Vec3{10.5f, 0.5f, 0}));
  // The slot's own bounds stay in node space.
  EXPECT_EQ(m.slots[0].aabb_min, (Vec3{0, 0, 0}));
  for (const Diagnostic& d : check_model(m)) EXPECT_NE(d.severity, Severity::error) << d.code << ": " << d.message;
}

TEST(MshBuild, NamesSocketsPortalAndLightmap) {
  BuildModel spec = one_node({square(0)});
  spec.nodes[0].socket = "e_tur_tt";
  BuildNode room;
  room.name = "room";
  room.parent = 0;
  BuildBatch portal = square(1);
  portal.room = 0;
  portal.lightmapped = true;
  portal.vertices[2].lightmap = {0.25f, 1.0f};
  room.slots[{0, 0}] = {portal};
  spec.nodes.push_back(room);
  const Model m = built(spec);
  EXPECT_EQ(node_name_text(m.node_names[0]), "hull");
  EXPECT_EQ(m.socket_prefix(0), "e_tur_tt");
  EXPECT_EQ(m.socket_prefix(1), "");
  EXPECT_EQ(m.nodes[1].parent, 0);
  const Batch& b = m.batches[1];
  EXPECT_EQ(b.word, kBatchWordPortal | kBatchWordLightmapped);
  EXPECT_EQ(b.room, 0);
  EXPECT_EQ(b.lightmap, kBatchLightmapped);
  ASSERT_EQ(m.lightmap_uv.size(), 8u);  // every vertex, zero on the unlit batch
  EXPECT_EQ(m.lightmap_uv[0], (PackedUv{0, 0}));
  EXPECT_EQ(m.lightmap_uv[6], (PackedUv{256, 1024}));
}

TEST(MshBuild, ErrorsNameTheirRule) {
  auto rule_of = [](const BuildModel& spec) {
    Result<Model> m = build_model(spec);
    return m.ok() ? std::string("ok") : m.error().rule;
  };
  BuildModel long_name = one_node({square(0)});
  long_name.nodes[0].name = std::string(32, 'n');
  EXPECT_EQ(rule_of(long_name), codes::kBuildName);
  BuildModel forward = one_node({square(0)});
  forward.nodes[0].parent = 0;
  EXPECT_EQ(rule_of(forward), codes::kBuildParent);
  BuildModel slot = one_node({});
  slot.nodes[0].slots[{3, 0}] = {square(0)};
  EXPECT_EQ(rule_of(slot), codes::kBuildSlot);
  BuildBatch uv = square(0);
  uv.vertices[0].uv = {-0.01f, 0};
  EXPECT_EQ(rule_of(one_node({uv})), codes::kBuildUv);
  uv.vertices[0].uv = {64.0f, 0};  // 65536 / 1024: one past u16
  EXPECT_EQ(rule_of(one_node({uv})), codes::kBuildUv);
  BuildBatch index = square(0);
  index.indices[5] = 4;
  EXPECT_EQ(rule_of(one_node({index})), codes::kBuildLimit);
  BuildBatch partial = square(0);
  partial.indices.pop_back();
  EXPECT_EQ(rule_of(one_node({partial})), codes::kBuildLimit);
  BuildBatch nan = square(0);
  nan.vertices[1].pos[2] = std::nanf("");
  EXPECT_EQ(rule_of(one_node({nan})), codes::kBuildFinite);
  Result<Model> m = build_model(long_name);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().message, "node 0 (" + std::string(32, 'n') + "): the name is 32 bytes, longer than 31");
}

}  // namespace
}  // namespace parkan::msh
