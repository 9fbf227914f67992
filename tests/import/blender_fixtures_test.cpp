// Models written by Blender's own glTF exporter (tests/import/blender/make_fixtures.py, which says
// how to make them again): the import reads what a modder's Blender writes. Blender's frame is the
// game's, so the expected positions are the script's own numbers.
#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numbers>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "parkan/import/gltf.hpp"
#include "parkan/import/materials.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/build.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::importer {
namespace {

GltfDocument load_fixture(const char* name) {
  const std::filesystem::path path = std::filesystem::path(PARKAN_SOURCE_DIR) / "tests/import/blender" / name;
  std::ifstream file(path, std::ios::binary);
  const ByteBuffer bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  EXPECT_FALSE(bytes.empty()) << path;
  Result<GltfDocument> document = load_gltf(bytes, name, path.parent_path().string());
  EXPECT_TRUE(document.ok()) << document.error().to_string();
  return document.ok() ? std::move(document).value() : GltfDocument{};
}

ImportedScene import_scene_of(const GltfDocument& document) {
  if (!document) return {};
  Result<ImportedScene> scene = import_scene(*document);
  EXPECT_TRUE(scene.ok()) << scene.error().to_string();
  return scene.ok() ? std::move(scene).value() : ImportedScene{};
}

ImportedScene import_fixture(const char* name) { return import_scene_of(load_fixture(name)); }

std::vector<std::string> names(const ImportedScene& s) {
  std::vector<std::string> out;
  for (const msh::BuildNode& n : s.model.nodes) out.push_back(n.name);
  return out;
}

// The box of a slot's vertices, in its node's frame.
std::pair<msh::Vec3, msh::Vec3> bounds(const std::vector<msh::BuildBatch>& batches) {
  msh::Vec3 lo{1e9f, 1e9f, 1e9f}, hi{-1e9f, -1e9f, -1e9f};
  for (const msh::BuildBatch& b : batches)
    for (const msh::BuildVertex& v : b.vertices)
      for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], v.pos[k]), hi[k] = std::max(hi[k], v.pos[k]);
  return {lo, hi};
}

void expect_near(const msh::Vec3& got, msh::Vec3 want, float tolerance = 1e-5f) {
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(got[k], want[k], tolerance) << "component " << k;
}

TEST(BlenderFixtures, BuildingWithALevelOfDetailADamageStageAndASocket) {
  const ImportedScene s = import_fixture("building.glb");
  // The tower stands at z = 3: under a root of its own (the engine zeroes a root node's translation).
  EXPECT_EQ(names(s), (std::vector<std::string>{"root", "tower", "Base_flag"}));
  ASSERT_EQ(s.model.nodes.size(), 3u);
  const msh::BuildNode& tower = s.model.nodes[1];
  expect_near(tower.pos, {0, 0, 3});
  ASSERT_EQ(tower.slots.size(), 3u);
  // The 4 x 4 x 6 box about the node's origin, in every slot that has it.
  for (auto slot : {std::pair<std::size_t, std::size_t>{0, 0}, {0, 1}}) {
    const auto [lo, hi] = bounds(tower.slots.at(slot));
    expect_near(lo, {-2, -2, -3});
    expect_near(hi, {2, 2, 3});
  }
  // The damage stage: a 4 x 4 x 2 box standing at z = 1, placed in the tower's frame (z = 3).
  const auto [lo, hi] = bounds(tower.slots.at({1, 0}));
  expect_near(lo, {-2, -2, -3});
  expect_near(hi, {2, 2, -1});
  const msh::BuildNode& flag = s.model.nodes[2];
  EXPECT_EQ(flag.parent, 1);
  expect_near(flag.pos, {0, 0, 3});  // the roof, 3 above the tower's origin
  EXPECT_TRUE(flag.slots.empty());
  ASSERT_EQ(s.materials.size(), 2u);
  EXPECT_EQ(s.materials[0].name, "concrete");
  EXPECT_EQ(s.materials[1].name, "rubble");
  Result<msh::Model> model = msh::build_model(s.model);
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  for (const Diagnostic& d : msh::check_model(*model)) EXPECT_NE(d.severity, Severity::error) << d.to_string();
}

