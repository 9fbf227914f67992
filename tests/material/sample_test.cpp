#include <cmath>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "builders.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/sample.hpp"

namespace parkan::material {
namespace {

using test::make_material;

const RandomSource kNoRand = [] { return 0; };

struct Case {
  std::uint32_t game_time;
  std::uint32_t key, next;
  float alpha;
};

// Keys end at 100, 300, 600: segments [0,100), [100,300), [300,600); the cycle is 600.
Mat0 three_keys(std::uint32_t mode, std::uint32_t mask = 0x1F) {
  return make_material(mode, mask, {{0, 100}, {1, 300}, {2, 600}});
}

void expect_by_time(const Mat0& m, std::uint32_t start, const std::vector<Case>& cases) {
  auto t = Timeline::make(m, 0);
  ASSERT_TRUE(t) << t.error().to_string();
  for (const Case& c : cases) {
    std::uint32_t s = start;
    Selection got = t->select_by_time(c.game_time, s, kNoRand);
    EXPECT_EQ(got.key, c.key) << "game time " << c.game_time;
    EXPECT_EQ(got.next, c.next) << "game time " << c.game_time;
    EXPECT_EQ(got.alpha, c.alpha) << "game time " << c.game_time;
    EXPECT_EQ(s, start);
  }
}

TEST(SampleByTime, LoopWithKeyAndCycleBoundaries) {
  expect_by_time(three_keys(0), 1000,
                 {{1000, 0, 1, 0.0f},
                  {1050, 0, 1, 0.5f},
                  {1099, 0, 1, 99.0f / 100.0f},
                  {1100, 1, 2, 0.0f},  // a key's end starts the next segment
                  {1299, 1, 2, 199.0f / 200.0f},
                  {1300, 2, 0, 0.0f},
                  {1599, 2, 0, 299.0f / 300.0f},  // the last key interpolates towards key 0
                  {1600, 0, 1, 0.0f},             // the cycle end is the next cycle's start
                  {1000 + 600 * 1000 + 150, 1, 2, 0.25f}});
}

TEST(SampleByTime, UnsignedWrapWhenGameTimeIsBeforeStart) {
  // 999 - 1000 = 0xFFFFFFFF; 4294967295 % 600 = 495: segment 2, alpha 195/300.
  // 0 - 1000 = 4294966296; % 600 = 96: segment 0.
  expect_by_time(three_keys(0), 1000, {{999, 2, 0, 195.0f / 300.0f}, {0, 0, 1, 96.0f / 100.0f}});
  // one-shot: the wrapped time is far past the first cycle, so it clamps.
  expect_by_time(three_keys(2), 1000, {{999, 2, 0, 0.0f}});
}

TEST(SampleByTime, PingPongRunsOddCyclesBackwards) {
  expect_by_time(three_keys(1), 0,
                 {{50, 0, 1, 0.5f},
                  {599, 2, 0, 299.0f / 300.0f},
                  {600, 2, 0, 1.0f},  // turnaround: r = cycle - 0 = 600, the end of the last segment
                  {650, 2, 0, 250.0f / 300.0f},
                  {1100, 1, 2, 0.0f},  // r = 600 - 500 = 100 starts segment 1
                  {1199, 0, 1, 0.01f},
                  {1200, 0, 1, 0.0f},
                  {1250, 0, 1, 0.5f}});
}

TEST(SampleByTime, OneShotClampsAfterTheFirstCycle) {
  expect_by_time(three_keys(2), 0,
                 {{0, 0, 1, 0.0f}, {599, 2, 0, 299.0f / 300.0f}, {600, 2, 0, 0.0f}, {123456, 2, 0, 0.0f}});
}

TEST(SampleByTime, RandomWritesTheStartTime) {
  Mat0 m = three_keys(3);
  auto t = Timeline::make(m, 0);
  ASSERT_TRUE(t);
  int calls = 0;
  RandomSource rand = [&] {
    ++calls;
    return 12345;
  };
  std::uint32_t start = 1000;
  Selection s = t->select_by_time(77, start, rand);  // 12345 % 600 = 345
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(start, 345u);
  EXPECT_EQ(s.key, 2u);
  EXPECT_EQ(s.next, 0u);
  EXPECT_EQ(s.alpha, 45.0f / 300.0f);
}

TEST(SampleByTime, UnknownModesSampleAsLoop) {
  for (std::uint32_t mode = 4; mode < 8; ++mode)
    expect_by_time(three_keys(mode), 0, {{650, 0, 1, 0.5f}, {1300, 1, 2, 0.0f}});
}

TEST(SampleByTime, ZeroLengthSegmentsAreSkipped) {
  Mat0 m = make_material(0, 0x1F, {{0, 100}, {1, 100}, {2, 200}});
  expect_by_time(m, 0, {{99, 0, 1, 0.99f}, {100, 2, 0, 0.0f}});
  Mat0 single = make_material(1, 0x1F, {{3, 50}});
  expect_by_time(single, 0, {{25, 0, 0, 0.5f}, {50, 0, 0, 1.0f}, {75, 0, 0, 0.5f}});
}

TEST(SampleByT, SubstitutesHalfOutsideZeroOne) {
  Mat0 m = three_keys(0);
  auto t = Timeline::make(m, 0);
  ASSERT_TRUE(t);
  auto at = [&](float x) {
    std::uint32_t s = 0;
    return t->select_by_t(x, s, kNoRand);
  };
  EXPECT_EQ(at(0.25f).key, 1u);  // 150
  EXPECT_EQ(at(0.25f).alpha, 0.25f);
  EXPECT_EQ(at(0.0f).key, 0u);
  EXPECT_EQ(at(0.0f).alpha, 0.0f);
  for (float outside : {-0.001f, 1.001f, -5.0f, 1e30f, -INFINITY, INFINITY}) {
    Selection s = at(outside);  // 0.5 * 600 = 300
    EXPECT_EQ(s.key, 2u) << outside;
    EXPECT_EQ(s.alpha, 0.0f) << outside;
  }
  EXPECT_EQ(at(1.0f).key, 0u);  // 600 % 600 = 0: a loop is back at its start
  EXPECT_EQ(at(NAN).key, 0u);   // NaN passes the range check; the conversion gives 0
  EXPECT_EQ(normalize_t(-0.0f), -0.0f);
  EXPECT_EQ(normalize_t(2.0f), 0.5f);

  Mat0 pp = three_keys(1);
  auto tp = Timeline::make(pp, 0);
  std::uint32_t s = 0;
  Selection end = tp->select_by_t(1.0f, s, kNoRand);
  EXPECT_EQ(end.key, 2u);
  EXPECT_EQ(end.alpha, 1.0f);
  Mat0 one = three_keys(2);
  auto to = Timeline::make(one, 0);
  Selection clamp = to->select_by_t(1.0f, s, kNoRand);
  EXPECT_EQ(clamp.key, 2u);
  EXPECT_EQ(clamp.alpha, 0.0f);
  Mat0 rnd = three_keys(3);
  auto tr = Timeline::make(rnd, 0);
  s = 9;
  Selection r = tr->select_by_t(0.1f, s, [] { return 700; });
  EXPECT_EQ(s, 100u);
  EXPECT_EQ(r.key, 1u);
}

TEST(SampleByT, EngineFloatConversion) {
  EXPECT_EQ(engine_float_to_u32(2.9f), 2u);
  EXPECT_EQ(engine_float_to_u32(-1.0f), 0xFFFFFFFFu);
  EXPECT_EQ(engine_float_to_u32(4294967296.0f + 8192.0f), 8192u);
  EXPECT_EQ(engine_float_to_u32(1e20f), 0u);
  EXPECT_EQ(engine_float_to_u32(NAN), 0u);
}

TEST(Timeline, RefusesBlocksThatBreakTheRules) {
  auto err = [](const Mat0& m, std::size_t b = 0) {
    Error e = Timeline::make(m, b).error();
    return "[" + e.rule + "] " + e.to_string();
  };
  EXPECT_EQ(err(three_keys(0), 1), "[mat0.sample.block] no animation block 1 (the material has 1)");
  EXPECT_EQ(err(make_material(0, 0, {})),
            "[mat0.block.no_keys] animation block 0 has no keys (a cycle of 0) at offset 0x9a");
  EXPECT_EQ(err(make_material(0, 0, {{0, 0}})),
            "[mat0.block.cycle] animation block 0: a cycle of 0 (the last key ends at 0 ms) at offset 0x9e");
  EXPECT_EQ(err(make_material(0, 0, {{4, 10}})),
            "[mat0.block.key_phase] animation block 0 key 0: phase index 4 >= phase count 4 at offset 0x9c");
  EXPECT_EQ(err(make_material(0, 0, {{0, 10}, {1, 5}})),
            "[mat0.block.key_order] animation block 0 key 1: end time 5 ms < previous end time 10 ms at offset 0xa4");
  // Warnings do not stop sampling.
  EXPECT_TRUE(Timeline::make(make_material(6, 0xFF, {{0, 10}}), 0).ok());
}

// docs/formats/mat0.md 5.4: the runtime float indices each mask bit interpolates.
const std::vector<std::pair<std::uint32_t, std::vector<int>>> kMaskTable = {
    {0x01, {4, 5, 6}}, {0x02, {0, 1, 2}}, {0x04, {8, 9, 10}}, {0x08, {12, 13, 14}}, {0x10, {7}}};

TEST(Interpolate, EachMaskBitBlendsOnlyItsFloats) {
  Mat0 m = three_keys(0);
  PhaseRecord cur = to_record(m.phases[0], 11);
  PhaseRecord next = to_record(m.phases[1], 22);
  for (const auto& [bit, floats] : kMaskTable) {
    PhaseRecord out = interpolate(cur, next, bit, 0.25f);
    for (int i = 0; i < 16; ++i) {
      bool blended = std::find(floats.begin(), floats.end(), i) != floats.end();
      float want = blended ? cur.f[i] + (next.f[i] - cur.f[i]) * 0.25f : cur.f[i];
      EXPECT_EQ(out.f[i], want) << "bit " << bit << " float " << i;
      if (blended) {
        EXPECT_NE(out.f[i], cur.f[i]);
      }
    }
    EXPECT_EQ(out.u16, cur.u16);
    EXPECT_EQ(out.texture_slot, 11);
    EXPECT_EQ(out.i18, cur.i18);
  }
  PhaseRecord none = interpolate(cur, next, 0xFFFFFFE0u, 0.5f);
  EXPECT_EQ(none, cur);
  // p0 of phase 0 is 0 and of phase 1 is 40: f[4] halfway is (40/255)/2.
  EXPECT_EQ(interpolate(cur, next, 0x01, 0.5f).f[4], (40.0f / 255.0f) * 0.5f);
  // Never copied: f3 (p7), f11 (p11), f15 (p15) even with every bit set.
  PhaseRecord all = interpolate(cur, next, 0x1F, 0.5f);
  EXPECT_EQ(all.f[3], cur.f[3]);
  EXPECT_EQ(all.f[11], cur.f[11]);
  EXPECT_EQ(all.f[15], cur.f[15]);
}

TEST(PhaseRecord, ConversionAsTheEngine) {
  Phase p = test::make_phase(0, "T.0");
  PhaseRecord r = to_record(p, 5);
  for (int i = 0; i < 16; ++i) {
    int param = i < 4 ? i + 4 : (i < 8 ? i - 4 : i);
    float want = param == 3 ? static_cast<float>(param) * 0.01f : static_cast<float>(param) / 255.0f;
    EXPECT_EQ(r.f[i], want) << i;
  }
  EXPECT_EQ(r.f[7], 0.03f);
  EXPECT_EQ(r.u16, 16u);
  EXPECT_EQ(r.texture_slot, 5);
  EXPECT_EQ(r.i18, 17);
  p.params[17] = 0x80;
  EXPECT_EQ(to_record(p).i18, -128);
  p.params[3] = 255;
  EXPECT_EQ(to_record(p).f[7], 255.0f * 0.01f);
  p.texture_field = {};
  p.texture_field[1] = 'X';  // bytes after a leading NUL do not make a texture
  PhaseRecord none = to_record(p, 5);
  EXPECT_EQ(none.texture_slot, -1);
  EXPECT_EQ(none.i18, -1);
}

// The sampler returns indices inside the block and phases inside the table for every valid block
// and every time; alpha is in [0, 1].
RC_GTEST_PROP(SampleProperty, NeverLeavesTheBlock, ()) {
  Mat0 m = *test::gen_mat0();
  RC_PRE(!m.blocks.empty() && !m.phases.empty());
  std::size_t b = *rc::gen::inRange<std::size_t>(0, m.blocks.size());
  auto t = Timeline::make(m, b);
  if (!t) return;
  std::vector<PhaseRecord> records = to_records(m);
  std::uint32_t start = *rc::gen::arbitrary<std::uint32_t>();
  std::uint32_t game = *rc::gen::arbitrary<std::uint32_t>();
  std::int32_t rnd = *rc::gen::inRange<std::int32_t>(0, 32768);
  Selection s = t->select_by_time(game, start, [&] { return rnd; });
  RC_ASSERT(s.key < m.blocks[b].keys.size());
  RC_ASSERT(s.next < m.blocks[b].keys.size());
  RC_ASSERT(s.alpha >= 0.0f && s.alpha <= 1.0f);
  (void)sample_record(records, *t, s);
  float x = *rc::gen::arbitrary<float>();
  Selection st = t->select_by_t(x, start, [&] { return rnd; });
  RC_ASSERT(st.key < m.blocks[b].keys.size());
  RC_ASSERT(st.next < m.blocks[b].keys.size());
}

}  // namespace
}  // namespace parkan::material
