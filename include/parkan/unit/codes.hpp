#pragma once
// The diagnostic codes of unit assemblies (docs/formats/unit.md; docs/codes.md lists each with its
// severity and meaning): emit these constants, never the string, so that a typo is a compile error.

namespace parkan::unit::codes {

// Errors: the file cannot be read as an assembly.
inline constexpr const char* kHeaderSize = "unit.header.size";
inline constexpr const char* kHeaderMagic = "unit.header.magic";
inline constexpr const char* kSizeRecords = "unit.size.records";
inline constexpr const char* kRecordsNone = "unit.records.none";
inline constexpr const char* kTreeChildren = "unit.tree.children";
inline constexpr const char* kTreeShort = "unit.tree.short";
inline constexpr const char* kTreeExtra = "unit.tree.extra";
inline constexpr const char* kPartKey = "unit.part.key";
inline constexpr const char* kNameLength = "unit.name.length";
inline constexpr const char* kNameNulInside = "unit.name.nul_inside";

// Warnings: readable, but not what every retail assembly holds.
inline constexpr const char* kRootAttachment = "unit.root.attachment";
inline constexpr const char* kPartAttachment = "unit.part.attachment";
inline constexpr const char* kPartOne = "unit.part.one";
inline constexpr const char* kPartClass = "unit.part.class";
inline constexpr const char* kPartArchive = "unit.part.archive";
inline constexpr const char* kNameNul = "unit.name.nul";

// BuildDat.lst (docs/formats/unit.md 5). Errors: the list cannot be read.
inline constexpr const char* kBuildListLine = "buildlist.line";
inline constexpr const char* kBuildListCount = "buildlist.count";
inline constexpr const char* kBuildListShort = "buildlist.short";
// Warnings.
inline constexpr const char* kBuildListScheme = "buildlist.scheme";
inline constexpr const char* kBuildListDuplicate = "buildlist.duplicate";

}  // namespace parkan::unit::codes
