#pragma once
// A small game folder for the material manager tests (docs/runtime.md), written into a test::TempDir:
// Material.lib (MAT0), Textures.lib and LightMap.lib (Texm), palettes.lib (PAL) and a world .lib
// with WEAR texts. File names are written in other cases than the manager's defaults on purpose
// (docs/runtime.md: library names are resolved ASCII case-insensitively).
//
// Header only: the test folders compile only their *_test.cpp files.
#include <fmt/format.h>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/model.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"
#include "support.hpp"

namespace parkan::runtime::test {

inline constexpr std::uint32_t kTexmTypeId = 0x6D786554;  // "Texm"
inline constexpr std::uint32_t kPalTypeId = 0x6D6C6150;   // any: the palette bank looks PALs up by name

// ---- the library files as written (cases differ from the defaults on purpose) ----
inline constexpr const char* kMaterialFile = "MATERIAL.LIB";
inline constexpr const char* kTexturesFile = "textures.lib";
inline constexpr const char* kLightmapsFile = "lightmap.lib";
inline constexpr const char* kPalettesFile = "Palettes.LIB";
inline constexpr const char* kWorldFile = "world.lib";

// ---- Texm payloads ----
struct TexmSpec {
  std::string name;
  std::uint32_t width = 8;
  std::uint32_t height = 8;
  std::uint32_t mips = 1;
  std::uint32_t format = 8888;
  std::uint32_t flags5 = 0;
  std::optional<std::vector<texm::PageRect>> page;
};

inline std::uint32_t texm_bytes_per_pixel(std::uint32_t format) {
  if (format == 0) return 1;
  if (format == 565 || format == 556 || format == 4444 || format == 88) return 2;
  return 4;
}

// Every byte of pixel p of the mip chain (counted over all levels) is p & 0xFF, so the first pixel
// of level 1 of an 8x8 texture has bytes 64, of level 2 bytes 80. Format 0 gets the palette
// entry i = (i, 255 - i, i / 2, 255).
inline ByteBuffer make_texm(const TexmSpec& spec) {
  std::size_t pixels = 0;
  for (std::uint32_t i = 0; i < spec.mips; ++i)
    pixels += std::size_t(texm::level_side(spec.width, i)) * texm::level_side(spec.height, i);
  const std::uint32_t bpp = texm_bytes_per_pixel(spec.format);
  ByteBuffer chain(pixels * bpp);
  for (std::size_t i = 0; i < chain.size(); ++i) chain[i] = static_cast<std::uint8_t>(i / bpp);
  ByteBuffer palette;
  if (spec.format == 0) {
    for (int i = 0; i < 256; ++i) {
      palette.push_back(static_cast<std::uint8_t>(i));
      palette.push_back(static_cast<std::uint8_t>(255 - i));
      palette.push_back(static_cast<std::uint8_t>(i / 2));
      palette.push_back(255);
    }
  }
  texm::Texture t;
  t.header.width = spec.width;
  t.header.height = spec.height;
  t.header.mip_count = spec.mips;
  t.header.flags5 = spec.flags5;
  t.header.format = spec.format;
  t.format = static_cast<texm::Format>(spec.format);
  t.palette = palette;
  t.pixels = chain;
  t.page = spec.page;
  auto bytes = texm::write(t);
  if (!bytes) throw std::runtime_error("make_texm " + spec.name + ": " + bytes.error().to_string());
  return std::move(*bytes);
}

// A PAL resource (66564 bytes): colour i stored as (fill, i, 255 - i, 0), then "Ipol", then a table of `fill`.
inline ByteBuffer make_pal(std::uint8_t fill) {
  ByteBuffer colours(1024), table(65536, fill);
  for (std::size_t i = 0; i < 256; ++i) {
    colours[i * 4] = fill;
    colours[i * 4 + 1] = static_cast<std::uint8_t>(i);
    colours[i * 4 + 2] = static_cast<std::uint8_t>(255 - i);
  }
  texm::PalResource pal{colours, table};
  return texm::write_pal(pal);
}

// ---- MAT0 ----
inline material::Phase make_phase(const std::array<std::uint8_t, 18>& params, const std::string& texture) {
  material::Phase p;
  p.params = params;
  std::memcpy(p.texture_field.data(), texture.data(), std::min(texture.size(), material::kTextureFieldSize));
  return p;
}

inline material::AnimBlock make_block(std::uint32_t mode, std::uint32_t mask,
                                      std::vector<std::pair<std::uint16_t, std::uint16_t>> keys) {
  material::AnimBlock b;
  b.header_raw = mode | (mask << 3);
  for (auto [phase, end] : keys) b.keys.push_back({phase, end, static_cast<std::uint16_t>(end + 7)});
  return b;
}

// ---- NRes ----
struct RawEntry {
  std::uint32_t type_id = 0;
  std::uint32_t attr1 = 0;
  std::uint32_t attr2 = 0;
  std::string name;
  ByteBuffer payload;
};

inline void write_library(const std::filesystem::path& path, const std::vector<RawEntry>& entries) {
  std::vector<nres::EntrySpec> specs;
  for (const RawEntry& e : entries) specs.push_back({e.type_id, e.attr1, e.attr2, 0, e.name, e.payload});
  auto bytes = nres::build(specs);
  if (!bytes) throw std::runtime_error("write_library " + path.string() + ": " + bytes.error().to_string());
  parkan::test::write_bytes(path, *bytes);
}

inline RawEntry material_entry(const std::string& name, const material::Mat0& mat) {
  auto payload = material::write_mat0(mat);
  if (!payload) throw std::runtime_error("material_entry " + name + ": " + payload.error().to_string());
  return {material::kMat0TypeId, mat.attributes.attr1, mat.attributes.attr2, name, std::move(*payload)};
}
inline RawEntry texture_entry(const TexmSpec& spec) { return {kTexmTypeId, 0, 0, spec.name, make_texm(spec)}; }
inline RawEntry wear_entry(const std::string& name, std::string_view text) {
  ByteView bytes = as_bytes(text);
  return {material::kWearTypeId, 0, 0, name, ByteBuffer(bytes.begin(), bytes.end())};
}

// ======================= the standard test game =======================
//
// Textures.lib (resource index: name, size, mips, format, flags5 -> what the loader makes of it)
//   0 GRASS.0     8x8, 4 mips, 8888                    palette -1 ('0' - 'A' < 0)
//   1 ROCK.B2     8x8, 2 mips, 565                     palette ('B'-'A')*11 + ('2'-'0'+1) = 14 (B2.PAL)
//   2 PAL.A       4x4, 1 mip, format 0                 palette 0 (A.PAL)
//   3 PAGE.0      8x8, 1 mip, 8888, Page {2,4,0,8} {0,8,4,4}
//   4 SKIP.0      8x8, 3 mips, 565, flags5 0x02000000  mip skip 2 -> 2x2
//   5 SKIP1.0     8x8, 2 mips, 8888, flags5 0x02000000 mip skip 1 -> 4x4
//   6 ODD.ZZ      2x2, 1 mip, 8888                     palette 25*11 + ('Z'-'0'+1) = 275 + 43 = 318
//   7 NOPAL.C     2x2, 1 mip, 565                      palette 2*11 = 22 (no C.PAL in the bank)
//   8 LAST.Z9     2x2, 1 mip, 8888                     palette 25*11 + 10 = 285 (Z9.PAL)
//   9 SKIPPAGE.0  8x8, 2 mips, 8888, flags5 0x02000000, Page {2,2,2,2}  mip skip 1 -> 4x4
//  10 BAD.0       a payload that is no Texm (the entry cannot be read)
// lightmap.lib
//   0 LM1.0 4x4 565, 1 LM2.0 8x4 565, 2 LMPAL.C 2x2 format 0, 3 LMPAGE.0 8x8 8888 Page {2,4,0,8}
// Palettes.LIB: A.PAL (slot 0, fill 0xA0), B2.PAL (slot 14, fill 0xB2), Z9.PAL (slot 285, fill 0xF9),
//   and an entry README that is no palette name.
// MATERIAL.LIB (entry index: name, attr1, attr2)
//   0 FIRST   0x04, 0   one phase, no texture, no blocks (meta defaults; nibble 1)
//   1 DEFAULT 0x00, 6   meta 1, 2, 3, 4; one phase GRASS.0 (kPhaseDefault), no blocks
//   2 LOOP    0x01, 6   meta 10, 20, 0x40000000, 7; phases A GRASS.0, B ROCK.B2, C GRASS.0, D none;
//                       blocks: see kLoop* below
//   3 FLAGS   0x7E, 2   meta 1, 2; one phase PAGE.0
//   4 BROKEN  0x00, 6   payload {1, 0, 0, 0}: unreadable
//   5 ATTR3   0x41, 3   meta 5, 6, 0x12345678; one phase SKIP.0
//   6 BADTEX  0x00, 6   phases "NODOT" (Bad texture name.) and "MISSING.0" (not in the library)
// world.lib: WEAR texts (kShipWear ...), and the loose file loose.wea in the game folder.

inline constexpr std::int32_t kResGrass = 0, kResRock = 1, kResPal = 2, kResPage = 3, kResSkip = 4,
                              kResSkip1 = 5, kResOdd = 6, kResNoPal = 7, kResLast = 8, kResSkipPage = 9,
                              kResBad = 10;
inline constexpr std::int32_t kEntryFirst = 0, kEntryDefault = 1, kEntryLoop = 2, kEntryFlags = 3, kEntryBroken = 4,
                              kEntryAttr3 = 5, kEntryBadTex = 6;

// Phase parameters p0..p17 (runtime floats: f0..f3 = p4..p7 / 255, f4..f6 = p0..p2 / 255,
// f7 = p3 * 0.01, f8..f15 = p8..p15 / 255, u16 = p16, i18 = int8(p17)).
inline constexpr std::array<std::uint8_t, 18> kPhaseA = {255, 0, 51, 50, 0, 255, 102, 153, 255,
                                                         0, 255, 51, 0, 255, 0, 102, 200, 0xFE};
inline constexpr std::array<std::uint8_t, 18> kPhaseB = {0, 255, 51, 100, 255, 0, 102, 0, 0,
                                                         255, 255, 204, 255, 0, 0, 0, 7, 3};
inline constexpr std::array<std::uint8_t, 18> kPhaseC = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 0x80};
inline constexpr std::array<std::uint8_t, 18> kPhaseD = {0, 0, 0, 0, 0, 0, 0, 51, 0, 0, 0, 0, 0, 0, 0, 0, 1, 5};
inline constexpr std::array<std::uint8_t, 18> kPhaseDefault = {51, 102, 153, 0, 204, 255, 0, 51, 102,
                                                               153, 204, 255, 0, 51, 102, 153, 9, 1};
