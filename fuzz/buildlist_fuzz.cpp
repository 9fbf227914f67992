// BuildDat.lst on arbitrary bytes (docs/formats/unit.md 5): read, check, JSON. Invariants (trap on
// violation): no crash, no hang, no over-allocation (a count is refused past kBuildListMaxCount and
// paths are only pushed as lines are found); check_build_list reports the read's error with its rule,
// and only warnings when the read succeeds; every section holds exactly its declared count of paths.
#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "fuzz_assert.hpp"
#include "parkan/unit/build_list.hpp"

using namespace parkan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ByteView input(data, size);
  Result<unit::BuildList> list = unit::read_build_list(input);
  const std::vector<Diagnostic> findings = unit::check_build_list(input);
  if (!list) {
    FUZZ_ASSERT(!list.error().rule.empty());
    FUZZ_ASSERT(findings.size() == 1 && findings[0].code == list.error().rule);
    return 0;
  }
  for (const Diagnostic& d : findings) FUZZ_ASSERT(d.severity == Severity::warning);
  for (const unit::BuildListSection& s : list->sections) {
    FUZZ_ASSERT(s.paths.size() == s.count);
    for (const unit::BuildListPath& p : s.paths) FUZZ_ASSERT(p.offset < size);
  }
  (void)unit::build_list_json(*list).dump();
  return 0;
}
