#pragma once
// The sample generators' random numbers: SplitMix64, so that a seed gives the same sample game on
// every platform (std:: distributions differ between standard libraries).
#include <cstdint>

namespace parkan::sample {

struct SampleRandom {
  std::uint64_t state;

  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }
  std::uint8_t byte() { return static_cast<std::uint8_t>(next()); }
  float unit() { return static_cast<float>(next() >> 40) / 16777216.0f; }  // [0, 1)
  float range(float lo, float hi) { return lo + (hi - lo) * unit(); }
};

}  // namespace parkan::sample
