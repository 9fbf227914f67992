#pragma once
// Helpers shared by every test: temporary folders, files, and running the CLI binary.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::test {

// A fresh folder under the system temp dir, removed when the object dies.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  // `name` is UTF-8 ("папка/x.bin" too), converted as the library converts paths.
  std::filesystem::path operator/(const std::string& name) const { return path_ / path_from_utf8(name); }

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

// A POSIX named pipe (mkfifo) at `path`; false where the platform has none in the file system
// (Windows: its pipes live under \\.\pipe\, not in folders), with kNoNamedPipes as the reason.
bool make_named_pipe(const std::filesystem::path& path);
inline constexpr const char* kNoNamedPipes =
    "Windows has no named pipes in the file system (mkfifo); the null device test covers a non-regular input";
// Opens the named pipe for writing and closes it at once (releases a reader blocked on it).
void poke_named_pipe(const std::filesystem::path& path);
// What the platform says of a missing file, as core/file reports it ("No such file or directory").
std::string file_not_found_text();
// The same for a folder that is not there, as listing it reports (Windows: "Path not found").
std::string folder_not_found_text();
// False where a command line cannot carry bytes that are not UTF-8 (Windows: arguments are UTF-16).
bool command_line_takes_raw_bytes();
inline constexpr const char* kNoRawArguments =
    "a Windows command line is UTF-16: raw cp1251 bytes cannot be passed (the UTF-8 form of the name is tested)";
// The platform's null device: "/dev/null", or "NUL" on Windows.
std::string null_device();

// Sends `request` as written to 127.0.0.1:`port` and returns everything the server answers until it
// closes the connection (nullopt when it cannot connect).
std::optional<std::string> tcp_exchange(int port, const std::string& request);
// This machine's IPv4 addresses other than loopback (empty where the platform does not list them).
std::vector<std::string> non_loopback_ipv4_addresses();
// True when a TCP connection to `address`:`port` is accepted.
bool can_connect(const std::string& address, int port);

// The whole file ("" when it cannot be read).
std::string slurp(const std::filesystem::path& path);
void sleep_ms(int ms);

}  // namespace parkan::test
