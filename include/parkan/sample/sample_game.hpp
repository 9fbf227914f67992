#pragma once
// Synthetic sample data built with the project's own writers, following the retail figures of
// docs/formats/ (the "Observed in the retail data" sections). Used by `parkan sample-game`, `make demo`,
// the tests and the benchmarks.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "parkan/core/bytes.hpp"

namespace parkan::sample {

struct SampleOptions {
  std::uint32_t seed = 1;
  bool retail = false;  // retail-sized counts instead of a small demo set
};

// One file of a sample game folder, relative to its root.
struct SampleFile {
  std::string path;
  ByteBuffer bytes;
};

// Each subsystem contributes its files (one source file each under src/game/).
std::vector<SampleFile> sample_archives(const SampleOptions& options);   // NRes edge cases (sample_archives.cpp)
std::vector<SampleFile> sample_textures(const SampleOptions& options);   // Textures.lib (sample_textures.cpp)
std::vector<SampleFile> sample_materials(const SampleOptions& options);  // Material.lib, *.wea (sample_materials.cpp)
std::vector<SampleFile> sample_models(const SampleOptions& options);     // animated models (sample_models.cpp)
std::vector<SampleFile> sample_libraries(const SampleOptions& options);  // RsLi: gamefont.rlb, sprites.lib
std::vector<SampleFile> sample_font_libraries(const SampleOptions& options);  // sys.lib, ui/font.lib (sample_font_libraries.cpp)
std::vector<SampleFile> sample_sounds(const SampleOptions& options);     // sounds.lib, voices.lib (sample_sounds.cpp)
std::vector<SampleFile> sample_effects(const SampleOptions& options);    // effects.rlb, weapon.rlb (sample_effects.cpp)

// Writes all of the above under `dir` (created when missing).
Status write_sample_game(const std::filesystem::path& dir, const SampleOptions& options);

}  // namespace parkan::sample
