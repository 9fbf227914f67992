#pragma once
// The operating system's side of core/file (docs/cli.md 1): one implementation per platform,
// file_posix.cpp or file_windows.cpp, chosen by the build. Everything above it is portable.
#include <cstdint>
#include <filesystem>
#include <string>

#include "parkan/core/bytes.hpp"
#include "parkan/core/error.hpp"
#include "parkan/core/file.hpp"

namespace parkan::platform {

// An open file: a POSIX descriptor or a Windows HANDLE, as an integer.
using FileHandle = std::intptr_t;
inline constexpr FileHandle kNoFile = -1;

// Opens an input for reading and refuses anything but a regular file (a folder, a pipe, a device)
// with an I/O error naming the file; never blocks on a pipe. Fills `size`.
Result<FileHandle> open_regular(const std::filesystem::path& path, std::size_t& size);
// Up to `size` bytes; 0 at the end.
Result<std::size_t> read_some(FileHandle file, std::uint8_t* buffer, std::size_t size,
                              const std::filesystem::path& path);
void close_file(FileHandle file);

// A read-only view of the first `size` bytes (size > 0); the file may be closed afterwards.
Result<const std::uint8_t*> map_view(FileHandle file, std::size_t size, const std::filesystem::path& path);
void unmap_view(const std::uint8_t* data, std::size_t size);

// How much of the target's name a temporary file's name repeats: the temporary must fit in a folder
// entry (255 bytes) whatever the target's length.
inline constexpr std::size_t kTemporaryNameStem = 64;

// A new, empty temporary file in the same folder as `path`; `temp` receives its name.
Result<FileHandle> create_temporary_beside(const std::filesystem::path& path, std::filesystem::path& temp);
Status write_all(FileHandle file, ByteView data, const std::filesystem::path& path);
// Closes `file` (a temporary of create_temporary_beside) and puts it in place of `path` in one step:
// a reader sees the old file or the new one, never a part. On failure the temporary is removed.
Status close_and_replace(FileHandle file, const std::filesystem::path& temp, const std::filesystem::path& path);
void remove_quietly(const std::filesystem::path& path);

// Renames a file to `to`, replacing a file there; the error names `to`.
Status move_replacing(const std::filesystem::path& from, const std::filesystem::path& to);
// Removes an empty folder; nothing when it is not empty or not there.
void remove_folder_quietly(const std::filesystem::path& dir);

// Creates `dir` and its missing parents.
Status make_folders(const std::filesystem::path& dir);
// The entries of `dir`, in the order the system gives them.
Result<std::vector<FolderEntry>> list_entries(const std::filesystem::path& dir);

}  // namespace parkan::platform
