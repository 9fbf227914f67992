// The engine's numeric procedures (docs/formats/msh-animation.md 3.1, 4.1-4.4, 10.4), in float. The bodies
// live inline in engine_math.hpp for the sampler; these are the public entry points.
#include "parkan/msh/codes.hpp"
#include "parkan/msh/math.hpp"

#include <cmath>

#include <fmt/format.h>

#include "msh/engine_math.hpp"

namespace parkan::msh {

std::uint32_t frame_index(float t) { return detail::frame_index_inline(t); }
Mat4 quat_to_matrix(const Quat& q) { return detail::quat_to_matrix_inline(q); }
Quat quat_slerp(const Quat& q0, const Quat& q1, float a) { return detail::quat_slerp_inline(q0, q1, a); }
float engine_acos(float x) { return detail::acos_float(x); }
float engine_sin(float x) { return detail::sincos_float(x).sin; }
float engine_cos(float x) { return detail::sincos_float(x).cos; }
Vec3 lerp_position(const Vec3& p0, const Vec3& p1, float a) { return detail::lerp_position_inline(p0, p1, a); }
Quat blend_rotation(const Quat& qa, const Quat& qb, float blend) {
  return detail::blend_rotation_inline(qa, qb, blend);
}
bool blend_flips(const Quat& qa, const Quat& qb) { return detail::blend_flips_inline(qa, qb); }
Vec3 blend_position(const Vec3& a, const Vec3& b, float blend) { return detail::blend_position_inline(a, b, blend); }

// docs/formats/msh-animation.md 10.4.
std::optional<std::int16_t> quantize_quat_component(float q) {
  if (std::isnan(q)) return std::nullopt;
  float scaled = std::round(q * 32767.0f);
  if (scaled > 32767.0f) scaled = 32767.0f;
  if (scaled < -32767.0f) scaled = -32767.0f;
  return static_cast<std::int16_t>(scaled);
}

Result<RawQuat> quantize_quat(const Quat& q) {
  static constexpr const char* kNames[4] = {"w", "x", "y", "z"};
  RawQuat raw{};
  for (std::size_t i = 0; i < 4; ++i) {
    auto value = quantize_quat_component(q[i]);
    if (!value) return invalid_rule(codes::kAnimQuatNan, fmt::format("quaternion component {} is NaN", kNames[i]));
    raw[kQuatWordOf[i]] = *value;
  }
  return raw;
}

}  // namespace parkan::msh
