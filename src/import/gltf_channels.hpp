#pragma once
// One glTF animation's translation, rotation and scale channels, evaluated at any time (glTF 2.0
// 3.11: STEP, LINEAR with slerp for rotations, CUBICSPLINE as Hermite splines), for sampling at the
// model's frame rate (docs/import.md 4).
#include <array>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "parkan/core/error.hpp"

namespace parkan::importer::detail {

// A node's local transform as glTF states it: translation, rotation (x, y, z, w), scale.
struct Trs {
  std::array<double, 3> t{0, 0, 0};
  std::array<double, 4> r{0, 0, 0, 1};
  std::array<double, 3> s{1, 1, 1};
};

class Channels {
 public:
  // The animation's channels; errors (import.gltf.accessor, import.gltf.animation) name the channel.
  static Result<Channels> read(const tinygltf::Model& model, int animation);

  double start() const { return start_; }        // the earliest key time of any channel
  double duration() const { return duration_; }  // the latest key time of any channel
  bool animates(int node) const;         // any channel targets the node
  bool animates_scale(int node) const;   // a scale channel targets the node
  // The node's transform at `time` (seconds): `rest` with the channels that target it applied.
  Trs at(int node, const Trs& rest, double time) const;

 private:
  enum class Path { translation, rotation, scale };
  enum class Interpolation { step, linear, cubic };
  struct Channel {
    int node = -1;
    Path path = Path::translation;
    Interpolation interpolation = Interpolation::linear;
    std::vector<double> times;
    std::vector<std::array<double, 4>> values;  // per key (cubic: in-tangent, value, out-tangent)
  };
  static std::array<double, 4> evaluate(const Channel& c, double time);

  std::vector<Channel> channels_;
  double start_ = 0;
  double duration_ = 0;
};

}  // namespace parkan::importer::detail
