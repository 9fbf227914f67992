#pragma once
// The engine's C runtime rand()/srand() (MSVC): the only random source of the material manager
// (mode 3 animation blocks, docs/formats/mat0.md 5.5).
#include <cstdint>

#include "parkan/runtime/limits.hpp"

namespace parkan::runtime {

class CrtRandom {
 public:
  void seed(std::uint32_t value) { state_ = value; }
  // seed = seed * 214013 + 2531011 (uint32); returns (seed >> 16) & 0x7FFF.
  std::int32_t next() {
    state_ = state_ * kCrtRandMultiplier + kCrtRandIncrement;
    return static_cast<std::int32_t>((state_ >> 16) & 0x7FFF);
  }
  std::uint32_t state() const { return state_; }

 private:
  std::uint32_t state_ = kCrtRandInitialSeed;
};

}  // namespace parkan::runtime