inline constexpr std::array<std::uint8_t, 18> kPhaseZero = {};

// LOOP's blocks.
inline constexpr std::uint32_t kLoopBlockLoop = 0;      // mode 0, mask 0x1F, keys (0,100) (1,300) (2,400)
inline constexpr std::uint32_t kLoopBlockPingPong = 1;  // mode 1, mask 0, keys (0,100) (1,200)
inline constexpr std::uint32_t kLoopBlockOneShot = 2;   // mode 2, mask 0x02, keys (3,100) (0,200)
inline constexpr std::uint32_t kLoopBlockRandom = 3;    // mode 3, mask 0, keys (0,100) (1,300) (2,400)
inline constexpr std::uint32_t kLoopBlockNoKeys = 4;    // no keys: cannot be sampled
inline constexpr std::uint32_t kLoopBlockBadPhase = 5;  // key phase 9 of 4 phases: cannot be sampled
inline constexpr std::uint32_t kLoopBlockMode5 = 6;     // mode 5 (sampled as loop), mask 0x1F, keys (0,100) (1,200)
inline constexpr std::uint32_t kLoopBlockCount = 7;

inline material::Mat0 loop_material() {
  material::Mat0 m;
  m.attributes = {0x01, 6};
  m.meta_a = 10;
  m.meta_b = 20;
  m.meta_c = 0x40000000;
  m.meta_d = 7;
  m.phases = {make_phase(kPhaseA, "GRASS.0"), make_phase(kPhaseB, "ROCK.B2"), make_phase(kPhaseC, "GRASS.0"),
              make_phase(kPhaseD, "")};
  m.blocks = {make_block(0, 0x1F, {{0, 100}, {1, 300}, {2, 400}}),
              make_block(1, 0, {{0, 100}, {1, 200}}),
              make_block(2, 0x02, {{3, 100}, {0, 200}}),
              make_block(3, 0, {{0, 100}, {1, 300}, {2, 400}}),
              make_block(0, 0, {}),
              make_block(0, 0, {{9, 100}}),
              make_block(5, 0x1F, {{0, 100}, {1, 200}})};
  return m;
}

