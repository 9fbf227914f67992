// A glTF model into the archives of a mod folder (include/parkan/import/mod.hpp, docs/import.md 7).
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "import/gltf_document.hpp"
#include "parkan/core/text.hpp"
#include "parkan/import/codes.hpp"
#include "parkan/import/materials.hpp"
#include "parkan/import/mod.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/objects/objects.hpp"
#include "parkan/resource/kind.hpp"

namespace parkan::importer {

namespace {

// The prototype type an import gives its model when the user names none (docs/import.md 7): a model
// with a cockpit is a unit one can sit in (BTLU, as the sample game's u_ units), any other a
// building (EXTO, as its r_ buildings). Which type the engine expects of which kind of object is not
// known beyond the retail names (docs/formats/objects.md 1.1); --prototype-type overrides this.
std::string_view default_prototype_type(const msh::BuildModel& model) {
  const bool cockpit = std::any_of(model.nodes.begin(), model.nodes.end(),
                                   [](const msh::BuildNode& node) { return (node.flags & msh::kNodeCockpit) != 0; });
  return cockpit ? "BTLU" : "EXTO";
}

struct NewEntry {
  std::uint32_t type_id = 0, attr1 = 0, attr2 = 0, attr3 = 0;
  std::string name;
  std::string type;
  ByteBuffer payload;
};

// One archive being rebuilt: its bytes (a copy: the game's file is not kept mapped), its document,
// and the entries to put in.
struct TargetArchive {
  std::string name;
  std::string based_on = "new";
  ByteBuffer original;
  std::optional<nres::Archive> directory;
  std::vector<NewEntry> entries;

