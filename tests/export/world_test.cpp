// The world export (parkan/export/gltf_world.hpp) on the sample game: object origins against positions
// composed here from data.tma's fields (Rz·Ry·Rx by hand) and, for mounted parts, from the socket
// nodes' matrices of the MSH files; the terrain's primitives and one face's values against the stream
// bytes; one mesh set per distinct model; warnings for missing pieces; the error for a truncated
// data.tma; Khronos' validator and (when installed) Blender on the CLI's exports.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <stdexcept>

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include "parkan/core/file.hpp"
#include "parkan/export/gltf_world.hpp"
#include "parkan/mission/mission.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/terrain/land.hpp"
#include "parkan/unit/assembly.hpp"
#include "support.hpp"

namespace parkan::gltf {
namespace {

namespace fs = std::filesystem;
using Mat = std::array<double, 16>;  // row-major, column vectors

constexpr double kTolerance = 1e-4;
const char* const kMission = "MISSIONS/Single.01/data.tma";

template <class T>
T world_value(Result<T> result) {
  if (!result) throw std::runtime_error(result.error().to_string());
  return std::move(result).value();
}

Mat identity() { return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}; }
Mat mul(const Mat& a, const Mat& b) {
  Mat m{};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 4; ++k) m[i * 4 + j] += a[i * 4 + k] * b[k * 4 + j];
  return m;
}
Mat from_engine(const msh::Mat4& e) {
  Mat m;
  for (int i = 0; i < 16; ++i) m[i] = e[i];
  return m;
}
Mat translate(double x, double y, double z) {
  Mat m = identity();
  m[3] = x, m[7] = y, m[11] = z;
  return m;
}
Mat rot_x(double a) { return {1, 0, 0, 0, 0, std::cos(a), -std::sin(a), 0, 0, std::sin(a), std::cos(a), 0, 0, 0, 0, 1}; }
Mat rot_y(double a) { return {std::cos(a), 0, std::sin(a), 0, 0, 1, 0, 0, -std::sin(a), 0, std::cos(a), 0, 0, 0, 0, 1}; }
Mat rot_z(double a) { return {std::cos(a), -std::sin(a), 0, 0, std::sin(a), std::cos(a), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}; }
// glTF's Y up from the game's Z up: (x, y, z) -> (x, z, -y).
Mat y_up() { return {1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1}; }
// The engine's placement (world specification 3): translation · Rz·Ry·Rx.
Mat placement(const mission::Object& o) {
  return mul(translate(o.position[0], o.position[1], o.position[2]),
             mul(rot_z(o.rotation[2]), mul(rot_y(o.rotation[1]), rot_x(o.rotation[0]))));
}

// A glTF node's local matrix (T · R · S).
Mat local_of(const tinygltf::Node& n) {
  Mat m = identity();
  if (n.rotation.size() == 4) {
    const double x = n.rotation[0], y = n.rotation[1], z = n.rotation[2], w = n.rotation[3];
    m = {1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y), 0,
         2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x), 0,
         2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y), 0,
         0, 0, 0, 1};
  }
  if (n.scale.size() == 3)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) m[i * 4 + j] *= n.scale[std::size_t(j)];
  if (n.translation.size() == 3) m[3] = n.translation[0], m[7] = n.translation[1], m[11] = n.translation[2];
  return m;
}

struct Loaded {
  tinygltf::Model model;
  std::vector<int> parent;
  Mat world(int node) const {
    Mat m = local_of(model.nodes[std::size_t(node)]);
    for (int p = parent[std::size_t(node)]; p >= 0; p = parent[std::size_t(p)]) m = mul(local_of(model.nodes[std::size_t(p)]), m);
    return m;
  }
  int find(const std::string& name) const {
    for (std::size_t i = 0; i < model.nodes.size(); ++i)
      if (model.nodes[i].name == name) return int(i);
    return -1;
  }
};

