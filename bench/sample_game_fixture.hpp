#pragma once
// The benchmarks' sample games: a fresh temporary folder, and a sample game written into one the first
// time a benchmark asks for it and removed when the process exits.
#include <cstdlib>
#include <filesystem>
#include <string>

#include "parkan/sample/sample_game.hpp"

namespace parkan::bench {

// A new, empty temporary folder; `pattern` ends in XXXXXX (mkdtemp).
inline std::filesystem::path fresh_bench_folder(const char* pattern) {
  std::string path = (std::filesystem::temp_directory_path() / pattern).string();
  return mkdtemp(path.data());
}

inline std::filesystem::path write_game_or_abort(bool retail) {
  std::filesystem::path made = fresh_bench_folder("parkan-bench-game-XXXXXX");
  sample::SampleOptions options;
  options.retail = retail;
  if (!sample::write_sample_game(made, options).ok()) std::abort();
  return made;
}

// The small (`sample-game DIR`, Retail false) or retail-size (`--size retail`) sample game, written
// the first time it is asked for.
template <bool Retail>
const std::filesystem::path& sample_game_once() {
  static const std::filesystem::path dir = write_game_or_abort(Retail);
  static const struct Remove {
    ~Remove() { std::filesystem::remove_all(dir); }
  } remove;
  return dir;
}

}  // namespace parkan::bench
