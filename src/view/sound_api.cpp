// The sound panel's endpoints (docs/view.md 3.3): /api/sound (the format, chunks and duration, as
// `parkan sound info --json` prints them, and the findings) and /api/sound.wav (the sound decoded by
// parkan to 16-bit PCM, MS ADPCM included, for the browser's audio element).
#include <fmt/format.h>

#include "parkan/sound/codes.hpp"
#include "parkan/sound/wave.hpp"
#include "view_internal.hpp"

namespace parkan::view::detail {

namespace {

Opened<sound::Wave> open_sound(const ServiceState& state, const Query& query) {
  return open_as<sound::Wave>(state, query, "sound", "sound",
                              [](const Located& at) { return at.payload.parse(sound::read_wave); });
}

}  // namespace

Response handle_sound(const ServiceState& state, const Query& query) {
  Opened<sound::Wave> w = open_sound(state, query);
  if (!w.value) return w.error;
  const std::string& stored = w.located->payload.location().name;
  const nlohmann::json doc = {
      {"name", w.located->payload.entry_name().empty() ? w.located->file : w.located->payload.entry_name()},
      {"info", sound::wave_json(*w.value)},
      {"diagnostics", findings_json(state, state.findings_of(w.located->file, stored))}};
  return json_response(doc);
}

Response handle_sound_wav(const ServiceState& state, const Query& query) {
  Opened<sound::Wave> w = open_sound(state, query);
  if (!w.value) return w.error;
  auto samples = sound::decode(*w.value);
  if (!samples) return broken_response(state, *w.located, samples.error());
  sound::trim_to_fact(*w.value, *samples);
  const ByteBuffer wav = sound::make_pcm_wave(*samples, w.value->format->channels, w.value->format->rate);
  return {200, "audio/wav", std::string(wav.begin(), wav.end())};
}

}  // namespace parkan::view::detail
