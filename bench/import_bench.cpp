// glTF import (issue 25's target): a 10,000-triangle, 38-node animated model with four 256 x 256
// textures imported in at most 100 ms: the .glb parsed (PNG decoding included), the scene and its
// 61 frames sampled, the model built, four Texm encoded with their full mip chains, and the archives
// of the mod folder written in memory (importer::import_into_game; writing the files is left out).
//   build/bin/import_bench --benchmark_repetitions=5
#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "parkan/export/png.hpp"
#include "parkan/import/gltf.hpp"
#include "parkan/import/mod.hpp"
#include "parkan/resource/game.hpp"

namespace {

using namespace parkan;
namespace fs = std::filesystem;
using nlohmann::json;

constexpr int kNodes = 38;
constexpr int kGrid = 11;       // an 11 x 11 quad grid per node: 242 triangles, 38 nodes: 9,196
constexpr int kExtraGrid = 29;  // node 0: a 29 x 29 grid cut at 1,046 triangles
constexpr int kFrames = 61;
constexpr int kTextures = 4;
constexpr int kTextureSide = 256;

// Node 0 carries a larger grid so that the model has 10,000 triangles in all: 37 x 242 + 1,046.
int grid_of(int node) { return node == 0 ? kExtraGrid : kGrid; }
int triangles_of(int node) {
  const int n = grid_of(node);
  return node == 0 ? 1046 : 2 * n * n;
}

template <typename T>
void append(std::string& bin, const std::vector<T>& values) {
  const std::size_t at = bin.size();
  bin.resize(at + values.size() * sizeof(T));
  std::memcpy(bin.data() + at, values.data(), values.size() * sizeof(T));
  while (bin.size() % 4) bin.push_back('\0');
}

template <typename T>
T value_or_throw(Result<T> r) {
  if (!r) throw std::runtime_error(r.error().message);
  return std::move(*r);
}

// A .glb built here (not by parkan's export): nodes in a chain of 38, each a bent grid with normals
// and UVs, the four materials in turn, every node turning about its own axis over 2 seconds.
ByteBuffer make_glb() {
  json doc = {{"asset", {{"version", "2.0"}}}, {"scene", 0}};
  std::string bin;
  json views = json::array(), accessors = json::array();
  auto add_view = [&](auto values, int count, const char* type, int component, json min = nullptr, json max = nullptr) {
    const std::size_t offset = bin.size();
    append(bin, values);
    views.push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bin.size() - offset}});
    json a = {{"bufferView", views.size() - 1}, {"componentType", component}, {"count", count}, {"type", type}};
    if (!min.is_null()) a["min"] = min, a["max"] = max;
    accessors.push_back(a);
    return int(accessors.size() - 1);
  };
  json meshes = json::array(), nodes = json::array();
  for (int n = 0; n < kNodes; ++n) {
    const int g = grid_of(n);
    std::vector<float> pos, nrm, uv;
    for (int y = 0; y <= g; ++y)
      for (int x = 0; x <= g; ++x) {
        const float u = float(x) / g, v = float(y) / g;
        pos.insert(pos.end(), {u - 0.5f, 0.1f * std::sin(6.0f * u), v - 0.5f});
        nrm.insert(nrm.end(), {0.0f, 1.0f, 0.0f});
        uv.insert(uv.end(), {u, v});
      }
    std::vector<std::uint16_t> idx;
    for (int y = 0; y < g && int(idx.size()) < 3 * triangles_of(n); ++y)
      for (int x = 0; x < g && int(idx.size()) < 3 * triangles_of(n); ++x) {
        const auto i = std::uint16_t(y * (g + 1) + x);
        idx.insert(idx.end(), {i, std::uint16_t(i + g + 1), std::uint16_t(i + 1)});
        if (int(idx.size()) < 3 * triangles_of(n))
          idx.insert(idx.end(), {std::uint16_t(i + 1), std::uint16_t(i + g + 1), std::uint16_t(i + g + 2)});
      }
    const int count = (g + 1) * (g + 1);
    const int p = add_view(pos, count, "VEC3", 5126, {-0.5, -0.1, -0.5}, {0.5, 0.1, 0.5});
    const int nn = add_view(nrm, count, "VEC3", 5126);
    const int t = add_view(uv, count, "VEC2", 5126);
    const int i = add_view(idx, int(idx.size()), "SCALAR", 5123);
    meshes.push_back({{"primitives", {{{"attributes", {{"POSITION", p}, {"NORMAL", nn}, {"TEXCOORD_0", t}}},
                                       {"indices", i}, {"material", n % kTextures}}}}});
    json node = {{"name", "part" + std::to_string(n)}, {"mesh", n}, {"translation", {0.0, n == 0 ? 0.0 : 0.3, 0.0}}};
    if (n + 1 < kNodes) node["children"] = {n + 1};
    nodes.push_back(node);
  }
  json materials = json::array(), textures = json::array(), images = json::array();
  for (int k = 0; k < kTextures; ++k) {
    texm::Image image{kTextureSide, kTextureSide, texm::PixelBuffer(std::size_t(kTextureSide) * kTextureSide * 4)};
    for (int y = 0; y < kTextureSide; ++y)
      for (int x = 0; x < kTextureSide; ++x) {
        std::uint8_t* px = &image.rgba[(std::size_t(y) * kTextureSide + x) * 4];
        px[0] = std::uint8_t(x * (k + 1)), px[1] = std::uint8_t(y), px[2] = std::uint8_t((x ^ y) * 3);
        px[3] = k == 3 ? std::uint8_t(x) : 255;  // one texture with alpha: 8888, the others 565
      }
    const ByteBuffer png = value_or_throw(png::encode(image, png::Effort::balanced));
    const std::size_t offset = bin.size();
    append(bin, std::vector<std::uint8_t>(png.begin(), png.end()));
    views.push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", png.size()}});
    images.push_back({{"name", "skin" + std::to_string(k)}, {"mimeType", "image/png"}, {"bufferView", views.size() - 1}});
    textures.push_back({{"source", k}});
    materials.push_back({{"name", "paint" + std::to_string(k)},
                         {"pbrMetallicRoughness", {{"baseColorTexture", {{"index", k}}}}}});
  }
  // 61 frames at 30 per second: every node turns a quarter about Y (LINEAR rotation keys).
  std::vector<float> times, rotations;
  for (int f = 0; f < kFrames; ++f) {
    times.push_back(float(f) / 30.0f);
    const double angle = 0.5 * (M_PI / 2) * f / (kFrames - 1);
    rotations.insert(rotations.end(), {0.0f, float(std::sin(angle)), 0.0f, float(std::cos(angle))});
  }
  const int time_accessor = add_view(times, kFrames, "SCALAR", 5126, {0.0}, {double(times.back())});
  const int rotation_accessor = add_view(rotations, kFrames, "VEC4", 5126);
  json samplers = json::array(), channels = json::array();
  for (int n = 0; n < kNodes; ++n) {
    samplers.push_back({{"input", time_accessor}, {"output", rotation_accessor}, {"interpolation", "LINEAR"}});
    channels.push_back({{"sampler", n}, {"target", {{"node", n}, {"path", "rotation"}}}});
  }
  doc["scenes"] = {{{"nodes", {0}}}};
  doc["nodes"] = nodes;
  doc["meshes"] = meshes;
  doc["materials"] = materials;
  doc["textures"] = textures;
  doc["images"] = images;
  doc["animations"] = {{{"name", "turn"}, {"samplers", samplers}, {"channels", channels}}};
  doc["accessors"] = accessors;
  doc["bufferViews"] = views;
  doc["buffers"] = {{{"byteLength", bin.size()}}};
  std::string text = doc.dump();
  while (text.size() % 4) text.push_back(' ');
  ByteBuffer glb;
  auto u32 = [&](std::uint32_t v) {
    for (int b = 0; b < 4; ++b) glb.push_back(std::uint8_t(v >> (8 * b)));
  };
  u32(0x46546C67), u32(2), u32(std::uint32_t(12 + 8 + text.size() + 8 + bin.size()));
  u32(std::uint32_t(text.size())), u32(0x4E4F534A);
  glb.insert(glb.end(), text.begin(), text.end());
  u32(std::uint32_t(bin.size())), u32(0x004E4942);
  glb.insert(glb.end(), bin.begin(), bin.end());
  return glb;
}

