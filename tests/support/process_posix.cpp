// Running the CLI from tests on POSIX: fork, redirect, exec.
#include <arpa/inet.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdexcept>

#include "support.hpp"

#ifndef PARKAN_CLI
#define PARKAN_CLI "parkan"
#endif

namespace parkan::test {

namespace {

// The child: stdout and stderr into the files, then the CLI with `args`.
[[noreturn]] void exec_cli(const std::string& out_path, const std::string& err_path, const std::vector<std::string>& args) {
  int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ::dup2(out, 1);
  ::dup2(err, 2);
  std::vector<char*> argv;
  std::string program = PARKAN_CLI;
  argv.push_back(program.data());
  std::vector<std::string> copies(args);
  for (std::string& a : copies) argv.push_back(a.data());
  argv.push_back(nullptr);
  ::execv(program.c_str(), argv.data());
  ::_exit(127);
}

int exit_code_of(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status); }

}  // namespace

CliResult run_cli(const std::vector<std::string>& args) {
  TempDir capture;
  const std::string out_path = (capture / "out").string();
  const std::string err_path = (capture / "err").string();
  pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) exec_cli(out_path, err_path, args);
  int status = 0;
  ::waitpid(pid, &status, 0);
  CliResult result;
  result.exit_code = exit_code_of(status);
  result.out = slurp(out_path);
  result.err = slurp(err_path);
  return result;
}

CliProcess::CliProcess(const std::vector<std::string>& args) {
  const std::string out_path = (capture_ / "out").string();
  const std::string err_path = (capture_ / "err").string();
  pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) exec_cli(out_path, err_path, args);
  process_ = pid;
}

CliProcess::~CliProcess() { stop(); }

std::optional<int> CliProcess::poll_exit() {
  int status = 0;
  if (process_ > 0 && ::waitpid(static_cast<pid_t>(process_), &status, WNOHANG) == process_) {
    process_ = -1;
    exit_code_ = exit_code_of(status);
  }
  if (process_ > 0) return std::nullopt;
  return exit_code_;
}

int CliProcess::stop() {
  if (process_ > 0) {
    ::kill(static_cast<pid_t>(process_), SIGTERM);
    int status = 0;
    ::waitpid(static_cast<pid_t>(process_), &status, 0);
    exit_code_ = exit_code_of(status);
    process_ = -1;
  }
  return exit_code_;
}

void sleep_ms(int ms) { ::usleep(static_cast<useconds_t>(ms) * 1000); }

bool make_named_pipe(const std::filesystem::path& path) { return ::mkfifo(path.c_str(), 0600) == 0; }

std::string null_device() { return "/dev/null"; }

void poke_named_pipe(const std::filesystem::path& path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK);
  if (fd >= 0) ::close(fd);
}

std::string file_not_found_text() { return "No such file or directory"; }

std::string folder_not_found_text() { return "No such file or directory"; }

namespace {

std::optional<int> connect_to(const std::string& address, int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<std::uint16_t>(port));
  ::inet_pton(AF_INET, address.c_str(), &to.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
    ::close(fd);
    return std::nullopt;
  }
  return fd;
}

}  // namespace

std::optional<std::string> tcp_exchange(int port, const std::string& request) {
  auto fd = connect_to("127.0.0.1", port);
  if (!fd) return std::nullopt;
  ::send(*fd, request.data(), request.size(), 0);
  std::string response;
  char buffer[4096];
  for (ssize_t got; (got = ::recv(*fd, buffer, sizeof buffer, 0)) > 0;) response.append(buffer, std::size_t(got));
  ::close(*fd);
  return response;
}

std::vector<std::string> non_loopback_ipv4_addresses() {
  std::vector<std::string> out;
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return out;
  for (ifaddrs* a = list; a; a = a->ifa_next) {
    if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET) continue;
    const in_addr address = reinterpret_cast<sockaddr_in*>(a->ifa_addr)->sin_addr;
    if ((ntohl(address.s_addr) >> 24) == 127) continue;
    char text[INET_ADDRSTRLEN] = {};
    ::inet_ntop(AF_INET, &address, text, sizeof text);
    out.push_back(text);
  }
  ::freeifaddrs(list);
  return out;
}

bool can_connect(const std::string& address, int port) {
  auto fd = connect_to(address, port);
  if (fd) ::close(*fd);
  return fd.has_value();
}

bool command_line_takes_raw_bytes() { return true; }

}  // namespace parkan::test
