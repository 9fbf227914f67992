#pragma once
// The diagnostic codes of MAT0 and WEAR (docs/codes.md lists each with its severity and meaning): emit
// these constants, never the string, so that a typo is a compile error. The cross-game references
// (mat0.texture.missing, wear.material.missing, ...) belong to validate (parkan/validate/codes.hpp).

namespace parkan::material::codes {

// docs/formats/mat0.md 8.1: reading.
inline constexpr const char* kMat0HeaderSize = "mat0.header.size";
inline constexpr const char* kMat0HeaderBlockCount = "mat0.header.block_count";
inline constexpr const char* kMat0PrefixSize = "mat0.prefix.size";
inline constexpr const char* kMat0PhasesSize = "mat0.phases.size";
inline constexpr const char* kMat0BlockHeaderSize = "mat0.block.header_size";
inline constexpr const char* kMat0BlockKeysSize = "mat0.block.keys_size";
inline constexpr const char* kMat0PayloadTrailing = "mat0.payload.trailing";
// The fallback code of a MAT0 read failure without a rule of its own.
inline constexpr const char* kMat0Payload = "mat0.payload";

// docs/formats/mat0.md 8.2: writing.
inline constexpr const char* kMat0PhasesCount = "mat0.phases.count";
inline constexpr const char* kMat0BlockKeyCount = "mat0.block.key_count";

// docs/formats/mat0.md 8.3: semantic checks.
inline constexpr const char* kMat0PhaseTextureUnterminated = "mat0.phase.texture_unterminated";
inline constexpr const char* kMat0PhaseTextureName = "mat0.phase.texture_name";
inline constexpr const char* kMat0BlockNoKeys = "mat0.block.no_keys";
inline constexpr const char* kMat0BlockKeyPhase = "mat0.block.key_phase";
inline constexpr const char* kMat0BlockKeyOrder = "mat0.block.key_order";
inline constexpr const char* kMat0BlockCycle = "mat0.block.cycle";
inline constexpr const char* kMat0BlockMode = "mat0.block.mode";
inline constexpr const char* kMat0BlockMask = "mat0.block.mask";
inline constexpr const char* kMat0SampleBlock = "mat0.sample.block";

// docs/formats/mat0.md 8.4: the text form and library folders.
inline constexpr const char* kMat0TextFormat = "mat0.text.format";
inline constexpr const char* kMat0TextMissing = "mat0.text.missing";
inline constexpr const char* kMat0TextValue = "mat0.text.value";
inline constexpr const char* kMat0TextUnknownField = "mat0.text.unknown_field";
inline constexpr const char* kMat0TextConflict = "mat0.text.conflict";
inline constexpr const char* kMat0TextNotStored = "mat0.text.not_stored";
inline constexpr const char* kMat0TextTexture = "mat0.text.texture";
inline constexpr const char* kMat0LibraryManifest = "mat0.library.manifest";

// docs/formats/wear.md 7.1 and 7.2: the parsers' errors and the editor's checks.
inline constexpr const char* kWearMaterialsLength = "wear.materials.length";
inline constexpr const char* kWearMaterialsCountText = "wear.materials.count_text";
inline constexpr const char* kWearMaterialsRow = "wear.materials.row";
inline constexpr const char* kWearMaterialsRowText = "wear.materials.row_text";
inline constexpr const char* kWearMaterialsTrailing = "wear.materials.trailing";
inline constexpr const char* kWearLightmapsSeparator = "wear.lightmaps.separator";
inline constexpr const char* kWearLightmapsLength = "wear.lightmaps.length";
inline constexpr const char* kWearLightmapsCountText = "wear.lightmaps.count_text";
inline constexpr const char* kWearLightmapsRow = "wear.lightmaps.row";
inline constexpr const char* kWearLightmapsRowText = "wear.lightmaps.row_text";
inline constexpr const char* kWearLightmapsTrailing = "wear.lightmaps.trailing";
inline constexpr const char* kWearParsersDisagree = "wear.parsers.disagree";
inline constexpr const char* kWearParsersBuffer = "wear.parsers.buffer";
inline constexpr const char* kWearParsersFile = "wear.parsers.file";
inline constexpr const char* kWearTablesCount = "wear.tables.count";

}  // namespace parkan::material::codes
