// .bas base outlines (docs/formats/objdata.md 3): files laid out here word by word, read, checked rule
// by rule with the offset of each finding, written back byte for byte.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstring>

#include "parkan/objdata/base.hpp"
#include "parkan/objdata/codes.hpp"

namespace parkan::objdata {
namespace {

struct Words {
  ByteBuffer b;
  void i32(std::int32_t v) { for (int k = 0; k < 4; ++k) b.push_back(std::uint8_t(std::uint32_t(v) >> (8 * k))); }
  void f32(float v) { std::int32_t w; std::memcpy(&w, &v, 4); i32(w); }
  void ring(const std::vector<std::array<float, 2>>& corners, bool inner, bool closed = true) {
    i32(std::int32_t(corners.size()));
    for (std::size_t k = 0; k <= corners.size(); ++k) {
      const auto& p = k < corners.size() ? corners[k] : (closed ? corners[0] : corners[1]);
      f32(p[0]), f32(p[1]), f32(0.5f);
    }
    if (!inner) return;
    for (std::size_t k = 0; k < corners.size(); ++k) i32(std::int32_t(5 + k));  // triangles
    for (std::size_t k = 0; k < corners.size(); ++k) i32(std::int32_t(1 + k));  // mesh corners
  }
};

const std::vector<std::array<float, 2>> kInner = {{0, 0}, {10, 0}, {10, 8}, {0, 8}};        // area 80
const std::vector<std::array<float, 2>> kOuter = {{-2, -2}, {12, -2}, {12, 10}, {-2, 10}};  // area 168

ByteBuffer file(const std::vector<std::array<float, 2>>& inner = kInner,
                const std::vector<std::array<float, 2>>& outer = kOuter, bool closed = true, int inner_rings = 1) {
  Words w;
  w.i32(inner_rings);
  for (int r = 0; r < inner_rings; ++r) w.ring(inner, true, closed);
  w.i32(1);
  w.ring(outer, false);
  return w.b;
}

TEST(Base, ReadsEveryFieldOfAHandLaidFile) {
  const ByteBuffer bytes = file();
  ASSERT_EQ(bytes.size(), 4u + (4 + 5 * 12 + 4 * 8) + 4 + (4 + 5 * 12));
  const Base base = read_base(bytes).value();
  ASSERT_EQ(base.inner.size(), 1u);
  ASSERT_EQ(base.outer.size(), 1u);
  const BaseRing& in = base.inner[0];
  EXPECT_EQ(in.corner_count(), 4u);
  EXPECT_EQ(in.points[2], (std::array<float, 3>{10, 8, 0.5f}));
  EXPECT_EQ(in.points[4], in.points[0]);
  EXPECT_EQ(in.triangles, (std::vector<std::int32_t>{5, 6, 7, 8}));
  EXPECT_EQ(in.corners, (std::vector<std::int32_t>{1, 2, 3, 4}));
  EXPECT_EQ(in.offset, 4u);
  EXPECT_EQ(base.outer[0].offset, 4u + 96 + 4);
  EXPECT_TRUE(base.outer[0].triangles.empty());
  EXPECT_DOUBLE_EQ(base_ring_area(in), 80);
  EXPECT_DOUBLE_EQ(base_ring_area(base.outer[0]), 168);
  EXPECT_TRUE(check_base(bytes).empty());
  EXPECT_EQ(write_base(base), bytes);
}

TEST(Base, StructuralRulesStopTheRead) {
  const ByteBuffer good = file();
  for (std::size_t n = 0; n < good.size(); ++n) {
    const Result<Base> cut = read_base(ByteView(good.data(), n));
    ASSERT_FALSE(cut.ok()) << n;
    EXPECT_TRUE(cut.error().rule == codes::kBasSize || cut.error().rule == codes::kBasCount) << n;
  }
  ByteBuffer trailing = good;
  trailing.push_back(0);
  const auto t = check_base(trailing);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].code, codes::kBasSize);
  EXPECT_EQ(t[0].location.offset, good.size());
  EXPECT_EQ(t[0].message, "1 bytes after the outer rings");
  ByteBuffer negative = good;
  store_u32(negative.data() + 4, 0xFFFFFFFF);  // the inner ring's corner count
  const auto n = check_base(negative);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0].code, codes::kBasCount);
  EXPECT_EQ(n[0].location.offset, 4u);
  ByteBuffer huge = good;
  store_u32(huge.data(), 0x7FFFFFFF);  // inner rings: nothing is reserved for them
  EXPECT_EQ(read_base(huge).error().rule, codes::kBasCount);
}

TEST(Base, EachRecordRuleIsAWarningAtItsOffset) {
  struct Case {
    ByteBuffer bytes;
    const char* code;
    std::uint64_t offset;
  };
  const std::size_t outer_at = 4 + 96 + 4;
  const std::vector<Case> cases = {
      {file(kInner, kOuter, true, 2), codes::kBasRings, 4},
      {file({{0, 0}, {10, 0}}, {{-2, -2}, {12, -2}, {12, 10}}), codes::kBasCorners, 4},
      {file(kInner, kOuter, false), codes::kBasClosed, 4 + 4 + 4 * 12},
      {file({{0, 0}, {0, 8}, {10, 8}, {10, 0}}, {{-2, -2}, {-2, 10}, {12, 10}, {12, -2}}), codes::kBasWinding, 4},
      {file(kInner, {{-10, -10}, {20, -10}, {20, 20}, {-10, 20}}), codes::kBasClearance, outer_at},
  };
  for (const Case& c : cases) {
    const auto d = check_base(c.bytes);
    ASSERT_FALSE(d.empty()) << c.code;
    EXPECT_EQ(d[0].code, c.code);
    EXPECT_EQ(d[0].severity, Severity::warning) << c.code;
    EXPECT_EQ(d[0].location.offset, c.offset) << c.code;
  }
  EXPECT_EQ(check_base(cases[4].bytes)[0].message,
            "the outer ring's area is 11.25 times the inner one's (retail: 1.3 to 2.4)");
}

// Any outline reads back as written; any one-byte change never crashes, and what still reads writes
// back the changed bytes.
RC_GTEST_PROP(Base, WriteThenReadIsTheIdentityAndNoByteChangeCrashes, ()) {
  Base base;
  for (auto* section : {&base.inner, &base.outer}) {
    const auto rings = *rc::gen::inRange<std::size_t>(0, 3);
    for (std::size_t r = 0; r < rings; ++r) {
      BaseRing ring;
      const auto n = *rc::gen::inRange<std::size_t>(0, 8);
      for (std::size_t k = 0; k <= n; ++k)
        ring.points.push_back({*rc::gen::arbitrary<float>(), *rc::gen::arbitrary<float>(), *rc::gen::arbitrary<float>()});
      if (section == &base.inner)
        for (std::size_t k = 0; k < n; ++k)
          ring.triangles.push_back(*rc::gen::arbitrary<std::int32_t>()), ring.corners.push_back(std::int32_t(k));
      section->push_back(std::move(ring));
    }
  }
  ByteBuffer bytes = write_base(base);
  RC_ASSERT(write_base(read_base(bytes).value()) == bytes);
  const std::size_t at = *rc::gen::inRange<std::size_t>(0, bytes.size());
  bytes[at] = *rc::gen::arbitrary<std::uint8_t>();
  (void)check_base(bytes);
  if (auto changed = read_base(bytes)) RC_ASSERT(write_base(*changed) == bytes);
}

}  // namespace
}  // namespace parkan::objdata
