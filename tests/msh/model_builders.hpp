#pragma once
// Models built in code for the model tests: boxes on a node hierarchy, one slot per (node, state,
// LOD), every typed stream filled consistently so that check_model finds nothing; and raw model
// NRes bytes with any streams (for the reader's error paths).
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "parkan/msh/anim.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::msh::test {

struct BoxModelSpec {
  std::size_t nodes = 3;
  std::size_t states = 2;  // slot[state][lod] filled for state < states, lod < lods
  std::size_t lods = 2;
  bool names = true;
};

// A box of half size `h` around `c`: 8 corners, 12 triangles.
inline void add_box(Model& m, Vec3 c, float h, std::uint16_t material) {
  const std::uint32_t base = static_cast<std::uint32_t>(m.positions.size());
  for (int k = 0; k < 8; ++k) {
    const float x = (k & 1) ? h : -h, y = (k & 2) ? h : -h, z = (k & 4) ? h : -h;
    m.positions.push_back({c[0] + x, c[1] + y, c[2] + z});
    m.normals.push_back({{static_cast<std::int8_t>(x > 0 ? 73 : -73), static_cast<std::int8_t>(y > 0 ? 73 : -73),
                          static_cast<std::int8_t>(z > 0 ? 73 : -73), 0}});
    m.uv0.push_back(encode_uv((k & 1) ? 1.0f : 0.0f, (k & 2) ? 1.0f : 0.0f));
  }
  static constexpr std::uint16_t kBoxIndices[36] = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                                                    2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
  Batch batch;
  batch.wear_row = static_cast<std::uint8_t>(material);
  batch.index_start = static_cast<std::uint32_t>(m.indices.size());
  batch.index_count = 36;
  batch.base_vertex = base;
  batch.vertex_count = 8;  // the largest relative index + 1
  m.batches.push_back(batch);
  m.indices.insert(m.indices.end(), std::begin(kBoxIndices), std::end(kBoxIndices));
  for (int t = 0; t < 12; ++t) {
    TriangleDesc d;
    d.flags = 1;
    d.link = {0xFFFF, 0xFFFF, 0xFFFF};
    d.normal = {0, 0, 32767};
    d.selectors = 0x003F;  // three open edges
    m.triangles.push_back(d);
  }
}

inline Model box_model(const BoxModelSpec& spec = {}) {
  Model m;
  for (std::size_t n = 0; n < spec.nodes; ++n) {
    Node node = make_node(n == 0 ? kNoParent : static_cast<std::uint16_t>((n - 1) / 2));
    node.flags = static_cast<std::uint16_t>(n == 0 ? 0x0040 : 0);
    for (std::size_t a = 0; a < spec.states; ++a)
      for (std::size_t b = 0; b < spec.lods; ++b) {
        Slot slot;
        slot.tri_start = static_cast<std::uint16_t>(m.triangles.size());
        slot.batch_start = static_cast<std::uint16_t>(m.batches.size());
        const float h = 1.0f / float(1 + b) + 0.5f * float(a);
        const Vec3 c = {float(n), 0.0f, 0.0f};
        add_box(m, c, h, static_cast<std::uint16_t>(n % 3));
        slot.tri_count = 12;
        slot.batch_count = 1;
        slot.aabb_min = {c[0] - h, c[1] - h, c[2] - h};
        slot.aabb_max = {c[0] + h, c[1] + h, c[2] + h};
        slot.sphere_center = c;
        slot.sphere_radius = h * std::sqrt(3.0f);
        slot.area = 24 * h * h;
        slot.box_volume = 8 * h * h * h;
        node.slots[a][b] = static_cast<std::uint16_t>(m.slots.size());
        m.slots.push_back(slot);
      }
    m.nodes.push_back(node);
    if (spec.names) m.node_names.push_back(make_node_name(n % 2 == 0 ? "part" + std::to_string(n) : ""));
    NodeString socket;
    if (spec.names && n == 2) {
      socket.present = true;
      socket.text = "e_tur_tt";
    }
    m.node_strings.push_back(socket);
  }
  const float lo = -2.0f, hi = float(spec.nodes) + 1.0f;
  m.bounds.corners = {Vec3{lo, lo, lo}, {hi, lo, lo}, {hi, hi, lo}, {lo, hi, lo},
                      {lo, lo, hi},     {hi, lo, hi}, {hi, hi, hi}, {lo, hi, hi}};
  m.bounds.sphere = {(lo + hi) / 2, 0, 0, hi - lo};
  m.bounds.segment_bottom = {0, 0, lo};
  m.bounds.segment_top = {0, 0, hi};
  m.bounds.xy_radius = hi;
  return m;
}

