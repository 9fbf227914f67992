#pragma once
// The engine's numeric procedures, defined inline so that the sampler keeps them in registers;
// math.cpp exports them under their public names (parkan/msh/math.hpp). Seed sections as there.
#include <cmath>
#include <cstdint>

#include "parkan/msh/math.hpp"

namespace parkan::msh::detail {

// x87 FISTP with RC = 00 (round to nearest, ties to even), independent of the host's fenv
// rounding mode. Caller guarantees |x| < 2^63.
inline std::int64_t round_half_even(float x) {
  float below = std::floor(x);
  float fraction = x - below;  // exact: x and below share the exponent range
  std::int64_t whole = static_cast<std::int64_t>(below);
  // Up when above the half, or on the half from an odd whole; branch-free because the fraction
  // of the sample times is unpredictable.
  const std::int64_t up = std::int64_t(fraction > 0.5f) | (std::int64_t(fraction == 0.5f) & (whole & 1));
  return whole + up;
}

// decisions.md "MSH animation frame index". The subtraction is in float as decisions.md says (the
// pseudocode of msh-animation.md 11 writes (double)t - 0.5; decisions.md wins).
inline std::uint32_t frame_index_inline(float t) {
  float x = t - 0.5f;
  constexpr float kInt64Limit = 9223372036854775808.0f;  // 2^63
  if (!(x >= -kInt64Limit && x < kInt64Limit)) return 0;  // NaN, inf, out of range: 0x8000000000000000
  return static_cast<std::uint32_t>(static_cast<std::uint64_t>(round_half_even(x)));
}

// msh-animation.md 4.4, g_FastProc[14].
inline Mat4 quat_to_matrix_inline(const Quat& q) {
  const float w = q[0], x = q[1], y = q[2], z = q[3];
  Mat4 m{};
  m[0] = 1.0f - 2.0f * (y * y + z * z);
  m[1] = 2.0f * (x * y + w * z);
  m[2] = 2.0f * (x * z - w * y);
  m[3] = 0.0f;
  m[4] = 2.0f * (x * y - w * z);
  m[5] = 1.0f - 2.0f * (x * x + z * z);
  m[6] = 2.0f * (y * z + w * x);
  m[7] = 0.0f;
  m[8] = 2.0f * (x * z + w * y);
  m[9] = 2.0f * (y * z - w * x);
  m[10] = 1.0f - 2.0f * (x * x + y * y);
  m[11] = 0.0f;
  m[12] = 0.0f;
  m[13] = 0.0f;
  m[14] = 0.0f;
  m[15] = 1.0f;
  return m;
}

// msh-animation.md 4.4, g_FastProc[17] / [22], in three steps so that two slerps can be
// interleaved (blend_node): the dot and its sign, the weights, the weighted sum. acos/sin/cos are
// the host's float libm (the engine's x87 path evaluates them in extended precision): the formula
// is exact, the last bit may differ. sin and cos of a * theta come from one sincosf, which glibc
// computes with the same code as sinf and cosf (GCC made this fusion itself before; the bits are
// checked by tests/msh/bit_exact_test.cpp).
struct SlerpDot {
  float dot;   // |q0 . q1| (a NaN or -0 kept as computed)
  float sign;  // -1 when q0 . q1 < 0
  bool linear;  // 1 - |dot| <= kSlerpLinearThreshold: linear weights
};
[[gnu::always_inline]] inline SlerpDot slerp_dot(const Quat& q0, const Quat& q1) {
  float dot = q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3];
  const bool negative = dot < 0.0f;
  dot = negative ? -dot : dot;
  return {dot, negative ? -1.0f : 1.0f, 1.0f - dot <= kSlerpLinearThreshold};
}
// The weighted sum w0 * q0 + sign * w1 * q1.
[[gnu::always_inline]] inline Quat slerp_sum(const Quat& q0, const Quat& q1, float w0, float w1, float sign) {
  w1 *= sign;
  return {w0 * q0[0] + w1 * q1[0], w0 * q0[1] + w1 * q1[1], w0 * q0[2] + w1 * q1[2], w0 * q0[3] + w1 * q1[3]};
}
// The closed-form weights for a non-linear dot.
struct SlerpWeights {
  float w0, w1;
};
[[gnu::always_inline]] inline SlerpWeights slerp_weights(float dot, float sin_theta, float sin_a_theta,
                                                         float cos_a_theta) {
  const float inv_sin_theta = 1.0f / sin_theta;
  const float w1 = sin_a_theta * inv_sin_theta;
  return {cos_a_theta - w1 * dot, w1};
}