Loaded load_world_glb(const ByteBuffer& bytes) {
  Loaded out;
  tinygltf::TinyGLTF loader;
  std::string error, warning;
  EXPECT_TRUE(loader.LoadBinaryFromMemory(&out.model, &error, &warning, bytes.data(), unsigned(bytes.size()))) << error;
  out.parent.assign(out.model.nodes.size(), -1);
  for (std::size_t i = 0; i < out.model.nodes.size(); ++i)
    for (int c : out.model.nodes[i].children) out.parent[std::size_t(c)] = int(i);
  return out;
}

void expect_near(const Mat& got, const Mat& want, const std::string& what) {
  for (int k = 0; k < 12; ++k) EXPECT_NEAR(got[k], want[k], kTolerance) << what << " element " << k;
}

// The small sample game, written once.
const fs::path& small_game() {
  static parkan::test::TempDir dir;
  static const bool written = [] {
    sample::SampleOptions options;
    return sample::write_sample_game(dir.path(), options).ok();
  }();
  EXPECT_TRUE(written);
  return dir.path();
}

ByteBuffer read_bytes(const fs::path& path) { return world_value(read_file(path)); }

Result<Exported> export_from(const fs::path& game_dir, const ByteBuffer& mission) {
  static std::map<fs::path, resource::Game> games;
  auto found = games.find(game_dir);
  if (found == games.end()) found = games.emplace(game_dir, world_value(resource::Game::open(game_dir))).first;
  return export_mission(mission, "data.tma", &found->second, Options{}, Container::glb);
}

// The world matrix of node `n` of a model file's still pose (the engine's pose walk at t = 0).
Mat model_node_matrix(const fs::path& game_dir, const std::string& archive, const std::string& entry, std::size_t n) {
  resource::Game game = world_value(resource::Game::open(game_dir));
  resource::Payload payload = world_value(game.get(archive + "::" + entry));
  msh::AnimStreams anim = world_value(msh::read_anim_streams(payload.bytes()));
  std::vector<msh::Mat4> world = world_value(msh::world_matrices(anim, 0.0f));
  EXPECT_LT(n, world.size());
  return from_engine(world.at(n));
}

TEST(WorldExport, ObjectOriginsMatchTheMissionsPlacement) {
  const fs::path& game = small_game();
  const ByteBuffer bytes = read_bytes(game / kMission);
  mission::Mission m = world_value(mission::read_mission(bytes));
  Exported exported = world_value(export_from(game, bytes));
  EXPECT_TRUE(exported.warnings.empty()) << exported.warnings.front().to_string();
  EXPECT_EQ(exported.objects, m.objects.size());
  Loaded doc = load_world_glb(exported.document);
  const int group = doc.find("objects");
  ASSERT_GE(group, 0);
  const auto& objects = doc.model.nodes[std::size_t(group)].children;
  ASSERT_EQ(objects.size(), m.objects.size());
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const mission::Object& o = m.objects[i];
    Mat want = mul(y_up(), placement(o));
    if (o.kind >= 2)
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) want[r * 4 + c] *= o.scale[std::size_t(c)];
    expect_near(doc.world(objects[i]), want, "object " + std::to_string(i));
    EXPECT_EQ(doc.model.nodes[std::size_t(objects[i])].extras.Get("kind").GetNumberAsInt(), int(o.kind));
  }
}

// The sample's carrier (src/sample/sample_mounts.cpp): the turret on the carrier's Base_TL (node 1),
// the gun on the turret's Base_gun (node 2), each part's root dropped.
Mat gun_socket_in_unit(const fs::path& game) {
  const Mat turret_root = model_node_matrix(game, "mounts.rlb", "mount_turret.msh", 0);
  expect_near(turret_root, identity(), "the turret's root");  // dropped: only its children's frames count
  return mul(model_node_matrix(game, "mounts.rlb", "carrier.msh", 1),
             model_node_matrix(game, "mounts.rlb", "mount_turret.msh", 2));
}

