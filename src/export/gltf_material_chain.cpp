// glTF export: a batch's material (docs/formats/mat0.md): Batch20.material is the WEAR row of the
// model's `<stem>.wea` in the same library (docs/formats/msh.md 12.2), its name the MAT0 entry in
// the game's Material.lib, phase 0 names the texture in Textures.lib, decoded with its own palette.
#include <fmt/format.h>

#include "export/gltf_internal.hpp"
#include "parkan/core/text.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/resource/payload.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::gltf::detail {

namespace {

constexpr std::string_view kMaterialLibrary = "Material.lib";  // docs/runtime.md 3.3: the default names
constexpr std::string_view kTextureLibrary = "Textures.lib";
constexpr std::string_view kDefaultMaterial = "DEFAULT";

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

MaterialChain::MaterialChain(const Source& source, std::vector<Diagnostic>& warnings)
    : source_(source), warnings_(warnings) {
  const std::string wear = wear_name_for(source.entry_name);
  if (!source.library) {
    warn("gltf.material.wear", fmt::format("no library to find {} in: every batch gets the fallback material",
                                           cp1251_to_utf8(wear)));
  } else if (auto index = source.library->find(wear); !index) {
    warn("gltf.material.wear", fmt::format("Wear <{}> doesn't exist: every batch gets the fallback material",
                                           cp1251_to_utf8(wear)));
  } else {
    auto payload = source.library->payload(*index);
    auto table = payload ? material::parse_wear(payload->bytes(), material::WearParser::buffer)
                         : Result<material::Wear>(payload.error());
    if (!table) {
      warn("gltf.material.wear", fmt::format("{}: {}: every batch gets the fallback material", cp1251_to_utf8(wear),
                                             table.error().message));
    } else {
      wear_names_.emplace();
      for (const material::WearRow& row : table->materials) wear_names_->push_back(row.name);
    }
  }
  if (!source.game) {
    warn("gltf.material.library", "no game folder: materials are untextured");
    return;
  }
  if (auto library = source.game->archive(kMaterialLibrary))
    materials_ = *library;
  else
    warn("gltf.material.library", fmt::format("{}: materials are untextured", library.error().to_string()));
  if (auto library = source.game->archive(kTextureLibrary))
    textures_ = *library;
  else if (materials_)
    warn("gltf.texture.missing", fmt::format("{}: materials are untextured", library.error().to_string()));
}

void MaterialChain::warn(std::string code, std::string message) {
  warnings_.push_back(Diagnostic{std::move(code), Severity::warning, Location{source_.display_name, {}, {}},
                                 std::move(message)});
}

const ResolvedMaterial& MaterialChain::resolve(std::uint16_t batch_material) {
  auto found = cache_.find(batch_material);
  if (found != cache_.end()) return found->second;
  return cache_.emplace(batch_material, resolve_uncached(batch_material)).first->second;
}

ResolvedMaterial MaterialChain::resolve_uncached(std::uint16_t batch_material) {
  ResolvedMaterial resolved;
  resolved.match = "none";
  if (wear_names_) {
    if (batch_material < wear_names_->size()) {
      resolved.wear_row = batch_material;
      resolved.wear_name = (*wear_names_)[batch_material];
    } else {
      warn("gltf.material.wear", fmt::format("material row {} is past the WEAR table ({} rows): fallback material",
                                             batch_material, wear_names_->size()));
    }
  }
  if (!materials_) return resolved;
  auto entry = find_material_entry(*materials_, resolved.wear_name);
  if (!entry) {
    warn("gltf.material.fallback", fmt::format("{} has no materials: row {} is untextured", materials_->path(),
                                               batch_material));
    return resolved;
  }
  resolved.match = entry->match;
  resource::EntryInfo info = materials_->entry(entry->index);
  resolved.mat0_name = info.name;
  if (entry->match != "exact")
    warn("gltf.material.fallback", fmt::format("Material {} not found.: row {} uses {} ({})",
                                               cp1251_to_utf8(resolved.wear_name), batch_material,
                                               cp1251_to_utf8(info.name), entry->match));
  auto payload = materials_->payload(entry->index);
  auto mat = payload ? material::read_mat0(payload->bytes(), {info.attr1, info.attr2})
                     : Result<material::Mat0>(payload.error());
  if (!mat) {
    warn("gltf.material.read", fmt::format("material {} does not read ({}): untextured", cp1251_to_utf8(info.name),
                                           mat.error().message));
    return resolved;
  }
  resolved.mat = std::move(*mat);
  if (!resolved.mat->phases.empty() && resolved.mat->phases[0].has_texture()) {
    resolved.texture_name = std::string(resolved.mat->phases[0].texture_name());
    load_texture(resolved);
  }
  return resolved;
}

void MaterialChain::load_texture(ResolvedMaterial& resolved) {
  const std::string shown = cp1251_to_utf8(resolved.texture_name);
  if (!textures_) return;  // warned once already
  if (texm::palette_index_from_name(resolved.texture_name).bad_name) {
    warn("gltf.texture.missing", fmt::format("texture {} of material {}: Bad texture name.", shown,
                                             cp1251_to_utf8(resolved.mat0_name)));
    return;
  }
  auto index = textures_->find(resolved.texture_name);
  if (!index) {
    warn("gltf.texture.missing", fmt::format("texture {} of material {} is not in {}: untextured", shown,
                                             cp1251_to_utf8(resolved.mat0_name), textures_->path()));
    return;
  }
  auto payload = textures_->payload(*index);
  if (!payload) {
    warn("gltf.texture.read", fmt::format("texture {}: {}", shown, payload.error().message));
    return;
  }
  auto texture = texm::read(payload->bytes());
  auto image = texture ? texm::decode(*texture, 0) : Result<texm::Image>(texture.error());
  if (!image) {
    warn("gltf.texture.read", fmt::format("texture {} does not decode ({}): untextured", shown,
                                          image.error().message));
    return;
  }
  resolved.image = std::move(*image);
}

}  // namespace parkan::gltf::detail
