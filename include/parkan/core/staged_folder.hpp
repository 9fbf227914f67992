#pragma once
// The files of one multi-file write (`archive extract`, `texm to-png`, ...), written into a staging
// folder inside the target folder and moved into it only when every one was written and none would
// replace a folder or the input being read: a run that fails leaves the target folder as it was, and
// a folder the run created is removed again (docs/cli.md 3.1). Every file operation goes through
// core/file, so paths past 260 characters work on Windows too.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/error.hpp"

namespace parkan {

class StagedFolder {
 public:
  // `stage_name` starts with '~' (no entry's file name does); a number is appended while it is taken.
  static Result<StagedFolder> create(const std::filesystem::path& dir, const std::filesystem::path& input,
                                     std::string_view stage_name);
  StagedFolder() = default;
  StagedFolder(StagedFolder&& other) noexcept;
  StagedFolder& operator=(StagedFolder&& other) noexcept;
  StagedFolder(const StagedFolder&) = delete;
  StagedFolder& operator=(const StagedFolder&) = delete;
  ~StagedFolder();

  Status write(const std::string& name, ByteView bytes);
  // Where a writer that makes its own file puts `name` (counted for publish()).
  std::filesystem::path staged_path(const std::string& name);
  // Every target checked first, then every file moved (a rename inside one folder).
  Status publish();

 private:
  void discard() noexcept;

  std::filesystem::path dir_, input_, stage_;
  std::vector<std::string> names_;
  bool created_dir_ = false;
  bool owns_stage_ = false;
  bool published_ = false;
};

}  // namespace parkan
