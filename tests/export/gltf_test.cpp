// glTF export: models built in code, exported in memory and through the CLI, re-read with tinygltf
// (vertex counts, parents, names, world-space positions of the still pose and of animated frames
// against msh::world_matrices, materials, Page cells, lightmaps, the cockpit), and checked by
// Khronos' glTF validator. Expected values are worked out by hand from docs/formats/msh.md 13.
#include <cmath>
#include <cstdio>
#include <fstream>

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include "export/gltf_builders.hpp"
#include "parkan/export/gltf.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/game.hpp"
#include "support.hpp"

namespace parkan::gltf {
namespace {

using test::build_model;
using test::ModelSpec;
using Mat = std::array<double, 16>;  // row-major, column vectors, like msh::Mat4

// A game folder on disk: models.rlb (the given models and their .wea), Material.lib, Textures.lib,
// LightMap.lib.
struct GameFolder {
  parkan::test::TempDir dir;
  std::shared_ptr<const resource::Archive> models;
  std::optional<resource::Game> game;
  explicit GameFolder(const std::vector<std::pair<std::string, ByteBuffer>>& entries) {
    test::GameFiles files = test::game_files(entries);
    parkan::test::write_bytes(dir / "models.rlb", files.models);
    parkan::test::write_bytes(dir / "Material.lib", files.materials);
    parkan::test::write_bytes(dir / "Textures.lib", files.textures);
    parkan::test::write_bytes(dir / "LightMap.lib", files.lightmaps);
    models = test::value_or_throw(resource::open_archive(dir / "models.rlb"));
    game = test::value_or_throw(resource::Game::open(dir.path()));
  }
  Result<Exported> export_entry(const std::string& name, const Options& options = {},
                                Container container = Container::glb) {
    resource::Payload payload = test::value_or_throw(models->get(name));
    Source source{payload.bytes(), name, payload.display_name(), models, &*game};
    return export_model(source, options, container);
  }
};

tinygltf::Model load_glb(const ByteBuffer& bytes) {
  tinygltf::TinyGLTF loader;
  tinygltf::Model model;
  std::string error, warning;
  const bool ok = loader.LoadBinaryFromMemory(&model, &error, &warning, bytes.data(), unsigned(bytes.size()));
  EXPECT_TRUE(ok) << error;
  EXPECT_EQ(warning, "");
  return model;
}

template <class T>
std::vector<T> accessor_data(const tinygltf::Model& m, int index) {
  const tinygltf::Accessor& a = m.accessors[std::size_t(index)];
  const tinygltf::BufferView& v = m.bufferViews[std::size_t(a.bufferView)];
  const unsigned char* p = m.buffers[std::size_t(v.buffer)].data.data() + v.byteOffset + a.byteOffset;
  std::vector<T> out(a.count);
  std::memcpy(out.data(), p, a.count * sizeof(T));
  return out;
}
std::vector<std::uint32_t> index_data(const tinygltf::Model& m, int index) {
  const tinygltf::Accessor& a = m.accessors[std::size_t(index)];
  if (a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT) return accessor_data<std::uint32_t>(m, index);
  auto narrow = accessor_data<std::uint16_t>(m, index);
  return {narrow.begin(), narrow.end()};
}

Mat identity() { return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}; }
Mat multiply(const Mat& a, const Mat& b) {
  Mat r{};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 4; ++k) r[i * 4 + j] += a[i * 4 + k] * b[k * 4 + j];
  return r;
}
// The matrix of a glTF translation and rotation [x, y, z, w] (unit).
Mat trs(const std::vector<double>& t, const std::vector<double>& q) {
  const double x = q.size() == 4 ? q[0] : 0, y = q.size() == 4 ? q[1] : 0, z = q.size() == 4 ? q[2] : 0,
               w = q.size() == 4 ? q[3] : 1;
  Mat m = {1 - 2 * (y * y + z * z), 2 * (x * y - w * z),     2 * (x * z + w * y),     0,
           2 * (x * y + w * z),     1 - 2 * (x * x + z * z), 2 * (y * z - w * x),     0,
           2 * (x * z - w * y),     2 * (y * z + w * x),     1 - 2 * (x * x + y * y), 0,
           0,                       0,                       0,                       1};
  if (t.size() == 3) m[3] = t[0], m[7] = t[1], m[11] = t[2];
  return m;
}
std::array<double, 3> apply(const Mat& m, const std::array<double, 3>& p) {
  return {m[0] * p[0] + m[1] * p[1] + m[2] * p[2] + m[3], m[4] * p[0] + m[5] * p[1] + m[6] * p[2] + m[7],
          m[8] * p[0] + m[9] * p[1] + m[10] * p[2] + m[11]};
}

// World matrices of the glTF nodes; `frame` >= 0 takes each animated node's keyframe `frame`.
std::vector<Mat> gltf_world(const tinygltf::Model& m, int frame) {
  std::vector<std::vector<double>> t(m.nodes.size()), r(m.nodes.size());
  for (std::size_t n = 0; n < m.nodes.size(); ++n) t[n] = m.nodes[n].translation, r[n] = m.nodes[n].rotation;
  if (frame >= 0 && !m.animations.empty())
    for (const tinygltf::AnimationChannel& c : m.animations[0].channels) {
      const int output = m.animations[0].samplers[std::size_t(c.sampler)].output;
      if (c.target_path == "translation") {
        auto v = accessor_data<std::array<float, 3>>(m, output)[std::size_t(frame)];
        t[std::size_t(c.target_node)] = {v[0], v[1], v[2]};
      } else {
        auto v = accessor_data<std::array<float, 4>>(m, output)[std::size_t(frame)];
        r[std::size_t(c.target_node)] = {v[0], v[1], v[2], v[3]};
      }
    }
  std::vector<Mat> world(m.nodes.size(), identity());
  // Parents first: walk from the scene's roots.
  std::vector<std::pair<int, Mat>> stack;
  for (int root : m.scenes[0].nodes) stack.push_back({root, identity()});
  while (!stack.empty()) {
    auto [node, parent] = stack.back();
    stack.pop_back();
    world[std::size_t(node)] = multiply(parent, trs(t[std::size_t(node)], r[std::size_t(node)]));
    for (int child : m.nodes[std::size_t(node)].children) stack.push_back({child, world[std::size_t(node)]});
  }
  return world;
}

