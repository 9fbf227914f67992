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

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a named pipe";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a file";
}

// Opens an input for reading without blocking (opening a named pipe for reading would wait for a
// writer) and refuses anything but a regular file. O_NONBLOCK means nothing for a regular file, so
// the descriptor reads as usual. Returns the descriptor and fills `size`.
Result<int> open_regular(const std::filesystem::path& path, std::size_t& size) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return io_error("cannot open: " + errno_text(), path.string());
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    std::string why = errno_text();
    ::close(fd);
    return io_error("cannot stat: " + why, path.string());
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return io_error(std::string("not a regular file (") + kind_of(st.st_mode) + ")", path.string());
  }
  size = static_cast<std::size_t>(st.st_size);
  return fd;
}

constexpr std::size_t kWriteBuffer = std::size_t(1) << 20;

}  // namespace

Result<MappedFile> MappedFile::open(const std::filesystem::path& path) {
  MappedFile file;
  file.path_ = path;
  PARKAN_ASSIGN(int fd, open_regular(path, file.size_));
  if (file.size_ > 0) {
    void* p = ::mmap(nullptr, file.size_, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) {
      std::string why = errno_text();
      ::close(fd);
      file.size_ = 0;
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

Result<InputFile> InputFile::open(const std::filesystem::path& path) {
  InputFile file;
  std::size_t size = 0;
  PARKAN_ASSIGN(file.fd_, open_regular(path, size));
  file.path_ = path;
  return file;
}

InputFile::InputFile(InputFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)) {}

InputFile& InputFile::operator=(InputFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
  }
  return *this;
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

Result<std::size_t> InputFile::read(std::uint8_t* buffer, std::size_t size) {
  if (fd_ < 0) return io_error("cannot read: the file is not open", path_.string());
  for (;;) {
    ssize_t n = ::read(fd_, buffer, size);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) return io_error("cannot read: " + errno_text(), path_.string());
  }
}

Result<ByteBuffer> read_file(const std::filesystem::path& path) {
  PARKAN_ASSIGN(MappedFile file, MappedFile::open(path));
  ByteView bytes = file.bytes();
  return ByteBuffer(bytes.begin(), bytes.end());
}

Result<AtomicFile> AtomicFile::create(const std::filesystem::path& path,
                                      const std::vector<std::filesystem::path>& inputs) {
  for (const auto& input : inputs)
    if (same_file(path, input)) return io_error("refusing to overwrite the input file", path.string());
  std::filesystem::path folder = path.parent_path();
  if (folder.empty()) folder = ".";
  std::string temp_name = ".";
  temp_name += path.filename().string();
  temp_name += ".tmp.XXXXXX";
  AtomicFile file;
  file.temp_ = (folder / temp_name).string();
  file.path_ = path;
  file.fd_ = ::mkstemp(file.temp_.data());
  if (file.fd_ < 0) return io_error("cannot create a temporary file: " + errno_text(), path.string());
  return file;
}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), temp_(std::move(other.temp_)), path_(std::move(other.path_)),
      buffer_(std::move(other.buffer_)) {}

AtomicFile& AtomicFile::operator=(AtomicFile&& other) noexcept {
  if (this != &other) {
    discard();
    fd_ = std::exchange(other.fd_, -1);
    temp_ = std::move(other.temp_);
    path_ = std::move(other.path_);
    buffer_ = std::move(other.buffer_);
  }
  return *this;
}

AtomicFile::~AtomicFile() { discard(); }

void AtomicFile::discard() {
  if (fd_ < 0) return;
  ::close(fd_);
  ::unlink(temp_.c_str());
  fd_ = -1;
}

Status AtomicFile::write_all(ByteView data) {
  std::size_t written = 0;
  while (written < data.size()) {
    ssize_t n = ::write(fd_, data.data() + written, data.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      std::string why = errno_text();
      discard();
      return io_error("cannot write: " + why, path_.string());
    }
    written += static_cast<std::size_t>(n);
  }
  return {};
}

Status AtomicFile::flush() {
  PARKAN_TRY(write_all(buffer_));
  buffer_.clear();
  return {};
}

Status AtomicFile::write(ByteView data) {
  if (fd_ < 0) return io_error("cannot write: the file is not open", path_.string());
  // Small pieces gather in the buffer; a piece that does not fit goes out on its own.
  if (buffer_.size() + data.size() > kWriteBuffer) {
    PARKAN_TRY(flush());
    if (data.size() >= kWriteBuffer) return write_all(data);
  }
  buffer_.insert(buffer_.end(), data.begin(), data.end());
  return {};
}

Status AtomicFile::commit() {
  if (fd_ < 0) return io_error("cannot write: the file is not open", path_.string());
  PARKAN_TRY(flush());
  // mkstemp creates 0600; outputs get the usual permissions.
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd_, 0666 & ~mask);
  int fd = std::exchange(fd_, -1);
  if (::close(fd) != 0) {
    std::string why = errno_text();
    ::unlink(temp_.c_str());
    return io_error("cannot close: " + why, path_.string());
  }
  if (::rename(temp_.c_str(), path_.c_str()) != 0) {
    std::string why = errno_text();
    ::unlink(temp_.c_str());
    return io_error("cannot rename into place: " + why, path_.string());
  }
  return {};
}

Status write_file_atomic(const std::filesystem::path& path, ByteView data,
                         const std::vector<std::filesystem::path>& inputs) {
  PARKAN_ASSIGN(AtomicFile file, AtomicFile::create(path, inputs));
  PARKAN_TRY(file.write(data));
  return file.commit();
}

Status make_folder(const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return io_error("cannot create folder: " + ec.message(), dir.string());
  return {};
}

}  // namespace parkan
