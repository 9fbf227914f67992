// glTF export: the animation (docs/cli.md 6): the engine's exact sampler
// (docs/formats/msh-animation.md 3, anim.hpp sample_node) at every frame 0 .. frame_count - 1 at engine time
// t = frame, written at glTF time frame / fps; translation and rotation channels per node with a frame
// map, the rotation conj(q) as for the still pose, node 0's translation zeroed where the engine's pose
// walk zeroes it (docs/formats/msh.md 7.4).
#include <fmt/format.h>

#include "export/gltf_internal.hpp"
#include "parkan/export/codes.hpp"

namespace parkan::gltf::detail {

namespace {

void add_channel(tinygltf::Animation& animation, int node, const char* path, int input, int output) {
  tinygltf::AnimationSampler sampler;
  sampler.input = input;
  sampler.output = output;
  sampler.interpolation = "LINEAR";
  animation.samplers.push_back(std::move(sampler));
  tinygltf::AnimationChannel channel;
  channel.sampler = int(animation.samplers.size() - 1);
  channel.target_node = node;
  channel.target_path = path;
  animation.channels.push_back(std::move(channel));
}

}  // namespace

Result<std::size_t> build_animation(const msh::AnimStreams& anim, const std::vector<int>& gltf_node,
                                    const Options& options, tinygltf::Model& out, BufferBuilder& buffer) {
  const std::uint32_t frames = anim.frame_count;
  std::vector<std::uint32_t> animated;
  for (std::uint32_t n = 0; n < anim.node_count && n < gltf_node.size(); ++n)
    if (gltf_node[n] >= 0 && anim.node_map_start(n) != msh::kNoMap) animated.push_back(n);
  if (frames == 0 || animated.empty()) return std::size_t{0};
  // Every animated node's frame map must hold `frames` words (the sampler reads map[start + frame]).
  // Checked before anything is allocated: Res19's attr2 alone would let a few bytes ask for 2^32 frames.
  for (std::uint32_t n : animated)
    if (std::uint64_t(anim.node_map_start(n)) + frames > anim.word_count)
      return invalid_rule(codes::kAnimFrames,
                          fmt::format("node {}'s frame map [{}, +{}) runs past the {} words of Res19", n,
                                      anim.node_map_start(n), frames, anim.word_count));

  std::vector<float> times(frames);
  for (std::uint32_t f = 0; f < frames; ++f) times[f] = float(double(f) / double(options.fps));
  tinygltf::Animation animation;
  animation.name = "timeline";
  const int input = buffer.add_scalars(times);
  std::vector<msh::Vec3> translations(frames);
  std::vector<std::array<float, 4>> rotations(frames);
  for (std::uint32_t n : animated) {
    const std::uint16_t parent = anim.node_parent(n);
    for (std::uint32_t f = 0; f < frames; ++f) {
      auto pose = msh::sample_node(anim, n, float(f));
      if (!pose) return std::move(pose).error();
      const msh::Mat4 local = msh::pose_walk_local(n, parent, *pose);
      translations[f] = {local[3], local[7], local[11]};
      const std::array<double, 4> r = gltf_rotation(pose->quat);
      rotations[f] = {float(r[0]), float(r[1]), float(r[2]), float(r[3])};
      // q and -q are one rotation: keep neighbours on one side so that the viewer's slerp takes the
      // short way, as the engine's sampler does between keys.
      if (f > 0) {
        const auto& previous = rotations[f - 1];
        auto& current = rotations[f];
        float d = 0.0f;
        for (std::size_t k = 0; k < 4; ++k) d += previous[k] * current[k];
        if (d < 0.0f)
          for (float& c : current) c = -c;
      }
    }
    add_channel(animation, gltf_node[n], "translation", input, buffer.add_vec3(translations, 0));
    add_channel(animation, gltf_node[n], "rotation", input, buffer.add_vec4(rotations));
  }
  tinygltf::Value::Object extras;
  extras["frame_count"] = tinygltf::Value(int(frames));
  extras["fps"] = tinygltf::Value(double(options.fps));
  animation.extras = tinygltf::Value(std::move(extras));
  out.animations.push_back(std::move(animation));
  return animated.size();
}

}  // namespace parkan::gltf::detail