inline material::Mat0 simple_material(std::uint32_t attr1, std::uint32_t attr2, std::vector<material::Phase> phases) {
  material::Mat0 m;
  m.attributes = {attr1, attr2};
  m.phases = std::move(phases);
  return m;
}

// WEAR texts of world.lib.
inline constexpr std::string_view kShipWear = "3\n0 LOOP\n1 DEFAULT\n2 NOPE\n\nLIGHTMAPS\n2\n0 LM1.0\n1 MISSING.0\n";
inline constexpr std::string_view kPlainWear = "1\n5 FLAGS\n";
// No blank line before LIGHTMAPS: the file parser reads it, the buffer parser's two line skips land on
// "0 LM2.0" and read the count 0 ("Illegal lightmaps length.", docs/formats/wear.md 3).
inline constexpr std::string_view kNoBlankWear = "1\n0 FIRST\nLIGHTMAPS\n1\n0 LM2.0\n";
inline constexpr std::string_view kZeroWear = "0\n";
inline constexpr std::string_view kZeroLightmapsWear = "1\n0 LOOP\n\nLIGHTMAPS\n0\n";
inline constexpr std::string_view kBrokenWear = "2\n0 BROKEN\n1 FIRST\n";
// The file parser (fscanf) reads "junk" as the next row's id and fails; the buffer parser skips the
// rest of each row's line and reads two rows.
inline constexpr std::string_view kExtraWear = "2\n0 FIRST junk\n1 FLAGS\n";
inline constexpr std::string_view kLooseWear = "1\n0 ATTR3\n";

