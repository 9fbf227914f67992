#pragma once
// Helpers shared by every test: temporary folders, files, and running the CLI binary.
#include <filesystem>
#include <optional>
#include <string_view>
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

// The built `parkan` binary running in the background (a server: `parkan view`), its stdout and stderr
// captured to files; stopped (SIGTERM, then waited for) when this object goes.
class CliProcess {
 public:
  explicit CliProcess(const std::vector<std::string>& args);
  ~CliProcess();
  CliProcess(const CliProcess&) = delete;
  CliProcess& operator=(const CliProcess&) = delete;
  // Waits until stdout holds `text` (the whole output so far is returned) or the process ends or the
  // time is up (nullopt).
  std::optional<std::string> wait_for_output(std::string_view text, int timeout_ms = 20000);
  std::string err() const;
  // Stops the process and returns its exit code (128 + signal when a signal ended it).
  int stop();

 private:
  TempDir capture_;
  int pid_ = -1;
  int exit_code_ = -1;
};

}  // namespace parkan::test
