// parkan texm ...: not yet implemented.
#include "cli.hpp"

namespace parkan::cli {

void add_texm_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("texm", "texm commands");
  group->require_subcommand(1);
}

}  // namespace parkan::cli
