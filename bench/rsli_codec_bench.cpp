// RsLi codecs (docs/formats/rsli.md) on 1 MiB of game-like data: decoding LZSS (target >= 200 MB/s) and
// Deflate beside a memcpy of the same 1 MiB in the same run, encoding LZSS (target >= 20 MB/s, with its
// compression ratio) and Deflate at level 6. Every benchmark reports MB/s of unpacked bytes.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>

#include <benchmark/benchmark.h>

#include "sample/sample_random.hpp"
#include "parkan/rsli/codec.hpp"

namespace {

using namespace parkan;

constexpr std::size_t kBenchBytes = std::size_t{1} << 20;

// 64x64 indexed sprite: transparent (0) outside an ellipse, an outline, a shaded body and a few
// speckles, like the sprites of sprites.lib.
void append_sprite(ByteBuffer& out, sample::SampleRandom& random) {
  const int side = 64;
  const int rx = 12 + static_cast<int>(random.below(19));
  const int ry = 12 + static_cast<int>(random.below(19));
  const int base = 16 + static_cast<int>(random.below(14)) * 16;
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      const long dx = x - side / 2, dy = y - side / 2;
      const long lhs = dx * dx * ry * ry + dy * dy * rx * rx;
      const long edge = long{rx} * rx * ry * ry;
      std::uint8_t pixel = 0;
      if (lhs <= edge) {
        if (lhs * 10 > edge * 8) {
          pixel = static_cast<std::uint8_t>(base);  // outline
        } else {
          pixel = static_cast<std::uint8_t>(base + 2 + (x + y) / 12);  // shading bands
          if (random.below(16) == 0) pixel = static_cast<std::uint8_t>(base + random.below(16));
        }
      }
      out.push_back(pixel);
    }
  }
}

// A 32x32 brick tile, repeated a few times with a handful of changed pixels (tile sheets).
void append_tiles(ByteBuffer& out, sample::SampleRandom& random) {
  ByteBuffer tile(32 * 32);
  const std::uint8_t brick = static_cast<std::uint8_t>(100 + random.below(40));
  const std::uint8_t mortar = static_cast<std::uint8_t>(200 + random.below(20));
  for (int y = 0; y < 32; ++y)
    for (int x = 0; x < 32; ++x) {
      const bool joint = y % 8 == 7 || (x + (y / 8 % 2) * 8) % 16 == 15;
      tile[static_cast<std::size_t>(y * 32 + x)] =
          joint ? mortar : static_cast<std::uint8_t>(brick + ((x * 7 + y * 3) % 5));
    }
  const unsigned copies = 3 + random.below(6);
  for (unsigned c = 0; c < copies; ++c) {
    for (int k = 0; k < 6; ++k) tile[random.below(32 * 32)] = static_cast<std::uint8_t>(brick + random.below(8));
    out.insert(out.end(), tile.begin(), tile.end());
  }
}

// Mission-briefing-like ASCII text.
void append_text(ByteBuffer& out, sample::SampleRandom& random) {
  static constexpr std::string_view kWords[] = {
      "the",    "tank",   "base",      "unit",   "moves",  "energy",  "robot",   "attack", "defend",
      "sector", "north",  "of",        "and",    "to",     "enemy",   "factory", "build",  "mission",
      "armor",  "cannon", "laser",     "plasma", "scout",  "convoy",  "bridge",  "river",  "a",
      "with",   "is",     "destroyed", "orbit",  "planet", "station", "report",  "Parkan", "Iron"};
  const std::size_t size = 1024 + random.below(6 * 1024);
  const std::size_t start = out.size();
  std::size_t line = 0;
  while (out.size() - start < size) {
    const std::string_view word = kWords[random.below(std::size(kWords))];
    out.insert(out.end(), word.begin(), word.end());
    line += word.size() + 1;
    const unsigned r = random.below(20);
    if (r == 0) out.push_back('.');
    if (r == 1) out.push_back(',');
    if (line > 60) {
      out.push_back('\r');
      out.push_back('\n');
      line = 0;
    } else {
      out.push_back(' ');
    }
  }
}

void append_noise(ByteBuffer& out, sample::SampleRandom& random) {
  const std::size_t size = 256 + random.below(1536);
  for (std::size_t i = 0; i < size; ++i) out.push_back(random.byte());
}

