// The sample game read back through the resource layer, as every command reads a game.
#include <gtest/gtest.h>

#include "parkan/sample/sample_game.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/texm/check.hpp"
#include "support.hpp"

namespace parkan::sample {
namespace {

std::string upper(std::string text) {
  for (char& c : text)
    if (c >= 'a' && c <= 'z') c = char(c - 32);
  return text;
}

TEST(SampleGame, EveryEntryIsReachableByNameAndEveryTextureChecksClean) {
  test::TempDir dir;
  ASSERT_TRUE(write_sample_game(dir.path(), SampleOptions{}));
  auto game = resource::Game::open(dir.path());
  ASSERT_TRUE(game) << game.error().to_string();
  std::size_t archives = 0, entries = 0, textures = 0;
  for (const std::string& file : game->files()) {
    auto archive = game->archive(upper(file));  // the game's file system ignores case
    if (!archive) continue;                     // a bare file of the sample game
    ++archives;
    for (std::size_t i = 0; i < (*archive)->entry_count(); ++i) {
      const resource::EntryInfo info = (*archive)->entry(i);
      auto by_index = game->get(file + "::#" + std::to_string(i));
      ASSERT_TRUE(by_index) << by_index.error().to_string();
      EXPECT_EQ(by_index->location().index, i);
      EXPECT_EQ(by_index->bytes().size(), info.size);
      ++entries;
      if (info.type_id != resource::kTypeTexm) continue;
      ++textures;
      std::vector<Diagnostic> found = texm::check_texture(by_index->bytes(), info.name);
      EXPECT_FALSE(has_errors(found)) << file << "::" << info.name << ": " << found.front().to_string();
    }
  }
  EXPECT_GE(archives, 3u);
  EXPECT_GT(entries, 20u);
  EXPECT_GT(textures, 5u);
}

}  // namespace
}  // namespace parkan::sample
