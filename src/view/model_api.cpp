// /api/model (streams, nodes, damage stages, LODs and whether there is a cockpit view, animation
// length) and /api/model.glb (the glTF export, in memory; docs/view.md).
#include <set>

#include <fmt/format.h>

#include "parkan/export/gltf.hpp"
#include "parkan/validate/model_wear.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/info_json.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/core/text.hpp"
#include "parkan/core/utf8_path.hpp"
#include "view_internal.hpp"

namespace parkan::view::detail {

namespace {

using nlohmann::json;

Opened<msh::Model> open_model(const ServiceState& state, const Query& query) {
  return open_as<msh::Model>(state, query, "model", "model", [](const Located& at) {
    return at.payload.parse([](ByteView bytes) { return msh::read_model(bytes); });
  });
}

// The name the page shows and the export names its root after: the entry, or the loose file's name.
std::string model_name(const Located& located) {
  return located.entry ? located.payload.entry_name() : path_to_utf8(path_from_utf8(located.file).filename());
}

}  // namespace

Response handle_model(const ServiceState& state, const Query& query) {
  Opened<msh::Model> m = open_model(state, query);
  if (!m.value) return m.error;
  std::optional<msh::WearSummary> wear;
  if (m.located->archive) wear = validate::find_model_wear(*m.located->archive, m.located->payload.location().name);
  const std::string display = display_name(*m.located);
  std::set<std::size_t> states, lods;
  bool cockpit = false;  // level 4 is the first-person view, not a LOD (docs/formats/msh.md 2.2)
  json nodes = json::array();
  for (std::size_t i = 0; i < m.value->nodes.size(); ++i) {
    const msh::Node& n = m.value->nodes[i];
    for (std::size_t a = 0; a < msh::kDamageStageCount; ++a)
      for (std::size_t b = 0; b < msh::kLevelCount; ++b)
        if (n.slot(a, b) != msh::kNoSlot) {
          states.insert(a);
          if (b == msh::kCockpitLevel)
            cockpit = true;
          else
            lods.insert(b);
        }
    if (n.flags & msh::kNodeCockpit) cockpit = true;
    nodes.push_back({{"index", i},
                     {"name", cp1251_to_utf8(m.value->node_name(i))},
                     {"parent", n.parent == msh::kNoParent ? json(nullptr) : json(n.parent)},
                     {"cockpit", (n.flags & msh::kNodeCockpit) != 0}});
  }
  json animation = nullptr;
  if (auto streams = msh::read_anim_streams(m.located->payload.bytes());
      streams && streams->key_count > 0 && streams->frame_count > 1)
    animation = {{"frames", streams->frame_count},
                 {"fps", gltf::kDefaultFps},
                 {"duration", static_cast<double>(streams->frame_count - 1) / gltf::kDefaultFps}};
  return json_response({{"name", model_name(*m.located)},
                        {"info", msh::model_info_json(*m.value, display, wear ? &*wear : nullptr)},
                        {"states", states},
                        {"lods", lods},
                        {"cockpit", cockpit},
                        {"nodes", std::move(nodes)},
                        {"animation", std::move(animation)},
                        {"diagnostics", findings_json(state, state.findings_of(m.located->file,
                                                                               m.located->payload.location().name))}});
}

Response handle_model_glb(const ServiceState& state, const Query& query) {
  Resolved r = resolve(state, query);
  if (!r.located) return std::move(r.error);
  if (r.located->view != "model") return wrong_kind(*r.located, "model");
  auto state_index = query_number(query, "state", msh::kDamageStageCount - 1, 0);
  auto lod = query_number(query, "lod", msh::kLodLevelCount - 1, 0);
  auto cockpit = query_number(query, "cockpit", 1, 0);
  if (!state_index || !lod || !cockpit)
    return error_response(400, "view.bad_request",
                          fmt::format("`state` is 0..{}, `lod` 0..{} and `cockpit` 0 or 1", msh::kDamageStageCount - 1,
                                      msh::kLodLevelCount - 1));
  gltf::Source source;
  source.model = r.located->payload.bytes();
  source.entry_name = r.located->entry ? r.located->payload.location().name
                                       : path_to_utf8(path_from_utf8(r.located->file).filename());
  source.display_name = display_name(*r.located);
  source.library = r.located->archive;
  source.game = state.game.get();
  gltf::Options options;
  options.state = static_cast<std::uint32_t>(*state_index);
  options.lod = static_cast<std::uint32_t>(*lod);
  options.cockpit = *cockpit == 1;
  auto exported = gltf::export_model(source, options, gltf::Container::glb);
  if (!exported) return broken_response(state, *r.located, exported.error());
  return {200, "model/gltf-binary", std::string(exported->document.begin(), exported->document.end())};
}

}  // namespace parkan::view::detail
