// The one resolver of command-line sources (include/parkan/resource/resolve.hpp): files, entries,
// archives, patterns over files and entries, folders, and the exact errors.
#include "parkan/resource/resolve.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>

#include "support.hpp"

namespace parkan::resource {
namespace {

using parkan::test::TempDir;
using parkan::test::write_bytes;

ByteBuffer text_bytes(std::string_view text) { return ByteBuffer(text.begin(), text.end()); }

void put_u32(ByteBuffer& out, std::size_t at, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out[at + i] = std::uint8_t(value >> (8 * i));
}

struct HandEntry {
  std::uint32_t type_id;
  std::string name;
  ByteBuffer payload;
};

char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// An NRes archive laid out by hand (docs/formats/nres.md 1-4): the 16-byte header, each payload from
// offset 16 padded with zeros to 8, then one 64-byte row per entry whose sort_index fields hold the
// directory indices in name order (the engine's fold, 4.2).
ByteBuffer hand_nres(const std::vector<HandEntry>& entries) {
  ByteBuffer out(16, 0);
  std::vector<std::uint32_t> offsets;
  for (const HandEntry& e : entries) {
    offsets.push_back(std::uint32_t(out.size()));
    out.insert(out.end(), e.payload.begin(), e.payload.end());
    out.resize((out.size() + 7) / 8 * 8, 0);
  }
  std::vector<std::uint32_t> by_name(entries.size());
  std::iota(by_name.begin(), by_name.end(), 0u);
  std::stable_sort(by_name.begin(), by_name.end(), [&](std::uint32_t a, std::uint32_t b) {
    return std::lexicographical_compare(entries[a].name.begin(), entries[a].name.end(), entries[b].name.begin(),
                                        entries[b].name.end(), [](char x, char y) {
                                          return std::uint8_t(lower(x)) < std::uint8_t(lower(y));
                                        });
  });
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::size_t row = out.size();
    out.resize(row + 64, 0);
    put_u32(out, row + 0x00, entries[i].type_id);
    put_u32(out, row + 0x0C, std::uint32_t(entries[i].payload.size()));
    std::copy(entries[i].name.begin(), entries[i].name.end(), out.begin() + std::ptrdiff_t(row + 0x14));
    put_u32(out, row + 0x38, offsets[i]);
    put_u32(out, row + 0x3C, by_name[i]);
  }
  const ByteBuffer magic = text_bytes("NRes");
  std::copy(magic.begin(), magic.end(), out.begin());
  put_u32(out, 4, 0x100);
  put_u32(out, 8, std::uint32_t(entries.size()));
  put_u32(out, 12, std::uint32_t(out.size()));
  return out;
}

// Textures.lib-like: two Texm entries ("Texm" = 0x6D786554), a MAT0 ("MAT0" = 0x3054414D) between them.
ByteBuffer textures_lib() {
  return hand_nres({{0x6D786554, "ROCK.0", text_bytes("Texm rock")},
                    {0x3054414D, "STONE", text_bytes("material")},
                    {0x6D786554, "GRASS.0", text_bytes("Texm grass")}});
}

const Kind* kind(std::string_view key) { return find_kind(key); }

std::string utf8(const std::filesystem::path& path) { return path_to_utf8(path); }

std::vector<std::string> names_of(const ResolvedSource& source) {
  std::vector<std::string> names;
  for (const Payload& p : source.payloads) names.push_back(p.display_name());
  return names;
}

TEST(Glob, MatchesStarsAndQuestionMarks) {
  EXPECT_TRUE(glob_match("*.0", "ROCK.0", false));
  EXPECT_TRUE(glob_match("R?CK.0", "ROCK.0", false));
  EXPECT_TRUE(glob_match("*", "", false));
  EXPECT_TRUE(glob_match("a*b*c", "aXXbYYc", false));
  EXPECT_TRUE(glob_match("a**c", "ac", false));
  EXPECT_FALSE(glob_match("a*c", "ab", false));
  EXPECT_FALSE(glob_match("?", "", false));
  EXPECT_FALSE(glob_match("ROCK", "ROCK.0", false));
  EXPECT_TRUE(glob_match("*a*a", "aaaaa", false));
}

TEST(Glob, FoldsAsciiLettersOnlyWhenAsked) {
  EXPECT_TRUE(glob_match("rock.*", "ROCK.0", true));
  EXPECT_FALSE(glob_match("rock.*", "ROCK.0", false));
  // cp1251 "т" (0xF2) and "Т" (0xD2): the engine folds ASCII only.
  EXPECT_FALSE(glob_match("\xF2*", "\xD2\xC5\xCA\xD1.0", true));
  EXPECT_TRUE(glob_match("\xD2*", "\xD2\xC5\xCA\xD1.0", true));
  EXPECT_TRUE(has_wildcard("*.0"));
  EXPECT_TRUE(has_wildcard("a?"));
  EXPECT_FALSE(has_wildcard("ROCK.0"));
}

TEST(Resolve, BareFileIsOnePayloadNamedAsGiven) {
  TempDir dir;
  write_bytes(dir / "rock.0", text_bytes("Texm bare"));
  auto sources = resolve_source(utf8(dir / "rock.0"), kind("texm"));
  ASSERT_TRUE(sources) << sources.error().to_string();
  ASSERT_EQ(sources->size(), 1u);
  EXPECT_EQ((*sources)[0].text, utf8(dir / "rock.0"));
  EXPECT_FALSE((*sources)[0].whole_archive);
  ASSERT_EQ((*sources)[0].payloads.size(), 1u);
  EXPECT_FALSE((*sources)[0].payloads[0].is_entry());
}

TEST(Resolve, WholeArchiveGivesTheEntriesOfTheWantedKind) {
  TempDir dir;
  write_bytes(dir / "Textures.lib", textures_lib());
  const std::string lib = utf8(dir / "Textures.lib");
  auto textures = resolve_source(lib, kind("texm"));
  ASSERT_TRUE(textures) << textures.error().to_string();
  ASSERT_EQ(textures->size(), 1u);
  EXPECT_TRUE((*textures)[0].whole_archive);
  EXPECT_EQ((*textures)[0].text, lib);
  EXPECT_EQ(names_of((*textures)[0]), (std::vector<std::string>{lib + "::ROCK.0", lib + "::GRASS.0"}));
  auto materials = resolve_source(lib, kind("mat0"));
  ASSERT_TRUE(materials);
  EXPECT_EQ(names_of((*materials)[0]), std::vector<std::string>{lib + "::STONE"});
  auto everything = resolve_source(lib, nullptr);
  ASSERT_TRUE(everything);
  EXPECT_EQ((*everything)[0].payloads.size(), 3u);
  // An archive with no entry of the kind: a selection of none, not the archive itself.
  auto wears = resolve_source(lib, kind("wear"));
  ASSERT_TRUE(wears);
  EXPECT_TRUE((*wears)[0].whole_archive);
  EXPECT_TRUE((*wears)[0].payloads.empty());
}

TEST(Resolve, AnNresOfStreamsIsOneModelWhereAModelIsWanted) {
  TempDir dir;
  // A model is an NRes whose entries are streams with small type ids (docs/formats/msh.md 1).
  write_bytes(dir / "tank.bin", hand_nres({{1, "tank.1", text_bytes("nodes")}, {3, "tank.3", text_bytes("verts")}}));
  auto model = resolve_source(utf8(dir / "tank.bin"), kind("msh"));
  ASSERT_TRUE(model) << model.error().to_string();
  EXPECT_FALSE((*model)[0].whole_archive);
  ASSERT_EQ((*model)[0].payloads.size(), 1u);
  EXPECT_FALSE((*model)[0].payloads[0].is_entry());
  // A library of models: its MESH entries (type "MESH" = 0x4853454D).
  write_bytes(dir / "models.lib", hand_nres({{0x4853454D, "tank.msh", hand_nres({{1, "t.1", text_bytes("x")}})},
                                             {0x6D786554, "ROCK.0", text_bytes("Texm")}}));
  auto library = resolve_source(utf8(dir / "models.lib"), kind("msh"));
  ASSERT_TRUE(library);
  EXPECT_TRUE((*library)[0].whole_archive);
  EXPECT_EQ(names_of((*library)[0]), std::vector<std::string>{utf8(dir / "models.lib") + "::tank.msh"});
}

TEST(Resolve, EntriesByNameIndexAndPattern) {
  TempDir dir;
  write_bytes(dir / "Textures.lib", textures_lib());
  const std::string lib = utf8(dir / "Textures.lib");
  auto by_name = resolve_source(lib + "::grass.0", kind("texm"));
  ASSERT_TRUE(by_name) << by_name.error().to_string();
  EXPECT_EQ((*by_name)[0].text, lib + "::grass.0");
  EXPECT_FALSE((*by_name)[0].whole_archive);
  EXPECT_EQ(names_of((*by_name)[0]), std::vector<std::string>{lib + "::GRASS.0"});
  // A named entry of another kind is still given: the caller says it is the wrong kind.
  auto by_index = resolve_source(lib + "::#1", kind("texm"));
  ASSERT_TRUE(by_index);
  EXPECT_EQ(names_of((*by_index)[0]), std::vector<std::string>{lib + "::STONE"});
  auto pattern = resolve_source(lib + "::*.0", kind("texm"));
  ASSERT_TRUE(pattern);
  EXPECT_TRUE((*pattern)[0].whole_archive);
  EXPECT_EQ((*pattern)[0].text, lib + "::*.0");
  EXPECT_EQ(names_of((*pattern)[0]), (std::vector<std::string>{lib + "::ROCK.0", lib + "::GRASS.0"}));
  auto folded = resolve_source(lib + "::r?ck*", kind("texm"));
  ASSERT_TRUE(folded);
  EXPECT_EQ(names_of((*folded)[0]), std::vector<std::string>{lib + "::ROCK.0"});
  // Matching names of another kind only: a selection of none.
  auto none_of_kind = resolve_source(lib + "::ST*", kind("texm"));
  ASSERT_TRUE(none_of_kind);
  EXPECT_TRUE((*none_of_kind)[0].payloads.empty());
}

TEST(Resolve, EntryErrorsAreExact) {
  TempDir dir;
  write_bytes(dir / "Textures.lib", textures_lib());
  const std::string lib = utf8(dir / "Textures.lib");
  auto no_match = resolve_source(lib + "::*.x", kind("texm"));
  ASSERT_FALSE(no_match);
  EXPECT_EQ(no_match.error().code, ErrorCode::invalid_input);
  EXPECT_EQ(no_match.error().rule, "resource.entry.name");
  EXPECT_EQ(no_match.error().to_string(), lib + ": no entry matches \"*.x\"");
  auto no_name = resolve_source(lib + "::SAND.0", kind("texm"));
  ASSERT_FALSE(no_name);
  EXPECT_EQ(no_name.error().to_string(), lib + ": no entry named \"SAND.0\"");
  auto no_index = resolve_source(lib + "::#7", kind("texm"));
  ASSERT_FALSE(no_index);
  EXPECT_EQ(no_index.error().to_string(), lib + ": no entry #7 (the archive has 3 entries)");
}

TEST(Resolve, FilePatternGivesOneSourcePerFileSorted) {
  TempDir dir;
  std::filesystem::create_directories(dir / "tex");
  write_bytes(dir / "tex/b.0", text_bytes("Texm b"));
  write_bytes(dir / "tex/a.0", text_bytes("Texm a"));
  write_bytes(dir / "tex/notes.txt", text_bytes("notes"));
  std::filesystem::create_directories(dir / "tex/sub.0");
  write_bytes(dir / "tex/Textures.lib", textures_lib());
  const std::string tex = utf8(dir / "tex");
  auto sources = resolve_source(tex + "/*.0", kind("texm"));
  ASSERT_TRUE(sources) << sources.error().to_string();
  ASSERT_EQ(sources->size(), 2u);  // the folder sub.0 is not a file
  EXPECT_EQ((*sources)[0].text, tex + "/a.0");
  EXPECT_EQ((*sources)[1].text, tex + "/b.0");
  // A pattern over files with an entry part: that entry of each archive found.
  auto entries = resolve_source(tex + "/*.lib::ROCK.0", kind("texm"));
  ASSERT_TRUE(entries) << entries.error().to_string();
  ASSERT_EQ(entries->size(), 1u);
  EXPECT_EQ((*entries)[0].text, tex + "/Textures.lib::ROCK.0");
  EXPECT_EQ(names_of((*entries)[0]), std::vector<std::string>{tex + "/Textures.lib::ROCK.0"});
  auto none = resolve_source(tex + "/*.msh", kind("msh"));
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code, ErrorCode::io);
  EXPECT_EQ(none.error().to_string(), tex + "/*.msh: no file matches this pattern");
}

