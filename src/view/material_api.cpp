// /api/material (phases as colours and textures, blocks as timelines) and /api/material/samples (the
// engine's phase selection by game time, docs/formats/mat0.md 5, over a run of times).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/model.hpp"
#include "parkan/material/sample.hpp"
#include "parkan/runtime/crt_random.hpp"
#include "parkan/runtime/manager.hpp"
#include "parkan/texm/load.hpp"
#include "view_internal.hpp"

namespace parkan::view::detail {

namespace {

using nlohmann::json;

// The runtime record's floats that the page shows as "colour" and "opacity" (docs/formats/mat0.md 4.3):
// the ambient colour p0..p2 at 4..6 (what lights the texture without any light) and the ambient alpha p3 at 7.
constexpr std::size_t kRecordRed = 4, kRecordOpacity = 7;

std::string colour_of(const material::PhaseRecord& record) {
  auto channel = [&](std::size_t i) {
    const float v = std::clamp(record.f[kRecordRed + i], 0.0f, 1.0f);
    return static_cast<unsigned>(std::lround(v * 255.0f));
  };
  return fmt::format("#{:02x}{:02x}{:02x}", channel(0), channel(1), channel(2));
}

Opened<material::Mat0> open_material(const ServiceState& state, const Query& query) {
  return open_as<material::Mat0>(state, query, "material", "material", [](const Located& at) {
    const resource::PayloadLocation& loc = at.payload.location();
    return at.payload.parse(material::read_mat0, material::Mat0Attributes{loc.attr1, loc.attr2});
  });
}

// Where the engine finds a phase's texture: an entry of the textures library, by its lookup, and the
// flags it loads it with for a material of `attr1` (retail EMBOSS_BUMP=0; docs/runtime.md 6.3, 9.3).
json texture_ref(const ServiceState& state, std::string_view texture_name, std::uint32_t attr1) {
  if (texture_name.empty()) return nullptr;
  const auto library_name = runtime::default_library_name(runtime::Library::textures);
  const std::optional<std::string> file = state.game->find_file(library_name);
  if (!file) return nullptr;
  auto archive = state.archive(*file);
  if (!archive) return nullptr;
  const std::optional<std::size_t> index = (*archive)->find(texture_name);
  if (!index) return nullptr;
  const std::uint32_t load_flags =
      material::phase_texture_load_flags(attr1, /*emboss_bump=*/false) | texm::kLoadFlagPage;
  return {{"file", *file}, {"entry", *index}, {"load_flags", load_flags}};
}

}  // namespace

Response handle_material(const ServiceState& state, const Query& query) {
  Opened<material::Mat0> m = open_material(state, query);
  if (!m.value) return m.error;
  const std::vector<material::PhaseRecord> records = material::to_records(*m.value);
  json phases = json::array();
  for (std::size_t i = 0; i < m.value->phases.size(); ++i) {
    const std::string_view texture = m.value->phases[i].texture_name();
    phases.push_back({{"texture", cp1251_to_utf8(texture)},
                      {"texture_ref", texture_ref(state, texture, m.value->attributes.attr1)},
                      {"colour", colour_of(records[i])},
                      {"opacity", records[i].f[kRecordOpacity]},
                      {"record", material::record_to_json(records[i], texture)}});
  }
  json blocks = json::array();
  for (std::size_t b = 0; b < m.value->blocks.size(); ++b) {
    const material::AnimBlock& block = m.value->blocks[b];
    json keys = json::array();
    for (const material::Key& k : block.keys) keys.push_back({{"phase", k.phase}, {"end_time", k.end_time}});
    auto timeline = material::Timeline::make(*m.value, b);
    blocks.push_back({{"mode", block.mode()},
                      {"mode_name", material::mode_name(block.mode())},
                      {"mask", block.mask()},
                      {"cycle_ms", timeline ? json(timeline->cycle()) : json(nullptr)},
                      {"keys", std::move(keys)},
                      {"error", timeline ? json(nullptr) : json(timeline.error().message)}});
  }
  const std::string& stored = m.located->payload.location().name;
  return json_response({{"name", m.located->payload.entry_name()},
                        {"material", material::mat0_to_json(*m.value)},
                        {"phases", std::move(phases)},
                        {"blocks", std::move(blocks)},
                        {"diagnostics", findings_json(state, state.findings_of(m.located->file, stored))}});
}

Response handle_material_samples(const ServiceState& state, const Query& query) {
  Opened<material::Mat0> m = open_material(state, query);
  if (!m.value) return m.error;
  const std::size_t blocks = m.value->blocks.size();
  if (blocks == 0) return error_response(422, "view.kind", "the material has no animation blocks");
  auto block = query_number(query, "block", blocks - 1, 0);
  auto start = query_number(query, "start", kMaxSampleTimeMs, 0);
  auto step = query_number(query, "step", kMaxSampleTimeMs, 16);
  auto count = query_number(query, "count", kMaxSamples, 256);
  if (!block || !start || !step || !count)
    return error_response(400, "view.bad_request",
                          fmt::format("block is 0..{}, start and step are milliseconds up to {}, count is 1..{}",
                                      blocks - 1, kMaxSampleTimeMs, kMaxSamples));
  auto timeline = material::Timeline::make(*m.value, static_cast<std::size_t>(*block));
  if (!timeline) return broken_response(state, *m.located, timeline.error());
  const std::vector<material::PhaseRecord> records = material::to_records(*m.value);
  runtime::CrtRandom random;  // mode 3 draws from the CRT rand(), from its initial seed
  const material::RandomSource rand = [&random] { return random.next(); };
  std::uint32_t start_time = 0;  // the wear record's start time (mode 3 rewrites it)
  json samples = json::array();
  for (std::uint64_t i = 0; i < *count; ++i) {
    const auto time = static_cast<std::uint32_t>(*start + i * *step);  // game time wraps as the engine's uint32
    const material::Selection s = timeline->select_by_time(time, start_time, rand);
    const material::PhaseRecord record = material::sample_record(records, *timeline, s);
    samples.push_back({{"time", time},
                       {"key", s.key},
                       {"next", s.next},
                       {"alpha", s.alpha},
                       {"phase", timeline->keys()[s.key].phase},
                       {"colour", colour_of(record)},
                       {"opacity", record.f[kRecordOpacity]}});
  }
  return json_response({{"block", *block}, {"cycle_ms", timeline->cycle()}, {"samples", std::move(samples)}});
}

}  // namespace parkan::view::detail
