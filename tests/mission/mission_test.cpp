// data.tma read, checked and written back: every expected value comes from bytes laid out here by hand
// from docs/formats/mission.md 2, not from parkan's writer.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "parkan/mission/codes.hpp"
#include "parkan/mission/mission.hpp"

namespace parkan::mission {
namespace {

// What the hand-built mission holds; tests change one field to break one rule.
struct Recipe {
  std::uint32_t route_version = 1, clan_version = 6, object_version = 10, lode_version = 1;
  std::uint32_t route_id = 0;
  std::string clan0 = "Animals", clan1 = "Player";
  std::uint32_t clan0_type = 0, clan1_type = 1;
  std::int32_t clan1_parent = -1;
  bool zone_on_player = false;
  std::string player_relation_to = "Animals";  // the player's relation to the other clan
  std::uint32_t player_relation_value = 0;
  bool player_relations_complete = true;
  std::string extra_relation;                  // a relation the player adds, when not empty
  std::uint32_t rock_kind = 3;
  std::uint32_t building_kind = 0, building_marker = 0x80000002;
  std::string building_path = "UNITS\\BUILDINGS\\plant.dat";
  std::uint32_t building_clan = 1;
  std::int32_t building_id = 5, unit_id = 6;
  std::int32_t clan_id_property = 1, logical_id_property = 5;
  float building_x = 100.5f, building_rot_x = 0, rock_scale_y = 2.5f, building_scale = 1;
  std::int32_t unit_host = 5, unit_hallway = 2;
  std::uint32_t property_type = 1;
  std::string description = std::string("Take the plant.\0\xCD\xCDold text", 26);
  std::size_t trailing = 0;
};

// A little-endian appender that records where named fields start.
struct Bytes {
  ByteBuffer b;
  std::map<std::string, std::size_t> at;
  void mark(const std::string& name) { at[name] = b.size(); }
  void u32(std::uint32_t v) { for (int i = 0; i < 4; ++i) b.push_back(std::uint8_t(v >> (8 * i))); }
  void i32(std::int32_t v) { u32(std::uint32_t(v)); }
  void f32(float v) { std::uint32_t w; std::memcpy(&w, &v, 4); u32(w); }
  void str(const std::string& s) { u32(std::uint32_t(s.size())); b.insert(b.end(), s.begin(), s.end()); }
};

void clan(Bytes& t, const std::string& name, std::uint32_t type, std::int32_t parent, bool zone,
          const std::vector<std::pair<std::string, std::uint32_t>>& relations) {
  t.str(name);
  t.i32(parent);
  t.f32(10); t.f32(20);  // base
  t.u32(type);
  t.str("ai\\animals.scr");
  t.u32(zone ? 1 : 0);
  if (zone) { t.u32(2); t.f32(30); t.f32(40); t.f32(0); t.f32(15); t.f32(60); }
  t.str("beh.trf");
  t.u32(5);  // minds
  t.u32(std::uint32_t(relations.size()));
  for (const auto& [other, value] : relations) { t.str(other); t.u32(value); }
}

void property(Bytes& t, std::uint32_t type, std::uint32_t value, std::uint32_t min, std::uint32_t max, const std::string& name) {
  t.u32(type); t.u32(value); t.u32(min); t.u32(max); t.str(name);
}

// One object record of version `v` (docs/formats/mission.md 2.3: fields by the version they came with).
void object(Bytes& t, const std::string& tag, std::uint32_t v, std::uint32_t kind, std::uint32_t marker,
            const std::string& path, std::uint32_t clan_index, std::int32_t id, std::array<float, 3> pos,
            std::array<float, 3> rot, std::array<float, 3> scale, const std::string& name, std::int32_t host,
            std::int32_t hallway, const std::vector<std::tuple<std::uint32_t, std::uint32_t, std::string>>& props) {
  t.mark(tag);
  t.u32(kind); t.u32(marker);
  t.mark(tag + ".path");
  t.str(path);
  t.mark(tag + ".clan");
  if (v >= 3) t.u32(clan_index);
  if (v >= 4) t.i32(id);
  t.mark(tag + ".position");
  for (float c : pos) t.f32(c);
  t.mark(tag + ".rotation");
  for (float c : rot) t.f32(c);
  t.mark(tag + ".scale");
  if (v >= 10) for (float c : scale) t.f32(c);
  if (v >= 7) t.str(name);
  if (v >= 8) t.u32(0);
  t.mark(tag + ".host");
  if (v >= 9) { t.i32(host); t.i32(hallway); }
  t.mark(tag + ".properties");
  if (v >= 6) {
    t.u32(1);
    t.u32(std::uint32_t(props.size()));
    for (const auto& [type, value, pname] : props) property(t, type, value, value, value, pname);
  }
}

Bytes build(const Recipe& r = {}) {
  Bytes t;
  t.u32(r.route_version);
  t.u32(1);  // routes
  t.mark("route0");
  t.u32(r.route_id); t.u32(3);
  for (float c : {0.f, 0.f, 0.f, 50.f, 0.f, 0.f, 50.f, 50.f, 0.f}) t.f32(c);
  t.mark("clans.version");
  t.u32(r.clan_version);
  t.u32(2);
  t.mark("clan0");
  clan(t, r.clan0, r.clan0_type, -1, true, {{r.clan0, 1}, {r.clan1, 0}});
  t.mark("clan1");
  std::vector<std::pair<std::string, std::uint32_t>> rel = {{r.player_relation_to, r.player_relation_value}};
  if (r.player_relations_complete) rel.push_back({r.clan1, 1});
  if (!r.extra_relation.empty()) rel.push_back({r.extra_relation, 1});
  clan(t, r.clan1, r.clan1_type, r.clan1_parent, r.zone_on_player, rel);
  t.mark("objects.version");
  t.u32(r.object_version);
  t.u32(3);
  const std::uint32_t v = r.object_version;
  object(t, "building", v, r.building_kind, r.building_marker, r.building_path, r.building_clan, r.building_id,
         {r.building_x, 200.25f, 12.f}, {r.building_rot_x, 0, 1.5f}, {r.building_scale, r.building_scale, r.building_scale},
         "plant_1", -1, -1,
         {{r.property_type, std::uint32_t(r.clan_id_property), "ClanID"}, {1, std::uint32_t(r.logical_id_property), "LogicalID"}});
  object(t, "unit", v, 1, 0x80000002, "UNITS\\UNITS\\HERO\\hero.dat", 1, r.unit_id, {101, 201, 12}, {0, 0, -1.25f},
         {1, 1, 1}, "hero", r.unit_host, r.unit_hallway, {{1, 1, "ClanID"}, {1, std::uint32_t(r.unit_id), "LogicalID"}});
  object(t, "rock", v, r.rock_kind, 0x80000002, "rock_a", 0, 0, {300, 10, 4}, {0, 0, 0}, {2.5f, r.rock_scale_y, 2.5f}, "", -1, -1,
         {});
  t.mark("map");
  t.str("DATA\\MAPS\\SC_3\\land");
  t.u32(1);
  t.mark("description");
  t.str(r.description);
  t.mark("lodes.version");
  t.u32(r.lode_version);
  t.u32(1);
  t.f32(7); t.f32(8); t.f32(9); t.u32(0); t.u32(2); t.f32(5000); t.u32(0xDEADBEEF);
  t.b.resize(t.b.size() + r.trailing, 0);
  return t;
}


TEST(Mission, ReadsEveryFieldOfAHandBuiltMission) {
  const Bytes t = build();
  const Mission m = read_mission(t.b).value();
  ASSERT_EQ(m.routes.size(), 1u);
  EXPECT_EQ(m.routes[0].id, 0u);
  ASSERT_EQ(m.routes[0].points.size(), 3u);
  EXPECT_EQ(m.routes[0].points[2], (Vec3{50, 50, 0}));
  ASSERT_EQ(m.clans.size(), 2u);
  EXPECT_EQ(m.clans[0].name, "Animals");
  EXPECT_EQ(m.clans[0].offset, t.at.at("clan0"));
  ASSERT_EQ(m.clans[0].zones.size(), 1u);
  EXPECT_EQ(m.clans[0].zones[0].kind, 2u);
  EXPECT_EQ(m.clans[0].zones[0].centre, (Vec3{30, 40, 0}));
  EXPECT_EQ(m.clans[0].zones[0].inner, 15.f);
  EXPECT_EQ(m.clans[0].zones[0].outer, 60.f);
  EXPECT_EQ(m.clans[0].behaviour, "beh.trf");
  EXPECT_EQ(m.clans[0].minds, 5u);
  EXPECT_EQ(m.clans[1].type, 1u);
  ASSERT_EQ(m.clans[1].relations.size(), 2u);
  EXPECT_EQ(m.clans[1].relations[1].clan, "Player");
  EXPECT_EQ(m.clans[1].relations[1].ally, 1u);
  ASSERT_EQ(m.objects.size(), 3u);
  const Object& b = m.objects[0];
  EXPECT_EQ(b.path, "UNITS\\BUILDINGS\\plant.dat");
  EXPECT_EQ(b.clan, 1u);
  EXPECT_EQ(b.logical_id, 5);
  EXPECT_EQ(b.position, (Vec3{100.5f, 200.25f, 12}));
  EXPECT_EQ(b.rotation[2], 1.5f);
  EXPECT_EQ(b.name, "plant_1");
  EXPECT_EQ(b.offsets.position, t.at.at("building.position"));
  EXPECT_EQ(b.offsets.properties, t.at.at("building.properties"));
  ASSERT_NE(b.property("LogicalID"), nullptr);
  EXPECT_EQ(b.property("LogicalID")->value, 5u);
  EXPECT_EQ(m.objects[1].host, 5);
  EXPECT_EQ(m.objects[1].hallway, 2);
  EXPECT_EQ(m.objects[2].scale, (Vec3{2.5f, 2.5f, 2.5f}));
  EXPECT_EQ(m.objects[2].properties.size(), 0u);
  EXPECT_EQ(m.map_path, "DATA\\MAPS\\SC_3\\land");
  EXPECT_EQ(map_folder(m.map_path), "DATA/MAPS/SC_3");
  EXPECT_EQ(m.map_word, 1u);
  EXPECT_EQ(m.description.size(), 26u);
  EXPECT_EQ(stored_text(m.description), "Take the plant.");
  ASSERT_EQ(m.lodes.size(), 1u);
  EXPECT_EQ(m.lodes[0].position, (Vec3{7, 8, 9}));
  EXPECT_EQ(m.lodes[0].type, 2u);
  EXPECT_EQ(m.lodes[0].amount, 5000.f);
  EXPECT_EQ(m.lodes[0].last, 0xDEADBEEFu);
  EXPECT_TRUE(check_mission(t.b).empty()) << check_mission(t.b).front().to_string();
}

TEST(Mission, WritesBackTheSameBytesAndRecountsAfterAnEdit) {
  const Bytes t = build();
  Mission m = read_mission(t.b).value();
  EXPECT_EQ(write_mission(m), t.b);
  // One more lode: the count word becomes 2 and 28 bytes follow; everything before is unchanged.
  m.lodes.push_back(Lode{{1, 2, 3}, 1, 0, 10, 0});
  const ByteBuffer edited = write_mission(m);
  ASSERT_EQ(edited.size(), t.b.size() + kLodeSize);
  EXPECT_TRUE(std::equal(t.b.begin(), t.b.begin() + std::ptrdiff_t(t.at.at("lodes.version") + 4), edited.begin()));
  EXPECT_EQ(load_u32(edited.data() + t.at.at("lodes.version") + 4), 2u);
  EXPECT_EQ(read_mission(edited).value().lodes[1].amount, 10.f);
}

TEST(Mission, AnOlderObjectVersionReadsWithoutTheLaterFields) {
  Recipe r;
  r.object_version = 6;  // no instance name, start flag, host words or scale
  const Bytes t = build(r);
  const Mission m = read_mission(t.b).value();
  EXPECT_EQ(m.objects[2].scale, (Vec3{1, 1, 1}));
  EXPECT_EQ(m.objects[1].host, kNone);
  EXPECT_EQ(m.objects[1].properties.size(), 2u);
  EXPECT_EQ(write_mission(m), t.b);
  const auto d = check_mission(t.b);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].code, codes::kVersionObjectsOld);
}

