// parkan archive ...: not yet implemented.
#include "cli.hpp"

namespace parkan::cli {

void add_archive_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("archive", "archive commands");
  group->require_subcommand(1);
}

}  // namespace parkan::cli
