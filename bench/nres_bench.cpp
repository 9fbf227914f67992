// NRes performance: on a synthetic 5,000-entry archive, strict open + validate per entry
// (target <= 40 ns), the average name lookup over all names (<= 150 ns), and extracting every payload
// against a memcpy of the same bytes in the same run (<= 1.5x). Also the streamed canonical
// writer (repack) and the streamed manifest (extract). Their memory is bench/archive_memory.sh's.
#include <algorithm>
#include <chrono>
#include <cstring>
#include <deque>
#include <random>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "parkan/nres/archive.hpp"
#include "parkan/nres/folder.hpp"
#include "parkan/nres/write.hpp"

namespace {

using namespace parkan;

constexpr std::size_t kEntries = 5000;

// Names like a retail Textures.lib / objects.rlb: mixed case, '_', digits, a few extensions.
struct Corpus {
  ByteBuffer bytes;
  std::vector<std::string> names;  // every name, shuffled, in another case than stored
  std::size_t payload_bytes = 0;

  Corpus() {
    std::mt19937 rng(2);
    std::uniform_int_distribution<std::size_t> size(256, 8192);
    const char* const prefixes[] = {"TEX_", "Unit_", "bld", "FX_fire", "wall[", "Mat", "grass_", "Land"};
    const char* const suffixes[] = {".0", ".msh", "", ".tex", "_lod1.msh"};
    std::deque<ByteBuffer> storage;
    std::vector<nres::EntrySpec> specs;
    for (std::size_t i = 0; i < kEntries; ++i) {
      std::string name = fmt::format("{}{:05}{}", prefixes[i % 8], (i * 7919) % 100000, suffixes[i % 5]);
      ByteBuffer& payload = storage.emplace_back(size(rng), static_cast<std::uint8_t>(i));
      payload_bytes += payload.size();
      specs.push_back(nres::EntrySpec{0x6D786554, 0, 0, 0, name, payload});
      for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      names.push_back(name);
    }
    std::shuffle(specs.begin(), specs.end(), rng);
    std::shuffle(names.begin(), names.end(), rng);
    bytes = nres::build(specs).value();
  }
};

const Corpus& corpus() {
  static const Corpus c;
  return c;
}

void BM_OpenStrict(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state) {
    auto archive = nres::read(c.bytes, nres::Profile::strict);
    if (!archive) state.SkipWithError(archive.error().to_string().c_str());
    benchmark::DoNotOptimize(archive);
  }
  state.counters["ns_per_entry"] = benchmark::Counter(static_cast<double>(state.iterations() * kEntries),
                                                      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_OpenStrict);

void BM_LookupAllNames(benchmark::State& state) {
  const Corpus& c = corpus();
  nres::Archive archive = nres::read(c.bytes).value();
  for (auto _ : state) {
    for (const std::string& name : c.names) {
      auto index = nres::find(archive, name);
      benchmark::DoNotOptimize(index);
    }
  }
  state.counters["ns_per_lookup"] = benchmark::Counter(static_cast<double>(state.iterations() * c.names.size()),
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_LookupAllNames);

// Extracting = every payload, found through the directory, copied out to its own place.
void extract_all(const nres::Archive& archive, std::uint8_t* out) {
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    ByteView payload = archive.payload(i);
    std::memcpy(out, payload.data(), payload.size());
    out += payload.size();
  }
}

void BM_ExtractAll(benchmark::State& state) {
  const Corpus& c = corpus();
  nres::Archive archive = nres::read(c.bytes).value();
  ByteBuffer out(c.payload_bytes);
  for (auto _ : state) {
    extract_all(archive, out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c.payload_bytes));
}
BENCHMARK(BM_ExtractAll);

void BM_MemcpySameBytes(benchmark::State& state) {
  const Corpus& c = corpus();
  ByteBuffer out(c.payload_bytes);
  for (auto _ : state) {
    std::memcpy(out.data(), c.bytes.data() + nres::kHeaderSize, c.payload_bytes);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c.payload_bytes));
}
BENCHMARK(BM_MemcpySameBytes);

// Both in one loop, alternating, so that the ratio compares the same machine state.
void BM_ExtractOverMemcpyRatio(benchmark::State& state) {
  const Corpus& c = corpus();
  nres::Archive archive = nres::read(c.bytes).value();
  ByteBuffer out(c.payload_bytes);
  using clock = std::chrono::steady_clock;
  clock::duration extract{}, copy{};
  for (auto _ : state) {
    auto t0 = clock::now();
    extract_all(archive, out.data());
    benchmark::ClobberMemory();
    auto t1 = clock::now();
    std::memcpy(out.data(), c.bytes.data() + nres::kHeaderSize, c.payload_bytes);
    benchmark::ClobberMemory();
    auto t2 = clock::now();
    extract += t1 - t0;
    copy += t2 - t1;
  }
  state.counters["ratio"] = static_cast<double>(extract.count()) / static_cast<double>(copy.count());
}
BENCHMARK(BM_ExtractOverMemcpyRatio);

// The streamed writers of `archive repack` and `archive extract` (nothing the size of the
// archive is built): the canonical image and the manifest text, to sinks that only count.
void BM_RepackStreamed(benchmark::State& state) {
  const Corpus& c = corpus();
  nres::Archive archive = nres::read(c.bytes).value();
  std::size_t written = 0;
  const nres::ByteSink sink = [&](ByteView bytes) -> Status {
    written += bytes.size();
    benchmark::DoNotOptimize(bytes.data());
    return {};
  };
  for (auto _ : state) {
    Status status = nres::write_canonical(archive, sink);
    if (!status) state.SkipWithError(status.error().to_string().c_str());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(written));
}
BENCHMARK(BM_RepackStreamed);

void BM_ManifestStreamed(benchmark::State& state) {
  const Corpus& c = corpus();
  nres::Archive archive = nres::read(c.bytes).value();
  std::size_t text = 0;
  for (auto _ : state) {
    Status status = nres::write_folder(
        archive, [](const nres::FolderFile&) -> Status { return {}; },
        [&](ByteView bytes) -> Status {
          text += bytes.size();
          return {};
        });
    if (!status) state.SkipWithError(status.error().to_string().c_str());
  }
  state.counters["ns_per_entry"] = benchmark::Counter(static_cast<double>(state.iterations() * kEntries),
                                                      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["manifest_bytes"] = static_cast<double>(text / std::max<std::size_t>(1, state.iterations()));
}
BENCHMARK(BM_ManifestStreamed);

}  // namespace
