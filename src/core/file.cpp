#include "parkan/core/file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace parkan {

namespace {
std::string errno_text() { return std::strerror(errno); }

// True when both paths exist and name the same file.
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code ec;
  bool same = std::filesystem::equivalent(a, b, ec);
  return !ec && same;
}
}  // namespace

Result<MappedFile> MappedFile::open(const std::filesystem::path& path) {
  MappedFile file;
  file.path_ = path;
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_error("cannot open: " + errno_text(), path.string());
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    std::string why = errno_text();
    ::close(fd);
    return io_error("cannot stat: " + why, path.string());
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return io_error("not a regular file", path.string());
  }
  file.size_ = static_cast<std::size_t>(st.st_size);
  if (file.size_ > 0) {
    void* p = ::mmap(nullptr, file.size_, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) {
      std::string why = errno_text();
      ::close(fd);
      return io_error("cannot map: " + why, path.string());
    }
    file.data_ = static_cast<const std::uint8_t*>(p);
  }
  ::close(fd);
  return file;
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)),
      path_(std::move(other.path_)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    if (data_) ::munmap(const_cast<std::uint8_t*>(data_), size_);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    path_ = std::move(other.path_);
  }
  return *this;
}

MappedFile::~MappedFile() {
  if (data_) ::munmap(const_cast<std::uint8_t*>(data_), size_);
}

Result<ByteBuffer> read_file(const std::filesystem::path& path) {
  PARKAN_ASSIGN(MappedFile file, MappedFile::open(path));
  ByteView bytes = file.bytes();
  return ByteBuffer(bytes.begin(), bytes.end());
}

Status write_file_atomic(const std::filesystem::path& path, ByteView data,
                         const std::vector<std::filesystem::path>& inputs) {
  for (const auto& input : inputs)
    if (same_file(path, input)) return io_error("refusing to overwrite the input file", path.string());

  std::filesystem::path folder = path.parent_path();
  if (folder.empty()) folder = ".";
  std::string temp_name = ".";
  temp_name += path.filename().string();
  temp_name += ".tmp.XXXXXX";
  std::string temp = (folder / temp_name).string();
  int fd = ::mkstemp(temp.data());
  if (fd < 0) return io_error("cannot create a temporary file: " + errno_text(), path.string());

  auto fail = [&](const std::string& what) {
    std::string why = errno_text();
    ::close(fd);
    ::unlink(temp.c_str());
    return io_error(what + ": " + why, path.string());
  };
  std::size_t written = 0;
  while (written < data.size()) {
    ssize_t n = ::write(fd, data.data() + written, data.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail("cannot write");
    }
    written += static_cast<std::size_t>(n);
  }
  // mkstemp creates 0600; outputs get the usual permissions.
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  if (::close(fd) != 0) {
    std::string why = errno_text();
    ::unlink(temp.c_str());
    return io_error("cannot close: " + why, path.string());
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    std::string why = errno_text();
    ::unlink(temp.c_str());
    return io_error("cannot rename into place: " + why, path.string());
  }
  return {};
}

}  // namespace parkan
