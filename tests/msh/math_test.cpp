// The engine's numeric procedures: frame index rounding, quaternion decode, the fast procs.
#include <cfenv>
#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "parkan/msh/math.hpp"

namespace parkan::msh {
namespace {

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

TEST(FrameIndex, WholeTimesRoundHalfToEven) {
  // docs/formats/msh-animation.md 3.1: t = 1 gives 0, t = 2 gives 2, t = 3 gives 2 (0.5, 1.5, 2.5 to even).
  EXPECT_EQ(frame_index(0.0f), 0u);
  EXPECT_EQ(frame_index(1.0f), 0u);
  EXPECT_EQ(frame_index(2.0f), 2u);
  EXPECT_EQ(frame_index(3.0f), 2u);
  EXPECT_EQ(frame_index(4.0f), 4u);
  EXPECT_EQ(frame_index(5.0f), 4u);
  EXPECT_EQ(frame_index(30.0f), 30u);
  EXPECT_EQ(frame_index(31.0f), 30u);
}

TEST(FrameIndex, HalfTimesAreExactFrames) {
  EXPECT_EQ(frame_index(0.5f), 0u);
  EXPECT_EQ(frame_index(1.5f), 1u);
  EXPECT_EQ(frame_index(2.5f), 2u);
  EXPECT_EQ(frame_index(3.5f), 3u);
}

TEST(FrameIndex, NotFloorNotTruncation) {
  EXPECT_EQ(frame_index(1.1f), 1u);   // floor(0.6) would be 0
  EXPECT_EQ(frame_index(0.9f), 0u);   // 0.4
  EXPECT_EQ(frame_index(2.9f), 2u);   // 2.4
  EXPECT_EQ(frame_index(3.1f), 3u);   // 2.6: a cast would give 2
  EXPECT_EQ(frame_index(0.25f), 0u);  // -0.25 rounds to 0
}

TEST(FrameIndex, NegativeTimesWrapToLargeUnsigned) {
  EXPECT_EQ(frame_index(-1.0f), 0xFFFFFFFEu);  // -1.5 -> -2
  EXPECT_EQ(frame_index(-2.0f), 0xFFFFFFFEu);  // -2.5 -> -2
  EXPECT_EQ(frame_index(-0.1f), 0xFFFFFFFFu);  // -0.6 -> -1
}

TEST(FrameIndex, NanInfinityAndOutOfRangeGiveZero) {
  EXPECT_EQ(frame_index(kNan), 0u);
  EXPECT_EQ(frame_index(kInf), 0u);
  EXPECT_EQ(frame_index(-kInf), 0u);
  EXPECT_EQ(frame_index(1e19f), 0u);
  EXPECT_EQ(frame_index(-1e19f), 0u);
}

TEST(FrameIndex, LargeTimesKeepTheLow32BitsOfTheInt64) {
  EXPECT_EQ(frame_index(5e9f), 705032704u);          // 5000000000 mod 2^32
  EXPECT_EQ(frame_index(4294967296.0f), 0u);         // 2^32
  EXPECT_EQ(frame_index(9.2233715e18f), 0u);         // 2^63 - 2^39: low 32 bits zero
}

TEST(FrameIndex, DoesNotDependOnTheHostRoundingMode) {
  std::vector<float> times;
  for (int h = -4000; h <= 4000; ++h) times.push_back(static_cast<float>(h) * 0.25f);
  // Times whose t - 0.5f is exact: the subtraction itself rounds in the host's mode, as the
  // engine's does in the x87's; the frame rounding after it must not.
  for (float t : {1.1f, 2.9f, 3.1f, 8388607.0f, -7.75f, 123456.5f}) times.push_back(t);
  std::vector<std::uint32_t> nearest;
  for (float t : times) nearest.push_back(frame_index(t));
  EXPECT_EQ(frame_index(2.0f), 2u);
  EXPECT_EQ(frame_index(1.0f), 0u);
  for (int mode : {FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO}) {
    std::fesetround(mode);
    std::vector<std::uint32_t> got;
    for (float t : times) got.push_back(frame_index(t));
    std::fesetround(FE_TONEAREST);
    EXPECT_EQ(got, nearest) << "rounding mode " << mode;
  }
}

RC_GTEST_PROP(FrameIndex, MatchesNearbyintToEvenOfTheFloatDifference, (int whole, int quarter)) {
  float t = static_cast<float>(whole % 100000) + static_cast<float>(quarter % 4) * 0.25f;
  double x = static_cast<double>(t - 0.5f);
  double r = std::nearbyint(x);  // the default mode: to nearest, ties to even
  RC_ASSERT(frame_index(t) == static_cast<std::uint32_t>(static_cast<std::int64_t>(r)));
}

TEST(FrameIndex, MatchesNearbyintOverTheWholeInt64Range) {
  // Every 97th float bit pattern, both signs, up to 2^63, plus every half-integer below 2^16.
  std::uint32_t checked = 0;
  auto expect = [&](float t) {
    const float x = t - 0.5f;
    if (!(x >= -9223372036854775808.0f && x < 9223372036854775808.0f)) return;
    const auto want = static_cast<std::uint32_t>(static_cast<std::uint64_t>(std::llrint(x)));
    ASSERT_EQ(frame_index(t), want) << t;
    ++checked;
  };
  for (std::uint32_t b = 0; b < 0x7F800000u; b += 97) {
    expect(std::bit_cast<float>(b));
    expect(std::bit_cast<float>(b | 0x80000000u));
  }
  for (int h = -131072; h <= 131072; ++h) expect(static_cast<float>(h) * 0.5f);
  EXPECT_GT(checked, 30'000'000u);
}

TEST(DecodeQuat, MultipliesByTheRoundedReciprocalAndReordersToWxyz) {
  EXPECT_EQ(kQuatScale, 1.0f / 32767.0f);
  // Find a word where multiplying by the rounded reciprocal differs from dividing: the engine multiplies.
  int differing = -1;
  for (int v = 1; v <= 32767 && differing < 0; ++v)
    if (static_cast<float>(v) * kQuatScale != static_cast<float>(v) / 32767.0f) differing = v;
  ASSERT_GT(differing, 0);
  std::int16_t d = static_cast<std::int16_t>(differing);
  EXPECT_EQ(decode_quat_component(d), static_cast<float>(differing) * kQuatScale);
  EXPECT_NE(decode_quat_component(d), static_cast<float>(differing) / 32767.0f);

  Quat q = decode_quat({1000, -2000, 3000, 32767});  // disk x, y, z, w
  EXPECT_EQ(q[0], 32767.0f * kQuatScale);
  EXPECT_EQ(q[1], 1000.0f * kQuatScale);
  EXPECT_EQ(q[2], -2000.0f * kQuatScale);
  EXPECT_EQ(q[3], 3000.0f * kQuatScale);
  EXPECT_EQ(decode_quat_component(-32768), -32768.0f * kQuatScale);
}

TEST(QuatToMatrix, IdentityAndAPermutation) {
  Mat4 identity = quat_to_matrix({1, 0, 0, 0});
  EXPECT_EQ(identity, (Mat4{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
  // q = (0.5, 0.5, 0.5, 0.5): every product is 0.25, so the matrix is exact.
  Mat4 m = quat_to_matrix({0.5f, 0.5f, 0.5f, 0.5f});
  EXPECT_EQ(m, (Mat4{0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1}));
}

TEST(QuatToMatrix, IsTheTransposeOfTheHamiltonMatrix) {
  // 90 degrees about z: element 1 = 2(xy + wz) = +1, element 4 = 2(xy - wz) = -1 (docs/formats/msh.md 7).
  const float s = 0.70710677f;
  Mat4 m = quat_to_matrix({s, 0, 0, s});
  EXPECT_EQ(m[1], 2.0f * (s * s));
  EXPECT_EQ(m[4], -2.0f * (s * s));
  EXPECT_EQ(m[0], 1.0f - 2.0f * (s * s));
  EXPECT_EQ(m[10], 1.0f);
  EXPECT_EQ(m[3], 0.0f);
  EXPECT_EQ(m[7], 0.0f);
  EXPECT_EQ(m[11], 0.0f);
  EXPECT_EQ(m[15], 1.0f);
}

TEST(QuatSlerp, LinearWeightsAtAndBelowTheThreshold) {
  const Quat q0 = {1, 0, 0, 0};
  // Floats below 1 are 2^-24 apart: 1 - 167 * 2^-24 is the last dot within the threshold.
  const float dot = 1.0f - std::ldexp(167.0f, -24);
  ASSERT_LE(1.0f - dot, kSlerpLinearThreshold);
  ASSERT_GT(1.0f - std::nextafter(dot, 0.0f), kSlerpLinearThreshold);
  const Quat q1 = {dot, 0.004f, 0, 0};
  const float a = 0.25f;
  Quat out = quat_slerp(q0, q1, a);
  EXPECT_EQ(out[0], (1.0f - a) * q0[0] + a * q1[0]);
  EXPECT_EQ(out[1], (1.0f - a) * q0[1] + a * q1[1]);
  EXPECT_EQ(out[2], 0.0f);
  EXPECT_EQ(out[3], 0.0f);
}

TEST(QuatSlerp, ClosedFormWeightsAboveTheThreshold) {
  const Quat q0 = {1, 0, 0, 0};
  const float dot = 1.0f - std::ldexp(168.0f, -24);  // the first dot past the threshold
  ASSERT_GT(1.0f - dot, kSlerpLinearThreshold);
  const Quat q1 = {dot, 0.0044756f, 0, 0};
  const float a = 0.25f;
  Quat out = quat_slerp(q0, q1, a);
  float theta = engine_acos(dot);
  float w1 = engine_sin(a * theta) * (1.0f / engine_sin(theta));
  float w0 = engine_cos(a * theta) - w1 * dot;
  EXPECT_EQ(out[0], w0 * q0[0] + w1 * q1[0]);
  EXPECT_EQ(out[1], w0 * q0[1] + w1 * q1[1]);
  EXPECT_NE(out[1], a * q1[1]);  // not the linear weights
  EXPECT_NE(out[0], (1.0f - a) * q0[0] + a * q1[0]);
}

TEST(QuatSlerp, QuarterTurnHalfway) {
  Quat out = quat_slerp({1, 0, 0, 0}, {0, 1, 0, 0}, 0.5f);
  EXPECT_NEAR(out[0], 0.70710677f, 1e-6f);
  EXPECT_NEAR(out[1], 0.70710677f, 1e-6f);
  EXPECT_EQ(out[2], 0.0f);
  EXPECT_EQ(out[3], 0.0f);
}

TEST(QuatSlerp, NegativeDotTakesTheShortWayWithSignedWeight) {
  const Quat q0 = {1, 0, 0, 0};
  Quat out = quat_slerp(q0, {-1, 0, 0, 0}, 0.3f);  // dot -1 -> 1, linear, w1 = -0.3
  EXPECT_EQ(out[0], (1.0f - 0.3f) * 1.0f + (-0.3f) * -1.0f);
}

TEST(QuatSlerp, NoFinalNormalization) {
  Quat out = quat_slerp({2, 0, 0, 0}, {2, 0, 0, 0}, 0.5f);  // dot 4: linear weights, length 2 kept
  EXPECT_EQ(out, (Quat{2, 0, 0, 0}));
}

TEST(BlendMath, FlipTestAndInputs) {
  EXPECT_TRUE(blend_flips({1, 0, 0, 0}, {-1, 0, 0, 0}));
  EXPECT_TRUE(blend_flips({1, 0, 0, 0}, {-0.6f, 0.8f, 0, 0}));
  EXPECT_FALSE(blend_flips({1, 0, 0, 0}, {0.6f, 0.8f, 0, 0}));
  EXPECT_FALSE(blend_flips({1, 0, 0, 0}, {0, 1, 0, 0}));  // equal lengths: no flip ("<")

  auto in = blend_inputs(1.0f, 2.0f, 0.0f);
  EXPECT_TRUE(in.has_a);
  EXPECT_FALSE(in.has_b);
  in = blend_inputs(1.0f, 2.0f, 1.0f);
  EXPECT_FALSE(in.has_a);
  EXPECT_TRUE(in.has_b);
  in = blend_inputs(-0.5f, 0.0f, 0.5f);
  EXPECT_FALSE(in.has_a);
  EXPECT_TRUE(in.has_b);
  in = blend_inputs(kNan, kNan, 0.5f);
  EXPECT_FALSE(in.has_a);
  EXPECT_FALSE(in.has_b);
  in = blend_inputs(0.0f, 0.0f, kNan);
  EXPECT_FALSE(in.has_a);
  EXPECT_FALSE(in.has_b);
}

TEST(BlendMath, Positions) {
  EXPECT_EQ(blend_position({1, 2, 3}, {5, 6, 7}, 0.25f), (Vec3{0.75f * 1 + 0.25f * 5, 0.75f * 2 + 0.25f * 6,
                                                                0.75f * 3 + 0.25f * 7}));
  EXPECT_EQ(lerp_position({1, 2, 3}, {5, 10, -3}, 0.25f), (Vec3{2, 4, 1.5f}));
}

TEST(Quantize, RoundsClampsAndReorders) {
  EXPECT_EQ(quantize_quat_component(1.0f), 32767);
  EXPECT_EQ(quantize_quat_component(-1.0f), -32767);
  EXPECT_EQ(quantize_quat_component(1.5f), 32767);
  EXPECT_EQ(quantize_quat_component(-2.0f), -32767);  // never -32768
  EXPECT_EQ(quantize_quat_component(0.0f), 0);
  EXPECT_EQ(quantize_quat_component(16383.5f / 32767.0f), 16384);  // half away from zero
  EXPECT_EQ(quantize_quat_component(kNan), std::nullopt);
  auto raw = quantize_quat({1.0f, 0.5f, -0.25f, 0.0f});
  ASSERT_TRUE(raw);
  EXPECT_EQ(*raw, (RawQuat{16384, -8192, 0, 32767}));
  auto bad = quantize_quat({1.0f, 0.0f, kNan, 0.0f});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().to_string(), "quaternion component y is NaN");
  EXPECT_EQ(bad.error().rule, "anim.quat.nan");
}

RC_GTEST_PROP(Quantize, DecodeOfQuantizeIsWithinHalfAStep, (std::int16_t raw)) {
  RC_PRE(raw != -32768);
  float q = decode_quat_component(raw);
  RC_ASSERT(quantize_quat_component(q) == raw);
}

}  // namespace
}  // namespace parkan::msh
