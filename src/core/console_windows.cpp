// The process's text boundary on Windows: the wide command line converted to UTF-8, the console's
// output code page set to UTF-8 (entry names, cp1251 in the files, are printed as UTF-8), binary
// standard streams.
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#include <fcntl.h>
#include <io.h>
#include <shellapi.h>

#include "parkan/core/console.hpp"
#include "utf16_windows.hpp"

namespace parkan {

void prepare_console() {
  ::SetConsoleOutputCP(CP_UTF8);
  ::SetConsoleCP(CP_UTF8);
  // Binary standard streams: `archive cat` writes payload bytes to stdout, which text mode would
  // corrupt (every 0x0A becomes 0x0D 0x0A), and every output keeps the "\n" line ends it has on Linux.
  ::_setmode(::_fileno(stdout), _O_BINARY);
  ::_setmode(::_fileno(stderr), _O_BINARY);
  ::_setmode(::_fileno(stdin), _O_BINARY);
  // Progress bars redraw with "\r"; ANSI sequences are not used, so no virtual-terminal mode.
}

std::vector<std::string> utf8_arguments(int argc, char** argv) {
  int count = 0;
  wchar_t** wide = ::CommandLineToArgvW(::GetCommandLineW(), &count);
  if (!wide) return std::vector<std::string>(argv, argv + argc);
  std::vector<std::string> out;
  out.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) out.push_back(platform::utf16_to_utf8(wide[i]));
  ::LocalFree(wide);
  return out;
}

bool is_terminal(std::FILE* stream) { return ::_isatty(::_fileno(stream)) != 0; }

bool open_in_browser(const std::string& url) {
  const std::wstring wide = platform::utf8_to_utf16(url);
  const auto result = reinterpret_cast<std::intptr_t>(::ShellExecuteW(nullptr, L"open", wide.c_str(), nullptr, nullptr, SW_SHOWNORMAL));
  return result > 32;  // ShellExecute's success values
}

}  // namespace parkan
