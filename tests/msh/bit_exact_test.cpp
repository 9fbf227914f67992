// The fast runtime path must give the same bits as the plain transcription of the docs it
// replaced (docs/formats/msh-animation.md 3.1-3.3, 4.1-4.4, 4.4). The reference
// functions below are verbatim copies of quat_slerp / sample_node / blend_node as they were before
// the speed work (sin and cos called separately, a Result per sample; acos, sin and cos are the
// library's engine_* functions, whose accuracy trig_test.cpp checks); every output of the library
// is compared to them bit for bit over millions of pseudo-random inputs, including NaN,
// infinities, out-of-range blend weights, the linear threshold, broken maps and missing keys.
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "builders.hpp"
#include "parkan/msh/math.hpp"

namespace parkan::msh {
namespace {

// ---- The reference: the implementation before the speed work ----

Quat reference_slerp(const Quat& q0, const Quat& q1, float a) {
  float dot = q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3];
  float sign = 1.0f;
  if (dot < 0.0f) {
    dot = -dot;
    sign = -1.0f;
  }
  float w0, w1;
  if (1.0f - dot <= 9.9999997e-6f) {
    w0 = 1.0f - a;
    w1 = a;
  } else {
    float theta = engine_acos(dot);
    float inv_sin_theta = 1.0f / engine_sin(theta);
    w1 = engine_sin(a * theta) * inv_sin_theta;
    w0 = engine_cos(a * theta) - w1 * dot;
  }
  w1 *= sign;
  return {w0 * q0[0] + w1 * q1[0], w0 * q0[1] + w1 * q1[1], w0 * q0[2] + w1 * q1[2], w0 * q0[3] + w1 * q1[3]};
}

Mat4 reference_matrix(const Quat& q) {
  const float w = q[0], x = q[1], y = q[2], z = q[3];
  Mat4 m{};
  m[0] = 1.0f - 2.0f * (y * y + z * z);
  m[1] = 2.0f * (x * y + w * z);
  m[2] = 2.0f * (x * z - w * y);
  m[4] = 2.0f * (x * y - w * z);
  m[5] = 1.0f - 2.0f * (x * x + z * z);
  m[6] = 2.0f * (y * z + w * x);
  m[8] = 2.0f * (x * z + w * y);
  m[9] = 2.0f * (y * z - w * x);
  m[10] = 1.0f - 2.0f * (x * x + y * y);
  m[15] = 1.0f;
  return m;
}

Quat ref_key_quat(const std::uint8_t* k) {
  return decode_quat({load_i16(k + 16), load_i16(k + 18), load_i16(k + 20), load_i16(k + 22)});
}
Vec3 ref_key_pos(const std::uint8_t* k) { return {load_f32(k), load_f32(k + 4), load_f32(k + 8)}; }

// nullopt where the library must refuse (the rule names are checked by sample_test.cpp).
std::optional<NodePose> reference_sample(const AnimStreams& s, std::uint32_t node, float t) {
  if (s.layout != NodeLayout::node38 || node >= s.node_count || !std::isfinite(t)) return std::nullopt;
  const std::uint16_t map_start = s.node_map_start(node);
  const std::uint16_t fallback = s.node_fallback(node);
  NodePose pose;
  pose.frame = frame_index(t);
  bool use_fallback = pose.frame >= s.frame_count || map_start == kNoMap;
  const std::uint64_t word = std::uint64_t(map_start) + pose.frame;
  std::uint16_t mapped = 0;
  if (!use_fallback) {
    if (word >= s.word_count) return std::nullopt;
    mapped = load_u16(s.map.data() + word * kMapWordSize);
    use_fallback = mapped >= fallback;
  }
  auto take = [&](std::uint32_t index, SamplePath path) {
    const std::uint8_t* k = s.keys.data() + std::size_t(index) * kKeyStride;
    pose.key = index;
    pose.path = path;
    pose.quat = ref_key_quat(k);
    pose.pos = ref_key_pos(k);
    return pose;
  };
  if (use_fallback) {
    if (fallback >= s.key_count) return std::nullopt;
    return take(fallback, SamplePath::fallback);
  }
  if (mapped >= s.key_count) return std::nullopt;
  const std::uint8_t* k0 = s.keys.data() + std::size_t(mapped) * kKeyStride;
  const float t0 = load_f32(k0 + 12);
  if (t == t0) return take(mapped, SamplePath::key0);
  if (std::uint32_t(mapped) + 1 >= s.key_count) return std::nullopt;
  const std::uint8_t* k1 = k0 + kKeyStride;
  const float t1 = load_f32(k1 + 12);
  if (t == t1) return take(mapped + 1u, SamplePath::key1);
  const float alpha = (t - t0) / (t1 - t0);
  const Vec3 p0 = ref_key_pos(k0), p1 = ref_key_pos(k1);
  pose.key = mapped;
  pose.path = SamplePath::interp;
  pose.pos = {p0[0] + (p1[0] - p0[0]) * alpha, p0[1] + (p1[1] - p0[1]) * alpha, p0[2] + (p1[2] - p0[2]) * alpha};
  pose.quat = reference_slerp(ref_key_quat(k0), ref_key_quat(k1), alpha);
  return pose;
}

Mat4 reference_pose_matrix(const NodePose& p) {
  Mat4 m = reference_matrix(p.quat);
  m[3] = p.pos[0];
  m[7] = p.pos[1];
  m[11] = p.pos[2];
  return m;
}

std::optional<Mat4> reference_blend(const AnimStreams& s, std::uint32_t node, float ta, float tb, float blend) {
  const bool has_a = blend < 1.0f && ta >= 0.0f, has_b = blend > 0.0f && tb >= 0.0f;
  if (!has_a && !has_b) return std::nullopt;
  std::optional<NodePose> a, b;
  if (has_a && !(a = reference_sample(s, node, ta))) return std::nullopt;
  if (has_b && !(b = reference_sample(s, node, tb))) return std::nullopt;
  if (!has_b) return reference_pose_matrix(*a);
  if (!has_a) return reference_pose_matrix(*b);
  Quat qb = b->quat;
  float sum = 0.0f, difference = 0.0f;
  for (int i = 0; i < 4; ++i) {
    float plus = a->quat[i] + qb[i], minus = a->quat[i] - qb[i];
    sum += plus * plus;
    difference += minus * minus;
  }
  if (sum < difference)
    for (float& c : qb) c = -c;
  Mat4 m = reference_matrix(reference_slerp(a->quat, qb, blend));
  const float keep = 1.0f - blend;
  m[3] = keep * a->pos[0] + blend * b->pos[0];
  m[7] = keep * a->pos[1] + blend * b->pos[1];
  m[11] = keep * a->pos[2] + blend * b->pos[2];
  return m;
}

// ---- Bitwise comparison ----

// Every float bit for bit, except that a NaN equals any NaN: which operand's payload an SSE
// instruction propagates depends on the operand order the compiler picks, so even the reference
// gives different NaN payloads at -O0 and -O2 (a NaN key time makes every component NaN).
template <std::size_t N>
bool same_bits(const std::array<float, N>& x, const std::array<float, N>& y) {
  for (std::size_t i = 0; i < N; ++i)
    if (std::bit_cast<std::uint32_t>(x[i]) != std::bit_cast<std::uint32_t>(y[i]) &&
        !(std::isnan(x[i]) && std::isnan(y[i])))
      return false;
  return true;
}
bool same_pose(const NodePose& x, const NodePose& y) {
  return x.frame == y.frame && x.key == y.key && x.path == y.path && same_bits(x.quat, y.quat) &&
         same_bits(x.pos, y.pos);
}

template <std::size_t N>
std::string bits(const std::array<float, N>& v) {
  std::string out;
  for (float f : v) out += fmt::format("{}{:08x}", out.empty() ? "" : " ", std::bit_cast<std::uint32_t>(f));
  return out;
}

// ---- Inputs ----

struct Inputs {
  std::mt19937 rng{20261201};
  float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng); }
  std::uint32_t below(std::uint32_t n) { return std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng); }
  std::int16_t component() { return static_cast<std::int16_t>(below(65536) - 32768); }
  // Any float bit pattern: NaNs, infinities, denormals, huge values.
  float any_float() { return std::bit_cast<float>(static_cast<std::uint32_t>(rng())); }
  Quat unit_quat() {
    RawQuat raw{component(), component(), component(), component()};
    Quat q = decode_quat(raw);
    float n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (n == 0.0f) return {1, 0, 0, 0};
    for (float& c : q) c /= n;
    return q;
  }
  // Near q: dot close to +-1, around the linear threshold.
  Quat near(const Quat& q) {
    Quat r = q;
    float scale = std::ldexp(1.0f, -static_cast<int>(below(24)));
    for (float& c : r) c += uniform(-scale, scale);
    if (below(2))
      for (float& c : r) c = -c;
    return r;
  }
  float weight() {
    switch (below(8)) {
      case 0: return 0.0f;
      case 1: return 1.0f;
      case 2: return any_float();
      case 3: return uniform(-4.0f, 5.0f);
      case 4: return uniform(-1e6f, 1e6f);
      default: return uniform(0.0f, 1.0f);
    }
  }
};

