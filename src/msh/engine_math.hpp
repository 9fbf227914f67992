#pragma once
// The engine's numeric procedures, defined inline so that the sampler keeps them in registers;
// math.cpp exports them under their public names (parkan/msh/math.hpp). docs/ sections as there.
#include <cmath>
#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "msh/float_trig.hpp"
#include "parkan/core/bytes.hpp"
#include "parkan/msh/math.hpp"

namespace parkan::msh::detail {

// x87 FISTP with RC = 00 (round to nearest, ties to even), independent of the host's fenv
// rounding mode. Caller guarantees |x| < 2^63. The truncation (cvttss2si) and the fraction are
// exact in every mode; the correction is branch-free because the fractions are unpredictable.
inline std::int64_t round_half_even(float x) {
  const std::int64_t whole = static_cast<std::int64_t>(x);
  const float fraction = x - static_cast<float>(whole);
  const std::int64_t odd = whole & 1;
  const std::int64_t up = std::int64_t(fraction > 0.5f) | (std::int64_t(fraction == 0.5f) & odd);
  const std::int64_t down = std::int64_t(fraction < -0.5f) | (std::int64_t(fraction == -0.5f) & odd);
  return whole + up - down;
}

#if defined(__SSE2__) && defined(__x86_64__)
// True when SSE arithmetic rounds to nearest (MXCSR.RC = 0): 1 + 0.75 ulp and -1 - 0.75 ulp leave
// 1 and -1 only then. Two additions, where reading MXCSR (stmxcsr) is microcoded and doubled the
// cost of a fallback sample.
[[gnu::always_inline]] inline bool sse_rounds_to_nearest() {
  float one = 1.0f;
  asm("" : "+x"(one));  // an opaque 1: the probe must run, not be folded at build time
  const float up = one + 0x1.8p-24f, down = -one - 0x1.8p-24f;
  return up != one && down != -one;
}
#endif

// docs/formats/msh-animation.md 3.1. The subtraction is in float, parkan's reading (the
// pseudocode of docs/formats/msh-animation.md 11 writes (double)t - 0.5; see 12).
inline std::uint32_t frame_index_inline(float t) {
  float x = t - 0.5f;
  constexpr float kInt64Limit = 9223372036854775808.0f;  // 2^63
  if (!(x >= -kInt64Limit && x < kInt64Limit)) return 0;  // NaN, inf, out of range: 0x8000000000000000
#if defined(__SSE2__) && defined(__x86_64__)
  // cvtss2si rounds in MXCSR's mode, which is the engine's unless the host changed it: one
  // instruction instead of the exact correction below (the sampler's longest chain starts here).
  if (sse_rounds_to_nearest()) [[likely]]
    return static_cast<std::uint32_t>(static_cast<std::uint64_t>(_mm_cvtss_si64(_mm_set_ss(x))));
#endif
  return static_cast<std::uint32_t>(static_cast<std::uint64_t>(round_half_even(x)));
}

// docs/formats/msh-animation.md 4.4, g_FastProc[14].
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

// docs/formats/msh-animation.md 4.4, g_FastProc[17] / [22], in steps: the dot and its sign, the angle
// (KeyPairAngle, kept per key pair), the weights and the weighted sum. acos, sin and cos are
// float_trig.hpp's (the correctly rounded float in all but rare cases, the same on every host).
// dot4 in the engine's order ((w + x) + y) + z (docs/formats/msh-animation.md 3.4, 4.2): the blend's
// angle relies on the same order.
[[gnu::always_inline]] inline float dot4(const Quat& a, const Quat& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}
struct SlerpDot {
  float dot;   // |q0 . q1| (a NaN or -0 kept as computed)
  float sign;  // -1 when q0 . q1 < 0
};
[[gnu::always_inline]] inline SlerpDot slerp_dot(const Quat& q0, const Quat& q1) {
  const float dot = dot4(q0, q1);
  // The sign flip without a jump (the sign of a dot is unpredictable): dot < 0 gives the sign bit
  // as a mask, applied to the dot and to 1.0f. A -0 dot is not negative and stays -0.
  const float negative_bit = select_greater(0.0f, dot, -0.0f, 0.0f);
  const float magnitude = flip_sign(dot, negative_bit);
  return {magnitude, flip_sign(1.0f, negative_bit)};
}
// The weighted sum w0 * q0 + sign * w1 * q1.
[[gnu::always_inline]] inline Quat slerp_sum(const Quat& q0, const Quat& q1, float w0, float w1, float sign) {
  w1 = flip_sign(w1, sign_bit(sign));  // w1 * sign for sign = +-1, in one cycle instead of a multiply
  return {w0 * q0[0] + w1 * q1[0], w0 * q0[1] + w1 * q1[1], w0 * q0[2] + w1 * q1[2], w0 * q0[3] + w1 * q1[3]};
}
// The weight-independent part of the slerp (KeyPairAngle, anim_types.hpp), from |dot| and its sign.
[[gnu::always_inline]] inline KeyPairAngle angle_of_dot(float magnitude, float sign) {
  if (1.0f - magnitude <= kSlerpLinearThreshold) return {magnitude, sign, 0.0f, 0.0f, true};
  const AngleOfDot angle = acos_with_sin(magnitude);
  return {magnitude, sign, angle.theta, 1.0f / angle.sin_theta, false};
}
[[gnu::always_inline]] inline KeyPairAngle slerp_angle(const Quat& q0, const Quat& q1) {
  const SlerpDot d = slerp_dot(q0, q1);
  return angle_of_dot(d.dot, d.sign);
}

// The closed-form weights of a non-linear angle: w1 = sin(a theta) / sin(theta),
// w0 = cos(a theta) - w1 dot.
[[gnu::always_inline]] inline Quat slerp_trig_sum(const Quat& q0, const Quat& q1, const KeyPairAngle& g,
                                                  const SinCos& a_theta) {
  const float w1 = a_theta.sin * g.inv_sin_theta;
  return slerp_sum(q0, q1, a_theta.cos - w1 * g.dot, w1, g.sign);
}

[[gnu::always_inline]] inline Quat slerp_with_angle(const Quat& q0, const Quat& q1, float a, const KeyPairAngle& g) {
  if (g.linear) return slerp_sum(q0, q1, 1.0f - a, a, g.sign);
  return slerp_trig_sum(q0, q1, g, sincos_float(a * g.theta));
}

inline Quat quat_slerp_inline(const Quat& q0, const Quat& q1, float a) {
  return slerp_with_angle(q0, q1, a, slerp_angle(q0, q1));
}

// Two independent slerps with known angles: the sin and cos of both are issued side by side.
// Bit for bit the same as two slerp_with_angle calls.
[[gnu::always_inline]] inline void slerp2_with_angles(const Quat& a0, const Quat& a1, float wa, const KeyPairAngle& ga,
                                                      Quat& out_a, const Quat& b0, const Quat& b1, float wb,
                                                      const KeyPairAngle& gb, Quat& out_b) {
  if (ga.linear || gb.linear) [[unlikely]] {
    out_a = slerp_with_angle(a0, a1, wa, ga);
    out_b = slerp_with_angle(b0, b1, wb, gb);
    return;
  }
  const SinCos sa = sincos_float(wa * ga.theta), sb = sincos_float(wb * gb.theta);
  out_a = slerp_trig_sum(a0, a1, ga, sa);
  out_b = slerp_trig_sum(b0, b1, gb, sb);
}

// decode_quat of the four int16 of an AnimKey24 at k (2.1, 3.4). With SSE2 (every x86-64) the
// four conversions and products are one vector operation each: the same exact int-to-float
// conversions and the same IEEE products, lane by lane, then the reorder x y z w -> w x y z.
[[gnu::always_inline]] inline Quat key_quat(const std::uint8_t* k) {
#if defined(__SSE2__)
  const __m128i raw = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(k + 16));
  const __m128i wide = _mm_srai_epi32(_mm_unpacklo_epi16(raw, raw), 16);  // sign-extended x y z w
  __m128 q = _mm_mul_ps(_mm_cvtepi32_ps(wide), _mm_set1_ps(kQuatScale));
  q = _mm_shuffle_ps(q, q, _MM_SHUFFLE(2, 1, 0, 3));
  Quat out;
  _mm_storeu_ps(out.data(), q);
  return out;
#else
  return decode_quat({load_i16(k + 16), load_i16(k + 18), load_i16(k + 20), load_i16(k + 22)});
#endif
}

