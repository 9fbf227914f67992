// .ndp and .cpt (docs/formats/objdata.md): files built here byte by byte from their layouts (sections
// 1-2), read, checked rule by rule, written back byte for byte.
#include <cmath>
#include <cstring>
#include <limits>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <rapidcheck/gtest.h>

#include "parkan/objdata/codes.hpp"
#include "parkan/objdata/objdata.hpp"

namespace parkan::objdata {
namespace {

void put(ByteBuffer& b, std::size_t at, const void* p, std::size_t n) { std::memcpy(b.data() + at, p, n); }
void put32(ByteBuffer& b, std::size_t at, std::uint32_t v) { put(b, at, &v, 4); }
void putf(ByteBuffer& b, std::size_t at, float v) { put(b, at, &v, 4); }
void puts(ByteBuffer& b, std::size_t at, const std::string& s) { put(b, at, s.data(), s.size()); }

// .ndp: u32 n, then n x { i32 flags, f32 hit points, f32 density, char[32] archive, char[32] .exp }.
struct Damage {
  std::int32_t flags;
  float hit_points, density;
  std::string archive, effect;
};
ByteBuffer ndp_file(const std::vector<Damage>& records) {
  ByteBuffer b(4 + 76 * records.size(), 0);
  put32(b, 0, std::uint32_t(records.size()));
  for (std::size_t i = 0; i < records.size(); ++i) {
    const std::size_t at = 4 + 76 * i;
    put32(b, at, std::uint32_t(records[i].flags));
    putf(b, at + 4, records[i].hit_points);
    putf(b, at + 8, records[i].density);
    puts(b, at + 12, records[i].archive);
    puts(b, at + 44, records[i].effect);
  }
  return b;
}

// .cpt: u32 n, n x f32[9], then n x char[32] names.
struct Point {
  std::array<std::uint32_t, 3> nodes;
  std::array<float, 3> position, direction;
  std::string name;
};
ByteBuffer cpt_file(const std::vector<Point>& points) {
  const std::size_t n = points.size();
  ByteBuffer b(4 + 68 * n, 0);
  put32(b, 0, std::uint32_t(n));
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t at = 4 + 36 * i;
    for (std::size_t k = 0; k < 3; ++k) {
      put32(b, at + 4 * k, points[i].nodes[k]);
      putf(b, at + 12 + 4 * k, points[i].position[k]);
      putf(b, at + 24 + 4 * k, points[i].direction[k]);
    }
    puts(b, 4 + 36 * n + 32 * i, points[i].name);
  }
  return b;
}

const std::vector<Damage> kTankDamage = {{1, 1e6f, 0.5f, "effects.rlb", ""},
                                         {0x20, 150.0f, 2.0f, "effects.rlb", "exp_track.exp"},
                                         {2, 300.0f, 7.8f, "effects.rlb", "exp_big.exp"}};
const std::vector<Point> kTankPoints = {{{0, 0, 0}, {0, 0, 1.5f}, {0, 1, 0}, "TurretCenter"},
                                        {{0, 2, 1}, {0.25f, -1, 0.5f}, {0, 0, 3}, "Exp_X"}};

TEST(Ndp, ReadsEachNodesDamage) {
  const ByteBuffer bytes = ndp_file(kTankDamage);
  const std::vector<NodeDamage> d = read_ndp(bytes).value();
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[1].flags, 0x20);
  EXPECT_EQ(d[1].hit_points, 150.0f);
  EXPECT_EQ(d[2].density, 7.8f);
  EXPECT_EQ(d[2].archive, "effects.rlb");
  EXPECT_EQ(d[2].effect, "exp_big.exp");
  EXPECT_TRUE(check_ndp(bytes).empty());
  EXPECT_EQ(write_ndp(d).value(), bytes);
  EXPECT_EQ(ndp_json(d)["nodes"][1], (nlohmann::json{{"node", 1}, {"flags", 32}, {"hit_points", 150.0}, {"density", 2.0},
                                                      {"archive", "effects.rlb"}, {"effect", "exp_track.exp"}}));
}

