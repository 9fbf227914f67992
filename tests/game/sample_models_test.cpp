// The sample game's models.rlb: a tank, a building and a walker with geometry, materials and
// textures bound, every rule of docs/formats/msh.md 8 clean, written back byte-identical, geometry that makes
// sense (windings agree with the stored normals, bounds contain what they bound).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>

#include "game/sample_model_catalog.hpp"
#include "parkan/game/sample.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::game {
namespace {

constexpr std::uint32_t kMesh = 0x4853454D;

struct SampleSet {
  std::map<std::string, ByteBuffer> files;
  explicit SampleSet(std::uint32_t seed = 1) {
    SampleOptions options;
    options.seed = seed;
    for (auto* part : {sample_textures, sample_materials, sample_models})
      for (SampleFile& f : part(options)) files[f.path] = std::move(f.bytes);
  }
  // name -> payload of an NRes file of the set
  std::map<std::string, ByteBuffer> entries(const std::string& file) const {
    std::map<std::string, ByteBuffer> out;
    nres::Archive archive = nres::read(files.at(file)).value();
    for (std::size_t i = 0; i < archive.entries.size(); ++i) {
      ByteView p = archive.payload(i);
      out[std::string(archive.entries[i].name())] = ByteBuffer(p.begin(), p.end());
    }
    return out;
  }
};

const SampleSet& samples() {
  static const SampleSet set;
  return set;
}

ByteBuffer model_bytes(const std::string& name) { return samples().entries("models.rlb").at(name); }
msh::Model model(const std::string& name) { return msh::read_model(model_bytes(name)).value(); }

std::size_t node_named(const msh::Model& m, const std::string& name) {
  for (std::size_t i = 0; i < m.nodes.size(); ++i)
    if (m.node_name(i) == name) return i;
  ADD_FAILURE() << "no node " << name;
  return 0;
}

msh::Vec3 transform(const msh::Mat4& m, const msh::Vec3& p) {
  return {m[0] * p[0] + m[1] * p[1] + m[2] * p[2] + m[3], m[4] * p[0] + m[5] * p[1] + m[6] * p[2] + m[7],
          m[8] * p[0] + m[9] * p[1] + m[10] * p[2] + m[11]};
}

const char* const kModels[] = {"tank.msh", "building.msh", "walker.msh"};

TEST(SampleModels, LibraryHoldsEachModelWithItsWear) {
  nres::Archive lib = nres::read(samples().files.at("models.rlb")).value();
  std::map<std::string, std::uint32_t> types;
  for (const nres::Entry& e : lib.entries) types[std::string(e.name())] = e.type_id;
  for (const char* stem : {"tank", "building", "walker"}) {
    EXPECT_EQ(types[std::string(stem) + ".msh"], kMesh) << stem;
    EXPECT_EQ(types[std::string(stem) + ".wea"], material::kWearTypeId) << stem;
  }
  // The loose walker (scripts/demo.d/40-anim.sh) is the library's.
  EXPECT_EQ(samples().files.at("models/walker.msh"), samples().entries("models.rlb").at("walker.msh"));
}

TEST(SampleModels, ReadCheckCleanAndWriteBackByteIdentical) {
  for (const char* name : kModels) {
    const ByteBuffer bytes = model_bytes(name);
    auto m = msh::read_model(bytes);
    ASSERT_TRUE(m) << name << ": " << m.error().to_string();
    std::vector<Diagnostic> findings = msh::check_model(*m);
    EXPECT_TRUE(findings.empty()) << name << ": " << findings.front().to_string();
    EXPECT_TRUE(msh::check_anim(bytes).empty()) << name;
    auto again = msh::write_model(*m);
    ASSERT_TRUE(again) << again.error().to_string();
    EXPECT_EQ(*again, bytes) << name;
    EXPECT_GT(m->triangles.size(), 100u) << name;
    EXPECT_EQ(m->nodes.size(), m->node_strings.size()) << name;
  }
}

TEST(SampleModels, EveryBatchReachesATextureThroughWearAndMaterial) {
  auto library = samples().entries("models.rlb");
  auto materials = samples().entries("Material.lib");
  auto textures = samples().entries("Textures.lib");
  for (const char* name : kModels) {
    std::string stem = std::string(name).substr(0, std::string(name).size() - 4);
    material::Wear wear = material::parse_wear(library.at(stem + ".wea"), material::WearParser::file).value();
    for (const msh::Batch& b : model(name).batches) {
      ASSERT_LT(b.material, wear.materials.size()) << name;
      const std::string& material_name = wear.materials[b.material].name;
      ASSERT_TRUE(materials.count(material_name)) << material_name;
      material::Mat0 mat = material::read_mat0(materials.at(material_name), {0, 6}).value();
      ASSERT_FALSE(mat.phases.empty());
      EXPECT_TRUE(textures.count(std::string(mat.phases[0].texture_name()))) << material_name;
    }
  }
}

// Windings agree with the stored vertex normals and the descriptors' face normals; slot bounds
// contain their vertices; the model bounds contain every vertex at every frame.
TEST(SampleModels, GeometryIsConsistent) {
  for (const char* name : kModels) {
    msh::Model m = model(name);
    for (std::size_t s = 0; s < m.slots.size(); ++s) {
      const msh::Slot& slot = m.slots[s];
      std::size_t tri = slot.tri_start;
      for (std::size_t b = slot.batch_start; b < std::size_t(slot.batch_start) + slot.batch_count; ++b) {
        const msh::Batch& batch = m.batches[b];
        for (std::size_t k = 0; k < batch.index_count; k += 3, ++tri) {
          msh::Vec3 p[3], n{};
          for (int c = 0; c < 3; ++c) {
            std::size_t v = batch.base_vertex + m.indices[batch.index_start + k + std::size_t(c)];
            p[c] = m.positions[v];
            msh::Vec3 vn = msh::decode_normal(m.normals[v]);
            for (int a = 0; a < 3; ++a) n[a] += vn[a];
            for (int a = 0; a < 3; ++a) {
              EXPECT_GE(p[c][a], slot.aabb_min[a]) << name << " slot " << s;
              EXPECT_LE(p[c][a], slot.aabb_max[a]) << name << " slot " << s;
            }
            float d = std::hypot(p[c][0] - slot.sphere_center[0], p[c][1] - slot.sphere_center[1],
                                 p[c][2] - slot.sphere_center[2]);
            EXPECT_LE(d, slot.sphere_radius) << name << " slot " << s;
          }
          msh::Vec3 e1 = {p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]};
          msh::Vec3 e2 = {p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]};
          msh::Vec3 g = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
          const auto& f = m.triangles[tri].normal;
          EXPECT_GT(g[0] * n[0] + g[1] * n[1] + g[2] * n[2], 0.0f) << name << " triangle " << tri;
          EXPECT_GT(g[0] * f[0] + g[1] * f[1] + g[2] * f[2], 0.0f) << name << " triangle " << tri;
        }
      }
      EXPECT_EQ(tri, std::size_t(slot.tri_start) + slot.tri_count) << name;
    }
    const ByteBuffer bytes = model_bytes(name);
    msh::AnimStreams streams = msh::read_anim_streams(bytes).value();
    const msh::Vec3 lo = m.bounds.corners[0], hi = m.bounds.corners[6];
    for (std::uint32_t t = 0; t < streams.frame_count; ++t) {
      std::vector<msh::Mat4> world = msh::world_matrices(streams, static_cast<float>(t)).value();
      for (std::size_t n = 0; n < m.nodes.size(); ++n)
        for (const auto& lods : m.nodes[n].slots)
          for (std::uint16_t id : lods) {
            if (id == msh::kNoSlot) continue;
            const msh::Slot& slot = m.slots[id];
            for (std::size_t b = slot.batch_start; b < std::size_t(slot.batch_start) + slot.batch_count; ++b)
              for (std::size_t k = 0; k < m.batches[b].index_count; ++k) {
                msh::Vec3 w = transform(world[n], m.positions[m.batches[b].base_vertex +
                                                              m.indices[m.batches[b].index_start + k]]);
                for (int a = 0; a < 3; ++a) {
                  ASSERT_GE(w[a], lo[a]) << name << " frame " << t;
                  ASSERT_LE(w[a], hi[a]) << name << " frame " << t;
                }
              }
          }
    }
  }
}

