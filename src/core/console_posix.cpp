// The process's text boundary on POSIX: arguments are bytes, terminals speak the locale's UTF-8.
#include <unistd.h>

#include <cstdlib>

#include "parkan/core/console.hpp"

namespace parkan {

void prepare_console() {}

std::vector<std::string> utf8_arguments(int argc, char** argv) { return std::vector<std::string>(argv, argv + argc); }

bool is_terminal(std::FILE* stream) { return ::isatty(::fileno(stream)) == 1; }

bool open_in_browser(const std::string& url) {
  // Callers pass their own URL (http://127.0.0.1:PORT/): nothing in it needs quoting.
  const std::string command = "xdg-open '" + url + "' >/dev/null 2>&1 &";
  return std::system(command.c_str()) == 0;
}

}  // namespace parkan
