// parkan sample-game DIR [--seed N] [--size small|retail] [--force]
#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/sample/sample_game.hpp"

namespace parkan::cli {

void add_sample_commands(CLI::App& app) {
  auto dir = std::make_shared<std::string>();
  auto options = std::make_shared<sample::SampleOptions>();
  auto size = std::make_shared<std::string>("small");
  auto force = std::make_shared<bool>(false);
  CLI::App* command = add_command(app, "sample-game", "write a synthetic game folder", [=]() -> Result<int> {
    const std::filesystem::path folder = path_from_utf8(*dir);
    // A folder that holds anything (a mod, a game) is not written over unless asked (docs/cli.md 9).
    if (!*force && path_kind(folder) == PathKind::folder) {
      PARKAN_ASSIGN(std::vector<FolderEntry> entries, list_folder(folder));
      if (!entries.empty())
        return io_error("refusing to write into a folder that is not empty (--force writes over its files)", *dir);
    }
    options->retail = *size == "retail";
    PARKAN_TRY(sample::write_sample_game(folder, *options));
    return 0;
  });
  command->add_option("DIR", *dir, "output folder (created when missing; must be empty unless --force)")->required();
  command->add_option("--seed", options->seed, "random seed")->capture_default_str();
  command->add_option("--size", *size, "small (about 1.7 MB) or retail (about 56 MB)")
      ->check(CLI::IsMember({"small", "retail"}))
      ->capture_default_str();
  command->add_flag("--force", *force, "write into a folder that is not empty, over files of the same name");
}

}  // namespace parkan::cli