// The engine's world matrices (docs/formats/msh.md 7) at frame t, or (frame < 0) of the still pose
// worked out from the streams by hand: keys[map[anim_map_start]] of an animated node, its fallback key
// otherwise; node 0 without a parent loses its translation (retail-evidence: AniMesh 0x10008d88).
std::vector<msh::Mat4> engine_world(const ByteBuffer& model, int frame) {
  msh::AnimStreams anim = test::value_or_throw(msh::read_anim_streams(model));
  std::vector<msh::Mat4> world(anim.node_count);
  for (std::uint32_t n = 0; n < anim.node_count; ++n) {
    msh::NodePose pose;
    if (frame >= 0) {
      pose = test::value_or_throw(msh::sample_node(anim, n, float(frame)));
    } else {
      const std::uint16_t start = anim.node_map_start(n);
      const std::uint32_t key_index =
          start == msh::kNoMap ? anim.node_fallback(n) : load_u16(anim.map.data() + 2 * std::size_t(start));
      msh::AnimKey key = anim.key(key_index);
      pose.quat = msh::decode_quat(key.quat_raw);
      pose.pos = key.pos;
    }
    const std::uint16_t parent = anim.node_parent(n);
    if (n == 0 && parent == msh::kNoParent) pose.pos = {0.0f, 0.0f, 0.0f};
    msh::Mat4 local = msh::pose_matrix(pose);
    world[n] = parent == msh::kNoParent ? local : msh::multiply(world[parent], local);
  }
  return world;
}

// Every exported vertex in glTF world space against the engine's world transform of its source
// vertex, turned Z-up to Y-up: (x, y, z) -> (x, z, -y). Returns the number of vertices compared.
std::size_t compare_world(const tinygltf::Model& gltf, const ByteBuffer& model_bytes, const msh::Model& model,
                          int frame, double tolerance) {
  const std::vector<Mat> world = gltf_world(gltf, frame);
  const std::vector<msh::Mat4> engine = engine_world(model_bytes, frame);
  std::size_t compared = 0;
  for (std::size_t n = 0; n < model.nodes.size(); ++n) {
    const tinygltf::Node& node = gltf.nodes[n];
    if (node.mesh < 0) continue;
    const msh::Slot& slot = model.slots[model.nodes[n].slot(0, 0)];
    const tinygltf::Mesh& mesh = gltf.meshes[std::size_t(node.mesh)];
    for (std::size_t p = 0; p < mesh.primitives.size(); ++p) {
      const msh::Batch& batch = model.batches[slot.batch_start + p];
      auto positions = accessor_data<std::array<float, 3>>(gltf, mesh.primitives[p].attributes.at("POSITION"));
      auto indices = index_data(gltf, mesh.primitives[p].indices);
      std::vector<std::uint32_t> source(batch.index_count);
      for (std::size_t k = 0; k < source.size(); ++k)
        source[k] = batch.base_vertex + model.indices[batch.index_start + k];
      for (std::size_t k = 0; k < indices.size(); ++k) {
        const auto& v = positions[indices[k]];
        const auto exported = apply(world[n], {v[0], v[1], v[2]});
        // The same corner in the source (the exporter may swap corners 1 and 2 of a triangle).
        bool found = false;
        const std::size_t t = k / 3 * 3;
        for (std::size_t c = t; c < t + 3 && !found; ++c) {
          const msh::Vec3& s = model.positions[source[c]];
          const msh::Mat4& w = engine[n];
          const double x = w[0] * s[0] + w[1] * s[1] + w[2] * s[2] + w[3];
          const double y = w[4] * s[0] + w[5] * s[1] + w[6] * s[2] + w[7];
          const double z = w[8] * s[0] + w[9] * s[1] + w[10] * s[2] + w[11];
          found = std::abs(exported[0] - x) < tolerance && std::abs(exported[1] - z) < tolerance &&
                  std::abs(exported[2] + y) < tolerance;
        }
        EXPECT_TRUE(found) << "node " << n << " primitive " << p << " index " << k << " frame " << frame;
        if (!found) return compared;
        ++compared;
      }
    }
  }
  return compared;
}

TEST(GltfExport, NodesParentsAndRootAxisChange) {
  const msh::Model model = build_model();
  GameFolder folder({{"tank.msh", test::model_bytes(model)}});
  Exported exported = test::value_or_throw(folder.export_entry("tank.msh"));
  tinygltf::Model gltf = load_glb(exported.document);
  ASSERT_EQ(gltf.nodes.size(), model.nodes.size() + 1);
  EXPECT_EQ(gltf.nodes[0].name, "hull");
  EXPECT_EQ(gltf.nodes[1].name, "node1");
  EXPECT_EQ(gltf.nodes[2].name, "part2");
  EXPECT_EQ(gltf.nodes[1].extras.Get("socket_prefix").Get<std::string>(), "e_tur_tt");
  const tinygltf::Node& root = gltf.nodes.back();
  EXPECT_EQ(root.name, "tank");
  ASSERT_EQ(root.rotation.size(), 4u);
  EXPECT_NEAR(root.rotation[0], -std::sqrt(0.5), 1e-12);
  EXPECT_NEAR(root.rotation[3], std::sqrt(0.5), 1e-12);
  EXPECT_EQ(gltf.scenes.at(0).nodes, std::vector<int>{int(model.nodes.size())});
  // Parents: node i > 0 is the child of (i - 1) / 2, node 0 of the root.
  std::vector<int> parent(gltf.nodes.size(), -1);
  for (std::size_t n = 0; n < gltf.nodes.size(); ++n)
    for (int c : gltf.nodes[n].children) parent[std::size_t(c)] = int(n);
  EXPECT_EQ(parent[0], int(model.nodes.size()));
  for (std::size_t n = 1; n < model.nodes.size(); ++n) EXPECT_EQ(parent[n], int(model.nodes[n].parent)) << n;
  // The helper (last node) has no mesh; the others have one primitive each.
  EXPECT_EQ(gltf.nodes[model.nodes.size() - 1].mesh, -1);
  EXPECT_EQ(exported.nodes, model.nodes.size());
  EXPECT_EQ(exported.primitives, model.nodes.size() - 1);
}

