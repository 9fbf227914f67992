// parkan anim ...: not yet implemented.
#include "cli.hpp"

namespace parkan::cli {

void add_anim_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("anim", "anim commands");
  group->require_subcommand(1);
}

}  // namespace parkan::cli
