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
  EXPECT_NE(r.out.find("part0"), std::string::npos);
  EXPECT_NE(r.out.find("node1"), std::string::npos);
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
  EXPECT_EQ(j["nodes"][1]["slots"][0], (nlohmann::json{{"state", 0}, {"lod", 0}, {"slot", 4}}));
  EXPECT_EQ(j["wear"]["name"], "box.wea");
  EXPECT_EQ(j["wear"]["materials"], 2);
  EXPECT_EQ(j["batches"][0]["material"], 0);
  EXPECT_EQ(j["batches"][0]["material_name"], "STEEL");
  EXPECT_EQ(j["batches"][4]["material_name"], "GLASS");
  EXPECT_EQ(j["batches"][8]["material"], 2);
  EXPECT_EQ(j["batches"][8]["material_name"], nullptr);  // past the WEAR's rows

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
  EXPECT_EQ(r.out, lib + "::box.msh: 0 errors, 0 warnings\n" + lib + "::bad.msh: 2 errors, 0 warnings\n" + lib +
                       "::cut.msh: 1 error, 0 warnings\n" + "total: 3 models in 1 file, 3 errors, 0 warnings\n");
  r = run_cli({"msh", "check", lib, "--json"});
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["models"], 3);
  EXPECT_EQ(j["valid"], false);
  EXPECT_EQ(j["errors"], 3);
  EXPECT_EQ(j["findings"][0]["entry"], "bad.msh");
  EXPECT_TRUE(j["findings"][0]["offset"].is_number());
  EXPECT_EQ(j["per_model"][0]["valid"], true);
  EXPECT_EQ(j["files"][0]["archive"], true);
  r = run_cli({"msh", "check", lib + "::box.msh", "--json"});
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
