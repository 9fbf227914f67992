// parkan wear ...: not yet implemented.
#include "cli.hpp"

namespace parkan::cli {

void add_wear_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("wear", "wear commands");
  group->require_subcommand(1);
}

}  // namespace parkan::cli
