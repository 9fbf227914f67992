// Reading data.tma (include/parkan/mission/mission.hpp, docs/formats/mission.md 2): one pass, every
// count checked against the bytes left before anything is reserved.
#include <fmt/format.h>

#include "parkan/mission/codes.hpp"
#include "parkan/mission/mission.hpp"

namespace parkan::mission {

namespace {

// The least bytes a record can take, for bounding counts before reserving (docs/formats/mission.md 2).
constexpr std::size_t kStringMin = 4;
constexpr std::size_t kRouteMin = 8;
constexpr std::size_t kPointSize = 12;
constexpr std::size_t kClanMin = kStringMin + 4 + 8 + 4 + kStringMin + 4 + kStringMin + 4 + 4;
constexpr std::size_t kRelationMin = kStringMin + 4;
constexpr std::size_t kPropertyMin = 16 + kStringMin;

std::size_t object_min(std::uint32_t version) {
  std::size_t n = 4 + 4 + kStringMin + 12 + 12;  // kind, marker, path, position, rotation
  if (version >= kSinceClan) n += 4;
  if (version >= kSinceLogicalId) n += 4;
  if (version >= kSinceScale) n += 12;
  if (version >= kSinceName) n += kStringMin;
  if (version >= kSinceStartFlag) n += 4;
  if (version >= kSinceHost) n += 8;
  if (version >= kSinceProperties) n += 8;
  return n;
}

// A ByteReader whose failures are mission.size errors naming the field being read.
class Cursor {
 public:
  explicit Cursor(ByteView bytes) : reader_(bytes) {}

  std::size_t offset() const { return reader_.offset(); }
  std::size_t remaining() const { return reader_.remaining(); }

  Result<std::uint32_t> u32(std::string_view what) { return wrap(reader_.u32(), what); }
  Result<std::int32_t> i32(std::string_view what) { return wrap(reader_.i32(), what); }
  Result<float> f32(std::string_view what) { return wrap(reader_.f32(), what); }
  Result<Vec3> vec3(std::string_view what) {
    Vec3 v{};
    for (float& c : v) {
      PARKAN_ASSIGN(c, f32(what));
    }
    return v;
  }
  // A u32 byte count and that many bytes, kept whole.
  Result<std::string> string(std::string_view what) {
    const std::size_t at = offset();
    PARKAN_ASSIGN(const std::uint32_t length, u32(what));
    if (length > remaining())
      return invalid_rule(codes::kSize,
                          fmt::format("{}: a string of {} bytes, {} left in the file", what, length, remaining()), at);
    PARKAN_ASSIGN(const ByteView text, reader_.bytes(length));
    return std::string(as_chars(text));
  }
  // A record count, refused when `count` records of at least `least` bytes each cannot fit in what is left.
  Result<std::uint32_t> count(std::string_view what, std::size_t least) {
    const std::size_t at = offset();
    PARKAN_ASSIGN(const std::uint32_t n, u32(what));
    if (std::uint64_t{n} * least > remaining())
      return invalid_rule(codes::kCount,
                          fmt::format("{} {}: at least {} bytes, {} left in the file", n, what,
                                      std::uint64_t{n} * least, remaining()),
                          at);
    return n;
  }
  Status version(std::string_view what, const char* rule, std::uint32_t expected, std::uint32_t& out) {
    const std::size_t at = offset();
    PARKAN_ASSIGN(out, u32(what));
    if (out != expected)
      return invalid_rule(rule, fmt::format("{} is {}; every retail mission has {}", what, out, expected), at);
    return {};
  }

