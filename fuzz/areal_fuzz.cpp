// Land.map areal maps on arbitrary bytes (docs/formats/areal.md): read, check, write. Invariants (trap
// on violation): no crash, no hang, no over-allocation (every count is weighed against the bytes left
// first); what reads writes back byte for byte; check_areal_map reports the read's error with its rule.
#include <cstddef>
#include <cstdint>

#include "fuzz_assert.hpp"
#include "parkan/areal/areal_map.hpp"

using namespace parkan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ByteView input(data, size);
  Result<areal::ArealMap> map = areal::read_areal_map(input);
  const std::vector<Diagnostic> findings = areal::check_areal_map(input);
  if (!map) {
    FUZZ_ASSERT(!map.error().rule.empty());
    FUZZ_ASSERT(findings.size() == 1 && findings[0].code == map.error().rule);
    return 0;
  }
  Result<ByteBuffer> written = areal::write_areal_map(*map);
  FUZZ_ASSERT(written.ok());
  FUZZ_ASSERT(*written == ByteBuffer(input.begin(), input.end()));
  return 0;
}