TEST(GltfExport, VertexCountsAndRestPoseWorldPositions) {
  const msh::Model model = build_model();
  const ByteBuffer bytes = test::model_bytes(model);
  GameFolder folder({{"tank.msh", bytes}});
  Exported exported = test::value_or_throw(folder.export_entry("tank.msh"));
  tinygltf::Model gltf = load_glb(exported.document);
  std::size_t vertices = 0;
  for (std::size_t n = 0; n + 1 < model.nodes.size(); ++n) {
    const msh::Slot& slot = model.slots[model.nodes[n].slot(0, 0)];
    vertices += model.batches[slot.batch_start].vertex_count;  // every vertex of the sphere is used
  }
  EXPECT_EQ(exported.vertices, vertices);
  std::size_t counted = 0;
  for (const tinygltf::Mesh& mesh : gltf.meshes)
    for (const tinygltf::Primitive& p : mesh.primitives)
      counted += gltf.accessors[std::size_t(p.attributes.at("POSITION"))].count;
  EXPECT_EQ(counted, vertices);
  std::size_t corners = 0;
  for (const tinygltf::Mesh& mesh : gltf.meshes)
    for (const tinygltf::Primitive& p : mesh.primitives) corners += gltf.accessors[std::size_t(p.indices)].count;
  EXPECT_EQ(compare_world(gltf, bytes, model, -1, 1e-4), corners);
}

TEST(GltfExport, AnimatedPosesMatchTheEngineSamplerAtEveryFrame) {
  ModelSpec spec;
  spec.nodes = 7;
  const msh::Model model = build_model(spec);
  const ByteBuffer bytes = test::model_bytes(model);
  GameFolder folder({{"tank.msh", bytes}});
  Options options;
  options.fps = 24.0f;
  Exported exported = test::value_or_throw(folder.export_entry("tank.msh", options));
  EXPECT_EQ(exported.frames, spec.frames);
  EXPECT_EQ(exported.animated_nodes, 3u);  // nodes 1, 3, 6
  tinygltf::Model gltf = load_glb(exported.document);
  ASSERT_EQ(gltf.animations.size(), 1u);
  EXPECT_EQ(gltf.animations[0].channels.size(), 6u);
  const int input = gltf.animations[0].samplers[0].input;
  auto times = accessor_data<float>(gltf, input);
  ASSERT_EQ(times.size(), spec.frames);
  EXPECT_FLOAT_EQ(times[12], 12.0f / 24.0f);
  for (int frame : {0, 1, 7, 10, 20}) EXPECT_GT(compare_world(gltf, bytes, model, frame, 1e-4), 0u) << frame;
}

TEST(GltfExport, NoAnimStateAndLodChooseTheSlots) {
  const msh::Model model = build_model();
  GameFolder folder({{"tank.msh", test::model_bytes(model)}});
  Options options;
  options.animation = false;
  Exported still = test::value_or_throw(folder.export_entry("tank.msh", options));
  EXPECT_TRUE(load_glb(still.document).animations.empty());
  options.lod = 1;
  Exported coarse = test::value_or_throw(folder.export_entry("tank.msh", options));
  EXPECT_LT(coarse.vertices, still.vertices);
  options.lod = 3;  // no slot: nodes without meshes
  Exported empty = test::value_or_throw(folder.export_entry("tank.msh", options));
  EXPECT_EQ(empty.primitives, 0u);
  EXPECT_TRUE(load_glb(empty.document).meshes.empty());
  options.lod = 4;  // the cockpit view is --cockpit, not a level of detail
  EXPECT_EQ(folder.export_entry("tank.msh", options).error().rule, "gltf.options.lod");
}

