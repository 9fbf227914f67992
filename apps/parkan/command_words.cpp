#include "command_words.hpp"

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "parkan/core/text.hpp"

namespace parkan::cli {

namespace {

std::vector<std::string> names_of(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  return names;
}

const CLI::App* find_sub(const CLI::App& app, std::string_view name) {
  for (const CLI::App* sub : app.get_subcommands({}))
    if (sub->get_name() == name) return sub;
  return nullptr;
}

std::string command_path(const CLI::App& app) {
  std::string path = app.get_name();
  for (const CLI::App* up = app.get_parent(); up; up = up->get_parent()) path = up->get_name() + " " + path;
  return path;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// Global options take no value, so any word not starting with '-' is a command word.
bool is_option(std::string_view arg) { return arg.size() > 1 && arg[0] == '-'; }

void set_fallthrough(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands({})) {
    sub->fallthrough();
    set_fallthrough(*sub);
  }
}

void refuse_negative_unsigned(CLI::App& app) {
  static const CLI::Validator kNotNegative(
      [](std::string& value) -> std::string {
        const std::size_t first = value.find_first_not_of(" \t");
        return first != std::string::npos && value[first] == '-' ? "must not be negative" : "";
      },
      "", "NOT_NEGATIVE");
  for (CLI::Option* option : app.get_options())
    if (option->get_type_name() == "UINT") option->check(kNotNegative);
  for (CLI::App* sub : app.get_subcommands({})) refuse_negative_unsigned(*sub);
}

}  // namespace

void finish_command_tree(CLI::App& app) {
  set_fallthrough(app);
  refuse_negative_unsigned(app);
}

std::string nearest_word(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = std::string::npos;
  for (const std::string& candidate : candidates) {
    std::size_t distance = edit_distance(word, candidate);
    // A prefix ("arch" for "archive") is as good as one typo.
    if (candidate.size() > word.size() && word.size() >= 2 && candidate.compare(0, word.size(), word) == 0)
      distance = std::min<std::size_t>(distance, 1);
    if (distance < best_distance) {
      best_distance = distance;
      best = candidate;
    }
  }
  const std::size_t limit = std::max<std::size_t>(2, word.size() / 3);
  return best_distance <= limit ? best : std::string();
}

WordCheck check_command_words(const CLI::App& app, int argc, const char* const* argv) {
  WordCheck check;
  const CLI::App* at = &app;
  bool other_option = false;  // anything but --quiet before the command words
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") break;
    if (arg == "--quiet") continue;  // the global flag, anywhere after the group too (docs/cli.md 1.1)
    if (is_option(arg)) {
      other_option = true;
      if (at != &app) break;  // the verb's own options and arguments follow: CLI11's business
      continue;
    }
    if (at == &app && arg == "help") {  // parkan help [GROUP [VERB]]
      const CLI::App* target = &app;
      for (int j = i + 1; j < argc; ++j) {
        const CLI::App* sub = find_sub(*target, argv[j]);
        if (!sub) {
          const std::string near = nearest_word(argv[j], names_of(*target));
          check.error = fmt::format("unknown command \"{}\" for \"{}\"{}", argv[j], command_path(*target),
                                    near.empty() ? "" : fmt::format("; did you mean \"{}\"?", near));
          return check;
        }
        target = sub;
      }
      check.help_for = target;
      return check;
    }
    if (at->get_subcommands({}).empty()) break;  // a verb: the rest are its arguments
    const CLI::App* sub = find_sub(*at, arg);
    if (!sub) {
      const std::string near = nearest_word(arg, names_of(*at));
      check.error = fmt::format("unknown command \"{}\" for \"{}\"{}", arg, command_path(*at),
                                near.empty() ? fmt::format(" (run \"{} --help\")", command_path(*at))
                                             : fmt::format("; did you mean \"{}\"?", near));
      return check;
    }
    at = sub;
  }
  // `parkan` or `parkan archive` without a command: the help of what was named.
  if (!other_option && !at->get_subcommands({}).empty()) check.help_for = at;
  return check;
}

void print_usage_error(std::string_view message) {
  std::string line = escape_control(message);
  while (!line.empty() && (line.back() == ' ' || line.back() == '.')) line.pop_back();
  std::fprintf(stderr, "parkan: error: %s\n", line.c_str());
}

}  // namespace parkan::cli
