#pragma once
// acos, sin and cos of a float, as the slerp of docs/formats/msh-animation.md 4.4 uses them. The engine runs
// them on the x87 in extended precision and stores a float; here they are evaluated in double
// and rounded once to float, which gives the same float (the correctly rounded one) except for
// arguments whose exact result lies within ~2^-52 of a float midpoint. The host's libm would
// instead give different last bits on glibc, musl and MSVC, and glibc's acosf + sinf + sincosf
// were most of the cost of a sample. acos: the fdlibm rational (e_asin.c); sin, cos: Taylor series.
// This is the one place where the project decides how the engine's acos/sin/cos are computed
// (docs/formats/msh-animation.md 4.5).
#include <cmath>
#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace parkan::msh::detail {

// a > b ? if_greater : otherwise, without a jump: compilers turn such a ternary on doubles into a
// branch, and the dots of a slerp are unpredictable.
[[gnu::always_inline]] inline double select_greater(double a, double b, double if_greater, double otherwise) {
#if defined(__SSE2__)
  const __m128d mask = _mm_cmpgt_sd(_mm_set_sd(a), _mm_set_sd(b));
  return _mm_cvtsd_f64(_mm_or_pd(_mm_and_pd(mask, _mm_set_sd(if_greater)), _mm_andnot_pd(mask, _mm_set_sd(otherwise))));
#else
  return a > b ? if_greater : otherwise;
#endif
}
[[gnu::always_inline]] inline float select_greater(float a, float b, float if_greater, float otherwise) {
#if defined(__SSE2__)
  const __m128 mask = _mm_cmpgt_ss(_mm_set_ss(a), _mm_set_ss(b));
  return _mm_cvtss_f32(_mm_or_ps(_mm_and_ps(mask, _mm_set_ss(if_greater)), _mm_andnot_ps(mask, _mm_set_ss(otherwise))));
#else
  return a > b ? if_greater : otherwise;
#endif
}
// The IEEE square root of x >= 0, without the errno check std::sqrt carries (a compare and a
// jump on every call).
[[gnu::always_inline]] inline double sqrt_nonnegative(double x) {
#if defined(__SSE2__)
  const __m128d v = _mm_set_sd(x);
  return _mm_cvtsd_f64(_mm_sqrt_sd(v, v));
#else
  return std::sqrt(x);
#endif
}
// The sign bit of x alone: -0.0f or 0.0f.
[[gnu::always_inline]] inline float sign_bit(float x) {
#if defined(__SSE2__)
  return _mm_cvtss_f32(_mm_and_ps(_mm_set_ss(x), _mm_set_ss(-0.0f)));
#else
  return std::signbit(x) ? -0.0f : 0.0f;
#endif
}
// x with its sign bit flipped where sign_bit is -0.0f (x unchanged for +0.0f).
[[gnu::always_inline]] inline float flip_sign(float x, float sign_bit) {
#if defined(__SSE2__)
  return _mm_cvtss_f32(_mm_xor_ps(_mm_set_ss(x), _mm_set_ss(sign_bit)));
#else
  return std::signbit(sign_bit) ? -x : x;
#endif
}

// asin(s) = s + s z asin_rational(z) with z = s * s, s in [0, 0.5] (fdlibm R(z), error < 1 ulp of double),
// evaluated with Estrin's scheme: the slerp waits on this chain.
[[gnu::always_inline]] inline double asin_rational(double z) {
  const double z2 = z * z, z4 = z2 * z2;
  const double p01 = 1.66666666666666657415e-01 + z * -3.25565818622400915405e-01;
  const double p23 = 2.01212532134862925881e-01 + z * -4.00555345006794114027e-02;
  const double p45 = 7.91534994289814532176e-04 + z * 3.47933107596021167570e-05;
  const double p = (p01 + z2 * p23) + z4 * p45;
  const double q01 = 1.0 + z * -2.40339491173441421878e+00;
  const double q23 = 2.02094576023350569471e+00 + z * -6.88283971605453293030e-01;
  const double q = (q01 + z2 * q23) + z4 * 7.70381505559019352791e-02;
  return p / q;
}

inline constexpr double kHalfPiHigh = 1.57079632673412561417e+00;  // 33 bits of pi/2
inline constexpr double kHalfPiLow = 6.07710050650619224932e-11;   // pi/2 - kHalfPiHigh

