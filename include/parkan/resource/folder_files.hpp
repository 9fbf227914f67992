#pragma once
// What a folder given to a pack holds besides what its manifest names (docs/cli.md 3.1): the files
// added by hand that a pack leaves out, for `archive pack` (NRes and RsLi) and `mat0 build` alike.
#include <filesystem>
#include <string>
#include <vector>

#include "parkan/core/diagnostic.hpp"

namespace parkan::resource {

// One warning (nres.folder.unlisted) per regular file of `dir` that is neither its manifest.json, nor
// in `packed` (file names the pack read, sorted), nor `out` (the archive just written into the
// folder), sorted by path. Nothing when the folder cannot be listed now (it was just read).
std::vector<Diagnostic> files_not_in_manifest(const std::filesystem::path& dir, const std::vector<std::string>& packed,
                                              const std::filesystem::path& out);

}  // namespace parkan::resource
