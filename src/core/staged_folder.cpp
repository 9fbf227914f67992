#include "parkan/core/staged_folder.hpp"

#include <utility>

#include <fmt/format.h>

#include "parkan/core/file.hpp"
#include "parkan/core/utf8_path.hpp"
#include "platform_file.hpp"

namespace parkan {

namespace fs = std::filesystem;

namespace {

// A folder with its files and folders, as far as it can (a failure leaves the rest in place).
void remove_tree_quietly(const fs::path& dir) {
  auto entries = platform::list_entries(dir);
  if (entries) {
    for (const FolderEntry& entry : *entries) {
      const fs::path inner = dir / path_from_utf8(entry.name);
      if (entry.kind == FolderEntry::Kind::folder) {
        remove_tree_quietly(inner);
      } else {
        platform::remove_quietly(inner);
      }
    }
  }
  platform::remove_folder_quietly(dir);
}

}  // namespace

Result<StagedFolder> StagedFolder::create(const fs::path& dir, const fs::path& input, std::string_view stage_name) {
  StagedFolder staged;
  staged.dir_ = dir;
  staged.input_ = input;
  staged.created_dir_ = path_kind(dir) == PathKind::missing;
  PARKAN_TRY(make_folder(dir));
  for (int n = 0;; ++n) {
    staged.stage_ = dir / path_from_utf8(n == 0 ? std::string(stage_name) : fmt::format("{}-{}", stage_name, n));
    if (path_kind(staged.stage_) == PathKind::missing) break;
  }
  staged.owns_stage_ = true;  // before make_folder, so that a half-made stage is cleaned as well
  PARKAN_TRY(make_folder(staged.stage_));
  return staged;
}

StagedFolder::StagedFolder(StagedFolder&& other) noexcept { *this = std::move(other); }

StagedFolder& StagedFolder::operator=(StagedFolder&& other) noexcept {
  if (this == &other) return *this;
  discard();
  dir_ = std::move(other.dir_);
  input_ = std::move(other.input_);
  stage_ = std::move(other.stage_);
  names_ = std::move(other.names_);
  created_dir_ = other.created_dir_;
  owns_stage_ = std::exchange(other.owns_stage_, false);
  published_ = other.published_;
  return *this;
}

StagedFolder::~StagedFolder() { discard(); }

void StagedFolder::discard() noexcept {
  if (!owns_stage_) return;
  owns_stage_ = false;
  remove_tree_quietly(stage_);
  if (created_dir_ && !published_) platform::remove_folder_quietly(dir_);  // only when still empty
}

Status StagedFolder::write(const std::string& name, ByteView bytes) {
  names_.push_back(name);
  return write_file_atomic(stage_ / path_from_utf8(name), bytes);
}

fs::path StagedFolder::staged_path(const std::string& name) {
  names_.push_back(name);
  return stage_ / path_from_utf8(name);
}

Status StagedFolder::publish() {
  for (const std::string& name : names_) {
    const fs::path target = dir_ / path_from_utf8(name);
    const PathKind kind = path_kind(target);
    if (kind == PathKind::folder || kind == PathKind::other)
      return io_error("cannot write the file: a folder (or another non-file) is in the way", path_to_utf8(target));
    if (kind == PathKind::file && same_file(target, input_))
      return io_error("refusing to overwrite the input file", path_to_utf8(target));
  }
  for (const std::string& name : names_)
    PARKAN_TRY(platform::move_replacing(stage_ / path_from_utf8(name), dir_ / path_from_utf8(name)));
  published_ = true;
  return {};
}

}  // namespace parkan