  bool has(std::string_view entry) const { return directory && nres::find(*directory, entry).has_value(); }
};

Result<TargetArchive> open_target(resource::Game& game, std::string_view name) {
  TargetArchive target;
  target.name = std::string(name);
  const std::optional<std::string> found = game.find_file(name);
  if (!found) return target;
  target.name = *found;
  // A Game without a base is the game itself (the mod folder does not exist yet).
  target.based_on = game.base() == nullptr || game.from_base(name) ? "game" : "mod";
  PARKAN_ASSIGN(auto archive, game.archive(name));
  if (archive->format() != resource::ArchiveFormat::nres)
    return invalid_rule(codes::kArchiveKind, fmt::format("{}: an RsLi library: the import writes its entries into NRes "
                                                         "archives only", archive->path()));
  target.original.assign(archive->bytes().begin(), archive->bytes().end());
  PARKAN_ASSIGN(nres::Archive directory, nres::read(target.original, nres::Profile::compatible));
  target.directory = std::move(directory);
  return target;
}

// The entry's attributes as the game's entries of its kind carry them (the kind registry).
NewEntry entry_of_kind(std::string_view kind_key, std::string name, std::string type, ByteBuffer payload) {
  const resource::Kind* kind = resource::find_kind(kind_key);
  NewEntry entry;
  entry.type_id = kind->type_id;
  entry.attr1 = kind->entry_attr1;
  entry.attr2 = kind->entry_attr2;
  entry.attr3 = kind->entry_attr3;
  entry.name = std::move(name);
  entry.type = std::move(type);
  entry.payload = std::move(payload);
  return entry;
}

// The archive with its new entries: an entry of the same name (the engine's compare) has its payload,
// type and attributes replaced in place; the others are added at the end.
Result<ModArchive> rebuild(TargetArchive& target) {
  ModArchive out;
  out.name = target.name;
  out.based_on = target.based_on;
  nres::Document document = target.directory ? nres::make_document(*target.directory) : nres::Document{};
  for (const NewEntry& entry : target.entries) {
    ModEntry listed{entry.name, entry.type, entry.payload.size(), false};
    const std::optional<std::size_t> index = target.directory ? nres::find(*target.directory, entry.name) : std::nullopt;
    if (index) {
      PARKAN_TRY(nres::replace_payload(document, *index, entry.payload));
      nres::Entry& row = document.entries[*index];
      row.type_id = entry.type_id;
      row.attr1 = entry.attr1;
      row.attr2 = entry.attr2;
      row.attr3 = entry.attr3;
      listed.replaced = true;
    } else {
      PARKAN_TRY(nres::add_entry(document, nres::EntrySpec{entry.type_id, entry.attr1, entry.attr2, entry.attr3,
                                                           entry.name, entry.payload}));
    }
    out.entries.push_back(std::move(listed));
  }
  PARKAN_ASSIGN(out.bytes, nres::write_lossless(document));
  return out;
}

Status name_free(const TargetArchive& target, const std::string& entry, bool replace) {
  if (replace || !target.has(entry)) return {};
  return invalid_rule(codes::kNameTaken, fmt::format("{}::{} is already in the {}; --replace replaces it", target.name,
                                                     entry, target.based_on == "mod" ? "mod" : "game"));
}

// With --replace, the names the previous import of this model used are its own to reuse: the rows
// of its old WEAR, and the textures its old materials name.
struct OwnedNames {
  std::set<std::string> materials, textures, lightmaps;  // folded to lower case
};

OwnedNames owned_names(const TargetArchive& models, const std::string& wear_name, const TargetArchive& materials) {
  OwnedNames owned;
  if (!models.directory) return owned;
  const std::optional<std::size_t> wear_index = nres::find(*models.directory, wear_name);
  if (!wear_index) return owned;
  Result<material::Wear> wear = material::parse_wear(models.directory->payload(*wear_index), material::WearParser::file);
  if (!wear) return owned;
  for (const material::WearRow& row : wear->materials) {
    owned.materials.insert(fold_lower_text(row.name));
    if (!materials.directory) continue;
    const std::optional<std::size_t> index = nres::find(*materials.directory, row.name);
    if (!index) continue;
    const nres::Entry& entry = materials.directory->entries[*index];
    Result<material::Mat0> mat = material::read_mat0(materials.directory->payload(*index), {entry.attr1, entry.attr2});
    if (!mat) continue;
    for (const material::Phase& phase : mat->phases)
      if (phase.has_texture()) owned.textures.insert(fold_lower_text(phase.texture_name()));
  }
  for (const material::WearRow& row : wear->lightmaps) owned.lightmaps.insert(fold_lower_text(row.name));
  return owned;
}

std::function<bool(std::string_view)> taken_in(const TargetArchive& target, const std::set<std::string>& owned) {
  return [&target, &owned](std::string_view name) { return target.has(name) && !owned.contains(fold_lower_text(name)); };
}

// Only ASCII letters, digits, '_', '-' and the characters of `more`: names any file system takes.
bool plain_name(std::string_view name, std::string_view more) {
  return std::all_of(name.begin(), name.end(), [&](char c) {
    const auto u = static_cast<unsigned char>(c);
    return (u >= '0' && u <= '9') || (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || u == '_' || u == '-' ||
           more.find(c) != std::string_view::npos;
  });
}

}  // namespace

Status check_stem(std::string_view stem) {
  if (stem.empty() || stem.size() > kMaxStem || !plain_name(stem, ""))
    return usage_error(fmt::format("--name \"{}\": 1 to {} ASCII letters, digits, '_' or '-' (\"<NAME>.msh\" fills a "
                                   "prototype slot's 32-byte field with its NUL)", stem, kMaxStem));
  return {};
}

Status check_archive_name(std::string_view archive) {
  if (archive.empty() || archive.size() >= objects::kObjectNameField || !plain_name(archive, ".") ||
      archive.front() == '.')
    return usage_error(fmt::format("--archive \"{}\": a file name of the game folder of 1 to {} ASCII letters, digits, "
                                   "'_', '-' or '.' (not starting with '.'; it fills a prototype slot's 32-byte field "
                                   "with its NUL)", archive, objects::kObjectNameField - 1));
  return {};
}

Result<ModImport> import_into_game(const LoadedGltf& document, resource::Game& game, const ModOptions& options) {
  PARKAN_TRY(check_stem(options.stem));
  PARKAN_TRY(check_archive_name(options.archive));
  ModImport out;
  out.prototype = fold_lower_text(options.stem);
  const std::string msh_name = options.stem + ".msh";
  const std::string wear_name = options.stem + ".wea";

  PARKAN_ASSIGN(TargetArchive models, open_target(game, options.archive));
  PARKAN_ASSIGN(TargetArchive materials, open_target(game, kMaterialLibrary));
  PARKAN_ASSIGN(TargetArchive textures, open_target(game, kTextureLibrary));
  PARKAN_ASSIGN(TargetArchive lightmaps, open_target(game, kLightmapLibrary));
  PARKAN_ASSIGN(TargetArchive prototypes, open_target(game, objects::kObjectsArchive));
  PARKAN_TRY(name_free(models, msh_name, options.replace));
  PARKAN_TRY(name_free(models, wear_name, options.replace));
  PARKAN_TRY(name_free(prototypes, out.prototype, options.replace));

  PARKAN_ASSIGN(ImportedScene scene, import_scene(document, options.scene));
  const OwnedNames owned = options.replace ? owned_names(models, wear_name, materials) : OwnedNames{};
  MaterialOptions material_options;
  material_options.stem = options.stem;
  material_options.texture_format = options.texture_format;
  material_options.material_taken = taken_in(materials, owned.materials);
  material_options.texture_taken = taken_in(textures, owned.textures);
  material_options.lightmap_taken = taken_in(lightmaps, owned.lightmaps);
  PARKAN_ASSIGN(ImportedMaterials imported, import_materials(document, scene.materials, material_options));
  PARKAN_ASSIGN(ByteBuffer model_bytes, msh::build_model_bytes(scene.model));

  std::string_view fourcc = options.prototype_type.empty() ? default_prototype_type(scene.model)
                                                           : std::string_view(options.prototype_type);
  const objects::PrototypeType* type = nullptr;
  for (const objects::PrototypeType& t : objects::kPrototypeTypes)
    if (t.fourcc == fourcc) type = &t;
  if (!type)
    return invalid_rule(codes::kPrototypeType, fmt::format("prototype type \"{}\" is none of STAT, INTO, EXTO, BULL, BTLU, "
                                                           "FORT, WPNS, SUNO (docs/formats/objects.md 1.1)", fourcc));
  // The model and its WEAR from the model archive; the other slots absent, as many as the type has.
  std::vector<objects::ObjectRef> refs(type->sizes[0] / objects::kObjectRefSize);
  refs[0].archive = refs[1].archive = models.name;
  refs[0].resource = msh_name;
  refs[1].resource = wear_name;
  PARKAN_ASSIGN(ByteBuffer prototype, objects::write_object_refs(refs));
  out.prototype_type = std::string(type->fourcc);

  models.entries.push_back(entry_of_kind("msh", msh_name, "MESH", std::move(model_bytes)));
  models.entries.push_back(entry_of_kind("wear", wear_name, "WEAR", wear_text(imported)));
  for (ImportedMaterial& m : imported.materials) {
    PARKAN_ASSIGN(ByteBuffer payload, material::write_mat0(m.mat));
    NewEntry entry = entry_of_kind("mat0", m.name, "MAT0", std::move(payload));
    entry.attr1 = m.mat.attributes.attr1;  // the material's own: its pipeline category
    entry.attr2 = m.mat.attributes.attr2;
    materials.entries.push_back(std::move(entry));
  }
  for (ImportedTexture& t : imported.textures)
    textures.entries.push_back(entry_of_kind("texm", t.name, "Texm", std::move(t.payload)));
  for (ImportedTexture& t : imported.lightmaps)
    lightmaps.entries.push_back(entry_of_kind("texm", t.name, "Texm", std::move(t.payload)));
  NewEntry prototype_entry;
  prototype_entry.type_id = type->type_id();
  prototype_entry.name = out.prototype;
  prototype_entry.type = out.prototype_type;
  prototype_entry.payload = std::move(prototype);
  prototypes.entries.push_back(std::move(prototype_entry));

  for (TargetArchive* target : {&models, &materials, &textures, &lightmaps, &prototypes}) {
    if (target->entries.empty()) continue;  // no lightmap: LightMap.lib stays as it is
    PARKAN_ASSIGN(ModArchive archive, rebuild(*target));
    out.archives.push_back(std::move(archive));
  }

  out.nodes = scene.model.nodes.size();
  for (const msh::BuildNode& node : scene.model.nodes) {
    out.frames = std::max(out.frames, node.keys.size());
    for (const auto& [slot, batches] : node.slots)
      for (const msh::BuildBatch& batch : batches) {
        out.batches += 1;
        out.triangles += batch.indices.size() / 3;
      }
  }
  out.materials = imported.materials.size();
  out.textures = imported.textures.size();
  out.lightmaps = imported.lightmaps.size();
  out.warnings = std::move(scene.warnings);
  out.warnings.insert(out.warnings.end(), imported.warnings.begin(), imported.warnings.end());
  return out;
}

}  // namespace parkan::importer
