// sky.ske (docs/formats/sky.md): files built here word by word from the layout of the world
// specification (section 9), read, checked rule by rule, written back byte for byte.
#include <cmath>
#include <cstring>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <rapidcheck/gtest.h>

#include "parkan/sky/codes.hpp"
#include "parkan/sky/sky.hpp"

namespace parkan::sky {
namespace {

struct Bytes {
  ByteBuffer b;
  Bytes& u32(std::uint32_t v) {
    const std::size_t at = b.size();
    b.resize(at + 4);
    std::memcpy(b.data() + at, &v, 4);
    return *this;
  }
  Bytes& f32(float f) {
    std::uint32_t v;
    std::memcpy(&v, &f, 4);
    return u32(v);
  }
  // A time: 8 x u32, [0] section, [3] hour, [4] minute.
  Bytes& time(std::uint32_t h, std::uint32_t m, std::uint32_t section = 0) {
    return u32(section).u32(0).u32(0).u32(h).u32(m).u32(0).u32(0).u32(0);
  }
  Bytes& str(const std::string& s) {
    u32(std::uint32_t(s.size()));
    b.insert(b.end(), s.begin(), s.end());
    return *this;
  }
  // A keyframe: version, time, opcode, slots (20 for version 1, else 22; slot i = 0x01000000 * i + k),
  // six names (the first given), four floats, (v3) effects.
  Bytes& keyframe(std::uint32_t version, std::uint32_t h, std::uint32_t m, std::uint32_t opcode, const std::string& name,
                  const std::vector<std::string>& effects = {}) {
    u32(version).time(h, m).u32(opcode);
    for (std::uint32_t i = 0; i < (version == 1 ? 20u : 22u); ++i) u32(0x01000000u * i + 0x00102030u);
    str(name);
    for (int i = 0; i < 5; ++i) str("");
    f32(2.5f).f32(2.0f).f32(1.0f).f32(0.0f);
    if (version == 3) {
      u32(std::uint32_t(effects.size()));
      for (const auto& e : effects) str(e);
    }
    return *this;
  }
  Bytes& section(std::uint32_t frames, std::uint32_t day_h, std::uint32_t day_m) {
    return u32(1).u32(frames).time(23, 59).time(day_h, day_m);
  }
  Bytes& trailer(std::uint32_t h, std::uint32_t m, std::uint32_t word = 0, std::uint32_t flag = 1) {
    return time(h, m).u32(word).u32(flag);
  }
};

Bytes header(std::uint32_t sections) { return Bytes{}.u32(0xFFFFFFFF).u32(5).u32(sections); }

// 12 + 72 + keyframes + 40.
ByteBuffer two_keyframes() {
  return header(1)
      .section(2, 0, 15)
      .keyframe(3, 0, 30, 0, "sun")
      .keyframe(3, 12, 0, 3, "", {"atm_rain1.wav"})
      .trailer(1, 0)
      .b;
}

TEST(Sky, ReadsSectionsKeyframesAndTrailer) {
  const ByteBuffer bytes = two_keyframes();
  auto s = read_sky(bytes);
  ASSERT_TRUE(s) << s.error().message;
  ASSERT_EQ(s->sections.size(), 1u);
  const Section& sec = s->sections[0];
  EXPECT_EQ(sec.version, 1u);
  EXPECT_EQ(sec.end.hour(), 23u);
  EXPECT_EQ(sec.end.minute(), 59u);
  EXPECT_EQ(sec.day_seconds(), 900u);
  ASSERT_EQ(sec.keyframes.size(), 2u);
  const Keyframe& k0 = sec.keyframes[0];
  EXPECT_EQ(k0.offset, 12u + 72);
  EXPECT_EQ(k0.version, 3u);
  EXPECT_EQ(k0.time.hour(), 0u);
  EXPECT_EQ(k0.time.minute(), 30u);
  EXPECT_EQ(k0.opcode, 0u);
  EXPECT_EQ(k0.slots.size(), 22u);
  EXPECT_EQ(k0.slots[15], 0x0F102030u);
  EXPECT_EQ(k0.colour(15), (std::array<std::uint8_t, 4>{0x10, 0x20, 0x30, 0x0F}));  // BGRA 30 20 10 0F
  EXPECT_EQ(k0.names[0], "sun");
  EXPECT_EQ(k0.value(0), 2.5f);
  EXPECT_TRUE(k0.effects.empty());
  EXPECT_EQ(sec.keyframes[1].opcode, 3u);
  EXPECT_EQ(sec.keyframes[1].effects, std::vector<std::string>{"atm_rain1.wav"});
  EXPECT_EQ(s->start.hour(), 1u);
  EXPECT_EQ(s->flag, 1u);
  EXPECT_TRUE(check_sky(bytes).empty());
  EXPECT_EQ(*write_sky(*s), bytes);

  const nlohmann::json j = sky_json(*s);
  EXPECT_EQ(j["sections"][0]["day_seconds"], 900);
  EXPECT_EQ(j["sections"][0]["keyframes"][1]["opcode_name"], "rain start");
  EXPECT_EQ(j["sections"][0]["keyframes"][0]["colours"][15], "#1020300f");
  EXPECT_EQ(j["start"]["hour"], 1);
}

TEST(Sky, OlderKeyframeVersionsAndTwoSections) {
  const ByteBuffer bytes = header(2)
                               .section(1, 0, 40)
                               .keyframe(1, 6, 0, 2, "moon")
                               .section(1, 24, 0)
                               .keyframe(2, 18, 5, 8, "")
                               .trailer(0, 45, 0, 0)
                               .b;
  auto s = read_sky(bytes);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->sections[0].keyframes[0].slots.size(), 20u);
  EXPECT_EQ(s->sections[1].keyframes[0].slots.size(), 22u);
  EXPECT_EQ(s->sections[1].day_seconds(), 86400u);
  EXPECT_EQ(s->sections[0].keyframes[0].colour(21), (std::array<std::uint8_t, 4>{0, 0, 0, 0}));  // not stored
  EXPECT_TRUE(check_sky(bytes).empty());
  EXPECT_EQ(*write_sky(*s), bytes);
}

TEST(Sky, NanFloatsAndSlotsWriteBackBitExactly) {
  ByteBuffer bytes = two_keyframes();
  const std::size_t slot5 = 12 + 72 + 4 + 32 + 4 + 5 * 4;
  const std::uint32_t snan = 0x7F800001;
  std::memcpy(bytes.data() + slot5, &snan, 4);
  const std::size_t value0 = 12 + 72 + 4 + 32 + 4 + 88 + (4 + 3) + 5 * 4;
  std::memcpy(bytes.data() + value0, &snan, 4);
  auto s = read_sky(bytes);
  ASSERT_TRUE(s);
  EXPECT_TRUE(std::isnan(s->sections[0].keyframes[0].value(0)));
  EXPECT_EQ(*write_sky(*s), bytes);
}

void expect_sky(const ByteBuffer& bytes, const char* code, Severity severity, std::uint64_t offset,
                const std::string& message) {
  const std::vector<Diagnostic> d = check_sky(bytes);
  ASSERT_EQ(d.size(), 1u) << code;
  EXPECT_EQ(d[0].code, code);
  EXPECT_EQ(d[0].severity, severity);
  EXPECT_EQ(d[0].location.offset, offset) << code;
  EXPECT_EQ(d[0].message, message);
}

TEST(Sky, EveryRuleBrokenOnce) {
  expect_sky(ByteBuffer(11, 0), codes::kHeader, Severity::error, 0, "11 bytes: shorter than the 12-byte header");
  expect_sky(Bytes{}.u32(0xFFFFFFFF).u32(4).u32(1).b, codes::kHeader, Severity::error, 0,
             "starts with -1, 4: a sky.ske starts with -1, 5");
  ByteBuffer cut = two_keyframes();
  cut.resize(cut.size() - 10);
  expect_sky(cut, codes::kSize, Severity::error, cut.size() - 30, "the start clock needs 32 bytes, 30 are left");
  ByteBuffer bad_version = two_keyframes();
  bad_version[12 + 72] = 4;
  expect_sky(bad_version, codes::kKeyframeVersion, Severity::error, 12 + 72,
             "section 0 keyframe 0: version 4 is not 1, 2 or 3, so its length is unknown");
  ByteBuffer many_effects = header(1).section(1, 0, 15).u32(3).time(1, 0).u32(3).b;
  for (int i = 0; i < 22; ++i) many_effects.insert(many_effects.end(), 4, 0);
  Bytes tail{many_effects};
  for (int i = 0; i < 6; ++i) tail.str("");
  tail.f32(0).f32(0).f32(0).f32(0).u32(1000000);
  const std::size_t count_at = tail.b.size() - 4;
  tail.trailer(1, 0);
  expect_sky(tail.b, codes::kSize, Severity::error, count_at,
             "section 0 keyframe 0: 1000000 effects need at least 4000000 bytes, 40 are left");
  ByteBuffer trailing = two_keyframes();
  trailing.push_back(0);
  expect_sky(trailing, codes::kTrailing, Severity::error, trailing.size() - 1, "1 bytes after the trailer");

  expect_sky(header(3).section(1, 0, 15).keyframe(3, 1, 0, 0, "sun").section(1, 0, 15).keyframe(3, 1, 0, 0, "sun")
                 .section(1, 0, 15).keyframe(3, 1, 0, 0, "sun").trailer(1, 0).b,
             codes::kSections, Severity::warning, 8, "3 sections: a sky has 1 or 2");
  ByteBuffer section_version = two_keyframes();
  section_version[12] = 2;
  expect_sky(section_version, codes::kSectionVersion, Severity::warning, 12,
             "section 0: version 2 (1 in every retail sky)");
  expect_sky(header(1).section(1, 0, 0).keyframe(3, 1, 0, 0, "sun").trailer(1, 0).b, codes::kDay, Severity::warning,
             12 + 8 + 32, "section 0: a day of 0 hours 0 minutes");
  expect_sky(header(1).section(0, 0, 15).trailer(1, 0).b, codes::kEmpty, Severity::warning, 16, "section 0: no keyframes");
  expect_sky(header(1).section(1, 0, 15).keyframe(3, 24, 0, 0, "sun").trailer(1, 0).b, codes::kTime, Severity::warning,
             12 + 72 + 4, "section 0 keyframe 0: 24:00 is no time of day");
  const ByteBuffer late_start = header(1).section(1, 0, 15).keyframe(3, 1, 0, 0, "sun").trailer(1, 60).b;
  ASSERT_EQ(late_start.size(), 12u + 72 + 175 + 40);  // a v3 keyframe named "sun" without effects: 175 bytes
  expect_sky(late_start, codes::kTime, Severity::warning, late_start.size() - 40, "the start clock: 1:60 is no time of day");
  expect_sky(header(1).section(1, 0, 15).keyframe(3, 1, 0, 10, "").trailer(1, 0).b, codes::kOpcode, Severity::warning,
             12 + 72 + 4 + 32, "section 0 keyframe 0: opcode 10 is not one of 0 to 9");
  const ByteBuffer odd_trailer = header(1).section(1, 0, 15).keyframe(3, 1, 0, 0, "sun").trailer(1, 0, 0, 2).b;
  expect_sky(odd_trailer, codes::kTrailer, Severity::warning, odd_trailer.size() - 8,
             "the trailer's words are 0 and 2 (0, then 0 or 1)");
}

TEST(Sky, WriterRefusesAWrongSlotCount) {
  Sky s;
  s.sections.push_back({});
  Keyframe k;
  k.version = 1;  // 22 slots by default: version 1 stores 20
  s.sections[0].keyframes.push_back(k);
  auto w = write_sky(s);
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().rule, codes::kKeyframeVersion);
  EXPECT_EQ(w.error().message, "section 0 keyframe 0: version 1 with 22 slots (1: 20 slots; 2, 3: 22)");
}

