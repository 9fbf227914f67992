// parkan sample-game DIR: a folder that is not empty is refused unless --force (docs/cli.md 9), and the
// help shows the defaults.
#include <gtest/gtest.h>

#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

TEST(SampleGameCli, RefusesAFolderThatIsNotEmptyUnlessForced) {
  test::TempDir dir;
  const std::filesystem::path mod = dir / "mod";
  std::filesystem::create_directories(mod);
  test::write_bytes(mod / "Material.lib", as_bytes(std::string_view("my mod")));
  auto refused = run_cli({"sample-game", mod.string()});
  EXPECT_EQ(refused.exit_code, 3);
  EXPECT_EQ(refused.out, "");
  EXPECT_EQ(refused.err, "parkan: error: " + mod.string() +
                             ": refusing to write into a folder that is not empty (--force writes over its files)\n");
  EXPECT_EQ(test::slurp(mod / "Material.lib"), "my mod");  // untouched
  EXPECT_FALSE(std::filesystem::exists(mod / "Textures.lib"));

  auto forced = run_cli({"sample-game", mod.string(), "--force"});
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_NE(test::slurp(mod / "Material.lib"), "my mod");
  EXPECT_TRUE(std::filesystem::exists(mod / "Textures.lib"));
}

TEST(SampleGameCli, WritesIntoAMissingOrEmptyFolder) {
  test::TempDir dir;
  EXPECT_EQ(run_cli({"sample-game", (dir / "new").string()}).exit_code, 0);
  std::filesystem::create_directories(dir / "empty");
  auto r = run_cli({"sample-game", (dir / "empty").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(test::slurp(dir / "new/Material.lib"), test::slurp(dir / "empty/Material.lib"));
}

TEST(SampleGameCli, HelpShowsTheDefaults) {
  auto r = run_cli({"sample-game", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("\n  --seed UINT=1 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n  --size TEXT:{small,retail}=small\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--force"), std::string::npos) << r.out;
}

// No command writes over a file it reads (docs/cli.md 1.6): the report of validate over the game's own
// Material.lib, however spelled, is refused and the game is untouched.
TEST(WritersCli, ValidateRefusesToWriteItsReportOverAGameFile) {
  test::TempDir dir;
  const std::filesystem::path game = dir / "game";
  ASSERT_EQ(run_cli({"sample-game", game.string()}).exit_code, 0);
  const std::string before = test::slurp(game / "Material.lib");
  for (const std::string& target : {(game / "Material.lib").string(), (game / "wear/../Material.lib").string()}) {
    auto r = run_cli({"validate", game.string(), "--json", target});
    EXPECT_EQ(r.exit_code, 3) << target;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "parkan: error: " + target + ": refusing to overwrite " + (game / "Material.lib").string() +
                         ", a file this command reads\n");
    EXPECT_EQ(test::slurp(game / "Material.lib"), before);
  }
}

// The same guard for the textures a model export reads: an output spelled as a hard link of Textures.lib.
TEST(WritersCli, ExportRefusesToWriteOverATextureLibraryItReads) {
  test::TempDir dir;
  const std::filesystem::path game = dir / "game";
  ASSERT_EQ(run_cli({"sample-game", game.string()}).exit_code, 0);
  std::error_code ec;
  std::filesystem::create_hard_link(game / "Textures.lib", dir / "textures.glb", ec);
  if (ec) GTEST_SKIP() << "no hard links here: " << ec.message();
  const std::string before = test::slurp(game / "Textures.lib");
  auto r = run_cli({"export", "gltf", (game / "models.rlb").string() + "::tank.msh", (dir / "textures.glb").string()});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + (dir / "textures.glb").string() + ": refusing to overwrite " +
                       (game / "Textures.lib").string() + ", a file this command reads\n");
  EXPECT_EQ(test::slurp(dir / "textures.glb"), before);
}

}  // namespace
}  // namespace parkan
