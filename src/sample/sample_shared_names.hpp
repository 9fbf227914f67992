#pragma once
// Names the sample game's sounds, effects, skies and per-object data share (the world specification
// sections 5, 7, 8, 9): the files that name each other agree because they all take their names from here.
#include <array>
#include <string_view>

namespace parkan::sample::shared_names {

// sounds.lib and voices.lib: NRes archives of SWAV entries, each a whole RIFF WAVE file.
inline constexpr std::string_view kSoundsLibrary = "sounds.lib";
inline constexpr std::string_view kVoicesLibrary = "voices.lib";
// Members of sounds.lib that effects (FXID type-2 emitters) and skies (rain) name; sounds.lib holds
// these and more.
inline constexpr std::array<std::string_view, 6> kEffectSounds = {
    "expl_small.wav", "expl_big.wav", "gun_shot.wav", "fire_loop.wav", "door_move.wav", "atm_rain1.wav"};
inline constexpr std::string_view kRainSound = "atm_rain1.wav";

// effects.rlb: FXID records.
inline constexpr std::string_view kEffectsLibrary = "effects.rlb";
// .exp explosions (792 bytes, EXPL) in weapon.rlb, named by the buildings' .ndp records.
inline constexpr std::string_view kExplosionArchive = "weapon.rlb";
inline constexpr std::array<std::string_view, 3> kExplosions = {"expl_s.exp", "expl_m.exp", "expl_b.exp"};

}  // namespace parkan::sample::shared_names
