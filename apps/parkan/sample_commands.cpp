// parkan sample-game DIR [--seed N] [--size small|retail]
#include "cli.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::cli {

void add_sample_commands(CLI::App& app) {
  auto dir = std::make_shared<std::string>();
  auto options = std::make_shared<sample::SampleOptions>();
  auto size = std::make_shared<std::string>("small");
  CLI::App* command = add_command(app, "sample-game", "write a synthetic game folder", [=]() -> Result<int> {
    options->retail = *size == "retail";
    PARKAN_TRY(sample::write_sample_game(path_from_utf8(*dir), *options));
    return 0;
  });
  command->add_option("DIR", *dir, "output folder")->required();
  command->add_option("--seed", options->seed, "random seed");
  command->add_option("--size", *size, "small or retail")->check(CLI::IsMember({"small", "retail"}));
}

}  // namespace parkan::cli
