#pragma once
// The sample game's effects (sample_effects.cpp): the FXID names of effects.rlb other sample files name
// (the explosions' slot 0, the skies' rain and lightning).
#include <array>
#include <string_view>

namespace parkan::sample::effect_names {

// Slot 0 of shared_names::kExplosions, in the same order.
inline constexpr std::array<std::string_view, 3> kExplosionEffects = {"expl_s", "expl_m", "expl_b"};
// The effects a sky's rain and lightning starts name (docs/formats/sky.md).
inline constexpr std::string_view kRain = "rain";
inline constexpr std::string_view kSnow = "snow";
inline constexpr std::string_view kLightning = "lightning";
// Slot s + 1 of an explosion: the effect on ground surface class s.
inline constexpr std::array<std::string_view, 3> kGroundEffects = {"dust", "splash", "sparks"};

}  // namespace parkan::sample::effect_names
