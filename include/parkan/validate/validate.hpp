#pragma once
// `parkan validate`: every archive and resource of a game folder through every check, then the
// references between them (a WEAR's materials and lightmaps, a material's textures, a texture's
// palette, a model's batch materials, objects.rlb prototypes). Reports every problem; never stops
// at the first broken file.
#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"
#include "parkan/resource/kind.hpp"

namespace parkan::validate {

// The resource types a validation counts (by_type keys, docs/cli.md): an NRes entry's type as
// `archive list` prints it (the FourCC, or the decimal type id), objects.rlb prototypes included
// (STAT, BTLU, ...); a loose file under the type id its kind's entries carry (resource/kind.hpp); an
// RsLi entry by its content (Texm) or name extension; kContainerType for the containers themselves.
inline constexpr const char* kContainerType = "archive";

struct TypeCounts {
  std::size_t count = 0;     // resources of the type
  std::size_t ok = 0;        // with no error and no warning
  std::size_t warnings = 0;  // with warnings but no error
  std::size_t errors = 0;    // with at least one error
};

struct FoundFile {
  std::string path;  // relative to the game folder, '/' separators
  // What the file holds, by its magic (and for text, its extension): an NRes or RsLi container, a
  // model, a Texm, a WEAR, or "other"; kind->file_kind is its name in JSON.
  const resource::Kind* kind = &resource::other_kind();
};

struct ValidationReport {
  std::string game;                      // GAME_DIR as given
  std::size_t archives = 0;              // containers found by magic (models excluded)
  std::size_t resources = 0;             // entries and loose resource files checked
  std::size_t skipped_files = 0;         // files that are neither an archive nor a known resource
  std::vector<FoundFile> files;          // every regular file found, sorted by path
  std::map<std::string, TypeCounts> by_type;
  // Sorted by file, then entry order, then offset. Locations: `file` relative to the game folder
  // with '/' separators, `entry` the stored entry name (empty for a whole file).
  std::vector<Diagnostic> findings;
  SeverityCounts totals;
};

struct ValidateOptions {
  unsigned threads = 0;  // 0: the machine's cores (at most 8)
  // A mod checked against an installed game: a reference the mod's own files do not hold is looked up
  // in the base game's archive of the same name (the engine reads a mod's file in place of the game's).
  // The base game is only read for its archives' names, not checked. Empty: no base.
  std::filesystem::path base;
  // Called from the validating thread with resources done and the total, for a progress bar.
  std::function<void(std::size_t done, std::size_t total)> progress;
};

// Errors only when the folder itself cannot be listed (ErrorCode::io); everything inside becomes
// findings.
Result<ValidationReport> validate_game(const std::filesystem::path& game_dir, const ValidateOptions& options = {});

}  // namespace parkan::validate
