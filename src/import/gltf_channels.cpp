// glTF animation channels (src/import/gltf_channels.hpp).
#include "import/gltf_channels.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "import/gltf_accessor.hpp"
#include "parkan/import/codes.hpp"

namespace parkan::importer::detail {

namespace {

std::array<double, 4> normalized(std::array<double, 4> q) {
  const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (n > 0)
    for (double& c : q) c /= n;
  return q;
}

// Shortest-path slerp of two x, y, z, w quaternions.
std::array<double, 4> slerp(std::array<double, 4> a, std::array<double, 4> b, double u) {
  double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  if (d < 0) {
    for (double& c : b) c = -c;
    d = -d;
  }
  if (d > 0.9995) {  // nearly the same: linear, then normalized
    std::array<double, 4> r;
    for (int k = 0; k < 4; ++k) r[k] = a[k] + (b[k] - a[k]) * u;
    return normalized(r);
  }
  const double theta = std::acos(std::min(d, 1.0));
  const double wa = std::sin((1 - u) * theta) / std::sin(theta), wb = std::sin(u * theta) / std::sin(theta);
  std::array<double, 4> r;
  for (int k = 0; k < 4; ++k) r[k] = wa * a[k] + wb * b[k];
  return r;
}

}  // namespace

Result<Channels> Channels::read(const tinygltf::Model& model, int index) {
  if (index < 0 || static_cast<std::size_t>(index) >= model.animations.size())
    return invalid_rule(codes::kGltfAnimation, fmt::format("animation {} does not exist", index));
  const tinygltf::Animation& animation = model.animations[static_cast<std::size_t>(index)];
  Channels out;
  for (std::size_t i = 0; i < animation.channels.size(); ++i) {
    const tinygltf::AnimationChannel& source = animation.channels[i];
    const std::string what = fmt::format("animation \"{}\" channel {}", animation.name, i);
    Channel c;
    if (source.target_path == "translation") c.path = Path::translation;
    else if (source.target_path == "rotation") c.path = Path::rotation;
    else if (source.target_path == "scale") c.path = Path::scale;
    else continue;  // weights (morph targets) and extensions' paths animate nothing parkan imports
    if (source.target_node < 0 || static_cast<std::size_t>(source.target_node) >= model.nodes.size())
      return invalid_rule(codes::kGltfAnimation, fmt::format("{}: target node {} does not exist", what, source.target_node));
    if (source.sampler < 0 || static_cast<std::size_t>(source.sampler) >= animation.samplers.size())
      return invalid_rule(codes::kGltfAnimation, fmt::format("{}: sampler {} does not exist", what, source.sampler));
    const tinygltf::AnimationSampler& sampler = animation.samplers[static_cast<std::size_t>(source.sampler)];
    c.node = source.target_node;
    if (sampler.interpolation == "STEP") c.interpolation = Interpolation::step;
    else if (sampler.interpolation == "CUBICSPLINE") c.interpolation = Interpolation::cubic;
    else c.interpolation = Interpolation::linear;
    PARKAN_ASSIGN(auto times, read_vectors(model, sampler.input, 1, false, what + " input"));
    const int components = c.path == Path::rotation ? 4 : 3;
    PARKAN_ASSIGN(c.values, read_vectors(model, sampler.output, components, c.path == Path::rotation, what + " output"));
    const std::size_t per_key = c.interpolation == Interpolation::cubic ? 3 : 1;
    if (times.empty() || c.values.size() != times.size() * per_key)
      return invalid_rule(codes::kGltfAnimation, fmt::format("{}: {} output values for {} key times", what,
                                                             c.values.size(), times.size()));
    for (std::size_t k = 0; k < times.size(); ++k) {
      const double t = times[k][0];
      if (!std::isfinite(t) || t < 0 || (k > 0 && !(t > c.times.back())))
        return invalid_rule(codes::kGltfAnimation,
                            fmt::format("{}: key time {} is not finite, negative or after the one before it", what, t));
      c.times.push_back(t);
    }
    for (const auto& v : c.values)
      for (int k = 0; k < components; ++k)
        if (!std::isfinite(v[static_cast<std::size_t>(k)]))
          return invalid_rule(codes::kGltfAnimation, fmt::format("{}: a value is not finite", what));
    out.start_ = out.channels_.empty() ? c.times.front() : std::min(out.start_, c.times.front());
    out.duration_ = std::max(out.duration_, c.times.back());
    out.channels_.push_back(std::move(c));
  }
  return out;
}

bool Channels::animates(int node) const {
  return std::any_of(channels_.begin(), channels_.end(), [&](const Channel& c) { return c.node == node; });
}

bool Channels::animates_scale(int node) const {
  return std::any_of(channels_.begin(), channels_.end(),
                     [&](const Channel& c) { return c.node == node && c.path == Path::scale; });
}

std::array<double, 4> Channels::evaluate(const Channel& c, double time) {
  const std::size_t count = c.times.size();
  const std::size_t per_key = c.interpolation == Interpolation::cubic ? 3 : 1;
  auto value = [&](std::size_t key) { return c.values[key * per_key + (per_key == 3 ? 1 : 0)]; };
  if (time <= c.times.front()) return value(0);
  if (time >= c.times.back()) return value(count - 1);
  const std::size_t k1 = static_cast<std::size_t>(std::upper_bound(c.times.begin(), c.times.end(), time) - c.times.begin());
  const std::size_t k0 = k1 - 1;
  const double span = c.times[k1] - c.times[k0];
  const double u = (time - c.times[k0]) / span;
  if (c.interpolation == Interpolation::step) return value(k0);
  if (c.interpolation == Interpolation::linear) {
    if (c.path == Path::rotation) return slerp(value(k0), value(k1), u);
    std::array<double, 4> r{};
    for (int k = 0; k < 3; ++k) r[k] = value(k0)[k] + (value(k1)[k] - value(k0)[k]) * u;
    return r;
  }
  // Hermite (glTF 2.0 Appendix C): p0, out-tangent of k0, in-tangent of k1, p1, tangents scaled by the span.
  const auto& p0 = c.values[k0 * 3 + 1];
  const auto& m0 = c.values[k0 * 3 + 2];
  const auto& m1 = c.values[k1 * 3];
  const auto& p1 = c.values[k1 * 3 + 1];
  const double u2 = u * u, u3 = u2 * u;
  std::array<double, 4> r{};
  for (int k = 0; k < 4; ++k)
    r[k] = (2 * u3 - 3 * u2 + 1) * p0[k] + (u3 - 2 * u2 + u) * span * m0[k] + (-2 * u3 + 3 * u2) * p1[k] +
           (u3 - u2) * span * m1[k];
  return c.path == Path::rotation ? normalized(r) : r;
}

Trs Channels::at(int node, const Trs& rest, double time) const {
  Trs out = rest;
  for (const Channel& c : channels_) {
    if (c.node != node) continue;
    const std::array<double, 4> v = evaluate(c, time);
    if (c.path == Path::translation) out.t = {v[0], v[1], v[2]};
    else if (c.path == Path::rotation) out.r = normalized(v);
    else out.s = {v[0], v[1], v[2]};
  }
  return out;
}

}  // namespace parkan::importer::detail
