// parkan import gltf (docs/cli.md 6.4, docs/import.md 7): a Blender-made vehicle into a mod folder over
// the sample game; the archives it writes, what it refuses, and that a failed run leaves MOD_DIR as it was.
#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "parkan/core/text.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/objects/objects.hpp"
#include "parkan/texm/read.hpp"
#include "support.hpp"

namespace parkan {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using test::run_cli;

// A Blender fixture, copied into the test's folder: on Windows a path starting with '/' (the source
// tree's, under Wine) would be read by CLI11 as a Windows-style option.
fs::path fixture(const test::TempDir& dir, const std::string& name) {
  const fs::path copy = dir / name;
  test::write_bytes(copy, test::read_bytes(fs::path(PARKAN_SOURCE_DIR) / "tests/import/blender" / name));
  return copy;
}

// name -> bytes of every regular file in `dir` (the whole state of a mod folder).
std::map<std::string, std::string> folder_state(const fs::path& dir) {
  std::map<std::string, std::string> state;
  if (!fs::exists(dir)) return state;
  for (const auto& e : fs::directory_iterator(dir)) state[e.path().filename().string()] = test::slurp(e.path());
  return state;
}

class ImportCli : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(run_cli({"sample-game", game_.string()}).exit_code, 0);
    vehicle_ = fixture(dir_, "vehicle.glb");
  }
  test::CliResult import(std::vector<std::string> extra = {}, const std::string& name = "rover") {
    std::vector<std::string> args = {"import", "gltf", vehicle_.string(), "--game", game_.string(), "--out", mod_.string(),
                                     "--name", name};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_cli(args);
  }
  test::TempDir dir_;
  fs::path vehicle_;
  fs::path game_ = dir_ / "game";
  fs::path mod_ = dir_ / "mod";
};

// A prototype slot as docs/formats/objects.md 2.1 lays it out: two NUL-padded 32-byte names.
std::string slot(const std::string& archive, const std::string& resource) {
  std::string s(64, '\0');
  std::copy(archive.begin(), archive.end(), s.begin());
  std::copy(resource.begin(), resource.end(), s.begin() + 32);
  return s;
}

std::string payload_text(const nres::Archive& archive, std::size_t index) {
  const ByteView p = archive.payload(index);
  return {reinterpret_cast<const char*>(p.data()), p.size()};
}

