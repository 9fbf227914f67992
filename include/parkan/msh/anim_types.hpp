#pragma once
// MSH animation (docs/formats/msh-animation.md, docs/formats/msh.md 2): the plain structs of the animation streams of a
// model. (The model as a whole, with its geometry, is not here.) Three layers:
//   AnimStreams  the raw streams of one model (types 1, 8, 19) as validated views, for the runtime path;
//   AnimTracks   the editor IR (section 6): per-node tracks with raw keys and frame maps, lossless;
//   NodePose     what the runtime sampler returns.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::msh {

// Stream type ids inside the model NRes (docs/formats/msh.md 1).
inline constexpr std::uint32_t kNodeTableType = 1;
inline constexpr std::uint32_t kKeyPoolType = 8;
inline constexpr std::uint32_t kFrameMapType = 19;

inline constexpr std::size_t kNodeStride = 38;        // Node38 (docs/formats/msh.md 2)
inline constexpr std::size_t kLegacyNodeStride = 24;  // Res1.attr3 == 24, MTCHECK.MSH (docs/formats/msh-animation.md 10.3)
inline constexpr std::size_t kKeyStride = 24;         // AnimKey24 (2.1)
inline constexpr std::size_t kMapWordSize = 2;        // Res19 uint16 words (2.2)
inline constexpr std::uint16_t kNoMap = 0xFFFF;       // Node38.anim_map_start: no map (2.3)
inline constexpr std::uint16_t kNoParent = 0xFFFF;    // Node38.parent: root (docs/formats/msh.md 2)

// Offsets inside Node38 (docs/formats/msh.md 2).
inline constexpr std::size_t kNodeParentOffset = 2;
inline constexpr std::size_t kNodeMapStartOffset = 4;
inline constexpr std::size_t kNodeFallbackOffset = 6;

// NRes attributes written by the writers (docs/formats/msh-animation.md 2.1, 2.2, 8).
inline constexpr std::uint32_t kKeyPoolAttr3 = 4;    // not the stride: the format's invariant
inline constexpr std::uint32_t kFrameMapAttr3 = 2;
inline constexpr std::uint32_t kNodeTableAttr3 = 38;
inline constexpr std::uint32_t kStaticFrameCount = 1;  // Res19.attr2 of a static model (5.3)

using Vec3 = std::array<float, 3>;
using Quat = std::array<float, 4>;   // runtime order [w, x, y, z] (3.4)
using Mat4 = std::array<float, 16>;  // the engine's order: row-major, translation at 3, 7, 11 (4.3)
using RawQuat = std::array<std::int16_t, 4>;  // the words at +0x10..+0x16; which is w: kQuatWordOf (math.hpp)

// One AnimKey24, every field as stored.
struct AnimKey {
  Vec3 pos{};
  float time = 0.0f;
  RawQuat quat_raw{};  // the four words as stored; decode with decode_quat()
  bool operator==(const AnimKey&) const = default;
};

enum class NodeLayout {
  node38,    // the runtime format
  legacy24,  // Res1.attr3 == 24: recognized, passed through, never sampled (10.3)
};

// The part of the slerp of key pair (k, k + 1) that does not depend on the weight (docs/formats/msh-animation.md
// 4.4): |q0 . q1|, its sign, the branch, theta and 1 / sin(theta). read_anim_streams computes it
// once per pair, so that a sample pays only for sin and cos of a * theta; the bits are the same
// as computing it per sample.
struct KeyPairAngle {
  float dot = 0.0f;
  float sign = 1.0f;
  float theta = 0.0f;
  float inv_sin_theta = 0.0f;
  bool linear = true;  // 1 - dot <= kSlerpLinearThreshold: linear weights, theta unused
};

// The three animation streams of one model as views into its bytes, with the counts derived from
// the sizes (every division exact; read_anim_streams checks it) and the offsets of the payloads
// inside the model, so that errors can point at the bytes.
struct AnimStreams {
  ByteView model;  // the whole model NRes
  nres::Entry nodes_entry, keys_entry, map_entry;
  std::size_t nodes_index = 0, keys_index = 0, map_index = 0;  // directory indices
  ByteView nodes, keys, map;
  NodeLayout layout = NodeLayout::node38;
  std::uint32_t node_count = 0;
  std::uint32_t key_count = 0;
  std::uint32_t word_count = 0;
  std::uint32_t frame_count = 0;  // Res19.attr2, animFrameCount (2.2, 2.4)
  // pair_angles[k] for the pairs (k, k + 1) a sample can reach: k < min(key_count - 1, 0xFFFF),
  // since a mapped key is below a 16-bit fallback. Empty for a legacy table. The sampler computes
  // the angle itself for a pair that is not here (streams built by hand).
  std::vector<KeyPairAngle> pair_angles;

