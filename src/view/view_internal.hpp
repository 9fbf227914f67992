#pragma once
// What the handlers of the view service share: the opened game, the validation report indexed by
// resource, resolving a request's `file` and `entry` to a payload, and the response shapes.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "parkan/core/diagnostic.hpp"
#include "parkan/validate/validate.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/view/service.hpp"

namespace parkan::view::detail {

// Which panel of the page shows a resource: its kind's Kind::view ("texture", "material", "model",
// "wear", "none"; resource/kind.hpp), by an entry's type id.
std::string_view view_of_type(std::uint32_t type_id);

// A resource a request named: the payload, the archive holding it (null for a loose file), and its
// place in the game.
struct Located {
  resource::Payload payload;
  std::shared_ptr<const resource::Archive> archive;
  std::string file;                  // game-relative, as /api/game lists it
  std::optional<std::size_t> entry;  // directory index
  std::string_view view = "none";  // Kind::view
};

struct ServiceState {
  std::filesystem::path root;
  validate::ValidationReport report;
  std::map<std::string, const resource::Kind*, std::less<>> files;  // every file found, by game-relative path
  // Findings (indices into report.findings) by file and stored entry name ("" for the whole file).
  std::map<std::pair<std::string, std::string>, std::vector<std::size_t>> findings_at;
  std::unique_ptr<resource::Game> game;  // archives opened once, kept (thread-safe)
  std::string game_json;                 // /api/game and /api/validation, built once
  std::string validation_json;

  // The archive in `file` (a path listed in `files`).
  Result<std::shared_ptr<const resource::Archive>> archive(const std::string& file) const;
  // The findings of one resource, as validate reports them.
  std::vector<Diagnostic> findings_of(const std::string& file, const std::string& entry_name) const;
};

Response json_response(const nlohmann::json& document, int status = 200);
// {"error": {"status", "code", "message"}, "diagnostics": [...]} (diagnostics only when given).
Response error_response(int status, std::string_view code, std::string_view message,
                        const std::vector<Diagnostic>& diagnostics = {});
// A resource that did not read: 422 view.broken with the parse error and the validation findings.
Response broken_response(const ServiceState& state, const Located& located, const Error& error);

// An error of the resource layer (a file that cannot be read), as 422 view.broken located by the
// game-relative `file`.
Response unreadable_response(const std::string& file, const Error& error);

// The `file` and `entry` parameters to a payload, or the error response (400, 404).
struct Resolved {
  std::optional<Located> located;
  Response error;
};
Resolved resolve(const ServiceState& state, const Query& query);
// `name` as an unsigned integer in [0, max], or nullopt (absent: `fallback`).
std::optional<std::uint64_t> query_number(const Query& query, std::string_view name, std::uint64_t max,
                                          std::optional<std::uint64_t> fallback = std::nullopt);

// A finding as the validation report has it, plus "entry_index" (null for the whole file).
nlohmann::json finding_json(const ServiceState& state, const Diagnostic& finding);
nlohmann::json findings_json(const ServiceState& state, const std::vector<Diagnostic>& findings);

std::string game_json(const ServiceState& state);
std::string validation_json(const ServiceState& state);

// The handlers (texture_api.cpp, material_api.cpp, model_api.cpp, entry_api.cpp).
Response handle_entry(const ServiceState& state, const Query& query);
Response handle_kinds();
Response handle_texture(const ServiceState& state, const Query& query);
Response handle_texture_png(const ServiceState& state, const Query& query);
Response handle_font(const ServiceState& state, const Query& query);      // font_api.cpp
Response handle_font_png(const ServiceState& state, const Query& query);
Response handle_material(const ServiceState& state, const Query& query);
Response handle_material_samples(const ServiceState& state, const Query& query);
Response handle_model(const ServiceState& state, const Query& query);
Response handle_model_glb(const ServiceState& state, const Query& query);
// mission_api.cpp
Response handle_mission(const ServiceState& state, const Query& query);
Response handle_mission_map_png(const ServiceState& state, const Query& query);
Response handle_mission_glb(const ServiceState& state, const Query& query);
Response handle_mission_object_glb(const ServiceState& state, const Query& query);
Response handle_unit_glb(const ServiceState& state, const Query& query);
Response handle_terrain_map_png(const ServiceState& state, const Query& query);
// sound_api.cpp
Response handle_sound(const ServiceState& state, const Query& query);
Response handle_sound_wav(const ServiceState& state, const Query& query);

// A resource of one kind, parsed: `value` set, or `error` the response (400/404 from resolve, 422
// view.kind for another kind, 422 view.broken when `parse` fails).
template <class T>
struct Opened {
  std::optional<Located> located;
  std::optional<T> value;
  Response error;
};

// "Textures.lib::ROCK.0" or "models/tank.msh": game-relative, for messages.
std::string display_name(const Located& located);
// 422 view.kind: the resource is not what the endpoint shows.
Response wrong_kind(const Located& located, std::string_view wanted);

// The resource a request names, if it is of `kind`, parsed by `parse(const Located&) -> Result<T>`.
template <class T, class Parse>
Opened<T> open_as(const ServiceState& state, const Query& query, std::string_view kind, std::string_view kind_name,
                  Parse&& parse) {
  Opened<T> out;
  Resolved r = resolve(state, query);
  if (!r.located) {
    out.error = std::move(r.error);
    return out;
  }
  if (r.located->view != kind) {
    out.error = wrong_kind(*r.located, kind_name);
    return out;
  }
  auto value = parse(*r.located);
  if (!value) {
    out.error = broken_response(state, *r.located, value.error());
    return out;
  }
  out.value = *std::move(value);
  out.located = std::move(r.located);
  return out;
}

}  // namespace parkan::view::detail