TEST(WorldExport, MountedGunSitsOnTheSocketChain) {
  const fs::path& game = small_game();
  const ByteBuffer bytes = read_bytes(game / kMission);
  mission::Mission m = world_value(mission::read_mission(bytes));
  Loaded doc = load_world_glb(world_value(export_from(game, bytes)).document);
  std::size_t carriers = 0;
  const auto& objects = doc.model.nodes[std::size_t(doc.find("objects"))].children;
  for (std::size_t i = 0; i < m.objects.size(); ++i) {
    if (mission::stored_text(m.objects[i].path) != "UNITS\\UNITS\\carrier_01.dat") continue;
    ++carriers;
    // The gun's part node under the object's subtree.
    int gun = -1;
    std::vector<int> stack{objects[i]};
    while (!stack.empty()) {
      const int n = stack.back();
      stack.pop_back();
      if (doc.model.nodes[std::size_t(n)].name == "Gun (e_gun_01)") gun = n;
      for (int c : doc.model.nodes[std::size_t(n)].children) stack.push_back(c);
    }
    ASSERT_GE(gun, 0);
    expect_near(doc.world(gun), mul(y_up(), mul(placement(m.objects[i]), gun_socket_in_unit(game))), "the gun");
  }
  EXPECT_EQ(carriers, 1u);
}

TEST(WorldExport, UnitExportMountsTheGunOnTheSocketChain) {
  const fs::path& game = small_game();
  resource::Game folder = world_value(resource::Game::open(game));
  Exported exported = world_value(
      export_unit(read_bytes(game / "UNITS/UNITS/carrier_01.dat"), "carrier_01.dat", &folder, Options{}, Container::glb));
  EXPECT_TRUE(exported.warnings.empty()) << exported.warnings.front().to_string();
  EXPECT_EQ(exported.objects, 3u);  // carrier, turret, gun; the engine and its clip sit in controller slots
  EXPECT_EQ(exported.meshes, 3u);   // hull, head, barrel
  Loaded doc = load_world_glb(exported.document);
  const int gun = doc.find("Gun (e_gun_01)");
  ASSERT_GE(gun, 0);
  expect_near(doc.world(gun), mul(y_up(), gun_socket_in_unit(game)), "the gun");
  // The turret hangs on Base_TL, the gun on Base_gun; the parts' root nodes are gone.
  EXPECT_EQ(doc.model.nodes[std::size_t(doc.parent[std::size_t(doc.find("Turret (e_tur_tt_01)"))])].name, "Base_TL");
  EXPECT_EQ(doc.model.nodes[std::size_t(doc.parent[std::size_t(gun)])].name, "Base_gun");
  EXPECT_EQ(doc.find("root"), -1);
}