  std::uint16_t node_parent(std::uint32_t node) const { return node_word(node, kNodeParentOffset); }
  std::uint16_t node_map_start(std::uint32_t node) const { return node_word(node, kNodeMapStartOffset); }
  std::uint16_t node_fallback(std::uint32_t node) const { return node_word(node, kNodeFallbackOffset); }
  // Unchecked: node < node_count with the 38-byte layout.
  std::uint16_t node_word(std::uint32_t node, std::size_t offset) const {
    return load_u16(nodes.data() + std::size_t(node) * kNodeStride + offset);
  }
  // Unchecked: index < key_count.
  AnimKey key(std::uint32_t index) const;
  // Offsets inside the model bytes, for error messages.
  std::uint64_t node_offset(std::uint32_t node) const {
    return nodes_entry.data_offset + std::uint64_t(node) * kNodeStride;
  }
  std::uint64_t key_offset(std::uint64_t index) const { return keys_entry.data_offset + index * kKeyStride; }
  std::uint64_t word_offset(std::uint64_t index) const { return map_entry.data_offset + index * kMapWordSize; }
};

// Which branch of the engine's sampler (sub_10012880) produced a pose (3.2, 3.3); docs/cli.md names
// them: the fallback key, a key hit exactly (the segment's first or second), or interpolated.
enum class SamplePath { fallback, key0, key1, interp };

struct NodePose {
  // The engine's frame index (3.1): the low 32 bits of the rounded time, used as an unsigned index
  // (3.2). The engine holds it in a signed int, and a negative time gives a negative frame
  // (t = -5 gives -6, stored here as 4294967290): show it with signed_frame().
  std::uint32_t frame = 0;
  std::uint32_t key = 0;    // the key returned, or k0 of the interpolated segment
  SamplePath path = SamplePath::fallback;
  Quat quat{};  // [w, x, y, z]
  Vec3 pos{};

  std::int32_t signed_frame() const { return static_cast<std::int32_t>(frame); }
};

// One node's track as `anim info` lists it (docs/formats/msh-animation.md 5.1): keys start .. fallback of the
// pool; `key_count` is 0 when the fallback keys do not increase.
struct TrackSummary {
  std::uint32_t node = 0;
  std::optional<std::uint16_t> parent;  // none for a root
  std::uint64_t start_key = 0;
  std::uint16_t fallback_key = 0;
  std::uint64_t key_count = 0;
  std::optional<std::uint16_t> map_start;  // none without a frame map
};

// The node hierarchy, checked: parents[i] == kNoParent or parents[i] < i (docs/formats/msh.md 7).
struct Hierarchy {
  std::vector<std::uint16_t> parents;
};

// Editor IR (docs/formats/msh-animation.md 6). Key indices inside fallback_key, map_start and frame_map are
// indices into the whole key pool, as stored.
struct NodeAnimTrack {
  std::uint32_t node_index = 0;
  std::array<std::uint8_t, kNodeStride> node_bytes{};  // the raw Node38; writers set +4 and +6
  bool has_map = false;           // hdr2 != 0xFFFF
  std::uint16_t map_start = kNoMap;  // hdr2 as read (the lossless writer puts frame_map there)
  std::uint16_t fallback_key = 0;    // hdr3 as read (writers derive it from the keys)
  std::vector<AnimKey> keys;         // Res8[start .. fallback] (5.1)
  std::vector<std::uint16_t> frame_map;  // frame_count words when has_map
};

struct AnimTracks {
  std::uint32_t frame_count = kStaticFrameCount;  // Res19.attr2
  std::vector<NodeAnimTrack> tracks;              // node order
  NodeLayout layout = NodeLayout::node38;
  // Kept only so that the lossless writer gives back the input byte for byte:
  ByteBuffer legacy_nodes;                   // the whole 24-byte node table (layout legacy24)
  std::vector<AnimKey> extra_keys;           // keys after the last track's fallback key
  std::vector<std::uint16_t> map_words;      // Res19 as read (holes between blocks survive)
  nres::Entry nodes_entry, keys_entry, map_entry;  // rows as read: names and attributes
};

// One stream written by the writers: its directory row (type, attributes, name) and payload.
struct StreamOut {
  nres::Entry entry;
  ByteBuffer payload;
};
struct AnimStreamsOut {
  StreamOut nodes, keys, map;
};

}  // namespace parkan::msh
