// parkan mat0 ...: not yet implemented.
#include "cli.hpp"

namespace parkan::cli {

void add_mat0_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("mat0", "mat0 commands");
  group->require_subcommand(1);
}

}  // namespace parkan::cli
