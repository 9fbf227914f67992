// The resource layer: references, owning archives, located payloads, a game folder.

#include <gtest/gtest.h>

#include "parkan/core/text.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/resource/reference.hpp"
#include "support.hpp"

namespace parkan::resource {
namespace {

using parkan::test::TempDir;
using parkan::test::write_bytes;

ByteBuffer text_bytes(std::string_view text) { return ByteBuffer(text.begin(), text.end()); }

// Textures.lib-like: a Texm entry, a MAT0 entry and a cp1251 name ("ТЕКС.0").
ByteBuffer sample_archive() {
  const ByteBuffer texm = text_bytes("Texm....pixels");
  const ByteBuffer mat0 = text_bytes("material bytes");
  const ByteBuffer cyr = text_bytes("cyrillic");
  const std::string cyr_name = *utf8_to_cp1251("ТЕКС.0");
  std::vector<nres::EntrySpec> specs{{kTypeTexm, 0, 0, 0, "ROCK.0", texm},
                                     {kTypeMat0, 1, 6, 0, "STONE", mat0},
                                     {kTypeTexm, 0, 0, 0, cyr_name, cyr}};
  return nres::build(specs).value();
}

std::string text_of(ByteView bytes) { return std::string(bytes.begin(), bytes.end()); }

TEST(Reference, SplitsAtTheLastSeparator) {
  Reference r = parse_reference("Textures.lib::GRASS.0");
  EXPECT_EQ(r.path, "Textures.lib");
  EXPECT_EQ(r.name, "GRASS.0");
  EXPECT_FALSE(r.index);
  r = parse_reference("a.lib::#12");
  EXPECT_EQ(r.path, "a.lib");
  EXPECT_EQ(r.index, 12u);
  EXPECT_FALSE(r.name);
  r = parse_reference("a.lib::#x");
  EXPECT_EQ(r.name, "#x");
  r = parse_reference("a.lib::#");
  EXPECT_EQ(r.name, "#");
  r = parse_reference("a.lib::#-1");
  EXPECT_EQ(r.name, "#-1");
  r = parse_reference("dir::x/Textures.lib::GRASS.0");
  EXPECT_EQ(r.path, "dir::x/Textures.lib");
  EXPECT_EQ(r.name, "GRASS.0");
  EXPECT_EQ(parse_reference("a.lib::#3a").name, "#3a");
  EXPECT_EQ(parse_reference("a.lib::").name, "");
  r = parse_reference("plain.texm");
  EXPECT_EQ(r.path, "plain.texm");
  EXPECT_FALSE(r.is_entry());
}

TEST(Reference, DriveLetterIsNotASeparator) {
  Reference r = parse_reference(R"(C:\Games\Parkan\Textures.lib::ROCK.0)");
  EXPECT_EQ(r.path, R"(C:\Games\Parkan\Textures.lib)");
  EXPECT_EQ(r.name, "ROCK.0");
  r = parse_reference(R"(C:\Games\ROCK.0)");
  EXPECT_EQ(r.path, R"(C:\Games\ROCK.0)");
  EXPECT_FALSE(r.is_entry());
}

TEST(Reference, NamesAsUtf8OrCp1251) {
  EXPECT_EQ(name_to_cp1251("ТЕКС.0"), "\xD2\xC5\xCA\xD1.0");
  EXPECT_EQ(name_to_cp1251("\xD2\xC5\xCA\xD1.0"), "\xD2\xC5\xCA\xD1.0");  // not UTF-8: as given
  EXPECT_EQ(name_to_cp1251("ROCK.0"), "ROCK.0");
}

TEST(Archive, FindsEntriesByNameIndexAndEncoding) {
  TempDir dir;
  write_bytes(dir / "Textures.lib", sample_archive());
  auto archive = open_archive(dir / "Textures.lib");
  ASSERT_TRUE(archive) << archive.error().to_string();
  EXPECT_EQ((*archive)->entry_count(), 3u);
  EXPECT_EQ((*archive)->format(), ArchiveFormat::nres);

  auto rock = (*archive)->get("rock.0");  // the engine's case-insensitive lookup
  ASSERT_TRUE(rock);
  EXPECT_EQ(text_of(rock->bytes()), "Texm....pixels");
  EXPECT_EQ(rock->location().index, 0u);
  EXPECT_EQ(rock->location().type_id, kTypeTexm);
  EXPECT_EQ(rock->entry_name(), "ROCK.0");

  auto stone = (*archive)->get("#1");
  ASSERT_TRUE(stone);
  EXPECT_EQ(stone->location().attr1, 1u);
  EXPECT_EQ(stone->location().attr2, 6u);
  EXPECT_EQ(stone->entry_name(), "STONE");

  auto cyr = (*archive)->get("текс.0");  // ASCII fold only: lower-case Cyrillic is another name
  EXPECT_FALSE(cyr);
  cyr = (*archive)->get("ТЕКС.0");
  ASSERT_TRUE(cyr);
  EXPECT_EQ(text_of(cyr->bytes()), "cyrillic");
  EXPECT_EQ(cyr->entry_name(), "ТЕКС.0");
  cyr = (*archive)->get("\xD2\xC5\xCA\xD1.0");
  ASSERT_TRUE(cyr);
}

TEST(Archive, MissingEntriesSayWhatWasLookedFor) {
  TempDir dir;
  write_bytes(dir / "Textures.lib", sample_archive());
  const std::string path = (dir / "Textures.lib").string();
  auto archive = open_archive(path);
  ASSERT_TRUE(archive);
  auto missing = (*archive)->get("GRASS.0");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().to_string(), path + ": no entry named \"GRASS.0\"");
  EXPECT_EQ(missing.error().rule, "resource.entry.name");
  auto out_of_range = (*archive)->get("#3");
  ASSERT_FALSE(out_of_range);
  EXPECT_EQ(out_of_range.error().to_string(), path + ": no entry #3 (the archive has 3 entries)");
  EXPECT_EQ(out_of_range.error().rule, "resource.entry.index");
  EXPECT_FALSE((*archive)->payload(99));
}

TEST(Archive, NotAnArchiveIsAnErrorNamingTheFile) {
  TempDir dir;
  write_bytes(dir / "x.lib", text_bytes("NRes but too short"));
  auto archive = open_archive(dir / "x.lib");
  ASSERT_FALSE(archive);
  EXPECT_EQ(archive.error().file, (dir / "x.lib").string());
  EXPECT_EQ(archive.error().code, ErrorCode::invalid_input);
  auto missing = open_archive(dir / "none.lib");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ErrorCode::io);
}

