// Texm hot paths on a 1024x1024 texture with a full mip chain, hot cache:
// decoding level 0 to RGBA8 per format and encoding 8888, each with "vs_memcpy" = time of a
// memcpy of the same output size / time of the operation, both measured in the same run
// (best of 30 repetitions each); and building the full mip chain of a 1024x1024 RGBA8 image.
#include <benchmark/benchmark.h>

#include <chrono>
#include <map>
#include <cstring>

#include "parkan/texm/decode.hpp"
#include "parkan/texm/encode.hpp"
#include "parkan/texm/mips.hpp"
#include "parkan/texm/read.hpp"

namespace {

using namespace parkan;
constexpr std::uint32_t kSide = 1024;

texm::Image photo_like() {
  texm::Image image{kSide, kSide, ByteBuffer(std::size_t(kSide) * kSide * 4)};
  std::uint32_t state = 12345;
  for (std::size_t i = 0; i < image.rgba.size(); ++i) {
    state = state * 1664525u + 1013904223u;
    image.rgba[i] = std::uint8_t((i / 4 % kSide) / 4 + (state >> 28));  // a gradient with noise
  }
  return image;
}

const texm::Image& source_image() {
  static const texm::Image image = photo_like();
  return image;
}

const ByteBuffer& texture_bytes(texm::Format format) {
  static std::map<texm::Format, ByteBuffer> cache;
  auto it = cache.find(format);
  if (it == cache.end()) {
    texm::EncodeOptions options;
    options.format = format;
    options.mip_count = 0;
    it = cache.emplace(format, *texm::encode(source_image(), options)).first;
  }
  return it->second;
}

template <class F>
double best_seconds(F&& f, int repetitions = 30) {
  double best = 1e30;
  for (int i = 0; i < repetitions; ++i) {
    auto start = std::chrono::steady_clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

double memcpy_seconds(std::size_t bytes) {
  static ByteBuffer from(bytes, 1), to(bytes);
  from.resize(bytes, 1);
  to.resize(bytes);
  return best_seconds([&] {
    std::memcpy(to.data(), from.data(), bytes);
    benchmark::DoNotOptimize(to.data());
    benchmark::ClobberMemory();
  });
}

void BM_memcpy_4MiB(benchmark::State& state) {
  const std::size_t bytes = std::size_t(kSide) * kSide * 4;
  ByteBuffer from(bytes, 1), to(bytes);
  for (auto _ : state) {
    std::memcpy(to.data(), from.data(), bytes);
    benchmark::DoNotOptimize(to.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes));
}
BENCHMARK(BM_memcpy_4MiB);

void BM_decode_level0(benchmark::State& state, texm::Format format) {
  const ByteBuffer& bytes = texture_bytes(format);
  texm::Texture t = *texm::read(bytes);
  const std::size_t count = std::size_t(kSide) * kSide;
  ByteBuffer out(count * 4);
  const texm::PixelRule rule = *texm::pixel_rule(t);
  auto run = [&] {
    texm::decode_pixels(rule, t.level_bytes(0).data(), count, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  };
  for (auto _ : state) run();
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(out.size()));
  state.counters["vs_memcpy"] = memcpy_seconds(out.size()) / best_seconds(run);
}
BENCHMARK_CAPTURE(BM_decode_level0, 8888, texm::Format::argb8888);
BENCHMARK_CAPTURE(BM_decode_level0, 888, texm::Format::rgbx888);
BENCHMARK_CAPTURE(BM_decode_level0, 565, texm::Format::rgb565);
BENCHMARK_CAPTURE(BM_decode_level0, 556, texm::Format::rgb556);
BENCHMARK_CAPTURE(BM_decode_level0, 4444, texm::Format::argb4444);
BENCHMARK_CAPTURE(BM_decode_level0, 88, texm::Format::la88);
BENCHMARK_CAPTURE(BM_decode_level0, indexed, texm::Format::indexed8);

// The same on the baseline x86-64 path (SSE2, no AVX2/AVX-512), for CPUs without them.
void BM_decode_level0_sse2(benchmark::State& state, texm::Format format) {
  const ByteBuffer& bytes = texture_bytes(format);
  texm::Texture t = *texm::read(bytes);
  const std::size_t count = std::size_t(kSide) * kSide;
  ByteBuffer out(count * 4);
  const texm::PixelRule rule = *texm::pixel_rule(t);
  auto run = [&] {
    texm::decode_pixels_using(texm::SimdPath::sse2, rule, t.level_bytes(0).data(), count, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  };
  for (auto _ : state) run();
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(out.size()));
  state.counters["vs_memcpy"] = memcpy_seconds(out.size()) / best_seconds(run);
}
BENCHMARK_CAPTURE(BM_decode_level0_sse2, 8888, texm::Format::argb8888);
BENCHMARK_CAPTURE(BM_decode_level0_sse2, 565, texm::Format::rgb565);
BENCHMARK_CAPTURE(BM_decode_level0_sse2, 556, texm::Format::rgb556);
BENCHMARK_CAPTURE(BM_decode_level0_sse2, 4444, texm::Format::argb4444);
BENCHMARK_CAPTURE(BM_decode_level0_sse2, 88, texm::Format::la88);
BENCHMARK_CAPTURE(BM_decode_level0_sse2, indexed, texm::Format::indexed8);

void BM_decode_level0_reference(benchmark::State& state, texm::Format format) {
  const ByteBuffer& bytes = texture_bytes(format);
  texm::Texture t = *texm::read(bytes);
  const std::size_t count = std::size_t(kSide) * kSide;
  ByteBuffer out(count * 4);
  const texm::PixelRule rule = *texm::pixel_rule(t);
  for (auto _ : state) {
    texm::decode_pixels_reference(rule, t.level_bytes(0).data(), count, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(out.size()));
}
BENCHMARK_CAPTURE(BM_decode_level0_reference, 565, texm::Format::rgb565);

// Read + decode of level 0 as a caller gets it: texm::read, then texm::decode returning a new Image
// (the allocating call), beside the same read + decode into a buffer the caller owns. The new image's
// pixel bytes are not zeroed before the decoder overwrites them (PixelBuffer, parkan/texm/image.hpp):
// "vs_caller_buffer" = caller-buffer time / allocating time and "vs_zero_filled" = time of the same
// call with a zero-filled new buffer (what texm::decode did before) / allocating time, best of 30
// each, in the same run.
void read_decode_into(const ByteBuffer& bytes, ByteBuffer& out) {
  texm::Texture t = *texm::read(bytes);
  texm::decode_pixels(*texm::pixel_rule(t), t.level_bytes(0).data(), std::size_t(t.levels[0].width) * t.levels[0].height,
                      out.data());
  benchmark::DoNotOptimize(out.data());
  benchmark::ClobberMemory();
}

void BM_read_decode_new_image(benchmark::State& state, texm::Format format) {
  const ByteBuffer& bytes = texture_bytes(format);
  auto run = [&] {
    texm::Image image = texm::decode(*texm::read(bytes), 0).value();  // moved out, not copied
    benchmark::DoNotOptimize(image.rgba.data());
    benchmark::ClobberMemory();
  };
  for (auto _ : state) run();
  const std::size_t out_bytes = std::size_t(kSide) * kSide * 4;
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(out_bytes));
  ByteBuffer out(out_bytes);
  state.counters["vs_caller_buffer"] = best_seconds([&] { read_decode_into(bytes, out); }) / best_seconds(run);
  state.counters["vs_zero_filled"] = best_seconds([&] {
    ByteBuffer zeroed(out_bytes);  // value-initialised: a memset before the decoder writes
    read_decode_into(bytes, zeroed);
  }) / best_seconds(run);
  state.counters["vs_memcpy"] = memcpy_seconds(out_bytes) / best_seconds(run);
}
BENCHMARK_CAPTURE(BM_read_decode_new_image, 8888, texm::Format::argb8888);
BENCHMARK_CAPTURE(BM_read_decode_new_image, 888, texm::Format::rgbx888);

void BM_read_decode_caller_buffer(benchmark::State& state, texm::Format format) {
  const ByteBuffer& bytes = texture_bytes(format);
  ByteBuffer out(std::size_t(kSide) * kSide * 4);
  for (auto _ : state) read_decode_into(bytes, out);
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(out.size()));
  state.counters["vs_memcpy"] = memcpy_seconds(out.size()) / best_seconds([&] { read_decode_into(bytes, out); });
}
BENCHMARK_CAPTURE(BM_read_decode_caller_buffer, 8888, texm::Format::argb8888);
BENCHMARK_CAPTURE(BM_read_decode_caller_buffer, 888, texm::Format::rgbx888);

void BM_encode_8888(benchmark::State& state) {
  const texm::Image& image = source_image();
  const std::size_t count = std::size_t(kSide) * kSide;
  ByteBuffer out(count * 4);
  auto run = [&] {
    texm::encode_pixels(texm::Format::argb8888, image.rgba.data(), count, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  };
  for (auto _ : state) run();
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(out.size()));
  state.counters["vs_memcpy"] = memcpy_seconds(out.size()) / best_seconds(run);
}
BENCHMARK(BM_encode_8888);

void BM_full_mip_chain_1024(benchmark::State& state) {
  const texm::Image& image = source_image();
  for (auto _ : state) {
    std::vector<texm::Image> chain = texm::build_mip_chain(image, 0);
    benchmark::DoNotOptimize(chain.data());
  }
  state.counters["best_ms"] = 1000 * best_seconds([&] { benchmark::DoNotOptimize(texm::build_mip_chain(image, 0).data()); });
}
BENCHMARK(BM_full_mip_chain_1024)->Unit(benchmark::kMillisecond);

}  // namespace
