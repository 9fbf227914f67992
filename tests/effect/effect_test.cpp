// FXID effects and .exp explosions (docs/formats/effect.md): files built here byte by byte from the
// layouts of the world specification (section 8), read, checked rule by rule, written back byte for byte.
#include <cmath>
#include <cstring>
#include <limits>
#include <map>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <rapidcheck/gtest.h>

#include "parkan/effect/codes.hpp"
#include "parkan/effect/effect.hpp"

namespace parkan::effect {
namespace {

void fx_put(ByteBuffer& b, std::size_t at, const void* p, std::size_t n) { std::memcpy(b.data() + at, p, n); }
void fx_put32(ByteBuffer& b, std::size_t at, std::uint32_t v) { fx_put(b, at, &v, 4); }
void fx_putf(ByteBuffer& b, std::size_t at, float v) { fx_put(b, at, &v, 4); }
void fx_puts(ByteBuffer& b, std::size_t at, const std::string& s) { fx_put(b, at, s.data(), s.size()); }
std::uint32_t bits_of(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// The world specification, section 8: type -> (block length, offset of the archive + member pair; 0 none).
struct TypeRow {
  std::uint32_t size, pair;
};
const std::map<std::uint32_t, TypeRow> kTypes = {{1, {224, 0}},   {2, {148, 84}},  {3, {200, 136}}, {4, {204, 136}},
                                                 {5, {112, 48}},  {6, {4, 0}},     {7, {208, 144}}, {8, {248, 184}},
                                                 {9, {208, 136}}, {10, {208, 144}}};

// One block: its first word, the pair when the type has one, every other byte a pattern of the index.
struct Block {
  std::uint32_t word;
  std::string archive, member;
};
ByteBuffer block(const Block& b, std::uint8_t fill) {
  const TypeRow row = kTypes.at(b.word & 0xFF);
  ByteBuffer out(row.size, fill);
  fx_put32(out, 0, b.word);
  if (row.pair) {
    std::memset(out.data() + row.pair, 0, 64);
    fx_puts(out, row.pair, b.archive);
    fx_puts(out, row.pair + 32, b.member);
  }
  return out;
}

// The 60-byte header: count, time mode, duration, jitter, flags, setting, 3 x f32[3].
ByteBuffer fxid(std::uint32_t count, std::uint32_t time_mode, float duration, const std::vector<Block>& blocks) {
  ByteBuffer b(60, 0);
  fx_put32(b, 0x00, count);
  fx_put32(b, 0x04, time_mode);
  fx_putf(b, 0x08, duration);
  fx_putf(b, 0x0C, 0.25f);
  fx_put32(b, 0x10, 0x803);
  fx_put32(b, 0x14, 2);
  for (int k = 0; k < 3; ++k) {
    fx_putf(b, 0x18 + 4 * k, 0.5f * float(k));
    fx_putf(b, 0x24 + 4 * k, float(k + 1));
    fx_putf(b, 0x30 + 4 * k, 1.0f);
  }
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const ByteBuffer bb = block(blocks[i], std::uint8_t(0x40 + i));
    b.insert(b.end(), bb.begin(), bb.end());
  }
  return b;
}
ByteBuffer fxid(const std::vector<Block>& blocks) { return fxid(std::uint32_t(blocks.size()), 1, 2.5f, blocks); }

const std::vector<Block> kFire = {{1, "", ""}, {0x102, "sounds.lib", "expl_small.wav"}, {6, "", ""},
                                  {0xFF0003, "Material.lib", "FIRE_A"}};

TEST(Fxid, ReadsTheHeaderAndEveryBlock) {
  const ByteBuffer bytes = fxid(kFire);
  ASSERT_EQ(bytes.size(), 60u + 224 + 148 + 4 + 200);
  auto fx = read_effect(bytes);
  ASSERT_TRUE(fx) << fx.error().message;
  const Header h = fx->fields();
  EXPECT_EQ(h.count, 4u);
  EXPECT_EQ(h.time_mode, 1u);
  EXPECT_EQ(h.duration, 2.5f);
  EXPECT_EQ(h.jitter, 0.25f);
  EXPECT_EQ(h.flags, 0x803u);
  EXPECT_EQ(h.setting, 2u);
  EXPECT_EQ(h.random_offset, (std::array<float, 3>{0, 0.5f, 1}));
  EXPECT_EQ(h.visibility_point, (std::array<float, 3>{1, 2, 3}));
  EXPECT_EQ(h.scale, (std::array<float, 3>{1, 1, 1}));
  ASSERT_EQ(fx->emitters.size(), 4u);
  EXPECT_EQ(fx->emitters[0].type(), 1);
  EXPECT_FALSE(fx->emitters[0].resource());
  EXPECT_EQ(fx->emitters[1].type(), 2);
  EXPECT_TRUE(fx->emitters[1].overlay());
  EXPECT_EQ(fx->emitters[1].resource()->archive, "sounds.lib");
  EXPECT_EQ(fx->emitters[1].resource()->member, "expl_small.wav");
  EXPECT_EQ(fx->emitters[2].raw.size(), 4u);
  EXPECT_EQ(fx->emitters[3].word(), 0xFF0003u);  // other bits kept
  EXPECT_EQ(fx->emitters[3].type(), 3);
  EXPECT_FALSE(fx->emitters[3].overlay());
  EXPECT_EQ(fx->emitters[3].resource()->member, "FIRE_A");
  EXPECT_TRUE(check_effect(bytes).empty());
  auto written = write_effect(*fx);
  ASSERT_TRUE(written);
  EXPECT_EQ(*written, bytes);

  const nlohmann::json j = effect_json(*fx);
  EXPECT_EQ(j["count"], 4);
  EXPECT_EQ(j["emitters"][1]["offset"], 60 + 224);
  EXPECT_EQ(j["emitters"][1]["length"], 148);
  EXPECT_EQ(j["emitters"][1]["type_name"], "sound");
  EXPECT_EQ(j["emitters"][1]["overlay"], true);
  EXPECT_EQ(j["emitters"][1]["resource"]["member"], "expl_small.wav");
  EXPECT_TRUE(j["emitters"][0]["resource"].is_null());
  EXPECT_EQ(j["emitters"][3]["type_name"], "type 3");
}

TEST(Fxid, EveryTypeHasItsLengthAndPair) {
  for (const auto& [type, row] : kTypes) {
    const ByteBuffer bytes = fxid({{type, "arc.lib", "member"}});
    auto fx = read_effect(bytes);
    ASSERT_TRUE(fx) << type;
    EXPECT_EQ(fx->emitters[0].raw.size(), row.size) << type;
    EXPECT_EQ(emitter_layout(type)->size, row.size);
    EXPECT_EQ(emitter_layout(type)->pair_offset, row.pair);
    EXPECT_EQ(fx->emitters[0].resource().has_value(), row.pair != 0) << type;
    EXPECT_EQ(*write_effect(*fx), bytes);
  }
  EXPECT_EQ(emitter_layout(0), nullptr);
  EXPECT_EQ(emitter_layout(11), nullptr);
}

TEST(Fxid, NanFloatsWriteBackBitExactly) {
  ByteBuffer bytes = fxid(kFire);
  fx_put32(bytes, 0x0C, 0x7FA00001);  // a signalling NaN as the jitter
  fx_put32(bytes, 60 + 8, 0xFFC12345);  // a quiet NaN with a payload in the light block
  auto fx = read_effect(bytes);
  ASSERT_TRUE(fx);
  EXPECT_TRUE(std::isnan(fx->fields().jitter));
  EXPECT_EQ(*write_effect(*fx), bytes);
}

TEST(Fxid, SetResourceRewritesOnlyTheNames) {
  ByteBuffer bytes = fxid(kFire);
  auto fx = read_effect(bytes);
  ASSERT_TRUE(fx);
  ASSERT_TRUE(fx->emitters[1].set_resource({"sounds.lib", "gun_shot.wav"}));
  ByteBuffer expected = bytes;
  std::memset(expected.data() + 60 + 224 + 84 + 32, 0, 32);
  fx_puts(expected, 60 + 224 + 84 + 32, "gun_shot.wav");
  EXPECT_EQ(*write_effect(*fx), expected);
  auto too_long = fx->emitters[1].set_resource({"sounds.lib", std::string(32, 'a')});
  ASSERT_FALSE(too_long);
  EXPECT_EQ(too_long.error().rule, codes::kNameLength);
  auto nul = fx->emitters[1].set_resource({std::string("a\0b", 3), "x"});
  ASSERT_FALSE(nul);
  EXPECT_EQ(nul.error().rule, codes::kNameNulInside);
  auto none = fx->emitters[0].set_resource({"a", "b"});
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().rule, codes::kFxidType);
}

TEST(Fxid, WriterRefusesBlocksOfTheWrongLength) {
  Effect fx;
  fx.emitters.push_back(Emitter{ByteBuffer(10, 0)});
  fx.emitters[0].raw[0] = 2;
  auto w = write_effect(fx);
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().rule, codes::kFxidBlockSize);
  EXPECT_EQ(w.error().message, "emitter 0: a sound block is 148 bytes, this one 10");
  fx.emitters[0].raw[0] = 12;
  w = write_effect(fx);
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().rule, codes::kFxidType);
  // No header: zeros, with the count.
  Effect empty;
  ByteBuffer expected(60, 0);
  EXPECT_EQ(*write_effect(empty), expected);
}

