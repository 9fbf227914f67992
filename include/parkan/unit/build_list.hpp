#pragma once
// BuildDat.lst (docs/formats/unit.md 5): the game folder's text list of the building schemes the
// behaviour system builds fortifications from: sections `Name count`, each followed by `count`
// quoted .dat paths, the upgrade ladder of one building type. Read and checked; the file is text and
// parkan does not rewrite it.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"

namespace parkan::unit {

inline constexpr std::string_view kBuildListFile = "BuildDat.lst";
// A count past this is refused before anything is reserved (retail: 3 paths a section at most).
inline constexpr std::uint32_t kBuildListMaxCount = 1024;

// The twelve scheme names and the building Type each stands for (the world specification section 2,
// from fparkan; ArealMap.dll registers each name with its Type).
struct BuildScheme {
  std::string_view name;
  std::uint32_t class_word;
};
inline constexpr std::array<BuildScheme, 12> kBuildSchemes = {{
    {"Bunker_Small", 0x80010000}, {"Bunker_Medium", 0x80020000}, {"Bunker_Large", 0x80040000},
    {"Generator", 0x80000002},    {"Mine", 0x80000004},          {"Storage", 0x80000008},
    {"Plant", 0x80000010},        {"Hangar", 0x80000040},        {"MainTeleport", 0x80000200},
    {"Institute", 0x80000400},    {"Tower_Medium", 0x80100000},  {"Tower_Large", 0x80200000},
}};
// The Type of a scheme name (ASCII case-insensitive), or nullopt.
std::optional<std::uint32_t> build_scheme_class(std::string_view name);

struct BuildListPath {
  std::string path;          // between the quotes, '\\' separated, relative to the game folder
  std::uint64_t offset = 0;  // of the opening quote
};
struct BuildListSection {
  std::string name;
  std::uint32_t count = 0;   // as declared
  std::uint64_t offset = 0;  // of the name
  std::vector<BuildListPath> paths;
};
struct BuildList {
  std::vector<BuildListSection> sections;
};

// Lines end in "\n" or "\r\n"; blank lines and lines starting with "//", ";" or "#" are comments
// (docs/formats/unit.md 5). Errors: buildlist.line (a line that is neither a section header nor a
// quoted path where one is due), buildlist.count (a count that is no number or past
// kBuildListMaxCount), buildlist.short (a section with fewer paths than its count).
Result<BuildList> read_build_list(ByteView bytes);
// The reader's error, else buildlist.scheme (warning: a section name not among the twelve) and
// buildlist.duplicate (warning: a scheme listed twice).
std::vector<Diagnostic> check_build_list(ByteView bytes);
// {"sections": [{"name", "count", "class_word" (null when unknown), "paths": [...]}]}
nlohmann::json build_list_json(const BuildList& list);

}  // namespace parkan::unit
