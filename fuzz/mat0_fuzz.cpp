// MAT0 parse + write + check + sample + text form. Input: byte 0 = attr2 (mod 8), byte 1 = attr1,
// the rest the payload.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "parkan/material/json.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/sample.hpp"

using namespace parkan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  material::Mat0Attributes attrs{data[1], static_cast<std::uint32_t>(data[0] % 8)};
  ByteView payload(data + 2, size - 2);
  auto mat = material::read_mat0(payload, attrs);
  if (!mat) {
    if (!mat.error().rule.starts_with("mat0.")) std::abort();  // every parse error names its rule
    return 0;
  }
  auto bytes = material::write_mat0(*mat);
  if (!bytes || *bytes != ByteBuffer(payload.begin(), payload.end())) std::abort();  // lossless
  for (const Diagnostic& d : material::check_mat0(*mat))
    if (!d.code.starts_with("mat0.") || !d.location.offset || *d.location.offset >= payload.size()) std::abort();
  std::vector<material::PhaseRecord> records = material::to_records(*mat);
  std::uint32_t seed = size > 6 ? load_u32(data + size - 4) : 0;
  for (std::size_t b = 0; b < mat->blocks.size(); ++b) {
    auto timeline = material::Timeline::make(*mat, b);
    if (!timeline) continue;
    for (std::uint32_t i = 0; i < 8; ++i) {
      std::uint32_t start = seed * 7919u + i;
      material::RandomSource rand = [&] { return static_cast<std::int32_t>(seed % 32768u); };
      material::Selection s = timeline->select_by_time(seed + i * 977u, start, rand);
      if (s.key >= timeline->keys().size() || s.next >= timeline->keys().size()) std::abort();
      (void)material::sample_record(records, *timeline, s);
      float t;
      std::uint32_t bits = seed ^ (i * 0x9E3779B9u);
      std::memcpy(&t, &bits, 4);
      material::Selection st = timeline->select_by_t(t, start, rand);
      (void)material::sample_record(records, *timeline, st);
    }
  }
  auto back = material::mat0_from_json(nlohmann::json::parse(material::mat0_to_json(*mat).dump()));
  if (!back || !(*back == *mat) || material::write_mat0(*back).value() != *bytes) std::abort();  // dump/build identical
  return 0;
}