TEST(OpenPayload, ErrorsNameTheFileAndTheRule) {
  TempDir dir;
  const std::string missing = (dir / "missing.lib").string();
  auto r = open_payload(missing + "::x");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::io);
  EXPECT_EQ(r.error().to_string(), missing + ": cannot open: " + test::file_not_found_text());
  const std::string junk = (dir / "junk.lib").string();
  write_bytes(junk, ByteBuffer(20, 'j'));
  auto bad = open_payload(junk + "::x");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().to_string(), junk + ": bad magic: not an NRes archive at offset 0x0");
  auto bare = open_payload(junk);  // a bare file is only mapped, never parsed here
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->bytes().size(), 20u);
  EXPECT_EQ(bare->display_name(), junk);
  EXPECT_EQ(bare->locate(invalid("bad")).to_string(), junk + ": bad");
}

TEST(Payload, OutlivesItsArchive) {
  TempDir dir;
  write_bytes(dir / "Textures.lib", sample_archive());
  Payload kept;
  {
    auto archive = open_archive(dir / "Textures.lib");
    ASSERT_TRUE(archive);
    kept = (*archive)->get("STONE").value();
  }  // the last handle to the archive is gone; the payload keeps it mapped
  EXPECT_EQ(text_of(kept.bytes()), "material bytes");
}

TEST(Payload, ParsingPutsFileAndEntryOnErrors) {
  TempDir dir;
  write_bytes(dir / "Textures.lib", sample_archive());
  const std::string path = (dir / "Textures.lib").string();
  Payload rock = open_payload(path + "::ROCK.0").value();
  auto failing = [](ByteView bytes, int at) -> Result<int> {
    return invalid_rule("test.rule", "broken after " + std::to_string(bytes.size()) + " bytes", at);
  };
  auto result = rock.parse(failing, 4);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().to_string(), path + "::ROCK.0: broken after 14 bytes at offset 0x4");
  EXPECT_EQ(result.error().rule, "test.rule");
  auto passing = [](ByteView bytes) -> Result<std::size_t> { return bytes.size(); };
  EXPECT_EQ(rock.parse(passing).value(), 14u);

  std::vector<Diagnostic> found{{"x.y", Severity::warning, {{}, {}, 8}, "odd"}};
  rock.locate(found);
  EXPECT_EQ(found[0].location.file, path);
  EXPECT_EQ(found[0].location.entry, "ROCK.0");
  EXPECT_EQ(found[0].to_string(), path + "::ROCK.0: odd at offset 0x8 [x.y]");
}

