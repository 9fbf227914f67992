// glTF materials and their base colour images to MAT0 and Texm (include/parkan/import/materials.hpp).
#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "import/gltf_document.hpp"
#include "parkan/core/text.hpp"
#include "parkan/import/codes.hpp"
#include "parkan/import/materials.hpp"
#include "parkan/material/pipeline.hpp"
#include "parkan/texm/encode.hpp"

namespace parkan::importer {

namespace {

// One track of one key as long as a second, showing phase 0: a still material the way the retail
// ones are stored (every retail material has a track; meshes draw track 0: docs/formats/mat0.md 4.1).
constexpr std::uint16_t kStillCycleMs = 1000;
constexpr std::uint8_t kWholeTexture = 0xFF;  // p17 = -1 (docs/formats/mat0.md 4.1)

std::uint8_t unit_byte(double v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255.0)); }

double factor(const std::vector<double>& values, std::size_t i, double fallback) {
  return i < values.size() && std::isfinite(values[i]) ? values[i] : fallback;
}

// The pipeline category of a glTF alphaMode (docs/formats/mat0.md 2.3): OPAQUE draws without
// blending (0); MASK and BLEND blend with alpha and alpha-test (1), the one category that does both.
std::uint32_t category_of(const std::string& alpha_mode) { return alpha_mode == "MASK" || alpha_mode == "BLEND" ? 1 : 0; }

// A name not yet taken: `base`, else `base` cut to leave room for "_2", "_3", ...
std::string unique_name(const std::string& base, std::size_t limit, const std::function<bool(std::string_view)>& taken,
                        std::vector<std::string>& mine) {
  auto used = [&](const std::string& name) {
    auto same = [&](const std::string& other) { return fold_lower_text(other) == fold_lower_text(name); };
    return (taken && taken(name)) || std::any_of(mine.begin(), mine.end(), same);
  };
  std::string name = base;
  for (unsigned n = 2; used(name); ++n) {
    const std::string suffix = fmt::format("_{}", n);
    name = base.substr(0, std::min(base.size(), limit - suffix.size())) + suffix;
  }
  mine.push_back(name);
  return name;
}

std::uint32_t power_of_two_at_most(std::uint32_t v) {
  std::uint32_t p = 1;
  while (p * 2 <= v && p * 2 <= kMaxTextureSide) p *= 2;
  return p;
}

// The decoded glTF image as RGBA, scaled (box filter over each target pixel's source rectangle) to
// power-of-two sides of at most kMaxTextureSide: what the engine's Direct3D 7 device takes.
Result<texm::Image> rgba_image(const tinygltf::Image& image, const std::string& what, bool& scaled) {
  const auto width = static_cast<std::uint32_t>(std::max(image.width, 0));
  const auto height = static_cast<std::uint32_t>(std::max(image.height, 0));
  const int channels = image.component;
  if (width == 0 || height == 0 || image.bits != 8 || channels < 1 || channels > 4 ||
      image.image.size() != std::size_t(width) * height * std::size_t(channels))
    return invalid_rule(codes::kGltfImage, fmt::format("{}: the image did not decode to 8-bit pixels ({} x {}, {} channels, "
                                                       "{} bits)", what, image.width, image.height, channels, image.bits));
  const std::uint32_t w = power_of_two_at_most(width), h = power_of_two_at_most(height);
  scaled = w != width || h != height;
  texm::Image out{w, h, texm::PixelBuffer(std::size_t(w) * h * 4)};
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      const std::uint32_t x0 = x * width / w, x1 = std::max(x0 + 1, (x + 1) * width / w);
      const std::uint32_t y0 = y * height / h, y1 = std::max(y0 + 1, (y + 1) * height / h);
      std::array<std::uint64_t, 4> sum{};
      for (std::uint32_t sy = y0; sy < y1; ++sy)
        for (std::uint32_t sx = x0; sx < x1; ++sx) {
          const unsigned char* p = image.image.data() + (std::size_t(sy) * width + sx) * std::size_t(channels);
          const std::array<std::uint8_t, 4> rgba =
              channels == 1   ? std::array<std::uint8_t, 4>{p[0], p[0], p[0], 255}
              : channels == 2 ? std::array<std::uint8_t, 4>{p[0], p[0], p[0], p[1]}
              : channels == 3 ? std::array<std::uint8_t, 4>{p[0], p[1], p[2], 255}
                              : std::array<std::uint8_t, 4>{p[0], p[1], p[2], p[3]};
          for (int k = 0; k < 4; ++k) sum[k] += rgba[k];
        }
      const std::uint64_t n = std::uint64_t(x1 - x0) * (y1 - y0);
      for (int k = 0; k < 4; ++k) out.rgba[(std::size_t(y) * w + x) * 4 + k] = static_cast<std::uint8_t>((sum[k] + n / 2) / n);
    }
  return out;
}

