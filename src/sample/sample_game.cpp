#include <system_error>

#include "parkan/core/file.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::sample {

Status write_sample_game(const std::filesystem::path& dir, const SampleOptions& options) {
  std::vector<SampleFile> files;
  for (auto* part : {sample_archives, sample_textures, sample_materials, sample_models, sample_libraries,
                      sample_font_libraries, sample_sounds, sample_effects})
    for (SampleFile& f : part(options)) files.push_back(std::move(f));
  for (const SampleFile& f : files) {
    std::filesystem::path target = dir / path_from_utf8(f.path);
    PARKAN_TRY(make_folder(target.parent_path()));
    PARKAN_TRY(write_file_atomic(target, f.bytes));
  }
  return {};
}

}  // namespace parkan::sample
