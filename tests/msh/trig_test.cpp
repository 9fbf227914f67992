// engine_acos / engine_sin / engine_cos (float_trig.hpp): the correctly rounded float, taken
// here as the host's long double function rounded to float (x87 extended precision on x86-64,
// the engine's own arithmetic). Swept over every 61st float of the domain the slerp uses, plus the
// edges and the arguments that leave the fast path.
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "parkan/msh/math.hpp"

namespace parkan::msh {
namespace {

std::uint32_t bits_of(float f) { return std::bit_cast<std::uint32_t>(f); }
float float_of(std::uint32_t b) { return std::bit_cast<float>(b); }

float rounded_acos(float x) { return static_cast<float>(std::acos(static_cast<long double>(x))); }
float rounded_sin(float x) { return static_cast<float>(std::sin(static_cast<long double>(x))); }
float rounded_cos(float x) { return static_cast<float>(std::cos(static_cast<long double>(x))); }

// Same bits, or both NaN.
::testing::AssertionResult same(const char* what, float x, float want, float got) {
  if (bits_of(want) == bits_of(got) || (std::isnan(want) && std::isnan(got))) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << fmt::format("{}({:a}): want {:a}, got {:a}", what, x, want, got);
}

constexpr std::uint32_t kStride = 61;

TEST(EngineTrig, AcosIsCorrectlyRoundedOnZeroToOne) {
  std::uint32_t checked = 0;
  for (std::uint32_t b = 0; b < bits_of(1.0f); b += kStride, ++checked)
    ASSERT_TRUE(same("acos", float_of(b), rounded_acos(float_of(b)), engine_acos(float_of(b))));
  EXPECT_GT(checked, 17'000'000u);
}

TEST(EngineTrig, SinAndCosAreCorrectlyRoundedUpTo1024) {
  std::uint32_t checked = 0;
  for (std::uint32_t b = 0; b <= bits_of(1024.0f); b += kStride, ++checked)
    for (std::uint32_t sign : {0u, 0x80000000u}) {
      const float x = float_of(b | sign);
      ASSERT_TRUE(same("sin", x, rounded_sin(x), engine_sin(x)));
      ASSERT_TRUE(same("cos", x, rounded_cos(x), engine_cos(x)));
    }
  EXPECT_GT(checked, 18'000'000u);
}

TEST(EngineTrig, EdgesAndArgumentsOutsideTheFastPath) {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  for (float x : {0.0f, -0.0f, 0.5f, std::nextafter(0.5f, 1.0f), std::nextafter(1.0f, 0.0f), 1.0f, -1.0f, -0.5f,
                  -1e-30f, 1.0000001f, 4.0f, -inf, inf, nan, std::numeric_limits<float>::denorm_min()})
    EXPECT_TRUE(same("acos", x, rounded_acos(x), engine_acos(x)));
  EXPECT_EQ(bits_of(engine_acos(1.0f)), bits_of(0.0f));
  EXPECT_TRUE(std::isnan(engine_acos(2.0f)));
  for (float x : {0.0f, -0.0f, 1e-30f, -1e-30f, std::numeric_limits<float>::denorm_min(), 0x1p-27f, -0x1p-28f,
                  0.7853982f, 1.5707964f, 3.1415927f, 1024.0f, std::nextafter(1024.0f, 2000.0f), -1025.0f, 1e6f,
                  -3e38f, 1e30f}) {
    EXPECT_TRUE(same("sin", x, rounded_sin(x), engine_sin(x)));
    EXPECT_TRUE(same("cos", x, rounded_cos(x), engine_cos(x)));
  }
  EXPECT_EQ(bits_of(engine_sin(-0.0f)), bits_of(-0.0f));  // the sign of zero survives
  EXPECT_EQ(engine_cos(-0.0f), 1.0f);
  for (float x : {inf, -inf, nan}) {
    EXPECT_TRUE(std::isnan(engine_sin(x)));
    EXPECT_TRUE(std::isnan(engine_cos(x)));
  }
}

}  // namespace
}  // namespace parkan::msh
