// /api/entry: any resource's directory row, its info as the CLI's --json prints it for its kind, and
// its findings (a resource that does not read still answers, with the parse error as a finding).
#include "parkan/core/diagnostic_json.hpp"
#include "parkan/core/text.hpp"
#include "parkan/validate/model_wear.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/msh/info_json.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/texm/json.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"
#include "view_internal.hpp"

namespace parkan::view::detail {

namespace {

using nlohmann::json;

Result<json> texture_info(const Located& at) {
  PARKAN_ASSIGN(texm::Texture texture, at.payload.parse(texm::read));
  json doc = texm::info_json(texture, at.payload.bytes().size());
  if (at.entry) doc["name_palette"] = texm::name_palette_json(texm::palette_index_from_name(at.payload.location().name));
  return doc;
}

Result<json> material_info(const Located& at) {
  const resource::PayloadLocation& loc = at.payload.location();
  PARKAN_ASSIGN(material::Mat0 mat, at.payload.parse(material::read_mat0, material::Mat0Attributes{loc.attr1, loc.attr2}));
  return material::mat0_to_json(mat);
}

Result<json> model_info(const Located& at) {
  PARKAN_ASSIGN(msh::Model model, at.payload.parse([](ByteView bytes) { return msh::read_model(bytes); }));
  std::optional<msh::WearSummary> wear;
  if (at.archive) wear = validate::find_model_wear(*at.archive, at.payload.location().name);
  return msh::model_info_json(model, display_name(at), wear ? &*wear : nullptr);
}

Result<json> wear_info(const Located& at) {
  PARKAN_ASSIGN(material::Wear wear, at.payload.parse(material::parse_wear, material::WearParser::file));
  return material::wear_to_json(wear);
}

Result<json> info_of(const Located& at) {
  if (at.view == "texture") return texture_info(at);
  if (at.view == "material") return material_info(at);
  if (at.view == "model") return model_info(at);
  if (at.view == "wear") return wear_info(at);
  // Effects, explosions and skies: the CLI's --json document, which the entry panel draws as an emitter
  // list and a day strip (docs/view.md 3.5, 3.6).
  const resource::Kind& kind = resource::kind_of(at.payload);
  if ((kind.key == "effect" || kind.key == "explosion" || kind.key == "sky") && kind.info_json)
    return kind.info_json(at.payload);
  return json(nullptr);
}

}  // namespace

Response handle_entry(const ServiceState& state, const Query& query) {
  Resolved r = resolve(state, query);
  if (!r.located) return std::move(r.error);
  const Located& at = *r.located;
  const resource::PayloadLocation& loc = at.payload.location();
  std::vector<Diagnostic> findings = state.findings_of(at.file, loc.name);
  json info = nullptr;
  if (auto parsed = info_of(at)) {
    info = *std::move(parsed);
  } else {
    Diagnostic d = to_diagnostic(parsed.error(), "view.broken");
    d.location = {at.file, loc.name, d.location.offset};
    findings.insert(findings.begin(), std::move(d));
  }
  json entry = nullptr;
  if (at.entry)
    entry = {{"index", *at.entry},
             {"name", at.payload.entry_name()},
             {"type", loc.type_id == 0 ? std::string("0") : nres::type_name(loc.type_id)},
             {"size", at.payload.bytes().size()}};
  return json_response({{"file", at.file},
                        {"entry", std::move(entry)},
                        {"view", at.view},
                        {"info", std::move(info)},
                        {"diagnostics", findings_json(state, findings)}});
}

}  // namespace parkan::view::detail
