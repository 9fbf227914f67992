// .ndp, .cpt and .bas on arbitrary bytes (docs/formats/objdata.md): read, check, write. Invariants (trap on
// violation): no crash, no over-allocation (the count is checked against the size first); what reads
// writes back byte for byte; the checker reports the read's error with its rule, and only warnings
// when the read succeeds.
#include <cstddef>
#include <cstdint>

#include "fuzz_assert.hpp"
#include "parkan/objdata/base.hpp"
#include "parkan/objdata/objdata.hpp"

using namespace parkan;

namespace {

template <typename Read, typename Check, typename Write>
void exercise(ByteView input, Read read, Check check, Write write) {
  auto records = read(input);
  const std::vector<Diagnostic> findings = check(input);
  if (!records) {
    FUZZ_ASSERT(findings.size() == 1 && findings[0].code == records.error().rule);
    return;
  }
  for (const Diagnostic& d : findings) FUZZ_ASSERT(d.severity != Severity::error);
  auto written = write(*records);
  FUZZ_ASSERT(written.ok());
  FUZZ_ASSERT(*written == ByteBuffer(input.begin(), input.end()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ByteView input(data, size);
  exercise(input, objdata::read_ndp, objdata::check_ndp, objdata::write_ndp);
  exercise(input, objdata::read_cpt, objdata::check_cpt, objdata::write_cpt);
  // .bas: counts bounded by the bytes left; the writer takes no failure.
  exercise(input, objdata::read_base, objdata::check_base,
           [](const objdata::Base& base) { return Result<ByteBuffer>(objdata::write_base(base)); });
  return 0;
}