TEST(BlenderFixtures, VehicleWithATurningTurretAndACockpit) {
  const ImportedScene s = import_fixture("vehicle.glb");
  EXPECT_EQ(names(s), (std::vector<std::string>{"root", "hull", "CP_m1o1", "turret", "gun"}));
  ASSERT_EQ(s.model.nodes.size(), 5u);
  const msh::BuildNode& cockpit = s.model.nodes[2];
  EXPECT_EQ(cockpit.flags, msh::kNodeCockpit);
  EXPECT_EQ(cockpit.slots.count({0, msh::kCockpitLevel}), 1u);
  const msh::BuildNode& turret = s.model.nodes[3];
  EXPECT_EQ(turret.parent, 1);
  ASSERT_EQ(turret.keys.size(), 31u);  // frames 1..31 of Blender: 0..30 at 30 a second
  EXPECT_TRUE(s.model.nodes[1].keys.empty());
  EXPECT_TRUE(s.model.nodes[4].keys.empty());  // the gun turns with the turret, not against it

  const ByteBuffer bytes = msh::build_model_bytes(s.model).value();
  const msh::AnimStreams anim = msh::read_anim_streams(bytes).value();
  for (int frame : {0, 15, 30}) {
    const std::vector<msh::Mat4> world = msh::world_matrices(anim, float(frame)).value();
    const double a = std::numbers::pi / 2 * frame / 30;
    // The turret's +X turns toward +Y; it stands at (0, 0, 1.4).
    EXPECT_NEAR(world[3][0], std::cos(a), 2e-4) << "frame " << frame;
    EXPECT_NEAR(world[3][4], std::sin(a), 2e-4) << "frame " << frame;
    EXPECT_NEAR(world[3][11], 1.4, 1e-5);
    // The gun's origin, 2.5 along the turret's +Y, goes round with it: (-2.5 sin a, 2.5 cos a, 1.4).
    EXPECT_NEAR(world[4][3], -2.5 * std::sin(a), 1e-3) << "frame " << frame;
    EXPECT_NEAR(world[4][7], 2.5 * std::cos(a), 1e-3) << "frame " << frame;
  }
  ASSERT_EQ(s.materials.size(), 2u);
  EXPECT_EQ(s.materials[0].name, "camo");
  for (const Diagnostic& d : msh::check_model(msh::read_model(bytes).value()))
    EXPECT_NE(d.severity, Severity::error) << d.to_string();
}

