// glTF materials and images to MAT0 and Texm (include/parkan/import/materials.hpp, docs/import.md 6):
// phase bytes worked out from the factors (p = round(f * 255), ambient alpha round(a * 100)),
// textures read back with texm's own reader and decoder.
#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

#include "gltf_text.hpp"
#include "parkan/export/png.hpp"
#include "parkan/import/codes.hpp"
#include "parkan/import/materials.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::importer {
namespace {

using test::Gltf;
using test::json;

const std::vector<float> kTriangle = {0, 0, 0, 1, 0, 0, 0, 1, 0};

struct Imported {
  GltfDocument document;
  ImportedScene scene;
};

Imported import_text(const std::string& text) {
  Imported out{std::move(load_gltf(as_bytes(text), "model.gltf", ".")).value(), {}};
  out.scene = import_scene(*out.document).value();
  return out;
}

std::vector<std::uint8_t> png_of(std::uint32_t w, std::uint32_t h, std::uint8_t alpha) {
  texm::Image image{w, h, texm::PixelBuffer(std::size_t(w) * h * 4)};
  for (std::size_t i = 0; i < std::size_t(w) * h; ++i) {
    image.rgba[i * 4] = static_cast<std::uint8_t>(i * 16);
    image.rgba[i * 4 + 1] = 200;
    image.rgba[i * 4 + 2] = static_cast<std::uint8_t>(255 - i * 8);
    image.rgba[i * 4 + 3] = alpha;
  }
  ByteBuffer png = png::encode(image).value();
  return std::vector<std::uint8_t>(png.begin(), png.end());
}

TEST(ImportMaterials, OnePhaseFromTheFactors) {
  Gltf g;
  const int m = g.material_json(json{{"name", "Steel Plate"},
                                {"pbrMetallicRoughness", {{"baseColorFactor", {0.5, 0.25, 1.0, 0.5}}}},
                                {"emissiveFactor", {0.1, 0.0, 1.0}},
                                {"alphaMode", "BLEND"}});
  g.node({{"name", "hull"}, {"mesh", g.mesh(kTriangle, {0, 1, 2}, m)}});
  Imported in = import_text(g.text());
  const ImportedMaterials out = import_materials(*in.document, in.scene.materials, {}).value();
  ASSERT_EQ(out.materials.size(), 1u);
  const ImportedMaterial& mat = out.materials[0];
  EXPECT_EQ(mat.name, "STEEL_PLATE");
  EXPECT_EQ(mat.mat.attributes.attr1, 1u << 2);  // BLEND: category 1
  EXPECT_EQ(mat.mat.attributes.attr2, 6u);
  ASSERT_EQ(mat.mat.phases.size(), 1u);
  const auto& p = mat.mat.phases[0].params;
  EXPECT_EQ(p[0], 26);   // ambient R: round(0.1 * 255)
  EXPECT_EQ(p[1], 0);
  EXPECT_EQ(p[2], 255);
  EXPECT_EQ(p[3], 50);   // ambient alpha: round(0.5 * 100)
  EXPECT_EQ(p[4], 128);  // diffuse: round(127.5), round(63.75), 255
  EXPECT_EQ(p[5], 64);
  EXPECT_EQ(p[6], 255);
  EXPECT_EQ(p[17], 0xFF);  // the whole texture
  EXPECT_FALSE(mat.mat.phases[0].has_texture());
  ASSERT_EQ(mat.mat.blocks.size(), 1u);
  EXPECT_EQ(mat.mat.blocks[0].keys, (std::vector<material::Key>{{0, 1000, 0}}));
  EXPECT_EQ(mat.texture, -1);
  // The payload parkan writes reads back and passes the MAT0 checks.
  const ByteBuffer bytes = material::write_mat0(mat.mat).value();
  const material::Mat0 back = material::read_mat0(bytes, mat.mat.attributes).value();
  EXPECT_EQ(back, mat.mat);
  for (const Diagnostic& d : material::check_mat0(back)) EXPECT_NE(d.severity, Severity::error) << d.message;
}

TEST(ImportMaterials, NamesAreCutMadeUniqueAndDefaulted) {
  Gltf g;
  const int a = g.material_json(json{{"name", "VeryLongMaterialName01"}});
  const int b = g.material_json(json{{"name", "rock"}});
  const int mesh = g.mesh(kTriangle, {0, 1, 2}, a);
  g.add_primitive(mesh, kTriangle, {0, 1, 2}, b);
  g.add_primitive(mesh, kTriangle, {0, 1, 2}, -1);
  g.node({{"name", "hull"}, {"mesh", mesh}});
  Imported in = import_text(g.text());
  MaterialOptions options;
  options.stem = "tank";
  options.material_taken = [](std::string_view name) { return name == "ROCK"; };  // already in the game
  const ImportedMaterials out = import_materials(*in.document, in.scene.materials, options).value();
  ASSERT_EQ(out.materials.size(), 3u);
  EXPECT_EQ(out.materials[0].name, "VERYLONGMATERIA");
  EXPECT_EQ(out.materials[1].name, "ROCK_2");
  EXPECT_EQ(out.materials[2].name, "TANK_2");  // a primitive without a material: the stem and its row
  ASSERT_EQ(out.warnings.size(), 2u);
  EXPECT_EQ(out.warnings[0].code, codes::kNameChanged);
  EXPECT_EQ(out.warnings[1].message, "material \"rock\" is written as ROCK_2");
}

TEST(ImportMaterials, BaseColourTexturesBecomeTexmWithAFullMipChain) {
  Gltf g;
  const int opaque = g.texture_png(png_of(4, 4, 255), "camo");
  const int glass = g.texture_png(png_of(4, 2, 128), "glass");
  const int odd = g.texture_png(png_of(6, 3, 255), "odd");
  const int a = g.material_json(json{{"name", "camo"}, {"pbrMetallicRoughness", {{"baseColorTexture", {{"index", opaque}}}}}});
  const int b = g.material_json(json{{"name", "glass"}, {"pbrMetallicRoughness", {{"baseColorTexture", {{"index", glass}}}}}});
  const int c = g.material_json(json{{"name", "odd"}, {"pbrMetallicRoughness", {{"baseColorTexture", {{"index", odd}}}}}});
  const int d = g.material_json(json{{"name", "camo2"}, {"pbrMetallicRoughness", {{"baseColorTexture", {{"index", opaque}}}}}});
  const int mesh = g.mesh(kTriangle, {0, 1, 2}, a);
  for (int m : {b, c, d}) g.add_primitive(mesh, kTriangle, {0, 1, 2}, m);
  g.node({{"name", "hull"}, {"mesh", mesh}});
  Imported in = import_text(g.text());
  const ImportedMaterials out = import_materials(*in.document, in.scene.materials, {}).value();
  ASSERT_EQ(out.textures.size(), 3u);  // camo's image is shared by two materials
  EXPECT_EQ(out.materials[0].texture, 0);
  EXPECT_EQ(out.materials[3].texture, 0);
  EXPECT_EQ(out.materials[0].mat.phases[0].texture_name(), "CAMO.0");

  const ImportedTexture& camo = out.textures[0];
  EXPECT_EQ(camo.name, "CAMO.0");
  EXPECT_EQ(camo.format, texm::Format::rgb565);  // opaque
  const texm::Texture t = texm::read(camo.payload).value();
  EXPECT_EQ(t.header.width, 4u);
  EXPECT_EQ(t.header.mip_count, 3u);  // 4, 2, 1
  const texm::Image level0 = texm::decode(t, 0).value();
  const std::vector<std::uint8_t> png = png_of(4, 4, 255);
  const texm::Image source = png::decode(ByteView(png.data(), png.size())).value();
  for (std::size_t i = 0; i < level0.rgba.size(); ++i)  // 565 keeps the top 5, 6, 5 bits
    EXPECT_NEAR(level0.rgba[i], source.rgba[i], 8) << "byte " << i;

  EXPECT_EQ(out.textures[1].name, "GLASS.0");
  EXPECT_EQ(out.textures[1].format, texm::Format::argb8888);  // alpha 128
  const ImportedTexture& scaled = out.textures[2];
  EXPECT_EQ(scaled.width, 4u);  // 6 x 3 to power-of-two sides
  EXPECT_EQ(scaled.height, 2u);
  ASSERT_EQ(out.warnings.size(), 1u);
  EXPECT_EQ(out.warnings[0].code, codes::kImageScaled);

  MaterialOptions options;
  options.texture_format = texm::Format::argb4444;
  options.texture_taken = [](std::string_view name) { return name == "CAMO.0"; };
  const ImportedMaterials forced = import_materials(*in.document, in.scene.materials, options).value();
  EXPECT_EQ(forced.textures[0].format, texm::Format::argb4444);
  EXPECT_EQ(forced.textures[0].name, "CAMO_2.0");
}

TEST(ImportMaterials, TheBlenderVehiclesTexture) {
  const std::filesystem::path path = std::filesystem::path(PARKAN_SOURCE_DIR) / "tests/import/blender/vehicle.glb";
  std::ifstream file(path, std::ios::binary);
  const ByteBuffer bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  GltfDocument document = std::move(load_gltf(bytes, "vehicle.glb", ".")).value();
  const ImportedScene scene = import_scene(*document).value();
  MaterialOptions options;
  options.stem = "vehicle";
  const ImportedMaterials out = import_materials(*document, scene.materials, options).value();
  ASSERT_EQ(out.materials.size(), 2u);
  EXPECT_EQ(out.materials[0].name, "CAMO");
  ASSERT_EQ(out.textures.size(), 1u);
  EXPECT_EQ(out.textures[0].name, "CAMO.0");
  EXPECT_EQ(out.textures[0].width, 16u);  // the script's 16 x 16 checker
  EXPECT_EQ(out.textures[0].format, texm::Format::rgb565);
  EXPECT_EQ(out.materials[1].name, "STEEL");
  EXPECT_EQ(out.materials[1].texture, -1);
  const ByteBuffer wear = wear_text(out);
  EXPECT_EQ(std::string(wear.begin(), wear.end()), "2\n0 CAMO\n1 STEEL\n");
  const material::Wear parsed = material::parse_wear(wear, material::WearParser::buffer).value();
  ASSERT_EQ(parsed.materials.size(), 2u);
  EXPECT_EQ(parsed.materials[1].name, "STEEL");
}

}  // namespace
}  // namespace parkan::importer
