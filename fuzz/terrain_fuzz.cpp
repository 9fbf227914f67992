// Land.msh on arbitrary bytes (docs/formats/terrain.md): read, check, JSON, write. Invariants (trap on
// violation): no crash, no hang, no over-allocation (every count is checked against its payload
// first); what reads writes back byte for byte; check_terrain reports a failed read as that one error.
#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "fuzz_assert.hpp"
#include "parkan/terrain/land.hpp"

using namespace parkan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ByteView input(data, size);
  Result<terrain::Terrain> land = terrain::read_terrain(input);
  const std::vector<Diagnostic> findings = terrain::check_terrain(input);
  if (!land) {
    FUZZ_ASSERT(!land.error().rule.empty());
    FUZZ_ASSERT(findings.size() == 1 && findings[0].code == land.error().rule);
    return 0;
  }
  (void)terrain::terrain_json(*land);
  Result<ByteBuffer> written = terrain::write_terrain(*land);
  FUZZ_ASSERT(written.ok());
  FUZZ_ASSERT(*written == ByteBuffer(input.begin(), input.end()));
  return 0;
}