void expect_one(const ByteBuffer& bytes, const char* code, Severity severity, std::uint64_t offset,
                const std::string& message) {
  const std::vector<Diagnostic> d = check_effect(bytes);
  ASSERT_EQ(d.size(), 1u) << code;
  EXPECT_EQ(d[0].code, code);
  EXPECT_EQ(d[0].severity, severity);
  EXPECT_EQ(d[0].location.offset, offset) << code;
  EXPECT_EQ(d[0].message, message);
}

TEST(Fxid, EveryRuleBrokenOnce) {
  expect_one(ByteBuffer(59, 0), codes::kFxidHeader, Severity::error, 0, "59 bytes: shorter than the 60-byte header");
  expect_one(fxid(1, 1, 1, {}), codes::kFxidBlock, Severity::error, 60, "emitter 0 of 1: 0 bytes left, not even its first word");
  ByteBuffer short_block = fxid({{1, "", ""}});
  short_block.resize(60 + 100);
  expect_one(short_block, codes::kFxidBlock, Severity::error, 60, "emitter 0 of 1: a light block needs 224 bytes, 100 are left");
  ByteBuffer unknown = fxid({{6, "", ""}, {6, "", ""}});
  fx_put32(unknown, 64, 0x10B);
  expect_one(unknown, codes::kFxidType, Severity::error, 64,
             "emitter 1 of 2: type 11 (word 0x0000010B) is not 1 to 10, so its length and everything after it are unknown");
  ByteBuffer trailing = fxid({{6, "", ""}});
  trailing.insert(trailing.end(), {1, 2, 3});
  expect_one(trailing, codes::kFxidTrailing, Severity::error, 64, "3 bytes after the 1 emitter block");
  expect_one(fxid(std::vector<Block>(82, Block{6, "", ""})), codes::kFxidCount, Severity::warning, 0,
             "82 emitters: retail effects have at most 81");
  EXPECT_TRUE(check_effect(fxid(std::vector<Block>(81, Block{6, "", ""}))).empty());
  expect_one(fxid(0, 18, 1, {}), codes::kFxidTimeMode, Severity::warning, 4, "time mode 18 is not one of 0 to 17");
  EXPECT_TRUE(check_effect(fxid(0, 17, 1, {})).empty());
  expect_one(fxid(0, 2, -1, {}), codes::kFxidDuration, Severity::warning, 8, "duration -1 s (a finite number, at least 0)");
  ByteBuffer no_nul = fxid({{1, "", ""}, {5, "x", "y"}});
  std::memset(no_nul.data() + 60 + 224 + 48 + 32, 'm', 32);
  expect_one(no_nul, codes::kFxidNameNul, Severity::warning, 60 + 224 + 48 + 32,
             "emitter 1 (type 5): the member field has no NUL in its 32 bytes");
  expect_one(fxid({{7, "", "FIRE_A"}}), codes::kFxidPairHalf, Severity::warning, 60 + 144,
             "emitter 0 (type 7): the resource pair names a member but no archive");
  expect_one(fxid({{8, "Material.lib", ""}}), codes::kFxidPairHalf, Severity::warning, 60 + 184,
             "emitter 0 (type 8): the resource pair names an archive but no member");
}