TEST(SampleModels, TankTurretIsAnAnimatedChildOfTheHull) {
  const ByteBuffer tank_bytes = model_bytes("tank.msh");
  msh::Model m = model("tank.msh");
  std::size_t hull = node_named(m, "hull"), turret = node_named(m, "turret"), barrel = node_named(m, "barrel");
  EXPECT_EQ(m.nodes[hull].parent, msh::kNoParent);
  EXPECT_EQ(m.nodes[turret].parent, hull);
  EXPECT_EQ(m.nodes[barrel].parent, turret);
  EXPECT_EQ(m.nodes[node_named(m, "track_l")].parent, hull);
  EXPECT_EQ(m.nodes[node_named(m, "track_r")].parent, hull);
  EXPECT_NE(m.nodes[turret].anim_map_start, msh::kNoMap);
  msh::AnimStreams streams = msh::read_anim_streams(tank_bytes).value();
  EXPECT_GT(streams.frame_count, 60u);
  // A quarter of the sweep turns the turret (and the barrel with it), not the hull.
  auto rest = msh::world_matrices(streams, 0.0f).value();
  auto turned = msh::world_matrices(streams, static_cast<float>(streams.frame_count / 4)).value();
  EXPECT_EQ(rest[hull], turned[hull]);
  EXPECT_GT(std::fabs(rest[turret][1] - turned[turret][1]), 0.5f);  // sin of the yaw: about 0.64
  EXPECT_NE(rest[barrel], turned[barrel]);
}

