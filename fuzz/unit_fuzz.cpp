// Unit assemblies on arbitrary bytes (docs/formats/unit.md): read, check, write. Invariants (trap on
// violation): no crash, no hang (the tree is walked without recursion), no over-allocation; what reads
// writes back byte for byte; check_assembly reports the read's error with its rule, and no error
// besides unit.part.key when the read succeeds.
#include <cstddef>
#include <cstdint>

#include "fuzz_assert.hpp"
#include "parkan/unit/assembly.hpp"
#include "parkan/unit/codes.hpp"

using namespace parkan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ByteView input(data, size);
  Result<unit::Assembly> assembly = unit::read_assembly(input);
  const std::vector<Diagnostic> findings = unit::check_assembly(input);
  if (!assembly) {
    FUZZ_ASSERT(!assembly.error().rule.empty());
    FUZZ_ASSERT(findings.size() == 1 && findings[0].code == assembly.error().rule);
    return 0;
  }
  for (const Diagnostic& d : findings)
    FUZZ_ASSERT(d.severity != Severity::error || d.code == unit::codes::kPartKey);
  Result<ByteBuffer> written = unit::write_assembly(*assembly);
  FUZZ_ASSERT(written.ok());
  FUZZ_ASSERT(*written == ByteBuffer(input.begin(), input.end()));
  return 0;
}
