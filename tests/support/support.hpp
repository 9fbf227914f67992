#pragma once
// Helpers shared by every test: temporary folders, files, and running the CLI binary.
#include <cstdint>
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
  std::optional<int> poll_exit();  // the exit code once the process has ended

  TempDir capture_;
  std::intptr_t process_ = -1;  // the pid, or the Windows process handle
  int exit_code_ = -1;
};

// The whole file ("" when it cannot be read).
std::string slurp(const std::filesystem::path& path);
void sleep_ms(int ms);

}  // namespace parkan::test
