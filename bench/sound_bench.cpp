// Sounds (docs/formats/sound.md): MS ADPCM decoding throughput (target: at least 200 MB/s of 16-bit
// output on one core) and the export of the whole retail-size sample sounds.lib to a folder, as
// `parkan sound export sounds.lib DIR [--pcm]` does it (target: at most 1 s).
#include <benchmark/benchmark.h>

#include <filesystem>

#include "parkan/core/file.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/sound/wave.hpp"
#include "sample_game_fixture.hpp"

namespace parkan {
namespace {

// Ten seconds of a mono chirp with noise, encoded by parkan (1012-sample blocks of 512 bytes).
const ByteBuffer& adpcm_file(std::uint16_t channels) {
  static ByteBuffer files[3];
  ByteBuffer& f = files[channels];
  if (f.empty()) {
    std::vector<std::int16_t> s;
    std::uint32_t x = 1, phase = 0;
    for (std::size_t i = 0; i < 220500 * channels; ++i) {
      x = x * 1664525u + 1013904223u;
      phase += 40000000u + std::uint32_t(i) * 16u;
      s.push_back(std::int16_t(((phase >> 31) ? 9000 : -9000) + std::int32_t(x >> 22) - 512));
    }
    f = sound::make_adpcm_wave(s, channels, 22050).value();
  }
  return f;
}

void BM_MsAdpcmDecode(benchmark::State& state) {
  const auto channels = static_cast<std::uint16_t>(state.range(0));
  const ByteBuffer& file = adpcm_file(channels);
  const sound::Wave wave = sound::read_wave(file).value();
  std::size_t out_bytes = 0;
  for (auto _ : state) {
    auto samples = sound::decode(wave);
    if (!samples) state.SkipWithError("decode failed");
    out_bytes = samples->size() * 2;
    benchmark::DoNotOptimize(samples->data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(out_bytes * state.iterations()));
}
BENCHMARK(BM_MsAdpcmDecode)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

const std::filesystem::path& retail_sounds_lib() {
  static const std::filesystem::path dir = bench::fresh_bench_folder("parkan-bench-sound-XXXXXX");
  static const std::filesystem::path lib = [] {
    sample::SampleOptions options;
    options.retail = true;
    for (const sample::SampleFile& f : sample::sample_sounds(options))
      if (f.path == "sounds.lib") (void)write_file_atomic(dir / f.path, f.bytes);
    return dir / "sounds.lib";
  }();
  static const struct Remove {
    ~Remove() { std::filesystem::remove_all(dir); }
  } remove;
  return lib;
}

// Every entry of sounds.lib to DIR/<name>: as stored (0) or decoded to 16-bit PCM (1).
void BM_ExportRetailSoundsLib(benchmark::State& state) {
  const bool pcm = state.range(0) != 0;
  const std::filesystem::path& lib = retail_sounds_lib();
  const std::filesystem::path out = lib.parent_path() / (pcm ? "out-pcm" : "out");
  std::size_t bytes = 0;
  for (auto _ : state) {
    std::filesystem::remove_all(out);
    if (!make_folder(out).ok()) state.SkipWithError("folder");
    auto archive = resource::open_archive(lib).value();
    bytes = 0;
    for (std::size_t i = 0; i < archive->entry_count(); ++i) {
      const resource::Payload payload = archive->payload(i).value();
      if (payload.bytes().empty()) continue;
      ByteBuffer written(payload.bytes().begin(), payload.bytes().end());
      if (pcm) {
        const sound::Wave wave = sound::read_wave(payload.bytes()).value();
        const auto samples = sound::decode(wave).value();
        written = sound::make_pcm_wave(samples, wave.format->channels, wave.format->rate);
      }
      bytes += written.size();
      if (!write_file_atomic(out / archive->entry(i).name, written).ok()) state.SkipWithError("write");
    }
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes * state.iterations()));
}
BENCHMARK(BM_ExportRetailSoundsLib)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace parkan