// acos(d) in double for d in [0, 1). Two exact identities: acos(d) = pi/2 - asin(d) for
// d <= 0.5, 2 asin(sqrt((1 - d) / 2)) above; both arms are computed and one is picked. pi/2 goes
// in two parts: near d = 0 its double rounding alone would move the float.
[[gnu::always_inline]] inline double acos_unit(double d) {
  const double z_high = (1.0 - d) * 0.5;
  const double z = select_greater(d, 0.5, z_high, d * d);
  const double s = select_greater(d, 0.5, sqrt_nonnegative(z_high), d);
  // s z and 2 s z are ready before the rational; 2 (s + tail) = 2 s + 2 tail exactly.
  const double sz = s * z;
  const double r = asin_rational(z);
  const double tail = sz * r;
  const double high = (s + s) + (sz + sz) * r;
  const double low = (kHalfPiHigh - s) + (kHalfPiLow - tail);
  return select_greater(d, 0.5, high, low);
}

// Taylor coefficients of sin(r) / r and of cos(r) in z = r^2, to r^21 and r^22: the truncation
// stays below 2^-59 on |r| <= pi/2.
inline constexpr double kSinSeries[12] = {1.0,
                                          -1.0 / 6.0,
                                          1.0 / 120.0,
                                          -1.0 / 5040.0,
                                          1.0 / 362880.0,
                                          -1.0 / 39916800.0,
                                          1.0 / 6227020800.0,
                                          -1.0 / 1307674368000.0,
                                          1.0 / 355687428096000.0,
                                          -1.0 / 121645100408832000.0,
                                          1.0 / 51090942171709440000.0,
                                          0.0};
inline constexpr double kCosSeries[12] = {1.0,
                                          -1.0 / 2.0,
                                          1.0 / 24.0,
                                          -1.0 / 720.0,
                                          1.0 / 40320.0,
                                          -1.0 / 3628800.0,
                                          1.0 / 479001600.0,
                                          -1.0 / 87178291200.0,
                                          1.0 / 20922789888000.0,
                                          -1.0 / 6402373705728000.0,
                                          1.0 / 2432902008176640000.0,
                                          -1.0 / 1124000727777607680000.0};

// sum of c(n) z^n for n < 12 in Estrin's scheme (the chain waits four multiply-adds, not eleven).
// Written once for double and for the SSE2 pair of doubles, so that both lanes of the vector do
// exactly the scalar operations.
template <typename Real, typename Coefficient>
[[gnu::always_inline]] inline Real series_of(Real z, Coefficient c) {
  const Real z2 = z * z, z4 = z2 * z2, z8 = z4 * z4;
  const Real c01 = c(0) + z * c(1), c23 = c(2) + z * c(3), c45 = c(4) + z * c(5);
  const Real c67 = c(6) + z * c(7), c89 = c(8) + z * c(9), c1011 = c(10) + z * c(11);
  const Real c0_3 = c01 + z2 * c23, c4_7 = c45 + z2 * c67, c8_11 = c89 + z2 * c1011;
  return (c0_3 + z4 * c4_7) + z8 * c8_11;
}
// The first eight terms, enough on |r| <= 0.5 (truncation below 2^-54 for both there): one
// Estrin level less on the angles most slerps have.
template <typename Real, typename Coefficient>
[[gnu::always_inline]] inline Real short_series_of(Real z, Coefficient c) {
  const Real z2 = z * z, z4 = z2 * z2;
  const Real c01 = c(0) + z * c(1), c23 = c(2) + z * c(3), c45 = c(4) + z * c(5), c67 = c(6) + z * c(7);
  return (c01 + z2 * c23) + z4 * (c45 + z2 * c67);
}
[[gnu::always_inline]] inline double sin_series(double r) {
  return r * series_of(r * r, [](int n) { return kSinSeries[n]; });
}
[[gnu::always_inline]] inline double cos_series(double r) {
  return series_of(r * r, [](int n) { return kCosSeries[n]; });
}

struct SinCos {
  float sin, cos;
};

// |x| > pi/2: reduced by k * pi/2 in two parts up to 1024 (the high part has 33 bits, so k * high
// is exact for every k there); beyond, and for non-finite x, the host's double sin and cos.
[[gnu::cold, gnu::noinline]] inline SinCos sincos_float_reduced(double d) {
  if (!(std::fabs(d) <= 1024.0)) return {static_cast<float>(std::sin(d)), static_cast<float>(std::cos(d))};
  constexpr double kTwoOverPi = 6.36619772367581382433e-01;
  constexpr double kRoundShift = 0x1.8p52;  // adding it rounds to an integer (ties to even)
  const double k = (d * kTwoOverPi + kRoundShift) - kRoundShift;
  const double r = (d - k * kHalfPiHigh) - k * kHalfPiLow;
  const double s = sin_series(r), c = cos_series(r);
  const auto quadrant = static_cast<std::uint32_t>(static_cast<std::int64_t>(k));
  // Quadrants 0..3: sin = s, c, -s, -c and cos = c, -s, -c, s.
  const bool odd = quadrant & 1;
  const double sin_value = odd ? c : s, cos_value = odd ? s : c;
  return {static_cast<float>(quadrant & 2 ? -sin_value : sin_value),
          static_cast<float>((quadrant + 1) & 2 ? -cos_value : cos_value)};
}

