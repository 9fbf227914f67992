// parkan msh info|check: the docs/cli.md contract (msh section) on models the test builds.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../msh/model_builders.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/resource/payload.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

struct MshCli : ::testing::Test {
  test::TempDir dir;
  ByteBuffer model_bytes = msh::test::written(msh::test::box_model());
  std::string model = write("box.msh", model_bytes);

  std::string write(const std::string& name, const ByteBuffer& bytes) {
    test::write_bytes(dir / name, bytes);
    return (dir / name).string();
  }
  // A model whose slot 1 points past the descriptors and whose node 2 is its own parent.
  ByteBuffer broken_model() const {
    msh::Model m = msh::test::read_ok(model_bytes);
    m.slots[1].tri_count = 500;
    m.nodes[2].parent = 2;
    return msh::test::written(m);
  }
  std::string library() {
    const std::string wear = "2\n0 STEEL\n1 GLASS\n";  // box materials are node % 3: 0, 1, 2
    ByteBuffer texture{'T', 'e', 'x', 'm', 0, 0, 0, 0};
    const ByteBuffer bad = broken_model(), cut{1, 2, 3};  // the specs hold views
    std::vector<nres::EntrySpec> specs = {{resource::kTypeMesh, 0, 0, 0, "box.msh", model_bytes},
                                          {resource::kTypeWear, 0, 0, 0, "box.wea", as_bytes(wear)},
                                          {resource::kTypeTexm, 0, 0, 0, "ROCK.0", texture},
                                          {resource::kTypeMesh, 0, 0, 0, "bad.msh", bad},
                                          {resource::kTypeMesh, 0, 0, 0, "cut.msh", cut}};
    return write("models.rlb", *nres::build(specs));
  }
};

