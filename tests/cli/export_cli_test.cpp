// parkan export gltf --base GAME_DIR (docs/cli.md 6.1): a mod folder holding only its model library is
// exported over the game it modifies, the materials and textures found in the base game.
#include <cstring>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support.hpp"

namespace parkan {
namespace {

using nlohmann::json;
using test::run_cli;

// The JSON chunk of a .glb (glTF 2.0 binary: a 12-byte header, then the JSON chunk's length and type).
json glb_json(const std::filesystem::path& path) {
  const std::string bytes = test::slurp(path);
  if (bytes.size() < 20) return nullptr;
  std::uint32_t length = 0;
  std::memcpy(&length, bytes.data() + 12, 4);
  if (bytes.size() < 20 + std::size_t{length}) return nullptr;
  return json::parse(bytes.substr(20, length));
}

std::vector<std::string> material_names(const json& gltf) {
  std::vector<std::string> names;
  for (const json& m : gltf["materials"]) names.push_back(m["name"]);
  return names;
}

class ExportBaseCli : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(run_cli({"sample-game", game_.string()}).exit_code, 0);
    std::filesystem::create_directory(mod_);
    std::filesystem::copy_file(game_ / "models.rlb", mod_ / "models.rlb");
  }
  test::TempDir dir_;
  std::filesystem::path game_ = dir_ / "game";
  std::filesystem::path mod_ = dir_ / "mod";
  std::string walker_ = (dir_ / "mod" / "models.rlb").string() + "::walker.msh";
};

TEST_F(ExportBaseCli, WithoutABaseAModIsUntextured) {
  auto r = run_cli({"export", "gltf", walker_, (dir_ / "alone.glb").string()});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "parkan: warning: " + walker_ + ": " + mod_.string() +
                       ": no file named \"Material.lib\" in the game folder: materials are untextured "
                       "[gltf.material.library]\n");
  const json gltf = glb_json(dir_ / "alone.glb");
  EXPECT_FALSE(gltf.contains("images"));
}

TEST_F(ExportBaseCli, OverItsBaseAModHasTheBaseGamesTextures) {
  auto r = run_cli({"export", "gltf", walker_, (dir_ / "over.glb").string(), "--base", game_.string()});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "");
  const json gltf = glb_json(dir_ / "over.glb");
  ASSERT_TRUE(gltf.contains("images")) << gltf.dump();
  EXPECT_EQ(gltf["images"].size(), 3u);
  EXPECT_EQ(material_names(gltf), (std::vector<std::string>{"ROBOT_ARMOUR", "ROBOT_STEEL", "BLD_WINDOW"}));
  // The same as exporting from the game itself.
  ASSERT_EQ(run_cli({"export", "gltf", (game_ / "models.rlb").string() + "::walker.msh",
                     (dir_ / "game.glb").string()})
                .exit_code,
            0);
  EXPECT_EQ(test::slurp(dir_ / "over.glb"), test::slurp(dir_ / "game.glb"));
}

TEST_F(ExportBaseCli, TheModsOwnLibraryWins) {
  // The mod's Textures.lib holds no texture (it is a copy of Material.lib): its file is read, not the game's.
  std::filesystem::copy_file(game_ / "Material.lib", mod_ / "Textures.lib");
  auto r = run_cli({"export", "gltf", walker_, (dir_ / "own.glb").string(), "--base", game_.string()});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.err.find("[gltf.texture.missing]"), std::string::npos) << r.err;
  EXPECT_FALSE(glb_json(dir_ / "own.glb").contains("images"));
}

TEST_F(ExportBaseCli, ABaseThatIsNotThereIsAnError) {
  const std::string missing = (dir_ / "nothing").string();
  auto r = run_cli({"export", "gltf", walker_, (dir_ / "x.glb").string(), "--base", missing});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + missing + ": cannot list the folder: " + test::folder_not_found_text() + "\n");
  EXPECT_FALSE(std::filesystem::exists(dir_ / "x.glb"));
}

}  // namespace
}  // namespace parkan