inline std::vector<RawEntry> standard_textures() {
  std::vector<TexmSpec> specs = {
      {"GRASS.0", 8, 8, 4, 8888, 0, std::nullopt},
      {"ROCK.B2", 8, 8, 2, 565, 0, std::nullopt},
      {"PAL.A", 4, 4, 1, 0, 0, std::nullopt},
      {"PAGE.0", 8, 8, 1, 8888, 0, std::vector<texm::PageRect>{{2, 4, 0, 8}, {0, 8, 4, 4}}},
      {"SKIP.0", 8, 8, 3, 565, 0x02000000, std::nullopt},
      {"SKIP1.0", 8, 8, 2, 8888, 0x02000000, std::nullopt},
      {"ODD.ZZ", 2, 2, 1, 8888, 0, std::nullopt},
      {"NOPAL.C", 2, 2, 1, 565, 0, std::nullopt},
      {"LAST.Z9", 2, 2, 1, 8888, 0, std::nullopt},
      {"SKIPPAGE.0", 8, 8, 2, 8888, 0x02000000, std::vector<texm::PageRect>{{2, 2, 2, 2}}},
  };
  std::vector<RawEntry> out;
  for (const TexmSpec& s : specs) out.push_back(texture_entry(s));
  out.push_back({kTexmTypeId, 0, 0, "BAD.0", ByteBuffer{'n', 'o', 't', ' ', 'T', 'e', 'x', 'm'}});
  return out;
}

