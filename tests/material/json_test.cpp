#include <bit>
#include <map>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "builders.hpp"
#include "parkan/core/json_text.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/mat0.hpp"

namespace parkan::material {
namespace {

using nlohmann::json;

// Through text, as a file would carry it.
json through_text(const json& doc) {
  auto parsed = parse_json_text(doc.dump(2));
  if (!parsed) throw std::runtime_error(parsed.error().to_string() + " in " + doc.dump());
  return *parsed;
}

RC_GTEST_PROP(Mat0Json, DumpThenBuildIsByteIdentical, ()) {
  Mat0 m = *test::gen_mat0();
  ByteBuffer bytes = write_mat0(m).value();
  Mat0 read = read_mat0(bytes, m.attributes).value();
  auto back = mat0_from_json(through_text(mat0_to_json(read)));
  RC_ASSERT(back.ok());
  RC_ASSERT(*back == read);
  RC_ASSERT(write_mat0(*back).value() == bytes);
}

// A dump rewritten in the earlier text form's names (docs/formats/mat0.md 7.2), by hand.
json to_older_form(json doc) {
  for (json& phase : doc["phases"]) {
    phase["additive_rgb"] = phase["ambient"];
    phase["opacity"] = phase["ambient_alpha"];
    phase["directional"] = phase["diffuse"];
    phase["directional"].push_back(phase["diffuse_alpha_unused"]);
    phase["specular"].push_back(phase["specular_alpha_unused"]);
    phase["extra"] = phase["emissive"];
    phase["power"] = phase["power_log2"];
    phase["page"] = phase["page_cell"];
    for (const char* key : {"ambient", "ambient_alpha", "diffuse", "diffuse_alpha_unused", "specular_alpha_unused",
                            "emissive", "power_log2", "page_cell"})
      phase.erase(key);
  }
  if (doc.contains("prefix")) {
    json& prefix = doc["prefix"];
    for (const auto& [now, before] : std::vector<std::pair<std::string, std::string>>{
             {"ground_class", "meta_a"}, {"speed_factor", "meta_c"}, {"speed_factor_bits", "meta_c_bits"},
             {"damage_rate", "meta_d"}})
      if (prefix.contains(now)) {
        prefix[before] = prefix[now];
        prefix.erase(now);
      }
  }
  const std::map<std::string, std::string> groups = {{"ambient", "additive_rgb"},
                                                     {"diffuse", "directional[0..2]"},
                                                     {"specular", "specular[0..2]"},
                                                     {"emissive[0..2]", "extra[0..2]"},
                                                     {"ambient_alpha", "opacity"}};
  for (json& block : doc["blocks"])
    for (json& name : block["interpolate"]) name = groups.at(name.get<std::string>());
  return doc;
}

RC_GTEST_PROP(Mat0Json, TheEarlierNamesBuildTheSameBytes, ()) {
  Mat0 m = *test::gen_mat0();
  ByteBuffer bytes = write_mat0(m).value();
  const json older = to_older_form(mat0_to_json(m));
  RC_ASSERT(older.dump().find("ambient") == std::string::npos);
  auto back = mat0_from_json(through_text(older));
  RC_ASSERT(back.ok());
  RC_ASSERT(write_mat0(*back).value() == bytes);
}

// Every value the text form shows is read by build. Changing any one leaf of a dump either
// changes the material or is refused; it is never silently ignored.
RC_GTEST_PROP(Mat0Json, NoShownValueIsIgnored, ()) {
  Mat0 m = *test::gen_mat0();
  // Every kind of value, a few of each (each leaf costs a whole build).
  m.phases.resize(std::min<std::size_t>(m.phases.size(), 4));
  m.blocks.resize(std::min<std::size_t>(m.blocks.size(), 3));
  for (AnimBlock& b : m.blocks) b.keys.resize(std::min<std::size_t>(b.keys.size(), 3));
  json doc = mat0_to_json(m);
  RC_ASSERT(mat0_from_json(doc).value() == m);
  json flat = doc.flatten();
  for (auto it = flat.begin(); it != flat.end(); ++it) {
    json& leaf = doc[json::json_pointer(it.key())];
    const json saved = leaf;
    if (leaf.is_boolean())
      leaf = !leaf.get<bool>();
    else if (leaf.is_number_float())
      leaf = leaf.get<double>() * 2 + 1;
    else if (leaf.is_number_integer())
      leaf = leaf.get<std::int64_t>() == 0 ? 1 : leaf.get<std::int64_t>() - 1;
    else if (leaf.is_string())
      leaf = leaf.get<std::string>() + "X";
    else
      continue;  // null: an empty array or object
    auto back = mat0_from_json(doc);
    const bool read_or_refused = !back.ok() || !(*back == m);  // (RC_ASSERT would not short-circuit)
    RC_ASSERT(read_or_refused);
    leaf = saved;
  }
}

TEST(Mat0Json, FloatBitPatternsRoundTrip) {
  Mat0 m = test::make_material(0, 0, {{0, 100}}, 1);
  for (std::uint32_t bits :
       {0x3F800000u, 0x80000000u, 0x00000000u, 0x00000001u, 0x807FFFFFu, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F800000u,
        0xFF800000u, 0x7FC00000u, 0x7FC00001u, 0x7F800001u, 0xFFFFFFFFu, 0x3DCCCCCDu}) {
    m.meta_c = bits;
    json doc = mat0_to_json(m);
    float value = std::bit_cast<float>(bits);
    if (std::isfinite(value)) {
      EXPECT_TRUE(doc["prefix"]["speed_factor"].is_number_float()) << std::hex << bits;
      EXPECT_FALSE(doc["prefix"].contains("speed_factor_bits"));
    } else {
      EXPECT_FALSE(doc["prefix"].contains("speed_factor")) << std::hex << bits;
      EXPECT_EQ(doc["prefix"]["speed_factor_bits"], bits);
    }
    EXPECT_EQ(mat0_from_json(through_text(doc)).value().meta_c, bits) << std::hex << bits;
  }
  m.meta_c = 0x3DCCCCCDu;  // 0.1f
  EXPECT_EQ(mat0_to_json(m)["prefix"].dump(),
            R"({"damage_rate":7,"ground_class":10,"meta_b":20,"speed_factor":0.1})");
  m.meta_c = 0x80000000u;
  EXPECT_EQ(mat0_to_json(m)["prefix"]["speed_factor"].dump(), "-0.0");
}

TEST(Mat0Json, EachValueOnceInTheFormAPersonEdits) {
  Mat0 m = test::make_material(1, 0x11, {{0, 100}, {1, 200}}, 2);
  m.attributes.attr1 = 0x01 | (1 << 2) | 0x100;
  m.phases[1].params[3] = 50;
  m.phases[1].params[17] = 0xFE;
  json j = mat0_to_json(m);
  EXPECT_EQ(j.dump(),
            R"({"attr2":6,"blocks":[{"interpolate":["ambient","ambient_alpha"],"keys":[)"
            R"({"end_time":100,"k2":23102,"phase":0},{"end_time":200,"k2":23186,"phase":1}],"mode":"ping-pong"}],)"
            R"("format":"MAT0","phases":[)"
            R"({"ambient":[0,1,2],"ambient_alpha":3,"diffuse":[4,5,6],"diffuse_alpha_unused":7,)"
            R"("emissive":[12,13,14,15],"page_cell":17,"power_log2":16,"specular":[8,9,10],)"
            R"("specular_alpha_unused":11,"texture":"TEX0.0"},)"
            R"({"ambient":[40,41,42],"ambient_alpha":50,"diffuse":[44,45,46],"diffuse_alpha_unused":47,)"
            R"("emissive":[52,53,54,55],"page_cell":-2,"power_log2":56,"specular":[48,49,50],)"
            R"("specular_alpha_unused":51,"texture":"TEX1.0"}],)"
            R"("prefix":{"damage_rate":7,"ground_class":10,"meta_b":20,"speed_factor":2.0},)"
            R"("runtime_flags":{"flag_a":false,"flag_b":false,"other_bits":256,"pipeline":"SRC_ALPHA/INV_SRC_ALPHA",)"
            R"("texture_flag":true}})");
  m.attributes.attr1 = 5 << 2;
  EXPECT_EQ(mat0_to_json(m)["runtime_flags"]["pipeline"], 5);  // no pipeline row: the category number
  for (std::uint32_t c = 0; c < 5; ++c) {
    m.attributes.attr1 = c << 2;
    const char* names[] = {"ONE/ZERO", "SRC_ALPHA/INV_SRC_ALPHA", "SRC_ALPHA/ONE", "ZERO/SRC_COLOR",
                           "DEST_COLOR/SRC_COLOR"};
    EXPECT_EQ(mat0_to_json(m)["runtime_flags"]["pipeline"], names[c]);
  }
  // Unknown modes and mask bits the readable form lacks: the raw value for that value only.
  m.blocks[0].header_raw = 6 | (0x25 << 3);
  json b = mat0_to_json(m)["blocks"][0];
  EXPECT_EQ(b["mode"], 6);
  EXPECT_EQ(b["interpolate"].dump(), R"(["ambient","specular"])");
  EXPECT_EQ(b["mask"], 0x25);
  EXPECT_FALSE(mat0_to_json(test::make_material(0, 0x1F, {{0, 1}}))["blocks"][0].contains("mask"));
  // The prefix holds what the version stores.
  m.attributes.attr2 = 3;
  EXPECT_EQ(mat0_to_json(m)["prefix"].dump(), R"({"ground_class":10,"meta_b":20,"speed_factor":2.0})");
  m.attributes.attr2 = 1;
  EXPECT_FALSE(mat0_to_json(m).contains("prefix"));
}

TEST(Mat0Json, TextureFieldOnlyWhenTheNameCannotHoldIt) {
  Mat0 m = test::make_material(0, 0, {{0, 100}}, 1);
  EXPECT_FALSE(mat0_to_json(m)["phases"][0].contains("texture_field"));
  m.phases[0].texture_field[10] = 'Z';  // a byte after the NUL
  json j = mat0_to_json(m);
  EXPECT_EQ(j["phases"][0]["texture"], "TEX0.0");
  EXPECT_EQ(j["phases"][0]["texture_field"], "544558302e30000000005a0000000000");
  EXPECT_EQ(mat0_from_json(j)->phases[0].texture_field[10], 'Z');
  m.phases[0].texture_field.fill('A');  // no NUL
  j = mat0_to_json(m);
  EXPECT_FALSE(j["phases"][0].contains("texture"));
  EXPECT_EQ(j["phases"][0]["texture_field"], "41414141414141414141414141414141");
  m.phases[0].texture_field = {'A', 0x98, '.', '0'};  // 0x98 is not a cp1251 character
  j = mat0_to_json(m);
  EXPECT_FALSE(j["phases"][0].contains("texture"));
  EXPECT_EQ(mat0_from_json(j)->phases[0].texture_field, m.phases[0].texture_field);
  m.phases[0].texture_field = {0xC0, '.', '0'};  // Cyrillic A
  j = mat0_to_json(m);
  EXPECT_EQ(j["phases"][0]["texture"], "\xD0\x90.0");
  EXPECT_FALSE(j["phases"][0].contains("texture_field"));
}

// The fields a person edits are the ones build reads.
TEST(Mat0Json, EditsByMeaningReachTheBytes) {
  Mat0 m = test::make_material(0, 0x01, {{0, 100}}, 2);
  json j = mat0_to_json(m);
  j["phases"][1]["ambient"] = {255, 0, 7};
  j["phases"][1]["ambient_alpha"] = 100;
  j["phases"][1]["diffuse_alpha_unused"] = 9;
  j["phases"][1]["specular"][0] = 1;
  j["phases"][1]["emissive"][2] = 2;
  j["phases"][1]["power_log2"] = 3;
  j["phases"][1]["page_cell"] = -1;
  j["phases"][1]["texture"] = "NEW.0";
  j["runtime_flags"] = {{"texture_flag", false},
                        {"flag_a", true},
                        {"pipeline", "ZERO/SRC_COLOR"},
                        {"flag_b", true},
                        {"other_bits", 0x80}};
  j["prefix"]["speed_factor"] = 0.5;
  j["prefix"]["ground_class"] = 1;
  j["blocks"][0]["mode"] = "one-shot";
  j["blocks"][0]["interpolate"] = {"ambient_alpha", "emissive[0..2]"};
  j["blocks"][0]["keys"][0]["end_time"] = 250;
  Mat0 e = mat0_from_json(through_text(j)).value();
  std::array<std::uint8_t, kParamCount> want = {255, 0, 7, 100, 44, 45, 46, 9, 1, 49, 50, 51, 52, 53, 2, 55, 3, 0xFF};
  EXPECT_EQ(e.phases[1].params, want);
  EXPECT_EQ(e.phases[1].texture_name(), "NEW.0");
  EXPECT_EQ(e.phases[0], m.phases[0]);
  EXPECT_EQ(e.attributes.attr1, 0x02u | (3u << 2) | 0x40u | 0x80u);
  EXPECT_EQ(e.meta_c, 0x3F000000u);
  EXPECT_EQ(e.meta_a, 1);
  EXPECT_EQ(e.blocks[0].mode(), 2u);
  EXPECT_EQ(e.blocks[0].mask(), 0x18u);
  EXPECT_EQ(e.blocks[0].keys[0].end_time, 250);
  // Numbers are accepted where a name is shown.
  j["blocks"][0]["mode"] = 3;
  j["runtime_flags"]["pipeline"] = 12;
  e = mat0_from_json(j).value();
  EXPECT_EQ(e.blocks[0].mode(), 3u);
  EXPECT_EQ((e.attributes.attr1 >> 2) & 0xF, 12u);
  // The raw forms are accepted alone too.
  json raw = mat0_to_json(m);
  raw.erase("runtime_flags");
  raw["attr1"] = 0x45;
  for (const char* key : {"ambient", "ambient_alpha", "diffuse", "diffuse_alpha_unused", "specular",
                          "specular_alpha_unused", "emissive", "power_log2", "page_cell"})
    raw["phases"][0].erase(key);
  raw["phases"][0]["params"] = std::vector<int>(18, 7);
  raw["blocks"][0].erase("interpolate");
  raw["blocks"][0]["mask"] = 0x1234;
  e = mat0_from_json(raw).value();
  EXPECT_EQ(e.attributes.attr1, 0x45u);
  EXPECT_EQ(e.phases[0].params,
            (std::array<std::uint8_t, kParamCount>{7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7}));
  EXPECT_EQ(e.blocks[0].mask(), 0x1234u);
}

// The earlier text form (generic names: additive_rgb, opacity, directional, specular of four, extra,
// power, page; meta_a..meta_d) still builds, to the same bytes as the D3DMATERIAL7 names
// (docs/formats/mat0.md 4.1). Expected bytes written out by hand from the layout of docs/formats/mat0.md 3.
TEST(Mat0Json, OlderNamesBuildTheSameBytesAsTheNewOnes) {
  const json older = json::parse(R"({"format": "MAT0", "attr2": 6,
    "runtime_flags": {"texture_flag": false, "flag_a": false, "pipeline": "ONE/ZERO", "flag_b": false,
                      "other_bits": 0},
    "prefix": {"meta_a": 3, "meta_b": 255, "meta_c": 0.5, "meta_d": 1000},
    "phases": [{"texture": "A.0", "additive_rgb": [1, 2, 3], "opacity": 100, "directional": [4, 5, 6, 7],
                "specular": [8, 9, 10, 11], "extra": [12, 13, 14, 15], "power": 4, "page": -1}],
    "blocks": [{"mode": "loop", "interpolate": ["additive_rgb", "directional[0..2]", "specular[0..2]",
                                                "extra[0..2]", "opacity"],
                "keys": [{"phase": 0, "end_time": 500}]}]})");
  const json newer = json::parse(R"({"format": "MAT0", "attr2": 6,
    "runtime_flags": {"texture_flag": false, "flag_a": false, "pipeline": "ONE/ZERO", "flag_b": false,
                      "other_bits": 0},
    "prefix": {"ground_class": 3, "meta_b": 255, "speed_factor": 0.5, "damage_rate": 1000},
    "phases": [{"texture": "A.0", "ambient": [1, 2, 3], "ambient_alpha": 100, "diffuse": [4, 5, 6],
                "diffuse_alpha_unused": 7, "specular": [8, 9, 10], "specular_alpha_unused": 11,
                "emissive": [12, 13, 14, 15], "power_log2": 4, "page_cell": -1}],
    "blocks": [{"mode": "loop", "interpolate": ["ambient", "diffuse", "specular", "emissive[0..2]",
                                                "ambient_alpha"],
                "keys": [{"phase": 0, "end_time": 500}]}]})");
  const ByteBuffer expected = {
      0x01, 0x00, 0x01, 0x00,                          // 1 phase, 1 animation block
      0x03, 0xFF,                                      // ground class 3, metaB 0xFF
      0x00, 0x00, 0x00, 0x3F,                          // speed factor 0.5f
      0xE8, 0x03, 0x00, 0x00,                          // damage rate 1000 per second
      1, 2, 3, 100, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 4, 0xFF,  // p0..p17
      'A', '.', '0', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,            // texture
      0xF8, 0x00, 0x00, 0x00, 0x01, 0x00,              // mode 0 | mask 0x1F << 3, one key
      0x00, 0x00, 0xF4, 0x01, 0x00, 0x00};             // phase 0, end 500 ms, k2 0
  auto from_older = mat0_from_json(older);
  auto from_newer = mat0_from_json(newer);
  ASSERT_TRUE(from_older.ok()) << from_older.error().to_string();
  ASSERT_TRUE(from_newer.ok()) << from_newer.error().to_string();
  EXPECT_EQ(write_mat0(*from_older).value(), expected);
  EXPECT_EQ(write_mat0(*from_newer).value(), expected);
  // dump prints the new names only.
  const json dumped = mat0_to_json(*from_older);
  EXPECT_EQ(dumped["phases"][0].dump(),
            R"({"ambient":[1,2,3],"ambient_alpha":100,"diffuse":[4,5,6],"diffuse_alpha_unused":7,)"
            R"("emissive":[12,13,14,15],"page_cell":-1,"power_log2":4,"specular":[8,9,10],)"
            R"("specular_alpha_unused":11,"texture":"A.0"})");
  EXPECT_EQ(dumped["prefix"].dump(), R"({"damage_rate":1000,"ground_class":3,"meta_b":255,"speed_factor":0.5})");
  EXPECT_EQ(dumped["blocks"][0]["interpolate"].dump(),
            R"(["ambient","diffuse","specular","emissive[0..2]","ambient_alpha"])");

