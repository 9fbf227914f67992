// The handlers behind `parkan view` (docs/view.md) on the retail-size sample game, without HTTP: opening
// the game (validation and the index the page starts from), and what opening a texture, a material
// and a model costs (target: each answers within 100 ms; the page interactive within 1 s).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "parkan/sample/sample_game.hpp"
#include "parkan/view/service.hpp"

using namespace parkan;

namespace {

// The retail sample game and a service over it, made once and removed at exit.
struct RetailView {
  std::filesystem::path dir;
  std::unique_ptr<view::Service> service;
  view::Query largest_texture, largest_model, animated_material;

  RetailView() {
    std::string pattern = (std::filesystem::temp_directory_path() / "parkan-view-bench-XXXXXX").string();
    dir = mkdtemp(pattern.data());
    sample::SampleOptions options;
    options.retail = true;
    if (!sample::write_sample_game(dir, options).ok()) std::abort();
    service = view::Service::open(dir).value();
    // The biggest texture and model of the game, and a material with the most keys: the slowest of each.
    const nlohmann::json game = nlohmann::json::parse(service->handle("/api/game", {}).body);
    std::uint64_t texture_size = 0, model_size = 0, material_size = 0;
    for (const nlohmann::json& file : game["files"])
      for (const nlohmann::json& entry : file["entries"]) {
        const std::uint64_t size = entry["size"];
        view::Query query{{"file", file["file"]}, {"entry", std::to_string(entry["index"].get<std::size_t>())}};
        if (entry["view"] == "texture" && size > texture_size) texture_size = size, largest_texture = query;
        if (entry["view"] == "model" && size > model_size) model_size = size, largest_model = query;
        if (entry["view"] == "material" && size > material_size) material_size = size, animated_material = query;
      }
  }
  ~RetailView() { std::filesystem::remove_all(dir); }
};

RetailView& retail() {
  static RetailView view;
  return view;
}

void expect_ok(benchmark::State& state, const view::Response& r) {
  if (r.status != 200) state.SkipWithError(("status " + std::to_string(r.status) + ": " + r.body.substr(0, 200)).c_str());
}

void BM_ViewOpenRetailGame(benchmark::State& state) {
  const std::filesystem::path& dir = retail().dir;
  for (auto _ : state) benchmark::DoNotOptimize(view::Service::open(dir).value());
}
BENCHMARK(BM_ViewOpenRetailGame)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ViewGameIndex(benchmark::State& state) {
  std::size_t bytes = 0;
  for (auto _ : state) {
    view::Response r = retail().service->handle("/api/game", {});
    bytes = r.body.size();
    benchmark::DoNotOptimize(r);
  }
  state.counters["KB"] = static_cast<double>(bytes) / 1e3;
}
BENCHMARK(BM_ViewGameIndex)->Unit(benchmark::kMicrosecond);

void BM_ViewTextureInfo(benchmark::State& state) {
  for (auto _ : state) expect_ok(state, retail().service->handle("/api/texture", retail().largest_texture));
}
BENCHMARK(BM_ViewTextureInfo)->Unit(benchmark::kMicrosecond);

void BM_ViewTexturePngLevel0(benchmark::State& state) {
  view::Query query = retail().largest_texture;
  query["level"] = "0";
  for (auto _ : state) expect_ok(state, retail().service->handle("/api/texture.png", query));
}
BENCHMARK(BM_ViewTexturePngLevel0)->Unit(benchmark::kMillisecond);

void BM_ViewMaterial(benchmark::State& state) {
  for (auto _ : state) expect_ok(state, retail().service->handle("/api/material", retail().animated_material));
}
BENCHMARK(BM_ViewMaterial)->Unit(benchmark::kMicrosecond);

// What the page asks when Play is pressed: two cycles at 16 ms steps, the most it may ask.
void BM_ViewMaterialSamples4096(benchmark::State& state) {
  view::Query query = retail().animated_material;
  query["count"] = "4096";
  for (auto _ : state) expect_ok(state, retail().service->handle("/api/material/samples", query));
}
BENCHMARK(BM_ViewMaterialSamples4096)->Unit(benchmark::kMillisecond);

void BM_ViewModelInfo(benchmark::State& state) {
  for (auto _ : state) expect_ok(state, retail().service->handle("/api/model", retail().largest_model));
}
BENCHMARK(BM_ViewModelInfo)->Unit(benchmark::kMillisecond);

void BM_ViewModelGlb(benchmark::State& state) {
  std::size_t bytes = 0;
  for (auto _ : state) {
    view::Response r = retail().service->handle("/api/model.glb", retail().largest_model);
    expect_ok(state, r);
    bytes = r.body.size();
  }
  state.counters["KB"] = static_cast<double>(bytes) / 1e3;
}
BENCHMARK(BM_ViewModelGlb)->Unit(benchmark::kMillisecond);

}  // namespace