TEST(SampleModels, BuildingHasThreeLodsAndADestroyedState) {
  msh::Model m = model("building.msh");
  ASSERT_EQ(m.nodes.size(), 1u);
  const msh::Node& node = m.nodes[0];
  std::size_t previous = SIZE_MAX;
  for (std::size_t lod = 0; lod < 3; ++lod) {
    std::uint16_t id = node.slot(0, lod);
    ASSERT_NE(id, msh::kNoSlot) << lod;
    EXPECT_LT(m.slots[id].tri_count, previous) << "LOD " << lod << " is not simpler than LOD " << lod - 1;
    previous = m.slots[id].tri_count;
  }
  EXPECT_EQ(m.slots[node.slot(0, 2)].tri_count, 12u);  // one box
  std::uint16_t destroyed = node.slot(1, 0);
  ASSERT_NE(destroyed, msh::kNoSlot);
  // Collapsed: lower than the standing building.
  EXPECT_LT(m.slots[destroyed].aabb_max[2], m.slots[node.slot(0, 0)].aabb_max[2] - 2.0f);
  EXPECT_EQ(node.slot(0, 3), msh::kNoSlot);
}

TEST(SampleModels, WalkerHasASkeletonWithAWalkCycle) {
  const ByteBuffer walker_bytes = model_bytes("walker.msh");
  msh::Model m = model("walker.msh");
  EXPECT_GE(m.nodes.size(), 10u);
  for (const char* part : {"pelvis", "torso", "head", "thigh_l", "shin_l", "foot_l", "thigh_r", "shin_r", "foot_r",
                           "upperarm_l", "upperarm_r"})
    node_named(m, part);
  EXPECT_EQ(m.nodes[node_named(m, "shin_l")].parent, node_named(m, "thigh_l"));
  EXPECT_EQ(m.nodes[node_named(m, "foot_r")].parent, node_named(m, "shin_r"));
  msh::AnimStreams streams = msh::read_anim_streams(walker_bytes).value();
  EXPECT_GE(streams.frame_count, 30u);
  std::size_t animated = 0, fine = 0, coarse = 0;
  for (const msh::Node& n : m.nodes) {
    animated += n.anim_map_start != msh::kNoMap;
    ASSERT_NE(n.slot(0, 0), msh::kNoSlot);
    ASSERT_NE(n.slot(0, 1), msh::kNoSlot);  // a simpler LOD 1
    fine += m.slots[n.slot(0, 0)].tri_count;
    coarse += m.slots[n.slot(0, 1)].tri_count;
  }
  EXPECT_LT(coarse, fine);
  EXPECT_EQ(animated, m.nodes.size());
  // Half a cycle later the legs have swapped: the left foot is where the right one was (mirrored in X).
  std::size_t left = node_named(m, "foot_l"), right = node_named(m, "foot_r");
  auto a = msh::world_matrices(streams, 4.0f).value();
  auto b = msh::world_matrices(streams, 4.0f + static_cast<float>(streams.frame_count - 1) / 2.0f).value();
  EXPECT_NEAR(a[left][7], b[right][7], 0.02f);    // y
  EXPECT_NEAR(a[left][11], b[right][11], 0.02f);  // z
  EXPECT_GT(std::fabs(a[left][7] - a[right][7]), 0.3f);  // the feet apart along the walk
}