Diagnostic only_error(const ByteBuffer& bytes) {
  const auto d = check_mission(bytes);
  EXPECT_EQ(d.size(), 1u);
  return d.empty() ? Diagnostic{} : d[0];
}

TEST(Mission, StructuralRulesStopTheReadAtTheirOffset) {
  struct Case { Recipe recipe; const char* code; std::string field; std::size_t plus; };
  std::vector<Case> cases;
  Recipe r;
  r.route_version = 2; cases.push_back({r, codes::kVersionRoutes, "", 0}); r = {};
  r.clan_version = 5; cases.push_back({r, codes::kVersionClans, "clans.version", 0}); r = {};
  r.object_version = 11; cases.push_back({r, codes::kVersionObjects, "objects.version", 0}); r = {};
  r.lode_version = 0; cases.push_back({r, codes::kVersionLodes, "lodes.version", 0}); r = {};
  r.building_marker = 0x80000001; cases.push_back({r, codes::kObjectMarker, "building", 4}); r = {};
  r.trailing = 3; cases.push_back({r, codes::kTrailing, "end", 0});
  for (const Case& c : cases) {
    Bytes t = build(c.recipe);
    t.at["end"] = t.b.size() - c.recipe.trailing;
    t.at[""] = 0;
    const Diagnostic d = only_error(t.b);
    EXPECT_EQ(d.code, c.code) << d.to_string();
    EXPECT_EQ(d.severity, Severity::error);
    EXPECT_EQ(d.location.offset, t.at.at(c.field) + c.plus) << c.code;
  }
  const Bytes ok = build();
  EXPECT_EQ(only_error(build(cases[4].recipe).b).message,
            "object 0: marker 0x80000001, every object record has 0x80000002");
  (void)ok;
}

