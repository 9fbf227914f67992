// glTF export: a 10,000-vertex, 38-node animated, textured model with type 9 names, lightmapped batches
// (type 18, a LightMap.lib page) and every material row (a glow, a Page cell) to .glb in at most 50 ms
// excluding PNG compression; the PNG compression of its textures reported on its own.
//   build-release/bin/export_bench --benchmark_repetitions=5
#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string_view>

#include <benchmark/benchmark.h>
#include <unistd.h>

#include "../tests/export/gltf_builders.hpp"
#include "parkan/core/file.hpp"
#include "parkan/export/gltf.hpp"
#include "parkan/export/png.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/read.hpp"

namespace {

using namespace parkan;
namespace fs = std::filesystem;

double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }
#define EXPORT_BENCHMARK(fn) BENCHMARK(fn)->Unit(benchmark::kMillisecond)->ComputeStatistics("min", min_of)

std::size_t pixels_hash(const texm::Image& image) {
  return std::hash<std::string_view>{}(as_chars(image.rgba));
}

struct Fixture {
  fs::path dir;
  ByteBuffer model;
  std::shared_ptr<const resource::Archive> library;
  std::optional<resource::Game> game;
  std::vector<texm::Image> textures;
  std::map<std::size_t, ByteBuffer> png_cache;  // hash of the rgba -> PNG: an export can skip compression
  ~Fixture() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

Fixture& fixture() {
  static Fixture& f = *[] {
    auto* owned = new Fixture;  // lives until exit: its destructor removes the folder
    static std::unique_ptr<Fixture> keeper(owned);
    Fixture& f = *owned;
    gltf::test::ModelSpec spec;
    spec.nodes = 38;  // 37 spheres of 15 x 18 = 270 vertices (9,990) and a helper
    spec.rings = 14;
    spec.segments = 17;
    spec.states = 1;
    spec.lods = 1;
    spec.frames = 61;
    spec.materials = 6;  // every WEAR row: HULL, GLASS, NO_SUCH, BARE, GLOW, PANEL
    spec.lightmapped = true;
    f.model = gltf::test::model_bytes(gltf::test::build_model(spec));
    gltf::test::GameFiles files = gltf::test::game_files({{"walker.msh", f.model}}, 256);
    f.dir = fs::temp_directory_path() / ("parkan_export_bench_" + std::to_string(getpid()));
    fs::create_directories(f.dir);
    if (!write_file_atomic(f.dir / "models.rlb", files.models) ||
        !write_file_atomic(f.dir / "Material.lib", files.materials) ||
        !write_file_atomic(f.dir / "Textures.lib", files.textures) ||
        !write_file_atomic(f.dir / "LightMap.lib", files.lightmaps))
      throw std::runtime_error("cannot write the bench game folder");
    f.library = gltf::test::value_or_throw(resource::open_archive(f.dir / "models.rlb"));
    f.game = gltf::test::value_or_throw(resource::Game::open(f.dir));
    for (const char* library : {"Textures.lib", "LightMap.lib"}) {
      auto textures = gltf::test::value_or_throw(resource::open_archive(f.dir / library));
      for (std::size_t i = 0; i < textures->entry_count(); ++i) {
        auto payload = gltf::test::value_or_throw(textures->payload(i));
        auto texture = gltf::test::value_or_throw(texm::read(payload.bytes()));
        f.textures.push_back(gltf::test::value_or_throw(texm::decode(texture, 0)));
        f.png_cache[pixels_hash(f.textures.back())] = gltf::test::value_or_throw(png::encode(f.textures.back()));
      }
    }
    return owned;
  }();
  return f;
}

gltf::Exported run_export(Fixture& f, bool compress_png) {
  gltf::Source source{f.model, "walker.msh", "models.rlb::walker.msh", f.library, &*f.game};
  gltf::Options options;
  if (!compress_png)
    options.encode_png = [&f](const texm::Image& image) -> Result<ByteBuffer> {
      return f.png_cache.at(pixels_hash(image));
    };
  return gltf::test::value_or_throw(gltf::export_model(source, options, gltf::Container::glb));
}

// The whole export but PNG compression: read, check, material chain (WEAR, MAT0, Texm decode),
// geometry, 61 frames x animated nodes through the engine's sampler, the .glb through tinygltf.
void BM_ExportGlbWithoutPngCompression(benchmark::State& state) {
  Fixture& f = fixture();
  std::size_t bytes = 0, vertices = 0;
  for (auto _ : state) {
    gltf::Exported e = run_export(f, false);
    bytes = e.document.size();
    vertices = e.vertices;
    benchmark::DoNotOptimize(e.document.data());
  }
  state.counters["glb_bytes"] = double(bytes);
  state.counters["vertices"] = double(vertices);
}
EXPORT_BENCHMARK(BM_ExportGlbWithoutPngCompression);

void BM_ExportGlbWithPng(benchmark::State& state) {
  Fixture& f = fixture();
  for (auto _ : state) benchmark::DoNotOptimize(run_export(f, true).document.data());
}
EXPORT_BENCHMARK(BM_ExportGlbWithPng);

// PNG compression of the model's textures, two of 256 x 256 and two small ones (what the first
// benchmark leaves out).
void BM_PngCompressionOfTheTextures(benchmark::State& state) {
  Fixture& f = fixture();
  for (auto _ : state)
    for (const texm::Image& image : f.textures) benchmark::DoNotOptimize(png::encode(image)->data());
}
EXPORT_BENCHMARK(BM_PngCompressionOfTheTextures);

}  // namespace
