// glTF export: a batch's material (docs/formats/mat0.md): the batch's WEAR row (byte +4) of the
// model's `<stem>.wea` in the same library (docs/formats/msh.md 12.2), its name the MAT0 entry in
// the game's Material.lib, the phase track 0's first key names gives the texture in Textures.lib,
// decoded with its own palette and the material's load flags, and its Page cell; a lit batch's
// LIGHTMAPS row names its page in LightMap.lib (docs/formats/wear.md 2.2).
#include <fmt/format.h>

#include "export/gltf_internal.hpp"
#include "parkan/core/text.hpp"
#include "parkan/export/codes.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/resource/payload.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/load.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::gltf::detail {

namespace {

constexpr std::string_view kMaterialLibrary = "Material.lib";  // docs/runtime.md 3.3: the default names
constexpr std::string_view kTextureLibrary = "Textures.lib";
constexpr std::string_view kLightmapLibrary = "LightMap.lib";  // docs/formats/wear.md 2.2
constexpr std::string_view kDefaultMaterial = "DEFAULT";
// The retail install's EMBOSS_BUMP=0 (docs/runtime.md 6.3): attr1 bit 1 loads the textures opaque.
constexpr bool kRetailEmbossBump = false;

std::string wear_name_for(std::string_view model_entry) {
  std::size_t dot = model_entry.rfind('.');
  return std::string(model_entry.substr(0, dot)) + ".wea";
}

struct MaterialEntry {
  std::size_t index = 0;
  std::string match;
};

// LoadMaterial's lookup (docs/runtime.md 6.1, docs/formats/mat0.md 6): the exact name, then DEFAULT,
// then entry 0. The same rule as runtime::find_material, which this layer may not link.
std::optional<MaterialEntry> find_material_entry(const resource::Archive& library, std::string_view name) {
  if (!name.empty())
    if (auto exact = library.find(name)) return MaterialEntry{*exact, "exact"};
  if (auto fallback = library.find(kDefaultMaterial)) return MaterialEntry{*fallback, "default"};
  if (library.entry_count() == 0) return std::nullopt;
  return MaterialEntry{0, "first"};
}

}  // namespace

MaterialChain::MaterialChain(const Source& source, std::vector<Diagnostic>& warnings, NamedMaterials* shared)
    : display_name_(source.display_name), game_(source.game), warnings_(warnings), shared_(shared) {
  const std::string wear = wear_name_for(source.entry_name);
  if (!source.library) {
    warn(codes::kMaterialWear, fmt::format("no library to find {} in: every batch gets the fallback material",
                                           cp1251_to_utf8(wear)));
  } else if (auto index = source.library->find(wear); !index) {
    warn(codes::kMaterialWear, fmt::format("Wear <{}> doesn't exist: every batch gets the fallback material",
                                           cp1251_to_utf8(wear)));
  } else {
    auto payload = source.library->payload(*index);
    auto table = payload ? material::parse_wear(payload->bytes(), material::WearParser::buffer)
                         : Result<material::Wear>(payload.error());
    if (!table) {
      warn(codes::kMaterialWear, fmt::format("{}: {}: every batch gets the fallback material", cp1251_to_utf8(wear),
                                             table.error().message));
    } else {
      wear_names_.emplace();
      for (const material::WearRow& row : table->materials) wear_names_->push_back(row.name);
      lightmap_names_.emplace();
      for (const material::WearRow& row : table->lightmaps) lightmap_names_->push_back(row.name);
    }
  }
  open_libraries();
}

MaterialChain::MaterialChain(std::vector<std::string> rows, std::string display_name, resource::Game* game,
                             std::vector<Diagnostic>& warnings, NamedMaterials* shared)
    : display_name_(std::move(display_name)), game_(game), warnings_(warnings), shared_(shared),
      wear_names_(std::move(rows)), lightmap_names_(std::vector<std::string>{}) {
  open_libraries();
}

void MaterialChain::open_libraries() {
  if (!game_) {
    warn(codes::kMaterialLibrary, "no game folder: materials are untextured");
    return;
  }
  if (auto library = game_->archive(kMaterialLibrary))
    materials_ = *library;
  else
    warn(codes::kMaterialLibrary, fmt::format("{}: materials are untextured", library.error().to_string()));
  if (auto library = game_->archive(kTextureLibrary))
    textures_ = *library;
  else if (materials_)
    warn(codes::kTextureMissing, fmt::format("{}: materials are untextured", library.error().to_string()));
}