TEST(Resolve, FolderGivesEveryFileInsideSorted) {
  TempDir dir;
  std::filesystem::create_directories(dir / "tex/deeper");
  write_bytes(dir / "tex/deeper/c.0", text_bytes("Texm c"));
  write_bytes(dir / "tex/b.0", text_bytes("Texm b"));
  write_bytes(dir / "tex/a.0", text_bytes("Texm a"));
  write_bytes(dir / "tex/Textures.lib", textures_lib());
  const std::string tex = utf8(dir / "tex");
  for (const std::string& given : {tex, tex + "/"}) {
    auto sources = resolve_source(given, kind("texm"));
    ASSERT_TRUE(sources) << sources.error().to_string();
    ASSERT_EQ(sources->size(), 3u);  // not recursive
    EXPECT_EQ((*sources)[0].text, tex + "/Textures.lib");
    EXPECT_TRUE((*sources)[0].whole_archive);
    EXPECT_EQ((*sources)[0].payloads.size(), 2u);
    EXPECT_EQ((*sources)[1].text, tex + "/a.0");
    EXPECT_EQ((*sources)[2].text, tex + "/b.0");
  }
  std::filesystem::create_directories(dir / "empty");
  auto empty = resolve_source(utf8(dir / "empty"), kind("texm"));
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code, ErrorCode::io);
  EXPECT_EQ(empty.error().to_string(), utf8(dir / "empty") + ": the folder holds no file");
}

