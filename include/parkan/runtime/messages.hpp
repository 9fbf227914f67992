#pragma once
// Every line the material manager writes to its log. The engine's own texts are exact
// (docs/formats/mat0.md 3, 6; docs/formats/wear.md 4.1; docs/formats/palettes.md 3.1); the few for states the engine never reports (a full
// cache, a payload that is not a texture) are the project's, marked so.
#include <string>
#include <string_view>

namespace parkan::runtime {

inline constexpr std::string_view kBadTextureName = "Bad texture name.";
// Engine: "Material %s not found.", "LightMap %s not found." (names cp1251, shown as UTF-8).
std::string material_not_found(std::string_view name);
std::string lightmap_not_found(std::string_view name);
// The engine's messages for a WEAR text and a MAT0 payload live with their parsers:
// material::wear_not_found_message ("Wear <%s> doesn't exist."), material::kIllegalWearLength,
// material::kIllegalLightmapsLength, material::kTooManyAnimations.

// The project's (docs/runtime.md): a full cache logs these and returns slot -1.
inline constexpr std::string_view kTextureCacheFull = "texture cache is full";
inline constexpr std::string_view kLightmapCacheFull = "lightmap cache is full";
// The project's: an error result of a material load.
inline constexpr std::string_view kMaterialPoolFull = "material pool is full";
// The project's: a library entry that the loader cannot read (the engine would crash).
std::string unreadable_texture(std::string_view name, std::string_view reason);
std::string unreadable_material(std::string_view name, std::string_view reason);

}  // namespace parkan::runtime
