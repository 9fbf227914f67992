// parkan: the command-line toolchain. Thin glue over the library; see spec cli.md.
#include <cstdio>

#include "cli.hpp"

namespace parkan::cli {
int exit_code();
}

int main(int argc, char** argv) {
  using namespace parkan::cli;
  CLI::App app{"parkan: formats and engine behaviour of Parkan: Iron Strategy (Iron3D)"};
  app.name("parkan");
  app.set_version_flag("--version", "parkan 0.1.0");
  app.require_subcommand(1);
  app.add_flag("--quiet", globals().quiet, "no progress bar");
  add_archive_commands(app);
  add_texm_commands(app);
  add_mat0_commands(app);
  add_wear_commands(app);
  add_anim_commands(app);
  add_sample_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "parkan: error: %s\n", e.what());
    std::fprintf(stderr, "Run with --help for more information.\n");
    return 2;
  }
  return exit_code();
}