  // Old and new names side by side: they must agree.
  json both = newer;
  both["phases"][0]["opacity"] = 100;
  both["prefix"]["meta_a"] = 3;
  EXPECT_EQ(write_mat0(mat0_from_json(both).value()).value(), expected);
  both["phases"][0]["opacity"] = 99;
  auto conflict = mat0_from_json(both);
  ASSERT_FALSE(conflict.ok());
  EXPECT_EQ(conflict.error().rule, "mat0.text.conflict");
  EXPECT_EQ(conflict.error().to_string(),
            "phases[0].opacity: 99 disagrees with phases[0].ambient_alpha = 100; give one of them");
  both["phases"][0]["opacity"] = 100;
  both["prefix"]["meta_a"] = 4;
  conflict = mat0_from_json(both);
  ASSERT_FALSE(conflict.ok());
  EXPECT_EQ(conflict.error().to_string(), "prefix.meta_a: 4 disagrees with prefix.ground_class = 3; give one of them");
  // The older four-byte specular sets p11 too.
  json four = newer;
  four["phases"][0].erase("specular_alpha_unused");
  four["phases"][0]["specular"] = {8, 9, 10, 11};
  EXPECT_EQ(write_mat0(mat0_from_json(four).value()).value(), expected);
}

struct Failure {
  std::string code;
  std::string text;
};
Failure failure(const json& doc) {
  auto r = mat0_from_json(doc);
  if (r) return {"ok", "ok"};
  return {r.error().rule, r.error().to_string()};
}
#define EXPECT_FAILS(doc, want_code, want_text) \
  do {                                          \
    Failure f_ = failure(doc);                  \
    EXPECT_EQ(f_.code, want_code);              \
    EXPECT_EQ(f_.text, want_text);              \
  } while (0)

