#pragma once
// The diagnostic codes that only the game-wide validation emits (docs/codes.md lists each with its
// severity and meaning; docs/cli.md 11.4): the game's files and the references between its resources.
// Emit these constants, never the string, so that a typo is a compile error.

namespace parkan::validate::codes {

inline constexpr const char* kGameFolderUnreadable = "game.folder.unreadable";
inline constexpr const char* kGameFileUnreadable = "game.file.unreadable";
inline constexpr const char* kGameLibraryMissing = "game.library.missing";

// The world's chains (docs/formats/mission.md 4, docs/formats/unit.md 4): what a mission and a unit
// assembly name must be in the game (or its base).
inline constexpr const char* kMissionMapMissing = "mission.map.missing";
inline constexpr const char* kMissionObjectMissing = "mission.object.missing";
inline constexpr const char* kUnitPrototypeMissing = "unit.prototype.missing";
inline constexpr const char* kUnitSocketRange = "unit.socket.range";
inline constexpr const char* kUnitSocketName = "unit.socket.name";
inline constexpr const char* kMissionHostHallway = "mission.host.hallway";
inline constexpr const char* kMissionObjectOutside = "mission.object.outside";
inline constexpr const char* kTerrainWearRow = "terrain.wear.row";
inline constexpr const char* kTerrainWearLength = "terrain.wear.length";
inline constexpr const char* kTerrainWearOneTrack = "terrain.wear.one_track";
inline constexpr const char* kTerrainArealExtent = "terrain.areal.extent";
inline constexpr const char* kNdpNodeCount = "ndp.node.count";
inline constexpr const char* kBuildListPathMissing = "buildlist.path.missing";
inline constexpr const char* kBuildListClass = "buildlist.class";
inline constexpr const char* kCptNodeRange = "cpt.node.range";

// The effects' chain (docs/formats/effect.md, docs/formats/sky.md; the world specification 10.3 and 10.5): .ndp ->
// .exp -> FXID -> Material.lib and sounds.lib; a sky's rain and lightning starts -> their effect.
inline constexpr const char* kNdpExplosionMissing = "ndp.explosion.missing";
inline constexpr const char* kExpEffectMissing = "exp.effect.missing";
inline constexpr const char* kFxidResourceMissing = "fxid.resource.missing";
inline constexpr const char* kSkyEffectMissing = "sky.effect.missing";
inline constexpr const char* kSkyEffectNone = "sky.effect.none";

// References across the game (docs/formats/mat0.md 8.5, docs/formats/wear.md 7.3, docs/formats/texm.md 8).
inline constexpr const char* kWearMaterialMissing = "wear.material.missing";
inline constexpr const char* kWearLightmapMissing = "wear.lightmap.missing";
inline constexpr const char* kMat0TextureMissing = "mat0.texture.missing";
inline constexpr const char* kTexmPaletteMissing = "texm.palette.missing";
// A font's format 2 atlas and its PAL.PAL (docs/formats/font.md 7).
inline constexpr const char* kFontPaletteMissing = "font.palette.missing";

// The fallback codes of a read failure without a rule of its own (docs/formats/mat0.md 8.1,
// docs/formats/palettes.md 7).
inline constexpr const char* kMat0Read = "mat0.read";
inline constexpr const char* kPalRead = "pal.read";

}  // namespace parkan::validate::codes
