// The viewer's API (parkan::view::Service): arbitrary requests against the sample game, and every
// endpoint on a game made of one arbitrary file. Whatever comes in, each answer is a status the API
// has (200, 400, 404, 422) with a body of the type it says: JSON that parses (errors with a view.*
// code), a PNG, a glb.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "parkan/sample/sample_game.hpp"
#include "parkan/view/service.hpp"

using namespace parkan;

namespace {

constexpr const char* kRoutes[] = {"/api/game",  "/api/validation",        "/api/entry",   "/api/texture",
                                   "/api/texture.png", "/api/material", "/api/material/samples", "/api/model",
                                   "/api/model.glb", "/api/nothing"};
constexpr const char* kFileNames[] = {"input.lib", "input.msh", "input.0", "input.wea", "input.rlb"};
constexpr std::size_t kMaxEntriesTried = 8;

std::filesystem::path fresh_folder() {
  std::string pattern = (std::filesystem::temp_directory_path() / "parkan-view-fuzz-XXXXXX").string();
  if (!mkdtemp(pattern.data())) std::abort();
  return pattern;
}

const view::Service& sample_service() {
  static const std::unique_ptr<view::Service> service = [] {
    const std::filesystem::path dir = fresh_folder();
    if (!sample::write_sample_game(dir, sample::SampleOptions{}).ok()) std::abort();
    return view::Service::open(dir).value();
  }();
  return *service;
}

void check_response(const view::Response& r) {
  if (r.status != 200 && r.status != 400 && r.status != 404 && r.status != 422) std::abort();
  if (r.content_type == "application/json") {
    const nlohmann::json body = nlohmann::json::parse(r.body, nullptr, false);
    if (body.is_discarded()) std::abort();
    if (r.status != 200 && !body["error"]["code"].get<std::string>().starts_with("view.")) std::abort();
  } else if (r.content_type == "image/png") {
    if (r.status != 200 || r.body.compare(0, 4, "\x89PNG") != 0) std::abort();
  } else if (r.content_type == "model/gltf-binary") {
    if (r.status != 200 || r.body.compare(0, 4, "glTF") != 0) std::abort();
  } else {
    std::abort();
  }
}

// "k=v&k=v" as raw bytes (no decoding: the server hands the service decoded values).
view::Query parse_query(std::string_view text) {
  view::Query query;
  while (!text.empty()) {
    const std::size_t amp = text.find('&');
    const std::string_view pair = text.substr(0, amp);
    const std::size_t eq = pair.find('=');
    query.emplace(std::string(pair.substr(0, eq)), eq == std::string_view::npos ? "" : std::string(pair.substr(eq + 1)));
    if (amp == std::string_view::npos) break;
    text.remove_prefix(amp + 1);
  }
  return query;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t selector = data[0];
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  if ((selector & 0x80) == 0) {  // a request against the sample game
    const char* route = kRoutes[selector % std::size(kRoutes)];
    check_response(sample_service().handle(route, parse_query(rest)));
    return 0;
  }
  // A game of one file: every endpoint on the file and its first entries.
  static const std::filesystem::path dir = fresh_folder();
  std::filesystem::remove_all(dir);
  std::filesystem::create_directory(dir);
  const std::string name = kFileNames[selector % std::size(kFileNames)];
  std::ofstream(dir / name, std::ios::binary).write(rest.data(), static_cast<std::streamsize>(rest.size()));
  auto service = view::Service::open(dir);
  if (!service) std::abort();  // the folder is there: only its listing can fail
  for (const char* route : kRoutes) {
    check_response((*service)->handle(route, {{"file", name}}));
    for (std::size_t entry = 0; entry < kMaxEntriesTried; ++entry)
      check_response((*service)->handle(route, {{"file", name}, {"entry", std::to_string(entry)}, {"count", "64"}}));
  }
  return 0;
}