TEST(SampleModels, SameSeedSameBytes) {
  SampleSet again(1), other(2);
  EXPECT_EQ(again.files, samples().files);
  EXPECT_EQ(other.files.at("models.rlb"), samples().files.at("models.rlb"));  // the shapes do not depend on it
  EXPECT_NE(other.files.at("Textures.lib"), samples().files.at("Textures.lib"));
}

// --size retail: the model catalog in units.rlb and static.rlb (sample_model_catalog.hpp).
struct RetailSet {
  std::map<std::string, ByteBuffer> files;
  explicit RetailSet(std::uint32_t seed) {
    SampleOptions options;
    options.seed = seed;
    options.retail = true;
    for (auto* part : {sample_materials, sample_models})
      for (SampleFile& f : part(options)) files[f.path] = std::move(f.bytes);
  }
};

const RetailSet& retail() {
  static const RetailSet set(1);
  return set;
}

std::map<std::string, ByteBuffer> archive_entries(const ByteBuffer& bytes) {
  std::map<std::string, ByteBuffer> out;
  nres::Archive archive = nres::read(bytes).value();
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    ByteView p = archive.payload(i);
    out[std::string(archive.entries[i].name())] = ByteBuffer(p.begin(), p.end());
  }
  return out;
}

TEST(SampleModelsRetail, EveryModelChecksCleanWithItsWearAndTheCountsAreRetail) {
  std::set<std::string> materials;
  for (const auto& [name, bytes] : archive_entries(retail().files.at("Material.lib"))) materials.insert(name);
  std::size_t models = 0, animated = 0, lightmapped = 0, wears = 0, bases = 0;
  std::size_t fewest_nodes = SIZE_MAX, most_nodes = 0;
  for (const char* library : {"units.rlb", "static.rlb"}) {
    nres::Archive archive = nres::read(retail().files.at(library)).value();
    std::map<std::string, ByteBuffer> entries = archive_entries(retail().files.at(library));
    for (const nres::Entry& e : archive.entries) {
      std::string name(e.name());
      std::string stem = name.substr(0, name.size() - 4);
      if (name.ends_with(".wea")) {
        EXPECT_EQ(e.type_id, material::kWearTypeId) << name;
        EXPECT_EQ(e.attr3, 1u) << name;
        ++wears;
        continue;
      }
      if (name.ends_with(".bas")) {
        EXPECT_TRUE(entries.count(stem + ".msh")) << name;
        ++bases;
        continue;
      }
      ASSERT_TRUE(name.ends_with(".msh")) << name;
      EXPECT_EQ(e.type_id, kMesh) << name;
      ++models;
      const ByteBuffer& bytes = entries.at(name);
      auto m = msh::read_model(bytes);
      ASSERT_TRUE(m) << name << ": " << m.error().to_string();
      std::vector<Diagnostic> findings = msh::check_model(*m);
      EXPECT_TRUE(findings.empty()) << name << ": " << findings.front().to_string();
      std::vector<Diagnostic> anim = msh::check_anim(bytes);
      EXPECT_TRUE(anim.empty()) << name << ": " << anim.front().to_string();
      fewest_nodes = std::min(fewest_nodes, m->nodes.size());
      most_nodes = std::max(most_nodes, m->nodes.size());
      animated += msh::read_anim_streams(bytes).value().frame_count > msh::kStaticFrameCount;

      ASSERT_TRUE(entries.count(stem + ".wea")) << name;
      const ByteBuffer& text = entries.at(stem + ".wea");
      std::vector<Diagnostic> wear_findings = material::check_wear(text);
      EXPECT_TRUE(wear_findings.empty()) << stem << ".wea: " << wear_findings.front().to_string();
      material::Wear wear = material::parse_wear(text, material::WearParser::buffer).value();
      EXPECT_EQ(material::parse_wear(text, material::WearParser::file).value().materials.size(), wear.materials.size());
      for (const material::WearRow& row : wear.materials) EXPECT_TRUE(materials.count(row.name)) << stem << ": " << row.name;
      for (const msh::Batch& b : m->batches) ASSERT_LT(b.material, wear.materials.size()) << name;
      if (wear.has_lightmaps) {
        ++lightmapped;
        ASSERT_EQ(wear.lightmaps.size(), 1u) << stem;
        const std::string& lightmap = wear.lightmaps[0].name;
        ASSERT_TRUE(lightmap.starts_with("LIGHT") && lightmap.ends_with(".0")) << lightmap;
        EXPECT_LT(std::stoi(lightmap.substr(5)), 25) << lightmap;  // retail LightMap.lib: LIGHT0.0 .. LIGHT24.0
        EXPECT_NE(std::string(text.begin(), text.end()).find("\n\nLIGHTMAPS\n"), std::string::npos) << stem;
      }
    }
  }
  EXPECT_EQ(models, 400u);
  EXPECT_EQ(wears, models);
  EXPECT_EQ(bases, 20u);
  EXPECT_EQ(fewest_nodes, 1u);
  EXPECT_EQ(most_nodes, 38u);
  double animated_fraction = static_cast<double>(animated) / static_cast<double>(models);
  EXPECT_GE(animated_fraction, 0.25);
  EXPECT_LE(animated_fraction, 0.4);
  EXPECT_EQ(lightmapped, 20u);  // 5%
}

