// A diagnostic as JSON (docs/cli.md).
#include "parkan/core/diagnostic_json.hpp"

namespace parkan {

nlohmann::json diagnostic_json(const Diagnostic& d) {
  using nlohmann::json;
  return json{{"severity", severity_name(d.severity)},
              {"code", d.code},
              {"file", d.location.file},
              {"entry", d.location.entry.empty() ? json(nullptr) : json(d.location.entry)},
              {"offset", d.location.offset ? json(*d.location.offset) : json(nullptr)},
              {"message", d.message}};
}

}  // namespace parkan
