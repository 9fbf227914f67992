// MSH model reader and checker, target: read + check of a 10,000-vertex, 38-node model
// in at most 1 ms. The model is built here: a 16 x 16 vertex grid per node (LOD 0) on a node tree,
// and a 16 x 17 grid as node 0's LOD 1, so 10,000 vertices, 17,130 triangles, with animation.
#include <algorithm>
#include <stdexcept>

#include <benchmark/benchmark.h>

#include "parkan/msh/model.hpp"

namespace {

using namespace parkan;

double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }
#define MSH_BENCHMARK(fn) BENCHMARK(fn)->ComputeStatistics("min", min_of)->Unit(benchmark::kMicrosecond)

constexpr std::size_t kNodes = 38;

// A rows x cols grid in the XY plane at height z, drawn by one batch of one slot.
std::uint16_t add_grid(msh::Model& m, std::size_t rows, std::size_t cols, float z) {
  const std::uint32_t base = static_cast<std::uint32_t>(m.positions.size());
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) {
      m.positions.push_back({float(c), float(r), z});
      m.normals.push_back({{0, 0, 127, 0}});
      m.uv0.push_back(msh::encode_uv(float(c) / float(cols - 1), float(r) / float(rows - 1)));
    }
  msh::Batch batch;
  batch.index_start = static_cast<std::uint32_t>(m.indices.size());
  batch.base_vertex = base;
  // Every edge open: no twin, code kOpenEdge (docs/formats/msh.md 6.1), normal up.
  msh::TriangleDesc open_triangle;
  open_triangle.link = {msh::kNoTwin, msh::kNoTwin, msh::kNoTwin};
  open_triangle.normal = {0, 0, 32767};
  open_triangle.selectors = msh::kOpenEdge | msh::kOpenEdge << 2 | msh::kOpenEdge << 4;
  msh::Slot slot;
  slot.tri_start = static_cast<std::uint16_t>(m.triangles.size());
  slot.batch_start = static_cast<std::uint16_t>(m.batches.size());
  for (std::size_t r = 0; r + 1 < rows; ++r)
    for (std::size_t c = 0; c + 1 < cols; ++c) {
      const auto at = [&](std::size_t rr, std::size_t cc) { return static_cast<std::uint16_t>(rr * cols + cc); };
      for (std::uint16_t i : {at(r, c), at(r, c + 1), at(r + 1, c), at(r + 1, c), at(r, c + 1), at(r + 1, c + 1)})
        m.indices.push_back(i);
      m.triangles.push_back(open_triangle);
      m.triangles.push_back(open_triangle);
    }
  batch.index_count = static_cast<std::uint16_t>(m.indices.size() - batch.index_start);
  batch.vertex_count = static_cast<std::uint16_t>(rows * cols);  // the largest index + 1
  m.batches.push_back(batch);
  slot.tri_count = static_cast<std::uint16_t>(m.triangles.size() - slot.tri_start);
  slot.batch_count = 1;
  slot.aabb_min = {0, 0, z};
  slot.aabb_max = {float(cols - 1), float(rows - 1), z};
  slot.sphere_center = {float(cols - 1) / 2, float(rows - 1) / 2, z};
  slot.sphere_radius = float(rows + cols);
  m.slots.push_back(slot);
  return static_cast<std::uint16_t>(m.slots.size() - 1);
}

ByteBuffer big_model() {
  msh::Model m;
  for (std::size_t n = 0; n < kNodes; ++n) {
    msh::Node node = msh::make_node(n == 0 ? msh::kNoParent : static_cast<std::uint16_t>((n - 1) / 2));
    node.slots[0][0] = add_grid(m, 16, 16, float(n));
    if (n == 0) node.slots[0][1] = add_grid(m, 16, 17, 0.0f);
    m.nodes.push_back(node);
    m.node_names.push_back(msh::make_node_name("node_" + std::to_string(n)));
  }
  m.bounds.sphere = {8, 8, 19, 40};
  msh::AnimTracks tracks;
  for (std::size_t n = 0; n < kNodes; ++n) {
    msh::NodeAnimTrack track;
    track.node_index = static_cast<std::uint32_t>(n);
    track.has_map = true;
    for (int f = 0; f <= 60; f += 10) {
      msh::AnimKey key;
      key.time = float(f);
      key.pos = {0, 0, float(f) / 60.0f};
      key.quat_raw = {0, 0, 0, 32767};
      track.keys.push_back(key);
    }
    tracks.tracks.push_back(track);
  }
  if (!msh::set_animation(m, tracks)) throw std::runtime_error("set_animation failed");
  if (m.positions.size() != 10000) throw std::runtime_error("the model must have 10,000 vertices");
  auto bytes = msh::write_model(m);
  if (!bytes) throw std::runtime_error(bytes.error().to_string());
  if (const auto findings = msh::check_model(*bytes); !findings.empty())
    throw std::runtime_error("the bench model must be valid: " + findings.front().to_string());
  return *std::move(bytes);
}

const ByteBuffer& model_bytes() {
  static const ByteBuffer bytes = big_model();
  return bytes;
}

void BM_ReadAndCheck(benchmark::State& state) {
  const ByteBuffer& bytes = model_bytes();
  for (auto _ : state) {
    auto model = msh::read_model(bytes);
    auto findings = msh::check_model(*model);
    benchmark::DoNotOptimize(findings);
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
}
MSH_BENCHMARK(BM_ReadAndCheck);

void BM_Read(benchmark::State& state) {
  const ByteBuffer& bytes = model_bytes();
  for (auto _ : state) {
    auto model = msh::read_model(bytes);
    benchmark::DoNotOptimize(model);
  }
}
MSH_BENCHMARK(BM_Read);

void BM_Check(benchmark::State& state) {
  const msh::Model model = *msh::read_model(model_bytes());
  for (auto _ : state) {
    auto findings = msh::check_model(model);
    benchmark::DoNotOptimize(findings);
  }
}
MSH_BENCHMARK(BM_Check);

void BM_WriteUnchanged(benchmark::State& state) {
  const msh::Model model = *msh::read_model(model_bytes());
  for (auto _ : state) {
    auto bytes = msh::write_model(model);
    benchmark::DoNotOptimize(bytes);
  }
}
MSH_BENCHMARK(BM_WriteUnchanged);

}  // namespace
