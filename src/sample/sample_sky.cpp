// The sample game's skies (docs/formats/sky.md): a sky.ske and a sky.wea in every mission folder, in the
// retail proportions of the world specification (section 9): one section (two in the campaign mission),
// 12 to 27 keyframes per section spread over the day, a 15-minute day (40 on the multiplayer map), the
// clock starting between 00:30 and 01:30, rain with lightning on the first mission and snow on the second.
// Colours come from integer interpolation between fixed stops of the day (no libm: the same bytes on
// every platform).
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "parkan/sample/sample_game.hpp"
#include "parkan/sky/sky.hpp"
#include "sample/sample_effects.hpp"
#include "sample/sample_model_assets.hpp"
#include "sample/sample_random.hpp"
#include "sample/sample_shared_names.hpp"
#include "sample/sample_world.hpp"

namespace parkan::sample {

namespace {

struct SkyStop {
  std::uint32_t minute;
  std::array<std::uint32_t, 3> rgb;
};
// The sky's mid colour over the day: night, dawn, day, dusk, night.
constexpr std::array<SkyStop, 8> kSkyStops = {{{0, {10, 12, 40}},
                                               {300, {20, 20, 60}},
                                               {360, {200, 120, 80}},
                                               {480, {90, 140, 220}},
                                               {1020, {100, 150, 230}},
                                               {1110, {220, 100, 60}},
                                               {1200, {20, 20, 60}},
                                               {1440, {10, 12, 40}}}};

std::array<std::uint32_t, 3> sky_colour_at(std::uint32_t minute) {
  for (std::size_t i = 1; i < kSkyStops.size(); ++i) {
    const SkyStop &a = kSkyStops[i - 1], &b = kSkyStops[i];
    if (minute > b.minute) continue;
    const std::uint32_t span = b.minute - a.minute, t = minute - a.minute;
    std::array<std::uint32_t, 3> c{};
    for (std::size_t k = 0; k < 3; ++k) c[k] = (a.rgb[k] * (span - t) + b.rgb[k] * t) / span;
    return c;
  }
  return kSkyStops.back().rgb;
}

// A slot word from RGB and alpha: stored B, G, R, A.
std::uint32_t sky_bgra(const std::array<std::uint32_t, 3>& rgb, std::uint32_t alpha = 255) {
  auto clamp = [](std::uint32_t v) { return v > 255 ? 255u : v; };
  return clamp(rgb[2]) | clamp(rgb[1]) << 8 | clamp(rgb[0]) << 16 | alpha << 24;
}
std::array<std::uint32_t, 3> sky_scaled(const std::array<std::uint32_t, 3>& c, std::uint32_t num, std::uint32_t den,
                                        std::uint32_t add = 0) {
  return {c[0] * num / den + add, c[1] * num / den + add, c[2] * num / den + add};
}
std::uint32_t sky_float_bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

bool sky_is_day(std::uint32_t minute) { return minute >= 360 && minute < 1110; }

struct SkyWeather {
  bool rain = false, snow = false;
};

sky::Section sky_section(std::uint32_t section_index, std::uint32_t day_minutes, const SkyWeather& weather,
                         SampleRandom& rng) {
  sky::Section section;
  section.end = sky::Time::of(23, 59, section_index);
  section.day_length = sky::Time::of(day_minutes / 60, day_minutes % 60, section_index);
  const std::uint32_t n = 12 + rng.below(16);  // 12 to 27
  const std::uint32_t step = 1440 / n;
  bool day = false;
  bool raining = false, snowing = false;
  std::vector<sky::Opcode> events;
  if (weather.rain)
    events = {sky::Opcode::rain_start, sky::Opcode::lightning_start, sky::Opcode::none2, sky::Opcode::lightning_stop,
              sky::Opcode::rain_stop};
  else if (weather.snow)
    events = {sky::Opcode::snow_start, sky::Opcode::none2, sky::Opcode::none2, sky::Opcode::snow_stop};
  const std::uint32_t events_from = weather.rain ? n / 3 : n / 2;
  std::size_t next_event = 0;
  for (std::uint32_t k = 0; k < n; ++k) {
    const std::uint32_t minute = k * step + (k == 0 ? 0 : rng.below(step / 2));
    sky::Keyframe f;
    f.version = 3;
    f.time = sky::Time::of(minute / 60, minute % 60, section_index);
    const auto mid = sky_colour_at(minute);
    const std::uint32_t horizon = sky_bgra(sky_scaled(mid, 5, 4, 20)), apex = sky_bgra(sky_scaled(mid, 3, 5));
    const std::uint32_t ring_low = sky_bgra(sky_scaled(mid, 11, 10, 8)), ring_high = sky_bgra(sky_scaled(mid, 4, 5));
    for (std::size_t s : sky::kHorizonSlots) f.slots[s] = horizon;
    for (std::size_t s : {7, 10, 8, 9}) f.slots[s] = ring_high;
    for (std::size_t s : {11, 14, 12, 13}) f.slots[s] = ring_low;
    f.slots[sky::kApexSlot] = apex;
    f.slots[sky::kFogStartSlot] = sky_float_bits(0.4f + float(rng.below(20)) / 100.0f);  // x 700
    f.slots[sky::kFogEndSlot] = sky_float_bits(1.0f);
    f.slots[17] = sky_bgra({255, 255, 255}, sky_is_day(minute) ? 200 : 40);  // alpha scales the flare
    f.slots[sky::kCloudSlot] = sky_bgra(sky_scaled(mid, 1, 1, 60));
    f.slots[sky::kSunLightSlot] = sky_bgra(sky_is_day(minute) ? std::array<std::uint32_t, 3>{255, 240, 210}
                                                              : std::array<std::uint32_t, 3>{60, 70, 110});
    f.slots[sky::kSceneColourSlot] = sky_bgra(sky_scaled(mid, 1, 2, 40));
    f.slots[21] = sky_bgra(sky_scaled(mid, 1, 3));
    // Events: the sun at dawn and dusk, the moon at night (k = 0 and every change); weather on the other
    // keyframes from a third (rain) or half (snow) of the day on, one event per keyframe in turn.
    f.opcode = static_cast<std::uint32_t>(sky::Opcode::none2);
    const bool now_day = sky_is_day(minute);
    if (k == 0 || now_day != day) {
      f.opcode = static_cast<std::uint32_t>(sky::Opcode::sun_moon_start);
      f.names[0] = now_day ? "sun" : "moon";
      day = now_day;
    } else if (next_event < events.size() && k >= events_from) {
      const sky::Opcode op = events[next_event++];
      f.opcode = static_cast<std::uint32_t>(op);
      if (op == sky::Opcode::rain_start) f.effects = {std::string(shared_names::kRainSound)};  // its background sound
      if (op == sky::Opcode::lightning_start) f.effects = {std::string(effect_names::kLightning)};
      if (op == sky::Opcode::snow_start) f.effects = {std::string(effect_names::kSnow)};
      if (op == sky::Opcode::rain_start) raining = true;
      if (op == sky::Opcode::rain_stop) raining = false;
      if (op == sky::Opcode::snow_start) snowing = true;
      if (op == sky::Opcode::snow_stop) snowing = false;
    }
    const bool weathering = raining || snowing;
    f.value_bits = {sky_float_bits(2.5f), sky_float_bits(2.5f), sky_float_bits(1.0f),
                    sky_float_bits(weathering ? 0.8f : 0.0f)};
    section.keyframes.push_back(std::move(f));
  }
  return section;
}

// sky.wea: the 9 role rows (nebula, stars, clouds, sun, moon, flare, flare, snow, rain), each a material of
// the sample's Material.lib (the models' materials, always there).
ByteBuffer sky_wear(const std::vector<std::string>& materials, std::size_t mission) {
  std::string text = "9\r\n";
  for (std::size_t r = 0; r < 9; ++r) text += fmt::format("{} {}\r\n", r, materials[(mission + 3 * r) % materials.size()]);
  return ByteBuffer(text.begin(), text.end());
}

}  // namespace

std::vector<SampleFile> sample_sky(const std::string& mission_folder, std::size_t mission, const SampleOptions& options) {
  SampleRandom rng{options.seed * 0x2545F4914F6CDD1Dull + 9 + mission};
  std::vector<std::string> materials;
  for (const auto& [name, mat] : model_materials()) materials.push_back(name);
  const SkyWeather weather{mission == 0, mission == 1};
  const std::uint32_t day_minutes = mission_folder.starts_with("Multi") ? 40 : 15;
  sky::Sky s;
  const std::uint32_t sections = mission_folder.starts_with("CAMPAIGN") ? 2 : 1;
  for (std::uint32_t i = 0; i < sections; ++i) s.sections.push_back(sky_section(i, day_minutes, weather, rng));
  const std::uint32_t start = 30 + rng.below(61);  // 00:30 to 01:30
  s.start = sky::Time::of(start / 60, start % 60);
  s.flag = mission % 2;
  const std::string folder = "MISSIONS/" + mission_folder + "/";
  return {{folder + "sky.ske", sky::write_sky(s).value()},  // 22 slots of version 3 by construction
          {folder + "sky.wea", sky_wear(materials, mission)}};
}

}  // namespace parkan::sample
