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
  if (fraction > 0.5f) return whole + 1;
  if (fraction < 0.5f) return whole;
  return (whole % 2 == 0) ? whole : whole + 1;
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

// msh-animation.md 4.4, g_FastProc[17] / [22]. acos/sin/cos are the host's float libm (the engine's
// x87 path evaluates them in extended precision): the formula is exact, the last bit may differ.
inline Quat quat_slerp_inline(const Quat& q0, const Quat& q1, float a) {
  float dot = q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3];
  float sign = 1.0f;
  if (dot < 0.0f) {
    dot = -dot;
    sign = -1.0f;
  }
  float w0, w1;
  if (1.0f - dot <= kSlerpLinearThreshold) {
    w0 = 1.0f - a;
    w1 = a;
  } else {
    float theta = std::acos(dot);
    float inv_sin_theta = 1.0f / std::sin(theta);
    w1 = std::sin(a * theta) * inv_sin_theta;
    w0 = std::cos(a * theta) - w1 * dot;
  }
  w1 *= sign;
  return {w0 * q0[0] + w1 * q1[0], w0 * q0[1] + w1 * q1[1], w0 * q0[2] + w1 * q1[2], w0 * q0[3] + w1 * q1[3]};
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
