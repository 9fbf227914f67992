#pragma once
// The JSON/PNG/glTF API behind `parkan view` (docs/view.md 3).
// No HTTP here: a request is a path and its decoded query parameters, a response a status, a content
// type and a body, so that the handlers are tested and benchmarked without a socket. Read-only: no
// handler writes anything.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "parkan/core/error.hpp"
#include "parkan/validate/validate.hpp"

namespace parkan::view {

using Query = std::map<std::string, std::string, std::less<>>;

struct Response {
  int status = 200;
  std::string content_type;
  std::string body;
};

// Named limits of a request (the server adds its own on size and time).
inline constexpr std::size_t kMaxSamples = 4096;         // /api/material/samples count
inline constexpr std::size_t kMaxQueryValue = 1024;      // bytes of one query value
inline constexpr std::uint32_t kMaxSampleTimeMs = 1u << 30;  // start and step of a sample request
inline constexpr std::uint32_t kDefaultMapSize = 512;    // /api/mission/map.png: the longer side in pixels
inline constexpr std::uint32_t kMaxMapSize = 2048;       // its largest `size`

class Service {
 public:
  // Validates the game (the findings give every entry its status) and indexes its files. Errors
  // only when the folder cannot be listed. With a `base` game (docs/view.md 2), `game_dir` is a mod
  // over it: the mod's files are listed and validated against it, and a file the mod does not hold
  // (Textures.lib, say) is read from the base.
  static Result<std::unique_ptr<Service>> open(const std::filesystem::path& game_dir,
                                               const std::filesystem::path& base = {});
  ~Service();

  // GET `path` (e.g. "/api/texture") with `query`. Safe to call from several threads at once.
  Response handle(std::string_view path, const Query& query) const;

  const validate::ValidationReport& report() const;

 private:
  struct State;
  explicit Service(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace parkan::view
