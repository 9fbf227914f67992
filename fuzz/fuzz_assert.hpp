#pragma once
// The fuzz targets' invariant check: a violated invariant traps, so libFuzzer keeps the input that
// broke it (a finding the target's reader reports is not a violation).
#define FUZZ_ASSERT(x)              \
  do {                              \
    if (!(x)) __builtin_trap();     \
  } while (0)