TEST(Mat0Json, TwoFormsThatDisagreeAreAnError) {
  Mat0 m = test::make_material(0, 0x01, {{0, 100}}, 1);
  m.phases[0].texture_field[12] = 1;
  const json j = mat0_to_json(m);
  json k = j;
  k["phases"][0]["texture"] = "NEW.0";
  EXPECT_FAILS(k, "mat0.text.conflict",
               "phases[0].texture: \"NEW.0\" disagrees with phases[0].texture_field, which holds \"TEX0.0\"; "
               "remove texture_field to store the new name zero-filled");
  k.erase("phases");
  k["phases"] = j["phases"];
  k["phases"][0].erase("texture_field");
  k["phases"][0]["texture"] = "NEW.0";
  EXPECT_EQ(mat0_from_json(k)->phases[0].texture_name(), "NEW.0");

  k = j;
  k["phases"][0]["params"] = std::vector<int>(18, 0);
  k["phases"][0]["ambient"] = {0, 9, 2};
  EXPECT_FAILS(k, "mat0.text.conflict",
               "phases[0].ambient[1]: 9 disagrees with phases[0].params[1] = 0; give one of them");
  k = j;
  std::vector<int> params;
  for (int i = 0; i < 18; ++i) params.push_back(i);
  k["phases"][0]["params"] = params;  // agrees with every named byte
  EXPECT_EQ(mat0_from_json(k)->phases[0], m.phases[0]);
  k["phases"][0]["page_cell"] = -3;
  EXPECT_FAILS(k, "mat0.text.conflict",
               "phases[0].page_cell: -3 disagrees with phases[0].params[17] = 17; give one of them");

  k = j;
  k["attr1"] = 0x10;
  EXPECT_FAILS(k, "mat0.text.conflict",
               "runtime_flags: these flags make attr1 0x5, which disagrees with attr1 = 0x10; give one of them");
  k["attr1"] = 5;
  EXPECT_EQ(mat0_from_json(k)->attributes.attr1, 5u);

  k = j;
  k["prefix"]["speed_factor_bits"] = 0x40000001;
  EXPECT_FAILS(k, "mat0.text.conflict",
               "prefix.speed_factor: 2.0 (bits 0x40000000) disagrees with prefix.speed_factor_bits = 0x40000001; "
               "give one of them");
  k["prefix"]["speed_factor_bits"] = 0x40000000;
  EXPECT_EQ(mat0_from_json(k)->meta_c, 0x40000000u);
  k["prefix"]["speed_factor"] = -0.0;
  k["prefix"]["speed_factor_bits"] = 0;
  EXPECT_FAILS(k, "mat0.text.conflict",
               "prefix.speed_factor: -0.0 (bits 0x80000000) disagrees with prefix.speed_factor_bits = 0x00000000; "
               "give one of them");

  k = j;
  k["blocks"][0]["mask"] = 0x21;
  k["blocks"][0]["interpolate"] = {"ambient_alpha"};
  EXPECT_FAILS(k, "mat0.text.conflict",
               "blocks[0].interpolate: [\"ambient_alpha\"] disagrees with blocks[0].mask = 0x21 (known bits 0x1, "
               "these groups 0x10); give one of them");
  k["blocks"][0]["interpolate"] = {"ambient"};
  EXPECT_EQ(mat0_from_json(k)->blocks[0].mask(), 0x21u);
}

