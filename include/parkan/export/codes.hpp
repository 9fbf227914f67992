#pragma once
// The diagnostic codes of the glTF export (docs/formats/msh.md 13.9; docs/codes.md lists each with its
// severity and meaning): emit these constants, never the string, so that a typo is a compile error.

namespace parkan::gltf::codes {

// Errors: the export stops.
inline constexpr const char* kOptionsState = "gltf.options.state";
inline constexpr const char* kOptionsLod = "gltf.options.lod";
inline constexpr const char* kOptionsFps = "gltf.options.fps";
inline constexpr const char* kModelKind = "gltf.model.kind";
inline constexpr const char* kAnimFrames = "gltf.anim.frames";
inline constexpr const char* kWrite = "gltf.write";

// Warnings: the export goes on with a fallback.
inline constexpr const char* kMaterialWear = "gltf.material.wear";
inline constexpr const char* kMaterialLibrary = "gltf.material.library";
inline constexpr const char* kMaterialFallback = "gltf.material.fallback";
inline constexpr const char* kMaterialRead = "gltf.material.read";
inline constexpr const char* kTextureMissing = "gltf.texture.missing";
inline constexpr const char* kTextureRead = "gltf.texture.read";
inline constexpr const char* kTexturePage = "gltf.texture.page";
inline constexpr const char* kLightmapMissing = "gltf.lightmap.missing";
// The world export (gltf_world.hpp).
inline constexpr const char* kMissionMap = "gltf.mission.map";
inline constexpr const char* kMissionTerrain = "gltf.mission.terrain";
inline constexpr const char* kMissionUnit = "gltf.mission.unit";
inline constexpr const char* kMissionKey = "gltf.mission.key";
inline constexpr const char* kMissionModel = "gltf.mission.model";
inline constexpr const char* kMissionSocket = "gltf.mission.socket";
inline constexpr const char* kMissionHost = "gltf.mission.host";

}  // namespace parkan::gltf::codes
