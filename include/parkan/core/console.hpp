#pragma once
// The process's text boundary, one implementation per platform (console_posix.cpp,
// console_windows.cpp): the command line as UTF-8, the console showing UTF-8, terminal detection.
#include <cstdio>
#include <string>
#include <vector>

namespace parkan {

// Makes the console show UTF-8 output (Windows); nothing where the terminal already does.
void prepare_console();

// The program's arguments as UTF-8 (Windows: from the wide command line, so that any file name
// arrives intact; elsewhere the bytes as given).
std::vector<std::string> utf8_arguments(int argc, char** argv);

// True when `stream` is an interactive terminal or console (progress bars draw only there).
bool is_terminal(std::FILE* stream);

// Asks the desktop to open `url` in the user's browser (xdg-open, ShellExecute); false when it could
// not be asked.
bool open_in_browser(const std::string& url);

}  // namespace parkan