TEST(BlenderFixtures, SkylightWithASeeThroughPane) {
  const GltfDocument document = load_fixture("alpha.glb");
  const ImportedScene s = import_scene_of(document);
  ASSERT_TRUE(document);
  // The plane lies at the origin: no root is put above it. Its two material slots are two primitives,
  // so two batches of one slot, in slot order: the frame (row 0), the pane (row 1).
  EXPECT_EQ(names(s), (std::vector<std::string>{"window"}));
  ASSERT_EQ(s.model.nodes.size(), 1u);
  const std::vector<msh::BuildBatch>& batches = s.model.nodes[0].slots.at({0, 0});
  ASSERT_EQ(batches.size(), 2u);
  EXPECT_EQ(batches[0].wear_row, 0);
  EXPECT_EQ(batches[0].vertices.size(), 8u);   // the inset's ring: the outer and the inner square
  EXPECT_EQ(batches[0].indices.size(), 24u);   // its 4 quads
  EXPECT_EQ(batches[1].wear_row, 1);
  EXPECT_EQ(batches[1].vertices.size(), 4u);
  EXPECT_EQ(batches[1].indices.size(), 6u);
  // The 2 x 2 plane; the inset of 0.2 leaves a 1.6 x 1.6 pane.
  auto [lo, hi] = bounds({batches[0]});
  expect_near(lo, {-1, -1, 0});
  expect_near(hi, {1, 1, 0});
  std::tie(lo, hi) = bounds({batches[1]});
  expect_near(lo, {-0.8f, -0.8f, 0});
  expect_near(hi, {0.8f, 0.8f, 0});
  ASSERT_EQ(s.materials.size(), 2u);
  EXPECT_EQ(s.materials[0].name, "frame");
  EXPECT_EQ(s.materials[1].name, "glass");
  EXPECT_FALSE(s.materials[0].lightmapped);
  EXPECT_FALSE(s.materials[1].lightmapped);

  const ImportedMaterials m = import_materials(*document, s.materials, {}).value();
  ASSERT_EQ(m.materials.size(), 2u);
  ASSERT_EQ(m.textures.size(), 2u);
  EXPECT_TRUE(m.lightmaps.empty());
  // The frame: opaque (category 0), its RGB checker 565 with the full chain 8, 4, 2, 1.
  const ImportedMaterial& frame = m.materials[0];
  EXPECT_EQ(frame.name, "FRAME");
  EXPECT_EQ(frame.mat.attributes.attr1, 0u);
  ASSERT_EQ(frame.texture, 0);
  const ImportedTexture& wood = m.textures[0];
  EXPECT_EQ(wood.name, "WOOD.0");
  EXPECT_EQ(wood.format, texm::Format::rgb565);
  const texm::Texture wood_texm = texm::read(wood.payload).value();
  EXPECT_EQ(wood_texm.format, texm::Format::rgb565);
  EXPECT_EQ(wood_texm.header.width, 8u);
  EXPECT_EQ(wood_texm.header.height, 8u);
  EXPECT_EQ(wood_texm.header.mip_count, 4u);
  // The pane: BLEND is category 1 (attr1 bits 2..); the Alpha input 0.5 is p3 = round(0.5 * 100); the
  // Color output linked to Base Color makes the factor's RGB 1, diffuse 255.
  const ImportedMaterial& glass = m.materials[1];
  EXPECT_EQ(glass.name, "GLASS");
  EXPECT_EQ(glass.mat.attributes.attr1, 1u << 2);
  ASSERT_EQ(glass.mat.phases.size(), 1u);
  const auto& p = glass.mat.phases[0].params;
  EXPECT_EQ(p[3], 50);
  EXPECT_EQ(p[4], 255);
  EXPECT_EQ(p[5], 255);
  EXPECT_EQ(p[6], 255);
  EXPECT_EQ(glass.mat.phases[0].texture_name(), "PANE.0");
  ASSERT_EQ(glass.texture, 1);
  const ImportedTexture& pane = m.textures[1];
  EXPECT_EQ(pane.name, "PANE.0");
  EXPECT_EQ(pane.format, texm::Format::argb8888);  // half its pixels have alpha 128
  const texm::Texture pane_texm = texm::read(pane.payload).value();
  EXPECT_EQ(pane_texm.format, texm::Format::argb8888);
  EXPECT_EQ(pane_texm.header.width, 16u);
  EXPECT_EQ(pane_texm.header.height, 16u);
  EXPECT_EQ(pane_texm.header.mip_count, 5u);  // 16, 8, 4, 2, 1
  // The image's top row is Blender's row 15, of square row 3: column 0 is square (0 + 3) odd, `b`
  // (alpha 128), column 4 square (1 + 3) even, `a` (255); and row 4 (Blender's 11, square row 2)
  // the other way round.
  const texm::Image level0 = texm::decode(pane_texm, 0).value();
  auto alpha = [&](std::size_t x, std::size_t y) { return level0.rgba[(y * 16 + x) * 4 + 3]; };
  EXPECT_EQ(alpha(0, 0), 128);
  EXPECT_EQ(alpha(4, 0), 255);
  EXPECT_EQ(alpha(0, 4), 255);
  EXPECT_EQ(alpha(4, 4), 128);
  const ByteBuffer wear = wear_text(m);
  EXPECT_EQ(std::string(wear.begin(), wear.end()), "2\n0 FRAME\n1 GLASS\n");
}

