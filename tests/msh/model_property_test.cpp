// Round trips of the model writer as properties (docs/formats/msh.md 1-8): any model the structs can hold writes
// and reads back field for field (bit for bit), and any model NRes the reader accepts writes back
// byte-identical.
#include <cstring>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "model_builders.hpp"

namespace parkan::msh {
namespace {

template <class T>
T arbitrary_bits() {
  T value;
  std::array<std::uint8_t, sizeof(T)> bytes;
  for (std::uint8_t& b : bytes) b = *rc::gen::arbitrary<std::uint8_t>();
  std::memcpy(&value, bytes.data(), sizeof(T));
  return value;
}

Vec3 any_vec3() { return {arbitrary_bits<float>(), arbitrary_bits<float>(), arbitrary_bits<float>()}; }

template <class F>
auto vector_of(std::size_t max, F make) {
  const std::size_t n = *rc::gen::inRange<std::size_t>(0, max + 1);
  std::vector<decltype(make())> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(make());
  return out;
}

Model any_model() {
  Model m;
  m.nodes = vector_of(12, [] {
    Node n;
    n.flags = *rc::gen::arbitrary<std::uint16_t>();
    n.parent = *rc::gen::arbitrary<std::uint16_t>();
    n.anim_map_start = *rc::gen::arbitrary<std::uint16_t>();
    n.fallback_key = *rc::gen::inRange<std::uint16_t>(0, 40);
    for (auto& state : n.slots)
      for (std::uint16_t& s : state) s = *rc::gen::arbitrary<std::uint16_t>();
    return n;
  });
  for (Vec3& c : m.bounds.corners) c = any_vec3();
  for (float& f : m.bounds.sphere) f = arbitrary_bits<float>();
  m.bounds.segment_bottom = any_vec3();
  m.bounds.segment_top = any_vec3();
  m.bounds.xy_radius = arbitrary_bits<float>();
  m.slots = vector_of(10, [] {
    Slot s;
    s.tri_start = *rc::gen::arbitrary<std::uint16_t>();
    s.tri_count = *rc::gen::arbitrary<std::uint16_t>();
    s.batch_start = *rc::gen::arbitrary<std::uint16_t>();
    s.batch_count = *rc::gen::arbitrary<std::uint16_t>();
    s.aabb_min = any_vec3();
    s.aabb_max = any_vec3();
    s.sphere_center = any_vec3();
    s.sphere_radius = arbitrary_bits<float>();
    s.area = arbitrary_bits<float>();
    s.box_volume = arbitrary_bits<float>();
    for (std::uint32_t& t : s.tail) t = *rc::gen::arbitrary<std::uint32_t>();
    return s;
  });
  m.positions = vector_of(30, any_vec3);
  m.normals = vector_of(30, [] { return arbitrary_bits<PackedNormal>(); });
  m.uv0 = vector_of(30, [] { return arbitrary_bits<PackedUv>(); });
  m.indices = vector_of(60, [] { return *rc::gen::arbitrary<std::uint16_t>(); });
  m.triangles = vector_of(20, [] { return arbitrary_bits<TriangleDesc>(); });
  m.batches = vector_of(8, [] {
    Batch b;
    b.word = *rc::gen::arbitrary<std::uint32_t>();
    b.wear_row = *rc::gen::arbitrary<std::uint8_t>();
    b.lightmap = *rc::gen::arbitrary<std::uint8_t>();
    b.room = *rc::gen::arbitrary<std::uint16_t>();
    b.index_count = *rc::gen::arbitrary<std::uint16_t>();
    b.index_start = *rc::gen::arbitrary<std::uint32_t>();
    b.vertex_count = *rc::gen::arbitrary<std::uint16_t>();
    b.base_vertex = *rc::gen::arbitrary<std::uint32_t>();
    return b;
  });
  for (std::size_t i = 0; i < m.nodes.size(); ++i) {
    NodeString s;
    s.present = *rc::gen::arbitrary<bool>();
    if (s.present) {
      s.text = *rc::gen::nonEmpty(rc::gen::container<std::string>(rc::gen::arbitrary<char>()));
      s.terminator = *rc::gen::element<std::uint8_t>(0, 0, 0x41);
    }
    m.node_strings.push_back(s);
  }
  m.node_strings_tail = *rc::gen::element(ByteBuffer{}, ByteBuffer{1, 2, 3});
  // The streams of docs/formats/msh.md 4.3, 6.5 and 6.6: names, lightmap UVs and a path graph.
  m.node_names = vector_of(12, [] { return arbitrary_bits<NodeNameRecord>(); });
  if (*rc::gen::arbitrary<bool>()) m.lightmap_uv = vector_of(30, [] { return arbitrary_bits<PackedUv>(); });
  m.path_nodes = vector_of(8, [] {
    PathNode p;
    p.position = any_vec3();
    p.place_flags = *rc::gen::arbitrary<std::uint32_t>();
    p.frame_node = *rc::gen::arbitrary<std::uint32_t>();
    return p;
  });
  m.path_links = vector_of(8, [] { return arbitrary_bits<PathLink>(); });
  return m;
}

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

RC_GTEST_PROP(ModelProperty, BuiltModelsWriteAndReadBack, ()) {
  const Model m = any_model();
  auto bytes = write_model(m);
  RC_ASSERT(bytes.ok());
  auto back = read_model(*bytes);
  RC_ASSERT(back.ok());
  RC_ASSERT(back->nodes == m.nodes);
  RC_ASSERT(back->bounds == m.bounds);
  RC_ASSERT(back->slots == m.slots);
  RC_ASSERT(same_bits(back->positions, m.positions));
  RC_ASSERT(back->normals == m.normals);
  RC_ASSERT(back->uv0 == m.uv0);
  RC_ASSERT(back->indices == m.indices);
  RC_ASSERT(back->triangles == m.triangles);
  RC_ASSERT(back->batches == m.batches);
  RC_ASSERT(back->node_strings == m.node_strings);
  RC_ASSERT(back->node_strings_tail == m.node_strings_tail);
  RC_ASSERT(back->node_names == m.node_names);
  RC_ASSERT(back->lightmap_uv == m.lightmap_uv);
  RC_ASSERT(back->path_nodes == m.path_nodes);
  RC_ASSERT(back->path_links == m.path_links);
  auto again = write_model(*back);
  RC_ASSERT(again.ok());
  RC_ASSERT(*again == *bytes);
  // Whatever check_model says, it must not fail on hostile ranges.
  (void)check_model(*back);
}

// Raw streams of any content with exact strides (and any extra streams): read, then write back.
RC_GTEST_PROP(ModelProperty, ReadModelsWriteBackByteIdentical, ()) {
  const std::uint32_t strides[] = {38, 0, 12, 4, 4, 2, 16, 0, 32, 0, 0, 0, 20, 0, 0, 0, 0, 4};
  std::vector<test::RawStream> raw;
  const std::size_t node_count = *rc::gen::inRange<std::size_t>(0, 6);
  for (std::uint32_t type : {1u, 2u, 3u, 4u, 5u, 18u, 15u, 13u, 6u, 7u, 8u, 19u, 9u, 10u, 17u, 20u, 99u}) {
    if (*rc::gen::inRange(0, 10) == 0) continue;  // a stream left out now and then
    test::RawStream s;
    s.type_id = type;
    s.attr1 = *rc::gen::arbitrary<std::uint32_t>();
    s.attr3 = type == 1 ? 38 : *rc::gen::arbitrary<std::uint32_t>();
    std::size_t size = 0;
    if (type == 1) size = 38 * node_count;
    else if (type == 2) size = 0x8C + 68 * *rc::gen::inRange<std::size_t>(0, 4);
    else if (type == 17) {  // the path graph: attr1 nodes of 20 bytes, then 40-byte links
      s.attr1 = *rc::gen::inRange<std::uint32_t>(0, 4);
      s.attr2 = *rc::gen::inRange<std::uint32_t>(0, 4);
      size = 20 * s.attr1 + 40 * *rc::gen::inRange<std::size_t>(0, 4);
    } else if (type <= 18 && strides[type - 1] != 0)
      size = strides[type - 1] * *rc::gen::inRange<std::size_t>(0, 9);
    else if (type != 10) size = *rc::gen::inRange<std::size_t>(0, 50);
    for (std::size_t i = 0; i < size; ++i) s.payload.push_back(*rc::gen::arbitrary<std::uint8_t>());
    if (type == 10) {
      ByteWriter w;
      for (std::size_t n = 0; n < node_count; ++n) {
        const std::uint32_t len = *rc::gen::inRange<std::uint32_t>(0, 6);
        w.u32(len);
        for (std::uint32_t k = 0; k <= len && len; ++k) w.u8(*rc::gen::arbitrary<std::uint8_t>());
      }
      for (int k = *rc::gen::inRange(0, 6); k > 0; --k) w.u8(*rc::gen::arbitrary<std::uint8_t>());
      s.payload = w.take();
    }
    raw.push_back(std::move(s));
  }
  const ByteBuffer bytes = test::model_bytes(raw);
  auto m = read_model(bytes);
  if (!m.ok()) {  // only when type 10 is there without type 1's nodes... never: records are per node
    RC_FAIL(m.error().to_string());
  }
  (void)check_model(*m);
  auto back = write_model(*m);
  RC_ASSERT(back.ok());
  RC_ASSERT(*back == bytes);
}

}  // namespace
}  // namespace parkan::msh
