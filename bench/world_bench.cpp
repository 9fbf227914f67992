// The world of the retail-size sample game (docs/formats/mission.md, docs/formats/terrain.md,
// docs/formats/areal.md, docs/formats/unit.md): read and check one mission with its map (Land.msh, Land.map) and every unit assembly it places, the
// way `validate` and the viewer's mission page start (target <= 50 ms). The bytes are read from disk
// once, outside the timing. Validating the whole game, world included: game_bench.cpp.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>

#include "parkan/areal/areal_map.hpp"
#include "parkan/core/file.hpp"
#include "parkan/export/gltf_world.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/mission/mission.hpp"
#include "parkan/terrain/land.hpp"
#include "parkan/unit/assembly.hpp"
#include "sample_game_fixture.hpp"

using namespace parkan;

namespace {

ByteBuffer load(const std::filesystem::path& path) {
  auto bytes = read_file(path);
  return bytes ? std::move(*bytes) : ByteBuffer{};
}

void BM_ReadAndCheckRetailMission(benchmark::State& state) {
  const std::filesystem::path& game = bench::sample_game_once<true>();
  const ByteBuffer tma = load(game / "MISSIONS/Single.01/data.tma");
  auto mission = mission::read_mission(tma);
  if (!mission) {
    state.SkipWithError("the sample mission does not read");
    return;
  }
  const std::filesystem::path map = game / mission::map_folder(mission->map_path);
  const ByteBuffer land = load(map / "Land.msh"), areal = load(map / "Land.map");
  std::map<std::string, ByteBuffer> units;  // each .dat the mission names, once
  for (const mission::Object& o : mission->objects)
    if (o.kind <= 1) {
      std::string path(mission::stored_text(o.path));
      std::replace(path.begin(), path.end(), '\\', '/');
      units.emplace(path, load(game / path));
    }
  std::size_t findings = 0, faces = 0;
  for (auto _ : state) {
    auto m = mission::read_mission(tma);
    findings = mission::check_mission(*m).size();
    auto terrain = terrain::read_terrain(land);
    faces = terrain ? terrain->faces.size() : 0;
    findings += terrain::check_terrain(land).size() + areal::check_areal_map(areal).size();
    for (const auto& [path, bytes] : units) findings += unit::check_assembly(bytes).size();
    benchmark::DoNotOptimize(findings);
  }
  if (findings != 0) state.SkipWithError("the sample world has findings");
  state.counters["objects"] = static_cast<double>(mission->objects.size());
  state.counters["units"] = static_cast<double>(units.size());
  state.counters["faces"] = static_cast<double>(faces);
  state.counters["MB"] = static_cast<double>(tma.size() + land.size() + areal.size()) / 1e6;
}
BENCHMARK(BM_ReadAndCheckRetailMission)->Unit(benchmark::kMillisecond);

// The glTF export of the retail sample's mission with the most objects (CAMPAIGN.01/Mission.01: 32
// objects on the 16 x 16 map M01) to a .glb (docs/cli.md 6.5; target <= 1 s): terrain, every distinct
// model once, materials and textures, PNG compression included. With range(0) = 0 the PNG encoding is
// swapped for a stored-bytes stub (as export_bench.cpp's BM_ExportGlbWithoutPngCompression), to show
// what the export costs apart from compression.
void BM_ExportRetailMissionGlb(benchmark::State& state) {
  const std::filesystem::path& game_dir = bench::sample_game_once<true>();
  const ByteBuffer tma = load(game_dir / "MISSIONS/CAMPAIGN/CAMPAIGN.01/Mission.01/data.tma");
  auto game = resource::Game::open(game_dir);
  if (!game) {
    state.SkipWithError("the sample game does not open");
    return;
  }
  gltf::Options options;
  options.animation = false;
  if (state.range(0) == 0)
    options.encode_png = [](const texm::Image& image) -> Result<ByteBuffer> {
      return ByteBuffer(image.rgba.begin(), image.rgba.begin() + std::min<std::size_t>(image.rgba.size(), 64));
    };
  std::size_t bytes = 0, objects = 0, meshes = 0, warnings = 0;
  for (auto _ : state) {
    auto exported = gltf::export_mission(tma, "data.tma", &*game, options, gltf::Container::glb);
    if (!exported) {
      state.SkipWithError("the export failed");
      return;
    }
    bytes = exported->document.size();
    objects = exported->objects;
    meshes = exported->meshes;
    warnings = exported->warnings.size();
    benchmark::DoNotOptimize(exported->document.data());
  }
  state.counters["objects"] = double(objects);
  state.counters["meshes"] = double(meshes);
  state.counters["warnings"] = double(warnings);
  state.counters["glb_MB"] = double(bytes) / 1e6;
}
BENCHMARK(BM_ExportRetailMissionGlb)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

}  // namespace
