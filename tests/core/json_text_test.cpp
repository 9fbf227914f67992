#include "parkan/core/json_text.hpp"

#include <gtest/gtest.h>

namespace parkan {
namespace {

TEST(JsonText, ParsesValidText) {
  auto doc = parse_json_text(R"({"a": [1, 2.5, "x"]})");
  ASSERT_TRUE(doc);
  EXPECT_EQ((*doc)["a"][1], 2.5);
}

TEST(JsonText, ErrorsSayLineAndColumn) {
  auto bad = parse_json_text("{\n  \"a\": 1,\n  \"b\": tru\n}");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().rule, "json.syntax");
  EXPECT_EQ(bad.error().message.rfind("invalid JSON at line 3, column 11: ", 0), 0u) << bad.error().message;
  auto first = parse_json_text("x");
  ASSERT_FALSE(first);
  EXPECT_EQ(first.error().message.rfind("invalid JSON at line 1, column 1: ", 0), 0u) << first.error().message;
  auto empty = parse_json_text("");
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().message.rfind("invalid JSON at line 1, column 1: ", 0), 0u) << empty.error().message;
  auto trailing = parse_json_text("[1] 2");
  ASSERT_FALSE(trailing);
  EXPECT_EQ(trailing.error().message.rfind("invalid JSON at line 1, column 5: ", 0), 0u) << trailing.error().message;
  EXPECT_EQ(bad.error().message.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace parkan