bool has_alpha(const texm::Image& image) {
  for (std::size_t i = 3; i < image.rgba.size(); i += 4)
    if (image.rgba[i] != 255) return true;
  return false;
}

}  // namespace

std::string game_name(std::string_view gltf_name, std::size_t limit) {
  std::string out;
  for (char c : gltf_name) {
    if (out.size() == limit) break;
    const auto u = static_cast<unsigned char>(c);
    if ((u >= '0' && u <= '9') || (u >= 'A' && u <= 'Z')) out += c;
    else if (u >= 'a' && u <= 'z') out += static_cast<char>(u - 32);
    else out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

ByteBuffer wear_text(const ImportedMaterials& materials) {
  material::Wear wear;
  for (std::size_t row = 0; row < materials.materials.size(); ++row)
    wear.materials.push_back({static_cast<std::int32_t>(row), materials.materials[row].name});
  for (std::size_t row = 0; row < materials.lightmaps.size(); ++row)
    wear.lightmaps.push_back({static_cast<std::int32_t>(row), materials.lightmaps[row].name});
  wear.has_lightmaps = !wear.lightmaps.empty();  // the writer writes the block only when told
  return material::write_wear_canonical(wear);
}

Result<ImportedMaterials> import_materials(const LoadedGltf& document, const std::vector<MaterialUse>& uses,
                                           const MaterialOptions& options) {
  const tinygltf::Model& model = document.model;
  ImportedMaterials out;
  std::vector<std::string> material_names, texture_names;
  std::map<int, int> texture_of_image;  // glTF image -> ImportedTexture
  const std::string stem = game_name(options.stem, kMaxMaterialName);
  std::vector<std::string> lightmap_names;
  // The image a glTF texture shows, or import.gltf.image.
  auto image_of = [&](int texture, const std::string& material) -> Result<int> {
    const int image = texture >= 0 && static_cast<std::size_t>(texture) < model.textures.size()
                          ? model.textures[static_cast<std::size_t>(texture)].source
                          : -1;
    if (image < 0 || static_cast<std::size_t>(image) >= model.images.size())
      return std::move(invalid_rule(codes::kGltfImage, fmt::format("material \"{}\": texture {} has no image", material, texture)))
          .in_file(document.file_name);
    return image;
  };
  // A glTF image as a Texm named after the image (else `fallback`), unique among `names` and `taken`.
  auto make_texture = [&](int image, const std::string& fallback, const std::function<bool(std::string_view)>& taken,
                          std::vector<std::string>& names, std::optional<texm::Format> format,
                          bool mipmapped) -> Result<ImportedTexture> {
    const tinygltf::Image& source_image = model.images[static_cast<std::size_t>(image)];
    bool scaled = false;
    Result<texm::Image> rgba = rgba_image(source_image, fmt::format("image {} \"{}\"", image, source_image.name), scaled);
    if (!rgba) return std::move(rgba).error().in_file(document.file_name);
    ImportedTexture t;
    std::string texture_stem = game_name(!source_image.name.empty() ? source_image.name : fallback, kMaxTextureStem);
    if (texture_stem.empty()) texture_stem = game_name(fallback, kMaxTextureStem);
    // Unique by stem, so that a suffix goes before ".0".
    t.name = unique_name(texture_stem, kMaxTextureStem,
                         [&](std::string_view n) { return taken && taken(std::string(n) + ".0"); }, names) +
             ".0";
    t.width = rgba->width;
    t.height = rgba->height;
    t.format = format ? *format : (has_alpha(*rgba) ? texm::Format::argb8888 : texm::Format::rgb565);
    t.gltf_image = image;
    texm::EncodeOptions encode;
    encode.format = t.format;
    encode.mip_count = mipmapped ? 0 : 1;  // 0: the full chain down to 1 x 1 (docs/formats/texm.md 7.5)
    Result<ByteBuffer> payload = texm::encode(*rgba, encode);
    if (!payload) return std::move(payload).error().in_file(document.file_name);
    t.payload = std::move(*payload);
    if (scaled)
      out.warnings.push_back(Diagnostic{codes::kImageScaled, Severity::warning, Location{document.file_name, {}, {}},
                                        fmt::format("image {} \"{}\" ({} x {}) is scaled to {} x {}, power-of-two sides of "
                                                    "at most {}", image, source_image.name, source_image.width,
                                                    source_image.height, t.width, t.height, kMaxTextureSide)});
    return t;
  };
  for (std::size_t row = 0; row < uses.size(); ++row) {
    const MaterialUse& use = uses[row];
    const tinygltf::Material* source =
        use.gltf_material >= 0 && static_cast<std::size_t>(use.gltf_material) < model.materials.size()
            ? &model.materials[static_cast<std::size_t>(use.gltf_material)]
            : nullptr;
    ImportedMaterial m;
    std::string base = game_name(source ? source->name : "", kMaxMaterialName);
    if (base.empty()) base = stem.empty() ? fmt::format("MAT{}", row) : game_name(fmt::format("{}_{}", stem, row), kMaxMaterialName);
    m.name = unique_name(base, kMaxMaterialName, options.material_taken, material_names);
    // Upper case and '_' for other characters are how every name is written; a cut or a suffix is told.
    if (source && m.name != game_name(source->name, std::string::npos))
      out.warnings.push_back(Diagnostic{codes::kNameChanged, Severity::warning, Location{document.file_name, {}, {}},
                                        fmt::format("material \"{}\" is written as {}", source->name, m.name)});

    const std::vector<double> base_colour = source ? source->pbrMetallicRoughness.baseColorFactor : std::vector<double>{};
    const std::vector<double> emissive = source ? source->emissiveFactor : std::vector<double>{};
    material::Phase phase;
    for (std::size_t k = 0; k < 3; ++k) {
      phase.params[k] = unit_byte(factor(emissive, k, 0.0));           // ambient: lit without any light
      phase.params[4 + k] = unit_byte(factor(base_colour, k, 0.8));   // diffuse
    }
    phase.params[3] = static_cast<std::uint8_t>(std::lround(std::clamp(factor(base_colour, 3, 1.0), 0.0, 1.0) * 100.0));
    phase.params[7] = 255;
    phase.params[17] = kWholeTexture;

    if (source && source->pbrMetallicRoughness.baseColorTexture.index >= 0) {
      PARKAN_ASSIGN(const int image, image_of(source->pbrMetallicRoughness.baseColorTexture.index, source->name));
      auto found = texture_of_image.find(image);
      if (found == texture_of_image.end()) {
        PARKAN_ASSIGN(ImportedTexture t, make_texture(image, m.name, options.texture_taken, texture_names, options.texture_format,
                                                      /*mipmapped=*/true));
        out.textures.push_back(std::move(t));
        found = texture_of_image.emplace(image, int(out.textures.size()) - 1).first;
      }
      m.texture = found->second;
      const std::string& name = out.textures[std::size_t(found->second)].name;
      std::copy(name.begin(), name.end(), phase.texture_field.begin());
    }
    // The lightmap: every lit batch draws LIGHTMAPS entry 0 (docs/formats/msh.md 5.2), so the first
    // lit material's occlusion image is the model's one lightmap; another image is told and unused.
    if (use.lightmapped && source && source->occlusionTexture.index >= 0) {
      PARKAN_ASSIGN(const int image, image_of(source->occlusionTexture.index, source->name));
      if (out.lightmaps.empty()) {
        PARKAN_ASSIGN(ImportedTexture t, make_texture(image, options.stem.empty() ? m.name : options.stem + "_LM",
                                                      options.lightmap_taken, lightmap_names, kLightmapFormat,
                                                      /*mipmapped=*/false));
        out.lightmaps.push_back(std::move(t));
      } else if (out.lightmaps.front().gltf_image != image) {
        out.warnings.push_back(Diagnostic{codes::kLightmapShared, Severity::warning, Location{document.file_name, {}, {}},
                                          fmt::format("material \"{}\": its occlusion image {} is not used: the game lights "
                                                      "every lit batch of a model with one lightmap, image {}",
                                                      source->name, image, out.lightmaps.front().gltf_image)});
      }
    }
    m.mat.attributes = {category_of(source ? source->alphaMode : "OPAQUE") << 2, 6};
    m.mat.phases = {phase};
    material::AnimBlock track;
    track.keys = {material::Key{0, kStillCycleMs, 0}};
    m.mat.blocks = {track};
    out.materials.push_back(std::move(m));
  }
  return out;
}

}  // namespace parkan::importer
