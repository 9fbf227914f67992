// parkan msh info|check (cli.md "msh: models"): glue between the resource layer, the model library
// (msh/model.hpp), the WEAR parser and the terminal.
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli.hpp"
#include "model_sources.hpp"
#include "parkan/core/text.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/reference.hpp"

namespace parkan::cli {

namespace {

using nlohmann::json;

// ---- info ----

struct LoadedMsh {
  resource::Payload payload;
  msh::Model model;
};

Result<LoadedMsh> load_msh(const std::string& reference) {
  PARKAN_ASSIGN(std::vector<resource::Payload> payloads, models_named(reference));
  if (payloads.size() != 1 || (payloads[0].is_entry() && !resource::parse_reference(reference).is_entry())) {
    Error library = invalid_rule(
        "msh.model.library",
        fmt::format("a library of {} model{}, not a model: name one as {}::{}, or check them all with "
                    "`parkan msh check {}`",
                    payloads.size(), payloads.size() == 1 ? "" : "s", payloads[0].file(),
                    payloads[0].entry_name(), payloads[0].file()));
    return std::move(library).in_file(payloads[0].file());
  }
  PARKAN_TRY(expect_model(payloads[0]));
  PARKAN_ASSIGN(msh::Model model, payloads[0].parse([](ByteView bytes) { return msh::read_model(bytes); }));
  return LoadedMsh{std::move(payloads[0]), std::move(model)};
}

// The model's WEAR (msh.md: `<stem>.wea` in the same library), when there is one.
struct WearLookup {
  std::string name;                      // "<stem>.wea", empty when the model is a bare file
  std::optional<material::Wear> wear;    // parsed (the engine's file parser)
  std::optional<std::string> problem;    // why there is none: not found, or the parse error
};

WearLookup find_wear(const resource::Payload& payload) {
  WearLookup lookup;
  if (!payload.is_entry()) return lookup;
  std::string stem = payload.location().name;
  if (const std::size_t dot = stem.rfind('.'); dot != std::string::npos) stem.resize(dot);
  lookup.name = stem + ".wea";
  auto archive = resource::open_archive(payload.file());
  if (!archive) {
    lookup.problem = archive.error().to_string();
    return lookup;
  }
  const std::optional<std::size_t> index = (*archive)->find(lookup.name);
  if (!index) {
    lookup.problem = "not in the library";
    return lookup;
  }
  auto wear_payload = (*archive)->payload(*index);
  if (!wear_payload) {
    lookup.problem = wear_payload.error().to_string();
    return lookup;
  }
  auto wear = material::parse_wear(wear_payload->bytes(), material::WearParser::file);
  if (!wear) lookup.problem = wear.error().message;
  else lookup.wear = *std::move(wear);
  return lookup;
}

// The stored size of every stream (typed streams keep their bytes in the container, not the row).
std::vector<std::size_t> stream_sizes(const msh::Model& m) {
  std::vector<std::size_t> sizes;
  auto archive = nres::read(m.container, nres::Profile::compatible);
  for (std::size_t i = 0; i < m.streams.size(); ++i)
    sizes.push_back(archive && i < archive->entries.size() ? archive->entries[i].size : m.streams[i].payload.size());
  return sizes;
}

const char* kind_name(msh::ModelKind kind) { return kind == msh::ModelKind::terrain ? "terrain" : "model"; }

std::optional<std::string> material_name(const WearLookup& w, std::uint16_t material) {
  if (!w.wear || material >= w.wear->materials.size()) return std::nullopt;
  return cp1251_to_utf8(w.wear->materials[material].name);
}

json vec3_json(const msh::Vec3& v) {
  return json::array({float_for_json(v[0]), float_for_json(v[1]), float_for_json(v[2])});
}

json slots_of_node_json(const msh::Node& node) {
  json out = json::array();
  for (std::size_t a = 0; a < msh::kStateCount; ++a)
    for (std::size_t b = 0; b < msh::kLodCount; ++b)
      if (node.slot(a, b) != msh::kNoSlot) out.push_back({{"state", a}, {"lod", b}, {"slot", node.slot(a, b)}});
  return out;
}

json info_json(const LoadedMsh& loaded, const WearLookup& w) {
  const msh::Model& m = loaded.model;
  json doc;
  doc["model"] = loaded.payload.display_name();
  doc["kind"] = kind_name(m.kind);
  doc["node_table"] = m.node_layout == msh::NodeLayout::legacy24 ? 24 : 38;
  json streams = json::array();
  const std::vector<std::size_t> sizes = stream_sizes(m);
  for (std::size_t i = 0; i < m.streams.size(); ++i) {
    const msh::StreamRow& r = m.streams[i];
    streams.push_back({{"index", i}, {"type", r.type_id}, {"name", cp1251_to_utf8(r.name)}, {"attr1", r.attr1},
                       {"attr2", r.attr2}, {"attr3", r.attr3}, {"size", sizes[i]}});
  }
  doc["streams"] = std::move(streams);
  json nodes = json::array();
  for (std::size_t i = 0; i < m.nodes.size(); ++i) {
    const msh::Node& n = m.nodes[i];
    nodes.push_back({{"index", i},
                     {"name", cp1251_to_utf8(m.node_name(i))},
                     {"parent", n.parent == msh::kNoParent ? json(nullptr) : json(n.parent)},
                     {"flags", n.flags},
                     {"anim_map_start", n.anim_map_start == msh::kNoMap ? json(nullptr) : json(n.anim_map_start)},
                     {"fallback_key", n.fallback_key},
                     {"slots", slots_of_node_json(n)}});
  }
  doc["nodes"] = std::move(nodes);
  json slots = json::array();
  for (std::size_t j = 0; j < m.slots.size(); ++j) {
    const msh::Slot& s = m.slots[j];
    slots.push_back({{"index", j},
                     {"tri_start", s.tri_start},
                     {"tri_count", s.tri_count},
                     {"batch_start", s.batch_start},
                     {"batch_count", s.batch_count},
                     {"aabb_min", vec3_json(s.aabb_min)},
                     {"aabb_max", vec3_json(s.aabb_max)},
                     {"sphere_center", vec3_json(s.sphere_center)},
                     {"sphere_radius", float_for_json(s.sphere_radius)}});
  }
  doc["slots"] = std::move(slots);
  doc["counts"] = {{"nodes", m.node_layout == msh::NodeLayout::legacy24 ? json(nullptr) : json(m.nodes.size())},
                   {"slots", m.slots.size()},
                   {"vertices", m.positions.size()},
                   {"indices", m.indices.size()},
                   {"triangles", m.triangles.size()},
                   {"batches", m.batches.size()}};
  json batches = json::array();
  for (std::size_t j = 0; j < m.batches.size(); ++j) {
    const msh::Batch& b = m.batches[j];
    const std::optional<std::string> name = material_name(w, b.material);
    batches.push_back({{"index", j},
                       {"flags", b.flags},
                       {"material", b.material},
                       {"material_name", name ? json(*name) : json(nullptr)},
                       {"index_start", b.index_start},
                       {"index_count", b.index_count},
                       {"base_vertex", b.base_vertex}});
  }
  doc["batches"] = std::move(batches);
  if (w.name.empty()) {
    doc["wear"] = nullptr;
  } else {
    doc["wear"] = {{"name", cp1251_to_utf8(w.name)},
                   {"found", w.wear.has_value()},
                   {"materials", w.wear ? json(w.wear->materials.size()) : json(nullptr)},
                   {"problem", w.problem ? json(*w.problem) : json(nullptr)}};
  }
  return doc;
}

std::string slots_text(const msh::Node& node) {
  std::string out;
  for (std::size_t a = 0; a < msh::kStateCount; ++a)
    for (std::size_t b = 0; b < msh::kLodCount; ++b)
      if (node.slot(a, b) != msh::kNoSlot) out += fmt::format("{}[{}][{}]={}", out.empty() ? "" : " ", a, b,
                                                              node.slot(a, b));
  return out.empty() ? "-" : out;
}

void print_info_text(const LoadedMsh& loaded, const WearLookup& w) {
  const msh::Model& m = loaded.model;
  const bool legacy = m.node_layout == msh::NodeLayout::legacy24;
  fmt::print("{}: {}, {} streams, node table {}-byte{}\n", escape_control(loaded.payload.display_name()),
             kind_name(m.kind), m.streams.size(), legacy ? 24 : 38, legacy ? " (passed through, not decoded)" : "");
  fmt::print("nodes {}, slots {}, vertices {}, indices {}, triangles {}, batches {}\n",
             legacy ? std::string("?") : std::to_string(m.nodes.size()), m.slots.size(), m.positions.size(),
             m.indices.size(), m.triangles.size(), m.batches.size());
  fmt::print("streams:\n{:>4} {:>5} {:>10} {:>10} {:>10} {:>9}  name\n", "#", "type", "attr1", "attr2", "attr3",
             "size");
  const std::vector<std::size_t> sizes = stream_sizes(m);
  for (std::size_t i = 0; i < m.streams.size(); ++i) {
    const msh::StreamRow& r = m.streams[i];
    fmt::print("{:>4} {:>5} {:>10} {:>10} {:>10} {:>9}  {}\n", i, r.type_id, r.attr1, r.attr2, r.attr3, sizes[i],
               escape_control(cp1251_to_utf8(r.name)));
  }
  if (!m.nodes.empty()) {
    fmt::print("nodes:\n{:>4} {:>6} {:>6}  {:<20} slots [state][LOD]=slot\n", "node", "parent", "flags", "name");
    for (std::size_t i = 0; i < m.nodes.size(); ++i) {
      const msh::Node& n = m.nodes[i];
      fmt::print("{:>4} {:>6} {:>#6x}  {:<20} {}\n", i, n.parent == msh::kNoParent ? "-" : std::to_string(n.parent),
                 n.flags, escape_control(cp1251_to_utf8(m.node_name(i))), slots_text(n));
    }
  }
  if (!m.slots.empty()) {
    fmt::print("slots:\n{:>4} {:>13} {:>13}  aabb min / max, sphere\n", "slot", "triangles", "batches");
    for (std::size_t j = 0; j < m.slots.size(); ++j) {
      const msh::Slot& s = m.slots[j];
      fmt::print("{:>4} {:>13} {:>13}  ({} {} {}) ({} {} {}) r {}\n", j,
                 fmt::format("{}+{}", s.tri_start, s.tri_count), fmt::format("{}+{}", s.batch_start, s.batch_count),
                 s.aabb_min[0], s.aabb_min[1], s.aabb_min[2], s.aabb_max[0], s.aabb_max[1], s.aabb_max[2],
                 s.sphere_radius);
    }
  }
  if (!w.name.empty()) {
    if (w.wear)
      fmt::print("wear: {} ({} materials)\n", escape_control(cp1251_to_utf8(w.name)), w.wear->materials.size());
    else
      fmt::print("wear: {}: {}\n", escape_control(cp1251_to_utf8(w.name)), escape_control(*w.problem));
  }
  if (!m.batches.empty()) {
    fmt::print("batches:\n{:>5} {:>6} {:>8}  {:<24} {:>11} {:>7} {:>11}\n", "batch", "flags", "material", "wear name",
               "index start", "indices", "base vertex");
    for (std::size_t j = 0; j < m.batches.size(); ++j) {
      const msh::Batch& b = m.batches[j];
      const std::optional<std::string> name = material_name(w, b.material);
      fmt::print("{:>5} {:>#6x} {:>8}  {:<24} {:>11} {:>7} {:>11}\n", j, b.flags, b.material,
                 name ? escape_control(*name) : std::string(w.wear ? "(past the WEAR)" : "-"), b.index_start,
                 b.index_count, b.base_vertex);
    }
  }
}

// ---- check (the report shape of `anim check` and the shared runner) ----

struct MshModelReport {
  std::string name;
  resource::PayloadLocation location;
  SeverityCounts counts;
};
struct MshArgumentReport {
  std::string src;
  bool library = false;
  std::size_t models = 0;
  SeverityCounts counts;
};

Result<int> run_msh_check(const std::vector<std::string>& arguments, bool as_json) {
  std::vector<Diagnostic> all;
  std::vector<MshModelReport> models;
  std::vector<MshArgumentReport> files;
  bool unreadable = false;
  for (const std::string& argument : arguments) {
    MshArgumentReport file{argument, false, 0, {}};
    auto payloads = models_named(argument);
    if (!payloads) {
      unreadable = unreadable || payloads.error().code == ErrorCode::io;
      Diagnostic d = to_diagnostic(payloads.error(), "resource.open");
      if (!as_json) print_diagnostic(d);
      file.counts = count_severities(std::span(&d, 1));
      all.push_back(std::move(d));
      files.push_back(std::move(file));
      continue;
    }
    file.library =
        !payloads->empty() && payloads->front().is_entry() && !resource::parse_reference(argument).is_entry();
    std::vector<Diagnostic> in_file;
    for (const resource::Payload& payload : *payloads) {
      std::vector<Diagnostic> found;
      if (Status is_model = expect_model(payload); !is_model)
        found.push_back(to_diagnostic(is_model.error(), "resource.type"));
      else
        found = msh::check_model(payload.bytes());
      payload.locate(found);
      MshModelReport report{payload.display_name(), payload.location(), count_severities(found)};
      if (!as_json) {
        print_diagnostics(found);
        fmt::print("{}: {}\n", escape_control(report.name), counts_text(report.counts));
      }
      if (!file.library) file.src = report.name;
      in_file.insert(in_file.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
      models.push_back(std::move(report));
      ++file.models;
    }
    file.counts = count_severities(in_file);
    all.insert(all.end(), std::make_move_iterator(in_file.begin()), std::make_move_iterator(in_file.end()));
    files.push_back(std::move(file));
  }
  if (as_json) {
    json doc = check_report_json(all);
    json file_list = json::array();
    for (const MshArgumentReport& f : files)
      file_list.push_back({{"src", f.src}, {"archive", f.library}, {"models", f.models},
                           {"valid", f.counts.errors == 0}, {"errors", f.counts.errors},
                           {"warnings", f.counts.warnings}, {"notes", f.counts.notes}});
    json model_list = json::array();
    for (const MshModelReport& r : models)
      model_list.push_back({{"model", r.name},
                            {"file", r.location.file},
                            {"entry", r.location.index ? json(cp1251_to_utf8(r.location.name)) : nullptr},
                            {"valid", r.counts.errors == 0},
                            {"errors", r.counts.errors},
                            {"warnings", r.counts.warnings},
                            {"notes", r.counts.notes}});
    doc["files"] = std::move(file_list);
    doc["models"] = models.size();
    doc["per_model"] = std::move(model_list);
    print_json(doc);
  } else if (files.size() > 1 || models.size() > 1) {
    fmt::print("total: {} in {}, {}\n", count_of(models.size(), "model"), count_of(files.size(), "file"),
               counts_text(count_severities(all)));
  }
  if (unreadable) return static_cast<int>(ErrorCode::io);
  return check_exit_code(all);
}

constexpr const char* kMshModelHelp = "a model: an .msh file, or ARCHIVE::NAME (ARCHIVE::#N) for a model in a library";

}  // namespace

void add_msh_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("msh", "MSH models: streams, nodes, slots, batches and their checks");
  group->require_subcommand(1);
  {  // info
    auto model = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* c = add_command(*group, "info",
                              "streams, nodes with parents and names, slots, vertex/index/batch counts, each "
                              "batch's material through the model's WEAR",
                              [=]() -> Result<int> {
      PARKAN_ASSIGN(LoadedMsh loaded, load_msh(*model));
      const WearLookup wear = find_wear(loaded.payload);
      if (*as_json) print_json(info_json(loaded, wear));
      else print_info_text(loaded, wear);
      return 0;
    });
    c->footer("A batch's material is a row of <stem>.wea in the model's library, shown when that entry exists.");
    c->add_option("SRC", *model, kMshModelHelp)->required()->type_name("");
    c->add_flag("--json", *as_json, "print JSON");
  }
  {  // check
    auto models = std::make_shared<std::vector<std::string>>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* c = add_command(*group, "check", "every model rule (msh.md 8): strides, counts, ranges, bounds, parents",
                              [=]() -> Result<int> { return run_msh_check(*models, *as_json); });
    c->footer(
        "Prints each finding, a line per model and a total. Exit 0 when no model has errors, 1 when one has, "
        "3 when a file cannot be read.");
    c->add_option("SRC", *models, "models to check: .msh files, ARCHIVE::NAME, or an ARCHIVE (every model in it)")
        ->required()
        ->type_name("");
    c->add_flag("--json", *as_json, "print JSON");
  }
}

}  // namespace parkan::cli