// docs/formats/msh-animation.md: the form k0 + (k1 - k0) * a.
inline Vec3 lerp_position_inline(const Vec3& p0, const Vec3& p1, float a) {
  return {p0[0] + (p1[0] - p0[0]) * a, p0[1] + (p1[1] - p0[1]) * a, p0[2] + (p1[2] - p0[2]) * a};
}

// docs/formats/msh-animation.md 4.2: |qA + qB|^2 and |qA - qB|^2; qB is flipped when the first is smaller.
struct FlipTerms {
  float sum, difference;
};
[[gnu::always_inline]] inline FlipTerms blend_flip_terms(const Quat& qa, const Quat& qb) {
  float sum = 0.0f, difference = 0.0f;
  for (int i = 0; i < 4; ++i) {
    float s = qa[i] + qb[i];
    float d = qa[i] - qb[i];
    sum += s * s;
    difference += d * d;
  }
  return {sum, difference};
}
inline bool blend_flips_inline(const Quat& qa, const Quat& qb) {
  const FlipTerms terms = blend_flip_terms(qa, qb);
  return terms.sum < terms.difference;
}

// 4.2 then g_FastProc[22] for a blend in (0, 1): qB flipped to qA's side when the test says so,
// then the slerp. The angle does not wait for the flip test: qA . (-qB) is exactly -(qA . qB)
// (each product and each sum only changes sign), except that an exact zero may come out +0
// instead of -0; a zero dot gives the same weights with either sign, since w0 = cos(a theta) - w1 * 0
// and cos(a theta) > 0 for a in (0, 1). The flip is a sign mask, not a jump: it is as likely as
// not. tests/msh/bit_exact_test.cpp compares this with the literal order (flip, then slerp).
[[gnu::always_inline]] inline Quat blend_rotation_inline(const Quat& qa, const Quat& qb, float blend) {
  const float dot = dot4(qa, qb);
  const FlipTerms terms = blend_flip_terms(qa, qb);
  const float flip_bit = select_greater(terms.difference, terms.sum, -0.0f, 0.0f);
  const float negative_bit = select_greater(0.0f, flip_sign(dot, flip_bit), -0.0f, 0.0f);  // after the flip
  const KeyPairAngle angle = angle_of_dot(std::fabs(dot), flip_sign(1.0f, negative_bit));
#if defined(__SSE2__)
  Quat qb_side;
  _mm_storeu_ps(qb_side.data(), _mm_xor_ps(_mm_loadu_ps(qb.data()), _mm_set1_ps(flip_bit)));
#else
  const Quat qb_side = {flip_sign(qb[0], flip_bit), flip_sign(qb[1], flip_bit), flip_sign(qb[2], flip_bit),
                        flip_sign(qb[3], flip_bit)};
#endif
  return slerp_with_angle(qa, qb_side, blend, angle);
}

// docs/formats/msh-animation.md 4.3.
inline Vec3 blend_position_inline(const Vec3& a, const Vec3& b, float blend) {
  float keep = 1.0f - blend;
  return {keep * a[0] + blend * b[0], keep * a[1] + blend * b[1], keep * a[2] + blend * b[2]};
}

}  // namespace parkan::msh::detail
