// Mapped inputs, streamed inputs and atomic outputs (core/file.hpp), over the platform's file calls
// (platform_file.hpp: file_posix.cpp or file_windows.cpp).
#include "parkan/core/file.hpp"

#include <algorithm>
#include <mutex>
#include <set>
#include <utility>

#include "parkan/core/utf8_path.hpp"
#include "platform_file.hpp"

namespace parkan {

namespace {


constexpr std::size_t kWriteBuffer = std::size_t(1) << 20;

// The files read so far, once refuse_overwriting_read_files() has been called (docs/cli.md 1.6).
// Readers run on several threads (validate), hence the lock.
struct ReadFiles {
  std::mutex lock;
  bool enabled = false;
  std::set<std::filesystem::path> paths;
};

ReadFiles& read_files() {
  static ReadFiles instance;
  return instance;
}

void remember_read_file(const std::filesystem::path& path) {
  ReadFiles& files = read_files();
  std::lock_guard<std::mutex> hold(files.lock);
  if (files.enabled) files.paths.insert(path);
}

Status refuse_read_file_target(const std::filesystem::path& target) {
  ReadFiles& files = read_files();
  std::lock_guard<std::mutex> hold(files.lock);
  for (const std::filesystem::path& input : files.paths)
    if (same_file(target, input))
      return io_error("refusing to overwrite " + path_to_utf8(input) + ", a file this command reads",
                      path_to_utf8(target));
  return {};
}

}  // namespace

void refuse_overwriting_read_files(bool on) {
  ReadFiles& files = read_files();
  std::lock_guard<std::mutex> hold(files.lock);
  files.enabled = on;
  if (!on) files.paths.clear();
}

Result<MappedFile> MappedFile::open(const std::filesystem::path& path) {
  MappedFile file;
  file.path_ = path;
  std::size_t size = 0;
  PARKAN_ASSIGN(platform::FileHandle handle, platform::open_regular(path, size));
  remember_read_file(path);
  if (size > 0) {
    auto view = platform::map_view(handle, size, path);
    platform::close_file(handle);
    if (!view) return std::move(view).error();
    file.data_ = *view;
    file.size_ = size;
  } else {
    platform::close_file(handle);
  }
  return file;
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)),
      path_(std::move(other.path_)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    platform::unmap_view(data_, size_);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    path_ = std::move(other.path_);
  }
  return *this;
}

MappedFile::~MappedFile() { platform::unmap_view(data_, size_); }

Result<InputFile> InputFile::open(const std::filesystem::path& path) {
  InputFile file;
  std::size_t size = 0;
  PARKAN_ASSIGN(file.file_, platform::open_regular(path, size));
  remember_read_file(path);
  file.path_ = path;
  return file;
}

InputFile::InputFile(InputFile&& other) noexcept
    : file_(std::exchange(other.file_, platform::kNoFile)), path_(std::move(other.path_)) {}

InputFile& InputFile::operator=(InputFile&& other) noexcept {
  if (this != &other) {
    platform::close_file(file_);
    file_ = std::exchange(other.file_, platform::kNoFile);
    path_ = std::move(other.path_);
  }
  return *this;
}

InputFile::~InputFile() { platform::close_file(file_); }

Result<std::size_t> InputFile::read(std::uint8_t* buffer, std::size_t size) {
  if (file_ == platform::kNoFile)
    return io_error("cannot read: the file is not open", path_to_utf8(path_));
  return platform::read_some(file_, buffer, size, path_);
}

Result<ByteBuffer> read_file(const std::filesystem::path& path) {
  PARKAN_ASSIGN(MappedFile file, MappedFile::open(path));
  ByteView bytes = file.bytes();
  return ByteBuffer(bytes.begin(), bytes.end());
}

Result<ByteBuffer> read_file_head(const std::filesystem::path& path, std::size_t max_bytes) {
  PARKAN_ASSIGN(InputFile file, InputFile::open(path));
  ByteBuffer head(max_bytes);
  std::size_t got = 0;
  while (got < max_bytes) {  // a read may return fewer bytes than asked before the end
    PARKAN_ASSIGN(std::size_t n, file.read(head.data() + got, max_bytes - got));
    if (n == 0) break;
    got += n;
  }
  head.resize(got);
  return head;
}