TEST(GltfExport, WindingFollowsTheStoredNormals) {
  const msh::Model model = build_model();  // node 1 stores its triangles clockwise
  GameFolder folder({{"tank.msh", test::model_bytes(model)}});
  tinygltf::Model gltf = load_glb(test::value_or_throw(folder.export_entry("tank.msh")).document);
  for (int n : {0, 1, 2}) {
    const tinygltf::Primitive& p = gltf.meshes[std::size_t(gltf.nodes[std::size_t(n)].mesh)].primitives[0];
    EXPECT_EQ(p.extras.Get("winding_reversed").Get<bool>(), n == 1);
    auto positions = accessor_data<std::array<float, 3>>(gltf, p.attributes.at("POSITION"));
    auto normals = accessor_data<std::array<float, 3>>(gltf, p.attributes.at("NORMAL"));
    auto indices = index_data(gltf, p.indices);
    int outward = 0, inward = 0;
    for (std::size_t t = 0; t < indices.size(); t += 3) {
      const auto &a = positions[indices[t]], &b = positions[indices[t + 1]], &c = positions[indices[t + 2]];
      const std::array<float, 3> u{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, v{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
      const std::array<float, 3> g{u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
      const auto& s = normals[indices[t]];
      if (g[0] * g[0] + g[1] * g[1] + g[2] * g[2] < 1e-10f) continue;  // degenerate at the poles
      const float d = g[0] * s[0] + g[1] * s[1] + g[2] * s[2];
      outward += d > 0;
      inward += d < 0;
    }
    EXPECT_GT(outward, 0);
    EXPECT_EQ(inward, 0) << n;
    for (const auto& normal : normals)
      EXPECT_NEAR(normal[0] * normal[0] + normal[1] * normal[1] + normal[2] * normal[2], 1.0f, 1e-5f);
  }
}

TEST(GltfExport, MaterialsTexturesAndFallbacks) {
  ModelSpec spec;
  spec.nodes = 5;
  spec.materials = 4;  // rows 0 HULL, 1 GLASS, 2 NO_SUCH -> DEFAULT, 3 BARE (texture missing)
  GameFolder folder({{"tank.msh", test::model_bytes(build_model(spec))}});
  Exported exported = test::value_or_throw(folder.export_entry("tank.msh"));
  tinygltf::Model gltf = load_glb(exported.document);
  ASSERT_EQ(gltf.materials.size(), 4u);
  std::map<std::string, const tinygltf::Material*> by_name;
  for (const tinygltf::Material& m : gltf.materials) by_name[m.extras.Get("wear_name").Get<std::string>()] = &m;
  const tinygltf::Material& hull = *by_name.at("HULL");
  EXPECT_EQ(hull.name, "HULL");
  EXPECT_EQ(hull.alphaMode, "OPAQUE");
  EXPECT_GE(hull.pbrMetallicRoughness.baseColorTexture.index, 0);
  EXPECT_NEAR(hull.pbrMetallicRoughness.baseColorFactor[0], 1.0, 1e-6);  // p4 = 255
  EXPECT_NEAR(hull.pbrMetallicRoughness.baseColorFactor[3], 1.0, 1e-6);  // p3 = 100 %
  EXPECT_EQ(hull.extras.Get("phases").Get(0).Get("texture").Get<std::string>(), "HULL.0");
  EXPECT_EQ(hull.extras.Get("phases").Get(0).Get("params").Get(16).Get<int>(), 16);
  const tinygltf::Material& glass = *by_name.at("GLASS");
  EXPECT_EQ(glass.alphaMode, "MASK");  // category 1, alpha only 0 and 255
  EXPECT_EQ(glass.extras.Get("category").Get<int>(), 1);
  const tinygltf::Material& fallback = *by_name.at("NO_SUCH");
  EXPECT_EQ(fallback.name, "DEFAULT");
  EXPECT_EQ(fallback.extras.Get("match").Get<std::string>(), "default");
  const tinygltf::Material& bare = *by_name.at("BARE");
  EXPECT_EQ(bare.pbrMetallicRoughness.baseColorTexture.index, -1);
  // One image per texture, decoded by tinygltf from the embedded PNG.
  ASSERT_EQ(gltf.images.size(), 2u);
  EXPECT_EQ(gltf.images[0].width, 8);
  EXPECT_EQ(gltf.images[0].component, 4);
  std::vector<std::string> codes;
  for (const Diagnostic& d : exported.warnings) codes.push_back(d.code);
  EXPECT_NE(std::find(codes.begin(), codes.end(), "gltf.material.fallback"), codes.end());
  EXPECT_NE(std::find(codes.begin(), codes.end(), "gltf.texture.missing"), codes.end());
}

std::string warnings_text(const Exported& exported) {
  std::string text;
  for (const Diagnostic& d : exported.warnings) text += d.code + ": " + d.message + "\n";
  return text;
}

// The material's load flags decide the texture's surface (docs/runtime.md 6.3, docs/formats/texm.md
// 6.4): attr1 bit 1 loads it opaque. Textures.lib holds VEIL.0, a 2 x 1 8888 texture built by hand
// (header words of docs/formats/texm.md 2, pixels B, G, R, A): (B, G, R, A) = (0x30, 0x20, 0x10,
// 0x40) and (0x60, 0x50, 0x40, 0x40). Material.lib holds one entry, VEIL (category 1: blends, so
// the image's alpha picks the alphaMode), which every WEAR row falls back to (entry 0).
struct VeilExport {
  tinygltf::Model gltf;
  Exported exported;
};
VeilExport export_over_veil(std::uint32_t attr1) {
  const ByteBuffer veil = {0x54, 0x65, 0x78, 0x6D,  // magic "Texm"
                           2, 0, 0, 0,              // width
                           1, 0, 0, 0,              // height
                           1, 0, 0, 0,              // mip_count
                           0, 0, 0, 0,              // flags4
                           0, 0, 0, 0,              // flags5: no surface bit
                           0, 0, 0, 0,              // unk6
                           0xB8, 0x22, 0, 0,        // format 8888 (0x22B8)
                           0x30, 0x20, 0x10, 0x40, 0x60, 0x50, 0x40, 0x40};
  material::Mat0 mat = test::textured_material(1, "VEIL.0");
  mat.attributes.attr1 = attr1;
  const ByteBuffer mat_bytes = test::value_or_throw(material::write_mat0(mat));
  parkan::test::TempDir dir;
  test::GameFiles files = test::game_files({{"tank.msh", test::model_bytes(build_model())}});
  parkan::test::write_bytes(dir / "models.rlb", files.models);
  parkan::test::write_bytes(dir / "Material.lib", test::value_or_throw(nres::build(std::vector<nres::EntrySpec>{
                                                      {material::kMat0TypeId, attr1, 6, 0, "VEIL", mat_bytes}})));
  parkan::test::write_bytes(dir / "Textures.lib", test::value_or_throw(nres::build(std::vector<nres::EntrySpec>{
                                                      {resource::kTypeTexm, 0, 0, 0, "VEIL.0", veil}})));
  auto models = test::value_or_throw(resource::open_archive(dir / "models.rlb"));
  resource::Game game = test::value_or_throw(resource::Game::open(dir.path()));
  resource::Payload payload = test::value_or_throw(models->get("tank.msh"));
  Exported exported = test::value_or_throw(
      export_model(Source{payload.bytes(), "tank.msh", payload.display_name(), models, &game}, {}, Container::glb));
  tinygltf::Model gltf = load_glb(exported.document);
  return {std::move(gltf), std::move(exported)};
}

TEST(GltfExport, AttrOneBitOneLoadsTheMaterialsTextureOpaque) {
  // attr1 0x06 = category 1 (bits 2..5) + bit 1: load flags 0x80000 | 0x400000, an opaque surface.
  VeilExport opaque = export_over_veil(0x06);
  ASSERT_EQ(opaque.gltf.images.size(), 1u) << warnings_text(opaque.exported);
  EXPECT_EQ(opaque.gltf.images[0].image, (std::vector<unsigned char>{0x10, 0x20, 0x30, 0xFF, 0x40, 0x50, 0x60, 0xFF}));
  ASSERT_FALSE(opaque.gltf.materials.empty());
  for (const tinygltf::Material& m : opaque.gltf.materials) {
    EXPECT_EQ(m.name, "VEIL");
    EXPECT_EQ(m.alphaMode, "OPAQUE");
  }
  // attr1 0x04 = category 1 alone: load flags 0x400000, 8888 keeps its alpha surface.
  VeilExport blended = export_over_veil(0x04);
  ASSERT_EQ(blended.gltf.images.size(), 1u);
  EXPECT_EQ(blended.gltf.images[0].image, (std::vector<unsigned char>{0x10, 0x20, 0x30, 0x40, 0x40, 0x50, 0x60, 0x40}));
  for (const tinygltf::Material& m : blended.gltf.materials) EXPECT_EQ(m.alphaMode, "BLEND");
}

// The source vertices of a batch in the order the exporter writes them: each at its first use.

std::vector<std::uint32_t> primitive_sources(const msh::Model& model, const msh::Batch& batch) {
  std::vector<std::uint32_t> sources;
  std::vector<bool> seen(model.positions.size(), false);
  for (std::size_t k = 0; k < batch.index_count; ++k) {
    const std::uint32_t v = batch.base_vertex + model.indices[batch.index_start + k];
    if (!seen[v]) seen[v] = true, sources.push_back(v);
  }
  return sources;
}

msh::Batch& first_batch_of(msh::Model& model, std::size_t node, std::size_t level = 0) {
  return model.batches[model.slots[model.nodes[node].slot(0, level)].batch_start];
}

const tinygltf::Primitive& primitive_of(const tinygltf::Model& gltf, std::size_t gltf_node) {
  return gltf.meshes.at(std::size_t(gltf.nodes.at(gltf_node).mesh)).primitives.at(0);
}

const tinygltf::Material& material_of(const tinygltf::Model& gltf, std::size_t gltf_node) {
  return gltf.materials.at(std::size_t(primitive_of(gltf, gltf_node).material));
}

const std::string& image_name_of(const tinygltf::Model& gltf, int texture) {
  return gltf.images.at(std::size_t(gltf.textures.at(std::size_t(texture)).source)).name;
}

// docs/formats/msh.md 5.2, 13.5: batch word bit 0x2 is not a culling switch. With it on rows 1, 3 and
// 5, every material is still double-sided and every primitive keeps the indices and winding it has
// without the bit.
TEST(GltfExport, EveryMaterialIsDoubleSided) {
  ModelSpec spec;
  spec.nodes = 7;
  spec.materials = 6;  // rows 0..5 on nodes 0..5
  const msh::Model plain = build_model(spec);
  msh::Model flagged = plain;
  for (msh::Batch& batch : flagged.batches)
    if (batch.wear_row % 2 == 1) batch.word |= msh::kBatchTwoSided;
  GameFolder plain_folder({{"tank.msh", test::model_bytes(plain)}});
  GameFolder flagged_folder({{"tank.msh", test::model_bytes(flagged)}});
  tinygltf::Model without = load_glb(test::value_or_throw(plain_folder.export_entry("tank.msh")).document);
  tinygltf::Model with = load_glb(test::value_or_throw(flagged_folder.export_entry("tank.msh")).document);
  ASSERT_EQ(with.materials.size(), 6u);
  for (const tinygltf::Material& m : with.materials) EXPECT_TRUE(m.doubleSided) << m.name;
  ASSERT_EQ(with.meshes.size(), without.meshes.size());
  for (std::size_t i = 0; i < with.meshes.size(); ++i) {
    ASSERT_EQ(with.meshes[i].primitives.size(), without.meshes[i].primitives.size());
    for (std::size_t p = 0; p < with.meshes[i].primitives.size(); ++p) {
      const tinygltf::Primitive &a = with.meshes[i].primitives[p], &b = without.meshes[i].primitives[p];
      EXPECT_EQ(index_data(with, a.indices), index_data(without, b.indices)) << i;
      EXPECT_EQ(a.extras.Get("winding_reversed").Get<bool>(), b.extras.Get("winding_reversed").Get<bool>()) << i;
    }
  }
}

TEST(GltfExport, TheBatchWearRowByteChoosesTheMaterial) {
  msh::Model model = build_model();
  msh::Batch& batch = first_batch_of(model, 0);
  batch.wear_row = 2;        // byte +4: WEAR row 2, NO_SUCH
  batch.word = 0x00010000;   // bytes +2..+3 read 1 (GLASS): the old u16 reading
  GameFolder folder({{"tank.msh", test::model_bytes(model)}});
  tinygltf::Model gltf = load_glb(test::value_or_throw(folder.export_entry("tank.msh")).document);
  const tinygltf::Material& m = material_of(gltf, 0);
  EXPECT_EQ(m.extras.Get("wear_row").Get<int>(), 2);
  EXPECT_EQ(m.extras.Get("wear_name").Get<std::string>(), "NO_SUCH");
  EXPECT_EQ(m.name, "DEFAULT");  // NO_SUCH is not in Material.lib
  EXPECT_EQ(primitive_of(gltf, 0).extras.Get("wear_row").Get<int>(), 2);
  EXPECT_EQ(material_of(gltf, 1).extras.Get("wear_name").Get<std::string>(), "GLASS");  // node 1: row 1
}

// GLOW (gltf_builders.hpp): track 0's first key names phase 1, ambient (51, 102, 255), diffuse
// (255, 128, 0), ambient alpha 50, texture HULL.0; phase 0 is dark on GLASS.0.
TEST(GltfExport, AStillMaterialShowsTrackZerosFirstPhaseWithAmbientAsEmissive) {
  msh::Model model = build_model();
  first_batch_of(model, 0).wear_row = 4;
  GameFolder folder({{"tank.msh", test::model_bytes(model)}});
  tinygltf::Model gltf = load_glb(test::value_or_throw(folder.export_entry("tank.msh")).document);
  const tinygltf::Material& m = material_of(gltf, 0);
  EXPECT_EQ(m.name, "GLOW");
  EXPECT_EQ(m.extras.Get("phase").Get<int>(), 1);
  ASSERT_EQ(m.emissiveFactor.size(), 3u);
  EXPECT_NEAR(m.emissiveFactor[0], 0.2, 1e-7);  // 51 / 255
  EXPECT_NEAR(m.emissiveFactor[1], 0.4, 1e-7);  // 102 / 255
  EXPECT_NEAR(m.emissiveFactor[2], 1.0, 1e-7);  // 255 / 255
  const std::vector<double>& base = m.pbrMetallicRoughness.baseColorFactor;
  ASSERT_EQ(base.size(), 4u);
  EXPECT_NEAR(base[0], 1.0, 1e-7);
  EXPECT_NEAR(base[1], 128.0 / 255.0, 1e-7);
  EXPECT_NEAR(base[2], 0.0, 1e-7);
  EXPECT_NEAR(base[3], 0.5, 1e-7);  // 50 * 0.01
  ASSERT_GE(m.pbrMetallicRoughness.baseColorTexture.index, 0);
  EXPECT_EQ(m.emissiveTexture.index, m.pbrMetallicRoughness.baseColorTexture.index);
  EXPECT_EQ(image_name_of(gltf, m.emissiveTexture.index), "HULL.0");
  EXPECT_EQ(m.extras.Get("texture").Get<std::string>(), "HULL.0");
  // HULL (one phase, no track): phase 0, ambient (10, 20, 30).
  const tinygltf::Material& hull = material_of(gltf, 2);
  EXPECT_EQ(hull.name, "HULL");
  ASSERT_EQ(hull.emissiveFactor.size(), 3u);
  EXPECT_NEAR(hull.emissiveFactor[0], 10.0 / 255.0, 1e-7);
  EXPECT_NEAR(hull.emissiveFactor[2], 30.0 / 255.0, 1e-7);
}

// PANEL.0 is 16 x 8 with cells (x, w, y, h) = (0, 8, 0, 8), (8, 8, 4, 4); PANEL's p17 = 1 selects the
// second: u0 = 8 / 16 = 0.5, du = 8 / 16 = 0.5, v0 = 4 / 8 = 0.5, dv = 4 / 8 = 0.5.
TEST(GltfExport, ThePageCellMapsTheBatchUvsIntoItsRectangle) {
  msh::Model model = build_model();
  msh::Batch& batch = first_batch_of(model, 0);
  batch.wear_row = 5;
  for (std::size_t i = batch.base_vertex; i < std::size_t(batch.base_vertex) + batch.vertex_count; ++i)
    model.uv0[i] = i % 2 ? msh::PackedUv{256, 768} : msh::PackedUv{1024, 0};  // (0.25, 0.75), (1, 0)
  const std::vector<std::uint32_t> sources = primitive_sources(model, batch);
  GameFolder folder({{"tank.msh", test::model_bytes(model)}});
  tinygltf::Model gltf = load_glb(test::value_or_throw(folder.export_entry("tank.msh")).document);
  const tinygltf::Primitive& p = primitive_of(gltf, 0);
  auto uvs = accessor_data<std::array<float, 2>>(gltf, p.attributes.at("TEXCOORD_0"));
  ASSERT_EQ(uvs.size(), sources.size());
  for (std::size_t i = 0; i < uvs.size(); ++i) {
    const std::array<float, 2> expected = sources[i] % 2 ? std::array{0.625f, 0.875f} : std::array{1.0f, 0.5f};
    EXPECT_EQ(uvs[i], expected) << i;
  }
  const tinygltf::Material& m = material_of(gltf, 0);
  EXPECT_EQ(m.name, "PANEL");
  const tinygltf::Value& cell = m.extras.Get("page_cell");
  ASSERT_EQ(cell.ArrayLen(), 4u);
  for (int k = 0; k < 4; ++k) EXPECT_EQ(cell.Get(k).GetNumberAsDouble(), 0.5) << k;
  // A material without a cell (GLASS on node 1) keeps the stored UVs.
  auto plain = accessor_data<std::array<float, 2>>(gltf, primitive_of(gltf, 1).attributes.at("TEXCOORD_0"));
  const msh::Batch& other = model.batches[model.slots[model.nodes[1].slot(0, 0)].batch_start];
  EXPECT_EQ(plain[0], msh::decode_uv(model.uv0[primitive_sources(model, other)[0]]));
}

TEST(GltfExport, LitBatchesCarryType18AsTexcoord1AndTheLightmapAsOcclusion) {
  ModelSpec spec;
  spec.lightmapped = true;  // node 0's batches: +5 = 0x00, LIGHTMAPS row 0 = LM_HULL.0
  const msh::Model model = build_model(spec);
  GameFolder folder({{"tank.msh", test::model_bytes(model)}});
  Exported exported = test::value_or_throw(folder.export_entry("tank.msh"));
  tinygltf::Model gltf = load_glb(exported.document);
  const msh::Batch& batch = model.batches[model.slots[model.nodes[0].slot(0, 0)].batch_start];
  const std::vector<std::uint32_t> sources = primitive_sources(model, batch);
  const tinygltf::Primitive& p = primitive_of(gltf, 0);
  auto uv1 = accessor_data<std::array<float, 2>>(gltf, p.attributes.at("TEXCOORD_1"));
  ASSERT_EQ(uv1.size(), sources.size());
  for (std::size_t i = 0; i < uv1.size(); ++i) {
    // lightmap_uv_of(v) = ((37 v) % 1024, 1023 - (11 v) % 1024), each / 1024.
    const std::uint32_t v = sources[i];
    const std::array<float, 2> expected{float((v * 37) % 1024) / 1024.0f, float(1023 - (v * 11) % 1024) / 1024.0f};
    EXPECT_EQ(uv1[i], expected) << i;
  }
  const tinygltf::Material& m = material_of(gltf, 0);
  EXPECT_EQ(m.name, "HULL @ LM_HULL.0");
  EXPECT_TRUE(m.doubleSided);
  ASSERT_GE(m.occlusionTexture.index, 0);
  EXPECT_EQ(m.occlusionTexture.texCoord, 1);
  EXPECT_EQ(image_name_of(gltf, m.occlusionTexture.index), "LM_HULL.0");
  EXPECT_EQ(m.extras.Get("lightmap").Get<std::string>(), "LM_HULL.0");
  EXPECT_EQ(m.emissiveTexture.index, -1);  // lit: texture times lightmap, no ambient glow
  for (double c : m.emissiveFactor) EXPECT_EQ(c, 0.0);
  // Node 1 is unlit: no second UV set, no occlusion.
  EXPECT_EQ(primitive_of(gltf, 1).attributes.count("TEXCOORD_1"), 0u);
  EXPECT_EQ(material_of(gltf, 1).occlusionTexture.index, -1);
  EXPECT_TRUE(exported.warnings.empty()) << warnings_text(exported);
}

TEST(GltfExport, LitBatchesWithoutTheirLightmapAreDrawnUnlitWithAWarning) {
  ModelSpec spec;
  spec.lightmapped = true;
  GameFolder folder({{"tank.msh", test::model_bytes(build_model(spec))}});
  std::filesystem::remove(folder.dir / "LightMap.lib");
  Exported exported = test::value_or_throw(folder.export_entry("tank.msh"));
  ASSERT_EQ(exported.warnings.size(), 1u) << warnings_text(exported);
  EXPECT_EQ(exported.warnings[0].code, "gltf.lightmap.missing");
  EXPECT_EQ(material_of(load_glb(exported.document), 0).occlusionTexture.index, -1);
}

TEST(GltfExport, ALitBatchOfAModelWithoutType18IsRefused) {
  msh::Model model = build_model();
  first_batch_of(model, 0).lightmap = msh::kBatchLightmapped;  // no type 18 in the model
  GameFolder folder({{"tank.msh", test::model_bytes(model)}});
  auto result = folder.export_entry("tank.msh");
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().rule, "msh.batch.lightmap_uv");
}

// Node 1's track (gltf_builders.hpp): frame 0 at (0.8, 0.1, 0.6) turned 0.2 rad about Z, its last key
// (the fallback) at z 1.6 turned 1.4 rad. Node 0's keys sit at (1, 2, 3), which the engine zeroes.
TEST(GltfExport, TheStillPoseIsFrameZeroAndTheRootKeepsNoTranslation) {
  ModelSpec spec;
  spec.root_offset = {1.0f, 2.0f, 3.0f};
  const msh::Model model = build_model(spec);
  GameFolder folder({{"tank.msh", test::model_bytes(model)}});
  tinygltf::Model gltf = load_glb(test::value_or_throw(folder.export_entry("tank.msh")).document);
  EXPECT_EQ(gltf.nodes[0].translation, (std::vector<double>{0.0, 0.0, 0.0}));
  const tinygltf::Node& turret = gltf.nodes[1];
  ASSERT_EQ(turret.translation.size(), 3u);
  EXPECT_NEAR(turret.translation[0], 0.8, 1e-6);
  EXPECT_NEAR(turret.translation[1], 0.1, 1e-6);
  EXPECT_NEAR(turret.translation[2], 0.6, 1e-6);
  ASSERT_EQ(turret.rotation.size(), 4u);  // conj of (cos 0.1, 0, 0, sin 0.1)
  EXPECT_NEAR(turret.rotation[2], -std::sin(0.1), 1e-4);
  EXPECT_NEAR(turret.rotation[3], std::cos(0.1), 1e-4);
  EXPECT_NE(turret.extras.Get("still_key").Get<int>(), turret.extras.Get("fallback_key").Get<int>());
  // Node 2 (not animated) keeps its fallback key's translation.
  EXPECT_NEAR(gltf.nodes[2].translation[2], 0.6, 1e-6);
}

TEST(GltfExport, TheRootTranslationIsZeroInEveryAnimationFrame) {
  ModelSpec spec;
  spec.nodes = 1;
  spec.root_offset = {1.0f, 2.0f, 3.0f};
  msh::Model model = build_model(spec);
  msh::AnimTracks tracks = test::value_or_throw(msh::read_anim_tracks(
      test::value_or_throw(msh::read_anim_streams(test::model_bytes(model)))));
  tracks.tracks[0].keys.push_back(tracks.tracks[0].keys[0]);
  tracks.tracks[0].keys[1].time = 4.0f;
  tracks.tracks[0].keys[1].pos = {5.0f, 6.0f, 7.0f};
  tracks.tracks[0].has_map = true;
  ASSERT_TRUE(msh::set_animation(model, tracks).ok());
  GameFolder folder({{"tank.msh", test::model_bytes(model)}});
  tinygltf::Model gltf = load_glb(test::value_or_throw(folder.export_entry("tank.msh")).document);
  ASSERT_EQ(gltf.animations.size(), 1u);
  for (const tinygltf::AnimationChannel& c : gltf.animations[0].channels) {
    if (c.target_path != "translation") continue;
    auto values = accessor_data<std::array<float, 3>>(gltf, gltf.animations[0].samplers[std::size_t(c.sampler)].output);
    ASSERT_EQ(values.size(), 5u);
    for (const auto& v : values) EXPECT_EQ(v, (std::array{0.0f, 0.0f, 0.0f}));
  }
}

TEST(GltfExport, CockpitNodesAreLeftOutByDefaultAndAloneWithTheOption) {
  ModelSpec spec;
  spec.cockpit = true;  // node 4 "CP_m1o1": flag 0x20, child of node 0, one level-4 slot
  const msh::Model model = build_model(spec);
  GameFolder folder({{"tank.msh", test::model_bytes(model)}});
  Exported outside = test::value_or_throw(folder.export_entry("tank.msh"));
  tinygltf::Model gltf = load_glb(outside.document);
  std::vector<std::string> names;
  for (const tinygltf::Node& n : gltf.nodes) names.push_back(n.name);
  EXPECT_EQ(names, (std::vector<std::string>{"hull", "node1", "part2", "node3", "tank"}));
  EXPECT_EQ(outside.nodes, 4u);
  Options options;
  options.cockpit = true;
  Exported inside = test::value_or_throw(folder.export_entry("tank.msh", options));
  gltf = load_glb(inside.document);
  names.clear();
  for (const tinygltf::Node& n : gltf.nodes) names.push_back(n.name);
  EXPECT_EQ(names, (std::vector<std::string>{"hull", "CP_m1o1", "tank"}));  // hull: the cockpit's parent
  EXPECT_EQ(inside.nodes, 2u);
  EXPECT_EQ(gltf.nodes[0].mesh, -1);
  ASSERT_GE(gltf.nodes[1].mesh, 0);
  EXPECT_EQ(gltf.nodes[0].children, std::vector<int>{1});
  EXPECT_EQ(gltf.meshes.size(), 1u);
  EXPECT_EQ(gltf.meshes[0].extras.Get("level").Get<int>(), 4);
  EXPECT_EQ(inside.primitives, 1u);
}

TEST(GltfExport, WithoutWearOrGameTheExportIsUntexturedWithWarnings) {
  const ByteBuffer bytes = test::model_bytes(build_model());
  Source source{bytes, "lonely.msh", "lonely.msh", nullptr, nullptr};
  Exported exported = test::value_or_throw(export_model(source, {}, Container::glb));
  EXPECT_EQ(exported.warnings.size(), 2u);
  tinygltf::Model gltf = load_glb(exported.document);
  EXPECT_TRUE(gltf.images.empty());
  for (const tinygltf::Material& m : gltf.materials) EXPECT_EQ(m.extras.Get("match").Get<std::string>(), "none");
}

TEST(GltfExport, GltfTextWithPngFilesBesideIt) {
  GameFolder folder({{"tank.msh", test::model_bytes(build_model())}});
  Exported exported = test::value_or_throw(folder.export_entry("tank.msh", {}, Container::gltf));
  ASSERT_EQ(exported.images.size(), 2u);
  EXPECT_EQ(exported.images[0].file_name, "HULL.0_0.png");
  parkan::test::TempDir out;
  ASSERT_TRUE(write_exported(exported, out / "tank.gltf").ok());
  tinygltf::TinyGLTF loader;
  tinygltf::Model gltf;
  std::string error, warning;
  ASSERT_TRUE(loader.LoadASCIIFromFile(&gltf, &error, &warning, (out / "tank.gltf").string())) << error;
  EXPECT_EQ(gltf.images.size(), 2u);
  EXPECT_EQ(gltf.images[1].uri, "GLASS.0_1.png");
  EXPECT_EQ(gltf.images[1].width, 8);
  EXPECT_EQ(gltf.nodes.size(), 5u);
}

TEST(GltfExport, BrokenModelsAreRefusedWithOneError) {
  msh::Model model = build_model();
  model.indices[5] = 60000;  // past the vertex count
  model.batches[0].vertex_count = 60001;  // the batch's own count agrees (largest relative index + 1)
  const ByteBuffer bytes = test::model_bytes(model);
  Source source{bytes, "broken.msh", "models.rlb::broken.msh", nullptr, nullptr};
  auto result = export_model(source, {}, Container::glb);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().rule, "msh.index.vertex");
  EXPECT_EQ(result.error().file, "models.rlb::broken.msh");
  const ByteBuffer garbage = {1, 2, 3};
  Source unreadable{garbage, "x.msh", "x.msh", nullptr, nullptr};
  EXPECT_FALSE(export_model(unreadable, {}, Container::glb).ok());
}

// Res19's attr2 is the frame count; a few bytes could ask for 2^32 frames. The export refuses a
// count that the animated nodes' frame maps do not hold, before allocating anything (found by
// fuzz/gltf_fuzz: an 800 MB allocation from a 4.7 KB input).
TEST(GltfExport, FrameCountPastTheFrameMapsIsRefused) {
  msh::Model model = build_model();
  for (msh::StreamRow& row : model.streams)
    if (row.type_id == msh::kFrameMapType) row.attr2 = 0x7FFFFFFF;
  const ByteBuffer bytes = test::model_bytes(model);
  Source source{bytes, "huge.msh", "models.rlb::huge.msh", nullptr, nullptr};
  auto result = export_model(source, {}, Container::glb);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().rule, "gltf.anim.frames");
  Options still_static;
  still_static.animation = false;  // the geometry alone still exports
  EXPECT_TRUE(export_model(source, still_static, Container::glb).ok());
}

