// Writing data.tma (include/parkan/mission/mission.hpp): every field as stored, counts and string
// lengths from the fields; the fields an older object version lacks are not written.
#include "parkan/mission/mission.hpp"

namespace parkan::mission {

namespace {

void put_string(ByteWriter& out, const std::string& stored) {
  out.u32(static_cast<std::uint32_t>(stored.size()));
  out.bytes(as_bytes(stored));
}

void put_vec3(ByteWriter& out, const Vec3& v) {
  for (float c : v) out.f32(c);
}

void put_clan(ByteWriter& out, const Clan& c) {
  put_string(out, c.name);
  out.i32(c.parent);
  for (float b : c.base) out.f32(b);
  out.u32(c.type);
  put_string(out, c.ai_script);
  out.u32(static_cast<std::uint32_t>(c.zones.size()));
  for (const Zone& z : c.zones) {
    out.u32(z.kind);
    put_vec3(out, z.centre);
    out.f32(z.inner);
    out.f32(z.outer);
  }
  put_string(out, c.behaviour);
  out.u32(c.minds);
  out.u32(static_cast<std::uint32_t>(c.relations.size()));
  for (const Relation& r : c.relations) {
    put_string(out, r.clan);
    out.u32(r.ally);
  }
}

void put_object(ByteWriter& out, const Object& o, std::uint32_t version) {
  out.u32(o.kind);
  out.u32(o.marker);
  put_string(out, o.path);
  if (version >= kSinceClan) out.u32(o.clan);
  if (version >= kSinceLogicalId) out.i32(o.logical_id);
  put_vec3(out, o.position);
  put_vec3(out, o.rotation);
  if (version >= kSinceScale) put_vec3(out, o.scale);
  if (version >= kSinceName) put_string(out, o.name);
  if (version >= kSinceStartFlag) out.u32(o.start_flag);
  if (version >= kSinceHost) {
    out.i32(o.host);
    out.i32(o.hallway);
  }
  if (version >= kSinceProperties) {
    out.u32(o.property_word);
    out.u32(static_cast<std::uint32_t>(o.properties.size()));
    for (const Property& p : o.properties) {
      out.u32(p.type);
      out.u32(p.value);
      out.u32(p.minimum);
      out.u32(p.maximum);
      put_string(out, p.name);
    }
  }
}

}  // namespace

ByteBuffer write_mission(const Mission& m) {
  ByteWriter out;
  out.u32(m.route_version);
  out.u32(static_cast<std::uint32_t>(m.routes.size()));
  for (const Route& r : m.routes) {
    out.u32(r.id);
    out.u32(static_cast<std::uint32_t>(r.points.size()));
    for (const Vec3& p : r.points) put_vec3(out, p);
  }
  out.u32(m.clan_version);
  out.u32(static_cast<std::uint32_t>(m.clans.size()));
  for (const Clan& c : m.clans) put_clan(out, c);
  out.u32(m.object_version);
  out.u32(static_cast<std::uint32_t>(m.objects.size()));
  for (const Object& o : m.objects) put_object(out, o, m.object_version);
  put_string(out, m.map_path);
  out.u32(m.map_word);
  put_string(out, m.description);
  out.u32(m.lode_version);
  out.u32(static_cast<std::uint32_t>(m.lodes.size()));
  for (const Lode& l : m.lodes) {
    put_vec3(out, l.position);
    out.u32(l.found);
    out.u32(l.type);
    out.f32(l.amount);
    out.u32(l.last);
  }
  return out.take();
}

}  // namespace parkan::mission