inline void write_standard_game(const std::filesystem::path& dir) {
  material::Mat0 first = simple_material(0x04, 0, {make_phase(kPhaseZero, "")});
  material::Mat0 fallback = simple_material(0x00, 6, {make_phase(kPhaseDefault, "GRASS.0")});
  fallback.meta_a = 1;
  fallback.meta_b = 2;
  fallback.meta_c = 3;
  fallback.meta_d = 4;
  material::Mat0 flags = simple_material(0x7E, 2, {make_phase(kPhaseZero, "PAGE.0")});
  flags.meta_a = 1;
  flags.meta_b = 2;
  material::Mat0 attr3 = simple_material(0x41, 3, {make_phase(kPhaseZero, "SKIP.0")});
  attr3.meta_a = 5;
  attr3.meta_b = 6;
  attr3.meta_c = 0x12345678;
  material::Mat0 bad_textures =
      simple_material(0x00, 6, {make_phase(kPhaseZero, "NODOT"), make_phase(kPhaseZero, "MISSING.0")});
  write_library(dir / kMaterialFile,
                {material_entry("FIRST", first), material_entry("DEFAULT", fallback),
                 material_entry("LOOP", loop_material()), material_entry("FLAGS", flags),
                 {material::kMat0TypeId, 0, 6, "BROKEN", ByteBuffer{1, 0, 0, 0}}, material_entry("ATTR3", attr3),
                 material_entry("BADTEX", bad_textures)});
  write_library(dir / kTexturesFile, standard_textures());
  write_library(dir / kLightmapsFile, {texture_entry({"LM1.0", 4, 4, 1, 565, 0, std::nullopt}),
                                       texture_entry({"LM2.0", 8, 4, 1, 565, 0, std::nullopt}),
                                       texture_entry({"LMPAL.C", 2, 2, 1, 0, 0, std::nullopt}),
                                       texture_entry({"LMPAGE.0", 8, 8, 1, 8888, 0,
                                                      std::vector<texm::PageRect>{{2, 4, 0, 8}}})});
  write_library(dir / kPalettesFile, {{kPalTypeId, 0, 0, "A.PAL", make_pal(0xA0)},
                                      {kPalTypeId, 0, 0, "B2.PAL", make_pal(0xB2)},
                                      {kPalTypeId, 0, 0, "README", ByteBuffer{1, 2, 3}},
                                      {kPalTypeId, 0, 0, "Z9.PAL", make_pal(0xF9)}});
  write_library(dir / kWorldFile,
                {wear_entry("ship.wea", kShipWear), wear_entry("plain.wea", kPlainWear),
                 wear_entry("noblank.wea", kNoBlankWear), wear_entry("zero.wea", kZeroWear),
                 wear_entry("zerolm.wea", kZeroLightmapsWear), wear_entry("broken.wea", kBrokenWear),
                 wear_entry("extra.wea", kExtraWear)});
  parkan::test::write_bytes(dir / "loose.wea", as_bytes(kLooseWear));
}

// A game for the capacities: `materials` MAT0 entries M0, M1, ... (one phase, no texture, no blocks),
// `textures` 1x1 textures T0.0, T1.0, ... and `lightmaps` 1x1 lightmaps L0.0, L1.0, ...
inline void write_counted_game(const std::filesystem::path& dir, std::size_t materials, std::size_t textures,
                               std::size_t lightmaps) {
  std::vector<RawEntry> mats, texs, lms;
  material::Mat0 plain = simple_material(0, 6, {make_phase(kPhaseZero, "")});
  RawEntry plain_entry = material_entry("M", plain);
  for (std::size_t i = 0; i < materials; ++i) {
    plain_entry.name = fmt::format("M{}", i);
    mats.push_back(plain_entry);
  }
  ByteBuffer tiny = make_texm({"", 1, 1, 1, 8888, 0, std::nullopt});
  for (std::size_t i = 0; i < textures; ++i) texs.push_back({kTexmTypeId, 0, 0, fmt::format("T{}.0", i), tiny});
  for (std::size_t i = 0; i < lightmaps; ++i) lms.push_back({kTexmTypeId, 0, 0, fmt::format("L{}.0", i), tiny});
  write_library(dir / "Material.lib", mats);
  write_library(dir / "Textures.lib", texs);
  write_library(dir / "LightMap.lib", lms);
}

}  // namespace parkan::runtime::test
