// libFuzzer target for the raw-layout counters of `parkan evidence` (docs/evidence.md 1): any bytes as a
// texture, a model container, a MAT0 payload, an NRes sort table and a WEAR text. They must never
// crash, over-read or over-allocate; malformed input is only counted as unreadable.
#include <cstddef>
#include <cstdint>
#include <optional>

#include "parkan/evidence/tally.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace parkan::evidence;
  const parkan::ByteView bytes(data, size);
  Tally tally;
  count_texture(bytes, "FUZZ.0", tally);
  count_model(bytes, WearFacts{size ? data[0] : 0u, size > 1 && (data[1] & 1)}, tally);
  count_material(bytes, size > 2 ? data[2] : 6u, tally);
  count_nres_sort_table(bytes, tally);
  (void)read_wear_facts(bytes);
  resolve_page_cells(tally);
  return 0;
}