RC_GTEST_PROP(Sky, BuiltSkiesWriteBackTheSameBytes, ()) {
  const auto sections = *rc::gen::inRange<std::uint32_t>(1, 3);
  Bytes b = header(sections);
  for (std::uint32_t s = 0; s < sections; ++s) {
    const auto frames = *rc::gen::nonEmpty(rc::gen::container<std::vector<std::uint32_t>>(rc::gen::inRange<std::uint32_t>(1, 4)));
    b.section(std::uint32_t(frames.size()), 0, 15);
    for (std::uint32_t v : frames) {
      const auto effects = *rc::gen::container<std::vector<std::string>>(rc::gen::string<std::string>());
      b.keyframe(v, *rc::gen::inRange<std::uint32_t>(0, 24), *rc::gen::inRange<std::uint32_t>(0, 60),
                 *rc::gen::inRange<std::uint32_t>(0, 10), *rc::gen::string<std::string>(), effects);
    }
  }
  b.trailer(1, 0);
  auto sky = read_sky(b.b);
  RC_ASSERT(sky.ok());
  RC_ASSERT(check_sky(b.b).empty());
  RC_ASSERT(*write_sky(*sky) == b.b);
}

RC_GTEST_PROP(Sky, WhatReadsWritesBackTheSameBytes, ()) {
  auto bytes = *rc::gen::container<std::vector<std::uint8_t>>(rc::gen::arbitrary<std::uint8_t>());
  if (bytes.size() >= 8 && *rc::gen::arbitrary<bool>()) {
    const std::uint32_t head[2] = {0xFFFFFFFF, 5};
    std::memcpy(bytes.data(), head, 8);
  }
  auto sky = read_sky(bytes);
  const std::vector<Diagnostic> d = check_sky(bytes);
  if (!sky) {
    RC_ASSERT(d.size() == 1u);
    RC_ASSERT(d[0].code == sky.error().rule);
    return;
  }
  RC_ASSERT(*write_sky(*sky) == bytes);
}

}  // namespace
}  // namespace parkan::sky