TEST(BitExact, SlerpMatchesTheReferenceForMillionsOfInputs) {
  Inputs in;
  int linear = 0, trig = 0;
  for (int i = 0; i < 3'000'000; ++i) {
    Quat q0, q1;
    switch (in.below(4)) {
      case 0:
        q0 = in.unit_quat();
        q1 = in.near(q0);
        break;
      case 1:
        for (float& c : q0) c = in.any_float();
        for (float& c : q1) c = in.any_float();
        break;
      case 2:
        q0 = decode_quat({in.component(), in.component(), in.component(), in.component()});
        q1 = decode_quat({in.component(), in.component(), in.component(), in.component()});
        break;
      default:
        q0 = in.unit_quat();
        q1 = in.unit_quat();
        break;
    }
    const float a = in.weight();
    const Quat want = reference_slerp(q0, q1, a), got = quat_slerp(q0, q1, a);
    ASSERT_TRUE(same_bits(want, got)) << "input " << i << ": q0 " << bits(q0) << " q1 " << bits(q1) << " a "
                                      << bits(std::array<float, 1>{a}) << ": want " << bits(want) << ", got "
                                      << bits(got);
    float dot = std::fabs(q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3]);
    (1.0f - dot <= kSlerpLinearThreshold ? linear : trig)++;
  }
  EXPECT_GT(linear, 100'000);  // both branches are exercised
  EXPECT_GT(trig, 1'000'000);
}

