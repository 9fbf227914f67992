#include "parkan/core/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace parkan {

Progress::Progress(std::string label, std::size_t total, bool enabled)
    : label_(std::move(label)), total_(total), active_(enabled && total > 0 && ::isatty(2)) {
  if (active_) draw();
}

Progress::~Progress() {
  if (active_) std::fputs("\r\033[K", stderr);
}

void Progress::advance(std::size_t count) {
  done_ += count;
  if (active_) draw();
}

void Progress::draw() {
  int percent = static_cast<int>(done_ * 100 / total_);
  if (percent == last_percent_) return;
  last_percent_ = percent;
  constexpr int kWidth = 30;
  int filled = percent * kWidth / 100;
  std::fprintf(stderr, "\r%s [%.*s%*s] %3d%% (%zu/%zu)", label_.c_str(), filled,
               "##############################", kWidth - filled, "", percent, done_, total_);
  std::fflush(stderr);
}

}  // namespace parkan