 private:
  template <class T>
  Result<T> wrap(Result<T> r, std::string_view what) {
    if (!r) return invalid_rule(codes::kSize, fmt::format("{}: {}", what, r.error().message), offset());
    return r;
  }
  ByteReader reader_;
};

Result<Route> read_route(Cursor& in, std::size_t index) {
  Route route;
  route.offset = in.offset();
  const std::string what = fmt::format("route {}", index);
  PARKAN_ASSIGN(route.id, in.u32(what + " id"));
  PARKAN_ASSIGN(const std::uint32_t n, in.count(what + " points", kPointSize));
  route.points.reserve(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    PARKAN_ASSIGN(route.points.emplace_back(), in.vec3(what + " point"));
  }
  return route;
}

Result<Clan> read_clan(Cursor& in, std::size_t index) {
  Clan clan;
  clan.offset = in.offset();
  const std::string what = fmt::format("clan {}", index);
  PARKAN_ASSIGN(clan.name, in.string(what + " name"));
  PARKAN_ASSIGN(clan.parent, in.i32(what + " parent"));
  for (float& c : clan.base) {
    PARKAN_ASSIGN(c, in.f32(what + " base"));
  }
  PARKAN_ASSIGN(clan.type, in.u32(what + " type"));
  PARKAN_ASSIGN(clan.ai_script, in.string(what + " AI script"));
  PARKAN_ASSIGN(const std::uint32_t zones, in.count(what + " zones", kZoneSize));
  clan.zones.reserve(zones);
  for (std::uint32_t i = 0; i < zones; ++i) {
    Zone& z = clan.zones.emplace_back();
    PARKAN_ASSIGN(z.kind, in.u32(what + " zone kind"));
    PARKAN_ASSIGN(z.centre, in.vec3(what + " zone centre"));
    PARKAN_ASSIGN(z.inner, in.f32(what + " zone inner radius"));
    PARKAN_ASSIGN(z.outer, in.f32(what + " zone outer radius"));
  }
  PARKAN_ASSIGN(clan.behaviour, in.string(what + " behaviour tree"));
  PARKAN_ASSIGN(clan.minds, in.u32(what + " minds"));
  PARKAN_ASSIGN(const std::uint32_t relations, in.count(what + " relations", kRelationMin));
  clan.relations.reserve(relations);
  for (std::uint32_t i = 0; i < relations; ++i) {
    Relation& r = clan.relations.emplace_back();
    PARKAN_ASSIGN(r.clan, in.string(what + " relation clan"));
    PARKAN_ASSIGN(r.ally, in.u32(what + " relation"));
  }
  return clan;
}

Result<Object> read_object(Cursor& in, std::uint32_t version, std::size_t index) {
  Object o;
  o.offsets.record = in.offset();
  const std::string what = fmt::format("object {}", index);
  PARKAN_ASSIGN(o.kind, in.u32(what + " kind"));
  const std::size_t marker_at = in.offset();
  PARKAN_ASSIGN(o.marker, in.u32(what + " marker"));
  if (o.marker != kObjectMarker)
    return invalid_rule(codes::kObjectMarker,
                        fmt::format("{}: marker 0x{:08X}, every object record has 0x{:08X}", what, o.marker,
                                    kObjectMarker),
                        marker_at);
  PARKAN_ASSIGN(o.path, in.string(what + " path"));
  o.offsets.clan = in.offset();
  if (version >= kSinceClan) {
    PARKAN_ASSIGN(o.clan, in.u32(what + " clan"));
  }
  o.offsets.logical_id = in.offset();
  if (version >= kSinceLogicalId) {
    PARKAN_ASSIGN(o.logical_id, in.i32(what + " logical id"));
  }
  o.offsets.position = in.offset();
  PARKAN_ASSIGN(o.position, in.vec3(what + " position"));
  o.offsets.rotation = in.offset();
  PARKAN_ASSIGN(o.rotation, in.vec3(what + " rotation"));
  o.offsets.scale = in.offset();
  if (version >= kSinceScale) {
    PARKAN_ASSIGN(o.scale, in.vec3(what + " scale"));
  }
  if (version >= kSinceName) {
    PARKAN_ASSIGN(o.name, in.string(what + " instance name"));
  }
  if (version >= kSinceStartFlag) {
    PARKAN_ASSIGN(o.start_flag, in.u32(what + " start flag"));
  }
  o.offsets.host = in.offset();
  if (version >= kSinceHost) {
    PARKAN_ASSIGN(o.host, in.i32(what + " host building"));
    PARKAN_ASSIGN(o.hallway, in.i32(what + " hall-way vertex"));
  }
  o.offsets.properties = in.offset();
  if (version >= kSinceProperties) {
    PARKAN_ASSIGN(o.property_word, in.u32(what + " property word"));
    PARKAN_ASSIGN(const std::uint32_t n, in.count(what + " properties", kPropertyMin));
    o.properties.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i) {
      Property& p = o.properties.emplace_back();
      PARKAN_ASSIGN(p.type, in.u32(what + " property type"));
      PARKAN_ASSIGN(p.value, in.u32(what + " property value"));
      PARKAN_ASSIGN(p.minimum, in.u32(what + " property minimum"));
      PARKAN_ASSIGN(p.maximum, in.u32(what + " property maximum"));
      PARKAN_ASSIGN(p.name, in.string(what + " property name"));
    }
  }
  return o;
}

}  // namespace

