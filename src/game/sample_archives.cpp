#include "parkan/game/sample.hpp"

namespace parkan::game {

std::vector<SampleFile> sample_archives(const SampleOptions& /*options*/) { return {}; }

}  // namespace parkan::game
