// Models written by Blender's own glTF exporter (tests/import/blender/make_fixtures.py, which says
// how to make them again): the import reads what a modder's Blender writes. Blender's frame is the
// game's, so the expected positions are the script's own numbers.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numbers>

#include <gtest/gtest.h>

#include "parkan/import/gltf.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/build.hpp"

namespace parkan::importer {
namespace {

ImportedScene import_fixture(const char* name) {
  const std::filesystem::path path = std::filesystem::path(PARKAN_SOURCE_DIR) / "tests/import/blender" / name;
  std::ifstream file(path, std::ios::binary);
  const ByteBuffer bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  EXPECT_FALSE(bytes.empty()) << path;
  Result<GltfDocument> document = load_gltf(bytes, name, path.parent_path().string());
  EXPECT_TRUE(document.ok()) << document.error().to_string();
  if (!document.ok()) return {};
  Result<ImportedScene> scene = import_scene(**document);
  EXPECT_TRUE(scene.ok()) << scene.error().to_string();
  return scene.ok() ? std::move(scene).value() : ImportedScene{};
}

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

}  // namespace
}  // namespace parkan::importer
