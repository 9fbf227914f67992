// MSH animation runtime path (docs/formats/msh-animation.md 3, 4). Targets: one node sampled on the
// interpolating path (>= 30 M/s), a blend of two samples to a matrix (>= 12 M/s), all world matrices of
// a 38-node model at one time (<= 3 us). The model is the sample game's mech.msh (38 nodes, 61 frames).
#include <algorithm>
#include <stdexcept>

#include <benchmark/benchmark.h>

#include "parkan/sample/sample_game.hpp"
#include "parkan/msh/anim.hpp"

namespace {

using namespace parkan;

// The machine is shared: with --benchmark_repetitions=N, "min" is the least disturbed run.
double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }
#define ANIM_BENCHMARK(fn) BENCHMARK(fn)->ComputeStatistics("min", min_of)

struct Fixture {
  ByteBuffer bytes;
  msh::AnimStreams streams;
  msh::Hierarchy hierarchy;
  std::uint32_t node = 0;
  std::vector<float> interp_times;  // times where `node` takes the interpolating path
};

const Fixture& fixture() {
  static const Fixture f = [] {
    Fixture f;
    for (sample::SampleFile& file : sample::sample_models({}))
      if (file.path == "models/mech.msh") f.bytes = std::move(file.bytes);
    auto streams = msh::read_anim_streams(f.bytes);
    if (!streams) throw std::runtime_error(streams.error().to_string());
    f.streams = *streams;
    f.hierarchy = *msh::read_hierarchy(f.streams);
    for (std::uint32_t n = 0; n < f.streams.node_count && f.interp_times.size() < 64; ++n) {
      f.interp_times.clear();
      for (float t = 0.25f; t < float(f.streams.frame_count) && f.interp_times.size() < 64; t += 0.37f)
        if (auto p = msh::sample_node(f.streams, n, t); p && p->path == msh::SamplePath::interp)
          f.interp_times.push_back(t);
      f.node = n;
    }
    if (f.interp_times.size() < 64) throw std::runtime_error("no node with 64 interpolated times");
    return f;
  }();
  return f;
}

void BM_SampleNodeInterp(benchmark::State& state) {
  const Fixture& f = fixture();
  std::size_t i = 0;
  for (auto _ : state) {
    auto pose = msh::sample_node(f.streams, f.node, f.interp_times[i++ & 63]);
    benchmark::DoNotOptimize(pose);
  }
  state.SetItemsProcessed(state.iterations());
}
ANIM_BENCHMARK(BM_SampleNodeInterp);

void BM_SampleNodeFallback(benchmark::State& state) {
  const Fixture& f = fixture();
  for (auto _ : state) {
    auto pose = msh::sample_node(f.streams, f.node, 1000.0f);
    benchmark::DoNotOptimize(pose);
  }
  state.SetItemsProcessed(state.iterations());
}
ANIM_BENCHMARK(BM_SampleNodeFallback);

void BM_BlendTwoSamplesToMatrix(benchmark::State& state) {
  const Fixture& f = fixture();
  std::size_t i = 0;
  for (auto _ : state) {
    auto m = msh::blend_node(f.streams, f.node, f.interp_times[i & 63], f.interp_times[(i + 17) & 63], 0.3f);
    ++i;
    benchmark::DoNotOptimize(m);
  }
  state.SetItemsProcessed(state.iterations());
}
ANIM_BENCHMARK(BM_BlendTwoSamplesToMatrix);

void BM_WorldMatrices38Nodes(benchmark::State& state) {
  const Fixture& f = fixture();
  std::vector<msh::Mat4> out(f.streams.node_count);
  float t = 0.0f;
  for (auto _ : state) {
    auto status = msh::world_matrices(f.streams, f.hierarchy, t, out);
    benchmark::DoNotOptimize(status);
    benchmark::DoNotOptimize(out.data());
    t = t >= 59.0f ? 0.0f : t + 0.37f;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["nodes"] = f.streams.node_count;
}
ANIM_BENCHMARK(BM_WorldMatrices38Nodes);

// The one-call convenience: hierarchy checked and the output allocated on every call.
void BM_WorldMatrices38NodesOneCall(benchmark::State& state) {
  const Fixture& f = fixture();
  float t = 0.0f;
  for (auto _ : state) {
    auto out = msh::world_matrices(f.streams, t);
    benchmark::DoNotOptimize(out);
    t = t >= 59.0f ? 0.0f : t + 0.37f;
  }
  state.SetItemsProcessed(state.iterations());
}
ANIM_BENCHMARK(BM_WorldMatrices38NodesOneCall);

}  // namespace
