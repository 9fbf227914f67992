// The sample game's world: its maps (terrain and areal map), unit assemblies of the catalog's
// prototypes, and missions placing them, in the retail proportions of docs/formats/mission.md and
// docs/formats/unit.md: about 30 objects in 3 or 4 clans and 0 to 2 routes per mission (the small game:
// one map, one mission of a few objects), written with the project's own writers.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>

#include <fmt/format.h>

#include "sample/sample_random.hpp"
#include "sample/sample_world.hpp"
#include "parkan/mission/mission.hpp"
#include "parkan/objdata/base.hpp"
#include "parkan/unit/assembly.hpp"
#include "parkan/unit/build_list.hpp"

namespace parkan::sample {

namespace {

// The class words of docs/formats/unit.md 1 (BuildDat.lst's building types).
constexpr std::uint32_t kWarbotClass = 0x01008000;
constexpr std::array<std::uint32_t, 4> kBuildingClasses = {0x80000010, 0x80000002, 0x80000008, 0x80000040};
constexpr std::size_t kDescriptionCapacity = 48;  // the description is a buffer (docs/formats/mission.md 2.4)

struct UnitFile {
  std::string path;  // '\\' separated, as a mission names it
  bool building = false;
  bool mounted = false;  // the carrier with its turret and gun on sockets: one per mission, placed apart
};

struct Keys {
  std::vector<std::string> units, buildings, parts, vegetation, rocks;
};

Keys sort_keys(const std::vector<ObjectModel>& prototypes) {
  Keys k;
  for (const ObjectModel& p : prototypes) {
    if (p.family == kMountFamily) continue;  // the mounted unit's parts: its own .dat only
    if (p.family == "vehicle" || p.family == "robot") k.units.push_back(p.key);
    else if (p.family == "building") k.buildings.push_back(p.key);
    else if (p.family == "plant") (p.key.find("rock") != std::string::npos ? k.rocks : k.vegetation).push_back(p.key);
    else k.parts.push_back(p.key);  // props, turrets, towers: internal parts and ammunition
  }
  if (k.parts.empty()) k.parts = k.units;  // the small game: its few prototypes serve as parts too
  return k;
}

unit::Part part(const std::string& key, const std::string& name, unit::PartClass c, std::int32_t attachment,
                std::int32_t children) {
  unit::Part p;
  p.archive = std::string(unit::kPrototypeArchive);
  p.key = key;
  p.name = name;
  p.part_class = static_cast<std::uint32_t>(c);
  p.attachment = attachment;
  p.children = children;
  return p;
}

// A warbot: the chassis with `internals` parts in controller slots, every other one (the first too)
// holding a clip of ammunition (internals = 7 gives 12 records, the retail size).
ByteBuffer warbot(const std::string& chassis, const Keys& keys, std::uint32_t internals, SampleRandom& rng) {
  unit::Assembly a;
  a.class_word = kWarbotClass;
  a.parts.push_back(part(chassis, "Chassis", unit::PartClass::chassis, unit::kNoAttachment, std::int32_t(internals)));
  for (std::uint32_t i = 0; i < internals; ++i) {
    const bool clip = i % 2 == 0;
    const std::string& key = keys.parts[rng.below(std::uint32_t(keys.parts.size()))];
    a.parts.push_back(part(key, fmt::format("Part {}", i + 1), unit::PartClass::internal, std::int32_t(i), clip ? 1 : 0));
    if (clip) a.parts.push_back(part(key, "Clip", unit::PartClass::ammunition, 0, 0));
  }
  return unit::write_assembly(a).value();  // names well under 32 bytes
}

// The mounted unit (sample_mounts.cpp): the carrier, the turret on its Base_TL, the gun on the
// turret's Base_gun, and one internal part with its clip in controller slots.
ByteBuffer mounted_unit(const Keys& keys) {
  unit::Assembly a;
  a.class_word = kWarbotClass;
  a.parts.push_back(part(std::string(kMountChassisKey), "Carrier", unit::PartClass::chassis, unit::kNoAttachment, 2));
  a.parts.push_back(part(std::string(kMountTurretKey), "Turret", unit::PartClass::turret, kMountTurretSocket, 1));
  a.parts.push_back(part(std::string(kMountGunKey), "Gun", unit::PartClass::gun, kMountGunSocket, 0));
  a.parts.push_back(part(keys.parts.front(), "Engine", unit::PartClass::internal, 0, 1));
  a.parts.push_back(part(keys.parts.front(), "Clip", unit::PartClass::ammunition, 0, 0));
  return unit::write_assembly(a).value();  // names well under 32 bytes
}

ByteBuffer building(const std::string& key, std::uint32_t class_word) {
  unit::Assembly a;
  a.class_word = class_word;
  a.parts.push_back(part(key, "Building", unit::PartClass::chassis, unit::kNoAttachment, 0));
  return unit::write_assembly(a).value();
}

std::uint32_t float_word(float f) {
  std::uint32_t w;
  std::memcpy(&w, &f, 4);
  return w;
}

mission::Property int_property(const char* name, std::int32_t value) {
  const auto w = static_cast<std::uint32_t>(value);
  return {static_cast<std::uint32_t>(mission::PropertyType::integer), w, w, w, name};
}

std::string stored(const std::string& text, std::size_t capacity) {
  std::string out = text;
  out.push_back('\0');
  while (out.size() < capacity) out.push_back('\xCD');
  return out;
}

// A place on the map's dry ground, inside a margin.
mission::Vec3 dry_place(const MapSpec& map, SampleRandom& rng) {
  const float extent = map_extent(map), margin = map.cell;
  for (int tries = 0;; ++tries) {
    const float x = rng.range(margin, extent - margin), y = rng.range(margin, extent - margin);
    const float z = surface_height(map, x, y);
    if (z > map_water_level(map) + 2 || tries > 50) return {x, y, z};
  }
}

mission::Mission make_mission(const MapSpec& map, const std::vector<UnitFile>& units, const Keys& keys,
                              std::uint32_t objects_wanted, std::uint32_t clans_wanted, std::uint32_t routes,
                              bool multi, SampleRandom& rng, const std::string& title) {
  mission::Mission m;
  const char* names[] = {"Animals", "Player", "Enemy", "Neutral"};
  for (std::uint32_t c = 0; c < clans_wanted; ++c) {
    mission::Clan clan;
    clan.name = names[c];
    clan.type = c;  // 0 nature, 1 player, 2 enemy, 3 neutral
    const mission::Vec3 base = dry_place(map, rng);
    clan.base = {base[0], base[1]};
    clan.ai_script = c == 0 ? "" : fmt::format("ai\\clan{}.scr", c);
    if (c == 0)
      for (std::uint32_t z = 0; z < 1 + rng.below(2); ++z) {
        const mission::Vec3 at = dry_place(map, rng);
        clan.zones.push_back({1, at, map.cell * 0.5f, map.cell * 1.5f});
      }
    clan.behaviour = c == 0 ? "animals.trf" : "clan.trf";
    clan.minds = c == 0 ? 5 : 5 + rng.below(12);
    m.clans.push_back(std::move(clan));
  }
  for (mission::Clan& clan : m.clans)
    for (const mission::Clan& other : m.clans)
      clan.relations.push_back({other.name, &clan == &other || (clan.type == 1 && other.type == 3) ? 1u : 0u});
  std::int32_t next_id = 1;
  auto owned = [&](std::uint32_t kind, const UnitFile& file, std::uint32_t clan, const char* stem) {
    mission::Object o;
    o.kind = kind;
    o.path = file.path;
    o.clan = clan;
    o.logical_id = next_id++;
    o.position = dry_place(map, rng);
    o.rotation = {0, 0, rng.range(-std::numbers::pi_v<float>, std::numbers::pi_v<float>)};
    o.name = fmt::format("{}_{}", stem, o.logical_id);
    o.properties = {int_property("ClanID", std::int32_t(clan)), int_property("LogicalID", o.logical_id),
                    {static_cast<std::uint32_t>(mission::PropertyType::real), float_word(1), float_word(0),
                     float_word(1), "Life state"}};
    m.objects.push_back(std::move(o));
  };
  std::vector<const UnitFile*> buildings, warbots;
  const UnitFile* mounted = nullptr;
  for (const UnitFile& u : units) {
    if (u.mounted) mounted = &u;
    else (u.building ? buildings : warbots).push_back(&u);
  }
  // The engine's order: buildings, then units, then scenery.
  const std::uint32_t owners = std::max<std::uint32_t>(1, clans_wanted - 1);
  for (std::uint32_t c = 1; c <= owners && c < clans_wanted; ++c)
    for (std::uint32_t b = 0; b < 1 + objects_wanted / 15; ++b)
      owned(0, *buildings[rng.below(std::uint32_t(buildings.size()))], c, "building");
  for (std::uint32_t c = 1; c <= owners && c < clans_wanted; ++c)
    for (std::uint32_t u = 0; u < 2 + objects_wanted / 8; ++u) {
      if (c == 1 && u == 0 && mounted) {  // the player's first unit: the carrier, its parts on sockets
        owned(1, *mounted, c, "carrier");
        continue;
      }
      owned(1, *warbots[rng.below(std::uint32_t(warbots.size()))], c, "warbot");
    }
  while (m.objects.size() < objects_wanted && (!keys.vegetation.empty() || !keys.rocks.empty())) {
    const bool rock = !keys.rocks.empty() && (keys.vegetation.empty() || rng.below(4) == 0);
    const std::vector<std::string>& pool = rock ? keys.rocks : keys.vegetation;
    mission::Object o;
    o.kind = rock ? 3 : 2;
    o.path = pool[rng.below(std::uint32_t(pool.size()))];
    o.position = dry_place(map, rng);
    o.rotation = {0, 0, rng.range(0, 2 * std::numbers::pi_v<float>)};
    const float s = rng.range(0.5f, 2.0f);
    o.scale = {s, s, s};
    m.objects.push_back(std::move(o));
  }
  for (std::uint32_t r = 0; r < routes; ++r) {
    mission::Route route;
    route.id = r;
    const mission::Vec3 c = dry_place(map, rng);
    constexpr float kSquare[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};  // a quarter turn apart, exact
    for (int k = 0; k < 4; ++k) {
      const float x = c[0] + map.cell * kSquare[k][0], y = c[1] + map.cell * kSquare[k][1];
      route.points.push_back({x, y, surface_height(map, x, y)});
    }
    m.routes.push_back(std::move(route));
  }
  m.map_path = fmt::format("DATA\\MAPS\\{}\\land", map.name);
  m.map_word = multi ? 1 : 0;
  m.description = stored(title, kDescriptionCapacity);
  for (std::uint32_t l = 0; l < 1 + rng.below(2); ++l)
    m.lodes.push_back({dry_place(map, rng), 0, rng.below(3), 5000, 0});
  return m;
}

}  // namespace

ByteBuffer base_outline(float x0, float y0, float x1, float y1) {
  constexpr float kClearance = 1.35f;
  const float cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  auto ring = [&](float scale, bool inner) {
    objdata::BaseRing r;
    const float hx = (x1 - x0) / 2 * scale, hy = (y1 - y0) / 2 * scale;
    r.points = {{cx - hx, cy - hy, 0}, {cx + hx, cy - hy, 0}, {cx + hx, cy + hy, 0}, {cx - hx, cy + hy, 0},
                {cx - hx, cy - hy, 0}};
    if (inner) r.triangles = {0, 1, 2, 3}, r.corners = {0, 1, 2, 3};
    return r;
  };
  objdata::Base base;
  base.inner.push_back(ring(1, true));
  base.outer.push_back(ring(kClearance, false));
  return objdata::write_base(base);
}

// BuildDat.lst (docs/formats/unit.md 5): a section per building type the sample's buildings carry, in
// kBuildingClasses order, naming the building .dat files of that type; CRLF lines and a comment first.
namespace {
SampleFile sample_build_list(std::size_t houses) {
  std::string text = "// The schemes the behaviour builds fortifications from (parkan sample game)\r\n";
  for (std::size_t c = 0; c < kBuildingClasses.size() && c < houses; ++c) {
    std::vector<std::string> paths;
    for (std::size_t i = c; i < houses; i += kBuildingClasses.size())
      paths.push_back(fmt::format("UNITS\\BUILDINGS\\building_{:02}.dat", i + 1));
    std::string_view name;
    for (const unit::BuildScheme& scheme : unit::kBuildSchemes)
      if (scheme.class_word == kBuildingClasses[c]) name = scheme.name;
    text += fmt::format("{} {}\r\n", name, paths.size());
    for (const std::string& path : paths) text += fmt::format("  \"{}\"\r\n", path);
  }
  return {std::string(unit::kBuildListFile), ByteBuffer(text.begin(), text.end())};
}
}  // namespace

std::vector<SampleFile> sample_world(const std::vector<ObjectModel>& prototypes, const SampleOptions& options) {
  SampleRandom rng{options.seed * 0x9E3779B97F4A7C15ull + 26};
  const Keys keys = sort_keys(prototypes);
  std::vector<SampleFile> files;
  std::vector<UnitFile> units;
  const std::size_t warbots = options.retail ? 6 : 2, houses = options.retail ? 4 : 1;
  for (std::size_t i = 0; i < warbots; ++i) {
    const std::string name = fmt::format("warbot_{:02}", i + 1);
    files.push_back({"UNITS/UNITS/" + name + ".dat",
                     warbot(keys.units[i % keys.units.size()], keys, options.retail ? 7 : 1, rng)});
    units.push_back({"UNITS\\UNITS\\" + name + ".dat", false});
  }
  for (std::size_t i = 0; i < houses && !keys.buildings.empty(); ++i) {
    const std::string name = fmt::format("building_{:02}", i + 1);
    files.push_back({"UNITS/BUILDINGS/" + name + ".dat",
                     building(keys.buildings[i % keys.buildings.size()], kBuildingClasses[i % kBuildingClasses.size()])});
    units.push_back({"UNITS\\BUILDINGS\\" + name + ".dat", true});
  }

  files.push_back(sample_build_list(houses));

  if (!keys.parts.empty()) {
    files.push_back({std::string(kMountUnitPath), mounted_unit(keys)});
    std::string path(kMountUnitPath);
    std::replace(path.begin(), path.end(), '/', '\\');
    units.push_back({path, false, true});
  }

  std::vector<MapSpec> maps = {{"M01", 8, 4, 100, options.seed}};
  struct MissionSpec {
    std::string folder;
    std::size_t map;
    std::uint32_t objects, clans, routes;
  };
  std::vector<MissionSpec> missions = {{"Single.01", 0, 8, 3, 1}};
  if (options.retail) {
    maps = {{"M01", 16, 4, 150, options.seed}, {"M02", 16, 4, 120, options.seed + 1}, {"M03", 8, 4, 100, options.seed + 2}};
    missions = {{"Single.01", 0, 30, 4, 2},
                {"Single.02", 1, 28, 3, 1},
                {"Multi.01", 2, 24, 4, 0},
                {"CAMPAIGN/CAMPAIGN.01/Mission.01", 0, 32, 3, 2}};
  }
  for (const MapSpec& map : maps) {
    for (SampleFile& f : sample_terrain(map)) files.push_back(std::move(f));
    files.push_back(sample_areal_map(map));
  }
  for (const MissionSpec& spec : missions) {
    const mission::Mission m = make_mission(maps[spec.map], units, keys, spec.objects, spec.clans, spec.routes,
                                            spec.folder.starts_with("Multi") || spec.folder == "Single.01", rng,
                                            "Sample mission " + spec.folder);
    files.push_back({"MISSIONS/" + spec.folder + "/data.tma", mission::write_mission(m)});
    for (SampleFile& f : sample_sky(spec.folder, std::size_t(&spec - missions.data()), options)) files.push_back(std::move(f));
  }
  return files;
}

}  // namespace parkan::sample
