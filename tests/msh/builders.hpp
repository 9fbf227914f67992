#pragma once
// Builders of synthetic model bytes for the msh tests: any node words, keys, map words and
// attributes, including the broken ones the checks and the sampler must survive.
#include <optional>
#include <string>
#include <vector>

#include "parkan/msh/anim.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::msh::test {

struct NodeSpec {
  std::uint16_t parent = kNoParent;
  std::uint16_t map_start = kNoMap;
  std::uint16_t fallback = 0;
};

inline AnimKey key(float time, Vec3 pos = {0, 0, 0}, RawQuat quat = {0, 0, 0, 32767}) {
  AnimKey k;
  k.time = time;
  k.pos = pos;
  k.quat_raw = quat;
  return k;
}

struct RawModel {
  std::vector<NodeSpec> nodes;
  std::vector<AnimKey> keys;
  std::vector<std::uint16_t> words;
  std::uint32_t frame_count = 1;
  std::uint32_t node_attr3 = kNodeTableAttr3;
  std::optional<std::uint32_t> key_attr1, word_attr1;
  std::uint32_t key_attr3 = kKeyPoolAttr3;
  // Whole payloads instead of the ones built from the fields above (for broken sizes).
  std::optional<ByteBuffer> nodes_raw, keys_raw, map_raw;
  std::vector<std::uint32_t> extra_types;  // empty opaque streams after the three
};

inline ByteBuffer node_table(const std::vector<NodeSpec>& nodes) {
  ByteWriter out;
  for (const NodeSpec& n : nodes) {
    std::array<std::uint8_t, kNodeStride> bytes = make_node38(n.parent);
    store_u16(bytes.data() + kNodeMapStartOffset, n.map_start);
    store_u16(bytes.data() + kNodeFallbackOffset, n.fallback);
    out.bytes(bytes);
  }
  return out.take();
}

inline ByteBuffer key_pool(const std::vector<AnimKey>& keys) {
  ByteWriter out;
  for (const AnimKey& k : keys) {
    for (float p : k.pos) out.f32(p);
    out.f32(k.time);
    for (std::int16_t q : k.quat_raw) out.i16(q);
  }
  return out.take();
}

inline ByteBuffer build(const RawModel& m) {
  ByteBuffer nodes = m.nodes_raw ? *m.nodes_raw : node_table(m.nodes);
  ByteBuffer keys = m.keys_raw ? *m.keys_raw : key_pool(m.keys);
  ByteBuffer map;
  if (m.map_raw) {
    map = *m.map_raw;
  } else {
    ByteWriter w;
    for (std::uint16_t v : m.words) w.u16(v);
    map = w.take();
  }
  std::vector<nres::EntrySpec> specs(3);
  specs[0] = {kNodeTableType, static_cast<std::uint32_t>(m.nodes.size()), 0, m.node_attr3, "Res1", nodes};
  specs[1] = {kKeyPoolType, m.key_attr1.value_or(static_cast<std::uint32_t>(keys.size() / kKeyStride)), 0,
              m.key_attr3, "Res8", keys};
  specs[2] = {kFrameMapType, m.word_attr1.value_or(static_cast<std::uint32_t>(map.size() / 2)), m.frame_count,
              kFrameMapAttr3, "Res19", map};
  for (std::uint32_t type : m.extra_types) specs.push_back({type, 0, 0, 0, "Res" + std::to_string(type), {}});
  return *nres::build(specs);
}

// A small valid canonical model: node 0 animated with keys at 0, 2, 4 (frame_count 5), node 1 its
// child without map, node 2 animated with keys at 0, 1.
inline RawModel small_model() {
  RawModel m;
  m.keys = {key(0, {0, 0, 0}, {0, 0, 0, 32767}), key(2, {2, 4, 6}, {0, 0, 23170, 23170}),
            key(4, {4, 8, 12}, {0, 0, 32767, 0}), key(0, {1, 1, 1}, {0, 0, 0, 32767}),
            key(0, {0, 0, 1}, {0, 0, 0, 32767}), key(1, {0, 0, 3}, {32767, 0, 0, 0})};
  m.nodes = {{kNoParent, 0, 2}, {0, kNoMap, 3}, {0, 5, 5}};
  m.frame_count = 5;
  // node 0: frames 0,1 -> key 0; 2,3 -> key 1; 4 -> fallback 2. node 2: frame 0 -> key 4; 1.. -> fallback 5.
  m.words = {0, 0, 1, 1, 2, 4, 5, 5, 5, 5};
  return m;
}

// An error as the CLI shows a finding: "<message> [at offset 0x..] [<rule code>]".
inline std::string coded(const Error& error) { return error.to_string() + " [" + error.rule + "]"; }

// The streams view `bytes`: keep the buffer alive (temporaries are refused at compile time).
AnimStreams streams_of(ByteBuffer&& bytes) = delete;
inline AnimStreams streams_of(const ByteBuffer& bytes) {
  auto s = read_anim_streams(bytes);
  if (!s) throw std::runtime_error(s.error().to_string());
  return *s;
}

// The editor IR of a built model (the IR copies what it needs, so the bytes may go).
inline Result<AnimTracks> ir_of(const RawModel& m) {
  ByteBuffer bytes = build(m);
  return read_anim_tracks(streams_of(bytes));
}

}  // namespace parkan::msh::test

namespace parkan::msh::test {

// 200 nodes of two keys each, every one mapping the same 100000-word block (overlap).
inline RawModel overlapping_blocks_model() {
  RawModel m;
  m.frame_count = 100000;
  m.words.assign(100000, 0xFFFF);
  for (std::uint16_t i = 0; i < 200; ++i) {
    m.nodes.push_back({kNoParent, 0, static_cast<std::uint16_t>(2 * i + 1)});
    m.keys.push_back(key(0));
    m.keys.push_back(key(99999));
  }
  return m;
}

}  // namespace parkan::msh::test