TEST(Ndp, SizeAndValueRules) {
  ByteBuffer bytes = ndp_file(kTankDamage);
  put32(bytes, 0, 4);  // four records named, three there
  auto r = read_ndp(bytes);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().rule, codes::kNdpSize);
  EXPECT_EQ(r.error().message, "4 records need 308 bytes of 76; the file has 232");
  EXPECT_EQ(read_ndp(ByteBuffer(3, 0)).error().rule, codes::kNdpSize);
  put32(bytes, 0, 0xFFFFFFFF);  // a count no file could hold: refused before anything is allocated
  EXPECT_EQ(read_ndp(bytes).error().rule, codes::kNdpSize);

  std::vector<Damage> odd = kTankDamage;
  odd[0].hit_points = std::numeric_limits<float>::quiet_NaN();
  odd[2].density = -1;
  ByteBuffer odd_bytes = ndp_file(odd);
  std::memset(odd_bytes.data() + 4 + 76 + 44, 'x', 32);  // node 1's .exp without NUL
  std::vector<std::pair<std::string, std::uint64_t>> got;
  for (const Diagnostic& d : check_ndp(odd_bytes)) got.push_back({d.code, *d.location.offset});
  EXPECT_EQ(got, (std::vector<std::pair<std::string, std::uint64_t>>{
                     {codes::kNdpValue, 4 + 4}, {codes::kNdpNameNul, 4 + 76 + 44}, {codes::kNdpValue, 4 + 2 * 76 + 8}}));
}

TEST(Ndp, EditsRewriteOnlyTheirFields) {
  ByteBuffer bytes = ndp_file(kTankDamage);
  std::memcpy(bytes.data() + 4 + 12 + 12, "tail", 4);  // bytes after node 0's archive NUL
  std::vector<NodeDamage> d = read_ndp(bytes).value();
  EXPECT_EQ(write_ndp(d).value(), bytes);
  d[1].effect = "exp_small.exp";
  std::vector<Damage> want = kTankDamage;
  want[1].effect = "exp_small.exp";
  ByteBuffer expected = ndp_file(want);
  std::memcpy(expected.data() + 4 + 12 + 12, "tail", 4);
  EXPECT_EQ(write_ndp(d).value(), expected);
  d[1].effect = std::string(32, 'e');
  EXPECT_EQ(write_ndp(d).error().rule, codes::kNameLength);
}

TEST(Cpt, ReadsThePointsAndTheirNames) {
  const ByteBuffer bytes = cpt_file(kTankPoints);
  const std::vector<ControlPoint> p = read_cpt(bytes).value();
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0].name, "TurretCenter");
  EXPECT_EQ(p[0].position, (std::array<float, 3>{0, 0, 1.5f}));
  EXPECT_EQ(p[1].nodes, (std::array<std::uint32_t, 3>{0, 2, 1}));
  EXPECT_EQ(p[1].direction, (std::array<float, 3>{0, 0, 3}));
  EXPECT_TRUE(check_cpt(bytes).empty());
  EXPECT_EQ(write_cpt(p).value(), bytes);
  EXPECT_EQ(cpt_json(p)["points"][1]["name"], "Exp_X");
}

TEST(Cpt, SizeAndValueRules) {
  ByteBuffer bytes = cpt_file(kTankPoints);
  bytes.pop_back();
  auto r = read_cpt(bytes);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().rule, codes::kCptSize);
  EXPECT_EQ(r.error().message, "2 points need 140 bytes (36 of values and a 32-byte name each); the file has 139");
  std::vector<Point> odd = kTankPoints;
  odd[1].position[2] = std::numeric_limits<float>::infinity();
  ByteBuffer odd_bytes = cpt_file(odd);
  std::memset(odd_bytes.data() + 4 + 72, 'N', 32);  // point 0's name without NUL
  std::vector<std::pair<std::string, std::uint64_t>> got;
  for (const Diagnostic& d : check_cpt(odd_bytes)) got.push_back({d.code, *d.location.offset});
  EXPECT_EQ(got, (std::vector<std::pair<std::string, std::uint64_t>>{{codes::kCptNameNul, 4 + 72},
                                                                     {codes::kCptValue, 4 + 36 + 12 + 8}}));
}

RC_GTEST_PROP(ObjData, WhatReadsWritesBackTheSameBytes, ()) {
  const auto bytes = *rc::gen::container<std::vector<std::uint8_t>>(rc::gen::arbitrary<std::uint8_t>());
  ByteBuffer ndp(bytes.begin(), bytes.end()), cpt = ndp;
  if (ndp.size() >= 4) {
    const std::uint32_t n = std::uint32_t((ndp.size() - 4) / 76);
    ndp.resize(4 + 76 * std::size_t(n));
    std::memcpy(ndp.data(), &n, 4);
    RC_ASSERT(write_ndp(read_ndp(ndp).value()).value() == ndp);
    const std::uint32_t m = std::uint32_t((cpt.size() - 4) / 68);
    cpt.resize(4 + 68 * std::size_t(m));
    std::memcpy(cpt.data(), &m, 4);
    RC_ASSERT(write_cpt(read_cpt(cpt).value()).value() == cpt);
  }
}

}  // namespace
}  // namespace parkan::objdata
