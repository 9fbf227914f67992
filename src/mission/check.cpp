// The mission checks (docs/formats/mission.md 4): the structural rule that stops the read, else the
// record rules, each with the offset of the field in the file.
#include <cmath>
#include <cstring>
#include <map>
#include <set>

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/mission/codes.hpp"
#include "parkan/mission/mission.hpp"

namespace parkan::mission {

namespace {

constexpr std::uint32_t kKindCount = 4;
constexpr std::uint32_t kClanTypeCount = 4;

std::string shown(std::string_view stored) { return "\"" + cp1251_to_utf8(stored_text(stored)) + "\""; }

bool is_owned(std::uint32_t kind) {
  return kind == static_cast<std::uint32_t>(ObjectKind::building) || kind == static_cast<std::uint32_t>(ObjectKind::unit);
}

// A property's value as a number, by its type.
double property_number(const Property& p) {
  if (p.type == static_cast<std::uint32_t>(PropertyType::real)) {
    float f;
    std::memcpy(&f, &p.value, 4);
    return f;
  }
  return static_cast<std::int32_t>(p.value);
}

class Checker {
 public:
  explicit Checker(const Mission& m) : m_(m) {}

  std::vector<Diagnostic> run() {
    if (m_.object_version < kObjectVersion)
      add(Severity::warning, codes::kVersionObjectsOld, std::nullopt,
          "object records of version {}: every retail mission has {}; fields added since are absent",
          m_.object_version, kObjectVersion);
    routes();
    clans();
    objects();
    return std::move(out_);
  }

 private:
  template <class... Args>
  void add(Severity severity, const char* code, std::optional<std::uint64_t> offset,
           fmt::format_string<Args...> format, Args&&... args) {
    add_diagnostic(out_, severity, code, offset, fmt::format(format, std::forward<Args>(args)...));
  }

  void routes() {
    for (std::size_t i = 0; i < m_.routes.size(); ++i)
      if (m_.routes[i].id != i)
        add(Severity::warning, codes::kRouteId, m_.routes[i].offset, "route {} has id {}: retail ids count 0, 1, 2...",
            i, m_.routes[i].id);
  }

  void clans() {
    std::map<std::string, std::size_t> by_name;
    for (std::size_t i = 0; i < m_.clans.size(); ++i) {
      const std::string name(stored_text(m_.clans[i].name));
      if (!by_name.emplace(name, i).second)
        add(Severity::warning, codes::kClanName, m_.clans[i].offset,
            "clan {} is named {} as clan {} is: relations name clans by name", i, shown(name), by_name[name]);
    }
    for (std::size_t i = 0; i < m_.clans.size(); ++i) {
      const Clan& c = m_.clans[i];
      const std::size_t at = c.offset;
      if (c.type >= kClanTypeCount)
        add(Severity::warning, codes::kClanType, at, "clan {} {}: type {} (0 nature, 1 player, 2 enemy, 3 neutral)", i,
            shown(c.name), c.type);
      if (c.parent != kNone)
        add(Severity::warning, codes::kClanParent, at, "clan {} {}: parent word {}, -1 on every retail clan", i,
            shown(c.name), c.parent);
      if (!c.zones.empty() && c.type != static_cast<std::uint32_t>(ClanType::nature))
        add(Severity::warning, codes::kClanZones, at,
            "clan {} {} is {} and has {} zones: only nature clans have zones (fparkan reads none on others)", i,
            shown(c.name), clan_type_name(c.type), c.zones.size());
      std::set<std::string> related;
      for (const Relation& r : c.relations) {
        const std::string other(stored_text(r.clan));
        related.insert(other);
        if (!by_name.contains(other))
          add(Severity::error, codes::kRelationClan, at, "clan {} {}: a relation to {}, which is no clan of the mission",
              i, shown(c.name), shown(other));
        if (r.ally > 1)
          add(Severity::warning, codes::kRelationValue, at, "clan {} {}: relation to {} is {} (1 ally or self, 0 enemy)",
              i, shown(c.name), shown(other), r.ally);
      }
      for (const auto& [name, j] : by_name)
        if (!related.contains(name))
          add(Severity::warning, codes::kRelationMissing, at,
              "clan {} {} has no relation to clan {} {}: every retail clan names every clan, itself included", i,
              shown(c.name), j, shown(name));
    }
  }

