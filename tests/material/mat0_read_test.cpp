#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "builders.hpp"
#include "parkan/material/mat0.hpp"

namespace parkan::material {
namespace {

using test::make_material;

ByteBuffer bytes_of(std::initializer_list<int> list) {
  ByteBuffer out;
  for (int v : list) out.push_back(static_cast<std::uint8_t>(v));
  return out;
}

TEST(Mat0Read, ParsesEveryFieldWithVersionPrefix) {
  // 1 phase, 1 block, attr2 = 4: metaA, metaB, metaC, metaD.
  ByteBuffer p = bytes_of({1, 0, 1, 0, 0x11, 0x22, 0, 0, 0x80, 0x3F, 4, 3, 2, 1});
  for (int i = 0; i < 18; ++i) p.push_back(static_cast<std::uint8_t>(i + 1));
  const char name[16] = {'A', '.', '0', 0, 'x', 'y'};
  p.insert(p.end(), name, name + 16);
  ByteBuffer block = bytes_of({0x0B, 0, 0, 0, 2, 0, 0, 0, 100, 0, 0xEF, 0xBE, 0, 0, 200, 0, 1, 0});
  p.insert(p.end(), block.begin(), block.end());
  auto m = read_mat0(p, {0x43, 4});
  ASSERT_TRUE(m) << m.error().to_string();
  EXPECT_EQ(m->meta_a, 0x11);
  EXPECT_EQ(m->meta_b, 0x22);
  EXPECT_EQ(m->meta_c, 0x3F800000u);
  EXPECT_EQ(m->meta_d, 0x01020304u);
  ASSERT_EQ(m->phases.size(), 1u);
  EXPECT_EQ(m->phases[0].params[17], 18);
  EXPECT_EQ(m->phases[0].texture_name(), "A.0");
  EXPECT_EQ(m->phases[0].texture_field[4], 'x');
  ASSERT_EQ(m->blocks.size(), 1u);
  EXPECT_EQ(m->blocks[0].mode(), 3u);
  EXPECT_EQ(m->blocks[0].mask(), 1u);
  ASSERT_EQ(m->blocks[0].keys.size(), 2u);
  EXPECT_EQ(m->blocks[0].keys[0], (Key{0, 100, 0xBEEF}));
  EXPECT_EQ(m->blocks[0].keys[1], (Key{0, 200, 1}));
  EXPECT_EQ(write_mat0(*m).value(), p);
}

TEST(Mat0Read, VersionPrefixDefaultsBelowTwo) {
  for (std::uint32_t attr2 : {0u, 1u}) {
    auto m = read_mat0(bytes_of({0, 0, 0, 0}), {0, attr2});
    ASSERT_TRUE(m);
    EXPECT_EQ(m->meta_a, 255);
    EXPECT_EQ(m->meta_b, 255);
    EXPECT_EQ(m->meta_c, 0x3F800000u);
    EXPECT_EQ(m->meta_d, 0u);
  }
  auto v2 = read_mat0(bytes_of({0, 0, 0, 0, 1, 2}), {0, 2});
  ASSERT_TRUE(v2);
  EXPECT_EQ(v2->meta_a, 1);
  EXPECT_EQ(v2->meta_c, 0x3F800000u);
  auto v3 = read_mat0(bytes_of({0, 0, 0, 0, 1, 2, 5, 0, 0, 0}), {0, 3});
  ASSERT_TRUE(v3);
  EXPECT_EQ(v3->meta_c, 5u);
  EXPECT_EQ(v3->meta_d, 0u);
}

TEST(Mat0Read, RuntimeFlagsFromAttr1) {
  RuntimeFlags f = decode_runtime_flags(0x01 | 0x02 | (9 << 2) | 0x40 | 0x100);
  EXPECT_EQ(f.texture_load_flags, 0x200000u);
  EXPECT_TRUE(f.flag_a);
  EXPECT_EQ(f.category, 9u);
  EXPECT_TRUE(f.flag_b);
  EXPECT_EQ(f.other_bits, 0x100u);
  RuntimeFlags none = decode_runtime_flags(0);
  EXPECT_EQ(none.texture_load_flags, 0u);
  EXPECT_FALSE(none.flag_a);
  EXPECT_FALSE(none.flag_b);
}

std::string error_of(ByteView p, std::uint32_t attr2 = 6) {
  auto m = read_mat0(p, {0, attr2});
  return m ? std::string("ok") : "[" + m.error().rule + "] " + m.error().to_string();
}

TEST(Mat0Read, StructuralErrors) {
  EXPECT_EQ(error_of(bytes_of({1, 0, 0})),
            "[mat0.header.size] MAT0 header needs 4 bytes, the payload has 3 at offset 0x0");
  EXPECT_EQ(error_of(bytes_of({0, 0, 20, 0})),
            "[mat0.header.block_count] Too many animations for material. (20 animation blocks, at most 19) at offset "
            "0x2");
  EXPECT_EQ(error_of(bytes_of({0, 0, 0, 0, 1, 2, 3})),
            "[mat0.prefix.size] version prefix of attr2 6 needs 10 bytes, 3 left at offset 0x4");
  EXPECT_EQ(error_of(bytes_of({2, 0, 0, 0, 1}), 0),
            "[mat0.phases.size] phase table (2 phases of 34 bytes) extends past the end of the payload (1 bytes left) "
            "at offset 0x4");
  EXPECT_EQ(error_of(bytes_of({0, 0, 1, 0, 1, 2, 3}), 0),
            "[mat0.block.header_size] animation block 0 header (6 bytes) extends past the end of the payload (3 bytes "
            "left) at offset 0x4");
  EXPECT_EQ(error_of(bytes_of({0, 0, 1, 0, 0, 0, 0, 0, 0xFF, 0xFF, 1, 2}), 0),
            "[mat0.block.keys_size] animation block 0 keys (65535 keys of 6 bytes) extend past the end of the payload "
            "(2 bytes left) at offset 0xa");
  EXPECT_EQ(error_of(bytes_of({0, 0, 0, 0, 9}), 0),
            "[mat0.payload.trailing] 1 trailing bytes after the last section at offset 0x4");
}

TEST(Mat0Write, CountsThePayloadCannotHold) {
  Mat0 m;
  m.phases.resize(0x10000);
  auto phases = write_mat0(m);
  ASSERT_FALSE(phases);
  EXPECT_EQ(phases.error().rule, "mat0.phases.count");
  EXPECT_EQ(phases.error().to_string(), "65536 phases, at most 65535 fit");
  m.phases.clear();
  m.blocks.resize(1);
  m.blocks[0].keys.resize(0x10000);
  auto keys = write_mat0(m);
  ASSERT_FALSE(keys);
  EXPECT_EQ(keys.error().rule, "mat0.block.key_count");
  EXPECT_EQ(keys.error().to_string(), "animation block 0 has 65536 keys, at most 65535 fit");
}

TEST(Mat0Read, NineteenBlocksIsTheLimit) {
  ByteBuffer p = bytes_of({0, 0, 19, 0});
  for (int i = 0; i < 19; ++i) p.insert(p.end(), {0, 0, 0, 0, 0, 0});
  EXPECT_EQ(error_of(p, 0), "ok");
  Mat0 m = *read_mat0(p, {0, 0});
  m.blocks.push_back({});
  EXPECT_EQ(write_mat0(m).error().to_string(), "Too many animations for material. (20 animation blocks, at most 19)");
  EXPECT_EQ(write_mat0(m).error().rule, "mat0.header.block_count");
}

RC_GTEST_PROP(Mat0Read, WriteThenReadIsIdentity, ()) {
  Mat0 m = *test::gen_mat0();
  auto bytes = write_mat0(m);
  RC_ASSERT(bytes.ok());
  auto back = read_mat0(*bytes, m.attributes);
  RC_ASSERT(back.ok());
  RC_ASSERT(*back == m);
  RC_ASSERT(bytes->size() == payload_size(m));
}

RC_GTEST_PROP(Mat0Read, ArbitraryBytesNeverCrashAndValidOnesRoundTrip, (std::vector<std::uint8_t> bytes)) {
  std::uint32_t attr2 = *rc::gen::inRange<std::uint32_t>(0, 7);
  auto m = read_mat0(bytes, {0, attr2});
  if (m) RC_ASSERT(write_mat0(*m).value() == bytes);
}

std::vector<std::string> described(const std::vector<Diagnostic>& findings) {
  std::vector<std::string> out;
  for (const Diagnostic& d : findings) out.push_back(std::string(severity_name(d.severity)) + " " + d.to_string());
  return out;
}

TEST(Mat0Check, SemanticRules) {
  Mat0 m = make_material(5, 0x3F, {{0, 100}, {7, 50}, {1, 0}}, 2);
  m.phases[1].texture_field.fill('A');
  m.phases[0].texture_field = {};
  std::memcpy(m.phases[0].texture_field.data(), "NODOT", 5);
  m.blocks.push_back({});
  std::vector<std::string> want = {
      "warning phase 0: texture name \"NODOT\" has no '.' within its first 17 characters (the engine says \"Bad "
      "texture name.\") at offset 0x20 [mat0.phase.texture_name]",
      "error phase 1: texture name has no NUL within 16 bytes at offset 0x42 [mat0.phase.texture_unterminated]",
      "warning animation block 0: unknown mode 5 (sampled as loop) at offset 0x52 [mat0.block.mode]",
      "warning animation block 0: interpolation mask 0x3f has bits the engine ignores (known 0x1f) at offset 0x52 "
      "[mat0.block.mask]",
      "error animation block 0 key 1: phase index 7 >= phase count 2 at offset 0x5e [mat0.block.key_phase]",
      "error animation block 0 key 1: end time 50 ms < previous end time 100 ms at offset 0x60 [mat0.block.key_order]",
      "error animation block 0 key 2: end time 0 ms < previous end time 50 ms at offset 0x66 [mat0.block.key_order]",
      "error animation block 0: a cycle of 0 (the last key ends at 0 ms) at offset 0x66 [mat0.block.cycle]",
      "error animation block 1 has no keys (a cycle of 0) at offset 0x6e [mat0.block.no_keys]",
  };
  EXPECT_EQ(described(check_mat0(m)), want);
  EXPECT_TRUE(check_mat0(make_material(0, 0x1F, {{0, 100}, {1, 200}})).empty());
  // Every finding is located inside the payload, not yet in a file.
  for (const Diagnostic& d : check_mat0(m)) {
    EXPECT_EQ(d.location.file, "");
    EXPECT_EQ(d.location.entry, "");
  }
}

TEST(Mat0Check, NamesInMessagesAreShownAsText) {
  Mat0 m = make_material(0, 0, {{0, 100}}, 1);
  m.phases[0].texture_field = {0xC0, '\n', 'B'};  // cp1251 and a control byte: one line, readable
  std::vector<std::string> want = {
      "warning phase 0: texture name \"\xD0\x90\\nB\" has no '.' within its first 17 characters (the engine says "
      "\"Bad texture name.\") at offset 0x20 [mat0.phase.texture_name]"};
  EXPECT_EQ(described(check_mat0(m)), want);
}

}  // namespace
}  // namespace parkan::material
