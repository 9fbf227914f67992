// The README's `console` blocks run: in an empty folder, `$ cat FILE` writes the lines under it to
// FILE, `$ parkan ARGS` runs the built CLI (arguments split at spaces) and its stdout must be the lines
// under it, exactly; the exit code must be 0. So the README cannot show output the commands no longer
// print.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support.hpp"

namespace parkan {
namespace {

struct Step {
  std::string command;  // without "$ "
  std::string below;    // the lines under it, each ending in '\n'
};

std::vector<std::vector<Step>> console_blocks(const std::string& text) {
  std::vector<std::vector<Step>> blocks;
  std::istringstream in(text);
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside) {
      if (line == "```console") inside = true, blocks.emplace_back();
      continue;
    }
    if (line == "```") {
      inside = false;
    } else if (line.rfind("$ ", 0) == 0) {
      blocks.back().push_back({line.substr(2), ""});
    } else if (!blocks.back().empty()) {
      blocks.back().back().below += line + "\n";
    }
  }
  return blocks;
}

std::vector<std::string> words_of(const std::string& command) {
  std::vector<std::string> words;
  std::istringstream in(command);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

TEST(ReadmeExamples, EveryConsoleBlockPrintsWhatItShows) {
  const std::string readme = test::slurp(std::filesystem::path(PARKAN_SOURCE_DIR) / "README.md");
  const std::vector<std::vector<Step>> blocks = console_blocks(readme);
  ASSERT_FALSE(blocks.empty()) << "README.md has no ```console block";
  const std::filesystem::path before = std::filesystem::current_path();
  for (const std::vector<Step>& block : blocks) {
    test::TempDir dir;
    std::filesystem::current_path(dir.path());  // the block's relative paths
    for (const Step& step : block) {
      std::vector<std::string> words = words_of(step.command);
      ASSERT_FALSE(words.empty());
      if (words[0] == "cat" && words.size() == 2) {
        std::ofstream(words[1], std::ios::binary) << step.below;
        continue;
      }
      ASSERT_EQ(words[0], "parkan") << "README.md: a console line that is neither cat nor parkan: " << step.command;
      words.erase(words.begin());
      const test::CliResult r = test::run_cli(words);
      EXPECT_EQ(r.exit_code, 0) << step.command << "\n" << r.err;
      EXPECT_EQ(r.out, step.below) << "README.md: $ " << step.command;
    }
    std::filesystem::current_path(before);
  }
}

}  // namespace
}  // namespace parkan