TEST(WorldExport, TerrainHasAPrimitivePerPairAndTheStreamsValues) {
  const fs::path& game = small_game();
  const ByteBuffer land_bytes = read_bytes(game / "DATA/MAPS/M01/Land.msh");
  terrain::Terrain land = world_value(terrain::read_terrain(land_bytes));
  std::vector<std::pair<int, int>> pairs;
  std::size_t blend = 0;
  std::size_t first = land.faces.size();
  for (std::size_t f = 0; f < land.lod_split; ++f) {
    const terrain::Face& face = land.faces[f];
    if (face.bed()) continue;
    if (first == land.faces.size()) first = f;
    const std::pair<int, int> pair{face.tex1, face.tex2};
    if (std::find(pairs.begin(), pairs.end(), pair) != pairs.end()) continue;
    pairs.push_back(pair);
    if (face.tex2 != terrain::kNoSecondMaterial) ++blend;
  }
  ASSERT_GT(blend, 0u);  // the sample map has a second layer
  Loaded doc = load_world_glb(world_value(export_from(game, read_bytes(game / kMission))).document);
  const int node = doc.find("terrain");
  ASSERT_GE(node, 0);
  const tinygltf::Mesh& mesh = doc.model.meshes[std::size_t(doc.model.nodes[std::size_t(node)].mesh)];
  EXPECT_EQ(mesh.primitives.size(), pairs.size() + blend);
  std::size_t blends = 0;
  for (const tinygltf::Primitive& p : mesh.primitives) {
    const bool over = p.attributes.count("COLOR_0") != 0;
    blends += over;
    EXPECT_EQ(doc.model.materials[std::size_t(p.material)].alphaMode, over ? "BLEND" : "OPAQUE");
  }
  EXPECT_EQ(blends, blend);

  // The first face's pair is the first primitive; its corners carry stream 3, 5 / 1024 and 18 / 1024.
  const tinygltf::Primitive& p = mesh.primitives.front();
  auto floats = [&](int accessor, std::size_t width) {
    const tinygltf::Accessor& a = doc.model.accessors[std::size_t(accessor)];
    const tinygltf::BufferView& v = doc.model.bufferViews[std::size_t(a.bufferView)];
    std::vector<float> out(a.count * width);
    std::memcpy(out.data(), doc.model.buffers[0].data.data() + v.byteOffset + a.byteOffset, out.size() * 4);
    return out;
  };
  const std::vector<float> positions = floats(p.attributes.at("POSITION"), 3);
  const std::vector<float> uv0 = floats(p.attributes.at("TEXCOORD_0"), 2), uv1 = floats(p.attributes.at("TEXCOORD_1"), 2);
  const terrain::Face& face = land.faces[first];
  auto u16_at = [](ByteView raw, std::size_t offset) {
    return double(std::uint16_t(raw[offset] | raw[offset + 1] << 8));
  };
  for (std::uint16_t v : face.vertices) {
    float stored[3];
    std::memcpy(stored, land.stream(terrain::kPositionsType)->raw.data() + std::size_t(v) * 12, 12);
    std::size_t at = positions.size();
    for (std::size_t i = 0; i < positions.size() / 3; ++i)
      if (positions[3 * i] == stored[0] && positions[3 * i + 1] == stored[1] && positions[3 * i + 2] == stored[2]) at = i;
    ASSERT_LT(at, positions.size()) << "vertex " << v;
    const ByteView uv = land.stream(terrain::kMaterialUvType)->raw, micro = land.stream(terrain::kMicroUvType)->raw;
    EXPECT_EQ(uv0[2 * at], u16_at(uv, 4 * v) / 1024.0);
    EXPECT_EQ(uv0[2 * at + 1], u16_at(uv, 4 * v + 2) / 1024.0);
    EXPECT_EQ(uv1[2 * at], u16_at(micro, 4 * v) / 1024.0);
    EXPECT_EQ(uv1[2 * at + 1], u16_at(micro, 4 * v + 2) / 1024.0);
  }
}

TEST(WorldExport, EachDistinctModelIsOneMeshSetSharedByItsObjects) {
  const fs::path& game = small_game();
  const ByteBuffer bytes = read_bytes(game / kMission);
  mission::Mission m = world_value(mission::read_mission(bytes));
  Exported exported = world_value(export_from(game, bytes));
  Loaded doc = load_world_glb(exported.document);
  EXPECT_EQ(exported.meshes, doc.model.meshes.size());
  const auto& objects = doc.model.nodes[std::size_t(doc.find("objects"))].children;
  std::map<std::string, std::set<int>> by_path;
  std::set<int> used;
  std::size_t references = 0;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    std::set<int> meshes;
    std::vector<int> stack{objects[i]};
    while (!stack.empty()) {
      const tinygltf::Node& n = doc.model.nodes[std::size_t(stack.back())];
      stack.pop_back();
      if (n.mesh >= 0) meshes.insert(n.mesh), ++references;
      for (int c : n.children) stack.push_back(c);
    }
    const std::string path(mission::stored_text(m.objects[i].path));
    auto [it, added] = by_path.emplace(path, meshes);
    if (!added) {
      EXPECT_EQ(it->second, meshes) << path;  // the same model: the same glTF meshes
    }
    used.insert(meshes.begin(), meshes.end());
  }
  EXPECT_LT(used.size(), references);  // some objects share models: meshes are referenced, not copied
  // Every glTF mesh is the terrain, a route's line, or one node's geometry of one distinct model.
  EXPECT_EQ(doc.model.meshes.size(), used.size() + 1 + m.routes.size());
}

