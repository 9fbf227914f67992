#pragma once
// glTF materials to the game's (docs/import.md 6): each material a batch row uses becomes one MAT0
// entry of one phase (diffuse from baseColorFactor, ambient, and so the glow, from emissiveFactor,
// ambient alpha from the base colour's alpha, the pipeline category from alphaMode, one animation
// track as every retail material has), and its baseColorTexture a Texm with a full mip chain.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"
#include "parkan/import/gltf.hpp"
#include "parkan/material/model.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::importer {

// An entry name of Material.lib: at most 15 bytes (the phase's texture field and the WEAR's names
// hold 16 with the NUL).
inline constexpr std::size_t kMaxMaterialName = 15;
// A texture name is "<NAME>.0": the ".0" binds no palette (docs/formats/palettes.md 3.2), the whole
// name fits the phase's 16-byte field with its NUL.
inline constexpr std::size_t kMaxTextureStem = 13;
// The largest texture side the import writes; larger images are scaled down.
inline constexpr std::uint32_t kMaxTextureSide = 1024;
// Lightmaps are stored as all 25 retail LightMap.lib pages are: 565, one level
// (docs/formats/texm.md 9.2).
inline constexpr texm::Format kLightmapFormat = texm::Format::rgb565;

struct ImportedTexture {
  std::string name;  // "CAMO.0"
  ByteBuffer payload;  // the Texm
  std::uint32_t width = 0, height = 0;
  texm::Format format = texm::Format::rgb565;
  int gltf_image = -1;
};

struct ImportedMaterial {
  std::string name;       // the Material.lib entry and the WEAR row
  material::Mat0 mat;
  int texture = -1;       // index into ImportedMaterials::textures, -1 untextured
};

struct ImportedMaterials {
  std::vector<ImportedMaterial> materials;  // in WEAR row order (ImportedScene::materials)
  std::vector<ImportedTexture> textures;
  // LightMap.lib entries: none, or the one every lit batch draws (LIGHTMAPS row 0).
  std::vector<ImportedTexture> lightmaps;
  std::vector<Diagnostic> warnings;         // images scaled, names changed
};

struct MaterialOptions {
  std::string stem;  // the model's: names the material of a primitive without one ("<STEM>")
  std::optional<texm::Format> texture_format;  // none: 8888 where the image has alpha, else 565
  // Names already taken (in the game, or by another import): the import picks another.
  std::function<bool(std::string_view material)> material_taken;
  std::function<bool(std::string_view texture)> texture_taken;
  std::function<bool(std::string_view lightmap)> lightmap_taken;
};

// Errors: import.gltf.image (a texture's image that tinygltf could not decode, or of an unusable
// size), and texm's encoder errors.
Result<ImportedMaterials> import_materials(const LoadedGltf& document, const std::vector<MaterialUse>& uses,
                                           const MaterialOptions& options);

// The model's WEAR (docs/formats/wear.md 2.1): one row per material in batch-row order, the legacy
// id (read by nobody) the row number, then the LIGHTMAPS block when there is a lightmap (2.2),
// written by the canonical writer.
ByteBuffer wear_text(const ImportedMaterials& materials);

// The entry name a glTF name becomes: ASCII letters and digits upper-cased, anything else '_', cut
// to `limit`; "" when nothing is left.
std::string game_name(std::string_view gltf_name, std::size_t limit);

}  // namespace parkan::importer
