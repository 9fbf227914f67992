#pragma once
// The diagnostic codes of missions (docs/formats/mission.md 4; docs/codes.md lists each with its
// severity and meaning): emit these constants, never the string, so that a typo is a compile error.

namespace parkan::mission::codes {

// Errors: the file cannot be read as a mission.
inline constexpr const char* kSize = "mission.size";
inline constexpr const char* kCount = "mission.count";
inline constexpr const char* kVersionRoutes = "mission.version.routes";
inline constexpr const char* kVersionClans = "mission.version.clans";
inline constexpr const char* kVersionObjects = "mission.version.objects";
inline constexpr const char* kVersionLodes = "mission.version.lodes";
inline constexpr const char* kObjectMarker = "mission.object.marker";
inline constexpr const char* kTrailing = "mission.trailing";
// Errors: read, but a reference the engine follows leads nowhere.
inline constexpr const char* kObjectClan = "mission.object.clan";
inline constexpr const char* kObjectPath = "mission.object.path";
inline constexpr const char* kRelationClan = "mission.relation.clan";

// Warnings: readable, but not what every retail mission holds.
inline constexpr const char* kVersionObjectsOld = "mission.version.objects_old";
inline constexpr const char* kRouteId = "mission.route.id";
inline constexpr const char* kClanType = "mission.clan.type";
inline constexpr const char* kClanParent = "mission.clan.parent";
inline constexpr const char* kClanZones = "mission.clan.zones";
inline constexpr const char* kClanName = "mission.clan.name";
inline constexpr const char* kRelationMissing = "mission.relation.missing";
inline constexpr const char* kRelationValue = "mission.relation.value";
inline constexpr const char* kObjectKind = "mission.object.kind";
inline constexpr const char* kObjectClanId = "mission.object.clan_id";
inline constexpr const char* kObjectLogicalId = "mission.object.logical_id";
inline constexpr const char* kObjectLogicalIdTaken = "mission.object.logical_id_taken";
inline constexpr const char* kObjectPosition = "mission.object.position";
inline constexpr const char* kObjectRotation = "mission.object.rotation";
inline constexpr const char* kObjectScale = "mission.object.scale";
inline constexpr const char* kObjectScaleIgnored = "mission.object.scale_ignored";
inline constexpr const char* kObjectHost = "mission.object.host";
inline constexpr const char* kPropertyType = "mission.property.type";

}  // namespace parkan::mission::codes
