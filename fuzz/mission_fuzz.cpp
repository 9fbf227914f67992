// Missions on arbitrary bytes (docs/formats/mission.md): read, check, JSON, write. Invariants (trap on
// violation): no crash, no hang, no over-allocation (every count is bounded by the bytes left); what
// reads writes back byte for byte; check_mission reports the read's error with its rule.
#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "fuzz_assert.hpp"
#include "parkan/mission/mission.hpp"

using namespace parkan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ByteView input(data, size);
  Result<mission::Mission> m = mission::read_mission(input);
  const std::vector<Diagnostic> findings = mission::check_mission(input);
  if (!m) {
    FUZZ_ASSERT(!m.error().rule.empty());
    FUZZ_ASSERT(findings.size() == 1 && findings[0].code == m.error().rule);
    return 0;
  }
  (void)mission::mission_json(*m).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  FUZZ_ASSERT(mission::write_mission(*m) == ByteBuffer(input.begin(), input.end()));
  return 0;
}
