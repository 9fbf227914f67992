#pragma once
// The parts of validate_game (validate.cpp): finding the files (validate_scan.cpp), checking one
// resource and noting what the reference pass needs (validate_resource.cpp), and the references
// between resources (validate_references.cpp). Only names cross between the parts, never bytes, so
// an archive can be unmapped as soon as its entries are checked (peak memory: one archive).
#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/validate/model_wear.hpp"
#include "parkan/objects/objects.hpp"
#include "parkan/validate/validate.hpp"

namespace parkan::validate::detail {

struct GameFile {
  std::string path;  // relative to the game folder, '/' separators
  std::filesystem::path full;
  const resource::Kind* kind = &resource::other_kind();  // FoundFile::kind
  std::size_t entries_hint = 0;  // an archive's header entry count (for progress only)
};

// Every regular file under `root` (recursively, symlinks not followed), sorted by path, classified.
// A file that cannot be opened is classified `other` and reported in `unreadable`, and so is a
// subfolder that cannot be listed; `root` itself unlisted is an I/O error.
Result<std::vector<GameFile>> scan_game_files(const std::filesystem::path& root, std::vector<Diagnostic>& unreadable);

// What one resource is and what the reference pass needs from it.
struct MaterialTexture {
  std::size_t phase = 0;
  std::string texture;  // as stored (cp1251)
  std::uint64_t offset = 0;
};
// What the world checks need of a mission (docs/formats/mission.md) and of a unit assembly.
struct PlacedObjectUse {
  std::size_t index = 0;
  std::uint32_t kind = 0;  // 0/1: a .dat path; 2/3: an objects.rlb key
  std::string path;        // its text, '\\' as stored
  std::uint64_t offset = 0;
  std::int32_t logical_id = 0;
  std::int32_t host = -1, hallway = -1;  // the building a unit starts in (logical id) and its path node
  std::uint64_t host_offset = 0;
  float x = 0, y = 0;
  std::uint64_t position_offset = 0;
};
// What the world checks need of a terrain: the highest Land1.wea row its faces wear (tex1, and tex2
// other than 0xFF), the face wearing it first, and the map box's XY extent (stream 2's corners).
struct TerrainUse {
  struct Row {
    std::uint8_t row = 0;
    std::size_t face = 0;
    std::uint64_t offset = 0;  // of that face's tex byte in the file
  };
  std::optional<Row> tex1, tex2;
  float min_x = 0, min_y = 0, max_x = 0, max_y = 0;
};
struct MissionUse {
  std::string map_folder;  // "DATA/MAPS/SC_3"
  std::vector<PlacedObjectUse> objects;
};
struct UnitPartUse {
  std::size_t index = 0;
  std::string archive, key;
  std::uint64_t offset = 0;             // of the key
  std::int32_t parent = -1;             // the owning part
  bool on_socket = false;               // unit::hangs_on_socket: `attachment` is a node of the parent's mesh
  std::int32_t attachment = -1;
  std::uint32_t part_class = 0;
};
// What the world checks need of a model: its nodes' names (Model::node_name) and its path graph's size.
struct ModelNodes {
  std::vector<std::string> names;
  std::size_t path_nodes = 0;  // type 17
};
// A .cpt control point's node word (docs/formats/objdata.md 2): checked against the node count of the
// model of the prototype that names the .cpt.
struct CptNodeWord {
  std::size_t point = 0;
  std::string name;
  std::size_t word = 0;     // 1: the node the point sits on, 2: the node whose death removes it
  std::int32_t node = 0;
  std::uint64_t offset = 0;
};
// A path of BuildDat.lst (docs/formats/unit.md 5) and the building Type its section stands for.
struct BuildListUse {
  std::string section;
  std::optional<std::uint32_t> class_word;
  std::string path;  // as stored, '\\' separated
  std::uint64_t offset = 0;
};
// A name one resource gives another by (archive, member): .ndp -> .exp, .exp -> FXID, FXID -> material or
// sound, a sky's weather start -> its effect (validate_effects.cpp, validate_sky.cpp). Any of `archives`
// may hold the member.
struct NamedReference {
  const char* code = nullptr;  // the finding's code when nothing holds it
  std::vector<std::string> archives;
  std::string member;
  std::uint64_t offset = 0;
  std::string what;  // "node 3's explosion", for the message
};
struct ResourceFacts {
  std::vector<MaterialTexture> textures;  // MAT0: phase textures
  std::optional<std::size_t> material_tracks;  // MAT0: its animation blocks (tracks)
  std::vector<std::string> wear_materials, wear_lightmaps;  // WEAR (file parser's reading)
  bool wear_read = false;
  bool wear_has_lightmaps = false;       // ... a LIGHTMAPS block was found
  std::optional<ModelWearUse> model_wear;  // MSH: what the check against its WEAR needs
  std::optional<ModelNodes> model_nodes;   // MSH: what sockets and hall-way vertices are checked against
  bool indexed_texture = false;                     // Texm in format 0
  std::optional<std::vector<objects::ObjectRef>> prototype;  // objects.rlb entry (raw views dropped)
  std::optional<MissionUse> mission;                     // data.tma: its map and placed objects
  std::optional<TerrainUse> terrain;                     // Land.msh: the WEAR rows its faces wear, its extent
  std::optional<std::array<float, 4>> areal_extent;      // Land.map: min x, min y, max x, max y of its areals
  std::vector<UnitPartUse> unit_parts;                   // a .dat: the prototypes of its parts
  std::optional<std::uint32_t> unit_class;               // a .dat: its class word (BuildDat.lst's types)
  std::vector<BuildListUse> build_list;                  // BuildDat.lst: every path it names
  std::optional<std::size_t> ndp_records;                // a .ndp: its record count
  std::optional<std::vector<CptNodeWord>> cpt_nodes;     // a .cpt: the node words of its points on a node
  bool font_external_palette = false;                    // Tfnt: its atlas is Texm format 2 (validate_fonts.cpp)
  bool valid_pal = false;                                // PAL resource: it reads (66,564 bytes, Ipol)
  std::vector<NamedReference> named_refs;                // .ndp, .exp, FXID, sky.ske: what they name
};

struct CheckedResource {
  std::string file;   // relative path
  std::string entry;  // stored name; empty for a loose file
  std::string type;   // the by_type key: type_key(*kind), the entry's type name, or kContainerType
  std::vector<Diagnostic> findings;  // located
  ResourceFacts facts;
};

// The bytes and the directory row of one resource; `archive_file` is the containing file's relative
// path (for objects.rlb detection and sibling lookups).
struct ResourceInput {
  std::string file;
  std::string entry;  // empty: a loose file
  std::uint32_t type_id = 0;
  std::uint32_t attr1 = 0, attr2 = 0, attr3 = 0;
  const resource::Kind* loose_kind = &resource::other_kind();  // for a loose file
  ByteView bytes;
};

CheckedResource check_resource(const ResourceInput& input);

// The names of one container, for references: stored names folded with the engine's fold.
struct ArchiveNames {
  std::string file;                // relative path
  std::set<std::string> folded;    // fold_lower of every entry name
  bool readable = false;           // the directory could be read: `folded` is complete
};

// Everything checked, in report order, plus the containers' names.
struct GameFacts {
  std::vector<CheckedResource> resources;
  std::map<std::string, ArchiveNames> archives;       // by folded relative path
  std::map<std::string, ArchiveNames> base_archives;  // the base game's (ValidateOptions::base), likewise
  std::set<std::string> files, base_files;            // every file's folded relative path, the game's and the base's
};

// The names of every archive of a base game folder (nothing checked): for references a mod leaves to it.
// Errors only when the folder cannot be listed.
Status read_base_archives(const std::filesystem::path& base, std::map<std::string, ArchiveNames>& out,
                          std::set<std::string>& files);

// The references between resources (validate_references.cpp): findings located on the resource that
// holds the reference, appended to that resource's findings.
void check_references(GameFacts& facts);

// The fonts' chain (validate_fonts.cpp, docs/formats/font.md 7): what check_resource notes of a font and of a PAL
// resource, and the check that every format 2 atlas finds a PAL.PAL.
void note_font_use(const ResourceInput& input, CheckedResource& out);
void note_pal_use(const ResourceInput& input, CheckedResource& out);
void check_font_palettes(GameFacts& facts);
// The effects' and skies' chains: what a resource of kind `k` names (validate_effects.cpp,
// validate_sky.cpp), noted while it is checked; then every noted name looked up among the game's archives.
void note_effect_uses(const resource::Kind& k, ByteView bytes, CheckedResource& out);
void note_sky_uses(const resource::Kind& k, ByteView bytes, CheckedResource& out);
void check_named_references(GameFacts& facts);

// ASCII fold of a whole string (the engine's _strcmpi fold).
std::string fold_name(std::string_view name);
// The by_type key of a resource of `kind` (validate.hpp): its entries' type id as `archive list` names it.
std::string type_key(const resource::Kind& kind);
// The registry's record for `key` (a key kind.cpp lists).
const resource::Kind& kind(std::string_view key);

}  // namespace parkan::validate::detail
