#include "parkan/core/progress.hpp"

#include "parkan/core/console.hpp"

namespace parkan {

Progress::Progress(std::string label, std::size_t total, bool enabled)
    : Progress(std::move(label), total, enabled, stderr, is_terminal(stderr)) {}

Progress::Progress(std::string label, std::size_t total, bool enabled, std::FILE* out, bool terminal)
    : label_(std::move(label)), total_(total), out_(out), active_(enabled && total > 0 && terminal) {
  if (active_) draw();
}

Progress::~Progress() { finish(); }

void Progress::advance(std::size_t count) {
  done_ += count;
  if (!active_) return;
  draw();
  if (done_ >= total_) finish();
}

void Progress::finish() {
  if (!active_) return;
  active_ = false;
  std::fputs("\r\033[K", out_);  // back to the line start, erase it
  std::fflush(out_);
}

void Progress::draw() {
  int percent = static_cast<int>((done_ < total_ ? done_ : total_) * 100 / total_);
  if (percent == last_percent_) return;
  last_percent_ = percent;
  constexpr int kWidth = 30;
  int filled = percent * kWidth / 100;
  std::fprintf(out_, "\r%s [%.*s%*s] %3d%% (%zu/%zu)", label_.c_str(), filled, "##############################",
               kWidth - filled, "", percent, done_, total_);
  std::fflush(out_);
}

}  // namespace parkan