TEST(Mission, EveryCutShortFileIsRefusedWithoutReadingPastTheEnd) {
  const Bytes t = build();
  for (std::size_t n = 0; n < t.b.size(); ++n) {
    const ByteBuffer cut(t.b.begin(), t.b.begin() + std::ptrdiff_t(n));
    const Result<Mission> m = read_mission(cut);
    ASSERT_FALSE(m.ok()) << n;
    EXPECT_TRUE(m.error().rule == codes::kSize || m.error().rule == codes::kCount) << n << ": " << m.error().rule;
  }
}

TEST(Mission, ACountTheBytesCannotHoldIsRefusedBeforeAnythingIsReserved) {
  Bytes t = build();
  store_u32(t.b.data() + t.at.at("objects.version") + 4, 0xFFFFFFFF);
  const Result<Mission> m = read_mission(t.b);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().rule, codes::kCount);
  EXPECT_EQ(m.error().offset, t.at.at("objects.version") + 4);
  EXPECT_NE(m.error().message.find("4294967295 objects: at least"), std::string::npos) << m.error().message;
  // A string longer than the file.
  Bytes s = build();
  store_u32(s.b.data() + s.at.at("map"), 1u << 30);
  EXPECT_EQ(read_mission(s.b).error().rule, codes::kSize);
  EXPECT_EQ(read_mission(s.b).error().offset, s.at.at("map"));
}

