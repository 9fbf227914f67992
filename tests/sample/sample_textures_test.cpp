// The sample game's textures (sample_textures.cpp, sample_texture_catalog.cpp, texture_art_*.cpp):
// the retail statistics counted from the written bytes, every texture clean for texm's checker,
// no two alike, animation frames that differ, palettes present and used, deterministic bytes and
// pinned painter output.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "sample/sample_texture_catalog.hpp"
#include "sample/texture_art.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/texm/check.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"

namespace parkan::sample {
namespace {

std::uint64_t fnv1a(ByteView bytes) {
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (std::uint8_t b : bytes) h = (h ^ b) * 0x100000001B3ull;
  return h;
}

std::map<std::string, ByteBuffer> texture_files(std::uint32_t seed, bool retail) {
  SampleOptions options;
  options.seed = seed;
  options.retail = retail;
  std::map<std::string, ByteBuffer> files;
  for (SampleFile& f : sample_textures(options)) files[f.path] = std::move(f.bytes);
  return files;
}

// The retail files, written once for every test of the suite (a few seconds in a debug build).
class RetailTextures : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { files_ = new std::map<std::string, ByteBuffer>(texture_files(1, true)); }
  static void TearDownTestSuite() {
    delete files_;
    files_ = nullptr;
  }
  static nres::Archive archive(const std::string& name) { return nres::read(files_->at(name)).value(); }
  static std::map<std::string, ByteBuffer>* files_;
};
std::map<std::string, ByteBuffer>* RetailTextures::files_ = nullptr;

TEST_F(RetailTextures, TexturesLibHasTheCorpusMixExactly) {
  nres::Archive lib = archive("Textures.lib");
  ASSERT_EQ(lib.entries.size(), 393u);
  std::map<std::uint32_t, std::size_t> formats, flags4, flags5;
  std::size_t paged = 0, full_chains = 0, npot = 0, sizes_64_to_256 = 0, size_512 = 0, small_sides = 0;
  for (std::size_t i = 0; i < lib.entries.size(); ++i) {
    const std::string name(lib.entries[i].name());
    EXPECT_EQ(lib.entries[i].type_id, texm::kMagic) << name;
    auto t = texm::read(lib.payload(i));
    ASSERT_TRUE(t.ok()) << name << ": " << t.error().to_string();
    ++formats[t->header.format], ++flags4[t->header.flags4], ++flags5[t->header.flags5];
    paged += t->page.has_value();
    const std::uint32_t w = t->header.width, h = t->header.height, side = std::max(w, h);
    full_chains += t->header.mip_count == std::uint32_t(32 - __builtin_clz(side));
    npot += (w & (w - 1)) != 0 || (h & (h - 1)) != 0;
    sizes_64_to_256 += side >= 64 && side <= 256;
    size_512 += side == 512;
    small_sides += side <= 32;
  }
  EXPECT_EQ(formats, (std::map<std::uint32_t, std::size_t>{{0, 15}, {565, 47}, {888, 52}, {4444, 42}, {8888, 237}}));
  EXPECT_EQ(flags4, (std::map<std::uint32_t, std::size_t>{{0, 32}, {32, 361}}));
  EXPECT_EQ(flags5, (std::map<std::uint32_t, std::size_t>{{0, 312}, {0x04000000, 81}}));
  EXPECT_EQ(paged, 65u);
  // The shapes of a 1998 game: mostly 64..256 and full chains, some 512, small and NPOT ones.
  EXPECT_GT(sizes_64_to_256, 300u);
  EXPECT_GT(full_chains, 300u);
  EXPECT_GE(size_512, 3u);
  EXPECT_GE(small_sides, 20u);
  EXPECT_GE(npot, 10u);
}

TEST_F(RetailTextures, EveryTextureChecksCleanAndNoTwoAreAlike) {
  std::map<std::uint64_t, std::pair<std::string, ByteBuffer>> seen;
  for (const char* file : {"Textures.lib", "LightMap.lib"}) {
    nres::Archive lib = archive(file);
    for (std::size_t i = 0; i < lib.entries.size(); ++i) {
      const std::string name(lib.entries[i].name());
      EXPECT_LE(name.size(), 15u) << name;
      EXPECT_TRUE(std::none_of(name.begin(), name.end(), [](char c) { return c >= 'a' && c <= 'z'; })) << name;
      std::vector<Diagnostic> found = texm::check_texture(lib.payload(i), name);
      EXPECT_FALSE(has_errors(found)) << name << ": " << found.front().to_string();
      EXPECT_TRUE(found.empty()) << name << ": " << found.front().to_string();  // not even a warning
      texm::Image level0 = texm::decode(texm::read(lib.payload(i)).value(), 0).value();
      auto [at, fresh] = seen.emplace(fnv1a(level0.rgba), std::pair{name, level0.rgba});
      EXPECT_TRUE(fresh && at->second.second == level0.rgba) << name << " looks like " << at->second.first;
    }
  }
  EXPECT_EQ(seen.size(), 393u + 25u);
}

TEST_F(RetailTextures, LightMapLibHasTwentyFiveOneLevel565Lightmaps) {
  nres::Archive lib = archive("LightMap.lib");
  ASSERT_EQ(lib.entries.size(), 25u);
  std::map<std::uint32_t, std::size_t> flags5;
  for (std::size_t i = 0; i < lib.entries.size(); ++i) {
    EXPECT_EQ(lib.entries[i].name(), "LIGHT" + std::to_string(i) + ".0");
    texm::Texture t = texm::read(lib.payload(i)).value();
    EXPECT_EQ(t.header.format, 565u);
    EXPECT_EQ(t.header.mip_count, 1u);
    ++flags5[t.header.flags5];
  }
  EXPECT_EQ(flags5, (std::map<std::uint32_t, std::size_t>{{0, 21}, {0x00800000, 4}}));
}

// Every indexed texture's name picks a palette that palettes.lib has, and its Texm palette is that
// PAL's colours: the art was quantized to the palette chosen for it.
TEST_F(RetailTextures, IndexedTexturesUseThePaletteTheirNamePicks) {
  nres::Archive lib = archive("Textures.lib"), pals = archive("palettes.lib");
  std::set<std::string> pal_names;
  for (const nres::Entry& e : pals.entries) pal_names.emplace(e.name());
  EXPECT_EQ(pal_names, (std::set<std::string>{"A.PAL", "B.PAL", "B0.PAL", "C.PAL", "D.PAL", "F.PAL"}));
  std::size_t indexed = 0;
  for (std::size_t i = 0; i < lib.entries.size(); ++i) {
    texm::Texture t = texm::read(lib.payload(i)).value();
    if (t.format != texm::Format::indexed8) continue;
    ++indexed;
    const std::string name(lib.entries[i].name());
    texm::NamePalette slot = texm::palette_index_from_name(name);
    ASSERT_TRUE(slot.has_palette()) << name;
    const std::string pal_name = texm::palette_slot_name(std::size_t(slot.index));
    auto at = nres::find(pals, pal_name);
    ASSERT_TRUE(at.has_value()) << name << " needs " << pal_name;
    texm::PalResource pal = texm::read_pal(pals.payload(*at)).value();
    std::set<std::uint8_t> used(t.level_bytes(0).begin(), t.level_bytes(0).end());
    EXPECT_GE(used.size(), std::min<std::size_t>(16, t.level_bytes(0).size() / 8)) << name;  // not a flat fill
    // Both are stored B, G, R, X (docs/formats/palettes.md 6): the texture's palette is the PAL's colours.
    EXPECT_TRUE(std::ranges::equal(t.palette, pal.colours)) << name;
  }
  EXPECT_EQ(indexed, 15u);
}

TEST_F(RetailTextures, AnimatedSetsAreFramesThatDifferPairwise) {
  nres::Archive lib = archive("Textures.lib");
  SampleOptions retail;
  retail.retail = true;
  std::vector<std::vector<std::string>> sets = animated_texture_sets(retail);
  std::set<std::string> stems;
  for (const auto& set : sets) {
    ASSERT_GE(set.size(), 4u);
    ASSERT_LE(set.size(), 16u);
    stems.insert(set.front().substr(0, 4));
    std::vector<ByteBuffer> frames;
    for (const std::string& name : set) {
      auto at = nres::find(lib, name);
      ASSERT_TRUE(at.has_value()) << name;
      frames.push_back(texm::decode(texm::read(lib.payload(*at)).value(), 0).value().rgba);
    }
    for (std::size_t a = 0; a < frames.size(); ++a)
      for (std::size_t b = a + 1; b < frames.size(); ++b) EXPECT_NE(frames[a], frames[b]) << set[a] << " " << set[b];
  }
  EXPECT_EQ(stems, (std::set<std::string>{"FIRE", "EXPL", "LAMP", "RIPP"}));
  // Every static name is a texture and no frame of a sequence.
  std::vector<std::string> statics = static_texture_names(retail);
  std::size_t frames = 0;
  for (const auto& set : sets) frames += set.size();
  EXPECT_EQ(statics.size() + frames, 393u);
  for (const std::string& name : statics) EXPECT_TRUE(nres::find(lib, name).has_value()) << name;
}

// The hand-picked edge cases of the small game are as they were: tests and the demo depend on them.
TEST(SampleTextures, SmallKeepsTheHandPickedEdgeCases) {
  struct Row {
    const char* name;
    std::uint32_t format, width, height, mips, flags4, flags5;
    std::size_t page_rects;
  };
  const Row expected[] = {
      {"GRASS.0", 8888, 64, 64, 7, 32, 0, 0},          {"ROCK.0", 888, 32, 32, 6, 32, 0x04000000, 0},
      {"METAL1.0", 565, 64, 32, 7, 32, 0x10000000, 0}, {"GLASS.0", 4444, 32, 32, 6, 32, 0, 0},
      {"FIRE0.0", 0, 16, 16, 5, 0, 0, 0},              {"FIRE1.0", 0, 16, 16, 5, 0, 0, 0},
      {"FIRE2.0", 0, 16, 16, 5, 0, 0, 0},              {"FIRE3.0", 0, 16, 16, 5, 0, 0, 0},
      {"WATER.0", 556, 20, 12, 1, 32, 0, 0},           {"SKY.0", 8888, 256, 128, 9, 32, 0x20000000, 0},
      {"PANEL.A", 8888, 128, 128, 8, 32, 0x40000000, 4}, {"LAMP.B0", 88, 8, 8, 4, 0, 0x01000000, 0},
      {"DOT.0", 8888, 1, 1, 1, 0, 0, 0},               {"ODD.0", 565, 5, 3, 3, 0, 0x02000000, 1},
      {"HUGE.B", 0, 160, 160, 3, 0, 0x40000000, 0},
  };
  std::map<std::string, ByteBuffer> files = texture_files(1, false);
  nres::Archive lib = nres::read(files.at("Textures.lib")).value();
  ASSERT_GE(lib.entries.size(), std::size(expected));
  for (std::size_t i = 0; i < std::size(expected); ++i) {
    const Row& row = expected[i];
    EXPECT_EQ(lib.entries[i].name(), row.name);
    texm::Texture t = texm::read(lib.payload(i)).value();
    EXPECT_EQ(t.header.format, row.format) << row.name;
    EXPECT_EQ(t.header.width, row.width) << row.name;
    EXPECT_EQ(t.header.height, row.height) << row.name;
    EXPECT_EQ(t.header.mip_count, row.mips) << row.name;
    EXPECT_EQ(t.header.flags4, row.flags4) << row.name;
    EXPECT_EQ(t.header.flags5, row.flags5) << row.name;
    EXPECT_EQ(t.page ? t.page->size() : 0u, row.page_rects) << row.name;
  }
  EXPECT_EQ(*texm::read(lib.payload(10)).value().page,
            (std::vector<texm::PageRect>{{0, 64, 0, 64}, {64, 64, 0, 64}, {0, 128, 64, 32}, {0, 32, 96, 32}}));
  // The models' textures follow, then the small animations; the whole library stays small.
  for (const char* name : {"CAMO.0", "STEEL.0", "TREAD.0", "CONCRETE.0", "WINDOW.0", "ARMOUR.0"})
    EXPECT_TRUE(nres::find(lib, name).has_value()) << name;
  EXPECT_LT(files.at("Textures.lib").size(), 1500000u);
  nres::Archive lights = nres::read(files.at("LightMap.lib")).value();
  ASSERT_EQ(lights.entries.size(), 2u);
  EXPECT_EQ(lights.entries[0].name(), "LIGHT0.0");
  EXPECT_EQ(lights.entries[1].name(), "LIGHT1.0");
  EXPECT_EQ(texm::read(lights.payload(1)).value().header.flags5, 0x00800000u);
  std::vector<std::vector<std::string>> sets = animated_texture_sets(SampleOptions{});
  ASSERT_EQ(sets.size(), 4u);
  EXPECT_EQ(sets[0], (std::vector<std::string>{"FIRE0.0", "FIRE1.0", "FIRE2.0", "FIRE3.0"}));
}

TEST(SampleTextures, SameSeedSameBytesOtherSeedOtherBytes) {
  std::map<std::string, ByteBuffer> a = texture_files(7, false), b = texture_files(7, false), c = texture_files(8, false);
  EXPECT_EQ(a, b);
  for (const auto& [path, bytes] : a) {
    if (path == "palettes.lib") continue;  // fixed ramps, the same for every seed
    EXPECT_NE(bytes, c.at(path)) << path;
  }
  // Every texture, not only the file: each entry differs with the seed (the 1x1 one aside).
  nres::Archive la = nres::read(a.at("Textures.lib")).value(), lc = nres::read(c.at("Textures.lib")).value();
  ASSERT_EQ(la.entries.size(), lc.entries.size());
  for (std::size_t i = 0; i < la.entries.size(); ++i) {
    if (la.entries[i].name() == "DOT.0") continue;
    EXPECT_FALSE(std::ranges::equal(la.payload(i), lc.payload(i))) << la.entries[i].name();
  }
}

// Painter output pinned: integer arithmetic only, so these hashes are the same on every platform.
TEST(SampleTextures, PaintersArePinned) {
  auto hash = [](ArtKind kind, std::uint32_t w, std::uint32_t h, std::uint32_t frame = 0) {
    TextureLook look;
    look.kind = kind;
    look.seed = 12345;
    look.tint = {120, 130, 90};
    look.accent = {200, 60, 40};
    look.param = 5;
    look.rust = 2;
    look.dirt = 1;
    look.frame = frame;
    look.frames = 8;
    return fnv1a(paint_texture(look, w, h).rgba);
  };
  EXPECT_EQ(hash(ArtKind::metal_panel, 64, 48), 0x61B13BD6E165FCB8ull);
  EXPECT_EQ(hash(ArtKind::rock, 32, 32), 0x9D381479DC2DB169ull);
  EXPECT_EQ(hash(ArtKind::fire, 16, 32, 3), 0x582854194440F249ull);
  EXPECT_EQ(hash(ArtKind::glyph_sheet, 128, 32), 0xF7D30154208EFD9Bull);
  EXPECT_EQ(hash(ArtKind::decal_number, 128, 64), 0xDC2B6595D7CB0AFDull);  // smooth-edged digits
  EXPECT_EQ(hash(ArtKind::decal_atlas, 64, 64), 0xDB43EE3F1F9D4989ull);
}

TEST(SampleTextures, EveryKindPaintsAnySizeWithoutTrouble) {
  for (int kind = 0; kind <= int(ArtKind::glyph_sheet); ++kind)
    for (auto [w, h] : {std::pair{1u, 1u}, {5u, 3u}, {3u, 17u}, {20u, 12u}}) {
      TextureLook look;
      look.kind = ArtKind(kind);
      look.frames = 4;
      look.frame = 3;
      texm::Image image = paint_texture(look, w, h);
      EXPECT_EQ(image.rgba.size(), std::size_t(w) * h * 4) << kind;
    }
}

}  // namespace
}  // namespace parkan::sample
