#include "parkan/resource/kind.hpp"

#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>

#include "parkan/areal/areal_map.hpp"
#include "parkan/core/text.hpp"
#include "parkan/font/font.hpp"
#include "parkan/material/codes.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/model.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/msh/info_json.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/rsli/archive.hpp"
#include "parkan/resource/payload.hpp"
#include "parkan/texm/check.hpp"
#include "parkan/texm/json.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"
#include "parkan/effect/effect.hpp"
#include "parkan/mission/mission.hpp"
#include "parkan/sky/sky.hpp"
#include "parkan/objdata/base.hpp"
#include "parkan/objdata/objdata.hpp"
#include "parkan/sound/wave.hpp"
#include "parkan/terrain/land.hpp"
#include "parkan/unit/assembly.hpp"
#include "parkan/unit/build_list.hpp"

namespace parkan::resource {

// The format folders own their magics and ids; the registry's names must agree with them.
static_assert(kTypeTexm == texm::kMagic);
static_assert(kTypeMat0 == material::kMat0TypeId);
static_assert(kTypeWear == material::kWearTypeId);
static_assert(kTypePalette == texm::kPalTypeId);

namespace {

// "NL", reserved 0, version 1 (docs/formats/rsli.md 2).
constexpr std::uint32_t kRsliLibraryMagic = 0x01004C4E;

// MAT0 needs its entry's attributes to parse (docs/formats/mat0.md 2); a bare file takes the defaults.
material::Mat0Attributes mat0_attributes(const Payload& payload) {
  material::Mat0Attributes attributes;
  if (payload.is_entry()) attributes = {payload.location().attr1, payload.location().attr2};
  return attributes;
}

std::vector<Diagnostic> check_nres(const Payload& p) { return nres::check(p.bytes(), nres::Profile::strict); }
std::vector<Diagnostic> check_rsli(const Payload& p) { return rsli::verify(p.bytes(), rsli::Profile::strict); }
std::vector<Diagnostic> check_texm(const Payload& p) { return texm::check_texture(p.bytes(), p.location().name); }
std::vector<Diagnostic> check_mat0(const Payload& p) {
  auto mat = material::read_mat0(p.bytes(), mat0_attributes(p));
  if (!mat) return {to_diagnostic(mat.error(), material::codes::kMat0Payload)};
  return material::check_mat0(*mat);
}
// A format's checker over the payload's bytes.
template <std::vector<Diagnostic> (*Check)(ByteView)>
std::vector<Diagnostic> check_bytes(const Payload& p) {
  return Check(p.bytes());
}
// A format's `--json` document: its reader, then its JSON writer.
template <class T, Result<T> (*Read)(ByteView), nlohmann::json (*Json)(const T&)>
Result<nlohmann::json> read_then_json(const Payload& p) {
  PARKAN_ASSIGN(T value, p.parse(Read));
  return Json(value);
}

// A PAL resource: its size and marker, and the Ipol blend table (docs/formats/font.md 7).
std::vector<Diagnostic> check_palette(const Payload& p) { return font::check_pal(p.bytes()); }
// A font's `--json`: the entry's name decides the encoding (docs/formats/font.md 4).
Result<nlohmann::json> font_json(const Payload& p) {
  PARKAN_ASSIGN(font::Font font, p.parse(font::read_font));
  return font::info_json(font, p.location().name.empty() ? p.file() : p.location().name);
}

Result<nlohmann::json> texm_json(const Payload& p) {
  PARKAN_ASSIGN(texm::Texture texture, p.parse(texm::read));
  return texm::info_json(texture, p.bytes().size());
}
Result<nlohmann::json> mat0_json(const Payload& p) {
  PARKAN_ASSIGN(material::Mat0 mat, p.parse(material::read_mat0, mat0_attributes(p)));
  return material::mat0_to_json(mat);
}
Result<nlohmann::json> wear_json(const Payload& p) {
  PARKAN_ASSIGN(material::Wear wear, p.parse(material::parse_wear, material::WearParser::file));
  return material::wear_to_json(wear);
}
// A model alone: the WEAR table that names its materials lives beside it in a library ("wear": null).
Result<nlohmann::json> msh_json(const Payload& p) {
  PARKAN_ASSIGN(msh::Model model, p.parse(msh::read_model));
  return msh::model_info_json(model, p.display_name(), nullptr);
}

// A Land.map (docs/formats/areal.md 1): a bare NRes of one entry, type 12, named "ArealMap". Only a
// one-entry directory is read, so that telling a large archive apart costs one header load.
bool is_areal_map(ByteView bytes) {
  constexpr std::size_t kEntryCountOffset = 8;  // docs/formats/nres.md 2
  if (bytes.size() < nres::kHeaderSize || load_u32(bytes.data() + kEntryCountOffset) != 1) return false;
  Result<nres::Archive> archive = nres::read(bytes, nres::Profile::compatible);
  return archive && archive->entries[0].type_id == areal::kArealMapTypeId &&
         archive->entries[0].name() == areal::kArealMapEntryName;
}

constexpr std::array<std::string_view, 2> kNresExtensions = {".lib", ".rlb"};
constexpr std::array<std::string_view, 1> kRsliExtensions = {".rlb"};
constexpr std::array<std::string_view, 1> kWearExtensions = {".wea"};
constexpr std::array<std::string_view, 1> kMshExtensions = {".msh"};
constexpr std::array<std::string_view, 1> kPaletteExtensions = {".pal"};
constexpr std::array<std::string_view, 1> kFontExtensions = {".tft"};
constexpr std::array<std::string_view, 1> kObjectsExtensions = {".rlb"};
constexpr std::array<std::string_view, 1> kUnitExtensions = {".dat"};
constexpr std::array<std::string_view, 1> kNdpExtensions = {".ndp"};
constexpr std::array<std::string_view, 1> kCptExtensions = {".cpt"};
constexpr std::array<std::string_view, 1> kExplosionExtensions = {".exp"};
constexpr std::array<std::string_view, 1> kSkyExtensions = {".ske"};
constexpr std::array<std::string_view, 1> kMissionExtensions = {".tma"};
constexpr std::array<std::string_view, 1> kBaseExtensions = {".bas"};
constexpr std::array<std::string_view, 1> kArealExtensions = {".map"};
constexpr std::array<std::string_view, 1> kTerrainExtensions = {".msh"};
constexpr std::array<std::string_view, 1> kSoundExtensions = {".wav"};
constexpr std::array<std::string_view, 1> kBuildListExtensions = {".lst"};

// THE table (see kind.hpp for how to add a record). "other" stays last: kinds() callers that list the
// known kinds stop before it.
const std::array<Kind, 22> kKinds = {{
    // key, name, item, type id, magic, extensions, view, entry attributes, check, --json, container, file kind
    {"nres", "NRes archive", "archive", 0, nres::kMagic, kNresExtensions, "none", 0, 0, 0, check_nres, nullptr, true, "archive"},
    {"rsli", "RsLi library", "library", 0, kRsliLibraryMagic, kRsliExtensions, "none", 0, 0, 0, check_rsli, nullptr, true, "library"},
    {"texm", "Texm", "texture", kTypeTexm, texm::kMagic, {}, "texture", 0, 0, 0, check_texm, texm_json, false, "texture"},
    // MAT0 and WEAR payloads have no magic; the game's entries carry attr2 6 and attr3 1
    // (docs/formats/mat0.md 2, docs/formats/wear.md 1).
    {"mat0", "MAT0", "material", kTypeMat0, 0, {}, "material", 0, 6, 0, check_mat0, mat0_json, false, "material"},
    {"wear", "WEAR", "wear table", kTypeWear, 0, kWearExtensions, "wear", 0, 0, 1, check_bytes<material::check_wear>,
     wear_json, false, "wear"},
    // A model is an NRes of streams (docs/formats/msh.md 1): kind_of, not its magic, tells it apart.
    {"msh", "model", "model", kTypeMesh, 0, kMshExtensions, "model", 0, 0, 0, check_bytes<msh::check_model>, msh_json,
     false, "model"},
    {"palette", "palette", "palette", kTypePalette, 0, kPaletteExtensions, "none", 0, 0, 0, check_palette, nullptr,
     false, "palette"},
    // A font entry of an NRes (sys.lib, ui/font.lib) carries its magic as its type, as a Texm's does
    // (docs/formats/font.md 1); in an RsLi library it has none and is told by its magic.
    {"font", "font", "font", texm::kFontMagic, texm::kFontMagic, kFontExtensions, "font", 0, 0, 0, check_bytes<font::check_font>, font_json,
     false, "font"},
    // objects.rlb is an NRes (docs/formats/objects.md): it is named here for validate and the viewer,
    // and read by its name, never recognized by its bytes.
    {"objects", "objects.rlb", "prototype", 0, 0, kObjectsExtensions, "none", 0, 0, 0, nullptr, nullptr, false, "archive"},
    // UNITS/**/*.dat: a tree of parts (docs/formats/unit.md), told by its first word 0x0000F0F1.
    {"unit", "unit assembly", "unit", 0, unit::kMagic, kUnitExtensions, "unit", 0, 0, 0,
     check_bytes<unit::check_assembly>, read_then_json<unit::Assembly, unit::read_assembly, unit::assembly_json>, false,
     "unit"},
    // The per-object data files beside a model (docs/formats/objdata.md), told by their entry types.
    {"ndp", "node damage table", "node damage table", objdata::kNdpTypeId, 0, kNdpExtensions, "none", 0, 0, 0,
     check_bytes<objdata::check_ndp>,
     read_then_json<std::vector<objdata::NodeDamage>, objdata::read_ndp, objdata::ndp_json>, false, "ndp"},
    {"cpt", "control point table", "control point table", objdata::kCptTypeId, 0, kCptExtensions, "none", 0, 0, 0,
     check_bytes<objdata::check_cpt>,
     read_then_json<std::vector<objdata::ControlPoint>, objdata::read_cpt, objdata::cpt_json>, false, "cpt"},
    {"bas", "base outline", "base outline", objdata::kBaseTypeId, 0, kBaseExtensions, "none", 0, 0, 0,
     check_bytes<objdata::check_base>, read_then_json<objdata::Base, objdata::read_base, objdata::base_json>, false,
     "bas"},
    // Land.msh (docs/formats/terrain.md): an NRes like a model, told by its type-21 streams named "Land".
    {"terrain", "terrain", "terrain", 0, 0, kTerrainExtensions, "terrain", 0, 0, 0, check_bytes<terrain::check_terrain>,
     read_then_json<terrain::Terrain, terrain::read_terrain, terrain::terrain_json>, false, "terrain"},
    // The effects of effects.rlb and the explosions naming them (docs/formats/effect.md), told by their
    // entry types; a bare .exp by its extension.
    {"effect", "effect", "effect", effect::kFxidTypeId, 0, {}, "none", 0, 0, 0, check_bytes<effect::check_effect>,
     read_then_json<effect::Effect, effect::read_effect, effect::effect_json>, false, "effect"},
    {"explosion", "explosion", "explosion", effect::kExpTypeId, 0, kExplosionExtensions, "none", 0, 0, 0,
     check_bytes<effect::check_explosion>,
     read_then_json<effect::Explosion, effect::read_explosion, effect::explosion_json>, false, "explosion"},
    // MISSIONS/**/data.tma (docs/formats/mission.md): it starts with the route section's version 1, no
    // magic, so it is told by its name.
    {"mission", "mission", "mission", 0, 0, kMissionExtensions, "mission", 0, 0, 0, check_bytes<mission::check_mission>,
     read_then_json<mission::Mission, mission::read_mission, mission::mission_json>, false, "mission"},
    // MISSIONS/**/sky.ske (docs/formats/sky.md): it starts with -1, 5, too common a pair for a magic, so
    // it is told by its name.
    {"sky", "sky", "sky", 0, 0, kSkyExtensions, "sky", 0, 0, 0, check_bytes<sky::check_sky>,
     read_then_json<sky::Sky, sky::read_sky, sky::sky_json>, false, "sky"},
    // Land.map (docs/formats/areal.md): a bare NRes told apart by kind_of, not by a type id (12 is a
    // small number other archives may use) nor a magic of its own.
    {"areal", "areal map", "areal map", 0, 0, kArealExtensions, "none", 0, 0, 0, check_bytes<areal::check_areal_map>,
     read_then_json<areal::ArealMap, areal::read_areal_map, areal::areal_map_json>, false, "areal"},
    // sounds.lib and voices.lib entries: whole RIFF WAVE files (docs/formats/sound.md).
    {"sound", "sound", "sound", sound::kSwavTypeId, sound::kRiffMagic, kSoundExtensions, "sound", 0, 0, 0,
     check_bytes<sound::check_wave>, read_then_json<sound::Wave, sound::read_wave, sound::wave_json>, false, "sound"},
    // BuildDat.lst (docs/formats/unit.md 5): text at the game's top, told by its name.
    {"buildlist", "building list", "building list", 0, 0, kBuildListExtensions, "none", 0, 0, 0,
     check_bytes<unit::check_build_list>,
     read_then_json<unit::BuildList, unit::read_build_list, unit::build_list_json>, false, "buildlist"},
    {"other", "file", "file", 0, 0, {}, "none", 0, 0, 0, nullptr, nullptr, false, "other"},
}};

const Kind& kind_with_key(std::string_view key) {
  for (const Kind& kind : kKinds)
    if (kind.key == key) return kind;
  return kKinds.back();
}

bool has_extension(std::string_view file, std::string_view extension) {
  if (file.size() < extension.size()) return false;
  const std::string_view tail = file.substr(file.size() - extension.size());
  for (std::size_t i = 0; i < tail.size(); ++i) {
    if (fold_lower(static_cast<unsigned char>(tail[i])) != static_cast<unsigned char>(extension[i])) return false;
  }
  return true;
}

// The file's last path component is `name`, ASCII case-insensitively.
bool has_file_name(std::string_view file, std::string_view name) {
  const std::size_t slash = file.find_last_of("/\\");
  const std::string_view last = slash == std::string_view::npos ? file : file.substr(slash + 1);
  return last.size() == name.size() && has_extension(last, fold_lower_text(name));
}

// A payload of kind `have` serves where `wanted` is asked: the same kind, a bare NRes file where a
// model is wanted (a model is an NRes whatever its name), a Land.map where an NRes archive is wanted,
// a font where a Texm is wanted (its atlas).
bool serves_as(const Kind& have, const Kind& wanted) {
  if (&have == &wanted) return true;
  if (wanted.key == "msh" && have.key == "nres") return true;
  if (wanted.key == "nres" && have.key == "areal") return true;  // a Land.map is an NRes of one entry
  if (wanted.key == "msh" && have.key == "terrain") return true;  // Land.msh reads as a model too
  if (wanted.key == "texm" && have.key == "font") return true;
  return false;
}

}  // namespace

std::string Kind::article_name() const {
  // "an NRes archive" is said "en-res", "a unit" "yoo-nit": the sound decides, not the letter.
  const bool vowel = !name.empty() && std::string_view("aeiou").find(name.front()) != std::string_view::npos &&
                     !name.starts_with("unit");
  return fmt::format("{} {}", vowel || name.starts_with("NRes") ? "an" : "a", name);
}

std::span<const Kind> kinds() { return kKinds; }

const Kind* find_kind(std::string_view key) {
  for (const Kind& kind : kKinds)
    if (kind.key == key) return &kind;
  return nullptr;
}

const Kind* kind_of_type_id(std::uint32_t type_id) {
  if (type_id == 0) return nullptr;
  for (const Kind& kind : kKinds)
    if (kind.type_id == type_id) return &kind;
  return nullptr;
}

const Kind* kind_of_bytes(ByteView bytes) {
  if (bytes.size() < 4) return nullptr;
  const std::uint32_t magic = load_u32(bytes.data());
  for (const Kind& kind : kKinds)
    if (kind.magic != 0 && kind.magic == magic) return &kind;
  return nullptr;
}

const Kind& other_kind() { return kKinds.back(); }

const Kind& kind_of(const Payload& payload) {
  const std::uint32_t type_id = payload.location().type_id;
  if (payload.is_entry() && type_id != 0) {
    const Kind* typed = kind_of_type_id(type_id);
    return typed ? *typed : other_kind();
  }
  const Kind* by_magic = kind_of_bytes(payload.bytes());
  if (!by_magic) {
    // Bare files without magic, told by their names: data.tma, *.exp (docs/formats/effect.md 2), sky.ske
    // (docs/formats/sky.md 1), BuildDat.lst (docs/formats/unit.md 5).
    if (has_extension(payload.file(), ".tma")) return kind_with_key("mission");
    if (has_extension(payload.file(), ".exp")) return kind_with_key("explosion");
    if (has_extension(payload.file(), ".ske")) return kind_with_key("sky");
    if (!payload.is_entry() && has_file_name(payload.file(), unit::kBuildListFile)) return kind_with_key("buildlist");
    return other_kind();
  }
  // Land.msh: an NRes whose streams are the terrain's (docs/formats/terrain.md 1), whatever its name.
  if (by_magic->key == "nres" && terrain::looks_like_terrain(payload.bytes())) return kind_with_key("terrain");
  if (by_magic->key == "nres" && (payload.is_entry() || has_extension(payload.file(), ".msh")))
    return kind_with_key("msh");
  if (by_magic->key == "nres" && is_areal_map(payload.bytes())) return kind_with_key("areal");
  return *by_magic;
}

Status expect_kind(const Payload& payload, const Kind& wanted) {
  const Kind& have = kind_of(payload);
  const bool typed = payload.is_entry() && payload.location().type_id != 0;
  if (serves_as(have, wanted) || (&have == &other_kind() && !typed)) return {};
  // A type id the registry lacks is named by its four characters, or its number (nres::type_name).
  const std::string what = &have == &other_kind() ? "a " + nres::type_name(payload.location().type_id) : have.article_name();
  return payload.locate(invalid_rule(
      "resource.type", fmt::format("this {} is {}, not {}", payload.is_entry() ? "entry" : "file", what,
                                   wanted.article_name())));
}

}  // namespace parkan::resource
