#pragma once
// The only place that touches the file system: read-only mapping of inputs, atomic writing of outputs.
#include <filesystem>
#include <memory>
#include <string>
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

// Reads a whole file into memory (for small text inputs such as JSON).
Result<ByteBuffer> read_file(const std::filesystem::path& path);

// Writes `data` to `path` atomically: a temporary file in the same folder, flushed, then renamed
// over the target. Refuses when `path` is one of `inputs` (the same file, by identity).
Status write_file_atomic(const std::filesystem::path& path, ByteView data,
                         const std::vector<std::filesystem::path>& inputs = {});

}  // namespace parkan
