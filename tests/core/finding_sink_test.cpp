#include "parkan/core/finding_sink.hpp"

#include <gtest/gtest.h>

namespace parkan {
namespace {

TEST(FindingSink, KeepsFindingsInOrderWithTheirLocation) {
  FindingSink sink("x.findings.truncated");
  EXPECT_TRUE(sink.add(Severity::error, "x.a", 0x10, "first", "#0 A.0"));
  EXPECT_TRUE(sink.add(Severity::warning, "x.b", std::nullopt, "second"));
  auto found = sink.take();
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].code, "x.a");
  EXPECT_EQ(found[0].severity, Severity::error);
  EXPECT_EQ(found[0].location.entry, "#0 A.0");
  EXPECT_EQ(found[0].location.offset, 0x10u);
  EXPECT_EQ(found[0].message, "first");
  EXPECT_EQ(found[1].code, "x.b");
  EXPECT_EQ(found[1].location.offset, std::nullopt);
}

TEST(FindingSink, CapsEachRuleAndAddsOneNotePerCappedRuleInOrderOfFirstFinding) {
  FindingSink sink("x.findings.truncated");
  for (std::size_t i = 0; i < 130; ++i) sink.add(Severity::error, "x.late", i, "late");
  for (std::size_t i = 0; i < 100; ++i) sink.add(Severity::warning, "x.exact", i, "exact");  // at the cap: no note
  for (std::size_t i = 0; i < 101; ++i) sink.add(Severity::warning, "x.over", i, "over");
  EXPECT_FALSE(sink.add(Severity::error, "x.late", 0, "one more"));
  auto found = sink.take();
  ASSERT_EQ(found.size(), 300u + 2u);
  EXPECT_EQ(found[299].code, "x.over");
  EXPECT_EQ(found[300].code, "x.findings.truncated");
  EXPECT_EQ(found[300].severity, Severity::note);
  EXPECT_EQ(found[300].location.file, "");
  EXPECT_EQ(found[300].location.offset, std::nullopt);
  EXPECT_EQ(found[300].message, "31 more findings of x.late not listed (the first 100 are)");
  EXPECT_EQ(found[301].message, "1 more findings of x.over not listed (the first 100 are)");
  EXPECT_EQ(kMaxFindingsPerRule, 100u);
}

TEST(FindingSink, FirstOnlyStopsAtTheFirstError) {
  FindingSink sink("x.findings.truncated", FindingSink::Mode::first_only);
  EXPECT_TRUE(sink.add(Severity::warning, "x.w", 0, "a warning does not stop"));
  EXPECT_FALSE(sink.stopped());
  EXPECT_TRUE(sink.add(Severity::error, "x.e", 4, "the error"));
  EXPECT_TRUE(sink.stopped());
  EXPECT_FALSE(sink.add(Severity::error, "x.e2", 8, "ignored"));
  auto found = sink.take();
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[1].message, "the error");
}

TEST(FindingSink, AllModeNeverStops) {
  FindingSink sink("x.findings.truncated");
  sink.add(Severity::error, "x.e", 0, "one");
  EXPECT_FALSE(sink.stopped());
  EXPECT_TRUE(sink.add(Severity::error, "x.e", 1, "two"));
  EXPECT_EQ(sink.found().size(), 2u);
}

}  // namespace
}  // namespace parkan
