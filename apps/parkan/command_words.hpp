#pragma once
// The command words of a command line (`parkan <group> <verb>`), checked before CLI11 parses it, so
// that a mistyped word is named with the nearest command, bare `parkan` and `parkan help ...` show
// help, and every usage error is one line.
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace parkan::cli {

struct WordCheck {
  const CLI::App* help_for = nullptr;  // print this command's help and exit 0
  std::string error;                   // a usage error (exit 2), empty when the words are fine
};

// Call after every command is added: global options (--quiet) also after the command words, and
// unsigned options refuse negative numbers instead of wrapping them to 2^64 - 1.
void finish_command_tree(CLI::App& app);

WordCheck check_command_words(const CLI::App& app, int argc, const char* const* argv);

// The closest of `candidates` to `word` by edit distance, or "" when none is close enough.
std::string nearest_word(std::string_view word, const std::vector<std::string>& candidates);

// "parkan: error: <message>" on stderr, as one line.
void print_usage_error(std::string_view message);

}  // namespace parkan::cli
