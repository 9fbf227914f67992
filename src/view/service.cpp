// The view service: opening a game for viewing and routing a request to its handler.
#include "parkan/view/service.hpp"

#include <charconv>

#include <fmt/format.h>

#include "parkan/validate/validate_json.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/resource/kind.hpp"
#include "view_internal.hpp"

namespace parkan::view {

using detail::ServiceState;

struct Service::State : ServiceState {};

Service::Service(std::unique_ptr<State> state) : state_(std::move(state)) {}
Service::~Service() = default;

const validate::ValidationReport& Service::report() const { return state_->report; }

Result<std::unique_ptr<Service>> Service::open(const std::filesystem::path& game_dir,
                                               const std::filesystem::path& base) {
  auto state = std::make_unique<State>();
  state->root = game_dir;
  PARKAN_ASSIGN(resource::Game game, resource::Game::open(game_dir, base));  // fails fast on a missing base
  validate::ValidateOptions options;
  options.base = base;
  PARKAN_ASSIGN(state->report, validate::validate_game(game_dir, options));
  state->game = std::make_unique<resource::Game>(std::move(game));
  for (const validate::FoundFile& f : state->report.files) state->files.emplace(f.path, f.kind);
  for (std::size_t i = 0; i < state->report.findings.size(); ++i) {
    const Location& at = state->report.findings[i].location;
    state->findings_at[{at.file, at.entry}].push_back(i);
  }
  state->game_json = detail::game_json(*state);
  state->validation_json = detail::validation_json(*state);
  return std::unique_ptr<Service>(new Service(std::move(state)));
}

Response Service::handle(std::string_view path, const Query& query) const {
  using namespace detail;
  for (const auto& [name, value] : query)
    if (name.size() > kMaxQueryValue || value.size() > kMaxQueryValue)
      return error_response(400, "view.bad_request", "a query parameter is longer than 1024 bytes");
  const ServiceState& s = *state_;
  if (path == "/api/game") return {200, "application/json", s.game_json};
  if (path == "/api/validation") return {200, "application/json", s.validation_json};
  if (path == "/api/entry") return handle_entry(s, query);
  if (path == "/api/kinds") return handle_kinds();
  if (path == "/api/texture") return handle_texture(s, query);
  if (path == "/api/texture.png") return handle_texture_png(s, query);
  if (path == "/api/font") return handle_font(s, query);
  if (path == "/api/font.png") return handle_font_png(s, query);
  if (path == "/api/material") return handle_material(s, query);
  if (path == "/api/material/samples") return handle_material_samples(s, query);
  if (path == "/api/model") return handle_model(s, query);
  if (path == "/api/model.glb") return handle_model_glb(s, query);
  if (path == "/api/mission") return handle_mission(s, query);
  if (path == "/api/mission/map.png") return handle_mission_map_png(s, query);
  if (path == "/api/mission.glb") return handle_mission_glb(s, query);
  if (path == "/api/mission/object.glb") return handle_mission_object_glb(s, query);
  if (path == "/api/unit.glb") return handle_unit_glb(s, query);
  if (path == "/api/terrain/map.png") return handle_terrain_map_png(s, query);
  if (path == "/api/sound") return handle_sound(s, query);
  if (path == "/api/sound.wav") return handle_sound_wav(s, query);
  return error_response(404, "view.not_found", fmt::format("no such API: {}", path));
}

namespace detail {

using nlohmann::json;

std::string_view view_of_type(std::uint32_t type_id) {
  const resource::Kind* kind = resource::kind_of_type_id(type_id);
  return kind ? kind->view : resource::other_kind().view;
}

Result<std::shared_ptr<const resource::Archive>> ServiceState::archive(const std::string& file) const {
  return game->archive(file);
}

std::vector<Diagnostic> ServiceState::findings_of(const std::string& file, const std::string& entry_name) const {
  std::vector<Diagnostic> out;
  if (auto it = findings_at.find({file, entry_name}); it != findings_at.end())
    for (std::size_t i : it->second) out.push_back(report.findings[i]);
  return out;
}

Response json_response(const json& document, int status) {
  return {status, "application/json", document.dump(-1, ' ', false, json::error_handler_t::replace)};
}

Response error_response(int status, std::string_view code, std::string_view message,
                        const std::vector<Diagnostic>& diagnostics) {
  json body = {{"error", {{"status", status}, {"code", code}, {"message", message}}}};
  if (!diagnostics.empty()) {
    json list = json::array();
    for (const Diagnostic& d : diagnostics) list.push_back(validate::validation_finding_json(d));
    body["diagnostics"] = std::move(list);
  }
  return json_response(body, status);
}

Response broken_response(const ServiceState& state, const Located& located, const Error& error) {
  std::vector<Diagnostic> diagnostics{to_diagnostic(error, "view.broken")};
  diagnostics[0].location = {located.file, located.payload.location().name, diagnostics[0].location.offset};
  for (Diagnostic& d : state.findings_of(located.file, located.payload.location().name))
    diagnostics.push_back(std::move(d));
  return error_response(422, "view.broken", diagnostics[0].message, diagnostics);
}

std::string display_name(const Located& located) {
  return located.entry ? located.file + "::" + located.payload.entry_name() : located.file;
}

Response wrong_kind(const Located& located, std::string_view wanted) {
  return error_response(422, "view.kind",
                        fmt::format("{} is not a {} (it shows as {})", display_name(located), wanted,
                                    located.view));
}

// An error of the resource layer, located by the game-relative file (its own message names the full
// path the archive was opened with, which is the user's, not the game's).
Response unreadable_response(const std::string& file, const Error& error) {
  Diagnostic d = to_diagnostic(error, "view.broken");
  d.location.file = file;
  return error_response(422, "view.broken", fmt::format("{}: {}", file, d.message), {d});
}

std::optional<std::uint64_t> query_number(const Query& query, std::string_view name, std::uint64_t max,
                                          std::optional<std::uint64_t> fallback) {
  auto it = query.find(name);
  if (it == query.end()) return fallback;
  const std::string& text = it->second;
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value > max) return std::nullopt;
  return value;
}

Resolved resolve(const ServiceState& state, const Query& query) {
  Resolved out;
  auto file_it = query.find("file");
  if (file_it == query.end()) {
    out.error = error_response(400, "view.bad_request", "the parameter `file` is missing");
    return out;
  }
  // Only a path the game's scan found is served, or a file of the base game that the mod leaves to it
  // (found as resource::Game finds it, never outside the base folder): nothing else is reachable.
  const std::string& file = file_it->second;
  auto listed = state.files.find(file);
  std::optional<std::filesystem::path> base_file;
  if (listed == state.files.end() && state.game->from_base(file)) base_file = state.game->path_of(file);
  if (listed == state.files.end() && !base_file) {
    out.error = error_response(404, "view.not_found", fmt::format("no file {} in the game", file));
    return out;
  }
  std::optional<resource::Payload> whole_file;  // a base game's file, read to learn its kind
  if (base_file) {
    auto payload = resource::open_file_payload(*base_file);
    if (!payload) {
      out.error = unreadable_response(file, payload.error());
      return out;
    }
    whole_file = *std::move(payload);
  }
  const resource::Kind& kind = whole_file ? resource::kind_of(*whole_file) : *listed->second;
  const bool container = kind.is_container;
  Located located;
  located.file = file;
  if (query.count("entry")) {
    auto index = query_number(query, "entry", std::numeric_limits<std::uint32_t>::max());
    if (!index) {
      out.error = error_response(400, "view.bad_request", "`entry` is a directory index (a decimal number)");
      return out;
    }
    if (!container) {
      out.error = error_response(404, "view.not_found", fmt::format("{} is not an archive: it has no entries", file));
      return out;
    }
    auto archive = state.archive(file);
    if (!archive) {
      out.error = unreadable_response(file, archive.error());
      return out;
    }
    if (*index >= (*archive)->entry_count()) {
      out.error = error_response(404, "view.not_found",
                                 fmt::format("{} has {} entries: no entry {}", file, (*archive)->entry_count(), *index));
      return out;
    }
    auto payload = (*archive)->payload(*index);
    if (!payload) {
      out.error = unreadable_response(file, payload.error());
      return out;
    }
    located.entry = static_cast<std::size_t>(*index);
    located.view = view_of_type(payload->location().type_id);
    located.payload = *std::move(payload);
    located.archive = *std::move(archive);
  } else if (whole_file) {
    located.view = kind.view;
    located.payload = *std::move(whole_file);
  } else {
    auto payload = resource::open_file_payload(state.root / path_from_utf8(file));
    if (!payload) {
      out.error = unreadable_response(file, payload.error());
      return out;
    }
    located.view = kind.view;
    located.payload = *std::move(payload);
  }
  out.located = std::move(located);
  return out;
}

}  // namespace detail

}  // namespace parkan::view