// Tracks for set_animation: node 0 turns over `frames` frames (keys every 2 frames), the other
// nodes static.
inline AnimTracks turn_tracks(std::size_t nodes, std::uint32_t frames = 9) {
  AnimTracks tracks;
  for (std::size_t n = 0; n < nodes; ++n) {
    NodeAnimTrack track;
    track.node_index = static_cast<std::uint32_t>(n);
    if (n == 0) {
      track.has_map = true;
      for (std::uint32_t f = 0; f < frames; f += 2) {
        AnimKey k;
        k.time = float(f);
        k.pos = {0, 0, float(f)};
        const float angle = 0.3f * float(f);
        k.quat_raw = {0, 0, static_cast<std::int16_t>(std::lround(std::sin(angle / 2) * 32767)),
                      static_cast<std::int16_t>(std::lround(std::cos(angle / 2) * 32767))};
        track.keys.push_back(k);
      }
    } else {
      AnimKey k;
      k.pos = {1.0f, 0, 0};
      k.quat_raw = {0, 0, 0, 32767};
      track.keys.push_back(k);
    }
    tracks.tracks.push_back(track);
  }
  return tracks;
}

// A raw stream for model_bytes().
struct RawStream {
  std::uint32_t type_id = 0;
  ByteBuffer payload;
  std::uint32_t attr1 = 0, attr2 = 0, attr3 = 0;
};

inline ByteBuffer model_bytes(const std::vector<RawStream>& streams) {
  std::vector<nres::EntrySpec> specs;
  for (const RawStream& s : streams)
    specs.push_back({s.type_id, s.attr1, s.attr2, s.attr3, "Res" + std::to_string(s.type_id), s.payload});
  return *nres::build(specs);
}

// The bytes of a built model (write_model must succeed).
inline ByteBuffer written(const Model& m) {
  auto bytes = write_model(m);
  if (!bytes) throw std::runtime_error(bytes.error().to_string());
  return *std::move(bytes);
}

inline Model read_ok(const ByteBuffer& bytes) {
  auto m = read_model(bytes);
  if (!m) throw std::runtime_error(m.error().to_string());
  return *std::move(m);
}

// The streams of a model's bytes as stored (rows and payloads).
inline std::vector<RawStream> raw_streams(const ByteBuffer& model) {
  auto archive = nres::read(model, nres::Profile::compatible);
  if (!archive) throw std::runtime_error(archive.error().to_string());
  std::vector<RawStream> raw;
  for (std::size_t i = 0; i < archive->entries.size(); ++i) {
    const nres::Entry& e = archive->entries[i];
    const ByteView p = archive->payload(i);
    raw.push_back({e.type_id, ByteBuffer(p.begin(), p.end()), e.attr1, e.attr2, e.attr3});
  }
  return raw;
}

// The streams of a model's bytes with one payload replaced (type `type_id`, first of that type).
inline ByteBuffer with_payload(const ByteBuffer& model, std::uint32_t type_id, ByteBuffer payload) {
  std::vector<RawStream> raw = raw_streams(model);
  for (RawStream& s : raw)
    if (s.type_id == type_id) {
      s.payload = std::move(payload);
      break;
    }
  return model_bytes(raw);
}

