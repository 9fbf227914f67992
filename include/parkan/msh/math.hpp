#pragma once
// The engine's exact numeric procedures used by the animation path, one small function each,
// in float (docs/formats/msh-animation.md 3.1, 3.4, 4.1-4.4, 3.1,
// "Quaternion math").
#include <array>
#include <cstddef>
#include <cstdint>

#include "parkan/msh/anim_types.hpp"

namespace parkan::msh {

// docs/formats/msh-animation.md 3.1: round_half_even(t - 0.5f) through a 64-bit integer, low 32 bits unsigned;
// NaN and values outside the int64 range give 0 (the integer-indefinite value's low half).
std::uint32_t frame_index(float t);

// 2.1: (float)s16 * (1.0f / 32767.0f).
inline constexpr float kQuatScale = 1.0f / 32767.0f;
inline float decode_quat_component(std::int16_t value) { return static_cast<float>(value) * kQuatScale; }
// THE quaternion order, in this one place (docs/formats/msh-animation.md 2.1, 3.4): the RawQuat word
// (0..3 = key bytes +0x10, +0x12, +0x14, +0x16) that holds each runtime component [w, x, y, z]. The
// order of 3.4 puts w at +0x16: {3, 0, 1, 2}. openparkan reads w at +0x10, which is {0, 1, 2, 3} (both
// rotate by the same conjugate, so only the slot of w differs); `parkan evidence` counts which one the
// retail keys hold (docs/evidence.md), and flipping the reading is this one line.
inline constexpr std::array<std::size_t, 4> kQuatWordOf = {3, 0, 1, 2};

// Stored words to runtime order [w, x, y, z] (3.4).
inline Quat decode_quat(const RawQuat& raw) {
  return {decode_quat_component(raw[kQuatWordOf[0]]), decode_quat_component(raw[kQuatWordOf[1]]),
          decode_quat_component(raw[kQuatWordOf[2]]), decode_quat_component(raw[kQuatWordOf[3]])};
}

// The identity rotation as stored: 32767 in w's word, 0 elsewhere.
inline constexpr RawQuat identity_raw_quat() {
  RawQuat raw{};
  raw[kQuatWordOf[0]] = 32767;
  return raw;
}

// 4.4, g_FastProc[14]: the 16-float matrix of q = [w, x, y, z], translation cells zero.
Mat4 quat_to_matrix(const Quat& q);

// 4.4, g_FastProc[17] and [22] (one algorithm): closed-form slerp weights, linear weights when
// 1 - |dot| <= kSlerpLinearThreshold, no final normalization.
inline constexpr float kSlerpLinearThreshold = 9.9999997e-6f;
Quat quat_slerp(const Quat& q0, const Quat& q1, float a);

// The acos, sin and cos of that slerp: evaluated in double and rounded once to float, as the
// engine's x87 evaluates them in extended precision and stores a float. The result is the
// correctly rounded float except in rare near-midpoint cases, and the same on every host.
float engine_acos(float x);
float engine_sin(float x);
float engine_cos(float x);

// 3.3: pos = k0 + (k1 - k0) * a, per component in float. The recovered code says only "lerp"; this
// form is the one kept in this single place (an open question, docs/formats/msh-animation.md 12).
Vec3 lerp_position(const Vec3& p0, const Vec3& p1, float a);

// 4.1: which samples a blend uses.
struct BlendInputs {
  bool has_a = false;
  bool has_b = false;
};
inline BlendInputs blend_inputs(float ta, float tb, float blend) {
  return {blend < 1.0f && ta >= 0.0f, blend > 0.0f && tb >= 0.0f};
}

// 4.2: the shortest-path test, |qA + qB|^2 < |qA - qB|^2 (then qB is negated).
bool blend_flips(const Quat& qa, const Quat& qb);

// 4.2 then g_FastProc[22]: the rotation of a blend, qB negated when blend_flips(qA, qB), then
// quat_slerp(qA, qB, blend). Bit for bit that literal order for blend in (0, 1), the only
// weights a blend of two samples uses (4.1).
Quat blend_rotation(const Quat& qa, const Quat& qb, float blend);

// 4.3: (1 - blend) * a + blend * b per component, in float.
Vec3 blend_position(const Vec3& a, const Vec3& b, float blend);

// 10.4: round(q * 32767) clamped to [-32767, 32767]; nullopt for NaN.
std::optional<std::int16_t> quantize_quat_component(float q);
// Runtime order [w, x, y, z] to the stored words (kQuatWordOf); an error (anim.quat.nan) names a NaN component.
Result<RawQuat> quantize_quat(const Quat& q);

}  // namespace parkan::msh
