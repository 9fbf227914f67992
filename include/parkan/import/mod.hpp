#pragma once
// A glTF model into a mod folder (docs/import.md 7): the scene, its materials, textures and lightmap
// imported, and every archive they go into rebuilt whole: the mod's copy of the archive when the mod
// has one, else the game's, else a new one, plus the new entries. Nothing is written here: the caller
// writes the archives together (all or nothing) or lists them (--dry-run).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"
#include "parkan/import/gltf.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::importer {

// The archives an import writes (docs/import.md 7). The model archive is the user's choice.
inline constexpr std::string_view kDefaultModelArchive = "static.rlb";
inline constexpr std::string_view kMaterialLibrary = "Material.lib";
inline constexpr std::string_view kTextureLibrary = "Textures.lib";
inline constexpr std::string_view kLightmapLibrary = "LightMap.lib";
// "<STEM>.msh" must fit a prototype slot's 32-byte resource field with its NUL
// (docs/formats/objects.md 2.1).
inline constexpr std::size_t kMaxStem = 27;

struct ModOptions {
  std::string stem;                                    // STEM.msh, STEM.wea, prototype key stem (lower case)
  std::string archive = std::string(kDefaultModelArchive);
  SceneOptions scene;
  std::optional<texm::Format> texture_format;          // none: 8888 with alpha, else 565
  std::string prototype_type;                          // a FourCC of docs/formats/objects.md 1.1; "" chosen (docs/import.md 7)
  bool replace = false;                                // names the game has are replaced instead of refused
};

// One entry the import adds to or replaces in an archive.
struct ModEntry {
  std::string name;
  std::string type;       // "MESH", "WEAR", "MAT0", "Texm", or the prototype's FourCC
  std::size_t size = 0;
  bool replaced = false;  // an entry of that name was there
};

// One archive of the mod folder, complete.
struct ModArchive {
  std::string name;        // the file name (the game's spelling when it has the file)
  std::string based_on;    // "mod" (the mod's own file), "game" (the base game's) or "new"
  ByteBuffer bytes;
  std::vector<ModEntry> entries;
};

struct ModImport {
  std::vector<ModArchive> archives;  // model archive, Material.lib, Textures.lib, LightMap.lib, objects.rlb
  std::string prototype;             // the objects.rlb key
  std::string prototype_type;        // its FourCC
  std::size_t nodes = 0, triangles = 0, batches = 0, frames = 0;
  std::size_t materials = 0, textures = 0, lightmaps = 0;
  std::vector<Diagnostic> warnings;
};

// STEM (the --name): 1 to kMaxStem ASCII letters, digits, '_' or '-'. A usage error otherwise.
Status check_stem(std::string_view stem);

// --archive: a file of the game folder itself (no folders: nothing is written outside MOD_DIR), 1 to
// 31 ASCII letters, digits, '_', '-' or '.', not starting with '.'. A usage error otherwise.
Status check_archive_name(std::string_view archive);

// The import into `game` (the mod folder over the game, or the game alone when the mod folder does
// not exist yet). Errors: check_stem's and check_archive_name's; import.name.taken (the model, its WEAR or the prototype
// key is already in the game or mod, without `replace`); import.archive.kind (a target archive that
// is not an NRes); import.prototype.type (an unknown FourCC); and those of import_scene,
// import_materials, msh::build_model and the NRes editor.
Result<ModImport> import_into_game(const LoadedGltf& document, resource::Game& game, const ModOptions& options);

}  // namespace parkan::importer
