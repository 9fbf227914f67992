// Paths that are not ASCII (a Russian user's game lives in "C:\Игры\Паркан"), with spaces, on Windows
// with a drive letter and backslashes, and past 260 characters: every command group reads, writes and
// names them (core/utf8_path.hpp is the one conversion; core/file.hpp the one way to the file system).
// Windows is where this can break (a narrow string given to std::filesystem::path is read in the C
// locale there, and its std::filesystem stops at 260 characters); make windows-test runs these under Wine.
#include <regex>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support.hpp"

namespace parkan {
namespace {

namespace fs = std::filesystem;
using test::run_cli;

// UTF-8 text of a path, by the standard's own conversion (not the library's, which is under test).
std::string utf8(const fs::path& path) {
  const std::u8string text = path.u8string();
  return std::string(text.begin(), text.end());
}

fs::path operator""_u8(const char8_t* text, std::size_t size) { return fs::path(std::u8string(text, size)); }

// parkan run with `args` exits 0 (its stderr in the failure message when not).
::testing::AssertionResult succeeds(const std::vector<std::string>& args) {
  const test::CliResult r = run_cli(args);
  if (r.exit_code == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "exit " << r.exit_code << ": " << r.err;
}

bool starts_with(const ByteBuffer& bytes, std::string_view head) {
  return bytes.size() >= head.size() && std::equal(head.begin(), head.end(), bytes.begin(),
                                                   [](char c, std::uint8_t b) { return std::uint8_t(c) == b; });
}

bool same_bytes(const fs::path& a, const fs::path& b) {
  const ByteBuffer x = test::read_bytes(a);
  return !x.empty() && x == test::read_bytes(b);
}

class UnicodePaths : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    game_ = new fs::path(root_->path() / u8"Игры Parkan — Железная стратегия"_u8);
    auto r = run_cli({"sample-game", utf8(*game_)});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  static void TearDownTestSuite() {
    delete game_;
    delete root_;
  }
  static std::string in_game(const char8_t* name) { return utf8(*game_ / fs::path(std::u8string(name))); }

  test::TempDir work;
  static test::TempDir* root_;
  static fs::path* game_;
};

test::TempDir* UnicodePaths::root_ = nullptr;
fs::path* UnicodePaths::game_ = nullptr;

TEST_F(UnicodePaths, SampleGameAndValidateUseTheFolderAsNamed) {
  EXPECT_TRUE(fs::is_regular_file(*game_ / u8"Textures.lib"_u8));
  EXPECT_TRUE(fs::is_regular_file(*game_ / u8"models"_u8 / u8"walker.msh"_u8));
  auto r = run_cli({"validate", utf8(*game_), "--json", utf8(work.path() / u8"отчёт.json"_u8)});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind(utf8(*game_) + ": 20 archives, 254 resources\n", 0), 0u) << r.out;
  const ByteBuffer text = test::read_bytes(work.path() / u8"отчёт.json"_u8);
  const auto report = nlohmann::json::parse(std::string(text.begin(), text.end()));
  EXPECT_EQ(report["game"], utf8(*game_));
  EXPECT_EQ(report["summary"]["errors"], 0);
}

TEST_F(UnicodePaths, ArchivesAreListedExtractedAndPackedBackByteForByte) {
  // An NRes archive and an RsLi library, each copied under a Cyrillic name first.
  for (const char8_t* name : {u8"Текстуры.lib", u8"модели.rlb"}) {
    const fs::path source = *game_ / (std::u8string(name).ends_with(u8".lib") ? u8"Textures.lib"_u8 : u8"models.rlb"_u8);
    const fs::path archive = work.path() / fs::path(std::u8string(name));
    fs::copy_file(source, archive);
    const fs::path folder = work.path() / u8"распаковано"_u8 / fs::path(std::u8string(name));
    const fs::path packed = work.path() / (u8"заново-"_u8 += fs::path(std::u8string(name)));

    EXPECT_TRUE(succeeds({"archive", "list", utf8(archive)}));
    EXPECT_TRUE(succeeds({"--quiet", "archive", "extract", utf8(archive), utf8(folder)}));
    EXPECT_TRUE(fs::is_regular_file(folder / u8"manifest.json"_u8));
    EXPECT_TRUE(succeeds({"archive", "pack", utf8(folder), utf8(packed)}));
    EXPECT_TRUE(same_bytes(archive, packed)) << utf8(packed);
    EXPECT_TRUE(succeeds({"archive", "verify", "--compatible", utf8(packed)}));
  }
}

TEST_F(UnicodePaths, TexturesAndMaterialsAreWrittenUnderTheirNames) {
  const fs::path png = work.path() / u8"трава.png"_u8;
  EXPECT_TRUE(succeeds({"texm", "to-png", in_game(u8"Textures.lib") + "::GRASS.0", utf8(png)}));
  EXPECT_TRUE(starts_with(test::read_bytes(png), "\x89PNG\r\n\x1a\n"));

  const fs::path folder = work.path() / u8"все текстуры"_u8;
  EXPECT_TRUE(succeeds({"--quiet", "texm", "to-png", in_game(u8"Textures.lib"), utf8(folder) + "/"}));
  EXPECT_TRUE(same_bytes(png, folder / u8"GRASS.0.png"_u8));

  const fs::path texm = work.path() / u8"трава.texm"_u8;
  EXPECT_TRUE(succeeds({"texm", "from-png", utf8(png), utf8(texm), "--format", "565"}));
  EXPECT_TRUE(fs::is_regular_file(texm));

  const fs::path dumped = work.path() / u8"материалы"_u8;
  const fs::path rebuilt = work.path() / u8"Материалы.lib"_u8;
  EXPECT_TRUE(succeeds({"--quiet", "mat0", "dump", in_game(u8"Material.lib"), utf8(dumped)}));
  EXPECT_TRUE(succeeds({"mat0", "build", utf8(dumped), utf8(rebuilt)}));
  EXPECT_TRUE(same_bytes(*game_ / u8"Material.lib"_u8, rebuilt));
}

TEST_F(UnicodePaths, ModelsExportToGltfFilesAndFolders) {
  const fs::path glb = work.path() / u8"танк.glb"_u8;
  EXPECT_TRUE(succeeds({"export", "gltf", in_game(u8"models.rlb") + "::tank.msh", utf8(glb)}));
  EXPECT_TRUE(starts_with(test::read_bytes(glb), "glTF"));

  const fs::path folder = work.path() / u8"модели"_u8;
  EXPECT_TRUE(succeeds({"export", "gltf", in_game(u8"models.rlb"), utf8(folder)}));
  EXPECT_TRUE(same_bytes(glb, folder / u8"tank.glb"_u8));

  // A bare model file beside its .wea, found through the game folder it sits in.
  EXPECT_TRUE(succeeds({"export", "gltf", in_game(u8"models/walker.msh"), utf8(work.path() / u8"ходок.gltf"_u8)}));
  EXPECT_TRUE(fs::is_regular_file(work.path() / u8"ходок.gltf"_u8));
}

TEST_F(UnicodePaths, MessagesNameTheFileAsTheUserWroteIt) {
  const std::string missing = utf8(work.path() / u8"нет такого.lib"_u8);
  auto r = run_cli({"archive", "list", missing});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "parkan: error: " + missing + ": cannot open: " + test::file_not_found_text() + "\n");
}