// A two-node model whose every byte is written here from the layouts of docs/formats/msh.md (not by
// write_model): node 0 "hull", a root with the socket prefix "e_tur_tt" and no geometry; node 1
// "CP_m1o1", the cockpit (flag 0x20), one triangle in slot [stage 0][level 4]; one lightmapped batch
// on WEAR row 3 (u16 at +2 is 0); UV0 with a word of 0x9000; type 18 lightmap UVs; a type 17 path
// graph of two points and one link; the Slot68 tail area 2.5, box volume 6, words 1, 2, 3.
struct HandModel {
  ByteBuffer nodes, slots, positions, normals, uv0, lightmap_uv, extra, batches, indices, triangles, names,
      strings, path;
};

inline ByteBuffer bytes_of(std::initializer_list<int> values) {
  ByteBuffer out;
  for (int v : values) out.push_back(static_cast<std::uint8_t>(v));
  return out;
}

inline HandModel hand_model_streams() {
  HandModel h;
  ByteBuffer node0(38, 0xFF), node1(38, 0xFF);
  node0[0] = node0[1] = 0;  // flags 0, parent 0xFFFF, map 0xFFFF
  node0[6] = node0[7] = 0;  // fallback key 0
  node1[0] = 0x20;          // flags 0x0020: cockpit
  node1[1] = 0;
  node1[2] = node1[3] = 0;  // parent 0
  node1[6] = node1[7] = 0;
  node1[0x08 + 2 * 4] = node1[0x08 + 2 * 4 + 1] = 0;  // word 4 + 5*0 + 4: slot [0][4] = 0
  h.nodes = node0;
  h.nodes.insert(h.nodes.end(), node1.begin(), node1.end());
  ByteWriter slots;
  slots.zeros(0x8C);  // the model header: all zero (finite)
  slots.u16(0);       // tri_start
  slots.u16(1);       // tri_count
  slots.u16(0);       // batch_start
  slots.u16(1);       // batch_count
  for (float f : {0.0f, 0.0f, 0.0f, 1.0f, 1.0f, 0.0f, 0.5f, 0.5f, 0.0f, 1.0f}) slots.f32(f);  // box, sphere
  slots.f32(2.5f);  // +0x30 area
  slots.f32(6.0f);  // +0x34 box volume
  slots.u32(1);     // +0x38 tail
  slots.u32(2);
  slots.u32(3);
  h.slots = slots.take();
  ByteWriter positions;
  for (float f : {0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f}) positions.f32(f);
  h.positions = positions.take();
  h.normals = bytes_of({0, 0, 127, 0, 0, 0, 127, 0, 0, 0, 127, 0});
  h.uv0 = bytes_of({0x00, 0x90, 0x00, 0x04, 0, 0, 0, 0, 0x00, 0x04, 0x00, 0x00});  // (0x9000, 0x400), 0, (0x400, 0)
  h.lightmap_uv = bytes_of({0xFE, 0x03, 0xFC, 0x03, 0, 0, 0, 0, 0x00, 0x02, 0x00, 0x02});  // (1022, 1020), 0, 512
  h.extra = ByteBuffer(3 * 8, 0);
  h.batches = bytes_of({0x00, 0x20, 0x00, 0x00,  // +0x00 word 0x2000: lightmapped (+2 is 0)
                        0x03,                    // +0x04 WEAR row 3
                        0x00,                    // +0x05 lightmapped: LIGHTMAPS entry 0
                        0xFF, 0xFF,              // +0x06 no room
                        0x03, 0x00,              // +0x08 3 indices
                        0x00, 0x00, 0x00, 0x00,  // +0x0A from index 0
                        0x03, 0x00,              // +0x0E 3 vertices: largest index 2 + 1
                        0x00, 0x00, 0x00, 0x00});  // +0x10 base vertex 0
  h.indices = bytes_of({0, 0, 1, 0, 2, 0});
  h.triangles = bytes_of({0x22, 0x00,                          // flags: walkable | glass
                          0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,  // three open edges
                          0x00, 0x00, 0x00, 0x00, 0xFF, 0x7F,  // normal (0, 0, 32767)
                          0xFF, 0x01});                        // codes 3, 3, 3 and stray bits 0x1C0
  h.names = ByteBuffer(64, 0);
  const std::string hull = "hull", cockpit = "CP_m1o1";
  std::copy(hull.begin(), hull.end(), h.names.begin());
  std::fill(h.names.begin() + 5, h.names.begin() + 32, 0xCC);  // bytes after the NUL: kept, not read
  std::copy(cockpit.begin(), cockpit.end(), h.names.begin() + 32);
  h.strings = bytes_of({8, 0, 0, 0, 'e', '_', 't', 'u', 'r', '_', 't', 't', 0, 0, 0, 0, 0});
  ByteWriter path;
  for (float f : {1.5f, -2.0f, 0.25f}) path.f32(f);
  path.u32(0x11);  // place flags
  path.u32(1);     // in node 1's frame
  for (float f : {3.0f, 4.0f, 0.0f}) path.f32(f);
  path.u32(0);
  path.u32(0);
  path.u32(0);  // link 0 -> 1
  path.u32(1);
  for (int k = 0; k < 8; ++k) path.u32(0xFFFFFFFFu);
  h.path = path.take();
  return h;
}

