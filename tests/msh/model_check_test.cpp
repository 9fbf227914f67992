// The model checks (docs/formats/msh.md 8, 9): valid models give nothing; each test breaks exactly one rule and
// finds exactly its code, with the element in the message and the offset in the model.
#include <functional>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "model_builders.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::msh {
namespace {

using test::box_model;
using test::read_ok;
using test::written;

std::multiset<std::string> codes_of(const std::vector<Diagnostic>& found) {
  std::multiset<std::string> codes;
  for (const Diagnostic& d : found) codes.insert(d.code);
  return codes;
}

std::string listing(const std::vector<Diagnostic>& found) {
  std::string text;
  for (const Diagnostic& d : found) text += d.to_string() + " [" + d.code + "]\n";
  return text;
}

// A valid read model (with its container, so that offsets are known).
Model valid_model() { return read_ok(written(box_model({4, 2, 3, true}))); }

std::uint64_t data_offset(const Model& m, std::uint32_t type_id) {
  auto archive = nres::read(m.container, nres::Profile::compatible);
  for (const nres::Entry& e : archive->entries)
    if (e.type_id == type_id) return e.data_offset;
  return ~std::uint64_t(0);
}

StreamRow* row(Model& m, std::uint32_t type_id) {
  for (StreamRow& r : m.streams)
    if (r.type_id == type_id) return &r;
  return nullptr;
}

TEST(ModelCheck, ValidModelsHaveNoFindings) {
  EXPECT_TRUE(check_model(box_model()).empty()) << listing(check_model(box_model()));
  const Model read = valid_model();
  EXPECT_TRUE(check_model(read).empty()) << listing(check_model(read));
  Model animated = box_model({5, 3, 5, true});
  ASSERT_TRUE(set_animation(animated, test::turn_tracks(5)));
  EXPECT_TRUE(check_model(animated).empty()) << listing(check_model(animated));
  EXPECT_TRUE(check_model(written(animated)).empty());
  Model unnamed = box_model();
  unnamed.node_strings.clear();  // written as empty records
  unnamed.node_names.clear();    // an empty type 9: unnamed nodes, not an error (docs/formats/msh.md 6.5)
  EXPECT_TRUE(check_model(unnamed).empty());
  EXPECT_TRUE(check_model(written(unnamed)).empty());
  EXPECT_TRUE(check_model(test::terrain_bytes()).empty()) << listing(check_model(test::terrain_bytes()));
  // Twin edges that link back (docs/formats/msh.md 6.1); a cockpit node with level 4 only (2.3).
  Model twins = valid_model();
  twins.triangles[3].link[0] = 4;
  twins.triangles[3].selectors = 0x3D;  // edge 0 meets edge 1 of triangle 4
  twins.triangles[4].link[1] = 3;
  twins.triangles[4].selectors = 0x33;  // edge 1 meets edge 0 of triangle 3
  const std::uint16_t slot = twins.nodes[3].slot(0, 0);
  for (auto& stage : twins.nodes[3].slots) stage.fill(kNoSlot);
  twins.nodes[3].slots[0][kCockpitLevel] = slot;
  twins.nodes[3].flags = kNodeCockpit;
  EXPECT_TRUE(check_model(twins).empty()) << listing(check_model(twins));
}

struct Case {
  const char* code;
  std::function<void(Model&)> breaks;
  const char* in_message = "";
};

TEST(ModelCheck, EachRuleHasItsCode) {
  const Case cases[] = {
      {"msh.normals.count", [](Model& m) { m.normals.pop_back(); }, "normals for"},
      {"msh.uv0.count", [](Model& m) { m.uv0.push_back({}); }, "UVs for"},
      {"msh.stream15.count", [](Model& m) { row(m, 15)->payload.resize(row(m, 15)->payload.size() - 8); }},
      {"msh.stream15.stride", [](Model& m) { row(m, 15)->payload.push_back(0); }},
      {"msh.stream16.count", [](Model& m) { m.streams.push_back({16, 0, 0, 8, "Res16", ByteBuffer(16)}); }},
      {"msh.stream16.stride", [](Model& m) { m.streams.push_back({16, 0, 0, 8, "Res16", ByteBuffer(7)}); }},
      {"msh.lightmap_uv.count",
       [](Model& m) {
         m.streams.push_back({kLightmapUvType, 0, 0, 4, "Res18", {}});
         m.lightmap_uv.resize(2);
       },
       "type 18 (lightmap UVs) holds 2 UVs for 192 vertices"},
      {"msh.slot.range", [](Model& m) { m.nodes[2].slots[1][3] = static_cast<std::uint16_t>(m.slots.size()); },
       "node 2: slot [stage 1][level 3]"},
      {"msh.slot.triangles", [](Model& m) { m.slots[5].tri_count = 1000; }, "slot 5"},
      {"msh.slot.batches", [](Model& m) { m.slots[4].batch_start = 200; }, "slot 4"},
      {"msh.batch.index_count", [](Model& m) { m.batches[3].index_count = 35; }, "batch 3"},
      {"msh.batch.indices", [](Model& m) { m.batches.back().index_start = std::uint32_t(m.indices.size()) - 3; },
       "batch 23"},
      {"msh.index.vertex", [](Model& m) { m.batches[7].base_vertex = std::uint32_t(m.positions.size()) - 4; },
       "batch 7"},
      {"msh.slot.aabb", [](Model& m) { m.slots[1].aabb_min[2] = m.slots[1].aabb_max[2] + 1; }, "slot 1"},
      {"msh.slot.aabb", [](Model& m) { m.slots[1].aabb_max[0] = std::nanf(""); }, "slot 1"},
      {"msh.slot.sphere", [](Model& m) { m.slots[2].sphere_radius = -0.5f; }, "slot 2"},
      {"msh.slot.sphere", [](Model& m) { m.slots[2].sphere_center[1] = INFINITY; }, "slot 2"},
      {"msh.bounds.finite", [](Model& m) { m.bounds.xy_radius = std::nanf(""); }, "float 34"},
      {"msh.node.parent_forward", [](Model& m) { m.nodes[1].parent = 3; }, "node 1: parent 3"},
      {"msh.node.parent_forward", [](Model& m) { m.nodes[3].parent = 40; }, "and there are 4 nodes"},
      {"msh.node.parent_self", [](Model& m) { m.nodes[2].parent = 2; }, "node 2"},
      {"msh.strings.count", [](Model& m) { m.node_strings.push_back({}); }, "5 node strings for 4 nodes"},
      {"msh.positions.finite", [](Model& m) { m.positions[9][1] = -INFINITY; }, "vertex 9"},
      {"msh.stream.missing", [](Model& m) { std::erase_if(m.streams, [](auto& r) { return r.type_id == 13; }); },
       "type 13"},
      {"msh.stream.duplicate", [](Model& m) { m.streams.push_back({3, 0, 0, 12, "Res3", {}}); }, "stream #14"},
      {"msh.nodes.attr3", [](Model& m) { row(m, 1)->attr3 = 37; }},
      {"msh.slots.attr1", [](Model& m) { row(m, 2)->attr1 = 1; }},
      {"msh.slots.attr3", [](Model& m) { row(m, 2)->attr3 = 0; }},
      {"msh.triangles.attr1", [](Model& m) { row(m, 7)->attr1 = 0; }},
      {"msh.triangles.attr3", [](Model& m) { row(m, 7)->attr3 = 4; }},
      {"msh.strings.attr1", [](Model& m) { row(m, 10)->attr1 = 9; }},
      // Batch20 (docs/formats/msh.md 5.1, 5.2).
      {"msh.batch.vertex_count", [](Model& m) { m.batches[2].vertex_count = 9; },
       "batch 2: vertex count 9 at +0x0E, the largest index of the batch + 1 is 8"},
      {"msh.batch.word", [](Model& m) { m.batches[1].word = 0x00020000; },
       "batch 1: word 0x00020000 has bits 0x20000 above 0x4000"},
      {"msh.batch.lightmap", [](Model& m) { m.batches[0].lightmap = 0x01; },
       "batch 0: lightmap byte 0x01 at +5 is neither 0x00 (lightmapped) nor 0xFF (unlit)"},
      {"msh.batch.lightmap_word", [](Model& m) { m.batches[0].word = kBatchWordLightmapped; },
       "batch 0: lightmap byte 0xFF but word bit 0x2000 set"},
      {"msh.batch.lightmap_uv",
       [](Model& m) {
         m.batches[4].word = kBatchWordLightmapped;
         m.batches[4].lightmap = kBatchLightmapped;
       },
       "batch 4: lightmapped (+5 = 0x00) in a model without type 18 lightmap UVs"},
      {"msh.batch.room",
       [](Model& m) {
         m.batches[5].word = kBatchWordPortal;
         m.batches[5].room = 4;
       },
       "batch 5: room 4 at +6 is past the 4 nodes"},
      {"msh.batch.portal_room", [](Model& m) { m.batches[5].word = kBatchWordPortal; },
       "batch 5: a portal (word bit 0x8) without a room"},
      {"msh.batch.portal_room", [](Model& m) { m.batches[6].room = 1; },
       "batch 6: a room on a batch that is not a portal"},
      // Type 7 links and edge codes (docs/formats/msh.md 6.1).
      {"msh.triangle.link", [](Model& m) { m.triangles[3].link[1] = 1000; },
       "triangle 3: edge 1 links triangle 1000, past the 288 triangles"},
      {"msh.triangle.edge_code", [](Model& m) { m.triangles[3].selectors = 0x3E; },
       "triangle 3: edge 0 is open (link 0xFFFF) but its code is 2, not 3"},
      {"msh.triangle.edge_code",
       [](Model& m) {
         m.triangles[3].link[0] = 4;
         m.triangles[3].selectors = 0x3C;  // edge 0 meets edge 0 of triangle 4, which is open
       },
       "triangle 3: edge 0 links triangle 4 with code 0, whose edge 0 does not link back"},
      {"msh.triangle.edge_code", [](Model& m) { m.triangles[3].link[2] = 4; },
       "triangle 3: edge 2 links triangle 4 with code 3, the open-edge code"},
      // Nodes (docs/formats/msh.md 2.2, 2.3, 6.2).
      {"msh.node_names.count", [](Model& m) { m.node_names.pop_back(); }, "type 9 holds 3 node names for 4 nodes"},
      {"msh.node.cockpit", [](Model& m) { m.nodes[3].flags = kNodeCockpit; },
       "node 3: flag 0x20 (cockpit) on a node whose geometry is in levels 0..3"},
      {"msh.node.stage_order", [](Model& m) { m.nodes[1].slots[0].fill(kNoSlot); },
       "node 1: damage stage 1 has slots but stage 0 has none"},
      // The path graph (docs/formats/msh.md 6.6).
      {"msh.path.count",
       [](Model& m) {
         m.path_nodes = {PathNode{{0, 0, 0}, 0, 0}, PathNode{{1, 0, 0}, 0, 0}};
         m.path_links.resize(1);
         m.path_links[0].to = 1;
         row(m, kPathGraphType)->attr2 = 2;
       },
       "type 17: attr2 is 2 links, the payload holds 1"},
      {"msh.path.link_node",
       [](Model& m) {
         m.path_nodes = {PathNode{{0, 0, 0}, 0, 0}};
         m.path_links.resize(1);
         m.path_links[0].to = 1;
         row(m, kPathGraphType)->attr2 = 1;
       },
       "path link 0: 0 -> 1, past the 1 path nodes"},
      {"msh.path.frame_node", [](Model& m) { m.path_nodes = {PathNode{{0, 0, 0}, 0, 4}}; },
       "path node 0: frame node 4 is past the 4 nodes"},
  };
  for (const Case& c : cases) {
    Model m = valid_model();
    c.breaks(m);
    const std::vector<Diagnostic> found = check_model(m);
    EXPECT_EQ(codes_of(found), std::multiset<std::string>{c.code}) << c.code << "\n" << listing(found);
    if (found.size() == 1) {
      EXPECT_NE(found[0].message.find(c.in_message), std::string::npos) << found[0].message;
    }
  }
}

TEST(ModelCheck, OffsetsPointAtTheElement) {
  Model m = valid_model();
  m.slots[5].tri_count = 1000;
  m.nodes[2].parent = 2;
  m.batches[7].base_vertex = std::uint32_t(m.positions.size()) - 4;
  const std::vector<Diagnostic> found = check_model(m);
  ASSERT_EQ(found.size(), 3u) << listing(found);
  for (const Diagnostic& d : found) {
    ASSERT_TRUE(d.location.offset);
    if (d.code == "msh.slot.triangles") {
      EXPECT_EQ(*d.location.offset, data_offset(m, 2) + 0x8C + 5 * 68);
    }
    if (d.code == "msh.node.parent_self") {
      EXPECT_EQ(*d.location.offset, data_offset(m, 1) + 2 * 38 + 2);
    }
    if (d.code == "msh.index.vertex") {
      // Box indices 0, 2, 1, ...: index 2 of the batch is the first past the vertices (base + 4 + 4 ...).
      const std::size_t first = m.batches[7].index_start + 6;  // indices 4, 5, 6 ... the first >= 4
      EXPECT_EQ(*d.location.offset, data_offset(m, 6) + 2 * first) << d.message;
    }
  }
  EXPECT_FALSE(check_model(box_model()).size());
  Model built = box_model();
  built.nodes[1].parent = 1;
  ASSERT_EQ(check_model(built).size(), 1u);
  EXPECT_FALSE(check_model(built)[0].location.offset);  // no container: no offsets
}

// The Batch20, type 7 and type 17 rules point at their field (docs/formats/msh.md 5.1, 6.1, 6.6).
TEST(ModelCheck, NewRulesPointAtTheirField) {
  Model m = read_ok(test::hand_model_bytes());
  m.batches[0].vertex_count = 4;
  m.batches[0].room = 9;
  m.batches[0].word |= kBatchWordPortal;
  m.triangles[0].link[2] = 7;
  m.path_nodes[1].frame_node = 2;
  const std::vector<Diagnostic> found = check_model(m);
  ASSERT_EQ(found.size(), 4u) << listing(found);
  const std::map<std::string, std::uint64_t> want = {
      {"msh.batch.room", data_offset(m, 13) + 6},
      {"msh.batch.vertex_count", data_offset(m, 13) + 0x0E},
      {"msh.triangle.link", data_offset(m, 7) + 2 + 2 * 2},
      {"msh.path.frame_node", data_offset(m, 17) + 20 + 16},
  };
  for (const Diagnostic& d : found) {
    ASSERT_TRUE(want.count(d.code)) << d.code;
    EXPECT_EQ(d.location.offset, want.at(d.code)) << d.code;
  }
}

TEST(ModelCheck, ReaderErrorsAreTheOneFinding) {
  const ByteBuffer good = written(box_model());
  for (auto [type, size, code] : {std::tuple{3u, 13u, "msh.positions.stride"}, {13u, 19u, "msh.batches.stride"},
                                  {10u, 2u, "msh.strings.past_end"}, {2u, 12u, "msh.slots.header"}}) {
    const std::vector<Diagnostic> found = check_model(test::with_payload(good, type, ByteBuffer(size)));
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].code, code);
    EXPECT_TRUE(found[0].location.offset);
  }
  const std::vector<Diagnostic> junk = check_model(ByteBuffer{1, 2, 3});
  ASSERT_EQ(junk.size(), 1u);
  EXPECT_TRUE(junk[0].code.starts_with("nres.") || junk[0].code == "msh.model.container");
}