TEST(Resolve, MissingFileIsAnIoError) {
  TempDir dir;
  auto missing = resolve_source(utf8(dir / "none.0"), kind("texm"));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ErrorCode::io);
  EXPECT_EQ(missing.error().file, utf8(dir / "none.0"));
}

#ifndef _WIN32  // Windows file names cannot hold '*' or '?'
TEST(Resolve, AnExistingNameWithWildcardsIsTakenAsItIs) {
  TempDir dir;
  write_bytes(dir / "a*.0", text_bytes("Texm star"));
  write_bytes(dir / "ab.0", text_bytes("Texm ab"));
  auto sources = resolve_source(utf8(dir / "a*.0"), kind("texm"));
  ASSERT_TRUE(sources);
  ASSERT_EQ(sources->size(), 1u);
  EXPECT_EQ((*sources)[0].text, utf8(dir / "a*.0"));
}
#endif

TEST(Resolve, SourcesInOrderAndTheFirstErrorStops) {
  TempDir dir;
  write_bytes(dir / "a.0", text_bytes("Texm a"));
  write_bytes(dir / "Textures.lib", textures_lib());
  const std::vector<std::string> srcs{utf8(dir / "Textures.lib"), utf8(dir / "a.0")};
  auto all = resolve_sources(srcs, kind("texm"));
  ASSERT_TRUE(all) << all.error().to_string();
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ((*all)[0].text, srcs[0]);
  EXPECT_EQ((*all)[1].text, srcs[1]);
  const std::vector<std::string> with_missing{srcs[1], utf8(dir / "*.none"), srcs[0]};
  auto failed = resolve_sources(with_missing, kind("texm"));
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().to_string(), utf8(dir / "*.none") + ": no file matches this pattern");
}

}  // namespace
}  // namespace parkan::resource
