// export gltf -> import gltf (docs/import.md 5): for the sample models, the imported model draws the
// same triangles in world space at the still pose (within the export's float and the import's
// quantization), with the same node names and parents.
#include <algorithm>
#include <map>
#include <cmath>

#include <gtest/gtest.h>

#include "parkan/export/gltf.hpp"
#include "parkan/import/gltf.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/build.hpp"
#include "sample/sample_model_builder.hpp"

namespace parkan::importer {
namespace {

using msh::Vec3;
using Triangle = std::array<Vec3, 3>;

Vec3 transform(const msh::Mat4& m, const Vec3& p) {
  return {m[0] * p[0] + m[1] * p[1] + m[2] * p[2] + m[3], m[4] * p[0] + m[5] * p[1] + m[6] * p[2] + m[7],
          m[8] * p[0] + m[9] * p[1] + m[10] * p[2] + m[11]};
}

// Every triangle of stage 0, level 0 in world space at `frame` (the model's frames), by node name
// (cockpit nodes left out, as the export leaves them out), in stored order: the import keeps the
// export's primitive order and each triangle's corner order.
using WorldTriangles = std::map<std::string, std::vector<Triangle>>;
WorldTriangles world_triangles(const ByteBuffer& model_bytes, float frame = 0.0f) {
  const msh::Model m = msh::read_model(model_bytes).value();
  const msh::AnimStreams anim = msh::read_anim_streams(model_bytes).value();
  const std::vector<msh::Mat4> world = msh::world_matrices(anim, frame).value();
  WorldTriangles out;
  for (std::size_t n = 0; n < m.nodes.size(); ++n) {
    if (m.nodes[n].flags & msh::kNodeCockpit) continue;
    std::vector<Triangle>& triangles = out[m.node_name(n)];
    const std::uint16_t slot_id = m.nodes[n].slot(0, 0);
    if (slot_id == msh::kNoSlot) continue;
    const msh::Slot& slot = m.slots[slot_id];
    for (std::size_t b = slot.batch_start; b < std::size_t(slot.batch_start) + slot.batch_count; ++b) {
      const msh::Batch& batch = m.batches[b];
      for (std::size_t i = 0; i + 2 < batch.index_count; i += 3) {
        Triangle t;
        for (std::size_t k = 0; k < 3; ++k)
          t[k] = transform(world[n], m.positions[batch.base_vertex + m.indices[batch.index_start + i + k]]);
        triangles.push_back(t);
      }
    }
  }
  return out;
}

// The largest coordinate difference between the same triangle of the same node; -1 when the nodes or
// their triangle counts differ.
float largest_difference(const WorldTriangles& a, const WorldTriangles& b) {
  if (a.size() != b.size()) return -1;
  float worst = 0;
  for (const auto& [name, triangles] : a) {
    auto other = b.find(name);
    if (other == b.end() || other->second.size() != triangles.size()) return -1;
    for (std::size_t i = 0; i < triangles.size(); ++i)
      for (std::size_t k = 0; k < 3; ++k)
        for (std::size_t c = 0; c < 3; ++c) worst = std::max(worst, std::fabs(triangles[i][k][c] - other->second[i][k][c]));
  }
  return worst;
}

struct Named {
  std::string name;
  std::string parent;
};
std::vector<Named> hierarchy(const msh::Model& m) {
  std::vector<Named> out;
  for (std::size_t n = 0; n < m.nodes.size(); ++n) {
    if (m.nodes[n].flags & msh::kNodeCockpit) continue;
    const std::uint16_t p = m.nodes[n].parent;
    out.push_back({m.node_name(n), p == msh::kNoParent ? "" : m.node_name(p)});
  }
  return out;
}

void expect_round_trip(const sample::SampleModel& spec, const char* name) {
  SCOPED_TRACE(name);
  const ByteBuffer original = sample::build_sample_model(spec).value();
  gltf::Options options;
  options.animation = false;
  const gltf::Exported exported =
      gltf::export_model(gltf::Source{original, std::string(name) + ".msh", name, nullptr, nullptr}, options,
                         gltf::Container::glb)
          .value();
  Result<GltfDocument> document = load_gltf(exported.document, std::string(name) + ".glb", ".");
  ASSERT_TRUE(document.ok()) << document.error().to_string();
  Result<ImportedScene> scene = import_scene(**document);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  EXPECT_TRUE(scene->axis_root_dropped);
  const ByteBuffer imported = msh::build_model_bytes(scene->model).value();

  // Positions go through float once in each direction and a matrix product: a few ulps of a metre.
  const float difference = largest_difference(world_triangles(original), world_triangles(imported));
  EXPECT_GE(difference, 0.0f) << "the nodes or their triangle counts differ";
  EXPECT_LT(difference, 1e-4f);

  const msh::Model a = msh::read_model(original).value(), b = msh::read_model(imported).value();
  const std::vector<Named> ha = hierarchy(a), hb = hierarchy(b);
  ASSERT_EQ(ha.size(), hb.size());
  for (std::size_t i = 0; i < ha.size(); ++i) {
    EXPECT_EQ(ha[i].name, hb[i].name) << "node " << i;
    EXPECT_EQ(ha[i].parent, hb[i].parent) << "node " << i;
  }
}

// The walker's gait exported with its animation (30 frames a second) and imported at the same rate:
// at every frame of the timeline the imported model's sampler places every triangle where the
// original's does, within the quantization of the keys (1/32767 of a turn component).
TEST(ImportRoundTrip, WalkerAnimationMatchesAtEveryFrame) {
  const ByteBuffer original = sample::build_sample_model(sample::walker_model()).value();
  const gltf::Exported exported =
      gltf::export_model(gltf::Source{original, "walker.msh", "walker", nullptr, nullptr}, {}, gltf::Container::glb).value();
  ASSERT_GT(exported.frames, 1u);
  GltfDocument document = std::move(load_gltf(exported.document, "walker.glb", ".")).value();
  Result<ImportedScene> scene = import_scene(*document);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  const ByteBuffer imported = msh::build_model_bytes(scene->model).value();
  const msh::AnimStreams a = msh::read_anim_streams(original).value(), b = msh::read_anim_streams(imported).value();
  EXPECT_EQ(b.frame_count, a.frame_count);
  float worst = 0;
  for (std::uint32_t frame = 0; frame < a.frame_count; ++frame) {
    const float difference = largest_difference(world_triangles(original, float(frame)), world_triangles(imported, float(frame)));
    ASSERT_GE(difference, 0.0f) << "frame " << frame << ": the nodes or their triangle counts differ";
    worst = std::max(worst, difference);
  }
  RecordProperty("largest_position_difference", std::to_string(worst));
  EXPECT_LT(worst, 1e-3f);
}

TEST(ImportRoundTrip, TankExportedAndImportedDrawsTheSameTriangles) { expect_round_trip(sample::tank_model(), "tank"); }
TEST(ImportRoundTrip, WalkerExportedAndImportedDrawsTheSameTriangles) {
  expect_round_trip(sample::walker_model(), "walker");
}
TEST(ImportRoundTrip, BuildingExportedAndImportedDrawsTheSameTriangles) {
  expect_round_trip(sample::building_model(), "building");
}

}  // namespace
}  // namespace parkan::importer
