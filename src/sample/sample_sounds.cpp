// sounds.lib and voices.lib (docs/formats/sound.md 6): NRes archives of SWAV entries, each a
// whole WAV of synthesised tones and noises at 22,050 Hz, about 77 % MS ADPCM and 23 % PCM, mostly mono.
// Integer arithmetic only (no std::sin): the same bytes on every platform.
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "parkan/nres/write.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/sound/wave.hpp"
#include "sample/sample_random.hpp"
#include "sample/sample_shared_names.hpp"

namespace parkan::sample {

namespace {

constexpr std::uint32_t kSoundRate = sound::kGameRate;

// sin(2 pi phase / 2^32) x 32767, from a parabola corrected towards the sine (max error about 0.1 %).
std::int32_t sample_sine(std::uint32_t phase) {
  const std::int64_t x = static_cast<std::int32_t>(phase) >> 16;  // -32768..32767 is -pi..pi
  const std::int64_t ax = x < 0 ? -x : x;
  std::int64_t y = (4 * x * (32768 - ax)) >> 15;  // 4x(1-|x|): -32768..32768
  const std::int64_t ay = y < 0 ? -y : y;
  y += 225 * (((y * ay) >> 15) - y) / 1000;  // y + 0.225 (y|y| - y)
  return static_cast<std::int32_t>(std::clamp<std::int64_t>(y, -32767, 32767));
}

// What an entry sounds like.
enum class SoundShape { tone, sweep, noise_burst, noise_loop, engine, voice };

struct SoundSpec {
  std::string name;
  SoundShape shape;
  std::uint32_t frames;
  std::uint32_t pitch;  // Hz
  std::uint16_t channels;
};

// A sound's 16-bit samples (interleaved): shape, pitch and a decaying or held envelope.
std::vector<std::int16_t> synthesise(const SoundSpec& s, std::uint64_t seed) {
  SampleRandom rng{seed};
  std::vector<std::int16_t> out(std::size_t{s.frames} * s.channels);
  std::uint32_t phase = 0, phase2 = 0;
  const std::uint32_t step = static_cast<std::uint32_t>((std::uint64_t{s.pitch} << 32) / kSoundRate);
  std::int32_t low = 0;  // one-pole low-pass state of the noises
  std::uint32_t noise = static_cast<std::uint32_t>(seed) | 1;
  for (std::uint32_t i = 0; i < s.frames; ++i) {
    // Envelope 0..256: a 10 ms attack, then a linear decay (held at full for engines and voices).
    const std::uint32_t attack = kSoundRate / 100;
    std::int32_t env = i < attack ? static_cast<std::int32_t>(256 * i / attack) : 256;
    if (s.shape != SoundShape::engine && s.shape != SoundShape::voice && s.shape != SoundShape::noise_loop)
      env = env * static_cast<std::int32_t>(s.frames - i) / static_cast<std::int32_t>(s.frames);
    std::int32_t v = 0;
    switch (s.shape) {
      case SoundShape::tone:
        v = sample_sine(phase) / 2;
        phase += step;
        break;
      case SoundShape::sweep:  // the pitch falls by half over the sound
        v = sample_sine(phase) / 2;
        phase += step - static_cast<std::uint32_t>(std::uint64_t{step} * i / (2 * s.frames));
        break;
      case SoundShape::noise_burst:
      case SoundShape::noise_loop:  // rain: the same noise, held
        noise = noise * 1664525u + 1013904223u;
        low += ((static_cast<std::int32_t>(noise >> 16) - 32768) - low) / 4;
        v = low;
        break;
      case SoundShape::engine:  // a square at the pitch, softened, with a slow wobble
        v = ((phase >> 31) != 0 ? 9000 : -9000) + sample_sine(phase2) / 8;
        phase += step;
        phase2 += step / 7;
        break;
      case SoundShape::voice: {  // two formant-like partials, amplitude-modulated as syllables
        const std::int32_t syllable = 128 + sample_sine(phase2) / 256;
        v = (sample_sine(phase) / 3 + sample_sine(phase * 3) / 5) * syllable / 256;
        phase += step;
        phase2 += static_cast<std::uint32_t>((std::uint64_t{5} << 32) / kSoundRate);  // 5 syllables a second
        break;
      }
    }
    v = v * env / 256;
    for (std::uint16_t c = 0; c < s.channels; ++c) {
      const std::int32_t side = c == 0 ? v : (v * 3) / 4 + static_cast<std::int32_t>(rng.below(64)) - 32;
      out[std::size_t{i} * s.channels + c] = static_cast<std::int16_t>(std::clamp(side, -32767, 32767));
    }
  }
  return out;
}

// Entry i's stored form: 3 of every 13 PCM (23 %, retail 93 of 399: docs/formats/sound.md intro), one PCM in two of those 8-bit.
ByteBuffer encode_sound(const SoundSpec& s, std::size_t i, std::uint64_t seed) {
  std::vector<std::int16_t> samples = synthesise(s, seed);
  const std::size_t slot = i % 13;
  if (slot == 0 || slot == 4 || slot == 8) return sound::make_pcm_wave(samples, s.channels, kSoundRate, slot == 4 ? 8 : 16);
  return sound::make_adpcm_wave(samples, s.channels, kSoundRate).value();
}

SampleFile sound_library(std::string_view file, const std::vector<SoundSpec>& specs, std::uint64_t seed,
                         const std::vector<std::string>& empty_names) {
  std::vector<ByteBuffer> payloads;
  payloads.reserve(specs.size() + empty_names.size());
  std::vector<nres::EntrySpec> entries;
  for (std::size_t i = 0; i < specs.size(); ++i) payloads.push_back(encode_sound(specs[i], i, seed * 1000 + i));
  for (std::size_t i = 0; i < specs.size(); ++i)
    entries.push_back({sound::kSwavTypeId, 0, 0, 0, specs[i].name, ByteView(payloads[i])});
  for (const std::string& name : empty_names) entries.push_back({sound::kSwavTypeId, 0, 0, 0, name, ByteView{}});
  return {std::string(file), nres::build(entries).value()};
}

}  // namespace

std::vector<SampleFile> sample_sounds(const SampleOptions& options) {
  SampleRandom rng{options.seed * 0x51D5ull + 7};
  // Sizes: retail's 167 sounds and 234 voices (docs/formats/sound.md intro) scaled down so that the sample game stays quick.
  const std::size_t sound_count = options.retail ? 60 : 8;
  const std::size_t voice_count = options.retail ? 80 : 3;
  auto frames = [&](std::uint32_t lo_ms, std::uint32_t hi_ms) {
    return (lo_ms + rng.below(hi_ms - lo_ms + 1)) * kSoundRate / 1000;
  };
  std::vector<SoundSpec> sounds;
  // The names effects and skies refer to first (sample_shared_names.hpp).
  for (std::string_view name : shared_names::kEffectSounds) {
    const bool blast = name.starts_with("expl");
    const bool loop = name == "fire_loop.wav" || name == shared_names::kRainSound || name == "door_move.wav";
    const bool rain = name == shared_names::kRainSound;
    sounds.push_back({std::string(name),
                      blast  ? SoundShape::noise_burst
                      : rain ? SoundShape::noise_loop
                      : loop ? SoundShape::engine
                             : SoundShape::sweep,
                      blast ? frames(400, 900) : frames(200, 600), blast ? 80u : 200 + rng.below(600),
                      static_cast<std::uint16_t>(name == shared_names::kRainSound ? 2 : 1)});
  }
  constexpr std::array<std::string_view, 6> kPrefixes = {"ui_click", "gun", "hit", "engine", "beep", "expl"};
  constexpr std::array<SoundShape, 6> kShapes = {SoundShape::tone,   SoundShape::sweep, SoundShape::noise_burst,
                                                 SoundShape::engine, SoundShape::tone,  SoundShape::noise_burst};
  for (std::size_t i = sounds.size(); i < sound_count; ++i) {
    const std::size_t k = i % kPrefixes.size();
    sounds.push_back({fmt::format("{}_{:02}.wav", kPrefixes[k], i), kShapes[k], frames(100, 700), 150 + rng.below(1500),
                      static_cast<std::uint16_t>(i % 10 == 7 ? 2 : 1)});
  }
  std::vector<SoundSpec> voices;
  for (std::size_t i = 0; i < voice_count; ++i)
    voices.push_back({fmt::format("voice_{:03}.wav", i), SoundShape::voice, frames(300, 1200), 110 + rng.below(140), 1});
  // Part 2 ships one empty entry (ALIEN_ME.WAV, docs/formats/sound.md intro): the retail-size sample keeps one.
  std::vector<std::string> empty;
  if (options.retail) empty.push_back("ALIEN_ME.WAV");
  std::vector<SampleFile> out;
  out.push_back(sound_library(shared_names::kSoundsLibrary, sounds, options.seed, {}));
  out.push_back(sound_library(shared_names::kVoicesLibrary, voices, options.seed + 1, empty));
  return out;
}

}  // namespace parkan::sample