Result<Mission> read_mission(ByteView bytes) {
  Cursor in(bytes);
  Mission m;
  PARKAN_TRY(in.version("the route section's version", codes::kVersionRoutes, kRouteVersion, m.route_version));
  PARKAN_ASSIGN(const std::uint32_t routes, in.count("routes", kRouteMin));
  m.routes.reserve(routes);
  for (std::uint32_t i = 0; i < routes; ++i) {
    PARKAN_ASSIGN(m.routes.emplace_back(), read_route(in, i));
  }

  PARKAN_TRY(in.version("the clan table's version", codes::kVersionClans, kClanVersion, m.clan_version));
  PARKAN_ASSIGN(const std::uint32_t clans, in.count("clans", kClanMin));
  m.clans.reserve(clans);
  for (std::uint32_t i = 0; i < clans; ++i) {
    PARKAN_ASSIGN(m.clans.emplace_back(), read_clan(in, i));
  }

  const std::size_t version_at = in.offset();
  PARKAN_ASSIGN(m.object_version, in.u32("the object records' version"));
  if (m.object_version == 0 || m.object_version > kObjectVersion)
    return invalid_rule(codes::kVersionObjects,
                        fmt::format("the object records' version is {}; parkan reads 1 to {}", m.object_version,
                                    kObjectVersion),
                        version_at);
  PARKAN_ASSIGN(const std::uint32_t objects, in.count("objects", object_min(m.object_version)));
  m.objects.reserve(objects);
  for (std::uint32_t i = 0; i < objects; ++i) {
    PARKAN_ASSIGN(m.objects.emplace_back(), read_object(in, m.object_version, i));
  }

  PARKAN_ASSIGN(m.map_path, in.string("the map path"));
  PARKAN_ASSIGN(m.map_word, in.u32("the word after the map path"));
  PARKAN_ASSIGN(m.description, in.string("the description"));
  PARKAN_TRY(in.version("the lode section's version", codes::kVersionLodes, kLodeVersion, m.lode_version));
  PARKAN_ASSIGN(const std::uint32_t lodes, in.count("lodes", kLodeSize));
  m.lodes.reserve(lodes);
  for (std::uint32_t i = 0; i < lodes; ++i) {
    Lode& l = m.lodes.emplace_back();
    PARKAN_ASSIGN(l.position, in.vec3("lode position"));
    PARKAN_ASSIGN(l.found, in.u32("lode found"));
    PARKAN_ASSIGN(l.type, in.u32("lode type"));
    PARKAN_ASSIGN(l.amount, in.f32("lode amount"));
    PARKAN_ASSIGN(l.last, in.u32("lode fourth word"));
  }
  if (in.remaining() != 0)
    return invalid_rule(codes::kTrailing,
                        fmt::format("{} bytes after the last lode (the engine reads the file to its end)",
                                    in.remaining()),
                        in.offset());
  return m;
}

}  // namespace parkan::mission