Result<AtomicFile> AtomicFile::create(const std::filesystem::path& path,
                                      const std::vector<std::filesystem::path>& inputs) {
  for (const auto& input : inputs)
    if (same_file(path, input)) return io_error("refusing to overwrite the input file", path_to_utf8(path));
  PARKAN_TRY(refuse_read_file_target(path));
  AtomicFile file;
  file.path_ = path;
  PARKAN_ASSIGN(file.file_, platform::create_temporary_beside(path, file.temp_));
  return file;
}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : file_(std::exchange(other.file_, platform::kNoFile)), temp_(std::move(other.temp_)),
      path_(std::move(other.path_)), buffer_(std::move(other.buffer_)) {}

AtomicFile& AtomicFile::operator=(AtomicFile&& other) noexcept {
  if (this != &other) {
    discard();
    file_ = std::exchange(other.file_, platform::kNoFile);
    temp_ = std::move(other.temp_);
    path_ = std::move(other.path_);
    buffer_ = std::move(other.buffer_);
  }
  return *this;
}

AtomicFile::~AtomicFile() { discard(); }

void AtomicFile::discard() {
  if (file_ == platform::kNoFile) return;
  platform::close_file(std::exchange(file_, platform::kNoFile));
  platform::remove_quietly(temp_);
}

Status AtomicFile::write_all(ByteView data) {
  Status written = platform::write_all(file_, data, path_);
  if (!written) discard();
  return written;
}

Status AtomicFile::flush() {
  PARKAN_TRY(write_all(buffer_));
  buffer_.clear();
  return {};
}

Status AtomicFile::write(ByteView data) {
  if (file_ == platform::kNoFile)
    return io_error("cannot write: the file is not open", path_to_utf8(path_));
  // Small pieces gather in the buffer; a piece that does not fit goes out on its own.
  if (buffer_.size() + data.size() > kWriteBuffer) {
    PARKAN_TRY(flush());
    if (data.size() >= kWriteBuffer) return write_all(data);
  }
  buffer_.insert(buffer_.end(), data.begin(), data.end());
  return {};
}

Status AtomicFile::commit() {
  if (file_ == platform::kNoFile)
    return io_error("cannot write: the file is not open", path_to_utf8(path_));
  PARKAN_TRY(flush());
  return platform::close_and_replace(std::exchange(file_, platform::kNoFile), temp_, path_);
}

Status write_file_atomic(const std::filesystem::path& path, ByteView data,
                         const std::vector<std::filesystem::path>& inputs) {
  PARKAN_ASSIGN(AtomicFile file, AtomicFile::create(path, inputs));
  PARKAN_TRY(file.write(data));
  return file.commit();
}

namespace {

bool is_windows_device_name(std::string_view name) {
  std::string base(name.substr(0, name.find('.')));
  while (!base.empty() && base.back() == ' ') base.pop_back();  // "CON .txt" is the console too
  for (char& c : base) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (base == "con" || base == "prn" || base == "aux" || base == "nul") return true;
  return base.size() == 4 && (base.starts_with("com") || base.starts_with("lpt")) && base[3] >= '1' && base[3] <= '9';
}

}  // namespace

std::string portable_file_name(std::string_view name) {
  std::string out(name);
  for (char& c : out)
    if (std::string_view("/\\:*?\"<>|").find(c) != std::string_view::npos || static_cast<unsigned char>(c) < 0x20)
      c = '_';
  if (out.empty() || out == "." || out == "..") return "_" + out;
  if (out.back() == '.' || out.back() == ' ') out += '_';
  if (is_windows_device_name(out)) out = "_" + out;
  return out;
}

Status make_folder(const std::filesystem::path& dir) { return platform::make_folders(dir); }

Result<std::vector<FolderEntry>> list_folder(const std::filesystem::path& dir) {
  PARKAN_ASSIGN(std::vector<FolderEntry> entries, platform::list_entries(dir));
  std::sort(entries.begin(), entries.end(), [](const FolderEntry& a, const FolderEntry& b) { return a.name < b.name; });
  return entries;
}

}  // namespace parkan