struct Fixture {
  ByteBuffer glb = make_glb();
  fs::path empty_game = fs::temp_directory_path() / ("parkan_import_bench_" + std::to_string(getpid()));
  Fixture() { fs::create_directories(empty_game); }
  ~Fixture() {
    std::error_code ec;
    fs::remove_all(empty_game, ec);
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

void BM_ImportGlbIntoAMod(benchmark::State& state) {
  Fixture& f = fixture();
  importer::ModOptions options;
  options.stem = "bench";
  std::size_t triangles = 0, frames = 0, bytes = 0, textures = 0;
  for (auto _ : state) {
    auto document = value_or_throw(importer::load_gltf(f.glb, "bench.glb", ""));
    auto game = value_or_throw(resource::Game::open(f.empty_game));
    importer::ModImport done = value_or_throw(importer::import_into_game(*document, game, options));
    triangles = done.triangles;
    frames = done.frames;
    textures = done.textures;
    bytes = 0;
    for (const auto& archive : done.archives) bytes += archive.bytes.size();
    benchmark::DoNotOptimize(bytes);
  }
  state.counters["triangles"] = double(triangles);
  state.counters["nodes"] = double(kNodes);
  state.counters["frames"] = double(frames);
  state.counters["textures"] = double(textures);
  state.counters["archive_bytes"] = double(bytes);
}
BENCHMARK(BM_ImportGlbIntoAMod)->Unit(benchmark::kMillisecond);

}  // namespace