TEST(Mat0Json, NothingIsIgnored) {
  const json j = mat0_to_json(test::make_material(0, 0, {{0, 100}}, 1));
  json k = j;
  k["phases"][0]["decoded"] = {{"ambient", {1.0, 0.5, 0.0}}};  // the old display-only form
  EXPECT_FAILS(k, "mat0.text.unknown_field",
               "phases[0].decoded: unknown field (the MAT0 text form has no such field; build would ignore it)");
  k = j;
  k["pipeline"] = {{"src", "ONE"}};
  EXPECT_FAILS(k, "mat0.text.unknown_field",
               "pipeline: unknown field (the MAT0 text form has no such field; build would ignore it)");
  k = j;
  k["blocks"][0]["keys"][0]["end"] = 5;
  EXPECT_FAILS(k, "mat0.text.unknown_field",
               "blocks[0].keys[0].end: unknown field (the MAT0 text form has no such field; build would ignore it)");
  k = j;
  k["runtime_flags"]["category"] = 1;
  EXPECT_FAILS(k, "mat0.text.unknown_field",
               "runtime_flags.category: unknown field (the MAT0 text form has no such field; build would ignore it)");
  k = j;
  k["prefix"]["stored_bytes"] = 10;
  EXPECT_FAILS(k, "mat0.text.unknown_field",
               "prefix.stored_bytes: unknown field (the MAT0 text form has no such field; build would ignore it)");
  k = j;
  k["name"] = "GLASS";
  EXPECT_FAILS(k, "mat0.text.unknown_field",
               "name: unknown field (the MAT0 text form has no such field; build would ignore it)");
  // A value the payload version cannot store.
  k = j;
  k["attr2"] = 2;
  EXPECT_FAILS(k, "mat0.text.not_stored",
               "prefix.damage_rate: payload version 2 (attr2) does not store damage_rate (versions 4 and up do); "
               "remove it or raise attr2");
  k["prefix"]["damage_rate"] = 0;  // the default: nothing is lost
  EXPECT_FAILS(k, "mat0.text.not_stored",
               "prefix.speed_factor: payload version 2 (attr2) does not store speed_factor (versions 3 and up do); "
               "remove it or raise attr2");
  k["prefix"].erase("speed_factor");
  k["prefix"]["speed_factor_bits"] = 0x3F800000;
  EXPECT_EQ(failure(k).code, "ok");
  k["attr2"] = 1;
  EXPECT_FAILS(k, "mat0.text.not_stored",
               "prefix.ground_class: payload version 1 (attr2) does not store ground_class (versions 2 and up do); "
               "remove it or raise attr2");
  // Missing prefix values are the engine's defaults.
  k = j;
  k.erase("prefix");
  Mat0 d = mat0_from_json(k).value();
  EXPECT_EQ(d.meta_a, kDefaultMetaA);
  EXPECT_EQ(d.meta_c, kDefaultMetaC);
  EXPECT_EQ(d.meta_d, kDefaultMetaD);
}

