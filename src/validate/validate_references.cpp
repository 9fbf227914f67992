// The references between the resources of a game, checked the way the engine follows them: a WEAR
// row names a material of Material.lib and a lightmap of LightMap.lib, a MAT0 phase names a texture of
// Textures.lib, an indexed texture's name picks a palette of palettes.lib, a model's batch names a
// row of the WEAR beside it, an objects.rlb prototype names resources in other archives.
//
// The severities are the project's reading of what the engine does with a broken reference, kept in
// this table: a fallback the engine takes on purpose is a warning, a reference that leaves something
// unrendered or reads past a table is an error.
#include <algorithm>
#include <array>
#include <cmath>
#include <unordered_map>

#include <fmt/format.h>

#include "parkan/msh/codes.hpp"
#include "validate/validate_internal.hpp"
#include "parkan/core/text.hpp"
#include "parkan/validate/codes.hpp"
#include "parkan/validate/model_wear.hpp"
#include "parkan/validate/validate.hpp"
#include "parkan/runtime/manager.hpp"
#include "parkan/runtime/material_lookup.hpp"
#include "parkan/runtime/messages.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/unit/assembly.hpp"

namespace parkan::validate::detail {

namespace {

struct ReferenceRule {
  const char* code;
  Severity severity;
};
// A WEAR material not in Material.lib: the engine logs "Material %s not found." and uses DEFAULT
// (else entry 0): docs/runtime.md, material_lookup.hpp.
constexpr ReferenceRule kWearMaterialMissing{codes::kWearMaterialMissing, Severity::warning};
// A WEAR lightmap not in LightMap.lib: "LightMap %s not found.", the slot stays -1 (drawn unlit).
constexpr ReferenceRule kWearLightmapMissing{codes::kWearLightmapMissing, Severity::error};
// A MAT0 phase texture not in Textures.lib: the texture slot stays -1 (drawn untextured).
constexpr ReferenceRule kMaterialTextureMissing{codes::kMat0TextureMissing, Severity::error};
// An indexed texture whose name picks a palette the bank lacks: an empty slot (docs/runtime.md).
constexpr ReferenceRule kTexturePaletteMissing{codes::kTexmPaletteMissing, Severity::warning};
// A model with batches and no `<stem>.wea` beside it: nothing says which materials it uses.
constexpr ReferenceRule kModelWearMissing{msh::codes::kWearMissing, Severity::warning};
// A library the references need is not in the game folder.
constexpr ReferenceRule kLibraryMissing{codes::kGameLibraryMissing, Severity::error};
// A mission whose map folder lacks a file: the engine cannot load the map.
constexpr ReferenceRule kMissionMapMissing{codes::kMissionMapMissing, Severity::error};
// A placed object whose .dat or objects.rlb key is absent: nothing to build.
constexpr ReferenceRule kMissionObjectMissing{codes::kMissionObjectMissing, Severity::error};
// A unit part whose prototype is absent: the assembly cannot be built.
constexpr ReferenceRule kUnitPrototypeMissing{codes::kUnitPrototypeMissing, Severity::error};
// A turret or gun on a node past its parent's mesh: nothing to hang it on (docs/formats/unit.md 3).
constexpr ReferenceRule kUnitSocketRange{codes::kUnitSocketRange, Severity::error};
// ... on a node that is no Base_* socket: every retail turret and gun hangs on one (1,414 of 1,414).
constexpr ReferenceRule kUnitSocketName{codes::kUnitSocketName, Severity::warning};
// A unit starting in a building at a hall-way vertex past the host model's path graph.
constexpr ReferenceRule kMissionHostHallway{codes::kMissionHostHallway, Severity::error};
// An object placed off the map's box: the engine's cell lookup has no square for it.
constexpr ReferenceRule kMissionObjectOutside{codes::kMissionObjectOutside, Severity::warning};
// A terrain face wearing a row past Land1.wea: the engine indexes past its material table.
constexpr ReferenceRule kTerrainWearRow{codes::kTerrainWearRow, Severity::error};
// Land2.wea is read row for row beside Land1.wea (the microtexture of the same row): retail files
// always have the same length.
constexpr ReferenceRule kTerrainWearLength{codes::kTerrainWearLength, Severity::warning};
// A Land2.wea material with one track: the engine takes track 1 as the microtexture, so a one-track
// material doubles itself (the world specification 10.4). Legal, worth knowing: a note.
constexpr ReferenceRule kTerrainWearOneTrack{codes::kTerrainWearOneTrack, Severity::note};
// A Land.map whose areals cover another box than the terrain beside it: the engine lays the areal grid
// over the areals' extent (openparkan's reading) and finds units' areals by position, so the two maps
// disagree on where the ground is.
constexpr ReferenceRule kTerrainArealExtent{codes::kTerrainArealExtent, Severity::warning};
// How far the two boxes may differ, as a share of the terrain's larger side: retail maps tile the
// terrain exactly; a margin keeps float noise and a one-cell rim from being reported.
constexpr float kArealExtentTolerance = 0.02f;
// A .ndp of another length than its model's node table: the engine reads a record per node (541 of 542
// retail files match; docs/formats/objdata.md 1), so a node past the records has no damage.
constexpr ReferenceRule kNdpNodeCount{codes::kNdpNodeCount, Severity::warning};
// A control point on a node past the model's node table: the engine attaches it to a node not there.
constexpr ReferenceRule kCptNodeRange{codes::kCptNodeRange, Severity::error};
// A scheme naming a .dat not in the game: the behaviour cannot build that stage.
constexpr ReferenceRule kBuildListPathMissing{codes::kBuildListPathMissing, Severity::error};
// A scheme's .dat of another building Type than the scheme's: what the engine builds is not what the
// list says (the world specification section 2 pairs each scheme with its Type).
constexpr ReferenceRule kBuildListClass{codes::kBuildListClass, Severity::warning};
// The files every map folder holds (docs/formats/mission.md 4, the world specification section 0).
constexpr std::array<std::string_view, 4> kMapFiles = {"Land.msh", "Land.map", "Land1.wea", "Land2.wea"};

void add_reference_finding(CheckedResource& where, const ReferenceRule& rule, std::optional<std::uint64_t> offset,
                           std::string message) {
  where.findings.push_back({rule.code, rule.severity, {where.file, where.entry, offset}, std::move(message)});
}

std::string base_name(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::string stem_of(std::string_view name) {
  const std::size_t dot = name.rfind('.');
  return std::string(dot == std::string_view::npos ? name : name.substr(0, dot));
}

// Lookups over what was checked: archives by folded path and by folded base name (references name
// archives without a folder), resources by (folded file, folded entry).
class GameIndex {
 public:
  explicit GameIndex(GameFacts& facts) : facts_(facts) {
    for (const auto& [folded, names] : facts.archives) by_base_.emplace(base_name(folded), &names);
    for (const auto& [folded, names] : facts.base_archives) base_by_name_.emplace(base_name(folded), &names);
    for (std::size_t i = 0; i < facts.resources.size(); ++i)
      resources_[fold_name(facts.resources[i].file)].emplace(fold_name(facts.resources[i].entry), i);
  }

  // A library at the top of the game folder (the engine opens it by name from its working folder).
  // The game's own, else the base game's (a mod that does not replace the library).
  const ArchiveNames* library(runtime::Library which) const {
    const std::string folded = fold_name(runtime::default_library_name(which));
    if (auto it = facts_.archives.find(folded); it != facts_.archives.end()) return &it->second;
    auto it = facts_.base_archives.find(folded);
    return it == facts_.base_archives.end() ? nullptr : &it->second;
  }
  // An archive named by a reference: its path from the top, else the first with that file name; the
  // game's own first, then the base game's.
  const ArchiveNames* archive(std::string_view name) const {
    const std::string folded = fold_name(name);
    if (auto it = facts_.archives.find(folded); it != facts_.archives.end()) return &it->second;
    if (auto it = by_base_.find(base_name(folded)); it != by_base_.end()) return it->second;
    if (auto it = facts_.base_archives.find(folded); it != facts_.base_archives.end()) return &it->second;
    auto it = base_by_name_.find(base_name(folded));
    return it == base_by_name_.end() ? nullptr : it->second;
  }
  CheckedResource* resource(std::string_view file, std::string_view entry) {
    auto f = resources_.find(fold_name(file));
    if (f == resources_.end()) return nullptr;
    auto e = f->second.find(fold_name(entry));
    return e == f->second.end() ? nullptr : &facts_.resources[e->second];
  }

 private:
  GameFacts& facts_;
  std::multimap<std::string, const ArchiveNames*> by_base_;       // the game's archives by file name
  std::multimap<std::string, const ArchiveNames*> base_by_name_;  // the base game's
  std::unordered_map<std::string, std::unordered_map<std::string, std::size_t>> resources_;
};

// An archive whose directory could not be read is not searched: its own error covers what it holds.
bool holds(const ArchiveNames* archive, std::string_view name) {
  return archive && (!archive->readable || archive->folded.count(fold_name(name)) != 0);
}

// Reported once, on the first resource that needs the library.
class MissingLibraries {
 public:
  bool report(CheckedResource& where, runtime::Library which) {
    if (reported_[static_cast<std::size_t>(which)]) return false;
    reported_[static_cast<std::size_t>(which)] = true;
    add_reference_finding(where, kLibraryMissing, std::nullopt,
                          fmt::format("no {} in the game folder: the {} this resource names cannot be found",
                                      runtime::default_library_name(which), runtime::library_word(which)));
    return true;
  }

 private:
  bool reported_[4] = {};
};

void check_wear_references(CheckedResource& wear, GameIndex& index, MissingLibraries& missing) {
  if (!wear.facts.wear_read) return;
  const ArchiveNames* materials = index.library(runtime::Library::materials);
  if (!materials && !wear.facts.wear_materials.empty()) missing.report(wear, runtime::Library::materials);
  for (const std::string& name : wear.facts.wear_materials)
    if (materials && !holds(materials, name)) {
      const bool has_default = holds(materials, runtime::kDefaultMaterial);
      add_reference_finding(wear, kWearMaterialMissing, std::nullopt,
                            fmt::format("material \"{}\" is not in {}: the engine logs \"{}\" and uses {}",
                                        escape_control(cp1251_to_utf8(name)), materials->file,
                                        escape_control(cp1251_to_utf8(runtime::material_not_found(name))),
                                        has_default ? "DEFAULT" : "the library's first entry"));
    }
  const ArchiveNames* lightmaps = index.library(runtime::Library::lightmaps);
  if (!lightmaps && !wear.facts.wear_lightmaps.empty()) missing.report(wear, runtime::Library::lightmaps);
  for (const std::string& name : wear.facts.wear_lightmaps)
    if (lightmaps && !holds(lightmaps, name))
      add_reference_finding(wear, kWearLightmapMissing, std::nullopt,
                            fmt::format("lightmap \"{}\" is not in {} (the engine logs \"{}\")",
                                        escape_control(cp1251_to_utf8(name)), lightmaps->file,
                                        escape_control(cp1251_to_utf8(runtime::lightmap_not_found(name)))));
}

void check_material_references(CheckedResource& material, GameIndex& index, MissingLibraries& missing) {
  if (material.facts.textures.empty()) return;
  const ArchiveNames* textures = index.library(runtime::Library::textures);
  if (!textures) {
    missing.report(material, runtime::Library::textures);
    return;
  }
  for (const MaterialTexture& t : material.facts.textures)
    if (!holds(textures, t.texture))
      add_reference_finding(material, kMaterialTextureMissing, std::nullopt,
                            fmt::format("phase {}: texture \"{}\" is not in {}", t.phase,
                                        escape_control(cp1251_to_utf8(t.texture)), textures->file));
}

void check_palette_reference(CheckedResource& texture, GameIndex& index) {
  if (!texture.facts.indexed_texture) return;
  const std::string name = texture.entry.empty() ? base_name(texture.file) : texture.entry;
  const texm::NamePalette palette = texm::palette_index_from_name(name);
  if (!palette.has_palette() || palette.outside_bank()) return;  // the texture's own check reports those
  const std::string wanted = texm::palette_slot_name(static_cast<std::size_t>(palette.index));
  const ArchiveNames* bank = index.library(runtime::Library::palettes);
  if (holds(bank, wanted)) return;
  add_reference_finding(texture, kTexturePaletteMissing, std::nullopt,
                        fmt::format("the name picks palette slot {} ({}), which {}: the engine's slot stays empty",
                                    palette.index, wanted,
                                    bank ? fmt::format("{} does not have", bank->file)
                                         : fmt::format("no {} provides", runtime::default_library_name(
                                                                             runtime::Library::palettes))));
}

// The model against the WEAR beside it is validate::check_model_wear, as `msh check` runs it (its rules and
// severities: docs/formats/msh.md 12.1); here only the WEAR is found, and its absence reported.
void check_model_references(CheckedResource& model, GameIndex& index) {
  if (!model.facts.model_wear) return;
  const ModelWearUse& use = *model.facts.model_wear;
  const bool loose = model.entry.empty();
  const std::string wear_name = stem_of(loose ? model.file : model.entry) + ".wea";
  const CheckedResource* wear = loose ? index.resource(wear_name, "") : index.resource(model.file, wear_name);
  if (!wear) {
    if (use.batches.empty()) return;  // nothing names a WEAR row
    std::uint8_t highest = 0;
    for (const ModelWearUse::BatchBytes& batch : use.batches) highest = std::max(highest, batch.wear_row);
    add_reference_finding(model, kModelWearMissing, std::nullopt,
                          fmt::format("no {} beside the model: its batches name WEAR rows up to {}",
                                      escape_control(cp1251_to_utf8(base_name(wear_name))), highest));
    return;
  }
  if (!wear->facts.wear_read) return;  // the WEAR's own findings say why
  msh::WearSummary summary;
  summary.name = loose ? base_name(wear->file) : wear->entry;
  summary.material_names = wear->facts.wear_materials;
  summary.has_lightmaps = wear->facts.wear_has_lightmaps;
  std::vector<Diagnostic> found = check_model_wear(use, summary);
  locate_all(found, model.file, model.entry);
  model.findings.insert(model.findings.end(), std::make_move_iterator(found.begin()),
                        std::make_move_iterator(found.end()));
}

// The prototypes of the objects.rlb at `registry_file` as checked, and the archives' names.
objects::ObjectRegistry registry_of(GameIndex& index, const std::string& registry_file) {
  objects::ObjectRegistry registry;
  registry.prototype = [&index, registry_file](std::string_view key) -> std::optional<std::vector<objects::ObjectRef>> {
    const CheckedResource* found = index.resource(registry_file, key);
    if (!found || !found->facts.prototype) return std::nullopt;
    return *found->facts.prototype;
  };
  registry.exists = [&index](std::string_view archive, std::string_view resource) {
    return holds(index.archive(archive), resource);
  };
  return registry;
}

// The nodes of the model a prototype key resolves to, through the prototypes of `archive_name` (a unit
// part's archive, objects.rlb). Null when a step is missing: that step's own finding says so.
const ModelNodes* prototype_model_nodes(GameIndex& index, std::string_view archive_name, std::string_view key) {
  const ArchiveNames* registry_archive = index.archive(archive_name);
  if (!registry_archive) return nullptr;
  const objects::ObjectResolution resolution = objects::resolve_object(registry_of(index, registry_archive->file), key);
  if (!resolution.model) return nullptr;
  const ArchiveNames* holder = index.archive(resolution.model->archive);
  const CheckedResource* model = holder ? index.resource(holder->file, resolution.model->resource) : nullptr;
  return model && model->facts.model_nodes ? &*model->facts.model_nodes : nullptr;
}

// The .ndp and .cpt a prototype names (docs/formats/objdata.md) against its model's nodes; each file is
// checked once, against the first prototype that names it (`checked`).
void check_object_data(const CheckedResource& prototype, const objects::ObjectResolution& resolution,
                       GameIndex& index, std::set<const CheckedResource*>& checked) {
  if (!resolution.model) return;
  const ArchiveNames* model_holder = index.archive(resolution.model->archive);
  const CheckedResource* model = model_holder ? index.resource(model_holder->file, resolution.model->resource) : nullptr;
  if (!model || !model->facts.model_nodes) return;
  const std::size_t nodes = model->facts.model_nodes->names.size();
  const std::string model_name = fmt::format("{}::{}", base_name(model->file), cp1251_to_utf8(model->entry));
  for (const objects::ObjectRef& ref : resolution.expanded) {
    const ArchiveNames* holder = index.archive(ref.archive);
    CheckedResource* data = holder ? index.resource(holder->file, ref.resource) : nullptr;
    if (!data || (!data->facts.ndp_records && !data->facts.cpt_nodes) || !checked.insert(data).second) continue;
    const std::string whose = fmt::format("{} (prototype {})", model_name, cp1251_to_utf8(prototype.entry));
    if (data->facts.ndp_records && *data->facts.ndp_records != nodes)
      add_reference_finding(*data, kNdpNodeCount, 0,
                            fmt::format("{} damage records for the {} nodes of {}", *data->facts.ndp_records, nodes, whose));
    if (!data->facts.cpt_nodes) continue;
    for (const CptNodeWord& w : *data->facts.cpt_nodes) {
      if (w.node >= 0 && static_cast<std::size_t>(w.node) < nodes) continue;
      add_reference_finding(*data, kCptNodeRange, w.offset,
                            fmt::format("control point {} ({}): node word {} is {}, not one of the {} nodes of {}",
                                        w.point, escape_control(cp1251_to_utf8(w.name)), w.word, w.node, nodes, whose));
    }
  }
}

void check_prototype_references(CheckedResource& prototype, GameIndex& index,
                                std::set<const CheckedResource*>& object_data_checked) {
  if (!prototype.facts.prototype) return;
  objects::ObjectResolution resolution = objects::resolve_object(registry_of(index, prototype.file), prototype.entry);
  for (Diagnostic& d : resolution.findings) {
    d.location.file = prototype.file;
    d.location.entry = prototype.entry;
    prototype.findings.push_back(std::move(d));
  }
  check_object_data(prototype, resolution, index, object_data_checked);
}

// A file named by the world's records: '\\' separated, relative to the game folder, any case.
std::string world_path(std::string_view stored) {
  std::string path = fold_name(stored);
  std::replace(path.begin(), path.end(), '\\', '/');
  return path;
}

bool has_file(const GameFacts& facts, const std::string& folded) {
  return facts.files.contains(folded) || facts.base_files.contains(folded);
}

void check_mission_references(CheckedResource& m, const GameFacts& facts, GameIndex& index) {
  const MissionUse& use = *m.facts.mission;
  for (std::string_view file : kMapFiles) {
    const std::string path = use.map_folder + "/" + std::string(file);
    if (!has_file(facts, world_path(path)))
      add_reference_finding(m, kMissionMapMissing, std::nullopt,
                            fmt::format("the map {} has no {}", cp1251_to_utf8(use.map_folder), file));
  }
  const ArchiveNames* prototypes = index.archive(objects::kObjectsArchive);
  for (const PlacedObjectUse& o : use.objects) {
    const bool scenery = o.kind >= 2;
    if (scenery ? holds(prototypes, o.path) : has_file(facts, world_path(o.path))) continue;
    add_reference_finding(m, kMissionObjectMissing, o.offset,
                          scenery ? fmt::format("object {}: \"{}\" is no prototype of {}", o.index,
                                                cp1251_to_utf8(o.path), objects::kObjectsArchive)
                                  : fmt::format("object {}: {} is not in the game", o.index, cp1251_to_utf8(o.path)));
  }
}

// A turret or gun against the nodes of its parent's model (docs/formats/unit.md 3). A negative
// attachment is the assembly's own finding (unit.part.attachment).
void check_unit_socket(CheckedResource& assembly, const UnitPartUse& part, GameIndex& index) {
  const std::vector<UnitPartUse>& parts = assembly.facts.unit_parts;
  if (!part.on_socket || part.parent < 0 || part.attachment < 0) return;
  const UnitPartUse& parent = parts[static_cast<std::size_t>(part.parent)];
  const ModelNodes* nodes = prototype_model_nodes(index, parent.archive, parent.key);
  if (!nodes) return;
  const std::uint64_t offset = unit::kHeaderSize + part.index * unit::kRecordSize + unit::kAttachmentOffset;
  const auto node = static_cast<std::size_t>(part.attachment);
  const std::string what = fmt::format("part {}: the {} \"{}\" hangs on node {} of \"{}\"", part.index,
                                       unit::part_class_name(part.part_class), cp1251_to_utf8(part.key), node,
                                       cp1251_to_utf8(parent.key));
  if (node >= nodes->names.size()) {
    add_reference_finding(assembly, kUnitSocketRange, offset,
                          fmt::format("{}, whose model has {} nodes", what, nodes->names.size()));
  } else if (!unit::is_socket_name(nodes->names[node])) {
    add_reference_finding(assembly, kUnitSocketName, offset,
                          fmt::format("{}, \"{}\", which is no Base_* socket", what,
                                      escape_control(cp1251_to_utf8(nodes->names[node]))));
  }
}

void check_unit_references(CheckedResource& assembly, GameIndex& index) {
  for (const UnitPartUse& part : assembly.facts.unit_parts) {
    if (!holds(index.archive(part.archive), part.key)) {
      add_reference_finding(assembly, kUnitPrototypeMissing, part.offset,
                            fmt::format("part {}: \"{}\" is no prototype of {}", part.index,
                                        cp1251_to_utf8(part.key), cp1251_to_utf8(part.archive)));
      continue;
    }
    check_unit_socket(assembly, part, index);
  }
}

// A unit starting inside a building: its hall-way vertex against the path graph (type 17) of the
// host's model, the model of the host .dat's root part. A host that is no building of the mission is
// the mission's own finding (mission.object.host); a missing step, another chain's.
void check_mission_hosts(CheckedResource& m, GameIndex& index) {
  const MissionUse& use = *m.facts.mission;
  for (const PlacedObjectUse& o : use.objects) {
    if (o.host < 0 || o.hallway < 0) continue;
    auto host = std::find_if(use.objects.begin(), use.objects.end(), [&](const PlacedObjectUse& h) {
      return h.kind == 0 && h.logical_id == o.host;
    });
    if (host == use.objects.end()) continue;
    const CheckedResource* assembly = index.resource(world_path(host->path), "");
    if (!assembly || assembly->facts.unit_parts.empty()) continue;
    const UnitPartUse& root = assembly->facts.unit_parts.front();
    const ModelNodes* nodes = prototype_model_nodes(index, root.archive, root.key);
    if (!nodes || static_cast<std::size_t>(o.hallway) < nodes->path_nodes) continue;
    add_reference_finding(m, kMissionHostHallway, o.host_offset,
                          fmt::format("object {}: starts at hall-way vertex {} of building {} ({}), whose model "
                                      "\"{}\" has {} path nodes",
                                      o.index, o.hallway, o.host, cp1251_to_utf8(host->path),
                                      cp1251_to_utf8(root.key), nodes->path_nodes));
  }
}

std::string folder_of(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? std::string_view() : path.substr(0, slash + 1));
}

// The rows of a map folder's loose WEAR (Land1.wea, Land2.wea); nullopt when it is absent or does not read.
std::optional<std::size_t> wear_rows(GameIndex& index, const std::string& path) {
  const CheckedResource* wear = index.resource(path, "");
  if (!wear || !wear->facts.wear_read) return std::nullopt;
  return wear->facts.wear_materials.size();
}

// Land2.wea's materials of one track (found in Material.lib), named once per terrain: the first three
// and how many in all.
void check_microtexture_tracks(CheckedResource& land, GameIndex& index, const std::string& land2_path) {
  const CheckedResource* land2 = index.resource(land2_path, "");
  const ArchiveNames* materials = index.library(runtime::Library::materials);
  if (!land2 || !land2->facts.wear_read || !materials) return;
  std::vector<std::string> single;
  for (const std::string& name : land2->facts.wear_materials) {
    const CheckedResource* mat = index.resource(materials->file, name);
    if (mat && mat->facts.material_tracks && *mat->facts.material_tracks <= 1 &&
        std::find(single.begin(), single.end(), name) == single.end())
      single.push_back(name);
  }
  if (single.empty()) return;
  std::string names;
  for (std::size_t i = 0; i < single.size() && i < 3; ++i)
    names += (i ? ", " : "") + escape_control(cp1251_to_utf8(single[i]));
  if (single.size() > 3) names += ", ...";
  add_reference_finding(land, kTerrainWearOneTrack, std::nullopt,
                        fmt::format("{} material{} of Land2.wea ha{} one track, so the microtexture (track 1) is the "
                                    "material itself: {}",
                                    single.size(), single.size() == 1 ? "" : "s", single.size() == 1 ? "s" : "ve", names));
}

// The areals of the Land.map beside a terrain cover the terrain's XY box (the world specification 10.1).
void check_areal_extent(CheckedResource& land, GameIndex& index, const std::string& map_path) {
  const CheckedResource* map = index.resource(map_path, "");
  if (!map || !map->facts.areal_extent) return;
  const TerrainUse& t = *land.facts.terrain;
  const std::array<float, 4>& a = *map->facts.areal_extent;
  const float tolerance = kArealExtentTolerance * std::max(t.max_x - t.min_x, t.max_y - t.min_y);
  const std::array<float, 4> terrain = {t.min_x, t.min_y, t.max_x, t.max_y};
  for (std::size_t i = 0; i < 4; ++i) {
    if (std::abs(a[i] - terrain[i]) <= tolerance) continue;
    add_reference_finding(land, kTerrainArealExtent, std::nullopt,
                          fmt::format("Land.map's areals cover x {} to {}, y {} to {}; the terrain x {} to {}, y {} to {}",
                                      a[0], a[2], a[1], a[3], t.min_x, t.max_x, t.min_y, t.max_y));
    return;
  }
}

// A terrain's faces against the Land1.wea beside it (both tex bytes are its rows, docs/formats/terrain.md),
// and Land2.wea's length against it. The WEARs' materials are their own references (wear.material.missing).
void check_terrain_references(CheckedResource& land, GameIndex& index) {
  const TerrainUse& use = *land.facts.terrain;
  const std::string folder = folder_of(land.file);
  const std::optional<std::size_t> rows = wear_rows(index, folder + "Land1.wea");
  if (!rows) return;  // the map folder's own finding (mission.map.missing) or the WEAR's say why
  for (const auto& [row, layer] : {std::pair{use.tex1, "tex1"}, std::pair{use.tex2, "tex2"}}) {
    if (!row || row->row < *rows) continue;
    add_reference_finding(land, kTerrainWearRow, row->offset,
                          fmt::format("face {} wears row {} of Land1.wea ({}), which has {} rows", row->face, row->row,
                                      layer, *rows));
  }
  const std::optional<std::size_t> second = wear_rows(index, folder + "Land2.wea");
  if (second && *second != *rows)
    add_reference_finding(land, kTerrainWearLength, std::nullopt,
                          fmt::format("Land2.wea has {} rows and Land1.wea {}: the engine pairs them row for row",
                                      *second, *rows));
  check_microtexture_tracks(land, index, folder + "Land2.wea");
  check_areal_extent(land, index, folder + "Land.map");
}

// Every path of BuildDat.lst names a .dat of the game whose class word is its section's building Type.
void check_build_list_references(CheckedResource& list, const GameFacts& facts, GameIndex& index) {
  for (const BuildListUse& use : list.facts.build_list) {
    const std::string path = world_path(use.path);
    if (!has_file(facts, path)) {
      add_reference_finding(list, kBuildListPathMissing, use.offset,
                            fmt::format("{}: {} is not in the game", cp1251_to_utf8(use.section), cp1251_to_utf8(use.path)));
      continue;
    }
    const CheckedResource* dat = index.resource(path, "");
    if (!use.class_word || !dat || !dat->facts.unit_class || *dat->facts.unit_class == *use.class_word) continue;
    add_reference_finding(list, kBuildListClass, use.offset,
                          fmt::format("{}: {} is of class 0x{:08X}, not the scheme's 0x{:08X}", cp1251_to_utf8(use.section),
                                      cp1251_to_utf8(use.path), *dat->facts.unit_class, *use.class_word));
  }
}

// Every placed object within the XY box of its map's terrain.
void check_mission_extent(CheckedResource& m, GameIndex& index) {
  const MissionUse& use = *m.facts.mission;
  const CheckedResource* land = index.resource(world_path(use.map_folder + "/Land.msh"), "");
  if (!land || !land->facts.terrain) return;
  const TerrainUse& box = *land->facts.terrain;
  for (const PlacedObjectUse& o : use.objects) {
    if (o.x >= box.min_x && o.x <= box.max_x && o.y >= box.min_y && o.y <= box.max_y) continue;
    add_reference_finding(m, kMissionObjectOutside, o.position_offset,
                          fmt::format("object {} at ({}, {}) is outside the map's box ({}..{}, {}..{})", o.index, o.x,
                                      o.y, box.min_x, box.max_x, box.min_y, box.max_y));
  }
}

}  // namespace

void check_references(GameFacts& facts) {
  GameIndex index(facts);
  MissingLibraries missing;
  std::set<const CheckedResource*> object_data_checked;
  const std::string wear = type_key(kind("wear")), material = type_key(kind("mat0")), texture = type_key(kind("texm")),
                    model = type_key(kind("msh"));
  for (CheckedResource& r : facts.resources) {
    if (r.facts.prototype) check_prototype_references(r, index, object_data_checked);
    else if (r.facts.mission) {
      check_mission_references(r, facts, index);
      check_mission_hosts(r, index);
      check_mission_extent(r, index);
    } else if (r.facts.terrain) {
      check_terrain_references(r, index);
    }
    else if (!r.facts.unit_parts.empty()) check_unit_references(r, index);
    else if (!r.facts.build_list.empty()) check_build_list_references(r, facts, index);
    else if (r.type == wear) check_wear_references(r, index, missing);
    else if (r.type == material) check_material_references(r, index, missing);
    else if (r.type == texture) check_palette_reference(r, index);
    else if (r.type == model) check_model_references(r, index);
  }
  check_named_references(facts);  // effects and skies (validate_effects.cpp)
}

}  // namespace parkan::validate::detail
