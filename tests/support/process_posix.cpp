// Running the CLI from tests on POSIX: fork, redirect, exec.
#include <fcntl.h>
#include <signal.h>
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

}  // namespace parkan::test