// The catalog's sine (a polynomial, the same on every platform) against the C library's.
TEST(SampleModelsRetail, CatalogSineFollowsTheLibrarySine) {
  float worst = 0;
  for (int i = -20000; i <= 20000; ++i) {
    float x = static_cast<float>(i) * 0.001f;  // -20 .. 20 radians: a few turns either way
    worst = std::max(worst, std::fabs(catalog_sin(x) - std::sin(x)));
    worst = std::max(worst, std::fabs(catalog_cos(x) - std::cos(x)));
  }
  EXPECT_LT(worst, 2e-6f);
  EXPECT_EQ(catalog_sin(0.0f), 0.0f);
  EXPECT_EQ(catalog_cos(0.0f), 1.0f);
}

TEST(SampleModelsRetail, SmallSizeHasNoCatalog) {
  EXPECT_FALSE(samples().files.count("units.rlb"));
  EXPECT_FALSE(samples().files.count("static.rlb"));
  EXPECT_TRUE(retail().files.count("models.rlb"));  // the retail game keeps the small set's libraries
  EXPECT_TRUE(retail().files.count("animated.rlb"));
}

TEST(SampleModelsRetail, SameSeedSameBytes) {
  RetailSet again(1), other(2);
  EXPECT_EQ(again.files, retail().files);
  EXPECT_NE(other.files.at("units.rlb"), retail().files.at("units.rlb"));
  EXPECT_NE(other.files.at("static.rlb"), retail().files.at("static.rlb"));
}

}  // namespace
}  // namespace parkan::game
