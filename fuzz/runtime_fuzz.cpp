// The material manager driven by random calls against the small sample game (docs/runtime.md), and
// the trace parser and replay on random text. Invariants after every call:
// - reference counts are never negative; a pool or lightmap slot is in use exactly when it is
//   referenced; every texture slot in use has its object;
// - each material and lightmap slot holds as many references as a shadow count of the calls made
//   (table rows, loads, successful releases, destroy) says;
// - after destroy, the release of every remaining reference and unload-all-textures, nothing is left.
#include <fuzzer/FuzzedDataProvider.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "parkan/sample/sample_game.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/runtime/limits.hpp"
#include "parkan/runtime/manager.hpp"
#include "parkan/runtime/trace.hpp"

using namespace parkan;

namespace {

struct SampleGame {
  std::filesystem::path dir;
  std::vector<std::string> materials, textures, lightmaps, wears;
};

std::vector<std::string> entry_names(resource::Game& game, const char* file, const std::string& prefix = {}) {
  std::vector<std::string> names;
  auto archive = game.archive(file);
  if (!archive) std::abort();
  for (std::size_t i = 0; i < (*archive)->entry_count(); ++i) names.push_back(prefix + (*archive)->entry(i).name);
  return names;
}

const SampleGame& sample_game() {
  static const SampleGame game = [] {
    SampleGame g;
    std::string pattern = (std::filesystem::temp_directory_path() / "parkan-runtime-fuzz-XXXXXX").string();
    g.dir = mkdtemp(pattern.data());
    if (!sample::write_sample_game(g.dir, {}).ok()) std::abort();
    auto folder = resource::Game::open(g.dir).value();
    g.materials = entry_names(folder, "Material.lib");
    g.textures = entry_names(folder, "Textures.lib");
    g.lightmaps = entry_names(folder, "LightMap.lib");
    g.wears = entry_names(folder, "world.rlb", "world.rlb::");
    // Names that are not there, or break the texture name rule.
    for (auto* list : {&g.materials, &g.textures, &g.lightmaps}) {
      list->push_back("MISSING.0");
      list->push_back("NO_DOT_IN_THE_FIRST_17");
    }
    g.wears.push_back("world.rlb::missing.wea");
    g.wears.push_back("Material.lib::DEFAULT");
    return g;
  }();
  static const struct Remove {
    ~Remove() { std::filesystem::remove_all(game.dir); }
  } remove;
  return game;
}

const std::string& pick(FuzzedDataProvider& in, const std::vector<std::string>& names) {
  return names[in.ConsumeIntegralInRange<std::size_t>(0, names.size() - 1)];
}

struct Shadow {
  std::array<std::int32_t, runtime::kMaterialPoolCapacity> materials{};
  std::array<std::int32_t, runtime::kLightmapCacheCapacity> lightmaps{};
};

void check(const runtime::MaterialManager& m, const Shadow& shadow) {
  for (std::size_t i = 0; i < m.materials().capacity(); ++i) {
    const runtime::PooledMaterial& slot = m.materials().slot(i);
    if (slot.ref_count < 0 || slot.ref_count != shadow.materials[i] || slot.in_use() != (slot.ref_count > 0)) std::abort();
    if (slot.in_use() && m.materials().find(slot.entry) != i) std::abort();
  }
  for (std::size_t i = 0; i < m.lightmaps().capacity(); ++i) {
    const runtime::CacheSlot& slot = m.lightmaps().slots()[i];
    if (slot.ref_count < 0 || slot.ref_count != shadow.lightmaps[i] || slot.in_use() != (slot.ref_count > 0)) std::abort();
  }
  for (const runtime::CacheSlot& slot : m.textures().slots())
    if (slot.ref_count < 0 || slot.in_use() != (slot.object != nullptr) || (!slot.in_use() && slot.ref_count != 0))
      std::abort();
  if (m.tables().size() > runtime::kWearTableCapacity) std::abort();
}

void add_table(const runtime::MaterialManager& m, std::size_t table, Shadow& shadow) {
  for (const runtime::WearRowState& row : m.tables()[table].rows)
    if (row.material >= 0) ++shadow.materials[static_cast<std::size_t>(row.material)];
  for (std::int32_t slot : m.tables()[table].lightmaps)
    if (slot >= 0) ++shadow.lightmaps[static_cast<std::size_t>(slot)];
}

// destroy releases each row once; a release of a slot at 0 fails and changes nothing.
void destroy(runtime::MaterialManager& m, Shadow& shadow) {
  for (const runtime::WearTable& table : m.tables()) {
    for (const runtime::WearRowState& row : table.rows)
      if (row.material >= 0 && shadow.materials[static_cast<std::size_t>(row.material)] > 0)
        --shadow.materials[static_cast<std::size_t>(row.material)];
    for (std::int32_t slot : table.lightmaps)
      if (slot >= 0 && shadow.lightmaps[static_cast<std::size_t>(slot)] > 0) --shadow.lightmaps[static_cast<std::size_t>(slot)];
  }
  m.destroy();
}

std::int64_t any_slot(FuzzedDataProvider& in, std::size_t capacity) {
  return in.ConsumeBool() ? in.ConsumeIntegralInRange<std::int64_t>(0, static_cast<std::int64_t>(capacity) - 1)
                          : in.ConsumeIntegral<std::int32_t>();
}

std::uint32_t any_handle(FuzzedDataProvider& in) {
  if (in.ConsumeBool()) return in.ConsumeIntegral<std::uint32_t>();
  return runtime::make_handle(in.ConsumeIntegralInRange<std::uint32_t>(0, 3), in.ConsumeIntegralInRange<std::uint32_t>(0, 4));
}

void run_calls(FuzzedDataProvider& in) {
  const SampleGame& game = sample_game();
  auto opened = runtime::MaterialManager::open(game.dir);
  if (!opened) std::abort();
  runtime::MaterialManager& m = *opened;
  Shadow shadow;
  std::uint32_t time = 0;
  for (int step = 0; step < 256 && in.remaining_bytes() > 0; ++step) {
    switch (in.ConsumeIntegralInRange<int>(0, 19)) {
      case 0: m.set_game_time(time += in.ConsumeIntegralInRange<std::uint32_t>(0, 70000)); break;
      case 1: m.srand(in.ConsumeIntegral<std::uint32_t>()); break;
      case 2: {
        std::string text = in.ConsumeBool() ? in.ConsumeRandomLengthString(200) : "2\n0 ANIM_LOOP\n1 NOPE\n\nLIGHTMAPS\n1\n0 LIGHT0.0\n";
        if (auto t = m.load_wear_buffer({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()})) add_table(m, *t, shadow);
        break;
      }
      case 3:
        if (auto t = m.load_wear(pick(in, game.wears))) add_table(m, *t, shadow);
        break;
      case 4: (void)m.phase_by_time(any_handle(in), in.ConsumeIntegralInRange<std::uint32_t>(0, 20)); break;
      case 5: (void)m.phase_by_t(any_handle(in), in.ConsumeIntegralInRange<std::uint32_t>(0, 3), in.ConsumeFloatingPoint<float>()); break;
      case 6: (void)m.reset_start_time(any_handle(in)); break;
      case 7: (void)m.lightmap(in.ConsumeIntegralInRange<std::uint32_t>(0, 3), in.ConsumeIntegralInRange<std::uint32_t>(0, 3)); break;
      case 8: (void)m.meta(any_handle(in)); break;
      case 9: (void)m.wear_count(in.ConsumeIntegral<std::uint32_t>()); break;
      case 10:
        if (auto l = m.load_material(pick(in, game.materials))) ++shadow.materials[l->slot];
        break;
      case 11: {
        std::int64_t slot = any_slot(in, runtime::kMaterialPoolCapacity);
        if (m.release_material(slot)) --shadow.materials[static_cast<std::size_t>(slot)];
        break;
      }
      case 12: (void)m.load_texture(pick(in, game.textures), in.ConsumeBool() ? 0x400000u : in.ConsumeIntegral<std::uint32_t>()); break;
      case 13:
        if (auto l = m.load_lightmap(pick(in, game.lightmaps)); l && l->slot >= 0) ++shadow.lightmaps[static_cast<std::size_t>(l->slot)];
        break;
      case 14: (void)m.release_texture(any_slot(in, runtime::kTextureCacheCapacity)); break;
      case 15: {
        std::int64_t slot = any_slot(in, runtime::kLightmapCacheCapacity);
        if (m.release_lightmap(slot)) --shadow.lightmaps[static_cast<std::size_t>(slot)];
        break;
      }
      case 16: m.sweep_textures(); break;
      case 17: m.unload_all_textures(); break;
      case 18: destroy(m, shadow); break;
      case 19: {
        const auto library = static_cast<runtime::Library>(in.ConsumeIntegralInRange<int>(0, 3));
        static const std::vector<std::string> names = {"Textures.lib", "Material.lib", "LightMap.lib",
                                                       "world.rlb",    "missing.lib",  "textures.LIB"};
        m.set_library(library, pick(in, names));
        break;
      }
    }
    check(m, shadow);
  }
  // Nothing leaks: the tables, every reference the calls still hold, and the textures.
  destroy(m, shadow);
  for (std::size_t i = 0; i < shadow.materials.size(); ++i)
    for (; shadow.materials[i] > 0; --shadow.materials[i])
      if (!m.release_material(static_cast<std::int64_t>(i))) std::abort();
  for (std::size_t i = 0; i < shadow.lightmaps.size(); ++i)
    for (; shadow.lightmaps[i] > 0; --shadow.lightmaps[i])
      if (!m.release_lightmap(static_cast<std::int64_t>(i))) std::abort();
  m.unload_all_textures();
  check(m, shadow);
  if (m.materials().in_use() != 0 || m.lightmaps().in_use() != 0 || m.textures().in_use() != 0 || !m.tables().empty())
    std::abort();
}

void run_trace(const std::uint8_t* data, std::size_t size) {
  auto calls = runtime::parse_trace({reinterpret_cast<const char*>(data), size});
  if (!calls) {
    if (calls.error().code != ErrorCode::usage) std::abort();
    return;
  }
  auto replayer = runtime::TraceReplayer::open(sample_game().dir);
  if (!replayer) std::abort();
  for (const runtime::TraceCall& call : *calls) {
    runtime::TraceOutcome outcome = replayer->run(call);
    (void)outcome.result.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    (void)runtime::trace_result_text(outcome.result);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  if (data[0] == '#') {  // a trace text
    run_trace(data, size);
    return 0;
  }
  FuzzedDataProvider in(data, size);
  run_calls(in);
  return 0;
}
