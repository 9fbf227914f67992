#include "parkan/resource/folder_files.hpp"

#include <algorithm>

#include "parkan/core/file.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/nres/folder.hpp"

namespace parkan::resource {

std::vector<Diagnostic> files_not_in_manifest(const std::filesystem::path& dir, const std::vector<std::string>& packed,
                                              const std::filesystem::path& out) {
  std::vector<Diagnostic> found;
  auto entries = list_folder(dir);
  if (!entries) return found;
  for (const FolderEntry& entry : *entries) {
    if (entry.name == nres::kManifestName || entry.kind == FolderEntry::Kind::folder) continue;
    if (std::binary_search(packed.begin(), packed.end(), entry.name)) continue;
    const std::filesystem::path file = dir / path_from_utf8(entry.name);
    if (same_file(file, out)) continue;
    found.push_back(Diagnostic{nres::codes::kFolderUnlisted, Severity::warning,
                               Location{path_to_utf8(file), {}, std::nullopt},
                               "not in the manifest, so not packed (add it to \"entries\" to pack it)"});
  }
  std::sort(found.begin(), found.end(),
            [](const Diagnostic& a, const Diagnostic& b) { return a.location.file < b.location.file; });
  return found;
}

}  // namespace parkan::resource