TEST(Fxid, AHugeCountDoesNotAllocate) {
  ByteBuffer bytes = fxid(0xFFFFFFFF, 1, 1, {{6, "", ""}});
  auto fx = read_effect(bytes);
  ASSERT_FALSE(fx);
  EXPECT_EQ(fx.error().rule, codes::kFxidBlock);
}

// ---- .exp ----

// 792 bytes: i32 kind, f32 damage, f32 radius, f32, f32, i32 placement, 12 x { char[32], char[32] }.
ByteBuffer exp_file(std::int32_t kind, float damage, float radius, const std::vector<std::pair<std::string, std::string>>& slots) {
  ByteBuffer b(792, 0);
  fx_put32(b, 0, std::uint32_t(kind));
  fx_putf(b, 4, damage);
  fx_putf(b, 8, radius);
  fx_putf(b, 12, 1);
  fx_putf(b, 16, 1);
  fx_put32(b, 20, 7);
  for (std::size_t s = 0; s < slots.size(); ++s) {
    fx_puts(b, 24 + 64 * s, slots[s].first);
    fx_puts(b, 24 + 64 * s + 32, slots[s].second);
  }
  return b;
}

TEST(Explosion, ReadsEveryField) {
  const ByteBuffer bytes = exp_file(3, 1500, 3, {{"effects.rlb", "expl_m"}, {"effects.rlb", "dust"}});
  auto x = read_explosion(bytes);
  ASSERT_TRUE(x);
  EXPECT_EQ(x->kind, 3);
  EXPECT_EQ(x->damage, 1500);
  EXPECT_EQ(x->radius, 3);
  EXPECT_EQ(x->value3, 1);
  EXPECT_EQ(x->value4, 1);
  EXPECT_EQ(x->placement, 7);
  EXPECT_EQ(x->slots[0].archive, "effects.rlb");
  EXPECT_EQ(x->slots[0].member, "expl_m");
  EXPECT_EQ(x->slots[1].member, "dust");
  EXPECT_EQ(x->slots[11].member, "");
  EXPECT_TRUE(check_explosion(bytes).empty());
  EXPECT_EQ(*write_explosion(*x), bytes);
  const nlohmann::json j = explosion_json(*x);
  EXPECT_EQ(j["kind"], 3);
  EXPECT_EQ(j["slots"].size(), 12u);
  EXPECT_EQ(j["slots"][0]["effect"], "expl_m");

  // Edits: a new name over zeros; a NaN damage read back bit for bit.
  x->slots[2] = {"effects.rlb", "smoke"};
  ByteBuffer expected = bytes;
  fx_puts(expected, 24 + 128, "effects.rlb");
  fx_puts(expected, 24 + 128 + 32, "smoke");
  EXPECT_EQ(*write_explosion(*x), expected);
  ByteBuffer nan_damage = bytes;
  fx_put32(nan_damage, 4, 0x7F800123);
  auto xn = read_explosion(nan_damage);
  ASSERT_TRUE(xn);
  EXPECT_EQ(*write_explosion(*xn), nan_damage);
  // Made in code: zeros where no field is.
  Explosion made;
  made.kind = 2;
  made.slots[0] = {"effects.rlb", "hit"};
  auto w = write_explosion(made);
  ASSERT_TRUE(w);
  ByteBuffer expected_made = exp_file(2, 0, 0, {{"effects.rlb", "hit"}});
  fx_putf(expected_made, 12, 1);  // Explosion's defaults: values 1 and 1, placement 0
  fx_putf(expected_made, 16, 1);
  fx_put32(expected_made, 20, 0);
  EXPECT_EQ(*w, expected_made);
}

