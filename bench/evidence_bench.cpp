// `parkan evidence` on the retail-size sample game (docs/evidence.md; target <= 2 s for the command):
// the whole scan on every core and on one thread, and the mip check alone on a 1024x1024 8888 texture,
// its heaviest per-byte work.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "parkan/evidence/evidence.hpp"
#include "sample_game_fixture.hpp"

using namespace parkan;

namespace {

void BM_EvidenceRetailGame(benchmark::State& state) {
  const std::filesystem::path& dir = bench::sample_game_once<true>();
  evidence::EvidenceOptions options;
  options.threads = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    auto report = evidence::gather_evidence(dir, options);
    if (!report) state.SkipWithError("gather_evidence failed");
    benchmark::DoNotOptimize(report);
  }
}
BENCHMARK(BM_EvidenceRetailGame)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// A 1024x1024 8888 texture with its full chain of 11 levels, as the Texm layout stores it.
ByteBuffer big_texture() {
  const std::uint32_t side = 1024, levels = 11;
  ByteBuffer out(32, 0);
  const std::uint32_t header[8] = {0x6D786554, side, side, levels, 0, 0, 0, 8888};
  std::memcpy(out.data(), header, sizeof header);
  for (std::uint32_t k = 0; k < levels; ++k) {
    const std::size_t n = std::size_t(side >> k) * (side >> k) * 4;
    for (std::size_t i = 0; i < n; ++i) out.push_back(std::uint8_t(i * 2654435761u >> 24));
  }
  return out;
}

void BM_EvidenceTexture1024(benchmark::State& state) {
  const ByteBuffer texture = big_texture();
  for (auto _ : state) {
    evidence::Tally tally;
    evidence::count_texture(texture, "BENCH.0", tally);
    benchmark::DoNotOptimize(tally);
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * 1024 * 1024 * 4);
}
BENCHMARK(BM_EvidenceTexture1024)->Unit(benchmark::kMillisecond);

}  // namespace
