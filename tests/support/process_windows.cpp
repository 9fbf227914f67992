// Running the CLI from tests on Windows: CreateProcessW with stdout and stderr in files.
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <winsock2.h>
#include <ws2tcpip.h>
#include <windows.h>

#include <stdexcept>

#include "support.hpp"

#ifndef PARKAN_CLI
#define PARKAN_CLI "parkan"
#endif

namespace parkan::test {

namespace {

// One argument quoted for CommandLineToArgvW: backslashes are literal except before a quote.
std::wstring quoted(const std::wstring& argument) {
  if (!argument.empty() && argument.find_first_of(L" \t\"") == std::wstring::npos) return argument;
  std::wstring out = L"\"";
  std::size_t backslashes = 0;
  for (wchar_t c : argument) {
    if (c == L'\\') {
      ++backslashes;
    } else if (c == L'"') {
      out.append(backslashes * 2 + 1, L'\\');
      backslashes = 0;
    } else {
      backslashes = 0;
    }
    out += c;
  }
  out.append(backslashes, L'\\');
  return out + L"\"";
}

// UTF-8 (what the tests and the CLI speak) to the UTF-16 CreateProcessW takes. std::filesystem::path
// would convert through the C locale, byte by byte.
std::wstring widen(const std::string& text) {
  if (text.empty()) return {};
  const int length = ::MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), nullptr, 0);
  std::wstring out(static_cast<std::size_t>(length), L'\0');
  ::MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), out.data(), length);
  return out;
}

HANDLE inheritable_output(const std::filesystem::path& path) {
  SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  HANDLE h = ::CreateFileW(path.wstring().c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit,
                           CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h == INVALID_HANDLE_VALUE) throw std::runtime_error("cannot create " + path.string());
  return h;
}

// Starts the CLI with `args`, stdout and stderr into the files; returns the process handle.
HANDLE start_cli(const std::filesystem::path& out_path, const std::filesystem::path& err_path,
                 const std::vector<std::string>& args) {
  const std::wstring program = widen(PARKAN_CLI);
  std::wstring command = quoted(program);
  for (const std::string& a : args) command += L" " + quoted(widen(a));
  HANDLE out = inheritable_output(out_path);
  HANDLE err = inheritable_output(err_path);
  STARTUPINFOW startup{};
  startup.cb = sizeof startup;
  startup.dwFlags = STARTF_USESTDHANDLES;
  startup.hStdInput = ::GetStdHandle(STD_INPUT_HANDLE);
  startup.hStdOutput = out;
  startup.hStdError = err;
  PROCESS_INFORMATION process{};
  // Under Wine a start now and then fails with ERROR_INTERNAL_ERROR (1359) and succeeds when tried
  // again (seen in CI): a few tries before the test is failed.
  BOOL started = FALSE;
  for (int attempt = 0; attempt < 5 && !started; ++attempt) {
    if (attempt > 0) ::Sleep(200);
    started = ::CreateProcessW(program.c_str(), command.data(), nullptr, nullptr, TRUE, 0, nullptr, nullptr,
                               &startup, &process);
  }
  ::CloseHandle(out);
  ::CloseHandle(err);
  if (!started) throw std::runtime_error("cannot start " + std::string(PARKAN_CLI) + ": error " + std::to_string(::GetLastError()));
  ::CloseHandle(process.hThread);
  return process.hProcess;
}

int exit_code_of(HANDLE process) {
  DWORD code = 0;
  ::GetExitCodeProcess(process, &code);
  return static_cast<int>(code);
}

}  // namespace

CliResult run_cli(const std::vector<std::string>& args) {
  TempDir capture;
  HANDLE process = start_cli(capture / "out", capture / "err", args);
  ::WaitForSingleObject(process, INFINITE);
  CliResult result;
  result.exit_code = exit_code_of(process);
  ::CloseHandle(process);
  result.out = slurp(capture / "out");
  result.err = slurp(capture / "err");
  return result;
}

CliProcess::CliProcess(const std::vector<std::string>& args) {
  process_ = reinterpret_cast<std::intptr_t>(start_cli(capture_ / "out", capture_ / "err", args));
}

CliProcess::~CliProcess() { stop(); }

std::optional<int> CliProcess::poll_exit() {
  if (process_ != -1 && ::WaitForSingleObject(reinterpret_cast<HANDLE>(process_), 0) == WAIT_OBJECT_0) {
    exit_code_ = exit_code_of(reinterpret_cast<HANDLE>(process_));
    ::CloseHandle(reinterpret_cast<HANDLE>(process_));
    process_ = -1;
  }
  if (process_ != -1) return std::nullopt;
  return exit_code_;
}

int CliProcess::stop() {
  if (process_ != -1) {
    HANDLE process = reinterpret_cast<HANDLE>(process_);
    ::TerminateProcess(process, 128 + 15);  // as a SIGTERM would report
    ::WaitForSingleObject(process, INFINITE);
    exit_code_ = exit_code_of(process);
    ::CloseHandle(process);
    process_ = -1;
  }
  return exit_code_;
}

void sleep_ms(int ms) { ::Sleep(static_cast<DWORD>(ms)); }

bool make_named_pipe(const std::filesystem::path&) { return false; }

std::string null_device() { return "NUL"; }

void poke_named_pipe(const std::filesystem::path&) {}

namespace {

// FormatMessage's text for an error code, trimmed as file_windows.cpp trims it.
std::string system_error_text(DWORD code) {
  wchar_t* text = nullptr;
  const DWORD length = ::FormatMessageW(
      FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, nullptr,
      code, 0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
  std::wstring wide = length ? std::wstring(text, length) : std::wstring();
  if (text) ::LocalFree(text);
  while (!wide.empty() && (wide.back() == L'\n' || wide.back() == L'\r' || wide.back() == L'.')) wide.pop_back();
  return std::filesystem::path(wide).string();
}

}  // namespace

std::string file_not_found_text() { return system_error_text(ERROR_FILE_NOT_FOUND); }

std::string folder_not_found_text() { return system_error_text(ERROR_PATH_NOT_FOUND); }

namespace {

struct Winsock {
  Winsock() {
    WSADATA data;
    ::WSAStartup(MAKEWORD(2, 2), &data);
  }
};

std::optional<SOCKET> connect_to(const std::string& address, int port) {
  static Winsock started;
  SOCKET s = ::socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<u_short>(port));
  ::inet_pton(AF_INET, address.c_str(), &to.sin_addr);
  if (::connect(s, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
    ::closesocket(s);
    return std::nullopt;
  }
  return s;
}

}  // namespace

std::optional<std::string> tcp_exchange(int port, const std::string& request) {
  auto s = connect_to("127.0.0.1", port);
  if (!s) return std::nullopt;
  ::send(*s, request.data(), static_cast<int>(request.size()), 0);
  std::string response;
  char buffer[4096];
  for (int got; (got = ::recv(*s, buffer, sizeof buffer, 0)) > 0;) response.append(buffer, std::size_t(got));
  ::closesocket(*s);
  return response;
}

// Listing adapters needs iphlpapi; the loopback test is skipped with this reason instead.
std::vector<std::string> non_loopback_ipv4_addresses() { return {}; }

bool can_connect(const std::string& address, int port) {
  auto s = connect_to(address, port);
  if (s) ::closesocket(*s);
  return s.has_value();
}

bool command_line_takes_raw_bytes() { return false; }

}  // namespace parkan::test
