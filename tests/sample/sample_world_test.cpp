// The sample game's world (src/sample/sample_world.cpp): every map, mission and unit assembly reads and
// checks clean with parkan's own readers; what a mission names is in the game; every placed object
// stands on the terrain: its z is the level-0 surface under it, found here by searching the faces read
// back (barycentric, independent of the generator's own height function).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>

#include "parkan/areal/areal_map.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/mission/mission.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/terrain/land.hpp"
#include "parkan/unit/assembly.hpp"

namespace parkan::sample {
namespace {

struct World {
  std::map<std::string, ByteBuffer> files;  // path -> bytes
  std::set<std::string> prototypes;         // objects.rlb keys
  explicit World(bool retail) {
    SampleOptions options;
    options.retail = retail;
    for (SampleFile& f : sample_models(options)) files[f.path] = std::move(f.bytes);
    const nres::Archive objects = nres::read(files.at("objects.rlb")).value();
    for (const nres::Entry& e : objects.entries) prototypes.insert(std::string(e.name()));
  }
  std::vector<std::string> paths(std::string_view suffix) const {
    std::vector<std::string> out;
    for (const auto& [path, bytes] : files)
      if (path.ends_with(suffix)) out.push_back(path);
    return out;
  }
};

std::string game_path(std::string_view stored) {
  std::string path(mission::stored_text(stored));
  std::replace(path.begin(), path.end(), '\\', '/');
  return path;
}

// The highest level-0 face under (x, y), by barycentric coordinates over every face.
std::optional<float> surface_under(const terrain::Terrain& land, float x, float y) {
  std::optional<float> best;
  for (std::size_t f = 0; f < land.lod_split; ++f) {
    const auto& v = land.faces[f].vertices;
    const auto &a = land.positions[v[0]], &b = land.positions[v[1]], &c = land.positions[v[2]];
    const double den = double(b.y - c.y) * (a.x - c.x) + double(c.x - b.x) * (a.y - c.y);
    if (std::fabs(den) < 1e-9) continue;
    const double l1 = (double(b.y - c.y) * (x - c.x) + double(c.x - b.x) * (y - c.y)) / den;
    const double l2 = (double(c.y - a.y) * (x - c.x) + double(a.x - c.x) * (y - c.y)) / den;
    const double l3 = 1 - l1 - l2;
    if (l1 < -1e-6 || l2 < -1e-6 || l3 < -1e-6) continue;
    const auto z = float(l1 * a.z + l2 * b.z + l3 * c.z);
    best = best ? std::max(*best, z) : z;
  }
  return best;
}

void check_world(const World& w, std::size_t maps, std::size_t missions) {
  ASSERT_EQ(w.paths("/Land.msh").size(), maps);
  ASSERT_EQ(w.paths("/data.tma").size(), missions);
  for (const std::string& path : w.paths("/Land.msh")) {
    EXPECT_TRUE(terrain::check_terrain(w.files.at(path)).empty()) << path;
    const std::string folder = path.substr(0, path.size() - 8);
    EXPECT_TRUE(areal::check_areal_map(w.files.at(folder + "Land.map")).empty()) << folder;
    // Land1.wea and Land2.wea row for row; every face wears a row of Land1.wea, none row 0.
    const auto land1 = material::parse_wear(w.files.at(folder + "Land1.wea"), material::WearParser::file).value();
    const auto land2 = material::parse_wear(w.files.at(folder + "Land2.wea"), material::WearParser::file).value();
    EXPECT_EQ(land1.materials.size(), land2.materials.size());
    const terrain::Terrain land = terrain::read_terrain(w.files.at(path)).value();
    for (const terrain::Face& f : land.faces) {
      EXPECT_GT(f.tex1, 0);
      EXPECT_LT(f.tex1, land1.materials.size());
      EXPECT_TRUE(!f.has_second_material() || f.tex2 < land1.materials.size());
    }
  }
  for (const std::string& path : w.paths(".dat")) {
    EXPECT_TRUE(unit::check_assembly(w.files.at(path)).empty()) << path;
    const unit::Assembly assembly = unit::read_assembly(w.files.at(path)).value();
    for (const unit::Part& p : assembly.parts)
      EXPECT_TRUE(w.prototypes.contains(p.key)) << path << ": " << p.key;
  }
  for (const std::string& path : w.paths("/data.tma")) {
    const mission::Mission m = mission::read_mission(w.files.at(path)).value();
    EXPECT_TRUE(mission::check_mission(m).empty()) << path;
    const std::string folder = mission::map_folder(m.map_path) + "/";
    const terrain::Terrain land = terrain::read_terrain(w.files.at(folder + "Land.msh")).value();
    for (const mission::Object& o : m.objects) {
      if (o.kind <= 1)
        EXPECT_TRUE(w.files.contains(game_path(o.path))) << path << ": " << o.path;
      else
        EXPECT_TRUE(w.prototypes.contains(o.path)) << path << ": " << o.path;
      const std::optional<float> z = surface_under(land, o.position[0], o.position[1]);
      ASSERT_TRUE(z) << path << ": an object off the map at " << o.position[0] << ", " << o.position[1];
      EXPECT_NEAR(o.position[2], *z, 1e-3) << path;
    }
  }
}

TEST(SampleWorld, TheSmallGameHasOneMapOneMissionAndAllChecksClean) {
  const World w(false);
  check_world(w, 1, 1);
  const mission::Mission m = mission::read_mission(w.files.at("MISSIONS/Single.01/data.tma")).value();
  EXPECT_EQ(m.clans.size(), 3u);
  EXPECT_EQ(m.objects.size(), 8u);
}

TEST(SampleWorld, TheRetailGameHasTheRetailProportions) {
  const World w(true);
  check_world(w, 3, 4);
  for (const std::string& path : w.paths("/data.tma")) {
    const mission::Mission m = mission::read_mission(w.files.at(path)).value();
    EXPECT_GE(m.objects.size(), 24u) << path;
    EXPECT_LE(m.objects.size(), 32u) << path;
    EXPECT_GE(m.clans.size(), 3u);
    EXPECT_LE(m.clans.size(), 4u);
    EXPECT_LE(m.routes.size(), 2u);
    std::size_t scenery = 0;
    for (const mission::Object& o : m.objects) scenery += o.kind >= 2;
    EXPECT_GT(scenery, 0u) << path;
  }
  // A retail-size warbot: 12 records (world specification: about 12 parts).
  EXPECT_EQ(unit::read_assembly(w.files.at("UNITS/UNITS/warbot_01.dat")).value().parts.size(), 12u);
  const terrain::Terrain big = terrain::read_terrain(w.files.at("DATA/MAPS/M01/Land.msh")).value();
  EXPECT_EQ(big.across, 16u);
  EXPECT_GE(big.positions.size(), 3000u);  // 3,000 to 10,600 vertices on a retail map
  EXPECT_LE(big.positions.size(), 10600u);
}

}  // namespace
}  // namespace parkan::sample