// 1 MiB of a deterministic mix: sprites ~50%, tile sheets ~20%, text ~25%, noise ~5%.
const ByteBuffer& game_like_data() {
  static const ByteBuffer data = [] {
    sample::SampleRandom random{0x52534C69};  // "RSLi"
    ByteBuffer out;
    out.reserve(kBenchBytes + 64 * 1024);
    while (out.size() < kBenchBytes) {
      const unsigned pick = random.below(100);
      if (pick < 45) {
        append_sprite(out, random);
      } else if (pick < 60) {
        append_tiles(out, random);
      } else if (pick < 90) {
        append_text(out, random);
      } else {
        append_noise(out, random);
      }
    }
    out.resize(kBenchBytes);
    return out;
  }();
  return data;
}

const ByteBuffer& lzss_packed() {
  static const ByteBuffer packed = rsli::lzss_encode(game_like_data());
  return packed;
}

const ByteBuffer& deflate_packed() {
  static const ByteBuffer packed = *rsli::deflate_encode(game_like_data(), 6);
  return packed;
}

void set_unpacked_bytes(benchmark::State& state) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(kBenchBytes));
}

void BM_memcpy_1MiB(benchmark::State& state) {
  const ByteBuffer& from = game_like_data();
  ByteBuffer to(from.size());
  for (auto _ : state) {
    std::memcpy(to.data(), from.data(), from.size());
    benchmark::DoNotOptimize(to.data());
    benchmark::ClobberMemory();
  }
  set_unpacked_bytes(state);
}
BENCHMARK(BM_memcpy_1MiB);

// memcpy into a fresh buffer, as the decoders allocate theirs: the fair comparison for them.
void BM_memcpy_1MiB_fresh_buffer(benchmark::State& state) {
  const ByteBuffer& from = game_like_data();
  for (auto _ : state) {
    ByteBuffer to(from.begin(), from.end());
    benchmark::DoNotOptimize(to.data());
    benchmark::ClobberMemory();
  }
  set_unpacked_bytes(state);
}
BENCHMARK(BM_memcpy_1MiB_fresh_buffer);

void BM_lzss_decode(benchmark::State& state) {
  const ByteBuffer& packed = lzss_packed();
  if (*rsli::lzss_decode(packed, kBenchBytes) != game_like_data()) state.SkipWithError("LZSS round trip differs");
  for (auto _ : state) {
    auto out = rsli::lzss_decode(packed, kBenchBytes);
    benchmark::DoNotOptimize(out->data());
  }
  set_unpacked_bytes(state);
  state.counters["ratio"] = static_cast<double>(packed.size()) / static_cast<double>(kBenchBytes);
}
BENCHMARK(BM_lzss_decode);

void BM_deflate_decode(benchmark::State& state) {
  const ByteBuffer& packed = deflate_packed();
  if (*rsli::deflate_decode(packed, kBenchBytes) != game_like_data()) state.SkipWithError("Deflate round trip differs");
  for (auto _ : state) {
    auto out = rsli::deflate_decode(packed, kBenchBytes);
    benchmark::DoNotOptimize(out->data());
  }
  set_unpacked_bytes(state);
  state.counters["ratio"] = static_cast<double>(packed.size()) / static_cast<double>(kBenchBytes);
}
BENCHMARK(BM_deflate_decode);

void BM_lzss_encode(benchmark::State& state) {
  const ByteBuffer& data = game_like_data();
  std::size_t packed_size = 0;
  for (auto _ : state) {
    ByteBuffer packed = rsli::lzss_encode(data);
    packed_size = packed.size();
    benchmark::DoNotOptimize(packed.data());
  }
  set_unpacked_bytes(state);
  state.counters["ratio"] = static_cast<double>(packed_size) / static_cast<double>(kBenchBytes);
}
BENCHMARK(BM_lzss_encode)->Unit(benchmark::kMillisecond);

void BM_deflate_encode_level6(benchmark::State& state) {
  const ByteBuffer& data = game_like_data();
  std::size_t packed_size = 0;
  for (auto _ : state) {
    auto packed = rsli::deflate_encode(data, 6);
    packed_size = packed->size();
    benchmark::DoNotOptimize(packed->data());
  }
  set_unpacked_bytes(state);
  state.counters["ratio"] = static_cast<double>(packed_size) / static_cast<double>(kBenchBytes);
}
BENCHMARK(BM_deflate_encode_level6)->Unit(benchmark::kMillisecond);

}  // namespace
