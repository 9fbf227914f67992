// parkan terrain info|check (docs/cli.md 5.11) on a Land.msh built here byte by byte
// (tests/terrain/land_builder.hpp, from the layouts of docs/formats/terrain.md).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

#include "../terrain/land_builder.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

std::string hex(std::size_t offset) {
  std::ostringstream out;
  out << "0x" << std::hex << offset;
  return out.str();
}

TEST(TerrainCli, InfoPrintsTheSummary) {
  test::TempDir dir;
  const std::string path = (dir / "Land.msh").string();
  test::write_bytes(path, terrain::test::land(terrain::test::small_map()).bytes);
  auto r = run_cli({"terrain", "info", path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, path + ": terrain, 2 x 2 squares of 10.00 x 10.00 units, 9 vertices, 12 faces (LOD 0 8, LOD 1 4)\n"
                          "  extent: x 0 .. 20, y 0 .. 20, z 2 .. 6\n"
                          "  second material: 3 faces; water: 3 faces at z 2; lava: 1 face; bed: 2 faces\n"
                          "  tex1 rows: 1 (8), 2 (1), 4 (3)\n"
                          "  tex2 rows: 3 (3)\n");
  auto j = run_cli({"terrain", "info", path, "--json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const nlohmann::json doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["faces"], 12);
  EXPECT_EQ(doc["lod"]["split"], 8);
  EXPECT_EQ(doc["water"]["z"], 2.0);
  EXPECT_EQ(doc["tex2_rows"]["3"], 3);
  // Rows listed by number, not as the JSON's keys sort ("10" before "4").
  terrain::test::LandSpec spec = terrain::test::small_map();
  spec.faces[5].tex1 = 10;
  test::write_bytes(path, terrain::test::land(spec).bytes);
  auto rows = run_cli({"terrain", "info", path});
  EXPECT_NE(rows.out.find("  tex1 rows: 1 (8), 4 (3), 10 (1)\n"), std::string::npos) << rows.out;
}

TEST(TerrainCli, CheckReportsEachFindingOnOneLine) {
  test::TempDir dir;
  const terrain::test::Built good = terrain::test::land(terrain::test::small_map());
  const std::string good_path = (dir / "good" / "Land.msh").string();
  std::filesystem::create_directories(dir / "good");
  test::write_bytes(good_path, good.bytes);
  ByteBuffer odd = good.bytes;
  terrain::test::putf(odd, good.payload.at(14) + 4 * 7, 1.5f);
  const std::string odd_path = (dir / "odd.msh").string();
  test::write_bytes(odd_path, odd);
  ByteBuffer broken = good.bytes;
  terrain::test::put16(broken, good.payload.at(21) + 28 * 9 + 0x0A, 9);
  const std::string broken_path = (dir / "broken.msh").string();
  test::write_bytes(broken_path, broken);

  auto ok = run_cli({"terrain", "check", good_path, odd_path});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.err, "parkan: warning: " + odd_path + ": vertex 7: alpha 1.5 is outside 0..1 at offset " +
                        hex(good.payload.at(14) + 28) + " [terrain.alpha.range]\n");
  auto bad = run_cli({"terrain", "check", broken_path});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err, "parkan: error: " + broken_path + ": face 9: vertex 1 is 9, past the 9 vertices at offset " +
                         hex(good.payload.at(21) + 28 * 9 + 0x0A) + " [terrain.face.vertex]\n");
  auto json = run_cli({"terrain", "check", broken_path, "--json"});
  EXPECT_EQ(json.exit_code, 1);
  const nlohmann::json doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc["errors"], 1);
  EXPECT_EQ(doc["findings"][0]["code"], "terrain.face.vertex");
}

TEST(TerrainCli, UnreadableTerrainIsOneError) {
  test::TempDir dir;
  auto streams = terrain::test::streams_of(terrain::test::small_map());
  streams.erase(streams.begin() + 5);  // stream 18
  const terrain::test::Built b = terrain::test::nres_of(streams);
  const std::string path = (dir / "Land.msh").string();
  test::write_bytes(path, b.bytes);
  auto r = run_cli({"terrain", "check", path});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + path + ": Unable to find microtexture mapping chunk: no stream 18 at offset " +
                       hex(b.directory) + " [terrain.stream.missing]\n");
  auto info = run_cli({"terrain", "info", path});
  EXPECT_EQ(info.exit_code, 1);
}

TEST(TerrainCli, AnotherKindIsRefused) {
  test::TempDir dir;
  ASSERT_EQ(run_cli({"sample-game", (dir / "game").string()}).exit_code, 0);
  auto r = run_cli({"terrain", "info", (dir / "game" / "Material.lib").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "parkan: error: " + (dir / "game" / "Material.lib").string() +
                       ": this file is an NRes archive, not a terrain\n");
}

}  // namespace
}  // namespace parkan
