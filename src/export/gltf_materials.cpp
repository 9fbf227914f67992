// glTF export: the materials of a document (docs/formats/msh.md 13.7; docs/formats/terrain.md 5) and
// their textures and images, each made once however many models or terrain layers use them.
#include <algorithm>

#include <fmt/format.h>

#include "export/gltf_internal.hpp"
#include "parkan/export/png.hpp"
#include "parkan/material/phase_record.hpp"
#include "parkan/material/pipeline.hpp"

namespace parkan::gltf::detail {

namespace {

// A file name beside the .gltf: ASCII letters, digits, '.', '-', '_' (a URI needs no escaping).
std::string image_file_name(std::string_view texture, std::size_t index) {
  std::string name;
  for (char c : texture) {
    const auto u = static_cast<unsigned char>(c);
    const bool plain = (u >= '0' && u <= '9') || (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || c == '.' ||
                       c == '-' || c == '_';
    name += plain ? c : '_';
  }
  return fmt::format("{}_{}.png", name.empty() ? "texture" : name, index);
}

bool alpha_is_binary(const texm::Image& image) {
  for (std::size_t i = 3; i < image.rgba.size(); i += 4)
    if (image.rgba[i] != 0 && image.rgba[i] != 255) return false;
  return true;
}
bool alpha_is_opaque(const texm::Image& image) {
  for (std::size_t i = 3; i < image.rgba.size(); i += 4)
    if (image.rgba[i] != 255) return false;
  return true;
}

// glTF alphaMode from the pipeline category (docs/formats/mat0.md 2.3): 0 draws
// without blending; 1 blends with alpha and alpha-tests (MASK when the texture's alpha is only 0 and
// 255, where the test decides alone); 2..4 blend (additive, multiplicative: BLEND is the nearest);
// 5..15 leave the state unchanged (OPAQUE).
std::string alpha_mode(std::uint32_t category, const std::optional<texm::Image>& image) {
  if (category == 1) {
    if (image && alpha_is_opaque(*image)) return "OPAQUE";
    if (image && alpha_is_binary(*image)) return "MASK";
    return "BLEND";
  }
  if (category >= 2 && category <= 4) return "BLEND";
  return "OPAQUE";
}

std::string material_name(const ResolvedMaterial& resolved, std::uint8_t row) {
  return !resolved.mat0_name.empty()   ? cp1251_to_utf8(resolved.mat0_name)
         : !resolved.wear_name.empty() ? cp1251_to_utf8(resolved.wear_name)
                                       : fmt::format("row{}", row);
}

}  // namespace

// The still phase (docs/formats/mat0.md 4.1, 5): diffuse p4..p6 / 255 times the texture, ambient
// alpha p3 * 0.01 as the opacity; ambient p0..p2 / 255 as the emissive colour of an unlit batch
// (the device's emissive), with the texture, so that a glow shows without scene lights. A lit
// batch's colour is the texture times its lightmap (docs/formats/msh.md 13.7): no emissive.
tinygltf::Material DocumentMaterials::base_material(const ResolvedMaterial& resolved, std::uint8_t row, bool lit) {
  tinygltf::Material m;
  m.name = material_name(resolved, row);
  m.doubleSided = true;  // the engine draws every batch with culling off (docs/formats/msh.md 13.5)
  m.pbrMetallicRoughness.metallicFactor = 0.0;  // the engine's materials are not PBR: a matte dielectric
  m.pbrMetallicRoughness.roughnessFactor = 1.0;
  tinygltf::Value::Object extras;
  extras["wear_row"] = resolved.wear_row ? int_value(*resolved.wear_row) : tinygltf::Value();
  extras["wear_name"] = text_value(resolved.wear_name);
  extras["mat0"] = text_value(resolved.mat0_name);
  extras["match"] = tinygltf::Value(resolved.match);
  extras["phase"] = int_value(resolved.phase);
  if (resolved.mat) {
    const material::Mat0& mat = *resolved.mat;
    const material::RuntimeFlags flags = material::decode_runtime_flags(mat.attributes.attr1);
    const material::Phase& phase = mat.phases.empty() ? material::Phase{} : mat.phases[resolved.phase];
    const auto& p = phase.params;
    const double opacity = std::clamp(double(material::param_percent(p[3])), 0.0, 1.0);
    m.pbrMetallicRoughness.baseColorFactor = {double(material::param_unit(p[4])), double(material::param_unit(p[5])),
                                              double(material::param_unit(p[6])), opacity};
    if (!lit)
      m.emissiveFactor = {double(material::param_unit(p[0])), double(material::param_unit(p[1])),
                          double(material::param_unit(p[2]))};
    m.alphaMode = alpha_mode(flags.category, resolved.image);
    extras["attr1"] = int_value(mat.attributes.attr1);
    extras["attr2"] = int_value(mat.attributes.attr2);
    extras["category"] = int_value(flags.category);
    if (auto pipeline = material::pipeline_category(flags.category)) {
      tinygltf::Value::Object state;
      state["blending"] = tinygltf::Value(pipeline->blending);
      state["src"] = tinygltf::Value(std::string(material::blend_factor_name(pipeline->src)));
      state["dst"] = tinygltf::Value(std::string(material::blend_factor_name(pipeline->dst)));
      state["alpha_test"] = tinygltf::Value(pipeline->alpha_test);
      extras["pipeline"] = tinygltf::Value(std::move(state));
    }
    extras["meta"] = int_array(std::array<std::uint32_t, 4>{mat.meta_a, mat.meta_b, mat.meta_c, mat.meta_d});
    tinygltf::Value::Array phases;
    for (const material::Phase& each : mat.phases) {
      tinygltf::Value::Object entry;
      entry["params"] = int_array(each.params);
      entry["texture"] = text_value(each.texture_name());
      phases.push_back(tinygltf::Value(std::move(entry)));
    }
    extras["phases"] = tinygltf::Value(std::move(phases));
    tinygltf::Value::Array blocks;
    for (const material::AnimBlock& block : mat.blocks) {
      tinygltf::Value::Object entry;
      entry["header"] = int_value(block.header_raw);
      tinygltf::Value::Array keys;
      for (const material::Key& k : block.keys) keys.push_back(int_array(std::array{k.phase, k.end_time, k.k2}));
      entry["keys"] = tinygltf::Value(std::move(keys));
      blocks.push_back(tinygltf::Value(std::move(entry)));
    }
    extras["animation_blocks"] = tinygltf::Value(std::move(blocks));
  }
  extras["texture"] = text_value(resolved.texture_name);
  if (resolved.cell) {
    const texm::LoadedRect& c = *resolved.cell;
    extras["page_cell"] = number_array(std::array{c.u0, c.v0, c.du, c.dv});
  }
  m.extras = tinygltf::Value(std::move(extras));
  return m;
}

Result<int> DocumentMaterials::batch_material(MaterialChain& chain, std::uint8_t wear_row, std::uint8_t lightmap_row,
                                              bool lit) {
  const ResolvedMaterial& resolved = chain.resolve(wear_row);
  const ResolvedLightmap* lightmap = lit ? &chain.lightmap(lightmap_row) : nullptr;
  auto key = std::make_tuple(wear_row, resolved.wear_name, resolved.mat0_name, lightmap ? lightmap->name : std::string(),
                             lit);
  if (auto found = batch_materials_.find(key); found != batch_materials_.end()) return found->second;

  tinygltf::Material m = base_material(resolved, wear_row, lit);
  if (lightmap && !lightmap->name.empty()) m.name += " @ " + cp1251_to_utf8(lightmap->name);
  if (lightmap) m.extras.Get<tinygltf::Value::Object>()["lightmap"] = text_value(lightmap->name);
  if (resolved.image) {
    PARKAN_ASSIGN(int texture_index, texture(TextureKey{false, resolved.texture_name, resolved.load_flags}, *resolved.image));
    m.pbrMetallicRoughness.baseColorTexture.index = texture_index;
    const bool glows = std::any_of(m.emissiveFactor.begin(), m.emissiveFactor.end(), [](double c) { return c > 0.0; });
    if (!lit && glows) m.emissiveTexture.index = texture_index;
  }
  if (lightmap && lightmap->image) {
    // The lightmap page on type 18 (docs/formats/msh.md 13.7): glTF has no light map slot; occlusion
    // (which multiplies, as the engine's second stage does) is the nearest, and the viewer draws it
    // as a light map.
    PARKAN_ASSIGN(int texture_index, texture(TextureKey{true, lightmap->name}, *lightmap->image));
    m.occlusionTexture.index = texture_index;
    m.occlusionTexture.texCoord = 1;
  }
  out_.materials.push_back(std::move(m));
  const int index = int(out_.materials.size() - 1);
  batch_materials_.emplace(std::move(key), index);
  return index;
}

// A terrain layer (docs/formats/terrain.md 5): the row's material on TEXCOORD_0 (stream 5), lit by the
// scene (no emissive); the base layer OPAQUE, the layer over it BLEND with its alpha in COLOR_0
// (stream 14) times the material's ambient alpha, as the engine's SRCALPHA pass. The microtexture
// (track 1 of the Land2.wea row's material on stream 18, doubled: MODULATE2X) has no glTF
// equivalent: named in the extras, with TEXCOORD_1 carrying its UVs.
Result<int> DocumentMaterials::terrain_material(MaterialChain& land1, const TerrainLayer& layer) {
  auto key = std::make_pair(layer.row, layer.blend);
  if (auto found = terrain_materials_.find(key); found != terrain_materials_.end()) return found->second;
  const ResolvedMaterial& resolved = land1.resolve(layer.row);
  tinygltf::Material m = base_material(resolved, layer.row, true);
  m.name = fmt::format("{} (terrain{})", m.name, layer.blend ? ", over" : "");
  m.alphaMode = layer.blend ? "BLEND" : "OPAQUE";
  if (!layer.blend) m.pbrMetallicRoughness.baseColorFactor[3] = 1.0;
  auto& extras = m.extras.Get<tinygltf::Value::Object>();
  extras["terrain_layer"] = tinygltf::Value(std::string(layer.blend ? "tex2" : "tex1"));
  extras["land1_row"] = int_value(layer.row);
  if (layer.has_micro) {
    tinygltf::Value::Object micro;
    micro["land2_row"] = int_value(layer.row);
    micro["material"] = text_value(layer.micro_material);
    micro["texture"] = text_value(layer.micro_texture);
    micro["texcoord"] = int_value(1);
    micro["blend"] = tinygltf::Value(std::string("MODULATE2X"));
    extras["microtexture"] = tinygltf::Value(std::move(micro));
  }
  if (resolved.image) {
    PARKAN_ASSIGN(int texture_index, texture(TextureKey{false, resolved.texture_name, resolved.load_flags}, *resolved.image));
    m.pbrMetallicRoughness.baseColorTexture.index = texture_index;
  }
  out_.materials.push_back(std::move(m));
  const int index = int(out_.materials.size() - 1);
  terrain_materials_.emplace(key, index);
  return index;
}

Result<int> DocumentMaterials::texture(const TextureKey& key, const texm::Image& decoded) {
  if (auto found = textures_.find(key); found != textures_.end()) return found->second;
  auto png_bytes = options_.encode_png ? options_.encode_png(decoded) : png::encode(decoded, png::Effort::balanced);
  if (!png_bytes) return std::move(png_bytes).error();
  if (out_.samplers.empty()) {
    tinygltf::Sampler sampler;  // UVs tile (docs/formats/msh.md 4: about -32..+32)
    sampler.wrapS = TINYGLTF_TEXTURE_WRAP_REPEAT;
    sampler.wrapT = TINYGLTF_TEXTURE_WRAP_REPEAT;
    sampler.magFilter = TINYGLTF_TEXTURE_FILTER_LINEAR;
    sampler.minFilter = TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR;
    out_.samplers.push_back(sampler);
  }
  tinygltf::Image image;
  image.name = cp1251_to_utf8(key.name);
  image.mimeType = "image/png";
  if (container_ == Container::glb) {
    image.bufferView = buffer_.add_view(*png_bytes);
  } else {
    image.uri = image_file_name(key.name, out_.images.size());
    images_.push_back(ImageFile{image.uri, std::move(*png_bytes)});
  }
  out_.images.push_back(std::move(image));
  tinygltf::Texture texture;
  texture.source = int(out_.images.size() - 1);
  texture.sampler = 0;
  texture.name = cp1251_to_utf8(key.name);
  out_.textures.push_back(std::move(texture));
  const int index = int(out_.textures.size() - 1);
  textures_.emplace(key, index);
  return index;
}

}  // namespace parkan::gltf::detail
