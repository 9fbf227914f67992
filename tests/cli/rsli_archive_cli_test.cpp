// parkan archive ... on RsLi libraries (docs/cli.md 3.7): the sample game's gamefont.rlb (LZSS)
// and sprites.lib (Deflate, with the retail one-byte-past-the-end quirk on its last entry).
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "parkan/sample/sample_game.hpp"
#include "parkan/rsli/archive.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using nlohmann::json;
using test::run_cli;

struct RsliCli : ::testing::Test {
  test::TempDir dir;
  std::string fonts, sprites;
  void SetUp() override {
    for (const sample::SampleFile& f : sample::sample_libraries({})) {
      test::write_bytes(dir / f.path, f.bytes);
      (f.path == "gamefont.rlb" ? fonts : sprites) = (dir / f.path).string();
    }
    ASSERT_FALSE(fonts.empty());
    ASSERT_FALSE(sprites.empty());
  }
  std::string path(const std::string& name) const { return (dir / name).string(); }
  ByteBuffer unpacked(const std::string& library, std::size_t index) {
    ByteBuffer bytes = test::read_bytes(library);
    auto archive = rsli::read(bytes, rsli::Profile::compatible);
    EXPECT_TRUE(archive) << archive.error().to_string();
    auto payload = rsli::unpack(*archive, index);
    EXPECT_TRUE(payload) << payload.error().to_string();
    return payload ? *payload : ByteBuffer{};
  }
};

