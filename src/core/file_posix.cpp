// core/file on POSIX: open(2) with O_NONBLOCK, mmap(2), mkstemp(3) and rename(2).
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "parkan/core/utf8_path.hpp"
#include "platform_file.hpp"

namespace parkan::platform {

namespace {

std::string errno_text() { return std::strerror(errno); }

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a named pipe";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a file";
}

}  // namespace

// Opening a named pipe for reading would wait for a writer: O_NONBLOCK, which means nothing for a
// regular file, so the descriptor reads as usual.
Result<FileHandle> open_regular(const std::filesystem::path& path, std::size_t& size) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return io_error("cannot open: " + errno_text(), path_to_utf8(path));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    std::string why = errno_text();
    ::close(fd);
    return io_error("cannot stat: " + why, path_to_utf8(path));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return io_error(std::string("not a regular file (") + kind_of(st.st_mode) + ")", path_to_utf8(path));
  }
  size = static_cast<std::size_t>(st.st_size);
  return FileHandle{fd};
}

Result<std::size_t> read_some(FileHandle file, std::uint8_t* buffer, std::size_t size,
                              const std::filesystem::path& path) {
  for (;;) {
    ssize_t n = ::read(static_cast<int>(file), buffer, size);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) return io_error("cannot read: " + errno_text(), path_to_utf8(path));
  }
}

void close_file(FileHandle file) {
  if (file != kNoFile) ::close(static_cast<int>(file));
}

Result<const std::uint8_t*> map_view(FileHandle file, std::size_t size, const std::filesystem::path& path) {
  void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, static_cast<int>(file), 0);
  if (p == MAP_FAILED) return io_error("cannot map: " + errno_text(), path_to_utf8(path));
  return static_cast<const std::uint8_t*>(p);
}

void unmap_view(const std::uint8_t* data, std::size_t size) {
  if (data) ::munmap(const_cast<std::uint8_t*>(data), size);
}

Result<FileHandle> create_temporary_beside(const std::filesystem::path& path, std::filesystem::path& temp) {
  std::filesystem::path folder = path.parent_path();
  if (folder.empty()) folder = ".";
  const std::string stem = path_to_utf8(path.filename()).substr(0, kTemporaryNameStem);
  std::string name = path_to_utf8(folder / path_from_utf8("." + stem + ".tmp.XXXXXX"));
  int fd = ::mkstemp(name.data());
  if (fd < 0) return io_error("cannot create a temporary file: " + errno_text(), path_to_utf8(path));
  temp = name;
  return FileHandle{fd};
}

Status write_all(FileHandle file, ByteView data, const std::filesystem::path& path) {
  std::size_t written = 0;
  while (written < data.size()) {
    ssize_t n = ::write(static_cast<int>(file), data.data() + written, data.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      return io_error("cannot write: " + errno_text(), path_to_utf8(path));
    }
    written += static_cast<std::size_t>(n);
  }
  return {};
}

Status close_and_replace(FileHandle file, const std::filesystem::path& temp, const std::filesystem::path& path) {
  // mkstemp creates 0600; outputs get the usual permissions.
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(static_cast<int>(file), 0666 & ~mask);
  if (::close(static_cast<int>(file)) != 0) {
    std::string why = errno_text();
    ::unlink(temp.c_str());
    return io_error("cannot close: " + why, path_to_utf8(path));
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    std::string why = errno_text();
    ::unlink(temp.c_str());
    return io_error("cannot rename into place: " + why, path_to_utf8(path));
  }
  return {};
}

void remove_quietly(const std::filesystem::path& path) { ::unlink(path.c_str()); }

}  // namespace parkan::platform

namespace parkan {

PathKind path_kind(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return PathKind::missing;
  if (S_ISREG(st.st_mode)) return PathKind::file;
  return S_ISDIR(st.st_mode) ? PathKind::folder : PathKind::other;
}

bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
  struct stat sa {}, sb {};
  if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0) return false;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

}  // namespace parkan

namespace parkan::platform {

Status make_folders(const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return io_error("cannot create folder: " + ec.message(), path_to_utf8(dir));
  return {};
}

Result<std::vector<FolderEntry>> list_entries(const std::filesystem::path& dir) {
  std::vector<FolderEntry> entries;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    const std::filesystem::file_status status = it->symlink_status(type_ec);
    FolderEntry entry{path_to_utf8(it->path().filename()), FolderEntry::Kind::other};
    if (!type_ec && std::filesystem::is_regular_file(status)) entry.kind = FolderEntry::Kind::file;
    if (!type_ec && std::filesystem::is_directory(status)) entry.kind = FolderEntry::Kind::folder;
    entries.push_back(std::move(entry));
  }
  if (ec) return io_error("cannot list the folder: " + ec.message(), path_to_utf8(dir));
  return entries;
}

Status move_replacing(const std::filesystem::path& from, const std::filesystem::path& to) {
  if (::rename(from.c_str(), to.c_str()) != 0)
    return io_error(std::string("cannot write the file: ") + std::strerror(errno), path_to_utf8(to));
  return {};
}

void remove_folder_quietly(const std::filesystem::path& dir) { ::rmdir(dir.c_str()); }

}  // namespace parkan::platform
