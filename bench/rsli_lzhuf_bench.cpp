// RsLi LZHUF performance: decoding 1 MB of game-like data (target >= 30 MB/s), encoding it,
// the compression ratio, and a memcpy of the same bytes in the same run for scale.
#include <cstring>
#include <string_view>

#include <benchmark/benchmark.h>

#include "sample/sample_random.hpp"
#include "parkan/rsli/codec.hpp"

namespace {

using namespace parkan;

constexpr std::size_t kLzhufBenchSize = std::size_t{1} << 20;

// A 64x64 8-bit sprite: transparent margins (index 0), an outlined body of colour spans, a few
// highlight pixels.
ByteBuffer lzhuf_bench_sprite(sample::SampleRandom& random) {
  ByteBuffer sprite(64 * 64, 0);
  const unsigned base = 16 + random.below(200);
  const unsigned left = 4 + random.below(12), right = 48 + random.below(12);
  for (unsigned y = 6; y < 58; ++y) {
    // The outline narrows towards the top and the bottom (integer arithmetic only).
    const unsigned inset = (y < 20 ? 20 - y : 0) + (y > 44 ? y - 44 : 0);
    const unsigned x0 = left + inset / 2, x1 = right - inset / 2;
    if (x0 >= x1) continue;
    std::uint8_t* row = sprite.data() + y * 64;
    row[x0] = row[x1] = 1;  // outline colour
    unsigned shade = base + (y / 8);
    for (unsigned x = x0 + 1; x < x1;) {
      const unsigned span = 2 + random.below(9);
      for (unsigned k = 0; k < span && x < x1; ++k, ++x) row[x] = static_cast<std::uint8_t>(shade);
      shade = base + random.below(4);
    }
    if (random.below(4) == 0) row[x0 + 1 + random.below(x1 - x0 - 1)] = 255;
  }
  return sprite;
}

// Script and table text, as in the game's .ini-like resources.
void lzhuf_bench_text(sample::SampleRandom& random, ByteBuffer& out, std::size_t bytes) {
  static constexpr std::string_view kWords[] = {"unit", "tank", "walker", "turret", "building", "speed", "armor",
                                                "weapon", "laser", "rocket", "texture", "model", "= ", "damage",
                                                "range", "energy", "_lod1", "sound", "effect", "fire", "smoke"};
  const std::size_t end = out.size() + bytes;
  while (out.size() < end) {
    const unsigned words = 2 + random.below(5);
    for (unsigned w = 0; w < words; ++w) {
      const std::string_view word = kWords[random.below(std::size(kWords))];
      out.insert(out.end(), word.begin(), word.end());
      out.push_back(w + 1 == words ? ' ' : '_');
    }
    const std::string number = std::to_string(random.below(1000));
    out.insert(out.end(), number.begin(), number.end());
    out.insert(out.end(), {',', ' '});
    const std::string second = std::to_string(random.below(100));
    out.insert(out.end(), second.begin(), second.end());
    out.insert(out.end(), {'\r', '\n'});
  }
  out.resize(end);
}

// RGB565 gradient rows with dithering noise in the low bits (a 16-bit texture page).
void lzhuf_bench_gradient(sample::SampleRandom& random, ByteBuffer& out, std::size_t bytes) {
  const unsigned r0 = random.below(32), g0 = random.below(64), b0 = random.below(32);
  const std::size_t end = out.size() + bytes;
  for (unsigned i = 0; out.size() + 1 < end; ++i) {
    const unsigned x = i % 128, y = i / 128;
    const unsigned r = (r0 + x / 8) & 31, g = (g0 + y / 4 + (random.below(8) == 0 ? 1 : 0)) & 63, b = (b0 + (x + y) / 16) & 31;
    const unsigned pixel = (r << 11) | (g << 5) | b;
    out.push_back(static_cast<std::uint8_t>(pixel));
    out.push_back(static_cast<std::uint8_t>(pixel >> 8));
  }
  out.resize(end);
}

// 1 MB of mixed resources: sprites (tiles reused with small edits), text, 16-bit gradients and noise.
ByteBuffer lzhuf_bench_data() {
  sample::SampleRandom random{2024};
  ByteBuffer data;
  data.reserve(kLzhufBenchSize + 8192);
  std::vector<ByteBuffer> tiles;
  while (data.size() < kLzhufBenchSize) {
    const unsigned kind = random.below(10);
    if (kind < 4) {
      ByteBuffer sprite;
      if (!tiles.empty() && random.below(2) == 0) {
        sprite = tiles[random.below(static_cast<std::uint32_t>(tiles.size()))];
        for (int k = 0; k < 20; ++k) sprite[random.below(64 * 64)] = random.byte();
      } else {
        sprite = lzhuf_bench_sprite(random);
        tiles.push_back(sprite);
      }
      data.insert(data.end(), sprite.begin(), sprite.end());
    } else if (kind < 7) {
      lzhuf_bench_text(random, data, 1024 + random.below(4096));
    } else if (kind < 9) {
      lzhuf_bench_gradient(random, data, 2048 + random.below(8192));
    } else {
      for (unsigned k = 0, n = 256 + random.below(1024); k < n; ++k) data.push_back(random.byte());
    }
  }
  data.resize(kLzhufBenchSize);
  return data;
}

struct LzhufBenchCorpus {
  ByteBuffer data = lzhuf_bench_data();
  ByteBuffer packed = rsli::lzhuf_encode(data);
};

const LzhufBenchCorpus& lzhuf_bench_corpus() {
  static const LzhufBenchCorpus corpus;
  return corpus;
}

void set_ratio(benchmark::State& state, const LzhufBenchCorpus& c) {
  state.counters["ratio"] = static_cast<double>(c.data.size()) / static_cast<double>(c.packed.size());
  state.counters["packed_bytes"] = static_cast<double>(c.packed.size());
}

void BM_LzhufDecode(benchmark::State& state) {
  const LzhufBenchCorpus& c = lzhuf_bench_corpus();
  for (auto _ : state) {
    auto out = rsli::lzhuf_decode(c.packed, c.data.size());
    if (!out.ok() || *out != c.data) {
      state.SkipWithError("LZHUF decode does not give the data back");
      break;
    }
    benchmark::DoNotOptimize(out->data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c.data.size()));
  set_ratio(state, c);
}
BENCHMARK(BM_LzhufDecode)->Unit(benchmark::kMillisecond);

void BM_LzhufEncode(benchmark::State& state) {
  const LzhufBenchCorpus& c = lzhuf_bench_corpus();
  for (auto _ : state) {
    ByteBuffer packed = rsli::lzhuf_encode(c.data);
    benchmark::DoNotOptimize(packed.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c.data.size()));
  set_ratio(state, c);
}
BENCHMARK(BM_LzhufEncode)->Unit(benchmark::kMillisecond);

// The same 1 MB copied into a fresh buffer, as the decoder's output is.
void BM_LzhufMemcpy(benchmark::State& state) {
  const LzhufBenchCorpus& c = lzhuf_bench_corpus();
  for (auto _ : state) {
    ByteBuffer out(c.data.size());
    std::memcpy(out.data(), c.data.data(), c.data.size());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c.data.size()));
}
BENCHMARK(BM_LzhufMemcpy)->Unit(benchmark::kMillisecond);

}  // namespace