TEST(Payload, WrongTypeIsNamedBeforeParsing) {
  TempDir dir;
  write_bytes(dir / "Textures.lib", sample_archive());
  const std::string path = (dir / "Textures.lib").string();
  Payload rock = open_payload(path + "::ROCK.0").value();
  Status wrong = expect_kind(rock, *find_kind("mat0"));
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().to_string(), path + "::ROCK.0: this entry is a Texm, not a MAT0");
  EXPECT_EQ(wrong.error().rule, "resource.type");
  EXPECT_TRUE(expect_kind(rock, *find_kind("texm")));

  // A bare file: only a known magic of another kind is refused.
  write_bytes(dir / "rock.texm", text_bytes("Texm...."));
  Payload bare = open_payload((dir / "rock.texm").string()).value();
  EXPECT_FALSE(bare.is_entry());
  EXPECT_EQ(expect_kind(bare, *find_kind("mat0")).error().to_string(),
            (dir / "rock.texm").string() + ": this file is a Texm, not a MAT0");
  Payload lib = open_payload(path).value();
  EXPECT_EQ(expect_kind(lib, *find_kind("texm")).error().to_string(), path + ": this file is an NRes archive, not a Texm");
  write_bytes(dir / "stone.mat", text_bytes("no magic"));
  EXPECT_TRUE(expect_kind(open_payload((dir / "stone.mat").string()).value(), *find_kind("mat0")));
}

TEST(Game, FindsFilesCaseInsensitivelyAndOpensEachOnce) {
  TempDir dir;
  write_bytes(dir / "lightmap.lib", sample_archive());
  write_bytes(dir / "Textures.lib", sample_archive());
  write_bytes(dir / "notes.txt", text_bytes("hello"));
  std::filesystem::create_directory(dir / "sub.lib");
  auto game = Game::open(dir.path());
  ASSERT_TRUE(game);
  EXPECT_EQ(game->files(), (std::vector<std::string>{"Textures.lib", "lightmap.lib", "notes.txt"}));
  EXPECT_EQ(game->find_file("LightMap.lib"), "lightmap.lib");
  EXPECT_EQ(game->find_file("TEXTURES.LIB"), "Textures.lib");
  EXPECT_FALSE(game->find_file("sub.lib"));  // folders are not files

  auto a = game->archive("LightMap.lib");
  auto b = game->archive("LIGHTMAP.LIB");
  ASSERT_TRUE(a);
  ASSERT_TRUE(b);
  EXPECT_EQ(a->get(), b->get());

  auto grass = game->get("textures.lib::rock.0");
  ASSERT_TRUE(grass);
  EXPECT_EQ(text_of(grass->bytes()), "Texm....pixels");
  auto by_index = game->get("Textures.lib::#2");
  ASSERT_TRUE(by_index);
  EXPECT_EQ(by_index->entry_name(), "ТЕКС.0");
  auto bare = game->get("NOTES.TXT");
  ASSERT_TRUE(bare);
  EXPECT_EQ(text_of(bare->bytes()), "hello");

  auto missing = game->get("Sprites.lib::A");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ErrorCode::io);
  EXPECT_EQ(missing.error().to_string(), dir.path().string() + ": no file named \"Sprites.lib\" in the game folder");
}

TEST(Game, IgnoresWhatIsNotARegularFile) {
  TempDir dir;
  if (!test::make_named_pipe((dir / "pipe.lib"))) GTEST_SKIP() << test::kNoNamedPipes;
  write_bytes(dir / "a.lib", sample_archive());
  auto game = Game::open(dir.path());
  ASSERT_TRUE(game);
  EXPECT_EQ(game->files(), std::vector<std::string>{"a.lib"});
  EXPECT_FALSE(game->archive("pipe.lib"));
}

TEST(Game, PathsIntoSubfoldersMatchEachComponentAndStayInside) {
  TempDir dir;
  std::filesystem::create_directories(dir / "wear" / "Deep");
  write_bytes(dir / "wear" / "land.wea", text_bytes("1\n0 A\n"));
  write_bytes(dir / "wear" / "Deep" / "x.lib", sample_archive());
  write_bytes(dir / "top.txt", text_bytes("top"));
  auto game = Game::open(dir.path());
  ASSERT_TRUE(game);
  EXPECT_EQ(game->find_file("WEAR/Land.wea"), "wear/land.wea");
  EXPECT_EQ(game->find_file("wear\\deep\\X.LIB"), "wear/Deep/x.lib");
  EXPECT_FALSE(game->find_file("wear"));               // a folder is not a file
  EXPECT_FALSE(game->find_file("wear/../top.txt"));    // never up and out
  EXPECT_FALSE(game->find_file("./top.txt"));
  EXPECT_FALSE(game->find_file("/top.txt"));           // nor absolute
  EXPECT_FALSE(game->find_file("wear//land.wea"));
  auto text = game->get("Wear/LAND.WEA");
  ASSERT_TRUE(text);
  EXPECT_EQ(text_of(text->bytes()), "1\n0 A\n");
  auto entry = game->get("wear/deep/x.lib::ROCK.0");
  ASSERT_TRUE(entry);
  EXPECT_EQ(text_of(entry->bytes()), "Texm....pixels");
}

TEST(Game, MissingFolderIsAnIoError) {
  auto game = Game::open("/nonexistent/parkan/game");
  ASSERT_FALSE(game);
  EXPECT_EQ(game.error().code, ErrorCode::io);
}

}  // namespace
}  // namespace parkan::resource