TEST(Mission, EachRecordRuleIsFoundWithItsOffset) {
  struct Case { Recipe recipe; const char* code; Severity severity; std::string field; };
  std::vector<Case> cases;
  auto add = [&](auto change, const char* code, Severity severity, std::string field) {
    Recipe r;
    change(r);
    cases.push_back({r, code, severity, std::move(field)});
  };
  add([](Recipe& r) { r.route_id = 1; }, codes::kRouteId, Severity::warning, "route0");
  add([](Recipe& r) { r.clan1_type = 7; }, codes::kClanType, Severity::warning, "clan1");
  add([](Recipe& r) { r.clan1_parent = 0; }, codes::kClanParent, Severity::warning, "clan1");
  add([](Recipe& r) { r.zone_on_player = true; }, codes::kClanZones, Severity::warning, "clan1");
  add([](Recipe& r) { r.extra_relation = "Nobody"; }, codes::kRelationClan,
      Severity::error, "clan1");
  add([](Recipe& r) { r.player_relation_value = 2; }, codes::kRelationValue, Severity::warning, "clan1");
  add([](Recipe& r) { r.player_relations_complete = false; }, codes::kRelationMissing, Severity::warning, "clan1");
  add([](Recipe& r) { r.clan1 = "Animals"; }, codes::kClanName, Severity::warning, "clan1");
  add([](Recipe& r) { r.building_path = ""; }, codes::kObjectPath, Severity::error, "building.path");
  add([](Recipe& r) { r.rock_kind = 9; }, codes::kObjectKind, Severity::warning, "rock");
  add([](Recipe& r) { r.building_clan = 2; r.clan_id_property = 2; }, codes::kObjectClan, Severity::error, "building.clan");
  add([](Recipe& r) { r.clan_id_property = 0; }, codes::kObjectClanId, Severity::warning, "building.properties");
  add([](Recipe& r) { r.logical_id_property = 4; }, codes::kObjectLogicalId, Severity::warning, "building.properties");
  add([](Recipe& r) { r.building_x = std::numeric_limits<float>::infinity(); }, codes::kObjectPosition,
      Severity::warning, "building.position");
  add([](Recipe& r) { r.building_rot_x = 0.5f; }, codes::kObjectRotation, Severity::warning, "building.rotation");
  add([](Recipe& r) { r.rock_scale_y = 3; }, codes::kObjectScale, Severity::warning, "rock.scale");
  add([](Recipe& r) { r.building_scale = 2; }, codes::kObjectScaleIgnored, Severity::warning, "building.scale");
  add([](Recipe& r) { r.unit_host = 99; }, codes::kObjectHost, Severity::warning, "unit.host");
  add([](Recipe& r) { r.property_type = 4; }, codes::kPropertyType, Severity::warning, "building.properties");
  for (const Case& c : cases) {
    const Bytes t = build(c.recipe);
    const auto d = check_mission(t.b);
    ASSERT_EQ(d.size(), 1u) << c.code << ": " << (d.empty() ? "none" : d[0].to_string() + " ... " + d.back().to_string());
    EXPECT_EQ(d[0].code, c.code);
    EXPECT_EQ(d[0].severity, c.severity) << c.code;
    EXPECT_EQ(d[0].location.offset, t.at.at(c.field)) << c.code;
  }
}

