// The sample game's models.rlb: a tank, a building and a walker with geometry, materials and
// textures bound, every rule of docs/formats/msh.md 8 clean, written back byte-identical, geometry that makes
// sense (windings agree with the stored normals, bounds contain what they bound); and the retail
// statistics both sizes follow (lightmapped models, cockpits, damage stages, interiors with path
// graphs and portals, Page cells), counted on the written libraries read back.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <ostream>
#include <set>
#include <string>

#include "sample/sample_model_catalog.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::sample {
namespace {

constexpr std::uint32_t kMesh = 0x4853454D;
// Counted on the seed-1 sample games (they follow from the generator's random draws, not from a rule;
// the small game's one Page-cell material is the tank's TANK_PLATE).
constexpr std::size_t kSmallPageCellMaterials = 1, kRetailPageCellMaterials = 110;
constexpr std::size_t kRetailStage1Nodes = 16, kRetailStage2Nodes = 5, kRetailSockets = 98;

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
    EXPECT_EQ(m->nodes.size(), m->node_names.size()) << name;
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
      ASSERT_LT(b.wear_row, wear.materials.size()) << name;
      const std::string& material_name = wear.materials[b.wear_row].name;
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

TEST(SampleModels, BuildingHasThreeLodsTwoDamageStagesAnInteriorAndASocket) {
  msh::Model m = model("building.msh");
  ASSERT_EQ(m.nodes.size(), 3u);
  EXPECT_EQ(m.node_name(0), "o01");
  EXPECT_EQ(m.node_name(1), "i01");
  EXPECT_EQ(m.node_name(2), "Base_TL");
  EXPECT_EQ(m.nodes[0].flags, msh::kNodeDrawnAtZeroLife);
  EXPECT_EQ(m.nodes[1].flags, msh::kNodeInterior);
  EXPECT_EQ(m.nodes[1].parent, 0u);
  EXPECT_EQ(m.socket_prefix(2), "e_tur_tt");
  EXPECT_EQ(m.socket_prefix(0), "");
  const msh::Node& node = m.nodes[0];
  std::size_t previous = SIZE_MAX;
  for (std::size_t lod = 0; lod < 3; ++lod) {
    std::uint16_t id = node.slot(0, lod);
    ASSERT_NE(id, msh::kNoSlot) << lod;
    EXPECT_LT(m.slots[id].tri_count, previous) << "LOD " << lod << " is not simpler than LOD " << lod - 1;
    previous = m.slots[id].tri_count;
  }
  EXPECT_EQ(m.slots[node.slot(0, 2)].tri_count, 12u);  // one box
  std::uint16_t damaged = node.slot(1, 0), destroyed = node.slot(2, 0);
  ASSERT_NE(damaged, msh::kNoSlot);
  ASSERT_NE(destroyed, msh::kNoSlot);
  // Damaged: as high as the standing building on its left; destroyed: collapsed, lower than both.
  EXPECT_FLOAT_EQ(m.slots[damaged].aabb_max[2], 7.6f);
  EXPECT_LT(m.slots[destroyed].aabb_max[2], m.slots[node.slot(0, 0)].aabb_max[2] - 2.0f);
  EXPECT_EQ(node.slot(0, 3), msh::kNoSlot);
  EXPECT_EQ(node.slot(0, msh::kCockpitLevel), msh::kNoSlot);
  for (std::size_t level = 1; level < msh::kLevelCount; ++level) {
    EXPECT_EQ(node.slot(1, level), msh::kNoSlot);
    EXPECT_EQ(node.slot(2, level), msh::kNoSlot);
  }
  // The socket has no geometry; the interior only its intact level 0.
  for (std::size_t stage = 0; stage < msh::kDamageStageCount; ++stage)
    for (std::size_t level = 0; level < msh::kLevelCount; ++level) {
      EXPECT_EQ(m.nodes[2].slot(stage, level), msh::kNoSlot);
      EXPECT_EQ(m.nodes[1].slot(stage, level) != msh::kNoSlot, stage == 0 && level == 0);
    }
  // Its batches take five WEAR rows by byte +4 (a reader of the u16 at +2 would see row 0 throughout).
  std::set<std::uint8_t> rows;
  for (const msh::Batch& b : m.batches) rows.insert(b.wear_row);
  EXPECT_EQ(rows, (std::set<std::uint8_t>{0, 1, 2, 3, 4}));
  // The path graph: 8 points on i01's floors, 7 links.
  ASSERT_EQ(m.path_nodes.size(), 8u);
  ASSERT_EQ(m.path_links.size(), 7u);
  for (const msh::PathNode& p : m.path_nodes) EXPECT_EQ(p.frame_node, 1u);
  EXPECT_EQ(m.path_links[2].from, 1u);
  EXPECT_EQ(m.path_links[2].to, 3u);
  for (std::uint32_t r : m.path_links[2].reserved) EXPECT_EQ(r, 0xFFFFFFFFu);
}

TEST(SampleModels, TankAndWalkerHaveACockpitAndSockets) {
  for (const char* name : {"tank.msh", "walker.msh"}) {
    msh::Model m = model(name);
    std::size_t cockpit = node_named(m, "CP_m1o1"), gun = node_named(m, "Base_gun");
    EXPECT_EQ(m.nodes[cockpit].flags, msh::kNodeCockpit) << name;
    for (std::size_t stage = 0; stage < msh::kDamageStageCount; ++stage)
      for (std::size_t level = 0; level < msh::kLevelCount; ++level) {
        EXPECT_EQ(m.nodes[cockpit].slot(stage, level) != msh::kNoSlot, stage == 0 && level == msh::kCockpitLevel) << name;
        EXPECT_EQ(m.nodes[gun].slot(stage, level), msh::kNoSlot) << name;
      }
    EXPECT_GT(m.slots[m.nodes[cockpit].slot(0, msh::kCockpitLevel)].tri_count, 20u) << name;
    EXPECT_EQ(m.socket_prefix(gun), "e_gun_") << name;
    EXPECT_EQ(m.socket_prefix(cockpit), "") << name;
  }
  msh::Model tank = model("tank.msh");
  EXPECT_EQ(tank.socket_prefix(node_named(tank, "Base_TL")), "e_tur_tt");
  EXPECT_EQ(tank.nodes[node_named(tank, "CP_m1o1")].parent, node_named(tank, "turret"));
  // The barrel is seen from the cockpit: its level 4 is a copy of its level 0.
  const msh::Node& barrel = tank.nodes[node_named(tank, "barrel")];
  ASSERT_NE(barrel.slot(0, msh::kCockpitLevel), msh::kNoSlot);
  EXPECT_EQ(tank.slots[barrel.slot(0, msh::kCockpitLevel)].tri_count, tank.slots[barrel.slot(0, 0)].tri_count);
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
  std::size_t animated = 0, fine = 0, coarse = 0, parts = 0;
  for (std::size_t i = 0; i < m.nodes.size(); ++i) {
    const msh::Node& n = m.nodes[i];
    if (m.node_name(i) == "CP_m1o1" || m.node_name(i) == "Base_gun") continue;  // the cockpit and the socket
    ++parts;
    animated += n.anim_map_start != msh::kNoMap;
    ASSERT_NE(n.slot(0, 0), msh::kNoSlot);
    ASSERT_NE(n.slot(0, 1), msh::kNoSlot);  // a simpler LOD 1
    fine += m.slots[n.slot(0, 0)].tri_count;
    coarse += m.slots[n.slot(0, 1)].tri_count;
  }
  EXPECT_LT(coarse, fine);
  EXPECT_EQ(parts, 13u);
  EXPECT_EQ(animated, parts);
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
    for (auto* part : {sample_textures, sample_materials, sample_models})
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


// The retail statistics the sample game follows (retail-evidence points 2, 4, 5, 7, 10;
// docs/formats/msh.md), counted on the written libraries read back with the library readers. Every
// model is also held to the per-element rules: a batch's vertex count is its largest relative index
// + 1, its lightmap byte 0x00 exactly with word bit 0x2000 and only in a lightmapped model, a room
// exactly on a portal batch (bit 0x8) and naming an interior node; type 18 exactly where the WEAR has
// LIGHTMAPS, every lit vertex inside the page; twin edges that name each other back, code 3 on open
// edges; walkable faces only in models with a path graph, every path point over a walkable face of
// its node; cockpit nodes with level 4 alone; stage 2 only after stage 1; the Slot68 tail's box volume.
struct ModelStats {
  std::size_t models = 0, lightmapped = 0, cockpit_nodes = 0, level4_slots = 0, stage1_nodes = 0, stage2_nodes = 0;
  std::size_t portal_batches = 0, path_graphs = 0, path_points = 0, walkable_faces = 0, interior_nodes = 0;
  std::size_t sockets = 0, lit_batches = 0, open_edges = 0, linked_edges = 0, zero_life_shells = 0;
  bool operator==(const ModelStats&) const = default;
};

std::ostream& operator<<(std::ostream& out, const ModelStats& s) {
  return out << "models " << s.models << ", lightmapped " << s.lightmapped << ", cockpit nodes " << s.cockpit_nodes
             << ", level-4 slots " << s.level4_slots << ", stage 1 " << s.stage1_nodes << ", stage 2 " << s.stage2_nodes
             << ", portals " << s.portal_batches << ", path graphs " << s.path_graphs << ", path points " << s.path_points
             << ", walkable " << s.walkable_faces << ", interior " << s.interior_nodes << ", sockets " << s.sockets
             << ", lit batches " << s.lit_batches << ", open edges " << s.open_edges << ", linked " << s.linked_edges;
}

bool inside_triangle(const msh::Vec3& p, const msh::Vec3& a, const msh::Vec3& b, const msh::Vec3& c) {
  auto side = [&](const msh::Vec3& u, const msh::Vec3& v) {
    return (v[0] - u[0]) * (p[1] - u[1]) - (v[1] - u[1]) * (p[0] - u[0]);
  };
  float d0 = side(a, b), d1 = side(b, c), d2 = side(c, a);
  bool negative = d0 < 0 || d1 < 0 || d2 < 0, positive = d0 > 0 || d1 > 0 || d2 > 0;
  if (negative && positive) return false;
  // The height of the plane through a, b, c at p.
  msh::Vec3 e1 = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, e2 = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
  msh::Vec3 n = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
  if (n[2] == 0) return false;
  float z = a[2] - (n[0] * (p[0] - a[0]) + n[1] * (p[1] - a[1])) / n[2];
  return std::fabs(z - p[2]) < 0.01f;
}

// LightMap.lib's pages: name -> width.
std::map<std::string, std::uint32_t> lightmap_widths(const std::map<std::string, ByteBuffer>& files) {
  std::map<std::string, std::uint32_t> widths;
  for (const auto& [name, bytes] : archive_entries(files.at("LightMap.lib")))
    widths[name] = texm::read(bytes).value().header.width;
  return widths;
}

void count_model(ModelStats& stats, const std::string& name, const ByteBuffer& bytes, const ByteBuffer& wear_text,
                 const std::map<std::string, std::uint32_t>& pages) {
  SCOPED_TRACE(name);
  ++stats.models;
  auto read = msh::read_model(bytes);
  ASSERT_TRUE(read) << read.error().to_string();
  const msh::Model& m = *read;
  for (const Diagnostic& d : msh::check_model(m))  // notes only (the legacy node table of mtcheck.msh)
    EXPECT_EQ(d.severity, Severity::note) << d.to_string();
  material::Wear wear = material::parse_wear(wear_text, material::WearParser::buffer).value();
  const bool lightmapped = wear.has_lightmaps;
  EXPECT_EQ(m.has_stream(18), lightmapped);
  EXPECT_EQ(m.lightmap_uv.size(), lightmapped ? m.positions.size() : 0u);
  stats.lightmapped += lightmapped;
  // A lit vertex stays half a texel inside its page (retail: type 18 tops out at
  // round((1 - 0.5 / width) * 1024)).
  std::uint32_t lo = 1, hi = 1023;
  if (lightmapped) {
    ASSERT_EQ(wear.lightmaps.size(), 1u);
    auto page = pages.find(wear.lightmaps[0].name);
    ASSERT_NE(page, pages.end()) << wear.lightmaps[0].name;
    lo = static_cast<std::uint32_t>(std::lround(0.5 / page->second * 1024));
    hi = static_cast<std::uint32_t>(std::lround((1 - 0.5 / page->second) * 1024));
  }
  std::size_t lit = 0;
  for (const msh::Batch& b : m.batches) {
    ASSERT_LT(b.wear_row, wear.materials.size());
    std::uint16_t largest = 0;
    for (std::size_t k = 0; k < b.index_count; ++k) largest = std::max(largest, m.indices[b.index_start + k]);
    EXPECT_EQ(b.vertex_count, largest + 1);
    const bool lit_batch = b.lightmap == msh::kBatchLightmapped;
    EXPECT_TRUE(lit_batch || b.lightmap == msh::kBatchUnlit);
    EXPECT_EQ(lit_batch, (b.word & msh::kBatchWordLightmapped) != 0);
    lit += lit_batch;
    if (lit_batch)
      for (std::size_t v = b.base_vertex; v < b.base_vertex + b.vertex_count; ++v) {
        EXPECT_GE(m.lightmap_uv[v].u, lo);
        EXPECT_LE(m.lightmap_uv[v].u, hi);
        EXPECT_GE(m.lightmap_uv[v].v, lo);
        EXPECT_LE(m.lightmap_uv[v].v, hi);
      }
    const bool portal = (b.word & msh::kBatchWordPortal) != 0;
    EXPECT_EQ(portal, b.room != msh::kNoRoom);
    if (portal) {
      ++stats.portal_batches;
      ASSERT_LT(b.room, m.nodes.size());
      EXPECT_EQ(m.nodes[b.room].flags & msh::kNodeInterior, msh::kNodeInterior);
    }
  }
  EXPECT_EQ(lit > 0, lightmapped);
  stats.lit_batches += lit;
  std::size_t walkable = 0;
  for (std::size_t t = 0; t < m.triangles.size(); ++t) {
    const msh::TriangleDesc& d = m.triangles[t];
    walkable += (d.flags & msh::kFaceWalkable) != 0;
    EXPECT_EQ(d.selectors >> 6, 0u);
    for (unsigned k = 0; k < 3; ++k) {
      unsigned code = (d.selectors >> (2 * k)) & 3u;
      if (d.link[k] == 0xFFFF) {
        EXPECT_EQ(code, 3u);
        ++stats.open_edges;
        continue;
      }
      ++stats.linked_edges;
      ASSERT_LT(code, 3u);
      ASSERT_LT(d.link[k], m.triangles.size());
      EXPECT_EQ(m.triangles[d.link[k]].link[code], t);
    }
  }
  stats.walkable_faces += walkable;
  EXPECT_EQ(walkable > 0, !m.path_nodes.empty());
  if (!m.path_nodes.empty()) ++stats.path_graphs;
  stats.path_points += m.path_nodes.size();
  for (const msh::PathLink& link : m.path_links) {
    EXPECT_LT(link.from, m.path_nodes.size());
    EXPECT_LT(link.to, m.path_nodes.size());
  }
  for (const msh::PathNode& p : m.path_nodes) {
    ASSERT_LT(p.frame_node, m.nodes.size());
    std::uint16_t id = m.nodes[p.frame_node].slot(0, 0);
    ASSERT_NE(id, msh::kNoSlot);
    const msh::Slot& slot = m.slots[id];
    bool on_floor = false;
    std::size_t tri = slot.tri_start;
    for (std::size_t b = slot.batch_start; b < std::size_t(slot.batch_start) + slot.batch_count; ++b)
      for (std::size_t k = 0; k < m.batches[b].index_count; k += 3, ++tri) {
        if ((m.triangles[tri].flags & msh::kFaceWalkable) == 0) continue;
        auto at = [&](std::size_t c) { return m.positions[m.batches[b].base_vertex + m.indices[m.batches[b].index_start + k + c]]; };
        on_floor = on_floor || inside_triangle(p.position, at(0), at(1), at(2));
      }
    EXPECT_TRUE(on_floor) << p.position[0] << " " << p.position[1] << " " << p.position[2];
  }
  for (std::size_t i = 0; i < m.nodes.size(); ++i) {
    const msh::Node& n = m.nodes[i];
    const std::string node_name = m.node_name(i);
    if (n.flags & msh::kNodeCockpit) {
      ++stats.cockpit_nodes;
      EXPECT_EQ(node_name, "CP_m1o1");
      for (std::size_t stage = 0; stage < msh::kDamageStageCount; ++stage)
        for (std::size_t level = 0; level < msh::kLevelCount; ++level)
          EXPECT_EQ(n.slot(stage, level) != msh::kNoSlot, stage == 0 && level == msh::kCockpitLevel) << node_name;
    }
    EXPECT_EQ((n.flags & msh::kNodeInterior) != 0, node_name.starts_with("i0")) << node_name;
    stats.interior_nodes += (n.flags & msh::kNodeInterior) != 0;
    if (n.flags & msh::kNodeDrawnAtZeroLife) {
      ++stats.zero_life_shells;
      EXPECT_EQ(node_name, "o01");
    }
    if (!m.socket_prefix(i).empty()) {
      ++stats.sockets;
      EXPECT_TRUE(node_name.starts_with("Base_")) << node_name;
    }
    for (std::size_t stage = 0; stage < msh::kDamageStageCount; ++stage)
      stats.level4_slots += n.slot(stage, msh::kCockpitLevel) != msh::kNoSlot;
    auto stage_filled = [&](std::size_t stage) {
      for (std::size_t level = 0; level < msh::kLevelCount; ++level)
        if (n.slot(stage, level) != msh::kNoSlot) return true;
      return false;
    };
    stats.stage1_nodes += stage_filled(1);
    stats.stage2_nodes += stage_filled(2);
    EXPECT_TRUE(!stage_filled(2) || stage_filled(1)) << node_name;  // filled in order
    EXPECT_TRUE(!stage_filled(1) || stage_filled(0)) << node_name;
  }
  for (const msh::Slot& slot : m.slots) {
    EXPECT_EQ(slot.box_volume, (slot.aabb_max[0] - slot.aabb_min[0]) * (slot.aabb_max[1] - slot.aabb_min[1]) *
                                   (slot.aabb_max[2] - slot.aabb_min[2]));
    EXPECT_EQ(slot.area > 0.0f, slot.tri_count > 0);
  }
}

// Every `<stem>.msh` of the libraries with its `<stem>.wea`.
ModelStats library_stats(const std::map<std::string, ByteBuffer>& files, std::initializer_list<const char*> libraries) {
  ModelStats stats;
  const std::map<std::string, std::uint32_t> pages = lightmap_widths(files);
  for (const char* library : libraries) {
    std::map<std::string, ByteBuffer> entries = archive_entries(files.at(library));
    for (const auto& [name, bytes] : entries)
      if (name.ends_with(".msh"))
        count_model(stats, std::string(library) + "::" + name, bytes, entries.at(name.substr(0, name.size() - 4) + ".wea"),
                    pages);
  }
  return stats;
}

// Materials whose phase draws one Page cell (p17 = c >= 0): each cell is inside its texture's table.
std::size_t page_cell_materials(const std::map<std::string, ByteBuffer>& files) {
  std::map<std::string, std::size_t> cells;
  for (const auto& [name, bytes] : archive_entries(files.at("Textures.lib"))) {
    auto t = texm::read(bytes);
    if (t && t->page) cells[name] = t->page->size();
  }
  nres::Archive archive = nres::read(files.at("Material.lib")).value();
  std::size_t count = 0;
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    const nres::Entry& e = archive.entries[i];
    material::Mat0 mat = material::read_mat0(archive.payload(i), {e.attr1, e.attr2}).value();
    bool cell = false;
    for (const material::Phase& p : mat.phases) {
      if (p.params[17] == 0xFF) continue;
      cell = true;
      auto table = cells.find(std::string(p.texture_name()));
      EXPECT_NE(table, cells.end()) << e.name() << ": " << p.texture_name() << " has no Page table";
      EXPECT_LT(p.params[17], table == cells.end() ? 0u : table->second) << e.name();
    }
    count += cell;
  }
  return count;
}

TEST(SampleModelsRetail, EveryModelChecksCleanWithItsWearAndTheCountsAreRetail) {
  std::set<std::string> materials;
  for (const auto& [name, bytes] : archive_entries(retail().files.at("Material.lib"))) materials.insert(name);
  std::size_t models = 0, animated = 0, lightmapped = 0, wears = 0, bases = 0, object_data = 0;
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
      // u32 n, then 76-byte damage records (.ndp, one per node of the model beside it) or 36 + 32-byte
      // control points (.cpt): docs/formats/objdata.md 1, 2.
      if (name.ends_with(".ndp") || name.ends_with(".cpt")) {
        const ByteBuffer& data = entries.at(name);
        ASSERT_GE(data.size(), 4u) << name;
        const std::uint32_t n = load_u32(data.data());
        const bool ndp = name.ends_with(".ndp");
        EXPECT_EQ(data.size(), 4u + n * (ndp ? 76u : 68u)) << name;
        EXPECT_EQ(e.type_id, ndp ? 0x5250444Eu : 0x54505443u) << name;
        ASSERT_TRUE(entries.count(stem + ".msh")) << name;
        if (ndp) {
          EXPECT_EQ(n, msh::read_model(entries.at(stem + ".msh")).value().nodes.size()) << name;
        }
        ++object_data;
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
      for (const msh::Batch& b : m->batches) ASSERT_LT(b.wear_row, wear.materials.size()) << name;
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
  EXPECT_EQ(object_data, 2u * 230u);  // a .ndp and a .cpt per catalog building, vehicle, robot and turret
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


TEST(SampleModels, TheSmallGameFollowsTheRetailStatistics) {
  ModelStats stats = library_stats(samples().files, {"models.rlb"});
  ModelStats animated = library_stats(samples().files, {"animated.rlb"});
  SCOPED_TRACE(testing::Message() << stats);
  EXPECT_EQ(stats.models, 3u);
  EXPECT_EQ(stats.lightmapped, 1u);  // the building
  EXPECT_EQ(stats.cockpit_nodes, 2u);  // the tank's and the walker's
  EXPECT_EQ(stats.level4_slots, 3u);   // the two cockpits and the tank's barrel
  EXPECT_EQ(stats.stage1_nodes, 1u);   // the building's shell: damaged
  EXPECT_EQ(stats.stage2_nodes, 1u);   //                        destroyed
  EXPECT_EQ(stats.portal_batches, 3u);  // its door in LOD 0, LOD 1 and damaged
  EXPECT_EQ(stats.path_graphs, 1u);
  EXPECT_EQ(stats.path_points, 8u);
  EXPECT_EQ(stats.interior_nodes, 1u);
  EXPECT_EQ(stats.zero_life_shells, 1u);
  EXPECT_EQ(stats.sockets, 4u);  // the building's Base_TL, the tank's Base_TL and Base_gun, the walker's Base_gun
  EXPECT_EQ(animated.models, 4u);  // walker, mech, tower, mtcheck
  EXPECT_EQ(animated.cockpit_nodes, 1u);  // the walker's copy
  EXPECT_EQ(animated.lightmapped + animated.portal_batches + animated.path_graphs + animated.stage1_nodes, 0u);
  EXPECT_EQ(page_cell_materials(samples().files), kSmallPageCellMaterials);
}

TEST(SampleModelsRetail, TheRetailGameFollowsTheRetailStatistics) {
  ModelStats catalog = library_stats(retail().files, {"units.rlb", "static.rlb"});
  SCOPED_TRACE(testing::Message() << catalog);
  EXPECT_EQ(catalog.models, 400u);
  EXPECT_EQ(catalog.lightmapped, 20u);  // + models.rlb's building: 21, as in retail
  EXPECT_EQ(catalog.path_graphs, 28u);  // + the building: 29
  EXPECT_EQ(catalog.interior_nodes, 28u);
  EXPECT_EQ(catalog.zero_life_shells, 28u);
  EXPECT_EQ(catalog.portal_batches, 28u);
  EXPECT_EQ(catalog.path_points, 28u * 7u);
  EXPECT_EQ(catalog.cockpit_nodes, 26u);  // + the tank's and the walker's: 28
  EXPECT_EQ(catalog.level4_slots, 26u);
  EXPECT_EQ(catalog.sockets, kRetailSockets);  // Base_TL and Base_gun on every vehicle with a turret
  EXPECT_EQ(catalog.stage1_nodes, kRetailStage1Nodes);
  EXPECT_EQ(catalog.stage2_nodes, kRetailStage2Nodes);
  ModelStats small = library_stats(retail().files, {"models.rlb"});
  EXPECT_EQ(small.lightmapped + catalog.lightmapped, 21u);
  EXPECT_EQ(small.path_graphs + catalog.path_graphs, 29u);
  EXPECT_EQ(small.cockpit_nodes + catalog.cockpit_nodes, 28u);
  EXPECT_EQ(page_cell_materials(retail().files), kRetailPageCellMaterials);
}

}  // namespace
}  // namespace parkan::sample
