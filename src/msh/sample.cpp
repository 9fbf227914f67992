// The runtime path: sub_10012880 (sample one node), sub_10012560 (blend two samples) and the
// world matrices of the hierarchy (docs/formats/msh-animation.md 3, 4; docs/formats/msh.md 7).
#include <cmath>

#include <fmt/format.h>

#include "parkan/msh/codes.hpp"
#include "parkan/msh/anim.hpp"
#include "msh/engine_math.hpp"

namespace parkan::msh {

namespace {

// The error paths build their messages out of line, so that the sampling loop stays small.
[[gnu::cold, gnu::noinline]] Error legacy_error() {
  return invalid_rule(codes::kAnimNodesLegacy, "legacy node table (24-byte nodes, docs/formats/msh-animation.md 10.3), not sampled");
}
[[gnu::cold, gnu::noinline]] Error missing_node_error(std::uint32_t node, std::uint32_t count) {
  return invalid_rule(codes::kAnimSampleNode, fmt::format("node {} does not exist (the model has {} nodes)", node, count));
}
[[gnu::cold, gnu::noinline]] Error time_error(float t) {
  return invalid_rule(codes::kAnimSampleTime, fmt::format("sample time {} is not finite", t));
}
[[gnu::cold, gnu::noinline]] Error fallback_error(const AnimStreams& s, std::uint32_t node, std::uint16_t fallback) {
  return invalid_rule(codes::kAnimNodeFallbackRange,
                      fmt::format("node {}: fallback key {} is past the key pool ({} keys) (rule 9.2)", node,
                                  fallback, s.key_count),
                      s.node_offset(node) + kNodeFallbackOffset);
}
// A frame is printed as the engine's signed int: a negative time gives a negative frame, which the
// engine uses as a large unsigned index (3.2); the message says so rather than print 4294967290.
[[gnu::cold, gnu::noinline]] Error map_word_error(const AnimStreams& s, std::uint32_t node, std::uint16_t start,
                                                  std::uint32_t frame) {
  const auto signed_frame = static_cast<std::int32_t>(frame);
  const std::string read_as = signed_frame < 0 ? fmt::format(", read as the unsigned {}", frame) : std::string();
  return invalid_rule(codes::kAnimNodeMapRange,
                      fmt::format("node {}: map word {} (map start {} + frame {}{}) is past the frame map ({} words) "
                                  "(rule 9.3)",
                                  node, std::uint64_t(start) + frame, start, signed_frame, read_as, s.word_count),
                      s.node_offset(node) + kNodeMapStartOffset);
}
[[gnu::cold, gnu::noinline]] Error map_key_error(const AnimStreams& s, std::uint32_t node, std::uint64_t word,
                                                 std::uint32_t frame, std::uint32_t key) {
  return invalid_rule(codes::kAnimMapNextKey,
                      fmt::format("node {}: frame {} maps to key {}, {} past the key pool ({} keys) (rule 9.4)",
                                  node, static_cast<std::int32_t>(frame), key,
                                  key < s.key_count ? "whose next key is" : "which is", s.key_count),
                      s.word_offset(word));
}

Vec3 key_pos(const std::uint8_t* k) { return {load_f32(k), load_f32(k + 4), load_f32(k + 8)}; }
float key_time(const std::uint8_t* k) { return load_f32(k + 12); }
void take_key(NodePose& pose, const std::uint8_t* k, std::uint32_t index, SamplePath path) {
  pose.key = index;
  pose.path = path;
  pose.quat = detail::key_quat(k);
  pose.pos = key_pos(k);
}

}  // namespace

namespace {

// Which rule stopped the sampler; the message is built afterwards, out of the hot path.
enum class Fault : std::uint8_t { none, legacy, missing_node, time, fallback, map_word, map_key };

// The two keys, their angle and the weight of an interpolated pose, kept for the slerp.
struct Segment {
  const std::uint8_t* k0 = nullptr;
  float alpha = 0.0f;
  KeyPairAngle angle;
};

// The angle of pair (k, k + 1) from the table read_anim_streams filled, or computed here.
[[gnu::always_inline]] inline KeyPairAngle pair_angle(const AnimStreams& s, std::uint32_t k, const std::uint8_t* k0) {
  if (k < s.pair_angles.size()) [[likely]]
    return s.pair_angles[k];
  return detail::slerp_angle(detail::key_quat(k0), detail::key_quat(k0 + kKeyStride));
}

// sub_10012880 (3.1-3.3) without allocations and without the slerp: fills `pose` (on the
// interpolating path everything but the quaternion, and `segment`) or names the rule that stopped it.
[[gnu::always_inline]] inline Fault select_keys(const AnimStreams& s, std::uint32_t node, float t, NodePose& pose,
                                                Segment& segment) {
  if (s.layout != NodeLayout::node38) return Fault::legacy;
  if (node >= s.node_count) return Fault::missing_node;
  if (!std::isfinite(t)) return Fault::time;
  const std::uint16_t map_start = s.node_map_start(node);
  const std::uint16_t fallback = s.node_fallback(node);
  pose.frame = detail::frame_index_inline(t);

  // 3.2: the fallback branch. Its three conditions are tested in the engine's order; the word
  // lookup is bounds-checked where the engine reads blindly.
  bool use_fallback = pose.frame >= s.frame_count || map_start == kNoMap;
  const std::uint64_t word = std::uint64_t(map_start) + pose.frame;
  std::uint16_t mapped = 0;
  if (!use_fallback) {
    if (word >= s.word_count) return Fault::map_word;
    mapped = load_u16(s.map.data() + word * kMapWordSize);
    use_fallback = mapped >= fallback;
  }
  if (use_fallback) {
    if (fallback >= s.key_count) return Fault::fallback;
    take_key(pose, s.keys.data() + std::size_t(fallback) * kKeyStride, fallback, SamplePath::fallback);
    return Fault::none;
  }

  // 3.3: the map branch, strict float equality with the key times.
  if (mapped >= s.key_count) return Fault::map_key;
  const std::uint8_t* k0 = s.keys.data() + std::size_t(mapped) * kKeyStride;
  const float t0 = key_time(k0);
  if (t == t0) {
    take_key(pose, k0, mapped, SamplePath::key0);
    return Fault::none;
  }
  if (std::uint32_t(mapped) + 1 >= s.key_count) return Fault::map_key;
  const std::uint8_t* k1 = k0 + kKeyStride;
  const float t1 = key_time(k1);
  if (t == t1) {
    take_key(pose, k1, mapped + 1u, SamplePath::key1);
    return Fault::none;
  }
  const float alpha = (t - t0) / (t1 - t0);
  pose.key = mapped;
  pose.path = SamplePath::interp;
  pose.pos = detail::lerp_position_inline(key_pos(k0), key_pos(k1), alpha);
  segment = {k0, alpha, pair_angle(s, mapped, k0)};
  return Fault::none;
}

// g_FastProc[17] on the segment of an interpolated pose.
[[gnu::always_inline]] inline Quat segment_slerp(const Segment& segment) {
  return detail::slerp_with_angle(detail::key_quat(segment.k0), detail::key_quat(segment.k0 + kKeyStride),
                                  segment.alpha, segment.angle);
}

[[gnu::always_inline]] inline Fault sample_into(const AnimStreams& s, std::uint32_t node, float t, NodePose& pose) {
  Segment segment;
  const Fault fault = select_keys(s, node, t, pose, segment);
  if (fault == Fault::none && pose.path == SamplePath::interp) pose.quat = segment_slerp(segment);
  return fault;
}

[[gnu::cold, gnu::noinline]] Error fault_error(Fault fault, const AnimStreams& s, std::uint32_t node, float t) {
  switch (fault) {
    case Fault::legacy: return legacy_error();
    case Fault::missing_node: return missing_node_error(node, s.node_count);
    case Fault::time: return time_error(t);
    case Fault::fallback: return fallback_error(s, node, s.node_fallback(node));
    case Fault::map_word: return map_word_error(s, node, s.node_map_start(node), detail::frame_index_inline(t));
    default: {
      const std::uint32_t frame = detail::frame_index_inline(t);
      const std::uint64_t word = std::uint64_t(s.node_map_start(node)) + frame;
      return map_key_error(s, node, word, frame, load_u16(s.map.data() + word * kMapWordSize));
    }
  }
}

}  // namespace

Result<NodePose> sample_node(const AnimStreams& s, std::uint32_t node, float t) {
  NodePose pose;
  const Fault fault = sample_into(s, node, t, pose);
  if (fault != Fault::none) [[unlikely]]
    return fault_error(fault, s, node, t);
  return pose;
}

Mat4 pose_matrix(const NodePose& pose) {
  Mat4 m = detail::quat_to_matrix_inline(pose.quat);
  m[3] = pose.pos[0];
  m[7] = pose.pos[1];
  m[11] = pose.pos[2];
  return m;
}

namespace {

[[gnu::cold, gnu::noinline]] Error no_blend_input_error(float ta, float tb, float blend) {
  return invalid_rule(codes::kAnimBlendNoSample,
                      fmt::format("blend {} with times {} and {} uses neither sample: sample A needs blend < 1 and "
                                  "time A >= 0, sample B needs blend > 0 and time B >= 0 (docs/formats/msh-animation.md 4.1; "
                                  "the engine leaves this case undefined)",
                                  blend, ta, tb));
}

}  // namespace

Result<Mat4> blend_node(const AnimStreams& s, std::uint32_t node, float ta, float tb, float blend) {
  const BlendInputs inputs = blend_inputs(ta, tb, blend);
  if (!inputs.has_a && !inputs.has_b) [[unlikely]]
    return no_blend_input_error(ta, tb, blend);
  NodePose a, b;
  if (!inputs.has_a || !inputs.has_b) {
    const float t = inputs.has_a ? ta : tb;
    if (Fault fault = sample_into(s, node, t, a); fault != Fault::none) [[unlikely]]
      return fault_error(fault, s, node, t);
    return pose_matrix(a);
  }

  // Both samples: the keys of both first, then both slerps side by side (independent, so the
  // CPU overlaps them), then the blend.
  Segment sa, sb;
  if (Fault fault = select_keys(s, node, ta, a, sa); fault != Fault::none) [[unlikely]]
    return fault_error(fault, s, node, ta);
  if (Fault fault = select_keys(s, node, tb, b, sb); fault != Fault::none) [[unlikely]]
    return fault_error(fault, s, node, tb);
  const bool interp_a = a.path == SamplePath::interp, interp_b = b.path == SamplePath::interp;
  if (interp_a && interp_b) [[likely]] {
    detail::slerp2_with_angles(detail::key_quat(sa.k0), detail::key_quat(sa.k0 + kKeyStride), sa.alpha, sa.angle,
                               a.quat, detail::key_quat(sb.k0), detail::key_quat(sb.k0 + kKeyStride), sb.alpha,
                               sb.angle, b.quat);
  } else {
    if (interp_a) a.quat = segment_slerp(sa);
    if (interp_b) b.quat = segment_slerp(sb);
  }

  Mat4 m = detail::quat_to_matrix_inline(detail::blend_rotation_inline(a.quat, b.quat, blend));  // then [14]
  Vec3 p = detail::blend_position_inline(a.pos, b.pos, blend);
  m[3] = p[0];
  m[7] = p[1];
  m[11] = p[2];
  return m;
}

namespace {

[[gnu::cold, gnu::noinline]] Error self_parent_error(std::uint32_t node, std::uint64_t at) {
  return invalid_rule(codes::kAnimNodeParentOrder, fmt::format("node {} is its own parent (a cycle)", node), at);
}
[[gnu::cold, gnu::noinline]] Error missing_parent_error(std::uint32_t node, std::uint16_t parent, std::uint32_t count,
                                                        std::uint64_t at) {
  return invalid_rule(codes::kAnimNodeParentRange,
                      fmt::format("node {}: parent {} does not exist (the model has {} nodes)", node, parent, count),
                      at);
}
[[gnu::cold, gnu::noinline]] Error forward_parent_error(std::uint32_t node, std::uint16_t parent, std::uint64_t at) {
  return invalid_rule(codes::kAnimNodeParentOrder,
                      fmt::format("node {}: parent {} comes after it (a forward parent; parents must precede their "
                                  "children, docs/formats/msh.md 7)",
                                  node, parent),
                      at);
}

}  // namespace

Result<Hierarchy> read_hierarchy(const AnimStreams& s) {
  if (s.layout != NodeLayout::node38) return legacy_error();
  Hierarchy h;
  h.parents.resize(s.node_count);
  for (std::uint32_t i = 0; i < s.node_count; ++i) {
    std::uint16_t parent = s.node_parent(i);
    if (parent != kNoParent) {
      const std::uint64_t at = s.node_offset(i) + kNodeParentOffset;
      if (parent == i) return self_parent_error(i, at);
      if (parent >= s.node_count) return missing_parent_error(i, parent, s.node_count, at);
      if (parent > i) return forward_parent_error(i, parent, at);
    }
    h.parents[i] = parent;
  }
  return h;
}

Mat4 multiply(const Mat4& a, const Mat4& b) {
  Mat4 out{};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
      out[r * 4 + c] = a[r * 4 + 0] * b[0 * 4 + c] + a[r * 4 + 1] * b[1 * 4 + c] + a[r * 4 + 2] * b[2 * 4 + c] +
                       a[r * 4 + 3] * b[3 * 4 + c];
  return out;
}

namespace {

[[gnu::cold, gnu::noinline]] Error hierarchy_size_error(std::size_t parents, std::uint32_t nodes) {
  return invalid_rule(codes::kAnimWorldHierarchy, fmt::format("hierarchy has {} nodes, the model {}", parents, nodes));
}
[[gnu::cold, gnu::noinline]] Error output_size_error(std::size_t matrices, std::uint32_t nodes) {
  return invalid_rule(codes::kAnimWorldOutput,
                      fmt::format("output holds {} matrices, the model has {} nodes", matrices, nodes));
}
[[gnu::cold, gnu::noinline]] Error parent_order_error(std::uint32_t node, std::uint16_t parent) {
  return invalid_rule(codes::kAnimNodeParentOrder, fmt::format("node {}: parent {} does not precede it", node, parent));
}

}  // namespace

Mat4 pose_walk_local(std::uint32_t node, std::uint16_t parent, const NodePose& pose) {
  Mat4 m = pose_matrix(pose);
  if (node == 0 && parent == kNoParent) m[3] = m[7] = m[11] = 0.0f;  // docs/formats/msh.md 7.4
  return m;
}

Status world_matrices(const AnimStreams& s, const Hierarchy& h, float t, std::span<Mat4> out) {
  if (h.parents.size() != s.node_count) return hierarchy_size_error(h.parents.size(), s.node_count);
  if (out.size() < s.node_count) return output_size_error(out.size(), s.node_count);
  for (std::uint32_t i = 0; i < s.node_count; ++i) {
    NodePose pose;
    if (Fault fault = sample_into(s, i, t, pose); fault != Fault::none) [[unlikely]]
      return fault_error(fault, s, i, t);
    const std::uint16_t parent = h.parents[i];
    if (parent != kNoParent && parent >= i)
      return parent_order_error(i, parent);
    const Mat4 local = pose_walk_local(i, parent, pose);
    out[i] = parent == kNoParent ? local : multiply(out[parent], local);
  }
  return {};
}

Result<std::vector<Mat4>> world_matrices(const AnimStreams& s, float t) {
  PARKAN_ASSIGN(Hierarchy h, read_hierarchy(s));
  std::vector<Mat4> out(s.node_count);
  PARKAN_TRY(world_matrices(s, h, t, out));
  return out;
}

}  // namespace parkan::msh
