#include "cli.hpp"

#include <cstdio>
#include <iostream>

namespace parkan::cli {

namespace {
int g_exit_code = 0;
}

int exit_code() { return g_exit_code; }

Globals& globals() {
  static Globals instance;
  return instance;
}

void print_error(const Error& error) {
  std::fprintf(stderr, "parkan: error: %s\n", error.to_string().c_str());
}

void print_finding(const char* severity, const Error& error) {
  std::fprintf(stderr, "parkan: %s: %s\n", severity, error.to_string().c_str());
}

void print_json(const nlohmann::json& document) {
  std::cout << document.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

CLI::App* add_command(CLI::App& parent, const std::string& name, const std::string& description, Body body) {
  CLI::App* command = parent.add_subcommand(name, description);
  command->callback([body = std::move(body)] {
    Result<int> result = body();
    if (result) {
      g_exit_code = *result;
    } else {
      print_error(result.error());
      g_exit_code = static_cast<int>(result.error().code);
    }
  });
  return command;
}

}  // namespace parkan::cli
