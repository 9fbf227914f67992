// parkan msh info|check (docs/cli.md 10.5): glue between the resource layer, the model library
// (msh/model.hpp), the WEAR parser and the terminal.
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "parkan/msh/codes.hpp"
#include "cli.hpp"
#include "model_sources.hpp"
#include "parkan/core/text.hpp"
#include "parkan/validate/model_wear.hpp"
#include "parkan/msh/info_json.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/core/utf8_path.hpp"

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
        msh::codes::kModelLibrary,
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

// The model's WEAR (docs/formats/msh.md: `<stem>.wea` in the same library), when there is one.
std::optional<msh::WearSummary> find_wear(const resource::Payload& payload) {
  if (!payload.is_entry()) return std::nullopt;
  auto archive = resource::open_archive(path_from_utf8(payload.file()));
  if (!archive) {
    msh::WearSummary summary{validate::wear_name_for_model(payload.location().name), std::nullopt,
                             archive.error().to_string()};
    return summary;
  }
  return validate::find_model_wear(**archive, payload.location().name);
}

std::string slots_text(const msh::Node& node) {
  std::string out;
  for (std::size_t stage = 0; stage < msh::kDamageStageCount; ++stage)
    for (std::size_t level = 0; level < msh::kLevelCount; ++level)
      if (node.slot(stage, level) != msh::kNoSlot)
        out += fmt::format("{}[{}][{}]={}", out.empty() ? "" : " ", stage, level, node.slot(stage, level));
  return out.empty() ? "-" : out;
}

void print_info_text(const LoadedMsh& loaded, const std::optional<msh::WearSummary>& w) {
  const msh::Model& m = loaded.model;
  const bool legacy = m.node_layout == msh::NodeLayout::legacy24;
  fmt::print("{}: {}, {} streams, node table {}-byte{}\n", escape_control(loaded.payload.display_name()),
             m.kind == msh::ModelKind::terrain ? "terrain" : "model", m.streams.size(), legacy ? 24 : 38, legacy ? " (passed through, not decoded)" : "");
  fmt::print("nodes {}, slots {}, vertices {}, indices {}, triangles {}, batches {}\n",
             legacy ? std::string("?") : std::to_string(m.nodes.size()), m.slots.size(), m.positions.size(),
             m.indices.size(), m.triangles.size(), m.batches.size());
  fmt::print("lightmap UVs (type 18) {}, path graph (type 17) {} points, {} links\n",
             m.has_stream(msh::kLightmapUvType) ? std::to_string(m.lightmap_uv.size()) : std::string("none"),
             m.path_nodes.size(), m.path_links.size());
  fmt::print("streams:\n{:>4} {:>5} {:>10} {:>10} {:>10} {:>9}  name\n", "#", "type", "attr1", "attr2", "attr3",
             "size");
  const std::vector<std::size_t> sizes = msh::stream_sizes(m);
  for (std::size_t i = 0; i < m.streams.size(); ++i) {
    const msh::StreamRow& r = m.streams[i];
    fmt::print("{:>4} {:>5} {:>10} {:>10} {:>10} {:>9}  {}\n", i, r.type_id, r.attr1, r.attr2, r.attr3, sizes[i],
               escape_control(cp1251_to_utf8(r.name)));
  }
  if (!m.nodes.empty()) {
    fmt::print("nodes:\n{:>4} {:>6} {:>6}  {:<20} {:<12} slots [stage][level]=slot\n", "node", "parent", "flags",
               "name", "socket");
    for (std::size_t i = 0; i < m.nodes.size(); ++i) {
      const msh::Node& n = m.nodes[i];
      const std::string socket = m.socket_prefix(i);
      fmt::print("{:>4} {:>6} {:>#6x}  {:<20} {:<12} {}\n", i,
                 n.parent == msh::kNoParent ? "-" : std::to_string(n.parent), n.flags,
                 escape_control(cp1251_to_utf8(m.node_name(i))),
                 socket.empty() ? std::string("-") : escape_control(cp1251_to_utf8(socket)), slots_text(n));
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
  if (w) {
    if (w->material_names)
      fmt::print("wear: {} ({} materials)\n", escape_control(cp1251_to_utf8(w->name)), w->material_names->size());
    else
      fmt::print("wear: {}: {}\n", escape_control(cp1251_to_utf8(w->name)), escape_control(*w->problem));
  }
  if (!m.batches.empty()) {
    fmt::print("batches:\n{:>5} {:>8} {:>8}  {:<24} {:>8} {:>5} {:>11} {:>7} {:>8} {:>11}\n", "batch", "word",
               "wear row", "wear name", "lightmap", "room", "index start", "indices", "vertices", "base vertex");
    for (std::size_t j = 0; j < m.batches.size(); ++j) {
      const msh::Batch& b = m.batches[j];
      const std::optional<std::string> name = msh::batch_material_name(w ? &*w : nullptr, b.wear_row);
      const std::string lightmap = b.lightmap == msh::kBatchUnlit        ? "unlit"
                                   : b.lightmap == msh::kBatchLightmapped ? "lit"
                                                                          : fmt::format("{:#04x}", b.lightmap);
      fmt::print("{:>5} {:>#8x} {:>8}  {:<24} {:>8} {:>5} {:>11} {:>7} {:>8} {:>11}\n", j, b.word, b.wear_row,
                 name ? escape_control(*name) : std::string(w && w->material_names ? "(past the WEAR)" : "-"), lightmap,
                 b.room == msh::kNoRoom ? std::string("-") : std::to_string(b.room), b.index_start, b.index_count,
                 b.vertex_count, b.base_vertex);
    }
  }
}

// ---- check ----

// The model rules, then the model against its WEAR when it is in a library (docs/formats/msh.md 8, 12.1).
std::vector<Diagnostic> check_with_wear(const resource::Payload& payload) {
  auto model = msh::read_model(payload.bytes());
  if (!model) return msh::check_model(payload.bytes());  // the read error as the one finding
  std::vector<Diagnostic> found = msh::check_model(*model);
  if (const std::optional<msh::WearSummary> wear = find_wear(payload)) {
    std::vector<Diagnostic> against = validate::check_model_wear(*model, *wear);
    found.insert(found.end(), std::make_move_iterator(against.begin()), std::make_move_iterator(against.end()));
  }
  return found;
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
      const std::optional<msh::WearSummary> wear = find_wear(loaded.payload);
      if (*as_json) print_json(msh::model_info_json(loaded.model, loaded.payload.display_name(), wear ? &*wear : nullptr));
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
    CLI::App* c = add_command(*group, "check", "every model rule (docs/formats/msh.md 8): strides, counts, ranges, bounds, parents",
                              [=]() -> Result<int> {
                                return run_payload_check(*models, *resource::find_kind("msh"), check_with_wear, *as_json,
                                                         {{}, true, {}});
                              });
    c->footer(
        "Prints each finding, a line per model and a total. Exit 0 when no model has errors, 1 when one has, "
        "3 when a file cannot be read.");
    c->add_option("SRC", *models,
                  "models to check: .msh files, ARCHIVE::NAME, an ARCHIVE (every model in it), a folder (every "
                  "file in it) or a pattern (models/*.msh, A.rlb::*.msh)")
        ->required()
        ->type_name("");
    c->add_flag("--json", *as_json, "print JSON");
  }
}

}  // namespace parkan::cli