TEST_F(RsliCli, ListAsJsonHasTheKeysOfTheContract) {
  auto r = run_cli({"archive", "list", fonts, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json doc = json::parse(r.out);
  EXPECT_EQ(doc["format"], "RsLi");
  EXPECT_EQ(doc["version"], 1);
  EXPECT_EQ(doc["presorted"], true);
  EXPECT_TRUE(doc["xor_seed"].is_number_unsigned());
  EXPECT_TRUE(doc["overlay"].is_null());
  ASSERT_EQ(doc["entries"].size(), 2u);
  const json& e = doc["entries"][0];
  EXPECT_EQ(e["index"], 0);
  EXPECT_EQ(e["name"], "ARIALTEX.TFT");
  EXPECT_EQ(e["method"], "lzss");
  EXPECT_EQ(e["flags"], 0x40);
  EXPECT_EQ(e["size"], unpacked(fonts, 0).size());
  EXPECT_LT(e["packed_size"].get<std::size_t>(), e["size"].get<std::size_t>());  // LZSS compressed it
  EXPECT_EQ(e["offset"], 32 + 2 * 32);  // the first payload right after the table
  for (const char* key : {"sort_value", "packed_size"}) EXPECT_TRUE(e.contains(key)) << key;
  r = run_cli({"archive", "list", sprites});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("INTERF24.TEX"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("deflate"), std::string::npos);
}

TEST_F(RsliCli, VerifyStrictReportsTheQuirkCompatibleAcceptsIt) {
  auto r = run_cli({"archive", "verify", fonts});
  EXPECT_EQ(r.exit_code, 0) << r.err << r.out;
  EXPECT_EQ(r.out, fonts + ": 2 entries, 0 errors, 0 warnings\n");
  r = run_cli({"archive", "verify", sprites});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("[rsli.entry.deflate_eof_plus_one]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("INTERF24.TEX"), std::string::npos) << r.err;
  r = run_cli({"archive", "verify", sprites, "--compatible"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(RsliCli, CatPrintsTheUnpackedBytes) {
  auto r = run_cli({"archive", "cat", fonts + "::pal.pal"});  // rsFind upper-cases the query
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const ByteBuffer expected = unpacked(fonts, 1);
  EXPECT_EQ(r.out, std::string(expected.begin(), expected.end()));
  r = run_cli({"archive", "cat", sprites + "::#23"});  // the quirk entry: read as the engine reads it
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, 4), "Texm");
  r = run_cli({"archive", "cat", fonts + "::NOPE.FNT"});
  EXPECT_EQ(r.exit_code, 1);
}

TEST_F(RsliCli, TextureCommandsSeeTheTexmEntriesOfALibrary) {
  // RsLi rows have no type id: the resource layer takes it from the content ("Texm").
  auto r = run_cli({"texm", "to-png", sprites, path("png/")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::size_t pngs = 0;
  for (const auto& f : std::filesystem::directory_iterator(dir / "png")) pngs += f.path().extension() == ".png";
  EXPECT_EQ(pngs, 24u);
  const ByteBuffer png = test::read_bytes(path("png/INTERF3.TEX.png"));
  ASSERT_GE(png.size(), 8u);
  EXPECT_EQ(png[1], 'P');  // \x89 P N G
  // The font library holds a Tfnt (its format 2 atlas inside) and the PAL.PAL it indexes, no Texm.
  r = run_cli({"archive", "cat", fonts + "::ARIALTEX.TFT"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, 4), "Tfnt");
  EXPECT_EQ(r.out.substr(0x1014, 4), "Texm");
  r = run_cli({"texm", "check", sprites});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, sprites + ": 24 textures, 0 errors, 0 warnings\n");
}

TEST_F(RsliCli, ExtractThenPackIsByteIdenticalAndAnEditIsReencoded) {
  const std::string folder = path("fonts");
  auto r = run_cli({"archive", "extract", fonts, folder});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_bytes(folder + "/ARIALTEX.TFT"), unpacked(fonts, 0));
  r = run_cli({"archive", "pack", folder, path("again.rlb")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_bytes(path("again.rlb")), test::read_bytes(fonts));
  // An edited entry file: re-encoded with its method, the rest kept.
  ByteBuffer edited = unpacked(fonts, 1);
  edited.resize(edited.size() / 2);
  test::write_bytes(folder + "/PAL.PAL", edited);
  r = run_cli({"archive", "pack", folder, path("edited.rlb")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(unpacked(path("edited.rlb"), 1), edited);
  EXPECT_EQ(unpacked(path("edited.rlb"), 0), unpacked(fonts, 0));
  EXPECT_EQ(run_cli({"archive", "verify", path("edited.rlb")}).exit_code, 0);
}

TEST_F(RsliCli, RepackIsCanonicalAndEditorsTakeAMethod) {
  auto r = run_cli({"archive", "repack", sprites, path("repacked.lib")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(run_cli({"archive", "verify", path("repacked.lib")}).exit_code, 0);  // the quirk is gone
  for (std::size_t i : {0u, 23u}) EXPECT_EQ(unpacked(path("repacked.lib"), i), unpacked(sprites, i));

  const std::string payload = path("payload.bin");
  ByteBuffer text(3000, 'A');
  for (std::size_t i = 0; i < text.size(); i += 7) text[i] = static_cast<std::uint8_t>('a' + i % 26);
  test::write_bytes(payload, text);
  for (const char* method : {"stored", "xor", "lzss", "xor-lzss", "lzhuf", "xor-lzhuf", "deflate"}) {
    r = run_cli({"archive", "replace", fonts, "ARIALTEX.TFT", payload, path("replaced.rlb"), "--method", method});
    ASSERT_EQ(r.exit_code, 0) << method << ": " << r.err;
    EXPECT_EQ(unpacked(path("replaced.rlb"), 0), text) << method;
    json doc = json::parse(run_cli({"archive", "list", path("replaced.rlb"), "--json"}).out);
    EXPECT_EQ(doc["entries"][0]["method"], method);
  }
  r = run_cli({"archive", "replace", fonts, "ARIALTEX.TFT", payload, path("x.rlb"), "--method", "zip"});
  EXPECT_EQ(r.exit_code, 2);
  // Deflate at a chosen level: 0 stores, 12 compresses hardest.
  r = run_cli({"archive", "replace", fonts, "ARIALTEX.TFT", payload, path("l0.rlb"), "--method", "deflate", "--level", "0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_cli({"archive", "replace", fonts, "ARIALTEX.TFT", payload, path("l12.rlb"), "--method", "deflate", "--level", "12"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(unpacked(path("l0.rlb"), 0), text);
  EXPECT_EQ(unpacked(path("l12.rlb"), 0), text);
  EXPECT_GT(json::parse(run_cli({"archive", "list", path("l0.rlb"), "--json"}).out)["entries"][0]["packed_size"].get<int>(),
            json::parse(run_cli({"archive", "list", path("l12.rlb"), "--json"}).out)["entries"][0]["packed_size"].get<int>() * 5);
  EXPECT_EQ(run_cli({"archive", "replace", fonts, "ARIALTEX.TFT", payload, path("x.rlb"), "--level", "13"}).exit_code, 2);
  r = run_cli({"archive", "add", fonts, "EXTRA.DAT", payload, path("added.rlb"), "--method", "lzss"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(run_cli({"archive", "cat", path("added.rlb") + "::EXTRA.DAT"}).out, std::string(text.begin(), text.end()));
  r = run_cli({"archive", "rename", path("added.rlb"), "EXTRA.DAT", "AAA.DAT", path("renamed.rlb")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(run_cli({"archive", "cat", path("renamed.rlb") + "::AAA.DAT"}).out, std::string(text.begin(), text.end()));
  r = run_cli({"archive", "remove", path("renamed.rlb"), "ARIALTEX.TFT", path("removed.rlb")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json doc = json::parse(run_cli({"archive", "list", path("removed.rlb"), "--json"}).out);
  ASSERT_EQ(doc["entries"].size(), 2u);
  EXPECT_EQ(doc["entries"][0]["name"], "PAL.PAL");
  // --method means nothing to an NRes archive.
  test::write_bytes(path("n.lib"), as_bytes(std::string_view("NRes\0\1\0\0\0\0\0\0\x10\0\0\0", 16)));
  r = run_cli({"archive", "add", path("n.lib"), "X", payload, path("n2.lib"), "--type", "DATA", "--method", "lzss"});
  EXPECT_EQ(r.exit_code, 2);
}

// Entry names are bytes: extract writes them as cp1251 text in the manifest (and the bytes in hex
// where the text cannot give them back), and pack reads them back byte for byte. Before, a name
// that was not UTF-8 aborted extract (an uncaught JSON exception).
TEST_F(RsliCli, NamesThatAreNotUtf8SurviveExtractAndPack) {
  ByteBuffer bytes = test::read_bytes(fonts);
  rsli::Archive archive = rsli::read(bytes, rsli::Profile::compatible).value();
  rsli::Document document = rsli::make_document(archive);
  ASSERT_TRUE(rsli::rename_entry(document, 0, "\xC0\x98.TFT").ok());  // cp1251 'А', then 0x98 (undefined)
  const std::string odd = path("odd.rlb");
  test::write_bytes(odd, rsli::write(document).value());
  const std::string folder = path("odd");
  auto r = run_cli({"archive", "extract", odd, folder});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json manifest = json::parse(test::read_bytes(folder + "/manifest.json"));
  const json& row = manifest["entries"][0];
  EXPECT_EQ(row["name"], "\xD0\x90\xEF\xBF\xBD.TFT");  // "А", U+FFFD, ".TFT"
  EXPECT_EQ(row["name_bytes"], "c0982e544654");
  EXPECT_FALSE(manifest["entries"][1].contains("name_bytes"));
  r = run_cli({"archive", "pack", folder, path("odd2.rlb")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(test::read_bytes(path("odd2.rlb")), test::read_bytes(odd));
  // An edited name is the text's cp1251 bytes.
  json edited = manifest;
  edited["entries"][0]["name"] = "\xD0\x91.TFT";  // "Б" = 0xC1
  test::write_bytes(folder + "/manifest.json", as_bytes(edited.dump(2)));
  r = run_cli({"archive", "pack", folder, path("odd3.rlb")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ByteBuffer packed = test::read_bytes(path("odd3.rlb"));
  EXPECT_EQ(rsli::read(packed, rsli::Profile::compatible).value().entries[0].name(), "\xC1.TFT");
}

// Pack warns about a file of the folder that the manifest does not name, as NRes pack does.
TEST_F(RsliCli, PackWarnsAboutFilesNotInTheManifest) {
  const std::string folder = path("fonts");
  ASSERT_EQ(run_cli({"archive", "extract", fonts, folder}).exit_code, 0);
  test::write_bytes(folder + "/extra.bin", as_bytes(std::string("forgotten")));
  auto r = run_cli({"archive", "pack", folder, path("again.rlb")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_bytes(path("again.rlb")), test::read_bytes(fonts));
  EXPECT_EQ(r.err, "parkan: warning: " + (std::filesystem::path(folder) / "extra.bin").string() +
                       ": not in the manifest, so not packed (add it to \"entries\" to pack it) [nres.folder.unlisted]\n");
}

}  // namespace
}  // namespace parkan
