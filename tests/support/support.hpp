#pragma once
// Helpers shared by every test: temporary folders, files, and running the CLI binary.
#include <filesystem>
#include <string>
#include <vector>

#include "parkan/core/bytes.hpp"

namespace parkan::test {

// A fresh folder under the system temp dir, removed when the object dies.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

void write_bytes(const std::filesystem::path& path, ByteView bytes);
ByteBuffer read_bytes(const std::filesystem::path& path);

struct CliResult {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs the built `parkan` binary with `args` (each passed as one argument, no shell).
CliResult run_cli(const std::vector<std::string>& args);

}  // namespace parkan::test