TEST(WorldExport, MissingPiecesAreWarningsAndTheExportGoesOn) {
  const fs::path& game = small_game();
  // The edited mission is given as bytes: the game folder stays as written (no .dat "missing.dat", no
  // key "s_no_such_key").
  mission::Mission m = world_value(mission::read_mission(read_bytes(game / kMission)));
  std::size_t unit = m.objects.size();
  for (std::size_t i = 0; i < m.objects.size() && unit == m.objects.size(); ++i)
    if (m.objects[i].kind == 1) unit = i;
  ASSERT_LT(unit, m.objects.size());
  m.objects[unit].path = "UNITS\\UNITS\\missing.dat";
  mission::Object tree;
  tree.kind = 2;
  tree.path = "s_no_such_key";
  m.objects.push_back(tree);
  const ByteBuffer edited = mission::write_mission(m);
  Exported exported = world_value(export_from(game, edited));
  std::set<std::string> codes;
  for (const Diagnostic& d : exported.warnings) codes.insert(d.code);
  EXPECT_TRUE(codes.count("gltf.mission.unit"));
  EXPECT_TRUE(codes.count("gltf.mission.key"));
  EXPECT_EQ(exported.objects, m.objects.size());  // the objects are still there, as empty nodes
}

TEST(WorldExport, ATruncatedMissionIsAnError) {
  const fs::path& game = small_game();
  ByteBuffer bytes = read_bytes(game / kMission);
  bytes.resize(bytes.size() / 2);
  auto exported = export_from(game, bytes);
  ASSERT_FALSE(exported);
  EXPECT_EQ(exported.error().rule.rfind("mission.", 0), 0u) << exported.error().to_string();
}

std::string run_command(const std::string& command, int& status) {
  std::FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  std::string report;
  if (!pipe) {
    status = -1;
    return report;
  }
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) report.append(buffer, n);
  status = pclose(pipe);
  return report;
}

// `mission export` is `export gltf MISSION_DIR` under the mission group; `terrain export` writes the
// terrain node a mission export holds, alone: the same mesh, primitive for primitive, the same vertices.
TEST(WorldCli, MissionAndTerrainExportsAreTheMissionsAndItsTerrain) {
  const fs::path& game = small_game();
  parkan::test::TempDir out;
  const std::string whole = (out.path() / "whole.glb").string(), mission = (out.path() / "mission.glb").string(),
                    land = (out.path() / "land.glb").string();
  auto run = parkan::test::run_cli({"export", "gltf", (game / "MISSIONS/Single.01").string(), whole});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  run = parkan::test::run_cli({"mission", "export", (game / "MISSIONS/Single.01/data.tma").string(), mission});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(read_bytes(mission), read_bytes(whole));
  run = parkan::test::run_cli({"terrain", "export", (game / "DATA/MAPS/M01/Land.msh").string(), land});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find("exported "), std::string::npos) << run.err;
  const Loaded from_mission = load_world_glb(read_bytes(whole)), alone = load_world_glb(read_bytes(land));
  const int in_mission = from_mission.find("terrain"), own = alone.find("terrain");
  ASSERT_GE(in_mission, 0);
  ASSERT_GE(own, 0);
  const tinygltf::Mesh& a = from_mission.model.meshes[std::size_t(from_mission.model.nodes[std::size_t(in_mission)].mesh)];
  const tinygltf::Mesh& b = alone.model.meshes[std::size_t(alone.model.nodes[std::size_t(own)].mesh)];
  ASSERT_EQ(a.primitives.size(), b.primitives.size());
  for (std::size_t i = 0; i < a.primitives.size(); ++i) {
    const tinygltf::Accessor& pa = from_mission.model.accessors[std::size_t(a.primitives[i].attributes.at("POSITION"))];
    const tinygltf::Accessor& pb = alone.model.accessors[std::size_t(b.primitives[i].attributes.at("POSITION"))];
    EXPECT_EQ(pa.count, pb.count) << "primitive " << i;
    EXPECT_EQ(pa.minValues, pb.minValues) << "primitive " << i;
    EXPECT_EQ(pa.maxValues, pb.maxValues) << "primitive " << i;
  }
  EXPECT_EQ(alone.find("objects"), -1);

  // Refusals: a Land.msh outside any DATA folder without --game, a SRC that is no mission.
  const fs::path stray = out.path() / "Land.msh";
  fs::copy_file(game / "DATA/MAPS/M01/Land.msh", stray);
  run = parkan::test::run_cli({"terrain", "export", stray.string(), land});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("is not under a DATA folder: name the game folder with --game"), std::string::npos) << run.err;
  run = parkan::test::run_cli({"terrain", "export", stray.string(), land, "--game", game.string()});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("is not inside the game folder"), std::string::npos) << run.err;
  run = parkan::test::run_cli({"mission", "export", (game / "UNITS/UNITS/carrier_01.dat").string(), mission});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("is no mission folder or .tma file"), std::string::npos) << run.err;
}