TEST_F(UnicodePaths, AbsolutePathsInTheSystemsOwnFormReachEntries) {
  // On Windows: "Z:\...\Игры ...\Textures.lib::GRASS.0" - a drive letter and backslashes.
  const std::string archive = utf8(fs::absolute(*game_ / u8"Textures.lib"_u8).make_preferred());
  auto r = run_cli({"texm", "info", archive + "::GRASS.0"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("Texm 64x64, format 8888, 7 mip levels", 0), 0u) << r.out;
}

TEST_F(UnicodePaths, TheViewerServesAGameInSuchAFolder) {
  test::CliProcess server({"view", utf8(*game_), "--port", "0", "--no-open"});
  auto out = server.wait_for_output("press Ctrl-C");
  ASSERT_TRUE(out) << "parkan view did not start: " << server.err();
  std::smatch m;
  ASSERT_TRUE(std::regex_search(*out, m, std::regex("http://127\\.0\\.0\\.1:([0-9]+)/"))) << *out;
  const int port = std::stoi(m[1]);
  auto get = [port](const std::string& target) {
    return test::tcp_exchange(port, "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .value_or("");
  };
  const std::string game = get("/api/game");
  ASSERT_EQ(game.rfind("HTTP/1.1 200", 0), 0u) << game.substr(0, 200);
  const auto doc = nlohmann::json::parse(game.substr(game.find("\r\n\r\n") + 4));
  EXPECT_EQ(doc["game"], utf8(game_->filename()));
  // A texture, a model and a bare file: each read from below the folder.
  for (const char* target : {"/api/texture.png?file=Textures.lib&entry=0", "/api/model.glb?file=models.rlb&entry=2",
                             "/api/entry?file=models%2Fwalker.wea"})
    EXPECT_EQ(get(target).rfind("HTTP/1.1 200", 0), 0u) << target;
}

TEST(LongPathsCli, AGameBeyond260CharactersIsWrittenValidatedExtractedAndExported) {
  test::TempDir root;
  const fs::path deep = root.path() / std::string(120, 'a') / std::string(120, 'b');
  const fs::path game = deep / u8"игра"_u8;
  ASSERT_GT(utf8(game / u8"models"_u8 / u8"walker.msh"_u8).size(), 260u);
  auto made = run_cli({"sample-game", utf8(game)});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  auto validated = run_cli({"validate", utf8(game)});
  EXPECT_EQ(validated.exit_code, 0) << validated.err;
  EXPECT_EQ(validated.out.rfind(utf8(game) + ": 20 archives, 254 resources\n", 0), 0u) << validated.out;
  const fs::path folder = deep / u8"распаковано"_u8 / std::string(40, 'c');
  EXPECT_TRUE(succeeds({"--quiet", "archive", "extract", utf8(game / u8"Textures.lib"_u8), utf8(folder)}));
  EXPECT_TRUE(succeeds({"archive", "pack", utf8(folder), utf8(deep / u8"Textures.lib"_u8)}));
  EXPECT_TRUE(same_bytes(game / u8"Textures.lib"_u8, deep / u8"Textures.lib"_u8));
  EXPECT_TRUE(succeeds({"export", "gltf", utf8(game / u8"models.rlb"_u8), utf8(deep / u8"модели"_u8)}));
  EXPECT_TRUE(fs::is_regular_file(deep / u8"модели"_u8 / u8"tank.glb"_u8));
  // A file where a folder is needed is still recognized at that depth (a usage error, exit 2).
  const std::string taken = utf8(deep / u8"Textures.lib"_u8);
  auto refused = run_cli({"export", "gltf", utf8(game / u8"models.rlb"_u8), taken});
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("OUT must be a folder, and " + taken + " is a file"), std::string::npos) << refused.err;
}

}  // namespace
}  // namespace parkan