void MaterialChain::warn(std::string code, std::string message) {
  warnings_.push_back(Diagnostic{std::move(code), Severity::warning, Location{display_name_, {}, {}},
                                 std::move(message)});
}

std::size_t still_phase(const material::Mat0& mat) {
  if (mat.blocks.empty() || mat.blocks[0].keys.empty()) return 0;
  const std::size_t phase = mat.blocks[0].keys[0].phase;
  return phase < mat.phases.size() ? phase : 0;
}

const ResolvedMaterial& MaterialChain::resolve(std::uint8_t wear_row) {
  auto found = cache_.find(wear_row);
  if (found != cache_.end()) return found->second;
  return cache_.emplace(wear_row, resolve_uncached(wear_row)).first->second;
}

const ResolvedLightmap& MaterialChain::lightmap(std::uint8_t lightmap_row) {
  auto found = lightmap_cache_.find(lightmap_row);
  if (found != lightmap_cache_.end()) return found->second;
  return lightmap_cache_.emplace(lightmap_row, lightmap_uncached(lightmap_row)).first->second;
}

// The lightmap cache of the engine (docs/formats/wear.md 4): the row's name in LightMap.lib, decoded
// with its own palette (lightmap names bind none, docs/formats/palettes.md 3.4).
ResolvedLightmap MaterialChain::lightmap_uncached(std::uint8_t lightmap_row) {
  ResolvedLightmap resolved;
  if (!lightmap_names_ || lightmap_row >= lightmap_names_->size()) {
    warn(codes::kLightmapMissing,
         fmt::format("lightmap row {} is past the WEAR's LIGHTMAPS ({} rows): drawn unlit", lightmap_row,
                     lightmap_names_ ? lightmap_names_->size() : 0));
    return resolved;
  }
  resolved.name = (*lightmap_names_)[lightmap_row];
  const std::string shown = cp1251_to_utf8(resolved.name);
  if (!lightmap_library_tried_) {
    lightmap_library_tried_ = true;
    if (!game_) {
      warn(codes::kLightmapMissing, "no game folder: lit batches are drawn unlit");
    } else if (auto library = game_->archive(kLightmapLibrary)) {
      lightmaps_ = *library;
    } else {
      warn(codes::kLightmapMissing, fmt::format("{}: lit batches are drawn unlit", library.error().to_string()));
    }
  }
  if (!lightmaps_) return resolved;
  auto index = lightmaps_->find(resolved.name);
  if (!index) {
    warn(codes::kLightmapMissing, fmt::format("LightMap {} not found.: drawn unlit", shown));
    return resolved;
  }
  auto payload = lightmaps_->payload(*index);
  auto texture = payload ? texm::read(payload->bytes()) : Result<texm::Texture>(payload.error());
  auto image = texture ? texm::decode(*texture, 0) : Result<texm::Image>(texture.error());
  if (!image) {
    warn(codes::kLightmapMissing, fmt::format("lightmap {} does not decode ({}): drawn unlit", shown,
                                              image.error().message));
    return resolved;
  }
  resolved.image = std::move(*image);
  return resolved;
}

ResolvedMaterial MaterialChain::resolve_uncached(std::uint8_t wear_row) {
  std::string wear_name;
  bool in_table = false;
  if (wear_names_) {
    if (wear_row < wear_names_->size()) {
      in_table = true;
      wear_name = (*wear_names_)[wear_row];
    } else {
      warn(codes::kMaterialWear, fmt::format("material row {} is past the WEAR table ({} rows): fallback material",
                                             wear_row, wear_names_->size()));
    }
  }
  ResolvedMaterial resolved;
  if (shared_) {
    auto found = shared_->find(wear_name);
    if (found == shared_->end()) found = shared_->emplace(wear_name, resolve_name(wear_name, wear_row)).first;
    resolved = found->second;
  } else {
    resolved = resolve_name(wear_name, wear_row);
  }
  if (in_table) resolved.wear_row = wear_row;
  return resolved;
}

