// The kind registry (include/parkan/resource/kind.hpp): every record's id and magic against the bytes
// the docs give, what a payload is, and the one wording for a payload of the wrong kind.
#include "parkan/resource/kind.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <set>
#include <string>

#include "parkan/resource/payload.hpp"

namespace parkan::resource {
namespace {

// The four bytes as the file stores them, read as the little-endian u32 the registry keeps.
std::uint32_t stored(std::uint8_t b0, std::uint8_t b1, std::uint8_t b2, std::uint8_t b3) {
  return std::uint32_t(b0) | std::uint32_t(b1) << 8 | std::uint32_t(b2) << 16 | std::uint32_t(b3) << 24;
}

const Kind& kind(std::string_view key) {
  const Kind* found = find_kind(key);
  EXPECT_NE(found, nullptr) << key;
  return found ? *found : other_kind();
}

Payload entry(const ByteBuffer& bytes, std::uint32_t type_id, std::string name = "ROCK.0") {
  return Payload(nullptr, bytes, PayloadLocation{"A.lib", std::move(name), 0, type_id, 0, 0, 0});
}
Payload bare(const ByteBuffer& bytes, std::string file = "x.bin") {
  return Payload(nullptr, bytes, PayloadLocation{std::move(file), "", std::nullopt, 0, 0, 0, 0});
}

TEST(Kind, TypeIdsAndMagicsAreTheDocumentedBytes) {
  EXPECT_EQ(kind("texm").type_id, stored(0x54, 0x65, 0x78, 0x6D));  // "Texm"
  EXPECT_EQ(kind("texm").magic, stored(0x54, 0x65, 0x78, 0x6D));
  EXPECT_EQ(kind("mat0").type_id, stored(0x4D, 0x41, 0x54, 0x30));  // "MAT0"
  EXPECT_EQ(kind("mat0").magic, 0u);
  EXPECT_EQ(kind("wear").type_id, stored(0x57, 0x45, 0x41, 0x52));  // "WEAR"
  EXPECT_EQ(kind("wear").magic, 0u);
  EXPECT_EQ(kind("msh").type_id, stored(0x4D, 0x45, 0x53, 0x48));  // "MESH"
  EXPECT_EQ(kind("msh").magic, 0u);
  EXPECT_EQ(kind("palette").type_id, stored(0x50, 0x61, 0x6C, 0x6D));  // "Palm"
  EXPECT_EQ(kind("nres").magic, stored(0x4E, 0x52, 0x65, 0x73));     // "NRes"
  EXPECT_EQ(kind("nres").type_id, 0u);
  EXPECT_EQ(kind("rsli").magic, stored(0x4E, 0x4C, 0x00, 0x01));     // "NL", 0, version 1
  EXPECT_EQ(kind("font").magic, stored(0x54, 0x66, 0x6E, 0x74));     // "Tfnt"
  EXPECT_EQ(kind("objects").magic, 0u);
  EXPECT_EQ(kind("other").type_id, 0u);
  EXPECT_EQ(kind("other").magic, 0u);
  EXPECT_EQ(kTypeTexm, 0x6D786554u);
  EXPECT_EQ(kTypeMat0, 0x3054414Du);
  EXPECT_EQ(kTypeWear, 0x52414557u);
  EXPECT_EQ(kTypeMesh, 0x4853454Du);
  EXPECT_EQ(kTypePalette, 0x6D6C6150u);
}

// sounds.lib and voices.lib entries (docs/formats/sound.md): type "SWAV", magic "RIFF", the sound panel.
TEST(Kind, SoundRecord) {
  const Kind& sound = kind("sound");
  EXPECT_EQ(sound.type_id, 0x56415753u);  // 'S' 'W' 'A' 'V' as a little-endian u32
  EXPECT_EQ(sound.magic, 0x46464952u);    // "RIFF"
  EXPECT_EQ(sound.view, "sound");
  ASSERT_EQ(sound.extensions.size(), 1u);
  EXPECT_EQ(sound.extensions[0], ".wav");
  EXPECT_NE(sound.check, nullptr);
  EXPECT_NE(sound.info_json, nullptr);
  EXPECT_EQ(kind_of_type_id(0x56415753u), &sound);
  const std::uint8_t riff[] = {'R', 'I', 'F', 'F', 4, 0, 0, 0, 'W', 'A', 'V', 'E'};
  EXPECT_EQ(kind_of_bytes(ByteView(riff, sizeof riff)), &sound);
}

TEST(Kind, RecordsAreTheListedOnes) {
  std::string keys;
  for (const Kind& k : kinds()) keys += std::string(k.key) + " ";
  EXPECT_EQ(keys, "nres rsli texm mat0 wear msh palette font objects unit ndp cpt bas terrain effect explosion mission sky areal sound buildlist other ");
  EXPECT_EQ(kind("terrain").name, "terrain");
  EXPECT_EQ(kind("terrain").view, "terrain");  // the viewer's map from above (docs/view.md 3.2)
  EXPECT_EQ(kind("mission").view, "mission");
  EXPECT_EQ(kind("unit").view, "unit");
  EXPECT_EQ(kind("terrain").file_kind, "terrain");
  EXPECT_NE(kind("terrain").check, nullptr);
  EXPECT_NE(kind("terrain").info_json, nullptr);
  EXPECT_EQ(kind("mat0").entry_attr2, 6u);
  EXPECT_EQ(kind("wear").entry_attr3, 1u);
  EXPECT_EQ(kind("texm").view, "texture");
  EXPECT_EQ(kind("mat0").view, "material");
  EXPECT_EQ(kind("msh").view, "model");
  EXPECT_EQ(kind("wear").view, "wear");
  EXPECT_EQ(kind("nres").view, "none");
  EXPECT_TRUE(kind("nres").is_container);
  EXPECT_TRUE(kind("rsli").is_container);
  EXPECT_FALSE(kind("texm").is_container);
  EXPECT_EQ(&kinds().back(), &other_kind());
  EXPECT_EQ(find_kind("nothing"), nullptr);
}

TEST(Kind, NoTwoRecordsShareAKeyATypeIdOrAMagic) {
  std::set<std::string_view> keys;
  std::set<std::uint32_t> type_ids, magics;
  for (const Kind& k : kinds()) {
    EXPECT_TRUE(keys.insert(k.key).second) << k.key;
    if (k.type_id != 0) {
      EXPECT_TRUE(type_ids.insert(k.type_id).second) << k.key;
    }
    if (k.magic != 0) {
      EXPECT_TRUE(magics.insert(k.magic).second) << k.key;
    }
  }
}

TEST(Kind, LookUpByTypeIdAndBytes) {
  EXPECT_EQ(kind_of_type_id(0x6D786554), &kind("texm"));
  EXPECT_EQ(kind_of_type_id(0x4853454D), &kind("msh"));
  EXPECT_EQ(kind_of_type_id(0), nullptr);
  EXPECT_EQ(kind_of_type_id(0x44495846), &kind("effect"));     // "FXID"
  EXPECT_EQ(kind_of_type_id(0x4C505845), &kind("explosion"));  // "EXPL"
  EXPECT_EQ(kind_of_type_id(0x4C415000), nullptr);
  EXPECT_EQ(kind_of_bytes(ByteBuffer{'T', 'e', 'x', 'm', 1}), &kind("texm"));
  EXPECT_EQ(kind_of_bytes(ByteBuffer{'N', 'R', 'e', 's'}), &kind("nres"));
  EXPECT_EQ(kind_of_bytes(ByteBuffer{'N', 'L', 0, 1, 0, 0}), &kind("rsli"));
  EXPECT_EQ(kind_of_bytes(ByteBuffer{'N', 'L', 0, 2}), nullptr);  // another version is no library
  EXPECT_EQ(kind_of_bytes(ByteBuffer{'T', 'f', 'n', 't'}), &kind("font"));
  EXPECT_EQ(kind_of_bytes(ByteBuffer{'T', 'e', 'x'}), nullptr);  // shorter than a magic
  EXPECT_EQ(kind_of_bytes(ByteBuffer{}), nullptr);
}

TEST(Kind, KindOfAPayload) {
  const ByteBuffer texm{'T', 'e', 'x', 'm', 0, 0}, nres{'N', 'R', 'e', 's', 0, 1}, text{'2', '\n'};
  // A typed entry: its type id, whatever its bytes.
  EXPECT_EQ(kind_of(entry(text, kTypeMat0)).key, "mat0");
  EXPECT_EQ(kind_of(entry(texm, kTypeWear)).key, "wear");
  EXPECT_EQ(kind_of(entry(texm, 0x4C415000)).key, "other");  // an id the registry lacks
  // An untyped entry (RsLi) and a bare file: the magic; an NRes inside an archive is a model.
  EXPECT_EQ(kind_of(entry(texm, 0)).key, "texm");
  EXPECT_EQ(kind_of(entry(nres, 0)).key, "msh");
  EXPECT_EQ(kind_of(bare(texm)).key, "texm");
  EXPECT_EQ(kind_of(bare(nres, "Textures.lib")).key, "nres");
  EXPECT_EQ(kind_of(bare(nres, "BOX.MSH")).key, "msh");
  EXPECT_EQ(kind_of(bare(text)).key, "other");
  EXPECT_EQ(kind_of(entry(text, 0)).key, "other");
  // A mission has no magic (it starts with the route section's version, 1): told by its name.
  const ByteBuffer tma{1, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(kind_of(bare(tma, "MISSIONS/Single.01/data.tma")).key, "mission");
  EXPECT_EQ(kind_of(bare(tma, "DATA.TMA")).key, "mission");
  EXPECT_EQ(kind_of(bare(tma, "data.bin")).key, "other");
  // A sky (-1, 5 first, no magic of its own) and a bare explosion: by their names
  // (docs/formats/sky.md 1, docs/formats/effect.md 2).
  const ByteBuffer ske{0xFF, 0xFF, 0xFF, 0xFF, 5, 0, 0, 0};
  EXPECT_EQ(kind_of(bare(ske, "MISSIONS/Single.01/sky.ske")).key, "sky");
  EXPECT_EQ(kind_of(bare(ske, "SKY.SKE")).key, "sky");
  EXPECT_EQ(kind_of(bare(ske, "sky.bin")).key, "other");
  EXPECT_EQ(kind_of(bare(ByteBuffer(792, 0), "expl_s.exp")).key, "explosion");
  EXPECT_EQ(kind_of(entry(text, 0x44495846)).key, "effect");
  EXPECT_EQ(kind("sky").view, "sky");
}

// An NRes of one entry, built by hand (docs/formats/nres.md 2-3): header, the payload at 16 padded
// to 8, one 64-byte row.
ByteBuffer one_entry_nres(std::uint32_t type_id, const std::string& name, std::size_t payload_size) {
  ByteBuffer b;
  auto put32 = [&](std::uint32_t v) {
    for (int k = 0; k < 4; ++k) b.push_back(std::uint8_t(v >> (8 * k)));
  };
  const std::size_t padded = (payload_size + 7) / 8 * 8;
  put32(stored('N', 'R', 'e', 's')), put32(0x100), put32(1), put32(std::uint32_t(16 + padded + 64));
  b.resize(16 + padded, 0);
  put32(type_id), put32(0), put32(0), put32(std::uint32_t(payload_size)), put32(0);
  const std::size_t name_at = b.size();
  b.resize(name_at + 36, 0);
  std::copy(name.begin(), name.end(), b.begin() + std::ptrdiff_t(name_at));
  put32(16), put32(0);
  return b;
}

// BuildDat.lst (docs/formats/unit.md 5) is told by its file name alone, in any case and folder.
TEST(Kind, BuildDatLstIsTheBuildingList) {
  const std::string text = "Plant 1\r\n  \"UNITS\\a.dat\"\r\n";
  const ByteBuffer bytes(text.begin(), text.end());
  EXPECT_EQ(kind_of(bare(bytes, "BuildDat.lst")).key, "buildlist");
  EXPECT_EQ(kind_of(bare(bytes, "game/BUILDDAT.LST")).key, "buildlist");
  EXPECT_EQ(kind_of(bare(bytes, "game\\builddat.lst")).key, "buildlist");
  EXPECT_EQ(kind_of(bare(bytes, "OtherDat.lst")).key, "other");
  EXPECT_EQ(kind_of(bare(bytes, "xBuildDat.lst")).key, "other");
  const Kind& list = kind("buildlist");
  EXPECT_EQ(list.article_name(), "a building list");
  ASSERT_NE(list.check, nullptr);
  EXPECT_TRUE(list.check(bare(bytes, "BuildDat.lst")).empty());
  const ByteBuffer broken = {'P', 'l', 'a', 'n', 't', ' ', '2', '\n'};
  const std::vector<Diagnostic> found = list.check(bare(broken, "BuildDat.lst"));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, "buildlist.short");
  ASSERT_NE(list.info_json, nullptr);
  EXPECT_EQ((*list.info_json(bare(bytes, "BuildDat.lst")))["sections"][0]["paths"][0], "UNITS\\a.dat");
}

TEST(Kind, ALandMapIsAnArealMap) {
  const Kind& areal = kind("areal");
  EXPECT_EQ(areal.name, "areal map");
  EXPECT_EQ(areal.item, "areal map");
  EXPECT_EQ(areal.view, "none");
  EXPECT_EQ(areal.file_kind, "areal");
  EXPECT_EQ(areal.type_id, 0u);  // told apart by kind_of: 12 is no FourCC of its own
  EXPECT_EQ(areal.magic, 0u);
  EXPECT_EQ(areal.article_name(), "an areal map");
  ASSERT_EQ(areal.extensions.size(), 1u);
  EXPECT_EQ(areal.extensions[0], ".map");
  const ByteBuffer land_map = one_entry_nres(12, "ArealMap", 12);
  EXPECT_EQ(kind_of(bare(land_map, "Land.map")).key, "areal");
  EXPECT_EQ(kind_of(bare(land_map)).key, "areal");  // its bytes decide, not its name
  // Another name, another type: a plain archive. Inside an archive an NRes stays a model.
  EXPECT_EQ(kind_of(bare(one_entry_nres(12, "Areals", 12), "Land.map")).key, "nres");
  EXPECT_EQ(kind_of(bare(one_entry_nres(11, "ArealMap", 12), "Land.map")).key, "nres");
  EXPECT_EQ(kind_of(entry(land_map, 0)).key, "msh");
  // The record's checker and --json read the whole file: this payload of 12 zero bytes holds 0 areals
  // and a 0 x 0 grid, and 4 bytes too many (docs/formats/areal.md 4.1).
  ASSERT_NE(areal.check, nullptr);
  const std::vector<Diagnostic> found = areal.check(bare(land_map, "Land.map"));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, "areal.size.extra");
  EXPECT_EQ(found[0].location.offset, 16u + 8);
  ASSERT_NE(areal.info_json, nullptr);
  EXPECT_EQ(areal.info_json(bare(land_map, "Land.map")).error().rule, "areal.size.extra");
  // An areal map serves where an NRes archive is wanted, not where a model is.
  EXPECT_TRUE(expect_kind(bare(land_map), kind("nres")));
  EXPECT_EQ(expect_kind(bare(land_map, "Land.map"), kind("msh")).error().to_string(),
            "Land.map: this file is an areal map, not a model");
}

// A bare NRes of one entry (type, name) with an 8-byte payload, laid out as docs/formats/nres.md 2-3 say.
ByteBuffer one_entry_nres(std::uint32_t type_id, std::string_view name) {
  ByteBuffer b(16 + 8 + 64, 0);
  auto put32 = [&](std::size_t at, std::uint32_t v) { std::memcpy(b.data() + at, &v, 4); };
  std::memcpy(b.data(), "NRes", 4);
  put32(4, 0x100);
  put32(8, 1);
  put32(12, std::uint32_t(b.size()));
  put32(24, type_id);
  put32(24 + 12, 8);
  std::memcpy(b.data() + 24 + 20, name.data(), name.size());
  put32(24 + 56, 16);
  return b;
}

TEST(Kind, TerrainIsAnNresWithLandFaces) {
  // Land.msh: an entry of type 21 named "Land" (docs/formats/terrain.md 1), whatever the file's name.
  const ByteBuffer land = one_entry_nres(21, "Land"), lower = one_entry_nres(21, "land");
  EXPECT_EQ(kind_of(bare(land, "Land.msh")).key, "terrain");
  EXPECT_EQ(kind_of(bare(land, "x.bin")).key, "terrain");
  EXPECT_EQ(kind_of(bare(lower, "LAND.MSH")).key, "terrain");
  // Models stay models: another type 21 name, or no type 21.
  EXPECT_EQ(kind_of(bare(one_entry_nres(21, "Landing"), "BOX.MSH")).key, "msh");
  EXPECT_EQ(kind_of(bare(one_entry_nres(3, "Land"), "BOX.MSH")).key, "msh");
  EXPECT_EQ(kind_of(bare(one_entry_nres(21, "Land"), "x.lib")).key, "terrain");
  EXPECT_EQ(kind_of(entry(land, 0)).key, "terrain");
  // Terrain serves where a model is wanted (Land.msh read by the msh commands), not the reverse.
  EXPECT_TRUE(expect_kind(bare(land, "Land.msh"), kind("msh")));
  EXPECT_TRUE(expect_kind(bare(land, "Land.msh"), kind("terrain")));
  EXPECT_EQ(expect_kind(bare(one_entry_nres(3, "Land"), "BOX.MSH"), kind("terrain")).error().to_string(),
            "BOX.MSH: this file is a model, not a terrain");
}

TEST(Kind, ExpectKindHasOneWording) {
  const ByteBuffer texm{'T', 'e', 'x', 'm', 0, 0}, nres{'N', 'R', 'e', 's', 0, 1}, text{'2', '\n'};
  Status wrong = expect_kind(entry(texm, kTypeTexm), kind("msh"));
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().to_string(), "A.lib::ROCK.0: this entry is a Texm, not a model");
  EXPECT_EQ(wrong.error().rule, "resource.type");
  EXPECT_EQ(expect_kind(entry(text, kTypeMat0), kind("texm")).error().to_string(),
            "A.lib::ROCK.0: this entry is a MAT0, not a Texm");
  // A type id the registry lacks is named by its four characters (docs/formats/nres.md 3).
  EXPECT_EQ(expect_kind(entry(text, stored('S', 'T', 'A', 'T')), kind("wear")).error().to_string(),
            "A.lib::ROCK.0: this entry is a STAT, not a WEAR");
  EXPECT_EQ(expect_kind(bare(nres), kind("texm")).error().to_string(),
            "x.bin: this file is an NRes archive, not a Texm");
  EXPECT_EQ(expect_kind(bare(texm), kind("mat0")).error().to_string(), "x.bin: this file is a Texm, not a MAT0");
  // Accepted: the same kind, an untyped payload of no known kind, a bare NRes as a model, a font as a Texm.
  EXPECT_TRUE(expect_kind(entry(texm, kTypeTexm), kind("texm")));
  EXPECT_TRUE(expect_kind(bare(text), kind("mat0")));
  EXPECT_TRUE(expect_kind(entry(text, 0), kind("wear")));
  EXPECT_TRUE(expect_kind(bare(nres), kind("msh")));
  EXPECT_TRUE(expect_kind(bare(ByteBuffer{'T', 'f', 'n', 't'}), kind("texm")));
}

}  // namespace
}  // namespace parkan::resource
