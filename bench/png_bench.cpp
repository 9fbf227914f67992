// PNG export of the retail-size sample game's Textures.lib (393 textures, 38.1 MB of level-0 RGBA):
// png::encode of every decoded texture at each Effort (bytes/s of RGBA in, "png_bytes" out), and
// the whole `parkan texm to-png Textures.lib DIR/ --threads N` command as a user runs it (real time,
// bytes/s of RGBA through the command, a fresh OUT folder each run). docs/cli.md 4.1 has the encoder
// table behind png::kBalancedDeflateLevel.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "parkan/core/file.hpp"
#include "parkan/export/png.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/read.hpp"

namespace {

using namespace parkan;
namespace fs = std::filesystem;

sample::SampleOptions retail() {
  sample::SampleOptions options;
  options.retail = true;
  return options;
}

const ByteBuffer& textures_lib() {
  static const ByteBuffer lib = [] {
    for (sample::SampleFile& f : sample::sample_textures(retail()))
      if (f.path == "Textures.lib") return std::move(f.bytes);
    return ByteBuffer{};
  }();
  return lib;
}

// Level 0 of every texture of Textures.lib, decoded once.
const std::vector<texm::Image>& level0_images() {
  static const std::vector<texm::Image> images = [] {
    std::vector<texm::Image> out;
    nres::Archive lib = nres::read(textures_lib()).value();
    for (std::size_t i = 0; i < lib.entries.size(); ++i)
      if (auto texture = texm::read(lib.payload(i)))
        if (auto image = texm::decode(*texture, 0)) out.push_back(std::move(*image));
    return out;
  }();
  return images;
}

std::int64_t rgba_bytes() {
  std::int64_t total = 0;
  for (const texm::Image& image : level0_images()) total += std::int64_t(image.rgba.size());
  return total;
}

void BM_png_encode_textures(benchmark::State& state, png::Effort effort) {
  const std::vector<texm::Image>& images = level0_images();
  std::size_t png_bytes = 0;
  for (auto _ : state) {
    png_bytes = 0;
    for (const texm::Image& image : images) png_bytes += png::encode(image, effort)->size();
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * rgba_bytes());
  state.counters["textures"] = double(images.size());
  state.counters["png_bytes"] = double(png_bytes);
}
BENCHMARK_CAPTURE(BM_png_encode_textures, smallest, png::Effort::smallest)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_png_encode_textures, balanced, png::Effort::balanced)->Unit(benchmark::kMillisecond);

// The CLI next to this benchmark (both are built into the same bin/ folder).
fs::path parkan_cli() {
  char self[4096];
  const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return {};
  self[n] = 0;
  return fs::path(self).parent_path() / "parkan";
}

// `parkan texm to-png Textures.lib OUT/ --threads N --quiet`, whole process, real time.
void BM_texm_to_png_command(benchmark::State& state) {
  const fs::path cli = parkan_cli();
  const fs::path dir = fs::temp_directory_path() / fmt::format("parkan_png_bench_{}", ::getpid());
  if (cli.empty() || !fs::exists(cli) || !make_folder(dir).ok() ||
      !write_file_atomic(dir / "Textures.lib", textures_lib()).ok()) {
    state.SkipWithError("needs bin/parkan (build parkan_cli) and a writable temporary folder");
    return;
  }
  const std::string command = fmt::format("'{}' texm to-png '{}' '{}/' --quiet --threads {}", cli.string(),
                                          (dir / "Textures.lib").string(), (dir / "out").string(), state.range(0));
  for (auto _ : state) {
    state.PauseTiming();
    std::error_code ignored;
    fs::remove_all(dir / "out", ignored);  // every run writes new files, as a first export does
    state.ResumeTiming();
    if (std::system(command.c_str()) != 0) {
      state.SkipWithError("texm to-png failed");
      break;
    }
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * rgba_bytes());
  std::error_code ignored;
  fs::remove_all(dir, ignored);
}
BENCHMARK(BM_texm_to_png_command)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