// What a material name resolves to (the part of the chain after the WEAR row).
ResolvedMaterial MaterialChain::resolve_name(const std::string& wear_name, std::uint8_t wear_row) {
  ResolvedMaterial resolved;
  resolved.match = "none";
  resolved.wear_name = wear_name;
  if (!materials_) return resolved;
  auto entry = find_material_entry(*materials_, resolved.wear_name);
  if (!entry) {
    warn(codes::kMaterialFallback, fmt::format("{} has no materials: row {} is untextured", materials_->path(),
                                               wear_row));
    return resolved;
  }
  resolved.match = entry->match;
  resource::EntryInfo info = materials_->entry(entry->index);
  resolved.mat0_name = info.name;
  if (entry->match != "exact")
    warn(codes::kMaterialFallback, fmt::format("Material {} not found.: row {} uses {} ({})",
                                               cp1251_to_utf8(resolved.wear_name), wear_row,
                                               cp1251_to_utf8(info.name), entry->match));
  auto payload = materials_->payload(entry->index);
  auto mat = payload ? material::read_mat0(payload->bytes(), {info.attr1, info.attr2})
                     : Result<material::Mat0>(payload.error());
  if (!mat) {
    warn(codes::kMaterialRead, fmt::format("material {} does not read ({}): untextured", cp1251_to_utf8(info.name),
                                           mat.error().message));
    return resolved;
  }
  resolved.mat = std::move(*mat);
  resolved.phase = still_phase(*resolved.mat);
  // The engine's texture-by-name load of a phase texture (docs/runtime.md 6.3, 9.3).
  resolved.load_flags = material::phase_texture_load_flags(info.attr1, kRetailEmbossBump) | texm::kLoadFlagPage;
  if (resolved.phase < resolved.mat->phases.size() && resolved.mat->phases[resolved.phase].has_texture()) {
    resolved.texture_name = std::string(resolved.mat->phases[resolved.phase].texture_name());
    load_texture(resolved);
  }
  return resolved;
}

void MaterialChain::load_texture(ResolvedMaterial& resolved) {
  const std::string shown = cp1251_to_utf8(resolved.texture_name);
  if (!textures_) return;  // warned once already
  if (texm::palette_index_from_name(resolved.texture_name).bad_name) {
    warn(codes::kTextureMissing, fmt::format("texture {} of material {}: Bad texture name.", shown,
                                             cp1251_to_utf8(resolved.mat0_name)));
    return;
  }
  auto index = textures_->find(resolved.texture_name);
  if (!index) {
    warn(codes::kTextureMissing, fmt::format("texture {} of material {} is not in {}: untextured", shown,
                                             cp1251_to_utf8(resolved.mat0_name), textures_->path()));
    return;
  }
  auto payload = textures_->payload(*index);
  if (!payload) {
    warn(codes::kTextureRead, fmt::format("texture {}: {}", shown, payload.error().message));
    return;
  }
  auto texture = texm::read(payload->bytes());
  // By the surface rule with the material's load flags: attr1 bit 1 makes it opaque (docs/formats/texm.md 6.4).
  texm::DecodeOptions decode_options;
  decode_options.load_flags = resolved.load_flags;
  auto image = texture ? texm::decode(*texture, 0, decode_options) : Result<texm::Image>(texture.error());
  if (!image) {
    warn(codes::kTextureRead, fmt::format("texture {} does not decode ({}): untextured", shown,
                                          image.error().message));
    return;
  }
  resolved.image = std::move(*image);
  // p17 = c >= 0 selects the loaded rectangle c + 1 (record 0 is the whole texture), read with the
  // Page load flag the engine always passes (docs/formats/texm.md 4.2, docs/formats/mat0.md 4.1).
  const auto cell = static_cast<std::int8_t>(resolved.mat->phases[resolved.phase].params[17]);
  if (cell >= 0) {
    const texm::LoadResult loaded = texm::load(*texture, resolved.load_flags);
    if (std::size_t(cell) + 1 < loaded.rects.size())
      resolved.cell = loaded.rects[std::size_t(cell) + 1];
    else
      warn(codes::kTexturePage, fmt::format("texture {} of material {} has no Page cell {} ({} cells): the whole "
                                            "texture", shown, cp1251_to_utf8(resolved.mat0_name), int(cell),
                                            loaded.rects.size() - 1));
  }
}

}  // namespace parkan::gltf::detail