void expect_exp(const ByteBuffer& bytes, const char* code, Severity severity, std::uint64_t offset,
                const std::string& message) {
  const std::vector<Diagnostic> d = check_explosion(bytes);
  ASSERT_EQ(d.size(), 1u) << code;
  EXPECT_EQ(d[0].code, code);
  EXPECT_EQ(d[0].severity, severity);
  EXPECT_EQ(d[0].location.offset, offset) << code;
  EXPECT_EQ(d[0].message, message);
}

TEST(Explosion, EveryRuleBrokenOnce) {
  expect_exp(ByteBuffer(791, 0), codes::kExpSize, Severity::error, 0, "791 bytes: an explosion is 792");
  expect_exp(ByteBuffer(793, 0), codes::kExpSize, Severity::error, 0, "793 bytes: an explosion is 792");
  expect_exp(exp_file(4, 1, 2, {}), codes::kExpKind, Severity::warning, 0,
             "kind 4 is not 1 (none), 2 (direct) or 3 (area)");
  expect_exp(exp_file(2, -5, 2, {}), codes::kExpValue, Severity::warning, 4, "damage -5 (a finite number, at least 0)");
  expect_exp(exp_file(2, 5, std::numeric_limits<float>::infinity(), {}), codes::kExpValue, Severity::warning, 8,
             "radius inf (a finite number, at least 0)");
  ByteBuffer no_nul = exp_file(1, 0, 2, {});
  std::memset(no_nul.data() + 24 + 64 * 3, 'a', 32);
  fx_puts(no_nul, 24 + 64 * 3 + 32, "x");
  expect_exp(no_nul, codes::kExpNameNul, Severity::warning, 24 + 64 * 3,
             "slot 3: the archive field has no NUL in its 32 bytes");
  expect_exp(exp_file(1, 0, 2, {{"", ""}, {"effects.rlb", ""}}), codes::kExpPairHalf, Severity::warning, 24 + 64,
             "slot 1: names an archive but no effect");
  auto long_name = [] {
    Explosion x;
    x.slots[0] = {std::string(40, 'a'), "b"};
    return write_explosion(x);
  }();
  ASSERT_FALSE(long_name);
  EXPECT_EQ(long_name.error().rule, codes::kNameLength);
}

