// Whole games, on the retail-size sample game (393 textures, 905 materials, ~400 models):
// - generating it (`parkan sample-game DIR --size retail`; target <= 10 s);
// - validating it (`parkan validate DIR`, both cores; target <= 2 s), and on one thread for comparison.
// Peak memory of `parkan validate` (target: the largest archive + 64 MB): bench/validate_memory.sh.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "parkan/sample/sample_game.hpp"
#include "parkan/validate/validate.hpp"
#include "sample_game_fixture.hpp"

using namespace parkan;

namespace {

void BM_GenerateRetailGame(benchmark::State& state) {
  const std::filesystem::path dir = bench::fresh_bench_folder("parkan-generate-bench-XXXXXX");
  sample::SampleOptions options;
  options.retail = true;
  for (auto _ : state)
    if (!sample::write_sample_game(dir, options).ok()) state.SkipWithError("write_sample_game failed");
  std::uintmax_t bytes = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
    if (entry.is_regular_file()) bytes += entry.file_size();
  state.counters["MB"] = static_cast<double>(bytes) / 1e6;
  std::filesystem::remove_all(dir);
}
BENCHMARK(BM_GenerateRetailGame)->Unit(benchmark::kMillisecond)->Iterations(2)->UseRealTime();

void BM_ValidateRetailGame(benchmark::State& state) {
  const std::filesystem::path& dir = bench::sample_game_once<true>();
  validate::ValidateOptions options;
  options.threads = static_cast<unsigned>(state.range(0));
  std::size_t resources = 0, errors = 0;
  for (auto _ : state) {
    auto report = validate::validate_game(dir, options);
    if (!report) {
      state.SkipWithError("validate_game failed");
      break;
    }
    resources = report->resources;
    errors = report->totals.errors;
  }
  state.counters["resources"] = static_cast<double>(resources);
  state.counters["errors"] = static_cast<double>(errors);
}
BENCHMARK(BM_ValidateRetailGame)->Arg(2)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