#if defined(__SSE2__)
// The packed sin and cos of |x| <= 1.25: lane 0 is sin(x) / x, lane 1 cos(x), on the same z.
template <bool kShort>
[[gnu::always_inline]] inline SinCos sincos_direct(double d) {
  const auto lanes = [](int n) {
    return _mm_set_pd(kCosSeries[n], n == 7 && kShort ? 0.0 : kSinSeries[n]);  // sin stops at r^13
  };
  const __m128d z = _mm_set1_pd(d * d);
  const __m128d both = kShort ? short_series_of(z, lanes) : series_of(z, lanes);
  const __m128 rounded = _mm_cvtpd_ps(_mm_mul_pd(both, _mm_set_pd(1.0, d)));
  return {_mm_cvtss_f32(rounded), _mm_cvtss_f32(_mm_shuffle_ps(rounded, rounded, 1))};
}
#endif

// sin(x) and cos(x) rounded to float. Up to |x| = 1.25 both series run on x side by side (cos
// is at least 0.31 there, so its rounding error stays near 2^-51), with eight terms up to 0.5;
// up to pi/2 (every angle of a slerp with a in [0, 1]) cos(x) is sin(pi/2 - |x|), with
// pi/2 - |x| exact enough in two parts.
[[gnu::always_inline]] inline SinCos sincos_float(float x) {
  constexpr double kShortSeriesLimit = 0.5;
  constexpr double kDirectCosLimit = 1.25;
  constexpr double kHalfPiFloat = 1.57079637050628662109375;  // the float just above pi/2
  const double d = x;
  if (!(std::fabs(d) <= kDirectCosLimit)) [[unlikely]] {
    if (!(std::fabs(d) <= kHalfPiFloat)) return sincos_float_reduced(d);
    const double complement = (kHalfPiHigh - std::fabs(d)) + kHalfPiLow;
    return {static_cast<float>(sin_series(d)), static_cast<float>(sin_series(complement))};
  }
#if defined(__SSE2__)
  if (std::fabs(d) <= kShortSeriesLimit) [[likely]]
    return sincos_direct<true>(d);
  return sincos_direct<false>(d);
#else
  if (std::fabs(d) <= kShortSeriesLimit) {
    const double z = d * d;
    return {static_cast<float>(d * short_series_of(z, [](int n) { return n == 7 ? 0.0 : kSinSeries[n]; })),
            static_cast<float>(short_series_of(z, [](int n) { return kCosSeries[n]; }))};
  }
  return {static_cast<float>(sin_series(d)), static_cast<float>(cos_series(d))};
#endif
}

// theta = acos(x) rounded to float, and sin(theta) of that float, rounded to float: the first two
// steps of the slerp weights. The slerp only passes |dot| in [0, 1); everything else (negative,
// >= 1, NaN) goes to the host's double acos. sin(theta) needs no series: with theta = acos(x) + e
// (e the float rounding, exact in double), sin(theta) = sqrt(1 - x^2) cos(e) + x sin(e), and
// e < 2^-24 theta leaves cos(e) = 1 - e^2 / 2 and sin(e) = e exact to 2^-70.
struct AngleOfDot {
  float theta, sin_theta;
};
// Outside [0, 1) acos has no fast path (the slerp never gets there); sin(theta) is then the
// series of sincos_float.
[[gnu::cold, gnu::noinline]] inline AngleOfDot acos_with_sin_outside(double d) {
  const float theta = static_cast<float>(std::acos(d));
  return {theta, sincos_float(theta).sin};
}
[[gnu::always_inline]] inline AngleOfDot acos_with_sin(float x) {
  const double d = x;
  if (!(d >= 0.0 && d < 1.0)) [[unlikely]]
    return acos_with_sin_outside(d);
  const double exact = acos_unit(d);
  const float theta = static_cast<float>(exact);
  const double e = static_cast<double>(theta) - exact;
  const double root = sqrt_nonnegative(1.0 - d * d);  // d * d and 1 - d * d are exact in double
  return {theta, static_cast<float>(root * (1.0 - 0.5 * e * e) + d * e)};
}
[[gnu::always_inline]] inline float acos_float(float x) { return acos_with_sin(x).theta; }

}  // namespace parkan::msh::detail