TEST(Mission, RuleMessagesNameTheRecordAndTheValues) {
  Recipe r;
  r.unit_host = 99;
  EXPECT_EQ(only_error(build(r).b).message,
            "object 1 (unit \"UNITS\\UNITS\\HERO\\hero.dat\"): host building 99 is no building of the mission (by "
            "logical id)");
  r = {};
  r.player_relations_complete = false;
  EXPECT_EQ(only_error(build(r).b).message,
            "clan 1 \"Player\" has no relation to clan 1 \"Player\": every retail clan names every clan, itself "
            "included");
  r = {};
  r.unit_id = 5;  // the unit takes the building's logical id
  const auto d = check_mission(build(r).b);
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0].code, codes::kObjectLogicalIdTaken);
  EXPECT_EQ(d[0].message, "object 1: logical id 5 is object 0's too");
}

TEST(Mission, JsonNamesTheMapKindsAndTypedProperties) {
  const nlohmann::json j = mission_json(read_mission(build().b).value());
  EXPECT_EQ(j["map_folder"], "DATA/MAPS/SC_3");
  EXPECT_EQ(j["description"], "Take the plant.");
  EXPECT_EQ(j["description_bytes"], 26);
  EXPECT_EQ(j["objects_by_kind"], (nlohmann::json{{"building", 1}, {"unit", 1}, {"rock", 1}}));
  EXPECT_EQ(j["objects"][0]["properties"][0], (nlohmann::json{{"name", "ClanID"}, {"type", 1}, {"value", 1},
                                                              {"min", 1}, {"max", 1}}));
  EXPECT_EQ(j["clans"][0]["type_name"], "nature");
  EXPECT_EQ(j["objects"][2]["kind_name"], "rock");
}

// Any mission the recipe can describe writes back the bytes it was read from; any change of one byte
// never crashes the reader, the checker or the JSON.
RC_GTEST_PROP(Mission, ReadThenWriteIsTheIdentityAndNoByteChangeCrashes, ()) {
  Recipe r;
  r.object_version = *rc::gen::inRange<std::uint32_t>(1, 11);
  r.building_x = *rc::gen::arbitrary<float>();
  r.description = *rc::gen::arbitrary<std::string>();
  r.clan0 = *rc::gen::arbitrary<std::string>();
  r.unit_hallway = *rc::gen::arbitrary<std::int32_t>();
  r.property_type = *rc::gen::inRange<std::uint32_t>(0, 3);
  Bytes t = build(r);
  const Mission m = read_mission(t.b).value();
  RC_ASSERT(write_mission(m) == t.b);
  const std::size_t at = *rc::gen::inRange<std::size_t>(0, t.b.size());
  t.b[at] = *rc::gen::arbitrary<std::uint8_t>();
  const Result<Mission> changed = read_mission(t.b);
  (void)check_mission(t.b);
  if (changed) {
    (void)mission_json(*changed).dump();
    RC_ASSERT(write_mission(*changed) == t.b);
  }
}

}  // namespace
}  // namespace parkan::mission