TEST(GltfExport, ContainerFromTheExtension) {
  EXPECT_EQ(container_for("a/b.GLB"), Container::glb);
  EXPECT_EQ(container_for("b.gltf"), Container::gltf);
  EXPECT_EQ(container_for("b.obj"), std::nullopt);
}

#if defined(PARKAN_NODE) && defined(PARKAN_GLTF_VALIDATE) && defined(PARKAN_NPM_PREFIX)
// Khronos' validator on exports made by the CLI: static and animated, .gltf and .glb, and a whole
// archive. No errors, no warnings.
TEST(GltfValidator, CliExportsPassWithoutErrorsOrWarnings) {
  ModelSpec still;
  still.frames = 0;
  still.materials = 4;
  ModelSpec hangar;  // every row (GLOW, the PANEL cell), lightmapped batches, a cockpit, a moved root
  hangar.nodes = 8;
  hangar.materials = 6;
  hangar.lightmapped = true;
  hangar.cockpit = true;
  hangar.root_offset = {1.0f, 2.0f, 3.0f};
  GameFolder folder({{"tank.msh", test::model_bytes(build_model())},
                     {"crate.msh", test::model_bytes(build_model(still))},
                     {"hangar.msh", test::model_bytes(build_model(hangar))}});
  parkan::test::TempDir out;
  const std::string models = (folder.dir / "models.rlb").string();
  std::vector<std::string> files;
  for (const char* name : {"tank", "crate", "hangar"})
    for (const char* extension : {".glb", ".gltf"}) {
      const std::string target = (out / (std::string(name) + extension)).string();
      auto run = parkan::test::run_cli({"export", "gltf", models + "::" + name + ".msh", target});
      EXPECT_EQ(run.exit_code, 0) << run.err;
      files.push_back(target);
    }
  const std::string cockpit = (out / "hangar_cockpit.glb").string();
  auto inside = parkan::test::run_cli({"export", "gltf", models + "::hangar.msh", cockpit, "--cockpit"});
  EXPECT_EQ(inside.exit_code, 0) << inside.err;
  files.push_back(cockpit);
  auto all = parkan::test::run_cli({"--quiet", "export", "gltf", models, (out / "all").string()});
  EXPECT_EQ(all.exit_code, 0) << all.err;
  for (const char* name : {"tank", "crate", "hangar"}) files.push_back((out / "all" / (std::string(name) + ".glb")).string());
  std::string command = std::string(PARKAN_NODE) + " " + PARKAN_GLTF_VALIDATE + " " + PARKAN_NPM_PREFIX;
  for (const std::string& f : files) command += " " + f;
  command += " 2>&1";
  std::FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string report;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) report.append(buffer, n);
  const int status = pclose(pipe);
  EXPECT_EQ(status, 0) << report;
  EXPECT_NE(report.find("crate.gltf: 0 errors, 0 warnings"), std::string::npos) << report;
  std::printf("%s", report.c_str());
}
#endif

}  // namespace
}  // namespace parkan::gltf
