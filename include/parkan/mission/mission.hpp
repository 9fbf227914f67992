#pragma once
// Missions, MISSIONS/**/data.tma (docs/formats/mission.md): routes, clans with their zones and
// relations, the placed objects with their typed properties, the map the mission plays on, the
// description and the mineral lodes. Every stored byte lands in a field (strings keep all their stored
// bytes, the description's stale buffer tail included), so an unedited read writes back byte for byte;
// the writer recomputes only counts and string lengths.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"

namespace parkan::mission {

// The section version words of every retail file (docs/formats/mission.md 1).
inline constexpr std::uint32_t kRouteVersion = 1;
inline constexpr std::uint32_t kClanVersion = 6;
inline constexpr std::uint32_t kObjectVersion = 10;  // the newest record; older ones lack fields (2.3)
inline constexpr std::uint32_t kLodeVersion = 1;
inline constexpr std::uint32_t kObjectMarker = 0x80000002;
inline constexpr std::int32_t kNone = -1;  // no parent clan, no host building, no hall-way vertex
inline constexpr std::size_t kLodeSize = 28;
// A zone as openparkan reads it: u32 kind, f32 centre[3], f32 inner, f32 outer. fparkan frames a
// nature clan's zones as 20-byte records; the two agree on every retail file (docs/formats/mission.md 2.2).
inline constexpr std::size_t kZoneSize = 24;

// The object record version that introduced a field (docs/formats/mission.md 2.3).
inline constexpr std::uint32_t kSinceClan = 3, kSinceLogicalId = 4, kSinceProperties = 6, kSinceName = 7,
                               kSinceStartFlag = 8, kSinceHost = 9, kSinceScale = 10;

enum class ObjectKind : std::uint32_t { building = 0, unit = 1, vegetation = 2, rock = 3 };
enum class ClanType : std::uint32_t { nature = 0, player = 1, enemy = 2, neutral = 3 };
enum class PropertyType : std::uint32_t { real = 0, integer = 1 };
// "building", "unit", "vegetation", "rock", or "unknown".
std::string_view object_kind_name(std::uint32_t kind);
// "nature", "player", "enemy", "neutral", or "unknown".
std::string_view clan_type_name(std::uint32_t type);

using Vec3 = std::array<float, 3>;

struct Route {
  std::uint32_t id = 0;
  std::vector<Vec3> points;  // a polygon
  std::size_t offset = 0;    // where the record starts in the file (set by the reader)
};

struct Zone {
  std::uint32_t kind = 0;
  Vec3 centre{};
  float inner = 0, outer = 0;
};

struct Relation {
  std::string clan;          // another clan's name (stored bytes)
  std::uint32_t ally = 0;    // 1 ally or self, 0 enemy
};

struct Clan {
  std::string name;
  std::int32_t parent = kNone;
  std::array<float, 2> base{};
  std::uint32_t type = 0;    // ClanType
  std::string ai_script;
  std::vector<Zone> zones;   // a nature clan's pastures
  std::string behaviour;     // a .trf behaviour tree
  std::uint32_t minds = 0;   // the bot cap
  std::vector<Relation> relations;
  std::size_t offset = 0;
};

struct Property {
  std::uint32_t type = 0;    // PropertyType: how the three words read
  std::uint32_t value = 0, minimum = 0, maximum = 0;  // stored words (f32 or i32 by type)
  std::string name;
};

// Where the fields of an object record are in the file (set by the reader, for findings).
struct ObjectOffsets {
  std::size_t record = 0, clan = 0, logical_id = 0, position = 0, rotation = 0, scale = 0, host = 0,
              properties = 0;
};

struct Object {
  std::uint32_t kind = 0;                 // ObjectKind
  std::uint32_t marker = kObjectMarker;
  std::string path;                       // kinds 0/1: a .dat under UNITS; 2/3: an objects.rlb key
  std::uint32_t clan = 0;                 // clan index (since 3)
  std::int32_t logical_id = 0;            // (since 4)
  Vec3 position{};                        // where the model's z = 0 lands
  Vec3 rotation{};                        // radians about x, y, z: Rz * Ry * Rx
  Vec3 scale{1, 1, 1};                    // (since 10) used for kinds 2/3 only
  std::string name;                       // instance name (since 7)
  std::uint32_t start_flag = 0;           // (since 8) a building keeps its file height
  std::int32_t host = kNone;              // (since 9) logical id of the building a unit starts in
  std::int32_t hallway = kNone;           // (since 9) the host mesh's stream-17 node
  std::uint32_t property_word = 1;        // (since 6)
  std::vector<Property> properties;       // (since 6)
  ObjectOffsets offsets;

  // The property named `name`, or nullptr.
  const Property* property(std::string_view name) const;
};

struct Lode {
  Vec3 position{};
  std::uint32_t found = 0, type = 0;
  float amount = 0;
  std::uint32_t last = 0;  // the record's fourth word, unread by the engine's peers
};

struct Mission {
  std::uint32_t route_version = kRouteVersion;
  std::vector<Route> routes;
  std::uint32_t clan_version = kClanVersion;
  std::vector<Clan> clans;
  std::uint32_t object_version = kObjectVersion;
  std::vector<Object> objects;
  std::string map_path;                   // "DATA\MAPS\SC_3\land"
  std::uint32_t map_word = 0;             // 1 on Multi.* and Single.01; unread
  std::string description;                // the stored buffer: text, then 0xCD fill and stale bytes
  std::uint32_t lode_version = kLodeVersion;
  std::vector<Lode> lodes;
};

// The text of a stored string: up to its first NUL or 0xCD (MSVC's fill of unused buffer bytes).
std::string_view stored_text(std::string_view stored);
// The map folder a mission names: "DATA\MAPS\SC_3\land" -> "DATA/MAPS/SC_3" (empty when it has no folder).
std::string map_folder(std::string_view map_path);

// Reads a data.tma. Structural rules are errors with the offset of the field that breaks them:
// mission.size (the data ends inside a field), mission.count (a count the bytes left cannot hold),
// mission.version.routes, mission.version.clans, mission.version.objects, mission.version.lodes,
// mission.object.marker, mission.trailing (bytes after the lodes).
Result<Mission> read_mission(ByteView bytes);
// Every finding: the structural rule that stops the read, or the record rules of
// docs/formats/mission.md 4, each with its offset in the file.
std::vector<Diagnostic> check_mission(ByteView bytes);
std::vector<Diagnostic> check_mission(const Mission& mission);
// The file: counts and string lengths from the fields, everything else as stored.
ByteBuffer write_mission(const Mission& mission);
// The whole mission as one JSON document (docs/cli.md 5.12; strings as UTF-8 of cp1251).
nlohmann::json mission_json(const Mission& mission);

}  // namespace parkan::mission
