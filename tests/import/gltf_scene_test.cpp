// glTF scenes to model terms (include/parkan/import/gltf.hpp, docs/import.md 2-3): glTF text written
// here by hand (JSON and a base64 buffer of known floats, not parkan's exporter), every expected value
// worked out from the axis rule (x, y, z) -> (x, -z, y), the slot names and the batch rules.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "gltf_text.hpp"
#include "parkan/import/codes.hpp"
#include "parkan/import/gltf.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/codes.hpp"

namespace parkan::importer {
namespace {

using nlohmann::json;
using test::Gltf;

const std::vector<float> kTriangle = {0, 0, 0, 1, 0, 0, 0, 1, 0};  // in glTF's x-y plane, facing +Z

Result<ImportedScene> imported(Gltf& gltf) {
  const std::string text = gltf.text();
  PARKAN_ASSIGN(GltfDocument doc, load_gltf(as_bytes(text), "model.gltf", "."));
  return import_scene(*doc);
}

ImportedScene imported_ok(Gltf& gltf) {
  Result<ImportedScene> scene = imported(gltf);
  EXPECT_TRUE(scene.ok()) << (scene.ok() ? "" : scene.error().to_string());
  return scene.ok() ? std::move(scene).value() : ImportedScene{};
}

std::string rule_of(Gltf& gltf) {
  Result<ImportedScene> scene = imported(gltf);
  return scene.ok() ? "ok" : scene.error().rule;
}

void expect_vec(const msh::Vec3& got, msh::Vec3 want) {
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(got[k], want[k], 1e-6) << "component " << k;
}

TEST(ImportScene, YUpBecomesZUp) {
  Gltf g;
  g.node({{"name", "hull"}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  const ImportedScene s = imported_ok(g);
  ASSERT_EQ(s.model.nodes.size(), 1u);
  EXPECT_FALSE(s.axis_root_dropped);
  const msh::BuildNode& n = s.model.nodes[0];
  EXPECT_EQ(n.name, "hull");
  ASSERT_EQ(n.slots.count({0, 0}), 1u);
  const msh::BuildBatch& b = n.slots.at({0, 0}).at(0);
  ASSERT_EQ(b.vertices.size(), 3u);
  // (x, y, z) -> (x, -z, y): glTF's +Y (up) is the game's +Z.
  expect_vec(b.vertices[1].pos, {1, 0, 0});
  expect_vec(b.vertices[2].pos, {0, 0, 1});
  // No NORMAL: the flat normal of the stored order, (1,0,0) x (0,0,1) = (0,-1,0) (glTF's +Z is the game's -Y).
  expect_vec(b.vertices[0].normal, {0, -1, 0});
  EXPECT_EQ(b.indices, (std::vector<std::uint16_t>{0, 1, 2}));
  EXPECT_EQ(n.rest, msh::identity_raw_quat());
}

TEST(ImportScene, ChildTranslationAndRotationInTheGameFrame) {
  Gltf g;
  const int root = g.node({{"name", "base"}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  // 90 degrees about glTF's +Y (up): in the game, 90 degrees about +Z.
  const double h = std::sqrt(0.5);
  const int turret = g.node({{"name", "turret"}, {"translation", {2, 3, 4}}, {"rotation", {0, h, 0, h}},
                             {"mesh", g.mesh(kTriangle, {0, 1, 2})}},
                            false);
  g.child(root, turret);
  const ImportedScene s = imported_ok(g);
  ASSERT_EQ(s.model.nodes.size(), 2u);
  const msh::BuildNode& t = s.model.nodes[1];
  EXPECT_EQ(t.parent, 0);
  expect_vec(t.pos, {2, -4, 3});
  // The stored key is conj of the node's rotation (the engine rotates by conj(q), docs/formats/msh.md 7.3):
  // a turn of +90 degrees about Z is q = (cos 45, 0, 0, sin 45); stored (w, x, y, z) = (23170, 0, 0, -23170).
  const msh::Quat q = msh::decode_quat(t.rest);
  EXPECT_NEAR(q[0], h, 1e-4);
  EXPECT_NEAR(q[1], 0, 1e-4);
  EXPECT_NEAR(q[2], 0, 1e-4);
  EXPECT_NEAR(q[3], -h, 1e-4);
  // Geometry stays in the node's own frame: the same positions as the root's.
  expect_vec(t.slots.at({0, 0})[0].vertices[2].pos, {0, 0, 1});
}

TEST(ImportScene, TheExportAxisRootIsDropped) {
  Gltf g;
  const double h = std::sqrt(0.5);
  const int up = g.node({{"name", "tank.msh"}, {"rotation", {-h, 0, 0, h}}});
  const int hull = g.node({{"name", "hull"}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}}, false);
  const int gun = g.node({{"name", "gun"}, {"translation", {1, 2, 3}}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}}, false);
  g.child(up, hull);
  g.child(hull, gun);
  const ImportedScene s = imported_ok(g);
  EXPECT_TRUE(s.axis_root_dropped);
  ASSERT_EQ(s.model.nodes.size(), 2u);
  EXPECT_EQ(s.model.nodes[0].name, "hull");
  expect_vec(s.model.nodes[1].pos, {1, 2, 3});  // already Z-up below the root: unchanged
  expect_vec(s.model.nodes[0].slots.at({0, 0})[0].vertices[2].pos, {0, 1, 0});
  EXPECT_EQ(s.gltf_node_of, (std::vector<int>{hull, gun}));
}

TEST(ImportScene, ScaleIsBakedAndShearIsRefused) {
  Gltf g;
  g.node({{"name", "big"}, {"scale", {2, 3, 4}}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  const ImportedScene s = imported_ok(g);
  // glTF (1,0,0)*(2,3,4) = (2,0,0) -> game (2,0,0); (0,1,0) -> (0,3,0) -> game (0,0,3).
  const msh::BuildBatch& b = s.model.nodes[0].slots.at({0, 0})[0];
  expect_vec(b.vertices[1].pos, {2, 0, 0});
  expect_vec(b.vertices[2].pos, {0, 0, 3});

  // A parent stretched along X, a child turned 45 degrees under it: the child's axes are no longer
  // at right angles.
  Gltf sheared;
  const double s45 = std::sin(std::numbers::pi / 8), c45 = std::cos(std::numbers::pi / 8);
  const int parent = sheared.node({{"name", "parent"}, {"scale", {2, 1, 1}}, {"mesh", sheared.mesh(kTriangle, {0, 1, 2})}});
  const int child = sheared.node({{"name", "tilted"}, {"rotation", {0, 0, s45, c45}}, {"mesh", sheared.mesh(kTriangle, {0, 1, 2})}}, false);
  sheared.child(parent, child);
  Result<ImportedScene> r = imported(sheared);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, codes::kGltfShear);
  EXPECT_NE(r.error().message.find("node 1 \"tilted\""), std::string::npos) << r.error().message;
  EXPECT_EQ(r.error().file, "model.gltf");
}

TEST(ImportScene, AMirrorReversesTheStoredOrder) {
  Gltf g;
  g.node({{"name", "mirrored"}, {"scale", {-1, 1, 1}}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  const ImportedScene s = imported_ok(g);
  const msh::BuildBatch& b = s.model.nodes[0].slots.at({0, 0})[0];
  // Corners 0, 2, 1 in that order: glTF (0,0,0), (0,1,0), (-1,0,0) -> game (0,0,0), (0,0,1), (-1,0,0).
  expect_vec(b.vertices[b.indices[1]].pos, {0, 0, 1});
  expect_vec(b.vertices[b.indices[2]].pos, {-1, 0, 0});
  // Its flat normal (0,0,1) x (-1,0,0) = (0,-1,0): still facing where glTF's front face does.
  expect_vec(b.vertices[0].normal, {0, -1, 0});
}

TEST(ImportScene, SlotNamesFillTheNodeTheyName) {
  Gltf g;
  const int hull = g.node({{"name", "hull"}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  (void)hull;
  g.node({{"name", "hull_LOD2"}, {"translation", {0, 1, 0}}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  g.node({{"name", "hull_STAGE1"}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  g.node({{"name", "hull_STAGE2_LOD1"}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  g.node({{"name", "CP_m1o1"}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  const ImportedScene s = imported_ok(g);
  ASSERT_EQ(s.model.nodes.size(), 2u);
  const msh::BuildNode& n = s.model.nodes[0];
  EXPECT_EQ(n.slots.size(), 4u);
  EXPECT_TRUE(n.slots.count({0, 0}) && n.slots.count({0, 2}) && n.slots.count({1, 0}) && n.slots.count({2, 1}));
  // The LOD node stands 1 higher (glTF +Y): its vertices are placed in hull's frame, game +Z.
  expect_vec(n.slots.at({0, 2})[0].vertices[0].pos, {0, 0, 1});
  const msh::BuildNode& cockpit = s.model.nodes[1];
  EXPECT_EQ(cockpit.flags, msh::kNodeCockpit);
  EXPECT_EQ(cockpit.slots.size(), 1u);
  EXPECT_EQ(cockpit.slots.count({0, msh::kCockpitLevel}), 1u);

  Gltf orphan;
  orphan.node({{"name", "gun_LOD1"}, {"mesh", orphan.mesh(kTriangle, {0, 1, 2})}});
  orphan.node({{"name", "hull"}, {"mesh", orphan.mesh(kTriangle, {0, 1, 2})}});
  Result<ImportedScene> r = imported(orphan);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, codes::kGltfSlot);
  EXPECT_EQ(r.error().to_string(), "model.gltf: node 0 \"gun_LOD1\": its base node \"gun\" is not in the scene");
}

TEST(ImportScene, ParseSlotName) {
  EXPECT_EQ(parse_slot_name("tower_LOD3").level, 3u);
  EXPECT_EQ(parse_slot_name("tower_LOD3").base, "tower");
  EXPECT_EQ(parse_slot_name("tower_lod1").level, 1u);  // any case
  EXPECT_EQ(parse_slot_name("tower_STAGE2").stage, 2u);
  EXPECT_FALSE(parse_slot_name("tower_LOD4").suffixed);  // level 4 is the cockpit, named CP_
  EXPECT_FALSE(parse_slot_name("_LOD1").suffixed);       // a suffix alone names no node
  EXPECT_TRUE(parse_slot_name("CP_m1o1").cockpit);
  EXPECT_FALSE(parse_slot_name("CPU").cockpit);
}

TEST(ImportScene, MaterialsBecomeRowsInTheOrderOfFirstUse) {
  Gltf g;
  const int steel = g.material("steel");
  const int glass = g.material("glass");
  const int mesh = g.mesh(kTriangle, {0, 1, 2}, glass);
  g.add_primitive(mesh, kTriangle, {0, 1, 2}, steel);
  g.add_primitive(mesh, kTriangle, {0, 1, 2}, glass);
  g.add_primitive(mesh, kTriangle, {0, 1, 2}, -1);
  g.node({{"name", "hull"}, {"mesh", mesh}});
  const ImportedScene s = imported_ok(g);
  ASSERT_EQ(s.materials.size(), 3u);
  EXPECT_EQ(s.materials[0].name, "glass");
  EXPECT_EQ(s.materials[0].gltf_material, glass);
  EXPECT_EQ(s.materials[1].name, "steel");
  EXPECT_EQ(s.materials[2].gltf_material, -1);
  const auto& batches = s.model.nodes[0].slots.at({0, 0});
  // glass, steel, glass again (a new batch: the previous one is steel's), default.
  ASSERT_EQ(batches.size(), 4u);
  EXPECT_EQ(batches[0].wear_row, 0);
  EXPECT_EQ(batches[1].wear_row, 1);
  EXPECT_EQ(batches[2].wear_row, 0);
  EXPECT_EQ(batches[3].wear_row, 2);
}

TEST(ImportScene, UvsShiftByWholeTilesOrAreRefused) {
  Gltf g;
  g.node({{"name", "hull"}, {"mesh", g.mesh(kTriangle, {0, 1, 2}, -1, {-1.5f, 0.25f, 0.5f, 2.0f, -0.25f, 10.0f})}});
  const ImportedScene s = imported_ok(g);
  const msh::BuildBatch& b = s.model.nodes[0].slots.at({0, 0})[0];
  // floor(min u) = -2, floor(min v) = 0.
  EXPECT_FLOAT_EQ(b.vertices[0].uv[0], 0.5f);
  EXPECT_FLOAT_EQ(b.vertices[1].uv[0], 2.5f);
  EXPECT_FLOAT_EQ(b.vertices[2].uv[0], 1.75f);
  EXPECT_FLOAT_EQ(b.vertices[2].uv[1], 10.0f);

  Gltf wide;
  wide.node({{"name", "hull"}, {"mesh", wide.mesh(kTriangle, {0, 1, 2}, -1, {0, 0, 70, 0, 0, 1})}});
  Result<ImportedScene> r = imported(wide);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, codes::kGltfUv);
  EXPECT_NE(r.error().message.find("node 0 \"hull\" mesh \"mesh0\" primitive 0"), std::string::npos) << r.error().message;
}

TEST(ImportScene, ARootAwayFromTheOriginGetsARootOfItsOwn) {
  Gltf g;
  g.node({{"name", "hull"}, {"translation", {5, 0, 0}}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  const ImportedScene s = imported_ok(g);
  ASSERT_EQ(s.model.nodes.size(), 2u);
  EXPECT_EQ(s.model.nodes[0].name, "root");
  EXPECT_TRUE(s.model.nodes[0].slots.empty());
  EXPECT_EQ(s.model.nodes[1].parent, 0);
  expect_vec(s.model.nodes[1].pos, {5, 0, 0});
  EXPECT_EQ(s.gltf_node_of, (std::vector<int>{-1, 0}));
}

TEST(ImportScene, CamerasAndLightsAreDroppedEmptiesKeptLongNamesCut) {
  Gltf g;
  g.doc()["cameras"] = json::array({{{"type", "perspective"}, {"perspective", {{"yfov", 1.0}, {"znear", 0.1}}}}});
  g.node({{"name", std::string(40, 'x')}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  g.node({{"name", "Camera"}, {"camera", 0}});
  // An empty is a socket (a Base_* node guns mount on): kept, with the prefix parkan's export wrote.
  g.node({{"name", "Base_gun"}, {"translation", {0, 1, 0}}, {"extras", {{"socket_prefix", "e_tur_tt"}, {"flags", 0x101}}}});
  const ImportedScene s = imported_ok(g);
  ASSERT_EQ(s.model.nodes.size(), 2u);
  EXPECT_EQ(s.model.nodes[0].name, std::string(31, 'x'));
  EXPECT_EQ(s.model.nodes[1].name, "Base_gun");
  EXPECT_EQ(s.model.nodes[1].socket, "e_tur_tt");
  EXPECT_EQ(s.model.nodes[1].flags, msh::kNodeInterior | msh::kNodeDrawnAtZeroLife);
  EXPECT_TRUE(s.model.nodes[1].slots.empty());
  ASSERT_EQ(s.warnings.size(), 2u);
  EXPECT_EQ(s.warnings[0].code, codes::kNameCut);
  EXPECT_EQ(s.warnings[1].code, codes::kNodeDropped);
  EXPECT_EQ(s.warnings[1].message, "node 1 \"Camera\": a camera or a light: left out");
}

TEST(ImportScene, BadInputIsOneErrorWithItsRule) {
  Result<GltfDocument> text = load_gltf(as_bytes(std::string_view("{ not json")), "broken.gltf", ".");
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.error().rule, codes::kGltfParse);
  EXPECT_EQ(text.error().file, "broken.gltf");
  EXPECT_EQ(text.error().to_string().find('\n'), std::string::npos);

  Gltf empty;
  empty.node({{"name", "hull"}, {"children", json::array()}});
  EXPECT_EQ(rule_of(empty), codes::kGltfEmpty);

  Gltf lines;
  lines.node({{"name", "hull"}, {"mesh", lines.mesh(kTriangle, {0, 1, 2})}});
  lines.doc()["meshes"][0]["primitives"][0]["mode"] = 1;
  EXPECT_EQ(rule_of(lines), codes::kGltfMode);

  Gltf morph;
  morph.node({{"name", "hull"}, {"mesh", morph.mesh(kTriangle, {0, 1, 2})}});
  morph.doc()["meshes"][0]["primitives"][0]["targets"] = json::array({{{"POSITION", 0}}});
  EXPECT_EQ(rule_of(morph), codes::kGltfMorph);

  Gltf skinned;
  skinned.node({{"name", "hull"}, {"mesh", skinned.mesh(kTriangle, {0, 1, 2})}});
  skinned.doc()["meshes"][0]["primitives"][0]["attributes"]["JOINTS_0"] = 0;
  EXPECT_EQ(rule_of(skinned), codes::kGltfSkin);

  Gltf past;
  past.node({{"name", "hull"}, {"mesh", past.mesh(kTriangle, {0, 1, 2})}});
  past.doc()["accessors"][1]["count"] = 4;  // 4 indices in a 6-byte view
  EXPECT_EQ(rule_of(past), codes::kGltfAccessor);

  Gltf index;
  index.node({{"name", "hull"}, {"mesh", index.mesh(kTriangle, {0, 1, 3})}});
  EXPECT_EQ(rule_of(index), codes::kGltfAccessor);

  Gltf material;
  material.node({{"name", "hull"}, {"mesh", material.mesh(kTriangle, {0, 1, 2})}});
  material.doc()["meshes"][0]["primitives"][0]["material"] = 7;
  EXPECT_EQ(rule_of(material), codes::kGltfAccessor);

  Gltf many;
  const int mesh = many.mesh(kTriangle, {0, 1, 2}, many.material("m0"));
  for (int i = 1; i <= 256; ++i) many.add_primitive(mesh, kTriangle, {0, 1, 2}, many.material(fmt::format("m{}", i)));
  many.node({{"name", "hull"}, {"mesh", mesh}});
  EXPECT_EQ(rule_of(many), codes::kGltfMaterials);
}

// The rotation part of a world matrix applied to +X.
std::array<float, 3> turned_x(const msh::Mat4& m) { return {m[0], m[4], m[8]}; }

// An arm (joint 0, at the origin) and a hand (joint 1, glTF (0, 2, 0): the game's (0, 0, 2)); a skinned
// mesh of two triangles: A wholly on the arm, B weighted 0.25 arm, 0.75 hand. The hand's inverse bind
// matrix undoes its translation, so bind space is the glTF scene's own frame.
Gltf arm_and_hand(std::vector<std::uint16_t> joints = {0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0}) {
  Gltf g;
  const int hand = g.node({{"name", "hand"}, {"translation", {0.0, 2.0, 0.0}}}, false);
  const int arm = g.node({{"name", "arm"}, {"children", {hand}}});
  const std::vector<float> positions = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 2, 0, 1, 2, 0, 0, 3, 0};
  const int mesh = g.mesh(positions, {0, 1, 2, 3, 4, 5});
  json& attributes = g.doc()["meshes"][std::size_t(mesh)]["primitives"][0]["attributes"];
  attributes["JOINTS_0"] = g.typed(joints, 5123, 6, "VEC4");
  const std::vector<float> weights = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0.25f, 0.75f, 0, 0, 0.25f, 0.75f, 0, 0,
                                      0.25f, 0.75f, 0, 0};
  attributes["WEIGHTS_0"] = g.typed(weights, 5126, 6, "VEC4");
  std::vector<float> inverse_bind = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
                                     1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -2, 0, 1};  // column-major
  g.doc()["skins"] = json::array({{{"joints", {arm, hand}}, {"inverseBindMatrices", g.typed(inverse_bind, 5126, 2, "MAT4")}}});
  g.node({{"name", "body"}, {"mesh", mesh}, {"skin", 0}});
  return g;
}

TEST(ImportScene, RigidGivesEachTriangleToItsDominantJoint) {
  Gltf refused = arm_and_hand();
  EXPECT_EQ(rule_of(refused), codes::kGltfSkin);
  Gltf g = arm_and_hand();
  const std::string text = g.text();
  GltfDocument doc = load_gltf(as_bytes(text), "model.gltf", ".").value();
  SceneOptions options;
  options.rigid = true;
  Result<ImportedScene> scene = import_scene(*doc, options);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  ASSERT_EQ(scene->model.nodes.size(), 3u);
  const msh::BuildNode& arm = scene->model.nodes[0];
  const msh::BuildNode& hand = scene->model.nodes[1];
  const msh::BuildNode& body = scene->model.nodes[2];
  EXPECT_EQ(arm.name, "arm");
  EXPECT_EQ(hand.name, "hand");
  EXPECT_TRUE(body.slots.empty());  // the skinned mesh's own node keeps no geometry
  // Triangle A on the arm, at (x, -z, y) of its glTF corners.
  const msh::BuildBatch& a = arm.slots.at({0, 0}).at(0);
  ASSERT_EQ(a.vertices.size(), 3u);
  expect_vec(a.vertices[1].pos, {1, 0, 0});
  expect_vec(a.vertices[2].pos, {0, 0, 1});
  // Triangle B on the hand, in the hand's frame: the game's (0,0,2),(1,0,2),(0,0,3) less (0,0,2).
  expect_vec(hand.pos, {0, 0, 2});
  const msh::BuildBatch& b = hand.slots.at({0, 0}).at(0);
  ASSERT_EQ(b.vertices.size(), 3u);
  expect_vec(b.vertices[0].pos, {0, 0, 0});
  expect_vec(b.vertices[1].pos, {1, 0, 0});
  expect_vec(b.vertices[2].pos, {0, 0, 1});
  // A joint index past the skin's two joints.
  Gltf bad = arm_and_hand({0, 7, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0});
  const std::string bad_text = bad.text();
  GltfDocument bad_doc = load_gltf(as_bytes(bad_text), "model.gltf", ".").value();
  Result<ImportedScene> refused_joint = import_scene(*bad_doc, options);
  ASSERT_FALSE(refused_joint.ok());
  EXPECT_EQ(refused_joint.error().rule, codes::kGltfSkin);
  EXPECT_NE(refused_joint.error().message.find("joint 7 past the skin's 2"), std::string::npos) << refused_joint.error().message;
}

TEST(ImportAnimation, ARotationChannelIsSampledAtEveryFrame) {
  Gltf g;
  const int base = g.node({{"name", "base"}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  const int turret = g.node({{"name", "turret"}, {"translation", {0, 1, 0}}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}}, false);
  g.child(base, turret);
  const float h = std::sqrt(0.5f);
  // 0 to 90 degrees about glTF's +Y (the game's +Z) over one second, linear (slerp).
  g.channel("traverse", turret, "rotation", {0, 1}, {0, 0, 0, 1, 0, h, 0, h});
  SceneOptions options;
  options.fps = 10;
  Result<GltfDocument> doc = load_gltf(as_bytes(g.text()), "turret.gltf", ".");
  ASSERT_TRUE(doc.ok()) << doc.error().to_string();
  Result<ImportedScene> scene = import_scene(**doc, options);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  EXPECT_TRUE(scene->model.nodes[0].keys.empty());  // the base does not move
  ASSERT_EQ(scene->model.nodes[1].keys.size(), 11u);  // frames 0..10
  const ByteBuffer bytes = msh::build_model_bytes(scene->model).value();
  const msh::AnimStreams anim = msh::read_anim_streams(bytes).value();
  EXPECT_EQ(anim.frame_count, 11u);
  for (int frame = 0; frame <= 10; ++frame) {
    const std::vector<msh::Mat4> world = msh::world_matrices(anim, float(frame)).value();
    // Turned by 9 degrees a frame about +Z: +X goes to (cos a, sin a, 0); the turret stands at +Z 1.
    const double a = std::numbers::pi / 2 * frame / 10;
    const std::array<float, 3> x = turned_x(world[1]);
    EXPECT_NEAR(x[0], std::cos(a), 2e-4) << "frame " << frame;
    EXPECT_NEAR(x[1], std::sin(a), 2e-4) << "frame " << frame;
    EXPECT_NEAR(x[2], 0, 2e-4) << "frame " << frame;
    EXPECT_NEAR(world[1][11], 1, 1e-6);
  }
}

TEST(ImportAnimation, StepAndCubicSplineTranslations) {
  Gltf g;
  const int base = g.node({{"name", "base"}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  const int arm = g.node({{"name", "arm"}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}}, false);
  const int leg = g.node({{"name", "leg"}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}}, false);
  g.child(base, arm);
  g.child(base, leg);
  g.channel("walk", arm, "translation", {0, 0.5f}, {0, 0, 0, 3, 0, 0}, "STEP");
  // Hermite from x = 0 to x = 1 over 1 s with zero tangents: x(u) = 3u^2 - 2u^3; at u = 0.25, 0.15625.
  g.channel("walk", leg, "translation", {0, 1}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0}, "CUBICSPLINE");
  SceneOptions options;
  options.fps = 4;
  Result<GltfDocument> doc = load_gltf(as_bytes(g.text()), "walk.gltf", ".");
  ASSERT_TRUE(doc.ok()) << doc.error().to_string();
  Result<ImportedScene> scene = import_scene(**doc, options);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  const auto& arm_keys = scene->model.nodes[1].keys;
  ASSERT_EQ(arm_keys.size(), 5u);  // frames 0..4 (the animation lasts 1 s)
  EXPECT_FLOAT_EQ(arm_keys[1].pos[0], 0.0f);  // STEP holds key 0 until 0.5 s
  EXPECT_FLOAT_EQ(arm_keys[2].pos[0], 3.0f);
  const auto& leg_keys = scene->model.nodes[2].keys;
  ASSERT_EQ(leg_keys.size(), 5u);
  EXPECT_NEAR(leg_keys[1].pos[0], 0.15625f, 1e-6);
  EXPECT_NEAR(leg_keys[2].pos[0], 0.5f, 1e-6);
}

TEST(ImportAnimation, ChoosingByNameAndStill) {
  Gltf g;
  const int base = g.node({{"name", "base"}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}});
  const int arm = g.node({{"name", "arm"}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}}, false);
  g.child(base, arm);
  g.channel("idle", arm, "translation", {0, 1}, {0, 0, 0, 0, 1, 0});
  g.channel("fire", arm, "translation", {0, 2}, {0, 0, 0, 2, 0, 0});
  const std::string text = g.text();
  GltfDocument doc = std::move(load_gltf(as_bytes(text), "two.gltf", ".")).value();
  SceneOptions fire;
  fire.animation = "fire";
  fire.fps = 1;
  Result<ImportedScene> scene = import_scene(*doc, fire);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  ASSERT_EQ(scene->model.nodes[1].keys.size(), 3u);
  EXPECT_FLOAT_EQ(scene->model.nodes[1].keys[2].pos[0], 2.0f);
  SceneOptions still;
  still.still = true;
  EXPECT_TRUE(import_scene(*doc, still)->model.nodes[1].keys.empty());
  SceneOptions missing;
  missing.animation = "run";
  Result<ImportedScene> error = import_scene(*doc, missing);
  ASSERT_FALSE(error.ok());
  EXPECT_EQ(error.error().rule, codes::kGltfAnimation);
  EXPECT_EQ(error.error().to_string(), "two.gltf: no animation named \"run\" (the file has \"idle\", \"fire\")");
  SceneOptions zero;
  zero.fps = 0;
  EXPECT_EQ(import_scene(*doc, zero).error().rule, codes::kGltfAnimation);
}

TEST(ImportScene, ModelBuildsAndPassesTheModelChecks) {
  Gltf g;
  const int base = g.node({{"name", "base"}, {"mesh", g.mesh({0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}, {0, 1, 2, 0, 2, 3})}});
  const int top = g.node({{"name", "top"}, {"translation", {0, 1, 0}}, {"mesh", g.mesh(kTriangle, {0, 1, 2})}}, false);
  g.child(base, top);
  const ImportedScene s = imported_ok(g);
  Result<msh::Model> m = msh::build_model(s.model);
  ASSERT_TRUE(m.ok()) << m.error().to_string();
  for (const Diagnostic& d : msh::check_model(*m)) EXPECT_NE(d.severity, Severity::error) << d.to_string();
  // The quad's shared diagonal is a twin edge.
  EXPECT_EQ(m->triangles[0].link[2], 1);
  // The top node stands 1 above the base (glTF +Y, game +Z): the header box reaches z = 2.
  EXPECT_FLOAT_EQ(m->bounds.corners[6][2], 2.0f);
}

}  // namespace
}  // namespace parkan::importer