TEST(ModelCheck, LegacyNodeTableIsANote) {
  std::vector<test::RawStream> raw = test::raw_streams(written(box_model({1, 1, 1, false})));
  raw[0] = {1, ByteBuffer(24, 0xFF), 1, 0, 24};
  raw[0].payload[2] = 7;  // would be a forward parent in a 38-byte node
  const std::vector<Diagnostic> found = check_model(test::model_bytes(raw));
  EXPECT_EQ(codes_of(found), std::multiset<std::string>{"msh.nodes.legacy"}) << listing(found);
  EXPECT_EQ(found[0].severity, Severity::note);
}

TEST(ModelCheck, TerrainRules) {
  using test::TerrainSpec;
  ByteWriter bad_vertex;
  for (int f = 0; f < 12; ++f) test::put_face(bad_vertex, 0, f == 4 ? 999 : 1, 2);
  ByteWriter few_faces;
  test::put_face(few_faces, 0, 1, 2);
  const std::pair<TerrainSpec, const char*> cases[] = {
      {TerrainSpec{ByteBuffer(30), {}, {}}, "msh.terrain.faces_stride"},
      {TerrainSpec{{}, ByteBuffer(5), {}}, "msh.terrain.pairs_stride"},
      {TerrainSpec{{}, {}, ByteBuffer(3)}, "msh.terrain.aux_stride"},
      {TerrainSpec{bad_vertex.take(), {}, {}}, "msh.terrain.face_vertex"},
  };
  for (const auto& [spec, code] : cases) {
    const ByteBuffer bytes = test::terrain_bytes(spec);
    const Model m = read_ok(bytes);
    EXPECT_EQ(m.kind, ModelKind::terrain);
    const std::vector<Diagnostic> found = check_model(m);
    EXPECT_EQ(codes_of(found), std::multiset<std::string>{code}) << listing(found);
    EXPECT_EQ(written(m), bytes);
  }
  // Slot triangle ranges are face ranges: one face leaves the slots from face 1 on past the end.
  const std::vector<Diagnostic> found = check_model(test::terrain_bytes(TerrainSpec{few_faces.take(), {}, {}}));
  EXPECT_EQ(codes_of(found), (std::multiset<std::string>{"msh.slot.triangles", "msh.slot.triangles",
                                                          "msh.slot.triangles", "msh.slot.triangles"}))
      << listing(found);
}

TEST(ModelCheck, ManyFindingsOfOneRuleAreCapped) {
  Model m = valid_model();
  for (int i = 0; i < 150; ++i) m.slots.push_back(m.slots[0]);
  for (std::size_t i = 24; i < m.slots.size(); ++i) m.slots[i].sphere_radius = -1;
  row(m, 2)->attr1 = static_cast<std::uint32_t>(m.slots.size());
  const std::vector<Diagnostic> found = check_model(m);
  const std::multiset<std::string> codes = codes_of(found);
  EXPECT_EQ(codes.count("msh.slot.sphere"), 100u);
  ASSERT_EQ(codes.count("msh.findings.truncated"), 1u);
  EXPECT_EQ(found.back().message, "50 more findings of msh.slot.sphere not listed (the first 100 are)");
}

}  // namespace
}  // namespace parkan::msh
