// The loaders under the vtable: materials into the pool (docs/formats/mat0.md 2, 3, 4.3, 6) and
// textures and lightmaps into their caches (9; docs/runtime.md 9, "Release").
#include <fmt/format.h>

#include "parkan/material/codes.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/runtime/manager.hpp"
#include "parkan/runtime/material_lookup.hpp"
#include "parkan/runtime/messages.hpp"
#include "parkan/texm/load.hpp"
#include "parkan/texm/palette.hpp"

namespace parkan::runtime {

Result<TextureLoad> MaterialManager::load_into(TextureCache& cache, Library library, std::string_view name,
                                               std::uint32_t flags) {
  const bool lightmap = cache.kind() == CacheKind::lightmaps;
  const texm::NamePalette palette = texm::palette_index_from_name(name);
  TextureLoad out;
  if (palette.bad_name) {
    log(kBadTextureName);
    return out;
  }
  out.palette = palette.index >= 0 ? palette.index : -1;
  PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> archive, open_library(library));
  std::optional<std::size_t> index = archive ? archive->find(name) : std::nullopt;
  if (!index) {
    if (lightmap) log(lightmap_not_found(name));
    return out;
  }
  out.res_index = static_cast<std::int32_t>(*index);
  if (std::optional<std::size_t> hit = cache.find(out.res_index)) {
    out.slot = static_cast<std::int32_t>(*hit);
    out.ref_count = cache.add_reference(*hit);
    out.object = cache.slots()[*hit].object;
    return out;
  }
  std::optional<std::size_t> free = cache.lowest_free();
  if (!free) {
    log(lightmap ? kLightmapCacheFull : kTextureCacheFull);
    out.res_index = -1;
    return out;
  }
  // The engine's texture-by-name load always adds 0x400000 (Page rects apply; World3D 0x10004c88);
  // lightmaps load with the flags as given. The slot records the caller's flags (docs/runtime.md 9.3).
  const std::uint32_t decode_flags = lightmap ? flags : flags | texm::kLoadFlagPage;
  auto payload = archive->payload(*index);
  auto object = payload ? load_texture_object(std::move(*payload), decode_flags)
                        : Result<std::shared_ptr<TextureObject>>(std::move(payload).error());
  if (!object) {
    log(unreadable_texture(name, object.error().to_string()));
    out.res_index = -1;
    return out;
  }
  (*object)->palette_index = out.palette;
  if (palette.has_palette() && !palette.outside_bank())
    (*object)->palette = palettes_.slots.slots[static_cast<std::size_t>(palette.index)];
  out.object = std::move(*object);
  cache.fill(*free, out.res_index, out.object, flags);
  out.slot = static_cast<std::int32_t>(*free);
  out.ref_count = 1;
  return out;
}

Result<TextureLoad> MaterialManager::load_texture(std::string_view name, std::uint32_t load_flags) {
  return load_into(textures_, Library::textures, name, load_flags);
}

Result<TextureLoad> MaterialManager::load_lightmap(std::string_view name) {
  return load_into(lightmaps_, Library::lightmaps, name, 0);
}

Result<std::int32_t> MaterialManager::release_texture(std::int64_t slot) { return textures_.release(slot, game_time()); }

Result<std::int32_t> MaterialManager::release_lightmap(std::int64_t slot) {
  return lightmaps_.release(slot, game_time());
}

void MaterialManager::release_phase_textures(const std::vector<material::PhaseRecord>& phases) {
  // Each phase's texture once; a slot that unload_all_textures already freed is left alone.
  for (const material::PhaseRecord& phase : phases)
    if (phase.texture_slot >= 0) (void)textures_.release(phase.texture_slot, game_time());
}

namespace {

// A material that cannot be loaded is logged (the engine's text for too many blocks, the project's
// otherwise) and returned as the error.
Error material_failure(const Error& cause, std::string_view name) {
  std::string message = cause.rule == material::codes::kMat0HeaderBlockCount
                            ? std::string(material::kTooManyAnimations)
                            : unreadable_material(name, cause.to_string());
  return invalid(std::move(message));
}

}  // namespace

Result<MaterialLoad> MaterialManager::load_material(std::string_view name) {
  PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> library, open_library(Library::materials));
  std::optional<MaterialFound> found = library ? find_material(*library, name) : std::nullopt;
  if (!found) {
    std::string why = library ? fmt::format("the materials library {} has no entries", library->path())
                              : fmt::format("no materials library \"{}\" in the game folder", this->library(Library::materials));
    Error e = invalid(unreadable_material(name, why));
    log(e.message);
    return e;
  }
  if (!found->log.empty()) log(found->log);
  const auto entry = static_cast<std::int32_t>(found->index);
  if (std::optional<std::size_t> hit = pool_.find(entry))
    return MaterialLoad{*hit, pool_.add_reference(*hit), entry};
  std::optional<std::size_t> free = pool_.lowest_free();
  if (!free) return invalid(std::string(kMaterialPoolFull));

  const resource::EntryInfo info = library->entry(found->index);
  auto payload = library->payload(found->index);
  auto mat = payload ? payload->parse(material::read_mat0, material::Mat0Attributes{info.attr1, info.attr2})
                     : Result<material::Mat0>(std::move(payload).error());
  if (!mat) {
    Error e = material_failure(mat.error(), info.name);
    log(e.message);
    return e;
  }
  // Each phase's texture with the material's load flags (docs/runtime.md 6.3).
  const std::uint32_t flags = material::phase_texture_load_flags(info.attr1, options_.emboss_bump);
  std::vector<material::PhaseRecord> phases;
  phases.reserve(mat->phases.size());
  for (const material::Phase& phase : mat->phases) {
    std::int32_t slot = material::kNoTextureSlot;
    if (phase.has_texture()) {
      auto texture = load_texture(phase.texture_name(), flags);
      if (!texture) {  // the textures library cannot be read: undo this material's loads
        release_phase_textures(phases);
        return std::move(texture).error();
      }
      slot = texture->slot;
    }
    phases.push_back(material::to_record(phase, slot));
  }
  pool_.fill(*free, entry, info.name, std::move(*mat), std::move(phases), flags);
  return MaterialLoad{*free, 1, entry};
}

Result<std::int32_t> MaterialManager::release_material(std::int64_t slot) {
  std::vector<material::PhaseRecord> freed;
  PARKAN_ASSIGN(std::int32_t count, pool_.release(slot, &freed));
  if (count == 0) release_phase_textures(freed);
  return count;
}

}  // namespace parkan::runtime
