#pragma once
// The diagnostic codes of the glTF import (docs/import.md; docs/codes.md lists each with its severity
// and meaning): emit these constants, never the string, so that a typo is a compile error.

namespace parkan::importer::codes {

// Errors: nothing is written.
inline constexpr const char* kGltfParse = "import.gltf.parse";
inline constexpr const char* kGltfSkin = "import.gltf.skin";
inline constexpr const char* kGltfMorph = "import.gltf.morph";
inline constexpr const char* kGltfMode = "import.gltf.mode";
inline constexpr const char* kGltfAccessor = "import.gltf.accessor";
inline constexpr const char* kGltfShear = "import.gltf.shear";
inline constexpr const char* kGltfUv = "import.gltf.uv";
inline constexpr const char* kGltfSlot = "import.gltf.slot";
inline constexpr const char* kGltfEmpty = "import.gltf.empty";
inline constexpr const char* kGltfAnimation = "import.gltf.animation";
inline constexpr const char* kGltfMaterials = "import.gltf.materials";
inline constexpr const char* kGltfImage = "import.gltf.image";
inline constexpr const char* kNameTaken = "import.name.taken";
inline constexpr const char* kArchiveKind = "import.archive.kind";
inline constexpr const char* kPrototypeType = "import.prototype.type";

// Warnings: the import goes on.
inline constexpr const char* kNameCut = "import.name.cut";
inline constexpr const char* kNodeDropped = "import.node.dropped";
inline constexpr const char* kAnimScale = "import.anim.scale";
inline constexpr const char* kNameChanged = "import.name.changed";
inline constexpr const char* kImageScaled = "import.image.scaled";
inline constexpr const char* kLightmapShared = "import.lightmap.shared";

}  // namespace parkan::importer::codes