TEST(Mat0Json, ErrorsNameThePathAndTheRule) {
  const json j = mat0_to_json(test::make_material(0, 0, {{0, 100}}, 1));
  json k = j;
  k["phases"][0]["ambient"][2] = 256;
  EXPECT_FAILS(k, "mat0.text.value", "phases[0].ambient[2]: expected an integer 0..255");
  k = j;
  k["phases"][0]["diffuse"].erase(0);
  EXPECT_FAILS(k, "mat0.text.value", "phases[0].diffuse: expected 3 integers 0..255");
  k = j;
  k["phases"][0]["specular"] = {1, 2};
  EXPECT_FAILS(k, "mat0.text.value", "phases[0].specular: expected 3 integers 0..255");
  k = j;
  k["phases"][0]["page_cell"] = 128;
  EXPECT_FAILS(k, "mat0.text.value", "phases[0].page_cell: expected an integer -128..127");
  k = j;
  k["phases"][0]["ambient_alpha"] = 0.5;
  EXPECT_FAILS(k, "mat0.text.value", "phases[0].ambient_alpha: expected an integer 0..255");
  k = j;
  k["phases"][0].erase("specular");
  EXPECT_FAILS(k, "mat0.text.missing", "phases[0].specular: missing");
  k = j;
  k["phases"][0].erase("texture");
  EXPECT_FAILS(k, "mat0.text.missing", "phases[0].texture: missing");
  k = j;
  k["phases"][0]["params"] = {1, 2};
  EXPECT_FAILS(k, "mat0.text.value", "phases[0].params: expected 18 integers");
  k = j;
  k["phases"][0]["texture"] = "A_VERY_LONG_NAME.0";
  EXPECT_FAILS(k, "mat0.text.texture",
               "phases[0].texture: \"A_VERY_LONG_NAME.0\" is 18 bytes; at most 15 fit with the NUL");
  k["phases"][0]["texture"] = "\xE2\x82\xAC\xE2\x98\x83";  // the euro sign is in cp1251, the snowman is not
  EXPECT_FAILS(k, "mat0.text.texture",
               "phases[0].texture: \"\xE2\x82\xAC\xE2\x98\x83\" has a character cp1251 cannot hold");
  k = j;
  k["phases"][0]["texture_field"] = "00";
  EXPECT_FAILS(k, "mat0.text.value", "phases[0].texture_field: expected 32 hex digits");
  k = j;
  k["blocks"][0]["keys"][0]["end_time"] = -1;
  EXPECT_FAILS(k, "mat0.text.value", "blocks[0].keys[0].end_time: expected an integer 0..65535");
  k = j;
  k["blocks"][0]["mode"] = "bounce";
  EXPECT_FAILS(k, "mat0.text.value",
               "blocks[0].mode: expected \"loop\", \"ping-pong\", \"one-shot\" or \"random\", or a number 0..7");
  k["blocks"][0]["mode"] = 8;
  EXPECT_FAILS(k, "mat0.text.value",
               "blocks[0].mode: expected \"loop\", \"ping-pong\", \"one-shot\" or \"random\", or a number 0..7");
  k = j;
  k["blocks"][0]["interpolate"] = {"p0..p2"};
  EXPECT_FAILS(k, "mat0.text.value",
               "blocks[0].interpolate[0]: expected \"ambient\", \"diffuse\", \"specular\", \"emissive[0..2]\" or "
               "\"ambient_alpha\"");
  k["blocks"][0].erase("interpolate");
  EXPECT_FAILS(k, "mat0.text.missing", "blocks[0].interpolate: missing");
  k = j;
  k["runtime_flags"]["pipeline"] = "SRC_ALPHA/ZERO";
  EXPECT_FAILS(k, "mat0.text.value",
               "runtime_flags.pipeline: expected \"ONE/ZERO\", \"SRC_ALPHA/INV_SRC_ALPHA\", \"SRC_ALPHA/ONE\", "
               "\"ZERO/SRC_COLOR\" or \"DEST_COLOR/SRC_COLOR\", or a number 0..15");
  k = j;
  k["runtime_flags"]["flag_a"] = 1;
  EXPECT_FAILS(k, "mat0.text.value", "runtime_flags.flag_a: expected true or false");
  k = j;
  k["runtime_flags"]["other_bits"] = 0x81;
  EXPECT_FAILS(k, "mat0.text.value",
               "runtime_flags.other_bits: 129 has bits 0..6 set; other_bits holds bits 7..31 only (a multiple of "
               "128)");
  k = j;
  k.erase("runtime_flags");
  EXPECT_FAILS(k, "mat0.text.missing", "runtime_flags: missing");
  k = j;
  k["prefix"]["speed_factor"] = 1e39;
  EXPECT_FAILS(k, "mat0.text.value",
               "prefix.speed_factor: expected a number in the float range (NaN and infinities are given as "
               "speed_factor_bits)");
  k = j;
  k.erase("attr2");
  EXPECT_FAILS(k, "mat0.text.missing", "attr2: missing");
  k = j;
  k["blocks"] = json::array();
  for (int i = 0; i < 20; ++i) k["blocks"].push_back(j["blocks"][0]);
  EXPECT_FAILS(k, "mat0.header.block_count",
               "blocks: Too many animations for material. (20 animation blocks, at most 19)");
  EXPECT_FAILS(json::array(), "mat0.text.format", "the MAT0 text form must be a JSON object");
  k = j;
  k["format"] = "Texm";
  EXPECT_FAILS(k, "mat0.text.format", "format: expected \"MAT0\"");
}

