// Materials (docs/formats/mat0.md 5.5): phase selection + interpolation by time for a block of 8 keys
// with a full mask (target >= 20 M samples/s on one core), and parsing every phase of a 905-material
// library (target <= 2 ms).
#include <benchmark/benchmark.h>

#include "parkan/sample/sample_game.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/phase_record.hpp"
#include "parkan/material/sample.hpp"
#include "parkan/nres/archive.hpp"

using namespace parkan;

namespace {

material::Mat0 eight_key_material(std::uint32_t mode) {
  material::Mat0 m;
  for (int i = 0; i < 8; ++i) {
    material::Phase p;
    for (std::size_t k = 0; k < material::kParamCount; ++k) p.params[k] = static_cast<std::uint8_t>(i * 31 + k * 7);
    p.texture_field = {'T', '.', '0'};
    m.phases.push_back(p);
  }
  material::AnimBlock b;
  b.header_raw = mode | (material::kKnownMaskBits << 3);
  for (std::uint16_t k = 0; k < 8; ++k) b.keys.push_back({k, static_cast<std::uint16_t>(125 * (k + 1)), 0});
  m.blocks.push_back(b);
  return m;
}

void BM_SampleByTime(benchmark::State& state) {
  material::Mat0 m = eight_key_material(static_cast<std::uint32_t>(state.range(0)));
  auto timeline = material::Timeline::make(m, 0).value();
  std::vector<material::PhaseRecord> records = material::to_records(m);
  material::RandomSource rand = [] { return 12345; };
  std::uint32_t game_time = 0;
  float sink = 0;
  for (auto _ : state) {
    std::uint32_t start = 17;
    material::Selection s = timeline.select_by_time(game_time, start, rand);
    material::PhaseRecord r = material::sample_record(records, timeline, s);
    sink += r.f[0] + r.f[7];
    benchmark::DoNotOptimize(r);
    game_time += 7;  // walks through every segment and cycle
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SampleByTime)->Arg(0)->Arg(1)->Arg(2)->Arg(3)->ArgName("mode");

void BM_SampleByT(benchmark::State& state) {
  material::Mat0 m = eight_key_material(0);
  auto timeline = material::Timeline::make(m, 0).value();
  std::vector<material::PhaseRecord> records = material::to_records(m);
  material::RandomSource rand = [] { return 0; };
  float t = 0.0f;
  for (auto _ : state) {
    std::uint32_t start = 0;
    material::Selection s = timeline.select_by_t(t, start, rand);
    benchmark::DoNotOptimize(material::sample_record(records, timeline, s));
    t += 0.0001f;
    if (t > 1.0f) t = 0.0f;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SampleByT);

struct RetailLibrary {
  ByteBuffer bytes;
  nres::Archive archive;
  RetailLibrary() {
    for (sample::SampleFile& f : sample::sample_materials({1, true}))
      if (f.path == "Material.lib") bytes = std::move(f.bytes);
    archive = nres::read(bytes).value();
  }
};

// Every MAT0 payload of the library to its model, then every phase to its runtime record.
void BM_ParseRetailLibrary(benchmark::State& state) {
  static RetailLibrary lib;
  std::size_t phases = 0;
  for (auto _ : state) {
    phases = 0;
    for (std::size_t i = 0; i < lib.archive.entries.size(); ++i) {
      const nres::Entry& e = lib.archive.entries[i];
      auto m = material::read_mat0(lib.archive.payload(i), {e.attr1, e.attr2});
      std::vector<material::PhaseRecord> records = material::to_records(*m);
      phases += records.size();
      benchmark::DoNotOptimize(records.data());
    }
  }
  state.counters["materials"] = static_cast<double>(lib.archive.entries.size());
  state.counters["phases"] = static_cast<double>(phases);
}
BENCHMARK(BM_ParseRetailLibrary)->Unit(benchmark::kMicrosecond);

}  // namespace
