#pragma once
// A one-line progress bar on stderr, drawn only when stderr is a terminal (cli.md conventions).
#include <cstddef>
#include <string>

namespace parkan {

class Progress {
 public:
  // `enabled` is the caller's wish (false with --quiet); the bar still stays silent off a terminal.
  Progress(std::string label, std::size_t total, bool enabled = true);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void advance(std::size_t count = 1);
  bool active() const { return active_; }

 private:
  void draw();
  std::string label_;
  std::size_t total_;
  std::size_t done_ = 0;
  int last_percent_ = -1;
  bool active_;
};

}  // namespace parkan