TEST_F(ImportCli, TheVehicleGoesIntoFourArchivesThatValidateOverTheGame) {
  auto r = import();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The sample game has a CAMO material already: the vehicle's gets the next free name.
  EXPECT_EQ(r.err, "parkan: warning: " + vehicle_.string() +
                       ": material \"camo\" is written as CAMO_2 [import.name.changed]\n");
  const auto state = folder_state(mod_);
  std::vector<std::string> names;
  for (const auto& [name, bytes] : state) names.push_back(name);
  // No lightmap: LightMap.lib is not written; the sample game has no static.rlb: a new one.
  EXPECT_EQ(names, (std::vector<std::string>{"Material.lib", "Textures.lib", "objects.rlb", "static.rlb"}));

  // static.rlb: the model and its WEAR, with the attributes the game's entries of their kinds carry.
  const std::string models_bytes = state.at("static.rlb");
  auto models = nres::read(ByteView(reinterpret_cast<const std::uint8_t*>(models_bytes.data()), models_bytes.size()));
  ASSERT_TRUE(models) << models.error().message;
  ASSERT_EQ(models->entries.size(), 2u);
  EXPECT_EQ(models->entries[0].name(), "rover.msh");
  EXPECT_EQ(models->entries[0].type_id, 0x4853454Du);  // "MESH"
  EXPECT_EQ(models->entries[1].name(), "rover.wea");
  EXPECT_EQ(models->entries[1].type_id, 0x52414557u);  // "WEAR"
  EXPECT_EQ(models->entries[1].attr3, 1u);
  // Rows in the order the batches first use them: the hull (camo) is drawn before the steel parts.
  // The canonical writer's text (docs/formats/wear.md 6.1: LF line ends).
  EXPECT_EQ(payload_text(*models, 1), "2\n0 CAMO_2\n1 STEEL\n");

  // objects.rlb: the game's prototypes unchanged, then rover: a unit (it has a cockpit), 5 slots.
  const std::string game_objects = test::slurp(game_ / "objects.rlb");
  const std::string mod_objects = state.at("objects.rlb");
  auto before = nres::read(ByteView(reinterpret_cast<const std::uint8_t*>(game_objects.data()), game_objects.size()));
  auto after = nres::read(ByteView(reinterpret_cast<const std::uint8_t*>(mod_objects.data()), mod_objects.size()));
  ASSERT_TRUE(before && after);
  ASSERT_EQ(after->entries.size(), before->entries.size() + 1);
  for (std::size_t i = 0; i < before->entries.size(); ++i) {
    EXPECT_EQ(after->entries[i].name(), before->entries[i].name());
    EXPECT_EQ(payload_text(*after, i), payload_text(*before, i));
  }
  const nres::Entry& rover = after->entries.back();
  EXPECT_EQ(rover.name(), "rover");
  EXPECT_EQ(rover.type_id, 0x554C5442u);  // "BTLU" in file order
  EXPECT_EQ(payload_text(*after, after->entries.size() - 1),
            slot("static.rlb", "rover.msh") + slot("static.rlb", "rover.wea") + std::string(3 * 64, '\0'));

  // The model passes every model rule; the mod passes validate over its game.
  EXPECT_EQ(run_cli({"msh", "check", (mod_ / "static.rlb").string() + "::rover.msh"}).exit_code, 0);
  auto v = run_cli({"validate", mod_.string(), "--base", game_.string(), "--json", (dir_ / "report.json").string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  const json report = json::parse(test::slurp(dir_ / "report.json"));
  EXPECT_EQ(report["summary"]["errors"], 0) << report.dump();
}

TEST_F(ImportCli, ALitModelAddsItsLightmapToLightMapLib) {
  const fs::path corner = fixture(dir_, "lightmap.glb");
  auto r = run_cli({"import", "gltf", corner.string(), "--game", game_.string(), "--out", mod_.string(), "--name", "corner"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto state = folder_state(mod_);
  ASSERT_TRUE(state.contains("LightMap.lib"));
  const std::string& lightmaps = state.at("LightMap.lib");
  auto lib = nres::read(ByteView(reinterpret_cast<const std::uint8_t*>(lightmaps.data()), lightmaps.size()));
  ASSERT_TRUE(lib);
  // The sample game's two pages, then the script's "bake" image.
  ASSERT_EQ(lib->entries.size(), 3u);
  EXPECT_EQ(lib->entries[2].name(), "BAKE.0");
  const std::string& models_bytes = state.at("static.rlb");
  auto models = nres::read(ByteView(reinterpret_cast<const std::uint8_t*>(models_bytes.data()), models_bytes.size()));
  ASSERT_TRUE(models);
  EXPECT_EQ(payload_text(*models, 1), "1\n0 PLASTER\n\nLIGHTMAPS\n1\n0 BAKE.0\n");
  auto v = run_cli({"validate", mod_.string(), "--base", game_.string()});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
}

TEST_F(ImportCli, TheGamesEntriesAreKeptAndTheNewOnesAdded) {
  ASSERT_EQ(import({"--json"}).exit_code, 0);
  for (const char* library : {"Material.lib", "Textures.lib"}) {
    const std::string g = test::slurp(game_ / library), m = test::slurp(mod_ / library);
    auto before = nres::read(ByteView(reinterpret_cast<const std::uint8_t*>(g.data()), g.size()));
    auto after = nres::read(ByteView(reinterpret_cast<const std::uint8_t*>(m.data()), m.size()));
    ASSERT_TRUE(before && after) << library;
    for (std::size_t i = 0; i < before->entries.size(); ++i) {
      EXPECT_EQ(after->entries[i].name(), before->entries[i].name()) << library;
      EXPECT_EQ(after->entries[i].attr1, before->entries[i].attr1) << library;
      EXPECT_EQ(payload_text(*after, i), payload_text(*before, i)) << library;
    }
  }
  const std::string m = test::slurp(mod_ / "Textures.lib");
  auto textures = nres::read(ByteView(reinterpret_cast<const std::uint8_t*>(m.data()), m.size()));
  ASSERT_TRUE(textures);
  const nres::Entry& camo = textures->entries.back();
  EXPECT_EQ(camo.name(), "CAMO_2.0");
  // The script's camo image: 16 x 16, opaque: 565 with the full chain 16, 8, 4, 2, 1.
  auto texture = texm::read(textures->payload(textures->entries.size() - 1));
  ASSERT_TRUE(texture) << texture.error().message;
  EXPECT_EQ(texture->header.width, 16u);
  EXPECT_EQ(texture->header.height, 16u);
  EXPECT_EQ(texture->format, texm::Format::rgb565);
  EXPECT_EQ(texture->header.mip_count, 5u);
}

TEST_F(ImportCli, ADryRunListsTheFilesAndWritesNothing) {
  auto r = import({"--dry-run", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(mod_));
  const json doc = json::parse(r.out);
  EXPECT_EQ(doc["dry_run"], true);
  EXPECT_EQ(doc["model"], "rover.msh");
  EXPECT_EQ(doc["prototype"], (json{{"key", "rover"}, {"type", "BTLU"}}));
  EXPECT_EQ(doc["nodes"], 5);
  EXPECT_EQ(doc["materials"], 2);
  EXPECT_EQ(doc["textures"], 1);
  EXPECT_EQ(doc["lightmaps"], 0);
  std::vector<std::string> files;
  for (const json& f : doc["files"]) files.push_back(f["name"]);
  EXPECT_EQ(files, (std::vector<std::string>{"static.rlb", "Material.lib", "Textures.lib", "objects.rlb"}));
  EXPECT_EQ(doc["files"][0]["based_on"], "new");
  EXPECT_EQ(doc["files"][1]["based_on"], "game");
  EXPECT_EQ(doc["files"][0]["entries"][0], (json{{"name", "rover.msh"}, {"type", "MESH"},
                                                 {"size", doc["files"][0]["entries"][0]["size"]}, {"replaced", false}}));
  // The sizes listed are the sizes a real run writes.
  ASSERT_EQ(import().exit_code, 0);
  for (const json& f : doc["files"])
    EXPECT_EQ(fs::file_size(mod_ / f["name"].get<std::string>()), f["size"].get<std::uintmax_t>()) << f["name"];
}

TEST_F(ImportCli, ATakenNameIsRefusedAndTheModIsLeftAsItWas) {
  ASSERT_EQ(import().exit_code, 0);
  const auto state = folder_state(mod_);
  auto r = import();
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "parkan: error: static.rlb::rover.msh is already in the mod; --replace replaces it\n");
  EXPECT_EQ(folder_state(mod_), state);
}

TEST_F(ImportCli, ReplaceReusesTheModelsOwnNames) {
  ASSERT_EQ(import().exit_code, 0);
  auto r = import({"--replace", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json doc = json::parse(r.out);
  // The materials and texture of the first import are its own: replaced under the same names, no CAMO_3.
  for (const json& f : doc["files"])
    for (const json& e : f["entries"]) EXPECT_EQ(e["replaced"], true) << f["name"] << " " << e["name"];
  EXPECT_EQ(doc["files"][1]["entries"][0]["name"], "CAMO_2");
  EXPECT_EQ(doc["files"][1]["based_on"], "mod");
}

TEST_F(ImportCli, WhatIsRefused) {
  // Not glTF: tinygltf's message, exit 1, no mod folder.
  test::write_bytes(dir_ / "bad.glb", ByteView(reinterpret_cast<const std::uint8_t*>("glTF\2\0\0\0"), 8));
  auto bad = run_cli({"import", "gltf", (dir_ / "bad.glb").string(), "--game", game_.string(), "--out", mod_.string(),
                      "--name", "x"});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err, "parkan: error: " + (dir_ / "bad.glb").string() +
                         ": not a glTF 2.0 binary (.glb) that can be read: Too short data size for glTF Binary.\n");
  EXPECT_FALSE(fs::exists(mod_));
  // Names: too long for a prototype slot, or characters a file name of the game cannot have: usage.
  auto long_name = import({}, std::string(28, 'a'));
  EXPECT_EQ(long_name.exit_code, 2);
  EXPECT_EQ(long_name.err, "parkan: error: --name \"" + std::string(28, 'a') +
                               "\": 1 to 27 ASCII letters, digits, '_' or '-' (\"<NAME>.msh\" fills a prototype slot's "
                               "32-byte field with its NUL)\n");
  EXPECT_EQ(import({}, "a.b").exit_code, 2);
  EXPECT_EQ(import({"--texture-format", "556"}).exit_code, 2);
  // The archive is a file of MOD_DIR itself: no path leads out of it.
  auto escape = import({"--archive", "../static.rlb"});
  EXPECT_EQ(escape.exit_code, 2);
  EXPECT_EQ(escape.err, "parkan: error: --archive \"../static.rlb\": a file name of the game folder of 1 to 31 ASCII "
                        "letters, digits, '_', '-' or '.' (not starting with '.'; it fills a prototype slot's 32-byte "
                        "field with its NUL)\n");
  EXPECT_EQ(import({"--archive", "sub/static.rlb"}).exit_code, 2);
  EXPECT_FALSE(fs::exists(dir_ / "static.rlb"));
  EXPECT_EQ(import({"--prototype-type", "ABCD"}).exit_code, 1);
  // The game folder itself is not a mod folder.
  auto into_game = run_cli({"import", "gltf", vehicle_.string(), "--game", game_.string(), "--out", game_.string(),
                            "--name", "rover"});
  EXPECT_EQ(into_game.exit_code, 2);
  EXPECT_EQ(into_game.err, "parkan: error: --out " + game_.string() +
                               " is the game folder: a mod goes into a folder of its own\n");
  // An RsLi library cannot take the model.
  auto rsli = import({"--archive", "sprites.lib"});
  EXPECT_EQ(rsli.exit_code, 1);
  EXPECT_NE(rsli.err.find("sprites.lib: an RsLi library: the import writes its entries into NRes archives only"),
            std::string::npos)
      << rsli.err;
  EXPECT_FALSE(fs::exists(mod_));
  // I/O: a missing model, an --out that is a file.
  EXPECT_EQ(run_cli({"import", "gltf", (dir_ / "none.glb").string(), "--game", game_.string(), "--out", mod_.string(),
                     "--name", "x"})
                .exit_code,
            3);
  test::write_bytes(dir_ / "file", ByteView());
  auto onto_file = run_cli({"import", "gltf", vehicle_.string(), "--game", game_.string(), "--out",
                            (dir_ / "file").string(), "--name", "rover"});
  EXPECT_EQ(onto_file.exit_code, 3);
  EXPECT_EQ(test::slurp(dir_ / "file"), "");
}

TEST_F(ImportCli, AFolderInTheWayOfAnArchiveFailsTheWholeImport) {
  // Material.lib cannot be written (a folder has its name): nothing else of MOD_DIR is written either.
  fs::create_directories(mod_ / "Material.lib");
  test::write_bytes(mod_ / "keep.txt", ByteView(reinterpret_cast<const std::uint8_t*>("x"), 1));
  auto r = import();
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("Material.lib: cannot write the file: a folder (or another non-file) is in the way"),
            std::string::npos)
      << r.err;
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(mod_)) left.push_back(e.path().filename().string());
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"Material.lib", "keep.txt"}));
  EXPECT_TRUE(fs::is_directory(mod_ / "Material.lib"));
}

}  // namespace
}  // namespace parkan
