// parkan: the command-line toolchain. Thin glue over the library; see spec docs/cli.md.
#include <cstdio>
#include <exception>

#include "cli.hpp"
#include "command_words.hpp"
#include "parkan/core/console.hpp"
#include "parkan/core/file.hpp"

namespace parkan::cli {
int exit_code();
}

namespace {

// Exit code of a defect of parkan itself (docs/cli.md 1.5): an exception no command caught.
constexpr int kInternalError = 70;

int run(int raw_argc, char** raw_argv) {
  using namespace parkan::cli;
  parkan::prepare_console();
  // No command writes over a file it read (docs/cli.md 1.6), in one place: core's atomic writer.
  parkan::refuse_overwriting_read_files();
  // UTF-8 arguments on every platform (Windows passes the ANSI code page's otherwise).
  std::vector<std::string> arguments = parkan::utf8_arguments(raw_argc, raw_argv);
  std::vector<char*> pointers;
  for (std::string& a : arguments) pointers.push_back(a.data());
  pointers.push_back(nullptr);
  const int argc = static_cast<int>(arguments.size());
  char** argv = pointers.data();
  CLI::App app{"parkan: formats and engine behaviour of Parkan: Iron Strategy (Iron3D)"};
  app.name("parkan");
  app.set_version_flag("--version", "parkan 0.1.0");
  app.add_flag("--quiet", globals().quiet, "no progress bar");
  add_archive_commands(app);
  add_texm_commands(app);
  add_font_commands(app);
  add_mat0_commands(app);
  add_wear_commands(app);
  add_anim_commands(app);
  add_msh_commands(app);
  add_runtime_commands(app);
  add_sample_commands(app);
  add_validate_commands(app);
  add_evidence_commands(app);
  add_export_commands(app);
  add_import_commands(app);
  add_unit_commands(app);
  add_sound_commands(app);
  add_terrain_commands(app);
  add_mission_commands(app);
  add_effect_commands(app);
  add_sky_commands(app);
  add_view_commands(app);
  app.add_subcommand("help", "show the help of parkan or of a command: parkan help [GROUP [COMMAND]]")
      ->allow_extras();
  finish_command_tree(app);

  // Words CLI11 would only call "extra arguments", and the help command, are handled first.
  WordCheck words = check_command_words(app, argc, argv);
  if (words.help_for) {
    // CLI11 names a command in its synopsis by the path given here ("parkan texm" for to-png).
    std::string parents;
    for (const CLI::App* up = words.help_for->get_parent(); up; up = up->get_parent())
      parents = parents.empty() ? up->get_name() : up->get_name() + " " + parents;
    std::fputs(words.help_for->help(parents).c_str(), stdout);
    return 0;
  }
  if (!words.error.empty()) {
    print_usage_error(words.error);
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    print_usage_error(e.what());
    return 2;
  }
  return exit_code();
}

}  // namespace

// Nothing throws past main: an exception a command let through is reported as one error line.
int main(int raw_argc, char** raw_argv) {
  try {
    return run(raw_argc, raw_argv);
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "parkan: error: internal: %s\n", e.what());
  } catch (...) {
    std::fflush(stdout);
    std::fputs("parkan: error: internal: an unknown exception\n", stderr);
  }
  return kInternalError;
}
