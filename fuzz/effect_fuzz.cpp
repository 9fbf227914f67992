// FXID effects and .exp explosions on arbitrary bytes (docs/formats/effect.md): read, check, write.
// Invariants (trap on violation): no crash, no over-allocation (the emitter count is never trusted: every
// block is checked against the bytes left); what reads writes back byte for byte; the checker reports
// the read's error with its rule, and only warnings when the read succeeds.
#include <cstddef>
#include <cstdint>

#include "fuzz_assert.hpp"
#include "parkan/effect/effect.hpp"

using namespace parkan;

namespace {

template <typename Read, typename Check, typename Write>
void exercise_effect(ByteView input, Read read, Check check, Write write) {
  auto value = read(input);
  const std::vector<Diagnostic> findings = check(input);
  if (!value) {
    FUZZ_ASSERT(findings.size() == 1 && findings[0].code == value.error().rule);
    return;
  }
  for (const Diagnostic& d : findings) FUZZ_ASSERT(d.severity != Severity::error);
  auto written = write(*value);
  FUZZ_ASSERT(written.ok());
  FUZZ_ASSERT(*written == ByteBuffer(input.begin(), input.end()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ByteView input(data, size);
  exercise_effect(input, effect::read_effect, effect::check_effect, effect::write_effect);
  exercise_effect(input, effect::read_explosion, effect::check_explosion, effect::write_explosion);
  return 0;
}