TEST(Mat0Json, RecordAndSampleShapes) {
  Phase p = test::make_phase(0, "T.0");
  json r = record_to_json(to_record(p), p.texture_name());
  EXPECT_EQ(r["f"].size(), 16u);
  EXPECT_EQ(r["f"][7].get<double>(), 0.03);
  EXPECT_EQ(r["u16"], 16);
  EXPECT_EQ(r["i18"], 17);
  EXPECT_EQ(r["texture"], "T.0");
  EXPECT_EQ(r.size(), 4u);
  json s = sample_to_json({2, 3, 0.25f}, 1000, to_record(p), "T.0");
  EXPECT_EQ(s["key"], 2);
  EXPECT_EQ(s["next"], 3);
  EXPECT_EQ(s["alpha"].get<double>(), 0.25);
  EXPECT_EQ(s["start_time"], 1000);
  EXPECT_EQ(s["phase"], r);
}

// The text form (mat0 dump without --json, docs/cli.md 3.8): two-space indentation, an array of numbers
// on one line, objects and arrays of objects and of names one item a line; still JSON, the same document.
TEST(Mat0Json, TextFormPutsAnArrayOfNumbersOnOneLine) {
  const ByteBuffer payload = {
      0x01, 0x00, 0x01, 0x00, 0x03, 0xFF, 0x00, 0x00, 0x00, 0x3F, 0xE8, 0x03, 0x00, 0x00,  // docs/formats/mat0.md 3
      1, 2, 3, 100, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 4, 0xFF,
      'A', '.', '0', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0xF8, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0xF4, 0x01, 0x00, 0x00};
  const Mat0 mat = read_mat0(payload, Mat0Attributes{0, 6}).value();
  const json doc = mat0_to_json(mat);
  const std::string text = mat0_text(doc);
  EXPECT_EQ(text,
            "{\n"
            "  \"attr2\": 6,\n"
            "  \"blocks\": [\n"
            "    {\n"
            "      \"interpolate\": [\n"
            "        \"ambient\",\n"
            "        \"diffuse\",\n"
            "        \"specular\",\n"
            "        \"emissive[0..2]\",\n"
            "        \"ambient_alpha\"\n"
            "      ],\n"
            "      \"keys\": [\n"
            "        {\n"
            "          \"end_time\": 500,\n"
            "          \"k2\": 0,\n"
            "          \"phase\": 0\n"
            "        }\n"
            "      ],\n"
            "      \"mode\": \"loop\"\n"
            "    }\n"
            "  ],\n"
            "  \"format\": \"MAT0\",\n"
            "  \"phases\": [\n"
            "    {\n"
            "      \"ambient\": [1, 2, 3],\n"
            "      \"ambient_alpha\": 100,\n"
            "      \"diffuse\": [4, 5, 6],\n"
            "      \"diffuse_alpha_unused\": 7,\n"
            "      \"emissive\": [12, 13, 14, 15],\n"
            "      \"page_cell\": -1,\n"
            "      \"power_log2\": 4,\n"
            "      \"specular\": [8, 9, 10],\n"
            "      \"specular_alpha_unused\": 11,\n"
            "      \"texture\": \"A.0\"\n"
            "    }\n"
            "  ],\n"
            "  \"prefix\": {\n"
            "    \"damage_rate\": 1000,\n"
            "    \"ground_class\": 3,\n"
            "    \"meta_b\": 255,\n"
            "    \"speed_factor\": 0.5\n"
            "  },\n"
            "  \"runtime_flags\": {\n"
            "    \"flag_a\": false,\n"
            "    \"flag_b\": false,\n"
            "    \"other_bits\": 0,\n"
            "    \"pipeline\": \"ONE/ZERO\",\n"
            "    \"texture_flag\": false\n"
            "  }\n"
            "}");
  auto parsed = parse_json_text(text);
  ASSERT_TRUE(parsed) << parsed.error().to_string();
  EXPECT_EQ(*parsed, doc);
  EXPECT_EQ(write_mat0(mat0_from_json(*parsed).value()).value(), payload);
  // Empty arrays and objects, negative and fractional numbers.
  EXPECT_EQ(mat0_text(json::parse(R"({"a": [], "b": {}, "c": [0.5, -1], "d": [[1, 2], [3]]})")),
            "{\n  \"a\": [],\n  \"b\": {},\n  \"c\": [0.5, -1],\n  \"d\": [\n    [1, 2],\n    [3]\n  ]\n}");
}

RC_GTEST_PROP(Mat0Json, TextFormParsesBackToTheSameDocument, ()) {
  Mat0 m = *test::gen_mat0();
  const json doc = mat0_to_json(m);
  auto parsed = parse_json_text(mat0_text(doc));
  RC_ASSERT(parsed.ok());
  RC_ASSERT(*parsed == doc);
}

}  // namespace
}  // namespace parkan::material