  void objects() {
    const bool has_clan = m_.object_version >= kSinceClan, has_ids = m_.object_version >= kSinceLogicalId,
               has_scale = m_.object_version >= kSinceScale, has_host = m_.object_version >= kSinceHost;
    std::map<std::int32_t, std::size_t> owner_of_id;
    for (std::size_t i = 0; i < m_.objects.size(); ++i) {
      const Object& o = m_.objects[i];
      if (has_ids && is_owned(o.kind) && !owner_of_id.emplace(o.logical_id, i).second)
        add(Severity::warning, codes::kObjectLogicalIdTaken, o.offsets.logical_id,
            "object {}: logical id {} is object {}'s too", i, o.logical_id, owner_of_id[o.logical_id]);
    }
    for (std::size_t i = 0; i < m_.objects.size(); ++i) {
      const Object& o = m_.objects[i];
      const std::string who = fmt::format("object {} ({} {})", i, object_kind_name(o.kind), shown(o.path));
      if (o.kind >= kKindCount)
        add(Severity::warning, codes::kObjectKind, o.offsets.record, "{}: kind {} (0 building, 1 unit, 2 vegetation, 3 rock)",
            who, o.kind);
      if (stored_text(o.path).empty())
        add(Severity::error, codes::kObjectPath, o.offsets.record + 8, "{}: no path: nothing to build", who);
      if (has_clan && is_owned(o.kind) && o.clan >= m_.clans.size())
        add(Severity::error, codes::kObjectClan, o.offsets.clan, "{}: clan {}, the mission has {}", who, o.clan,
            m_.clans.size());
      if (const Property* p = o.property("ClanID"); p && has_clan && property_number(*p) != o.clan)
        add(Severity::warning, codes::kObjectClanId, o.offsets.properties, "{}: ClanID {} but clan {}", who,
            property_number(*p), o.clan);
      if (const Property* p = o.property("LogicalID"); p && has_ids && property_number(*p) != o.logical_id)
        add(Severity::warning, codes::kObjectLogicalId, o.offsets.properties, "{}: LogicalID {} but logical id {}",
            who, property_number(*p), o.logical_id);
      if (!std::isfinite(o.position[0]) || !std::isfinite(o.position[1]) || !std::isfinite(o.position[2]))
        add(Severity::warning, codes::kObjectPosition, o.offsets.position, "{}: position ({}, {}, {}) is not finite", who,
            o.position[0], o.position[1], o.position[2]);
      if (o.rotation[0] != 0 || o.rotation[1] != 0)
        add(Severity::warning, codes::kObjectRotation, o.offsets.rotation,
            "{}: rotation about x {} and y {}: retail objects turn about z only", who, o.rotation[0], o.rotation[1]);
      if (has_scale) scale(o, who);
      if (has_host && o.host != kNone) host(o, who, owner_of_id);
      for (std::size_t k = 0; k < o.properties.size(); ++k)
        if (o.properties[k].type > static_cast<std::uint32_t>(PropertyType::integer))
          add(Severity::warning, codes::kPropertyType, o.offsets.properties, "{}: property {} {} has type {} (0 f32, 1 i32)",
              who, k, shown(o.properties[k].name), o.properties[k].type);
    }
  }

  void scale(const Object& o, const std::string& who) {
    if (o.scale[0] != o.scale[1] || o.scale[0] != o.scale[2])
      add(Severity::warning, codes::kObjectScale, o.offsets.scale,
          "{}: scale ({}, {}, {}) is not uniform: the engine scales by x alone", who, o.scale[0], o.scale[1], o.scale[2]);
    if (is_owned(o.kind) && (o.scale[0] != 1 || o.scale[1] != 1 || o.scale[2] != 1))
      add(Severity::warning, codes::kObjectScaleIgnored, o.offsets.scale,
          "{}: scale ({}, {}, {}) is ignored: buildings and units are built at scale 1", who, o.scale[0], o.scale[1],
          o.scale[2]);
  }

  void host(const Object& o, const std::string& who, const std::map<std::int32_t, std::size_t>& owner_of_id) {
    const auto found = owner_of_id.find(o.host);
    if (found == owner_of_id.end() ||
        m_.objects[found->second].kind != static_cast<std::uint32_t>(ObjectKind::building))
      add(Severity::warning, codes::kObjectHost, o.offsets.host,
          "{}: host building {} is no building of the mission (by logical id)", who, o.host);
    else if (o.hallway < 0)
      add(Severity::warning, codes::kObjectHost, o.offsets.host + 4,
          "{}: starts in building {} at hall-way vertex {}: a vertex is 0 or more", who, o.host, o.hallway);
  }

  const Mission& m_;
  std::vector<Diagnostic> out_;
};

}  // namespace

std::vector<Diagnostic> check_mission(const Mission& mission) { return Checker(mission).run(); }

std::vector<Diagnostic> check_mission(ByteView bytes) {
  Result<Mission> mission = read_mission(bytes);
  if (!mission) return {to_diagnostic(mission.error(), codes::kSize)};
  return check_mission(*mission);
}

}  // namespace parkan::mission
