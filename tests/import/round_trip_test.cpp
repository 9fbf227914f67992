// export gltf -> import gltf (-> export gltf) (docs/import.md 5): for the sample models, the imported
// model draws the same triangles in world space at every frame (within the export's float and the
// import's quantization), with the same node names and parents, UVs and images.
#include <algorithm>
#include <map>
#include <cmath>
#include <cstring>
#include <filesystem>

#include <gtest/gtest.h>

#include "../support/support.hpp"
#include "import/gltf_document.hpp"
#include "parkan/export/gltf.hpp"
#include "parkan/import/gltf.hpp"
#include "parkan/import/materials.hpp"
#include "parkan/import/mod.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/build.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/read.hpp"
#include "sample/sample_model_builder.hpp"

namespace parkan::importer {
namespace {

namespace fs = std::filesystem;
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

// The TEXCOORD_0 of every corner a .glb draws, by node name, primitives and indices in order (the
// import may join two batches of one material into one: the corners stay in order).
using CornerUvs = std::map<std::string, std::vector<std::array<double, 2>>>;
CornerUvs corner_uvs(const ByteBuffer& glb) {
  tinygltf::Model model;
  tinygltf::TinyGLTF loader;
  std::string error, warning;
  EXPECT_TRUE(loader.LoadBinaryFromMemory(&model, &error, &warning, glb.data(), unsigned(glb.size()))) << error;
  auto floats = [&](int accessor, std::size_t i, std::size_t components) {
    const tinygltf::Accessor& a = model.accessors[std::size_t(accessor)];
    const tinygltf::BufferView& v = model.bufferViews[std::size_t(a.bufferView)];
    const std::size_t stride = v.byteStride ? v.byteStride : components * 4;
    std::array<float, 3> out{};
    std::memcpy(out.data(), model.buffers[std::size_t(v.buffer)].data.data() + v.byteOffset + a.byteOffset + i * stride,
                components * 4);
    return out;
  };
  auto index_of = [&](int accessor, std::size_t i) -> std::size_t {
    const tinygltf::Accessor& a = model.accessors[std::size_t(accessor)];
    const tinygltf::BufferView& v = model.bufferViews[std::size_t(a.bufferView)];
    const unsigned char* p = model.buffers[std::size_t(v.buffer)].data.data() + v.byteOffset + a.byteOffset;
    if (a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT) {
      std::uint16_t u;
      std::memcpy(&u, p + i * 2, 2);
      return u;
    }
    std::uint32_t u;
    std::memcpy(&u, p + i * 4, 4);
    return u;
  };
  CornerUvs out;
  for (const tinygltf::Node& node : model.nodes) {
    if (node.mesh < 0) continue;
    auto& uvs = out[node.name];
    for (const tinygltf::Primitive& p : model.meshes[std::size_t(node.mesh)].primitives) {
      auto uv = p.attributes.find("TEXCOORD_0");
      if (uv == p.attributes.end()) continue;
      for (std::size_t i = 0; i < model.accessors[std::size_t(p.indices)].count; ++i) {
        const auto value = floats(uv->second, index_of(p.indices, i), 2);
        uvs.push_back({value[0], value[1]});
      }
    }
  }
  return out;
}

// The largest rotation difference of any node's world matrix (its 3 x 3 part, by node name) at any frame.
float largest_rotation_difference(const ByteBuffer& a_bytes, const ByteBuffer& b_bytes, std::uint32_t frames) {
  const msh::Model a = msh::read_model(a_bytes).value(), b = msh::read_model(b_bytes).value();
  const msh::AnimStreams anim_a = msh::read_anim_streams(a_bytes).value(), anim_b = msh::read_anim_streams(b_bytes).value();
  float worst = 0;
  for (std::uint32_t frame = 0; frame < std::max<std::uint32_t>(frames, 1); ++frame) {
    const auto wa = msh::world_matrices(anim_a, float(frame)).value(), wb = msh::world_matrices(anim_b, float(frame)).value();
    for (std::size_t n = 0; n < a.nodes.size(); ++n)
      for (std::size_t k = 0; k < b.nodes.size(); ++k)
        if (b.node_name(k) == a.node_name(n))
          for (std::size_t r = 0; r < 3; ++r)
            for (std::size_t c = 0; c < 3; ++c) worst = std::max(worst, std::fabs(wa[n][r * 4 + c] - wb[k][r * 4 + c]));
  }
  return worst;
}

// Every model of the sample game's model archives, exported with the game's materials and animation,
// imported and built again: names and parents, every triangle at every frame, every corner's UV (up
// to the whole tiles the import shifts a primitive by), every node's world rotation at every frame,
// and every image (the Texm the import encodes, decoded, against the exported PNG's pixels).
TEST(ImportRoundTrip, EveryModelOfTheSampleGame) {
  test::TempDir dir;
  ASSERT_TRUE(sample::write_sample_game(dir.path(), {}).ok());
  resource::Game game = resource::Game::open(dir.path()).value();
  float worst_position = 0, worst_uv = 0, worst_rotation = 0;
  int worst_pixel = 0;
  std::size_t models = 0, images = 0, not_exported = 0, uv_values = 0;
  for (const char* archive_name : {"models.rlb", "animated.rlb"}) {
    std::shared_ptr<const resource::Archive> archive = game.archive(archive_name).value();
    for (std::size_t e = 0; e < archive->entry_count(); ++e) {
      const std::string name = archive->entry(e).name;
      if (!name.ends_with(".msh")) continue;
      SCOPED_TRACE(std::string(archive_name) + "::" + name);
      const resource::Payload payload = archive->payload(e).value();
      const ByteBuffer original(payload.bytes().begin(), payload.bytes().end());
      Result<gltf::Exported> exported =
          gltf::export_model(gltf::Source{original, name, name, archive, &game}, {}, gltf::Container::glb);
      if (!exported.ok() && exported.error().rule == "gltf.model.kind") {  // mtcheck: the 24-byte node table
        ++not_exported;
        continue;
      }
      ASSERT_TRUE(exported.ok()) << exported.error().to_string();
      GltfDocument document = std::move(load_gltf(exported->document, name + ".glb", ".")).value();
      Result<ImportedScene> scene = import_scene(*document);
      ASSERT_TRUE(scene.ok()) << scene.error().to_string();
      const ByteBuffer imported = msh::build_model_bytes(scene->model).value();
      ++models;

      const std::vector<Named> ha = hierarchy(msh::read_model(original).value()), hb = hierarchy(msh::read_model(imported).value());
      ASSERT_EQ(ha.size(), hb.size());
      for (std::size_t i = 0; i < ha.size(); ++i) {
        EXPECT_EQ(ha[i].name, hb[i].name) << "node " << i;
        EXPECT_EQ(ha[i].parent, hb[i].parent) << "node " << i;
      }
      const std::uint32_t frames = std::max<std::uint32_t>(exported->frames, 1);
      for (std::uint32_t frame = 0; frame < frames; ++frame) {
        const float d = largest_difference(world_triangles(original, float(frame)), world_triangles(imported, float(frame)));
        ASSERT_GE(d, 0.0f) << "frame " << frame << ": the nodes or their triangle counts differ";
        worst_position = std::max(worst_position, d);
      }
      worst_rotation = std::max(worst_rotation, largest_rotation_difference(original, imported, exported->frames));
      // UVs: export, import into a mod over the game, export the imported model again; every corner's
      // TEXCOORD_0 the same up to the whole tiles the import shifts a primitive by (a material's Page
      // cell is baked into the first export's UVs and stays baked: the imported texture is whole).
      const std::string stem = name.substr(0, name.size() - 4) + "_rt";
      ModOptions mod_options;
      mod_options.stem = stem;
      mod_options.archive = "roundtrip.rlb";
      const ModImport mod = import_into_game(*document, game, mod_options).value();
      const fs::path mod_dir = dir.path() / ("mod_" + stem);
      fs::create_directories(mod_dir);
      for (const ModArchive& a : mod.archives) test::write_bytes(mod_dir / a.name, a.bytes);
      resource::Game over = resource::Game::open(mod_dir, dir.path()).value();
      std::shared_ptr<const resource::Archive> library = over.archive("roundtrip.rlb").value();
      const resource::Payload again_model = library->get(stem + ".msh").value();
      const gltf::Exported again = gltf::export_model(gltf::Source{again_model.bytes(), stem + ".msh", stem, library, &over},
                                                      {}, gltf::Container::glb)
                                       .value();
      EXPECT_EQ(again.warnings.size(), 0u) << again.warnings[0].to_string();
      const CornerUvs ua = corner_uvs(exported->document), ub = corner_uvs(again.document);
      ASSERT_EQ(ua.size(), ub.size());
      for (const auto& [node, uvs] : ua) {
        ASSERT_EQ(uvs.size(), ub.at(node).size()) << node;
        for (std::size_t i = 0; i < uvs.size(); ++i)
          for (std::size_t k = 0; k < 2; ++k) {
            const double d = uvs[i][k] - ub.at(node)[i][k];
            worst_uv = std::max(worst_uv, float(std::fabs(d - std::round(d))));
            ++uv_values;
          }
      }

      ImportedMaterials materials = import_materials(*document, scene->materials, {}).value();
      for (const ImportedTexture& t : materials.textures) {
        const tinygltf::Image& source = document->model.images[std::size_t(t.gltf_image)];
        const texm::Texture texture = texm::read(t.payload).value();
        const texm::Image decoded = texm::decode(texture).value();
        ASSERT_EQ(decoded.width, std::uint32_t(source.width));
        ASSERT_EQ(decoded.height, std::uint32_t(source.height));
        const std::size_t channels = std::size_t(source.component);
        for (std::size_t p = 0; p < std::size_t(source.width) * std::size_t(source.height); ++p)
          for (std::size_t c = 0; c < std::min<std::size_t>(channels, 3); ++c)
            worst_pixel = std::max(worst_pixel, std::abs(int(decoded.rgba[p * 4 + c]) - int(source.image[p * channels + c])));
        ++images;
      }
    }
  }
  EXPECT_EQ(models, 6u);  // tank, building, walker; walker, mech, tower
  EXPECT_EQ(not_exported, 1u);  // mtcheck
  EXPECT_GT(images, 0u);
  EXPECT_GT(uv_values, 10000u);
  RecordProperty("largest_position_difference", std::to_string(worst_position));
  RecordProperty("largest_uv_difference", std::to_string(worst_uv));
  RecordProperty("largest_rotation_difference", std::to_string(worst_rotation));
  RecordProperty("largest_pixel_difference", std::to_string(worst_pixel));
  std::printf("round trip of %zu models, %zu images, %zu UV values: position %.3g, uv %.3g, rotation %.3g, pixel %d\n",
              models, images, uv_values, double(worst_position), double(worst_uv), double(worst_rotation), worst_pixel);
  // Keys are quantized to 1/32767 of a quaternion component and positions go through float twice;
  // UVs are u16 / 1024 both ways; a 565 texel is within half a step of its 8-bit colour.
  EXPECT_LT(worst_position, 1e-3f);
  EXPECT_LT(worst_uv, 1.0f / 2048);
  EXPECT_LT(worst_rotation, 2e-4f);
  EXPECT_LE(worst_pixel, 4);
}

}  // namespace
}  // namespace parkan::importer
