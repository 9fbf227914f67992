#include "parkan/core/error.hpp"

#include <gtest/gtest.h>

namespace parkan {
namespace {

TEST(Error, FormatsFileEntryAndOffset) {
  Error e = invalid("bad magic", 0x1c).in_entry("FOO.0").in_file("a.lib");
  EXPECT_EQ(e.to_string(), "a.lib::FOO.0: bad magic at offset 0x1c");
}

TEST(Error, InnerContextWins) {
  Error e = invalid("x").in_file("inner.msh").in_file("outer.lib");
  EXPECT_EQ(e.to_string(), "inner.msh: x");
}

TEST(Error, ShiftedMovesNestedOffsetOutwards) {
  Error e = invalid("x", 4).shifted(0x100);
  EXPECT_EQ(*e.offset, 0x104u);
  Error none = invalid("y").shifted(0x100);
  EXPECT_FALSE(none.offset.has_value());
}

TEST(Result, CarriesValueOrError) {
  Result<int> good = 5;
  Result<int> bad = invalid("nope");
  ASSERT_TRUE(good.ok());
  EXPECT_EQ(*good, 5);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "nope");
  EXPECT_EQ(bad.error().code, ErrorCode::invalid_input);
}

}  // namespace
}  // namespace parkan
