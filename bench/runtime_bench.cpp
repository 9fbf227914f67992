// The material manager (docs/runtime.md), on the small sample game:
// - phase by game time through a handle, 8-key animated material (target >= 15 M calls/s per core);
// - a wear table of 20 materials loaded with warm caches (target <= 20 us);
// - a replay of 100,000 trace lines, parsed, run and printed as JSON (target <= 1 s).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <fmt/format.h>

#include "parkan/sample/sample_game.hpp"
#include "parkan/runtime/manager.hpp"
#include "parkan/runtime/trace.hpp"
#include "sample_game_fixture.hpp"

using namespace parkan;

namespace {

ByteView text_bytes(const std::string& text) {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

// ANIM_LOOP's block 0 has 8 keys, loop mode, the full interpolation mask.
void BM_PhaseByTimeThroughHandle(benchmark::State& state) {
  auto manager = runtime::MaterialManager::open(bench::sample_game_once<false>()).value();
  const std::string wear = "1\n0 ANIM_LOOP\n";
  std::size_t table = manager.load_wear_buffer(text_bytes(wear)).value();
  const std::uint32_t handle = runtime::make_handle(static_cast<std::uint32_t>(table), 0);
  if (manager.materials().slot(0).mat.blocks.at(0).keys.size() != 8) state.SkipWithError("ANIM_LOOP lost its 8 keys");
  std::uint32_t time = 0;
  float sink = 0;
  runtime::PhaseSample sample;
  for (auto _ : state) {
    manager.set_game_time(time += 7);
    if (!manager.phase_by_time(handle, 0, sample)) state.SkipWithError("no phase");
    sink += sample.record.f[4];
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PhaseByTimeThroughHandle);

// Every material is already in the pool (table 0 holds it), so a load is the WEAR parse, the
// lookups and the reference counts. The manager holds 70 tables: every 69 loads it starts again,
// outside the timing.
void BM_LoadWearTableWarm(benchmark::State& state) {
  auto manager = runtime::MaterialManager::open(bench::sample_game_once<false>()).value();
  std::string wear = "20\n";
  for (int i = 0; i < 20; ++i) wear += fmt::format("{} MAT_{:03}\n", i, 6 + i);
  const ByteView text = text_bytes(wear);
  if (!manager.load_wear_buffer(text)) state.SkipWithError("the wear text does not load");
  for (auto _ : state) {
    if (manager.tables().size() == 70) {
      state.PauseTiming();
      manager.destroy();
      (void)manager.load_wear_buffer(text);
      state.ResumeTiming();
    }
    auto table = manager.load_wear_buffer(text);
    benchmark::DoNotOptimize(table);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LoadWearTableWarm)->Unit(benchmark::kMicrosecond);

// A game session's worth of calls: time steps with phases of every row, lookups, texture loads and
// releases, a wear table reloaded now and then (destroy, load), state checks.
std::string session_trace(std::size_t lines) {
  std::string trace;
  std::size_t written = 0;
  std::uint32_t time = 0;
  auto line = [&](std::string text) {
    trace += text;
    trace += '\n';
    ++written;
  };
  while (written < lines) {
    if (written % 5000 == 0) {
      line("destroy");
      line("load-wear world.rlb::tower.wea");
      line("load-wear-buffer world.rlb::land.wea");
    }
    line(fmt::format("set-game-time {}", time += 33));
    line("phase 0x0 0");
    line("phase 0x10001 0");
    line("phase-t 0x10001 1 0.25");
    line("meta 0x10000");
    line("load-texture GRASS.0");
    line("release-texture 0");
    line("wear-count 0");
    line("lightmap 0 0");
    line("state");
  }
  return trace;
}

void BM_Replay100kLines(benchmark::State& state) {
  const std::string trace = session_trace(100000);
  for (auto _ : state) {
    auto calls = runtime::parse_trace(trace).value();
    auto replayer = runtime::TraceReplayer::open(bench::sample_game_once<false>()).value();
    std::size_t printed = 0;
    for (const runtime::TraceCall& call : calls)
      printed += replayer.run(call).result.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace).size();
    benchmark::DoNotOptimize(printed);
    state.counters["lines"] = static_cast<double>(calls.size());
  }
}
BENCHMARK(BM_Replay100kLines)->Unit(benchmark::kMillisecond);

}  // namespace
