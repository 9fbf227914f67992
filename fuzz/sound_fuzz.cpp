// RIFF WAVE sounds on arbitrary bytes (docs/formats/sound.md): read, check, decode, write. Invariants
// (trap on violation): no crash, no over-allocation; what reads writes back byte for byte; the checker
// reports the read's error with its rule; a file the checker finds no error in decodes when its tag is
// PCM or MS ADPCM.
#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "fuzz_assert.hpp"
#include "parkan/sound/wave.hpp"

using namespace parkan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ByteView input(data, size);
  auto wave = sound::read_wave(input);
  const std::vector<Diagnostic> findings = sound::check_wave(input);
  if (!wave) {
    FUZZ_ASSERT(findings.size() == 1 && findings[0].code == wave.error().rule);
    return 0;
  }
  FUZZ_ASSERT(sound::write_wave(*wave) == ByteBuffer(input.begin(), input.end()));
  auto samples = sound::decode(*wave);
  const bool decodable = wave->format && (wave->format->tag == sound::kTagPcm || wave->format->tag == sound::kTagMsAdpcm);
  if (!has_errors(findings) && decodable) {
    FUZZ_ASSERT(samples.ok());
    FUZZ_ASSERT(samples->size() == sound::frame_count(*wave) * wave->format->channels);
  }
  (void)sound::wave_json(*wave);
  return 0;
}
