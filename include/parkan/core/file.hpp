#pragma once
// The only place that touches the file system: read-only mapping of inputs, atomic writing of outputs.
//
// Every input is opened without blocking and refused unless it is a regular file: a named pipe, a
// device or a folder given as an input is an I/O error naming the file ("not a regular file (a named
// pipe)"), never a reader that waits forever.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"

namespace parkan {

// A read-only memory mapping of a whole file. Movable, not copyable; unmaps on destruction.
class MappedFile {
 public:
  static Result<MappedFile> open(const std::filesystem::path& path);

  MappedFile() = default;
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  ByteView bytes() const { return {data_, size_}; }
  const std::filesystem::path& path() const { return path_; }

 private:
  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
  std::filesystem::path path_;
};

// A regular file read front to back in pieces, for inputs too large to hold at once (a manifest of
// a million entries). Movable, not copyable; closes on destruction.
class InputFile {
 public:
  static Result<InputFile> open(const std::filesystem::path& path);

  InputFile() = default;
  InputFile(InputFile&& other) noexcept;
  InputFile& operator=(InputFile&& other) noexcept;
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  ~InputFile();

  // Up to `size` more bytes into `buffer`; 0 at the end of the file.
  Result<std::size_t> read(std::uint8_t* buffer, std::size_t size);
  const std::filesystem::path& path() const { return path_; }

 private:
  std::intptr_t file_ = -1;  // the platform's descriptor or handle
  std::filesystem::path path_;
};

// Reads a whole file into memory (for small text inputs such as JSON).
Result<ByteBuffer> read_file(const std::filesystem::path& path);
// The first `max_bytes` of a file, or all of it when shorter (for a magic number).
Result<ByteBuffer> read_file_head(const std::filesystem::path& path, std::size_t max_bytes);

// An output written in pieces and put in place atomically: the bytes go to a temporary file in the
// same folder, which commit() renames over `path`. Destroyed without commit() (an error on the way),
// the temporary file is removed and `path` is untouched. Writes are buffered.
class AtomicFile {
 public:
  // Refuses when `path` is one of `inputs` (the same file, by identity).
  static Result<AtomicFile> create(const std::filesystem::path& path,
                                   const std::vector<std::filesystem::path>& inputs = {});

  AtomicFile() = default;
  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&& other) noexcept;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();

  Status write(ByteView data);
  // Flushes, closes and renames the temporary file over the target.
  Status commit();
  const std::filesystem::path& path() const { return path_; }

 private:
  Status flush();
  Status write_all(ByteView data);
  void discard();

  std::intptr_t file_ = -1;  // the platform's descriptor or handle
  std::filesystem::path temp_;
  std::filesystem::path path_;
  ByteBuffer buffer_;
};

// From this call on, every file this process opens for reading (MappedFile, InputFile, read_file) is
// remembered, and AtomicFile::create / write_file_atomic refuse a target that is one of them (the same
// file by identity, as same_file), so no command writes over a file it reads, whatever the spelling
// (docs/cli.md 1.6). The CLI turns it on once at start; a library user may too. Turning it off
// forgets the files recorded so far.
void refuse_overwriting_read_files(bool on = true);

// Writes `data` to `path` atomically: a temporary file in the same folder, flushed, then renamed
// over the target. Refuses when `path` is one of `inputs` (the same file, by identity).
Status write_file_atomic(const std::filesystem::path& path, ByteView data,
                         const std::vector<std::filesystem::path>& inputs = {});

// A file name every platform can create for `name` (UTF-8), for outputs named after entries: '/',
// '\\', ':', '*', '?', '"', '<', '>', '|' and control bytes become '_'; a trailing '.' or ' ' (which
// Windows drops) gets '_' after it; a Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any
// extension: "CON.0" is the console) gets '_' before it; "", "." and ".." become "_", "_.", "_..".
std::string portable_file_name(std::string_view name);

// What a path names, following symbolic links: nothing (or nothing parkan may look at), a regular
// file, a folder, or something else (a device, a pipe). Any length, as make_folder.
enum class PathKind { missing, file, folder, other };
PathKind path_kind(const std::filesystem::path& path);

// True when both paths exist and name the same file (the same inode, or on Windows the same volume
// and file index), whatever the spelling, links or length of either.
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

// Creates `dir` and its parents when missing; an I/O error naming the folder otherwise. Any length
// (on Windows too: past 260 characters through \\?\).
Status make_folder(const std::filesystem::path& dir);

// One name in a folder. A symbolic link (a reparse point on Windows) is `other`, never followed.
struct FolderEntry {
  enum class Kind { file, folder, other };
  std::string name;  // UTF-8
  Kind kind = Kind::other;
};

// The entries of `dir` (without "." and ".."), sorted by name; an I/O error naming the folder when
// it cannot be listed (missing, not a folder, no permission). Any length, as make_folder.
Result<std::vector<FolderEntry>> list_folder(const std::filesystem::path& dir);

}  // namespace parkan