inline Quat quat_slerp_inline(const Quat& q0, const Quat& q1, float a) {
  const SlerpDot d = slerp_dot(q0, q1);
  if (d.linear) return slerp_sum(q0, q1, 1.0f - a, a, d.sign);
  const float theta = std::acos(d.dot);
  const float sin_theta = std::sin(theta);
  float sin_a_theta, cos_a_theta;
  ::sincosf(a * theta, &sin_a_theta, &cos_a_theta);
  const SlerpWeights w = slerp_weights(d.dot, sin_theta, sin_a_theta, cos_a_theta);
  return slerp_sum(q0, q1, w.w0, w.w1, d.sign);
}

// Two independent slerps at once: the libm calls of both are issued side by side so that the
// CPU overlaps their latencies. Bit for bit the same as two quat_slerp_inline calls.
inline void quat_slerp2_inline(const Quat& a0, const Quat& a1, float aa, Quat& out_a, const Quat& b0, const Quat& b1,
                               float ab, Quat& out_b) {
  const SlerpDot da = slerp_dot(a0, a1), db = slerp_dot(b0, b1);
  if (da.linear || db.linear) [[unlikely]] {
    out_a = quat_slerp_inline(a0, a1, aa);
    out_b = quat_slerp_inline(b0, b1, ab);
    return;
  }
  const float theta_a = std::acos(da.dot), theta_b = std::acos(db.dot);
  const float sin_theta_a = std::sin(theta_a), sin_theta_b = std::sin(theta_b);
  float sin_aa, cos_aa, sin_ab, cos_ab;
  ::sincosf(aa * theta_a, &sin_aa, &cos_aa);
  ::sincosf(ab * theta_b, &sin_ab, &cos_ab);
  const SlerpWeights wa = slerp_weights(da.dot, sin_theta_a, sin_aa, cos_aa);
  const SlerpWeights wb = slerp_weights(db.dot, sin_theta_b, sin_ab, cos_ab);
  out_a = slerp_sum(a0, a1, wa.w0, wa.w1, da.sign);
  out_b = slerp_sum(b0, b1, wb.w0, wb.w1, db.sign);
}

// msh-animation.md 3.3 "pos = lerp(k0.pos, k1.pos, alpha)": the form k0 + (k1 - k0) * a.
inline Vec3 lerp_position_inline(const Vec3& p0, const Vec3& p1, float a) {
  return {p0[0] + (p1[0] - p0[0]) * a, p0[1] + (p1[1] - p0[1]) * a, p0[2] + (p1[2] - p0[2]) * a};
}

// msh-animation.md 4.2.
inline bool blend_flips_inline(const Quat& qa, const Quat& qb) {
  float sum = 0.0f, difference = 0.0f;
  for (int i = 0; i < 4; ++i) {
    float s = qa[i] + qb[i];
    float d = qa[i] - qb[i];
    sum += s * s;
    difference += d * d;
  }
  return sum < difference;
}

// msh-animation.md 4.3.
inline Vec3 blend_position_inline(const Vec3& a, const Vec3& b, float blend) {
  float keep = 1.0f - blend;
  return {keep * a[0] + blend * b[0], keep * a[1] + blend * b[1], keep * a[2] + blend * b[2]};
}

}  // namespace parkan::msh::detail
