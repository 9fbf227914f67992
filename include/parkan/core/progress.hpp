#pragma once
// A one-line progress bar on stderr, drawn only when stderr is a terminal (docs/cli.md conventions).
// The line is cleared when the work is done (the last advance, finish() or the destructor), so that
// what the command prints next starts on a clean line.
#include <cstddef>
#include <cstdio>
#include <string>

namespace parkan {

class Progress {
 public:
  // `enabled` is the caller's wish (false with --quiet); the bar still stays silent off a terminal.
  Progress(std::string label, std::size_t total, bool enabled = true);
  // For tests: draw on `out` as if it were a terminal when `terminal` is true.
  Progress(std::string label, std::size_t total, bool enabled, std::FILE* out, bool terminal);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void advance(std::size_t count = 1);
  // Clears the bar's line; later advances draw nothing.
  void finish();
  bool active() const { return active_; }

 private:
  void draw();
  std::string label_;
  std::size_t total_;
  std::size_t done_ = 0;
  int last_percent_ = -1;
  std::FILE* out_;
  bool active_;
};

}  // namespace parkan