// ---- properties ----

RC_GTEST_PROP(Fxid, BuiltEffectsWriteBackTheSameBytes, ()) {
  const auto types = *rc::gen::container<std::vector<std::uint32_t>>(rc::gen::inRange<std::uint32_t>(1, 11));
  const auto flags = *rc::gen::inRange<std::uint32_t>(0, 4);
  std::vector<Block> blocks;
  for (std::uint32_t t : types) blocks.push_back({t | (flags << 8), "effects.rlb", "m" + std::to_string(t)});
  const auto time_mode = *rc::gen::inRange<std::uint32_t>(0, 20);
  const ByteBuffer bytes = fxid(std::uint32_t(blocks.size()), time_mode, *rc::gen::arbitrary<float>(), blocks);
  auto fx = read_effect(bytes);
  RC_ASSERT(fx.ok());
  RC_ASSERT(fx->emitters.size() == blocks.size());
  RC_ASSERT(*write_effect(*fx) == bytes);
}

RC_GTEST_PROP(Fxid, WhatReadsWritesBackTheSameBytes, ()) {
  const auto bytes = *rc::gen::container<std::vector<std::uint8_t>>(rc::gen::arbitrary<std::uint8_t>());
  auto fx = read_effect(bytes);
  const std::vector<Diagnostic> d = check_effect(bytes);
  if (!fx) {
    RC_ASSERT(d.size() == 1u);
    RC_ASSERT(d[0].code == fx.error().rule);
    return;
  }
  RC_ASSERT(*write_effect(*fx) == bytes);
}

RC_GTEST_PROP(Explosion, WhatReadsWritesBackTheSameBytes, ()) {
  auto bytes = *rc::gen::container<std::vector<std::uint8_t>>(792, rc::gen::arbitrary<std::uint8_t>());
  auto x = read_explosion(bytes);
  RC_ASSERT(x.ok());
  RC_ASSERT(*write_explosion(*x) == bytes);
  // A fresh record (no raw bytes) of the same fields reads back the same fields.
  Explosion fresh = *x;
  fresh.raw.clear();
  for (auto& slot : fresh.slots) {
    if (slot.archive.size() >= 32) slot.archive.resize(31);
    if (slot.member.size() >= 32) slot.member.resize(31);
  }
  auto written = write_explosion(fresh);
  RC_ASSERT(written.ok());
  auto again = read_explosion(*written);
  RC_ASSERT(again.ok());
  RC_ASSERT(again->kind == x->kind);
  RC_ASSERT(again->placement == x->placement);
  RC_ASSERT(bits_of(again->damage) == bits_of(x->damage) || std::isnan(x->damage));
  for (std::size_t s = 0; s < 12; ++s) RC_ASSERT(again->slots[s].member == fresh.slots[s].member);
}

}  // namespace
}  // namespace parkan::effect
