// One resource through its format's checker (the same checkers as `texm check`, `mat0 check`,
// `wear check`, `msh check` and `anim check`), and the names the reference pass needs from it.
#include <algorithm>

#include "parkan/msh/codes.hpp"
#include "parkan/font/font.hpp"
#include "validate/validate_internal.hpp"
#include "parkan/areal/areal_map.hpp"
#include "parkan/mission/mission.hpp"
#include "parkan/objdata/objdata.hpp"
#include "parkan/resource/payload.hpp"
#include "parkan/terrain/land.hpp"
#include "parkan/unit/assembly.hpp"
#include "parkan/unit/build_list.hpp"
#include "parkan/validate/codes.hpp"
#include "parkan/validate/validate.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/model.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/texm/check.hpp"
#include "parkan/texm/model.hpp"
#include "parkan/texm/palette.hpp"

namespace parkan::validate::detail {

namespace {

constexpr std::size_t kTexmFormatOffset = 28;         // Header::format

void append_findings(std::vector<Diagnostic>& out, std::vector<Diagnostic>&& more) {
  out.insert(out.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
}

void check_texture_resource(const ResourceInput& input, CheckedResource& out) {
  out.type = type_key(kind("texm"));
  std::string_view name = input.entry.empty() ? std::string_view(input.file) : std::string_view(input.entry);
  if (!input.entry.empty()) name = input.entry;
  else if (auto slash = name.rfind('/'); slash != std::string_view::npos) name = name.substr(slash + 1);
  append_findings(out.findings, texm::check_texture(input.bytes, name));
  out.facts.indexed_texture = input.bytes.size() >= kTexmFormatOffset + 4 &&
                              load_u32(input.bytes.data() + kTexmFormatOffset) == texm::format_number(texm::Format::indexed8);
}

void check_material_resource(const ResourceInput& input, CheckedResource& out) {
  out.type = type_key(kind("mat0"));
  auto mat = material::read_mat0(input.bytes, {input.attr1, input.attr2});
  if (!mat) {
    out.findings.push_back(to_diagnostic(mat.error(), codes::kMat0Read));
    return;
  }
  append_findings(out.findings, material::check_mat0(*mat));
  out.facts.material_tracks = mat->blocks.size();
  for (std::size_t p = 0; p < mat->phases.size(); ++p)
    if (mat->phases[p].has_texture())
      out.facts.textures.push_back({p, std::string(mat->phases[p].texture_name()), 0});
}

void check_wear_resource(const ResourceInput& input, CheckedResource& out) {
  out.type = type_key(kind("wear"));
  append_findings(out.findings, material::check_wear(input.bytes));
  // The references as the engine's file parser reads them (check_wear reports where the parsers differ).
  if (auto wear = material::parse_wear(input.bytes, material::WearParser::file)) {
    out.facts.wear_read = true;
    out.facts.wear_has_lightmaps = wear->has_lightmaps;
    for (const auto& row : wear->materials) out.facts.wear_materials.push_back(row.name);
    for (const auto& row : wear->lightmaps) out.facts.wear_lightmaps.push_back(row.name);
  }
}

void check_model_resource(const ResourceInput& input, CheckedResource& out) {
  out.type = type_key(kind("msh"));
  auto model = msh::read_model(input.bytes);
  if (!model) {
    out.findings.push_back(to_diagnostic(model.error(), msh::codes::kModelContainer));
    return;
  }
  append_findings(out.findings, msh::check_model(*model));
  if (model->has_stream(msh::kKeyPoolType) || model->has_stream(msh::kFrameMapType))
    append_findings(out.findings, msh::check_anim(input.bytes));
  out.facts.model_wear = model_wear_use(*model);  // checked against the WEAR beside it (validate_references.cpp)
  ModelNodes nodes;
  for (std::size_t i = 0; i < model->nodes.size(); ++i) nodes.names.push_back(model->node_name(i));
  nodes.path_nodes = model->path_nodes.size();
  out.facts.model_nodes = std::move(nodes);
}

void check_palette_resource(const ResourceInput& input, CheckedResource& out) {
  out.type = type_key(kind("palette"));
  if (auto pal = texm::read_pal(input.bytes); !pal) out.findings.push_back(to_diagnostic(pal.error(), codes::kPalRead));
  else append_findings(out.findings, font::check_pal(input.bytes));  // the Ipol table (docs/formats/font.md 7)
  note_pal_use(input, out);
}

// Counted under its FourCC (STAT, BTLU, ...) as `archive list` prints it (docs/formats/objects.md 1.1).
void check_prototype_resource(const ResourceInput& input, CheckedResource& out) {
  out.type = nres::type_name(input.type_id);
  append_findings(out.findings, objects::check_prototype_type(input.type_id, input.bytes.size()));
  append_findings(out.findings, objects::check_object_refs(input.bytes));
  if (auto refs = objects::read_object_refs(input.bytes)) {
    for (objects::ObjectRef& ref : *refs) ref.raw = {};  // the bytes go away with the archive
    out.facts.prototype = std::move(*refs);
  }
}

// Any other kind whose registry record has a checker (unit assemblies, missions, .ndp, .cpt, and each
// format added later): through the record, counted under its FourCC, or its key when it has no type id.
void check_registered_resource(const resource::Kind& k, const ResourceInput& input, CheckedResource& out) {
  out.type = k.type_id != 0 ? type_key(k) : std::string(k.key);
  resource::PayloadLocation where;
  where.file = input.file;
  where.name = input.entry;
  where.type_id = input.type_id;
  where.attr1 = input.attr1, where.attr2 = input.attr2, where.attr3 = input.attr3;
  append_findings(out.findings, k.check(resource::Payload({}, input.bytes, std::move(where))));
}

// What the world checks need (validate_references.cpp): a mission's map folder and placed objects, a unit
// assembly's part prototypes and class word, a .ndp's record count, a .cpt's node words.
void note_world_uses(const resource::Kind& k, const ResourceInput& input, CheckedResource& out) {
  if (k.key == "mission") {
    auto m = mission::read_mission(input.bytes);
    if (!m) return;
    MissionUse use;
    use.map_folder = mission::map_folder(m->map_path);
    for (std::size_t i = 0; i < m->objects.size(); ++i) {
      const mission::Object& o = m->objects[i];
      use.objects.push_back({i, o.kind, std::string(mission::stored_text(o.path)), o.offsets.record, o.logical_id,
                             o.host, o.hallway, o.offsets.host, o.position[0], o.position[1], o.offsets.position});
    }
    out.facts.mission = std::move(use);
  } else if (k.key == "terrain") {
    auto land = terrain::read_terrain(input.bytes);
    if (!land) return;
    const terrain::Stream* faces = land->stream(terrain::kFacesType);
    TerrainUse use;
    for (std::size_t i = 0; i < land->faces.size(); ++i) {
      const terrain::Face& f = land->faces[i];
      const std::uint64_t record = (faces ? faces->offset : 0) + i * terrain::kFaceStride;
      if (!use.tex1 || f.tex1 > use.tex1->row) use.tex1 = TerrainUse::Row{f.tex1, i, record + terrain::kFaceTex1Offset};
      if (f.has_second_material() && (!use.tex2 || f.tex2 > use.tex2->row))
        use.tex2 = TerrainUse::Row{f.tex2, i, record + terrain::kFaceTex2Offset};
    }
    use.min_x = use.max_x = land->corners[0].x;
    use.min_y = use.max_y = land->corners[0].y;
    for (const terrain::Vec3& c : land->corners) {
      use.min_x = std::min(use.min_x, c.x), use.max_x = std::max(use.max_x, c.x);
      use.min_y = std::min(use.min_y, c.y), use.max_y = std::max(use.max_y, c.y);
    }
    out.facts.terrain = use;
  } else if (k.key == "areal") {
    auto map = areal::read_areal_map(input.bytes);
    if (!map) return;
    std::optional<std::array<float, 4>> box;
    for (const areal::Areal& a : map->areals)
      for (const areal::Point& p : a.polygon) {
        if (!box) box = std::array<float, 4>{p[0], p[1], p[0], p[1]};
        (*box)[0] = std::min((*box)[0], p[0]), (*box)[1] = std::min((*box)[1], p[1]);
        (*box)[2] = std::max((*box)[2], p[0]), (*box)[3] = std::max((*box)[3], p[1]);
      }
    out.facts.areal_extent = box;
  } else if (k.key == "buildlist") {
    auto list = unit::read_build_list(input.bytes);
    if (!list) return;
    for (const unit::BuildListSection& section : list->sections)
      for (const unit::BuildListPath& path : section.paths)
        out.facts.build_list.push_back({section.name, unit::build_scheme_class(section.name), path.path, path.offset});
  } else if (k.key == "ndp") {
    if (auto records = objdata::read_ndp(input.bytes)) out.facts.ndp_records = records->size();
  } else if (k.key == "cpt") {
    auto points = objdata::read_cpt(input.bytes);
    if (!points) return;
    std::vector<CptNodeWord> words;
    for (std::size_t i = 0; i < points->size(); ++i) {
      const objdata::ControlPoint& p = (*points)[i];
      if (p.nodes == std::array<std::uint32_t, 3>{}) continue;  // not on a node (docs/formats/objdata.md 2)
      const std::uint64_t values = objdata::kCountSize + i * objdata::kCptValuesSize;
      for (std::size_t word = 1; word <= 2; ++word)
        words.push_back({i, p.name, word, static_cast<std::int32_t>(p.nodes[word]), values + 4 * word});
    }
    out.facts.cpt_nodes = std::move(words);
  } else if (k.key == "unit") {
    auto assembly = unit::read_assembly(input.bytes);
    if (!assembly) return;
    out.facts.unit_class = assembly->class_word;
    for (std::size_t i = 0; i < assembly->parts.size(); ++i) {
      const unit::Part& part = assembly->parts[i];
      out.facts.unit_parts.push_back({i, part.archive, part.key,
                                      unit::kHeaderSize + i * unit::kRecordSize + unit::kKeyOffset, part.parent,
                                      unit::hangs_on_socket(part), part.attachment, part.part_class});
    }
  }
}

bool in_objects_registry(std::string_view file) {
  const std::size_t slash = file.rfind('/');
  return fold_name(slash == std::string_view::npos ? file : file.substr(slash + 1)) == objects::kObjectsArchive;
}

}  // namespace

std::string type_key(const resource::Kind& kind) { return nres::type_name(kind.type_id); }

const resource::Kind& kind(std::string_view key) {
  const resource::Kind* found = resource::find_kind(key);
  return found ? *found : resource::other_kind();
}

CheckedResource check_resource(const ResourceInput& input) {
  CheckedResource out;
  out.file = input.file;
  out.entry = input.entry;
  if (input.entry.empty()) {
    const std::string_view key = input.loose_kind->key;
    if (key == "texm") check_texture_resource(input, out);
    else if (key == "wear") check_wear_resource(input, out);
    else if (key == "msh") check_model_resource(input, out);
    else if (input.loose_kind->check) {
      check_registered_resource(*input.loose_kind, input, out);
      note_world_uses(*input.loose_kind, input, out);
      if (key == "font") note_font_use(input, out);
      note_effect_uses(*input.loose_kind, input.bytes, out);
      note_sky_uses(*input.loose_kind, input.bytes, out);
    }
  } else if (in_objects_registry(input.file)) {
    check_prototype_resource(input, out);
  } else {
    // By the registry's record for the entry's type id (resource/kind.hpp).
    const resource::Kind* typed = resource::kind_of_type_id(input.type_id);
    const std::string_view key = typed ? typed->key : "";
    if (key == "texm") check_texture_resource(input, out);
    else if (key == "mat0") check_material_resource(input, out);
    else if (key == "wear") check_wear_resource(input, out);
    else if (key == "msh") check_model_resource(input, out);
    else if (key == "palette") check_palette_resource(input, out);
    else if (typed && typed->check) {
      check_registered_resource(*typed, input, out);
      note_world_uses(*typed, input, out);
      note_effect_uses(*typed, input.bytes, out);
      if (key == "font") note_font_use(input, out);
    } else out.type = nres::type_name(input.type_id);
  }
  locate_all(out.findings, input.file, input.entry);
  return out;
}

}  // namespace parkan::validate::detail
