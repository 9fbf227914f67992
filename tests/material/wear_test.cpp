#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "parkan/material/wear.hpp"

namespace parkan::material {
namespace {

const std::string kWithSeparator = "2\n0 MAT_A\n1 MAT_B\n\nLIGHTMAPS\n1\n0 LM.0\n";
const std::string kNoSeparator = "2\n0 MAT_A\n1 MAT_B\nLIGHTMAPS\n1\n0 LM.0\n";
// Without the separator the buffer parser takes the first lightmap row's legacy id (2) as the count.
const std::string kCascade = "1\n0 M\nLIGHTMAPS\n2\n2 LM_A.0\n5 LM_B.0\n7 LM_C.0\n";

Wear parse(const std::string& text, WearParser p) {
  auto w = parse_wear(as_bytes(text), p);
  EXPECT_TRUE(w) << w.error().to_string();
  return w ? *w : Wear{};
}
std::string error_of(const std::string& text, WearParser p) {
  auto w = parse_wear(as_bytes(text), p);
  return w ? "ok" : w.error().to_string();
}
std::string rule_of(const std::string& text, WearParser p) {
  auto w = parse_wear(as_bytes(text), p);
  return w ? "ok" : w.error().rule;
}

const Wear kExpected = {{{0, "MAT_A"}, {1, "MAT_B"}}, true, {{0, "LM.0"}}};

TEST(WearParse, BothParsersAgreeWithTheSeparator) {
  EXPECT_EQ(parse(kWithSeparator, WearParser::file), kExpected);
  EXPECT_EQ(parse(kWithSeparator, WearParser::buffer), kExpected);
  std::string crlf = "2\r\n0 MAT_A\r\n1 MAT_B\r\n\r\nlightmaps\r\n1\r\n0 LM.0\r\n";
  EXPECT_EQ(parse(crlf, WearParser::file), kExpected);
  EXPECT_EQ(parse(crlf, WearParser::buffer), kExpected);
}

TEST(WearParse, NoLightmapsBlock) {
  Wear want = {{{10, "A"}, {20, "B"}, {30, "C"}}, false, {}};
  for (auto p : {WearParser::file, WearParser::buffer}) {
    EXPECT_EQ(parse("3\n10 A\n20 B\n30 C\n", p), want);
    EXPECT_EQ(parse("3\n10 A\n20 B\n30 C", p), want);
  }
}

TEST(WearParse, MissingSeparatorDiffers) {
  EXPECT_EQ(parse(kNoSeparator, WearParser::file), kExpected);
  EXPECT_EQ(error_of(kNoSeparator, WearParser::buffer),
            "Illegal lightmaps length. (line 6: lightmap count 0) at offset 0x1e");
  Wear file = parse(kCascade, WearParser::file);
  EXPECT_EQ(file.lightmaps, (std::vector<WearRow>{{2, "LM_A.0"}, {5, "LM_B.0"}}));
  Wear buffer = parse(kCascade, WearParser::buffer);
  EXPECT_EQ(buffer.materials, file.materials);
  EXPECT_EQ(buffer.lightmaps, (std::vector<WearRow>{{5, "LM_B.0"}, {7, "LM_C.0"}}));
}

TEST(WearParse, EngineMessages) {
  for (auto p : {WearParser::file, WearParser::buffer}) {
    EXPECT_EQ(error_of("0\n", p), "Illegal wear length. (line 1: wear count 0) at offset 0x0");
    EXPECT_EQ(error_of("\n\n-3\n", p), "Illegal wear length. (line 3: wear count -3) at offset 0x2");
    EXPECT_EQ(error_of("", p), "Illegal wear length. (line 1: no wear count) at offset 0x0");
    EXPECT_EQ(error_of("abc", p), "Illegal wear length. (line 1: no wear count) at offset 0x0");
    EXPECT_EQ(error_of("3\n0 A\n1 B\n", p),
              "line 4: material row 3 of 3: expected \"<legacy id> <name>\" at offset 0xa");
    EXPECT_EQ(error_of("1\nX A\n", p), "line 2: material row 1 of 1: expected \"<legacy id> <name>\" at offset 0x2");
    EXPECT_EQ(error_of("1\n0 A\n\nLIGHTMAPS\n0\n", p),
              "Illegal lightmaps length. (line 5: lightmap count 0) at offset 0x11");
    EXPECT_EQ(error_of("1\n0 A\n\nLIGHTMAPS\n2\n0 L.0\n", p),
              "line 7: lightmap row 2 of 2: expected \"<legacy id> <name>\" at offset 0x19");
  }
  for (auto p : {WearParser::file, WearParser::buffer}) {
    EXPECT_EQ(rule_of("0\n", p), "wear.materials.length");
    EXPECT_EQ(rule_of("abc", p), "wear.materials.length");
    EXPECT_EQ(rule_of("1\nX A\n", p), "wear.materials.row");
    EXPECT_EQ(rule_of("1\n0 A\n\nLIGHTMAPS\n0\n", p), "wear.lightmaps.length");
    EXPECT_EQ(rule_of("1\n0 A\n\nLIGHTMAPS\n2\n0 L.0\n", p), "wear.lightmaps.row");
  }
  EXPECT_EQ(error_of("1\n0 A\n\nLIGHTMAPS\n", WearParser::file),
            "Illegal lightmaps length. (line 5: no lightmap count) at offset 0x11");
  EXPECT_EQ(wear_not_found_message("Land1.wea"), "Wear <Land1.wea> doesn't exist.");
}

TEST(WearParse, HugeCountsDoNotAllocate) {
  EXPECT_EQ(error_of("2147483647\n0 A\n", WearParser::buffer),
            "line 3: material row 2 of 2147483647: expected \"<legacy id> <name>\" at offset 0xf");
}

TEST(WearParse, LegacyIdsWrapLikeTheCrt) {
  Wear w = parse("1\n4294967297 A\n", WearParser::file);
  EXPECT_EQ(w.materials[0].legacy_id, 1);
  EXPECT_EQ(parse("1\n-7 A\n", WearParser::buffer).materials[0].legacy_id, -7);
}

TEST(WearWrite, CanonicalAndLossless) {
  EXPECT_EQ(as_chars(write_wear_canonical(kExpected)), kWithSeparator);
  EXPECT_EQ(as_chars(write_wear_canonical({{{3, "X"}}, false, {}})), "1\n3 X\n");
  std::string odd = "2\r\n  0   MAT_A\r\n1 MAT_B\r\nLIGHTMAPS\r\n1\r\n0 LM.0";
  Wear w = parse(odd, WearParser::file);
  EXPECT_EQ(as_chars(write_wear(w, as_bytes(odd))), odd);
  w.materials[1].name = "MAT_C";
  EXPECT_EQ(as_chars(write_wear(w, as_bytes(odd))), "2\n0 MAT_A\n1 MAT_C\n\nLIGHTMAPS\n1\n0 LM.0\n");
}

rc::Gen<WearRow> gen_row() {
  return rc::gen::build<WearRow>(
      rc::gen::set(&WearRow::legacy_id),
      rc::gen::set(&WearRow::name,
                   rc::gen::nonEmpty(rc::gen::container<std::string>(rc::gen::inRange<char>('!', '~' + 1)))));
}

RC_GTEST_PROP(WearProperty, CanonicalTextParsesBackWithBothParsers, ()) {
  Wear w;
  w.materials = *rc::gen::nonEmpty(rc::gen::container<std::vector<WearRow>>(gen_row()));
  w.has_lightmaps = *rc::gen::arbitrary<bool>();
  if (w.has_lightmaps) w.lightmaps = *rc::gen::nonEmpty(rc::gen::container<std::vector<WearRow>>(gen_row()));
  // A name that is itself the marker would be read as the block's start; the validator reports it.
  ByteBuffer text = write_wear_canonical(w);
  for (auto p : {WearParser::file, WearParser::buffer}) {
    auto back = parse_wear(text, p);
    RC_ASSERT(back.ok());
    RC_ASSERT(*back == w);
  }
  RC_ASSERT(check_wear(text).empty());
}

RC_GTEST_PROP(WearProperty, ArbitraryTextNeverCrashes, (std::string text)) {
  (void)parse_wear(as_bytes(text), WearParser::file);
  (void)parse_wear(as_bytes(text), WearParser::buffer);
  (void)check_wear(as_bytes(text));
}

std::vector<std::string> findings(const std::string& text) {
  std::vector<std::string> out;
  for (const Diagnostic& d : check_wear(as_bytes(text)))
    out.push_back(std::string(d.severity == Severity::error ? "E " : "W ") + d.to_string());
  return out;
}

TEST(WearCheck, Rules) {
  EXPECT_TRUE(findings(kWithSeparator).empty());
  EXPECT_TRUE(findings("1\n0 A\n").empty());
  EXPECT_EQ(findings(kNoSeparator),
            (std::vector<std::string>{
                "E line 4: no blank line before LIGHTMAPS (the buffer parser misreads the block) at offset 0x12 "
                "[wear.lightmaps.separator]",
                "E the buffer parser fails: Illegal lightmaps length. (line 6: lightmap count 0) at offset 0x1e "
                "[wear.parsers.buffer]"}));
  EXPECT_EQ(findings(kCascade),
            (std::vector<std::string>{
                "E line 3: no blank line before LIGHTMAPS (the buffer parser misreads the block) at offset 0x6 "
                "[wear.lightmaps.separator]",
                "E line 7: unexpected text after the lightmap rows (the engine ignores it) at offset 0x24 "
                "[wear.lightmaps.trailing]",
                "E the file and buffer parsers of the engine read this text differently [wear.parsers.disagree]"}));
  EXPECT_EQ(findings("0\n"),
            (std::vector<std::string>{
                "E line 1: Illegal wear length. (wear count 0) at offset 0x0 [wear.materials.length]"}));
  EXPECT_EQ(findings("x\n"),
            (std::vector<std::string>{
                "E line 1: Illegal wear length. (no wear count) at offset 0x0 [wear.materials.length]"}));
  EXPECT_EQ(findings("2\n0 A\n\n1 B\n"),
            (std::vector<std::string>{
                "E line 3: material row 2 of 2: expected \"<legacy id> <name>\" at offset 0x6 [wear.materials.row]"}));
  EXPECT_EQ(findings("1 extra\n0 A extra\nB\n"),
            (std::vector<std::string>{
                "W line 1: text after the wear count is ignored at offset 0x0 [wear.materials.count_text]",
                "W line 2: text after the name is ignored at offset 0x8 [wear.materials.row_text]",
                "E line 3: unexpected text after the 1 material rows (the engine ignores it) at offset 0x12 "
                "[wear.materials.trailing]",
                // The stream parser takes "extra" for the first row's legacy id.
                "E the file parser fails: line 1: material row 1 of 1: expected \"<legacy id> <name>\" at offset "
                "0x2 [wear.parsers.file]"}));
  EXPECT_EQ(findings("1\n0 A\n\nLIGHTMAPS\n-1\n"),
            (std::vector<std::string>{
                "E line 5: Illegal lightmaps length. (lightmap count -1) at offset 0x11 [wear.lightmaps.length]"}));
  EXPECT_EQ(findings("1\n0 A\n\nLIGHTMAPS\n1 x\n0 L.0 y\n"),
            (std::vector<std::string>{
                "W line 5: text after the lightmap count is ignored at offset 0x11 [wear.lightmaps.count_text]",
                "W line 6: text after the name is ignored at offset 0x15 [wear.lightmaps.row_text]",
                "E the file parser fails: line 5: lightmap row 1 of 1: expected \"<legacy id> <name>\" at offset "
                "0x13 [wear.parsers.file]"}));
  EXPECT_EQ(findings("1\n0 A\n\nLIGHTMAPS\n2\n0 L.0\n"),
            (std::vector<std::string>{
                "E line 7: lightmap row 2 of 2: expected \"<legacy id> <name>\" at offset 0x19 [wear.lightmaps.row]"}));
}

TEST(WearCheck, TheLightmapsWordInAnyCaseAsTheParsersReadIt) {
  EXPECT_TRUE(findings("1\n0 A\n\nlightmaps\n1\n0 L.0\n").empty());
  EXPECT_TRUE(findings("1\n0 A\n\nLightMaps\n1\n0 L.0\n").empty());
  EXPECT_EQ(parse_wear(as_bytes("1\n0 A\n\nlightmaps\n1\n0 L.0\n"), WearParser::file)->lightmaps.size(), 1u);
}

TEST(WearCheck, CountsBeyond32BitsReadTheSameOnEveryPlatform) {
  // strtol would clamp at 2^31 - 1 where long is 32 bits (Windows): the message must not change.
  EXPECT_EQ(findings("3000000000\n0 A\n"),
            (std::vector<std::string>{
                "E line 3: material row 2 of 3000000000: expected \"<legacy id> <name>\" at offset 0xf "
                "[wear.materials.row]"}));
}

TEST(WearCheck, TableCount) {
  EXPECT_TRUE(check_wear_table_count(69).ok());
  EXPECT_EQ(check_wear_table_count(70).error().to_string(),
            "70 wear tables; the material manager holds 70 and tools require fewer than 70");
  EXPECT_EQ(check_wear_table_count(70).error().rule, "wear.tables.count");
}

}  // namespace
}  // namespace parkan::material