TEST(BlenderFixtures, RoomCornerWithALightmapOnTheSecondUvMap) {
  const GltfDocument document = load_fixture("lightmap.glb");
  const ImportedScene s = import_scene_of(document);
  ASSERT_TRUE(document);
  EXPECT_EQ(names(s), (std::vector<std::string>{"room"}));
  ASSERT_EQ(s.model.nodes.size(), 1u);
  ASSERT_EQ(s.materials.size(), 1u);
  EXPECT_EQ(s.materials[0].name, "plaster");
  EXPECT_TRUE(s.materials[0].lightmapped);  // occlusionTexture on texCoord 1, and TEXCOORD_1 there
  const std::vector<msh::BuildBatch>& batches = s.model.nodes[0].slots.at({0, 0});
  ASSERT_EQ(batches.size(), 1u);
  const msh::BuildBatch& batch = batches[0];
  EXPECT_EQ(batch.wear_row, 0);
  EXPECT_TRUE(batch.lightmapped);
  EXPECT_EQ(batch.indices.size(), 12u);  // two quads
  // The script's corners. uv: the planes' own map, in Blender ((x + 2) / 4, (y + 2) / 4) on the floor
  // and ((x + 2) / 4, z / 4) on the wall, glTF's v 1 - Blender's. lightmap: the script's atlas, v
  // likewise 1 - Blender's. The smallest u and v of each map (0, 1/16) are in tile 0: no shift.
  struct Corner {
    msh::Vec3 pos, normal;
    std::array<float, 2> uv, lightmap;
  };
  const msh::Vec3 up{0, 0, 1}, south{0, -1, 0};  // the floor's normal, the wall's (toward the room)
  const std::vector<Corner> corners = {
      {{-2, -2, 0}, up, {0, 1}, {1 / 16.f, 15 / 16.f}},      // floor: u 1/16 + (x + 2) 3/32
      {{2, -2, 0}, up, {1, 1}, {7 / 16.f, 15 / 16.f}},       //        v 1/16 + (y + 2) 7/32
      {{2, 2, 0}, up, {1, 0}, {7 / 16.f, 1 / 16.f}},
      {{-2, 2, 0}, up, {0, 0}, {1 / 16.f, 1 / 16.f}},
      {{-2, 2, 0}, south, {0, 1}, {9 / 16.f, 15 / 16.f}},    // wall: u 9/16 + (x + 2) 3/32
      {{2, 2, 0}, south, {1, 1}, {15 / 16.f, 15 / 16.f}},    //       v 1/16 + z 7/32
      {{2, 2, 4}, south, {1, 0}, {15 / 16.f, 1 / 16.f}},
      {{-2, 2, 4}, south, {0, 0}, {9 / 16.f, 1 / 16.f}},
  };
  ASSERT_EQ(batch.vertices.size(), corners.size());
  auto near = [](const msh::Vec3& a, const msh::Vec3& b) {
    return std::abs(a[0] - b[0]) < 1e-5f && std::abs(a[1] - b[1]) < 1e-5f && std::abs(a[2] - b[2]) < 1e-5f;
  };
  for (const Corner& c : corners) {
    std::size_t found = 0;
    for (const msh::BuildVertex& v : batch.vertices) {
      if (!near(v.pos, c.pos) || !near(v.normal, c.normal)) continue;
      ++found;
      EXPECT_NEAR(v.uv[0], c.uv[0], 1e-6f);
      EXPECT_NEAR(v.uv[1], c.uv[1], 1e-6f);
      EXPECT_NEAR(v.lightmap[0], c.lightmap[0], 1e-6f);
      EXPECT_NEAR(v.lightmap[1], c.lightmap[1], 1e-6f);
    }
    EXPECT_EQ(found, 1u) << "corner (" << c.pos[0] << ", " << c.pos[1] << ", " << c.pos[2] << ")";
  }

  const ImportedMaterials m = import_materials(*document, s.materials, {}).value();
  ASSERT_EQ(m.materials.size(), 1u);
  EXPECT_EQ(m.materials[0].name, "PLASTER");
  EXPECT_EQ(m.materials[0].mat.attributes.attr1, 0u);
  ASSERT_EQ(m.textures.size(), 1u);
  EXPECT_EQ(m.textures[0].name, "PLASTER.0");
  EXPECT_EQ(m.textures[0].format, texm::Format::rgb565);
  EXPECT_EQ(m.textures[0].width, 16u);
  // The one lightmap: the 32 x 32 "bake" ramp, stored as LightMap.lib's pages are (565, one level).
  ASSERT_EQ(m.lightmaps.size(), 1u);
  const ImportedTexture& lightmap = m.lightmaps[0];
  EXPECT_EQ(lightmap.name, "BAKE.0");
  EXPECT_EQ(lightmap.format, kLightmapFormat);
  const texm::Texture t = texm::read(lightmap.payload).value();
  EXPECT_EQ(t.format, texm::Format::rgb565);
  EXPECT_EQ(t.header.width, 32u);
  EXPECT_EQ(t.header.height, 32u);
  EXPECT_EQ(t.header.mip_count, 1u);
  EXPECT_EQ(t.levels.size(), 1u);
  const ByteBuffer wear = wear_text(m);
  EXPECT_EQ(std::string(wear.begin(), wear.end()), "1\n0 PLASTER\n\nLIGHTMAPS\n1\n0 BAKE.0\n");

  Result<msh::Model> model = msh::build_model(s.model);
  ASSERT_TRUE(model.ok()) << model.error().to_string();
  for (const Diagnostic& d : msh::check_model(*model)) EXPECT_NE(d.severity, Severity::error) << d.to_string();
}

}  // namespace
}  // namespace parkan::importer