// The hand model's NRes in the 21-model stream order (docs/formats/msh.md 1.4), the corpus's attributes.
inline ByteBuffer hand_model_bytes(const HandModel& h = hand_model_streams()) {
  return model_bytes({{1, h.nodes, 2, 0, 38},
                      {2, h.slots, 1, 0, 68},
                      {3, h.positions, 3, 0, 12},
                      {4, h.normals, 3, 0, 4},
                      {5, h.uv0, 3, 0, 4},
                      {18, h.lightmap_uv, 3, 0, 4},
                      {15, h.extra, 3, 0, 8},
                      {13, h.batches, 1, 0, 20},
                      {6, h.indices, 3, 0, 2},
                      {7, h.triangles, 1, 0, 16},
                      {9, h.names, 2, 0, 0},
                      {10, h.strings, 2, 0, 0},
                      {17, h.path, 2, 1, 0}});
}

// Terrain face (docs/formats/msh.md 9): flags, tags, three vertices, no neighbours.
inline void put_face(ByteWriter& out, std::uint16_t a, std::uint16_t b, std::uint16_t c) {
  out.u32(1);
  out.u16(2);
  out.u16(0xFFFF);
  out.u16(a);
  out.u16(b);
  out.u16(c);
  for (int k = 0; k < 3; ++k) out.u16(0xFFFF);
  out.zeros(8);
}

// A Land.msh-like model (docs/formats/msh.md 9): streams [1,2,3,4,5,18,14,11,21], two tile nodes with two LODs,
// three faces per slot.
struct TerrainSpec {
  std::optional<ByteBuffer> faces, pairs, aux;
};
inline ByteBuffer terrain_bytes(const TerrainSpec& spec = {}) {
  Model tile = box_model({2, 1, 2, false});
  for (Slot& s : tile.slots) {
    s.tri_start = static_cast<std::uint16_t>(3 * (&s - tile.slots.data()));
    s.tri_count = 3;
  }
  const std::vector<RawStream> with = raw_streams(written(tile));  // types 1, 2, 3, 4, 5 first
  ByteWriter faces;
  for (int f = 0; f < 12; ++f) put_face(faces, 0, 1, static_cast<std::uint16_t>(f + 2));
  const std::uint32_t vertices = static_cast<std::uint32_t>(tile.positions.size());
  return model_bytes({{1, with[0].payload, 2, 0, 38},
                      {2, with[1].payload, 4, 0, 68},
                      {3, with[2].payload, vertices, 0, 12},
                      {4, with[3].payload, vertices, 0, 4},
                      {5, with[4].payload, vertices, 0, 4},
                      {18, ByteBuffer(4 * vertices, 3), vertices, 0, 4},
                      {14, spec.aux.value_or(ByteBuffer(12, 0)), 3, 0, 4},
                      {11, spec.pairs.value_or(ByteBuffer(16, 0)), 4, 0, 4},
                      {21, spec.faces.value_or(faces.take()), 12, 0, 28}});
}

}  // namespace parkan::msh::test
