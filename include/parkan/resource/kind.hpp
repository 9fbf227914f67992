#pragma once
// The kind registry: one record for every kind of resource parkan knows, in one table
// (src/resource/kind.cpp). A record says how the kind is recognized (its NRes type id, its magic,
// its file extensions), how it is named in messages and counts, which viewer panel shows it, the
// attributes the game's entries of its type carry, and which checker and `--json` writer serve it.
// The CLI, `validate` and the viewer ask the registry instead of keeping their own lists.
//
// Adding a kind: write its format folder (reader, checker, JSON writer), then add ONE record to the
// table in src/resource/kind.cpp (key, names, type id and magic from its docs/formats page, and
// the functions that wrap its checker and writer); tests/resource/kind_test.cpp checks that no two
// records share a key, a type id or a magic. Keys are stable: they appear in JSON and the viewer.
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"

namespace parkan::resource {

class Payload;

// Type ids of top-level archive entries (docs/formats/nres.md 3.1): the four bytes of the name read as a
// little-endian u32. The only place these ids are declared outside their format folders.
inline constexpr std::uint32_t kTypeTexm = 0x6D786554;     // "Texm"
inline constexpr std::uint32_t kTypeMat0 = 0x3054414D;     // "MAT0"
inline constexpr std::uint32_t kTypeWear = 0x52414557;     // "WEAR"
inline constexpr std::uint32_t kTypeMesh = 0x4853454D;     // "MESH"
inline constexpr std::uint32_t kTypePalette = 0x6D6C6150;  // "Palm": a PAL resource (docs/formats/palettes.md 4.1)

// Unlocated findings of one payload (offsets inside it); the caller locates them.
using CheckFn = std::vector<Diagnostic> (*)(const Payload&);
// The `--json` document of one payload, or the reader's error.
using InfoFn = Result<nlohmann::json> (*)(const Payload&);

struct Kind {
  std::string_view key;   // stable id in JSON and the viewer: "nres", "texm", "msh", ...
  std::string_view name;  // for messages: "NRes archive", "Texm", "model", ...
  std::string_view item;  // noun for counts: "texture", "material", "wear table", ...
  std::uint32_t type_id;  // NRes entry type id, 0 = none (RsLi entries and bare files carry none)
  std::uint32_t magic;    // first four bytes as little-endian u32, 0 = none
  std::span<const std::string_view> extensions;  // ".msh", ".wea", ... (lower case)
  std::string_view view;  // the viewer's panel: "texture", "material", "model", "wear", "unit", "terrain", "mission", "none"
  std::uint32_t entry_attr1, entry_attr2, entry_attr3;  // what the game's entries of this type carry
  CheckFn check;          // null if none
  InfoFn info_json;       // null if none
  bool is_container;      // an archive of entries (NRes, RsLi)
  // What `validate` and the viewer's game index call a file of this kind ("archive", "library",
  // "model", "texture", "wear"; docs/cli.md validate --json "files").
  std::string_view file_kind;

  // "a Texm", "an NRes archive": for messages.
  std::string article_name() const;
};

// Every record, in table order ("other" last).
std::span<const Kind> kinds();
// The record with `key`, or nullptr.
const Kind* find_kind(std::string_view key);
// The record whose entries carry `type_id`, or nullptr (0 and unknown ids).
const Kind* kind_of_type_id(std::uint32_t type_id);
// The record whose magic starts `bytes` (containers included), or nullptr.
const Kind* kind_of_bytes(ByteView bytes);
// What a payload is: its entry's type id when it has one (an unknown id is "other"), else its magic;
// an NRes with a type-21 entry named "Land" is terrain (docs/formats/terrain.md 1); any other NRes
// inside an archive and a bare NRes file named *.msh are models (docs/formats/msh.md 1); a bare NRes
// whose one entry is type 12 named "ArealMap" is an areal map (docs/formats/areal.md 1); a bare file
// named *.tma is a mission (docs/formats/mission.md 1); a bare file named BuildDat.lst the building list
// (docs/formats/unit.md 5); otherwise "other". Terrain serves where a model
// is wanted (msh commands read Land.msh as a model).
const Kind& kind_of(const Payload& payload);
// The "other" record.
const Kind& other_kind();

// Refuses a payload of another kind before its bytes are parsed, with one wording for every command:
// "A.lib::ROCK.0: this entry is a Texm, not a model" (an entry) or "x.bin: this file is an NRes
// archive, not a Texm" (a bare file). Rule `resource.type`. A payload of no known kind and no type id
// passes (its reader decides); so does a model where an NRes is found as a bare file and a font
// where a Texm is wanted (a font carries a Texm atlas, docs/formats/texm.md 3.4).
Status expect_kind(const Payload& payload, const Kind& wanted);

}  // namespace parkan::resource
