// sky.ske on arbitrary bytes (docs/formats/sky.md): read, check, write. Invariants (trap on violation):
// no crash, no over-allocation (section, keyframe and effect counts are checked against the bytes left);
// what reads writes back byte for byte; the checker reports the read's error with its rule, and only
// warnings when the read succeeds.
#include <cstddef>
#include <cstdint>

#include "fuzz_assert.hpp"
#include "parkan/sky/sky.hpp"

using namespace parkan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ByteView input(data, size);
  auto sky = sky::read_sky(input);
  const std::vector<Diagnostic> findings = sky::check_sky(input);
  if (!sky) {
    FUZZ_ASSERT(findings.size() == 1 && findings[0].code == sky.error().rule);
    return 0;
  }
  for (const Diagnostic& d : findings) FUZZ_ASSERT(d.severity != Severity::error);
  auto written = sky::write_sky(*sky);
  FUZZ_ASSERT(written.ok());
  FUZZ_ASSERT(*written == ByteBuffer(input.begin(), input.end()));
  return 0;
}
