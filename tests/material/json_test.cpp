#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "builders.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/mat0.hpp"

namespace parkan::material {
namespace {

using nlohmann::json;

RC_GTEST_PROP(Mat0Json, DumpThenBuildIsByteIdentical, ()) {
  Mat0 m = *test::gen_mat0();
  ByteBuffer bytes = write_mat0(m).value();
  Mat0 read = read_mat0(bytes, m.attributes).value();
  json text = json::parse(mat0_to_json(read).dump(2));
  auto back = mat0_from_json(text);
  RC_ASSERT(back.ok());
  RC_ASSERT(write_mat0(*back).value() == bytes);
}

TEST(Mat0Json, ShowsRawAndDecodedFields) {
  Mat0 m = test::make_material(1, 0x11, {{0, 100}, {1, 200}}, 2);
  m.attributes.attr1 = 0x01 | (1 << 2);
  m.phases[1].params[3] = 50;
  m.phases[1].params[17] = 0xFE;
  json j = mat0_to_json(m);
  EXPECT_EQ(j["attr1"], 5);
  EXPECT_EQ(j["runtime_flags"]["texture_load_flags"], 0x200000);
  EXPECT_EQ(j["runtime_flags"]["category"], 1);
  EXPECT_EQ(j["pipeline"].dump(),
            R"({"alpha_test":"GREATER_EQUAL","blending":true,"category":1,"dst":"INV_SRC_ALPHA","src":"SRC_ALPHA"})");
  EXPECT_EQ(j["prefix"]["meta_c_float"].get<double>(), 2.0);
  EXPECT_EQ(j["phases"][1]["texture"], "TEX1.0");
  EXPECT_EQ(j["phases"][1]["texture_field"], "544558312e3000000000000000000000");
  EXPECT_EQ(j["phases"][1]["decoded"]["opacity"].get<double>(), 0.5);
  EXPECT_EQ(j["phases"][1]["decoded"]["page_index"], -2);
  EXPECT_EQ(j["phases"][1]["decoded"]["power"], 40 + 16);
  EXPECT_EQ(j["blocks"][0]["mode_name"], "ping-pong");
  EXPECT_EQ(j["blocks"][0]["interpolated"].dump(), R"(["p0..p2","p3"])");
  EXPECT_EQ(j["blocks"][0]["keys"][1].dump(), R"({"end_time":200,"k2":23186,"phase":1})");
  m.attributes.attr1 = 5 << 2;
  EXPECT_TRUE(mat0_to_json(m)["pipeline"].is_null());
  m.attributes.attr1 = 0;
  EXPECT_EQ(mat0_to_json(m)["pipeline"].dump(),
            R"({"alpha_test":null,"blending":false,"category":0,"dst":"ZERO","src":"ONE"})");
}

TEST(Mat0Json, EditsByMeaning) {
  Mat0 m = test::make_material(0, 0, {{0, 100}}, 1);
  m.phases[0].texture_field[10] = 'Z';  // a byte after the NUL, kept while the name is unchanged
  json j = mat0_to_json(m);
  EXPECT_EQ(mat0_from_json(j)->phases[0].texture_field[10], 'Z');
  j["phases"][0]["texture"] = "NEW.0";
  Mat0 edited = mat0_from_json(j).value();
  EXPECT_EQ(edited.phases[0].texture_name(), "NEW.0");
  EXPECT_EQ(edited.phases[0].texture_field[10], 0);
  j["blocks"][0]["mode"] = 2;
  j["blocks"][0]["mask"] = 3;
  EXPECT_EQ(mat0_from_json(j)->blocks[0].header_raw, 2u | (3u << 3));
  j["blocks"][0].erase("mode");
  j["blocks"][0].erase("mask");
  j["blocks"][0]["header_raw"] = 0xDEADBEEF;
  EXPECT_EQ(mat0_from_json(j)->blocks[0].header_raw, 0xDEADBEEFu);
}

TEST(Mat0Json, ErrorsNameThePath) {
  json j = mat0_to_json(test::make_material(0, 0, {{0, 100}}, 1));
  auto err = [](json doc) { return mat0_from_json(doc).error().to_string(); };
  json k = j;
  k["phases"][0]["params"][5] = 256;
  EXPECT_EQ(err(k), "phases[0].params[5]: expected an integer 0..255");
  k = j;
  k["phases"][0]["params"].erase(0);
  EXPECT_EQ(err(k), "phases[0].params: expected 18 integers");
  k = j;
  k["phases"][0]["texture"] = "A_VERY_LONG_NAME.0";
  EXPECT_EQ(err(k), "phases[0].texture: \"A_VERY_LONG_NAME.0\" is 18 bytes; at most 15 fit with the NUL");
  k = j;
  k["phases"][0]["texture_field"] = "00";
  EXPECT_EQ(err(k), "phases[0].texture_field: expected 32 hex digits");
  k = j;
  k["blocks"][0]["keys"][0]["end_time"] = -1;
  EXPECT_EQ(err(k), "blocks[0].keys[0].end_time: expected an integer 0..65535");
  k = j;
  k["blocks"][0]["mode"] = 8;
  EXPECT_EQ(err(k), "blocks[0].mode: expected an integer 0..7");
  k = j;
  k.erase("attr2");
  EXPECT_EQ(err(k), "attr2: missing");
  k = j;
  k["blocks"] = json::array();
  for (int i = 0; i < 20; ++i) k["blocks"].push_back(j["blocks"][0]);
  EXPECT_EQ(err(k), "blocks: Too many animations for material. (20 animation blocks, at most 19)");
  EXPECT_EQ(err(json::array()), "the MAT0 text form must be a JSON object");
  k = j;
  k["format"] = "Texm";
  EXPECT_EQ(err(k), "format: expected \"MAT0\"");
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

}  // namespace
}  // namespace parkan::material