#if defined(PARKAN_NODE) && defined(PARKAN_GLTF_VALIDATE) && defined(PARKAN_NPM_PREFIX)
TEST(WorldValidator, CliMissionAndUnitExportsPassWithoutErrorsOrWarnings) {
  const fs::path& game = small_game();
  parkan::test::TempDir out;
  std::vector<std::string> files;
  for (const char* name : {"mission.glb", "mission.gltf"}) {
    files.push_back((out.path() / name).string());
    auto run = parkan::test::run_cli({"export", "gltf", (game / "MISSIONS/Single.01").string(), files.back()});
    EXPECT_EQ(run.exit_code, 0) << run.err;
  }
  files.push_back((out.path() / "unit.glb").string());
  auto run = parkan::test::run_cli({"unit", "export", (game / "UNITS/UNITS/carrier_01.dat").string(), files.back()});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  files.push_back((out.path() / "land.glb").string());
  run = parkan::test::run_cli({"terrain", "export", (game / "DATA/MAPS/M01/Land.msh").string(), files.back()});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string command = std::string(PARKAN_NODE) + " " + PARKAN_GLTF_VALIDATE + " " + PARKAN_NPM_PREFIX;
  for (const std::string& f : files) command += " " + f;
  int status = 0;
  const std::string report = run_command(command, status);
  EXPECT_EQ(status, 0) << report;
  for (const std::string& f : files) EXPECT_NE(report.find(f + ": 0 errors, 0 warnings"), std::string::npos) << report;
}
#endif

#if defined(PARKAN_BLENDER) && defined(PARKAN_BLENDER_COUNT)
// Blender's own glTF importer: an object per glTF node, a mesh datablock per glTF mesh (shared meshes
// stay shared).
TEST(WorldBlender, ImportsEveryNodeAndMesh) {
  const fs::path& game = small_game();
  parkan::test::TempDir out;
  const std::string file = (out.path() / "mission.glb").string();
  auto run = parkan::test::run_cli({"export", "gltf", (game / "MISSIONS/Single.01").string(), file});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  Loaded doc = load_world_glb(read_bytes(file));
  int status = 0;
  const std::string report = run_command(std::string(PARKAN_BLENDER) + " -b --factory-startup -P " +
                                             PARKAN_BLENDER_COUNT + " -- " + file, status);
  ASSERT_EQ(status, 0) << report;
  const std::string want = "objects " + std::to_string(doc.model.nodes.size()) + " meshes " +
                           std::to_string(doc.model.meshes.size());
  EXPECT_NE(report.find(want), std::string::npos) << want << "\n" << report;
}
#endif

}  // namespace
}  // namespace parkan::gltf