Quat literal_blend_rotation(const Quat& qa, Quat qb, float blend) {
  float sum = 0.0f, difference = 0.0f;
  for (int i = 0; i < 4; ++i) {
    float plus = qa[i] + qb[i], minus = qa[i] - qb[i];
    sum += plus * plus;
    difference += minus * minus;
  }
  if (sum < difference)
    for (float& c : qb) c = -c;
  return reference_slerp(qa, qb, blend);
}

TEST(BitExact, BlendRotationMatchesFlipThenSlerp) {
  Inputs in;
  int flipped = 0, zero_dots = 0;
  for (int i = 0; i < 2'000'000; ++i) {
    Quat qa = in.unit_quat(), qb;
    switch (in.below(4)) {
      case 0: qb = in.near(qa); break;
      case 1:  // an exact zero dot: qb is qa turned by 90 degrees in the (w, x) and (y, z) planes
        qb = {-qa[1], qa[0], -qa[3], qa[2]};
        if (in.below(2))
          for (float& c : qb) c = -c;
        break;
      case 2: qb = decode_quat({in.component(), in.component(), in.component(), in.component()}); break;
      default: qb = in.unit_quat(); break;
    }
    float blend = in.uniform(0.0f, 1.0f);
    if (blend == 0.0f) blend = 0.5f;  // blend_rotation is defined for blends in (0, 1)
    const Quat want = literal_blend_rotation(qa, qb, blend), got = blend_rotation(qa, qb, blend);
    ASSERT_TRUE(same_bits(want, got)) << "input " << i << ": qa " << bits(qa) << " qb " << bits(qb) << " blend "
                                      << blend << ": want " << bits(want) << ", got " << bits(got);
    flipped += blend_flips(qa, qb);
    zero_dots += qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3] == 0.0f;
  }
  EXPECT_GT(flipped, 500'000);
  EXPECT_GT(zero_dots, 100'000);
}

// A random model: increasing key times per track, maps that are right, maps that point anywhere,
// nodes without map, fallbacks past the pool.
test::RawModel random_model(Inputs& in) {
  test::RawModel m;
  const std::uint32_t key_count = 8 + in.below(120);
  float time = 0.0f;
  for (std::uint32_t k = 0; k < key_count; ++k) {
    if (in.below(6) == 0) time = 0.0f;  // a new track
    else time += in.below(3) ? float(1 + in.below(4)) : in.uniform(0.01f, 3.0f);
    RawQuat q{in.component(), in.component(), in.component(), in.component()};
    m.keys.push_back(test::key(time, {in.uniform(-50, 50), in.uniform(-50, 50), in.uniform(-50, 50)}, q));
  }
  m.frame_count = 1 + in.below(80);
  const std::uint32_t words = in.below(400);
  for (std::uint32_t w = 0; w < words; ++w)
    m.words.push_back(static_cast<std::uint16_t>(in.below(8) ? in.below(key_count) : in.below(key_count + 4)));
  const std::uint32_t node_count = 1 + in.below(40);
  for (std::uint32_t n = 0; n < node_count; ++n) {
    test::NodeSpec node;
    node.map_start = in.below(8) == 0 ? kNoMap : static_cast<std::uint16_t>(in.below(words + 10));
    node.fallback = static_cast<std::uint16_t>(in.below(16) == 0 ? key_count + in.below(3) : in.below(key_count));
    m.nodes.push_back(node);
  }
  return m;
}

float sample_time(Inputs& in, const AnimStreams& s) {
  switch (in.below(10)) {
    case 0: return load_f32(s.keys.data() + std::size_t(in.below(s.key_count)) * kKeyStride + 12);  // a key time
    case 1: return in.any_float();
    case 2: return float(in.below(90));
    case 3: return -in.uniform(0.0f, 3.0f);
    default: return in.uniform(0.0f, float(s.frame_count) + 2.0f);
  }
}

TEST(BitExact, SampleAndBlendMatchTheReferenceOnRandomModels) {
  Inputs in;
  int poses = 0, interpolated = 0, blends = 0, refused = 0;
  for (int model = 0; model < 400; ++model) {
    const ByteBuffer bytes = test::build(random_model(in));
    const AnimStreams s = test::streams_of(bytes);
    AnimStreams without_table = s;  // the sampler computes each angle itself
    without_table.pair_angles.clear();
    for (int i = 0; i < 4000; ++i) {
      const std::uint32_t node = in.below(s.node_count + 1);
      const float t = sample_time(in, s);
      const std::optional<NodePose> want = reference_sample(s, node, t);
      const Result<NodePose> got = sample_node(model % 2 ? s : without_table, node, t);
      ASSERT_EQ(want.has_value(), got.ok()) << "model " << model << " node " << node << " t " << t;
      if (want) {
        ASSERT_TRUE(same_pose(*want, *got)) << "model " << model << " node " << node << " t " << t << ": want "
                                            << bits(want->quat) << " " << bits(want->pos) << ", got "
                                            << bits(got->quat) << " " << bits(got->pos);
        ++poses;
        interpolated += want->path == SamplePath::interp;
      }
      const float tb = sample_time(in, s), blend = in.weight();
      const std::optional<Mat4> want_m = reference_blend(s, node, t, tb, blend);
      const Result<Mat4> got_m = blend_node(model % 2 ? without_table : s, node, t, tb, blend);
      ASSERT_EQ(want_m.has_value(), got_m.ok()) << "model " << model << " node " << node;
      if (want_m) {
        ASSERT_TRUE(same_bits(*want_m, *got_m)) << "model " << model << " node " << node << " blend " << blend
                                                << ": want " << bits(*want_m) << ", got " << bits(*got_m);
        ++blends;
      } else {
        ++refused;
      }
    }
  }
  EXPECT_GT(interpolated, 200'000);
  EXPECT_GT(poses, 600'000);
  EXPECT_GT(blends, 300'000);
  EXPECT_GT(refused, 10'000);
}

TEST(BitExact, WorldMatricesMatchTheReferencePoses) {
  Inputs in;
  for (int model = 0; model < 200; ++model) {
    test::RawModel m = random_model(in);
    for (std::size_t n = 0; n < m.nodes.size(); ++n) {
      m.nodes[n].parent = n == 0 || in.below(4) == 0 ? kNoParent : static_cast<std::uint16_t>(in.below(n));
      m.nodes[n].fallback = static_cast<std::uint16_t>(in.below(static_cast<std::uint32_t>(m.keys.size())));
    }
    const ByteBuffer bytes = test::build(m);
    const AnimStreams s = test::streams_of(bytes);
    const Hierarchy h = *read_hierarchy(s);
    std::vector<Mat4> out(s.node_count);
    for (int i = 0; i < 50; ++i) {
      const float t = in.uniform(0.0f, float(s.frame_count) + 1.0f);
      std::vector<Mat4> want(s.node_count);
      bool ok = true;
      for (std::uint32_t n = 0; n < s.node_count && ok; ++n) {
        std::optional<NodePose> p = reference_sample(s, n, t);
        if (!p) {
          ok = false;
          break;
        }
        Mat4 local = reference_pose_matrix(*p);
        if (n == 0 && h.parents[n] == kNoParent) local[3] = local[7] = local[11] = 0.0f;  // docs/formats/msh.md 7.4
        want[n] = h.parents[n] == kNoParent ? local : multiply(want[h.parents[n]], local);
      }
      const Status got = world_matrices(s, h, t, out);
      ASSERT_EQ(ok, got.ok()) << "model " << model << " t " << t;
      if (!ok) continue;
      for (std::uint32_t n = 0; n < s.node_count; ++n) ASSERT_TRUE(same_bits(want[n], out[n])) << "node " << n;
    }
  }
}

}  // namespace
}  // namespace parkan::msh