TEST_F(MshCli, InfoText) {
  auto r = run_cli({"msh", "info", model});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("box.msh: model, 14 streams, node table 38-byte\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("nodes 3, slots 12, vertices 96, indices 432, triangles 144, batches 12\n"), std::string::npos);
  EXPECT_NE(r.out.find("lightmap UVs (type 18) none, path graph (type 17) 0 points, 0 links\n"), std::string::npos);
  EXPECT_NE(r.out.find("part0"), std::string::npos);
  EXPECT_NE(r.out.find("node1"), std::string::npos);
  EXPECT_NE(r.out.find("e_tur_tt"), std::string::npos);  // node 2's socket prefix
  EXPECT_NE(r.out.find("[1][1]=3"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("wear:"), std::string::npos);  // a bare file has no library to look in
}

TEST_F(MshCli, InfoJsonWithTheWear) {
  const std::string lib = library();
  auto r = run_cli({"msh", "info", lib + "::box.msh", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["kind"], "model");
  EXPECT_EQ(j["counts"]["vertices"], 96);
  EXPECT_EQ(j["counts"]["batches"], 12);
  EXPECT_EQ(j["streams"].size(), 14u);
  EXPECT_EQ(j["streams"][1]["type"], 2);
  EXPECT_EQ(j["streams"][1]["attr3"], 68);
  EXPECT_EQ(j["streams"][1]["size"], 0x8C + 12 * 68);
  EXPECT_EQ(j["streams"][5]["size"], 8 * 96);
  EXPECT_EQ(j["nodes"][0]["parent"], nullptr);
  EXPECT_EQ(j["nodes"][2]["parent"], 0);
  EXPECT_EQ(j["nodes"][2]["name"], "part2");
  EXPECT_EQ(j["nodes"][2]["socket_prefix"], "e_tur_tt");
  EXPECT_EQ(j["nodes"][1]["socket_prefix"], nullptr);
  EXPECT_EQ(j["nodes"][1]["slots"][0], (nlohmann::json{{"stage", 0}, {"level", 0}, {"slot", 4}}));
  EXPECT_EQ(j["wear"]["name"], "box.wea");
  EXPECT_EQ(j["wear"]["materials"], 2);
  EXPECT_EQ(j["wear"]["lightmaps"], false);
  EXPECT_EQ(j["batches"][0]["wear_row"], 0);
  EXPECT_EQ(j["batches"][0]["material_name"], "STEEL");
  EXPECT_EQ(j["batches"][4]["material_name"], "GLASS");
  EXPECT_EQ(j["batches"][8]["wear_row"], 2);
  EXPECT_EQ(j["batches"][8]["material_name"], nullptr);  // past the WEAR's rows
  EXPECT_EQ(j["lightmap_uv"], false);
  EXPECT_EQ(j["path_graph"], nullptr);

  r = run_cli({"msh", "info", lib + "::box.msh"});
  EXPECT_NE(r.out.find("wear: box.wea (2 materials)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("STEEL"), std::string::npos);
  EXPECT_NE(r.out.find("(past the WEAR)"), std::string::npos);
  r = run_cli({"msh", "info", lib + "::bad.msh", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;  // info shows what is there; check says what is wrong
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["wear"]["found"], false);
  EXPECT_EQ(j["wear"]["problem"], "not in the library");
}

// Every field of the new reading on the hand-built model (tests/msh/model_builders.hpp), exact values.
TEST_F(MshCli, InfoJsonShowsBatchFieldsNamesSocketsAndThePathGraph) {
  const ByteBuffer hand = msh::test::hand_model_bytes();
  const std::string wear = "4\n0 STEEL\n1 GLASS\n2 RUST\n3 LAMP\n\nLIGHTMAPS\n1\n0 LIGHT3.0\n";
  const std::vector<nres::EntrySpec> lit = {{resource::kTypeMesh, 0, 0, 0, "lit.msh", hand},
                                            {resource::kTypeWear, 0, 0, 0, "lit.wea", as_bytes(wear)}};
  const std::string lib = write("lit.rlb", *nres::build(lit));
  auto r = run_cli({"msh", "info", lib + "::lit.msh", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["batches"], nlohmann::json::parse(R"([{"index": 0, "word": 8192, "word_names": ["lightmapped"],
      "wear_row": 3, "material_name": "LAMP", "lightmap": "lightmapped", "room": null, "index_start": 0,
      "index_count": 3, "vertex_count": 3, "base_vertex": 0}])"));
  EXPECT_EQ(j["nodes"], nlohmann::json::parse(R"([
      {"index": 0, "name": "hull", "socket_prefix": "e_tur_tt", "parent": null, "flags": 0, "flag_names": [],
       "anim_map_start": null, "fallback_key": 0, "slots": []},
      {"index": 1, "name": "CP_m1o1", "socket_prefix": null, "parent": 0, "flags": 32, "flag_names": ["cockpit"],
       "anim_map_start": null, "fallback_key": 0, "slots": [{"stage": 0, "level": 4, "slot": 0}]}])"));
  EXPECT_EQ(j["slots"][0]["area"], 2.5);
  EXPECT_EQ(j["slots"][0]["box_volume"], 6.0);
  EXPECT_EQ(j["slots"][0]["tail"], nlohmann::json::parse("[1, 2, 3]"));
  EXPECT_EQ(j["counts"], nlohmann::json::parse(R"({"nodes": 2, "slots": 1, "vertices": 3, "indices": 3,
      "triangles": 1, "batches": 1, "node_names": 2, "lightmap_uvs": 3, "path_nodes": 2, "path_links": 1})"));
  EXPECT_EQ(j["lightmap_uv"], true);
  EXPECT_EQ(j["path_graph"], nlohmann::json::parse(R"({"nodes": 2, "links": 1})"));
  EXPECT_EQ(j["wear"], nlohmann::json::parse(R"({"name": "lit.wea", "found": true, "materials": 4,
      "lightmaps": true, "problem": null})"));
  r = run_cli({"msh", "check", lib});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, lib + "::lit.msh: 0 errors, 0 warnings\n");
  // The same model beside a WEAR of two rows and no LIGHTMAPS: the row and the lightmap fail against it.
  const std::string plain = "2\n0 STEEL\n1 GLASS\n";
  const std::vector<nres::EntrySpec> plain_specs = {{resource::kTypeMesh, 0, 0, 0, "lit.msh", hand},
                                                    {resource::kTypeWear, 0, 0, 0, "lit.wea", as_bytes(plain)}};
  const std::string unlit = write("unlit.rlb", *nres::build(plain_specs));
  r = run_cli({"msh", "check", unlit});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, unlit + "::lit.msh: 2 errors, 1 warning\n");
  EXPECT_NE(r.err.find("batch 0: WEAR row 3 (byte +4) is past the 2 MATERIALS rows of lit.wea (docs/formats/msh.md "
                       "12.1) at offset 0x"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("[msh.batch.wear_row]"), std::string::npos);
  EXPECT_NE(r.err.find("batch 0: lightmapped (+5 = 0x00) but lit.wea has no LIGHTMAPS block"), std::string::npos);
  EXPECT_NE(r.err.find("[msh.batch.lightmap_wear]"), std::string::npos);
  EXPECT_NE(r.err.find("type 18 lightmap UVs, but lit.wea has no LIGHTMAPS block"), std::string::npos);
  EXPECT_NE(r.err.find("[msh.lightmap_uv.wear]"), std::string::npos);
}

TEST_F(MshCli, InfoRefusesWhatIsNotOneModel) {
  const std::string lib = library();
  auto r = run_cli({"msh", "info", lib});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + lib + ": a library of 3 models, not a model: name one as " + lib +
                       "::box.msh, or check them all with `parkan msh check " + lib + "`\n");
  r = run_cli({"msh", "info", lib + "::ROCK.0"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + lib + "::ROCK.0: this entry is a Texm, not a model\n");
  r = run_cli({"msh", "info", lib + "::cut.msh"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind("parkan: error: " + lib + "::cut.msh: ", 0), 0u) << r.err;
  r = run_cli({"msh", "info", (dir / "missing.msh").string()});
  EXPECT_EQ(r.exit_code, 3);
}

TEST_F(MshCli, CheckExitCodesAndFindings) {
  auto r = run_cli({"msh", "check", model});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, model + ": 0 errors, 0 warnings\n");
  EXPECT_EQ(r.err, "");
  const std::string bad = write("bad.msh", broken_model());
  r = run_cli({"msh", "check", bad});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, bad + ": 2 errors, 0 warnings\n");
  EXPECT_NE(r.err.find("parkan: error: " + bad + ": node 2: its own parent (docs/formats/msh.md 7) at offset 0x"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("[msh.node.parent_self]\n"), std::string::npos);
  EXPECT_NE(r.err.find("slot 1: triangles 12..512 are past the 144 descriptors of type 7"), std::string::npos)
      << r.err;
  const std::string cut = write("cut.msh", msh::test::with_payload(model_bytes, 3, ByteBuffer(13)));
  r = run_cli({"msh", "check", cut});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("[msh.positions.stride]"), std::string::npos) << r.err;
  r = run_cli({"msh", "check", (dir / "missing.msh").string(), model});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.out.find("total: 1 model in 2 files, 1 error, 0 warnings\n"), std::string::npos) << r.out;
}

TEST_F(MshCli, CheckALibraryChecksEveryModel) {
  const std::string lib = library();
  auto r = run_cli({"msh", "check", lib});
  EXPECT_EQ(r.exit_code, 1);
  // box.msh's four batches of node 2 name WEAR row 2, past box.wea's two rows (docs/formats/msh.md 12.1);
  // bad.msh has no bad.wea to be checked against.
  EXPECT_EQ(r.out, lib + "::box.msh: 4 errors, 0 warnings\n" + lib + "::bad.msh: 2 errors, 0 warnings\n" + lib +
                       "::cut.msh: 1 error, 0 warnings\n" + "total: 3 models in 1 file, 7 errors, 0 warnings\n");
  EXPECT_NE(r.err.find(lib + "::box.msh: batch 8: WEAR row 2 (byte +4) is past the 2 MATERIALS rows of box.wea"),
            std::string::npos)
      << r.err;
  r = run_cli({"msh", "check", lib, "--json"});
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["models"], 3);
  EXPECT_EQ(j["valid"], false);
  EXPECT_EQ(j["errors"], 7);
  EXPECT_EQ(j["findings"][0]["entry"], "box.msh");
  EXPECT_EQ(j["findings"][0]["code"], "msh.batch.wear_row");
  EXPECT_TRUE(j["findings"][0]["offset"].is_number());
  EXPECT_EQ(j["per_model"][0]["valid"], false);
  EXPECT_EQ(j["files"][0]["archive"], true);
  r = run_cli({"msh", "check", model, "--json"});  // the same model as a bare file: no WEAR to check against
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(nlohmann::json::parse(r.out)["valid"], true);
}

TEST_F(MshCli, HelpNamesTheCommands) {
  auto r = run_cli({"msh", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("info"), std::string::npos);
  EXPECT_NE(r.out.find("check"), std::string::npos);
  EXPECT_EQ(run_cli({"msh", "frobnicate"}).exit_code, 2);
}

}  // namespace
}  // namespace parkan
