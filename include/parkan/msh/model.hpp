#pragma once
// MSH models (docs/formats/msh.md 1-9): every stream of a model NRes as plain structs, read, checked and written.
// Three layers: the raw bytes of every stream (kept, so that an unmodified model writes back
// byte-identical), the validated structure below, and the views built on it (geometry per slot,
// the glTF export in src/export, the animation through anim.hpp on the same bytes).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"
#include "parkan/msh/anim_types.hpp"

namespace parkan::msh {

// Stream type ids (docs/formats/msh.md 1); 1, 8 and 19 are in anim_types.hpp.
inline constexpr std::uint32_t kSlotsType = 2;
inline constexpr std::uint32_t kPositionsType = 3;
inline constexpr std::uint32_t kNormalsType = 4;
inline constexpr std::uint32_t kUv0Type = 5;
inline constexpr std::uint32_t kIndicesType = 6;
inline constexpr std::uint32_t kTrianglesType = 7;
inline constexpr std::uint32_t kNodeNamesType = 9;
inline constexpr std::uint32_t kNodeStringsType = 10;  // the socket prefixes (docs/formats/msh.md 6.2)
inline constexpr std::uint32_t kBatchesType = 13;
inline constexpr std::uint32_t kPathGraphType = 17;
inline constexpr std::uint32_t kLightmapUvType = 18;
inline constexpr std::uint32_t kTerrainPairsType = 11;  // Land.msh only (docs/formats/msh.md 9)
inline constexpr std::uint32_t kTerrainAuxType = 14;
inline constexpr std::uint32_t kTerrainFacesType = 21;

// Element sizes (docs/formats/msh.md 1-6).
inline constexpr std::size_t kModelHeaderSize = 0x8C;
inline constexpr std::size_t kSlotStride = 68;
inline constexpr std::size_t kPositionStride = 12;
inline constexpr std::size_t kNormalStride = 4;
inline constexpr std::size_t kUvStride = 4;
inline constexpr std::size_t kIndexStride = 2;
inline constexpr std::size_t kTriangleStride = 16;
inline constexpr std::size_t kBatchStride = 20;
inline constexpr std::size_t kNodeNameSize = 32;     // type 9: one NUL-padded name per node (6.5)
inline constexpr std::size_t kPathNodeStride = 20;   // type 17 (6.6)
inline constexpr std::size_t kPathLinkStride = 40;
inline constexpr std::size_t kTerrainFaceStride = 28;

// The slot matrix (docs/formats/msh.md 2.2): Node::slots[stage][level] is word 4 + 5*stage + level.
inline constexpr std::uint16_t kNoSlot = 0xFFFF;
inline constexpr std::size_t kDamageStageCount = 3;  // stage 0 intact, 1 and 2 damaged (filled in order)
inline constexpr std::size_t kLevelCount = 5;        // levels 0..3 LODs (0 finest), 4 the cockpit view
inline constexpr std::size_t kCockpitLevel = 4;      // drawn only in the unit's own first-person view
inline constexpr std::size_t kLodLevelCount = 4;     // the levels that are LODs
inline constexpr float kNormalScale = 127.0f;  // int8 / 127, clamped to [-1, 1] (docs/formats/msh.md 4)
inline constexpr float kUvScale = 1024.0f;     // u16 / 1024 (docs/formats/msh.md 4.3)
inline constexpr float kFaceNormalScale = 32767.0f;

// Node flags (docs/formats/msh.md 2.3).
inline constexpr std::uint16_t kNodeInterior = 0x0001;        // interior component (o*/i* names), drawn
inline constexpr std::uint16_t kNodeCockpit = 0x0020;         // the cockpit: geometry in level 4 only
inline constexpr std::uint16_t kNodeDrawnAtZeroLife = 0x0100; // still drawn at life 0 (building shells)

// Node38 (docs/formats/msh.md 2).
struct Node {
  std::uint16_t flags = 0;
  std::uint16_t parent = kNoParent;
  std::uint16_t anim_map_start = kNoMap;
  std::uint16_t fallback_key = 0;
  std::array<std::array<std::uint16_t, kLevelCount>, kDamageStageCount> slots{};  // kNoSlot: no geometry
  std::uint16_t slot(std::size_t stage, std::size_t level) const { return slots[stage][level]; }
  bool operator==(const Node&) const = default;
};
Node make_node(std::uint16_t parent);  // every slot kNoSlot, no animation map, fallback key 0

// The 0x8C-byte header of type 2 (docs/formats/msh.md 3).
struct ModelBounds {
  std::array<Vec3, 8> corners{};          // bottom FL, FR, BR, BL, then top FL, FR, BR, BL
  std::array<float, 4> sphere{};          // centre xyz, radius
  Vec3 segment_bottom{}, segment_top{};   // vertical segment bound
  float xy_radius = 0.0f;                 // capsule radius
  bool operator==(const ModelBounds&) const;  // bitwise (NaN payloads count)
};

// Slot68 (docs/formats/msh.md 3.2).
struct Slot {
  std::uint16_t tri_start = 0, tri_count = 0;
  std::uint16_t batch_start = 0, batch_count = 0;
  Vec3 aabb_min{}, aabb_max{};
  Vec3 sphere_center{};
  float sphere_radius = 0.0f;
  float area = 0.0f;                    // +0x30 surface area, before the mesh scale
  float box_volume = 0.0f;              // +0x34 volume of the box, before the mesh scale
  std::array<std::uint32_t, 3> tail{};  // +0x38, kept
  bool operator==(const Slot&) const;   // bitwise
};

// Type 4: int8 x, y, z, w (w unknown, kept).
struct PackedNormal {
  std::array<std::int8_t, 4> v{};
  bool operator==(const PackedNormal&) const = default;
};
Vec3 decode_normal(const PackedNormal& n);  // clamp(v / 127, -1, 1) per component, not normalized

// Types 5 and 18 (docs/formats/msh.md 4.3): u16 u, v.
struct PackedUv {
  std::uint16_t u = 0, v = 0;
  bool operator==(const PackedUv&) const = default;
};
std::array<float, 2> decode_uv(const PackedUv& uv);  // value / 1024, no V flip
PackedUv encode_uv(float u, float v);                // round(x * 1024) clamped to 0..65535, NaN 0

// TriDesc16 (docs/formats/msh.md 6.1).
inline constexpr std::uint16_t kFaceWalkable = 0x0002;  // walkable floor; rounds strike it
inline constexpr std::uint16_t kFaceFoliage = 0x0004;   // foliage (and glass); rounds pass
inline constexpr std::uint16_t kFaceDoor = 0x0010;      // door leaf; rounds strike it
inline constexpr std::uint16_t kFaceGlass = 0x0020;     // glass; rounds pass
inline constexpr std::uint16_t kEdgeCodeBits = 0x003F;  // +0x0E: three 2-bit twin-edge codes
inline constexpr unsigned kOpenEdge = 3;                // the code of an edge without a twin
inline constexpr std::uint16_t kNoTwin = 0xFFFF;        // link[k] of an open edge
struct TriangleDesc {
  std::uint16_t flags = 0;
  std::array<std::uint16_t, 3> link{};   // the triangle across edge k (type 7 index)
  std::array<std::int16_t, 3> normal{};  // / 32767
  std::uint16_t selectors = 0;           // low 6 bits: edge codes; higher bits kept as stored
  // Edge k's twin-edge code: the edge of link[k] that edge k meets, kOpenEdge when none.
  unsigned edge_code(std::size_t k) const { return (selectors >> (2 * k)) & 3u; }
  bool operator==(const TriangleDesc&) const = default;
};

// Batch20 (docs/formats/msh.md 5.1).
inline constexpr std::uint8_t kBatchUnlit = 0xFF;         // +0x05
inline constexpr std::uint8_t kBatchLightmapped = 0x00;   // +0x05: LIGHTMAPS entry 0, UVs from type 18
inline constexpr std::uint16_t kNoRoom = 0xFFFF;          // +0x06 on a batch that is not a portal
// Batch word bits (docs/formats/msh.md 5.2).
inline constexpr std::uint32_t kBatchWordBit1 = 0x0001;
inline constexpr std::uint32_t kBatchTwoSided = 0x0002;   // meaning unproven: every batch is drawn unculled
inline constexpr std::uint32_t kBatchWordBit4 = 0x0004;
inline constexpr std::uint32_t kBatchWordPortal = 0x0008;        // +0x06 names the room beyond; see-through
inline constexpr std::uint32_t kBatchWordBit10 = 0x0010;
inline constexpr std::uint32_t kBatchWordPortalQueued = 0x0020;  // ORed on portals by the engine, not stored
inline constexpr std::uint32_t kBatchWordBit40 = 0x0040;
inline constexpr std::uint32_t kBatchWordTranslucent = 0x0100;   // queued see-through
inline constexpr std::uint32_t kBatchWordLightmapped = 0x2000;   // with +0x05 = 0x00
inline constexpr std::uint32_t kBatchWordBit4000 = 0x4000;
inline constexpr std::uint32_t kBatchWordMask = 0x7FFF;  // every bit a retail batch sets
struct Batch {
  std::uint32_t word = 0;            // +0x00 batch word
  std::uint8_t wear_row = 0;         // +0x04 the WEAR MATERIALS row (docs/formats/msh.md 12.2)
  std::uint8_t lightmap = kBatchUnlit;  // +0x05 kBatchLightmapped or kBatchUnlit
  std::uint16_t room = kNoRoom;      // +0x06 the room (node) beyond a portal batch
  std::uint16_t index_count = 0;     // +0x08 a multiple of 3
  std::uint32_t index_start = 0;     // +0x0A first element of type 6
  std::uint16_t vertex_count = 0;    // +0x0E largest relative index + 1
  std::uint32_t base_vertex = 0;     // +0x10 added to every index
  bool operator==(const Batch&) const = default;
};

// A type 9 record (docs/formats/msh.md 6.5): 32 bytes, the node's name NUL-padded (kept whole).
using NodeNameRecord = std::array<char, kNodeNameSize>;
NodeNameRecord make_node_name(std::string_view name);  // the first 32 bytes of `name`, NUL-padded
std::string node_name_text(const NodeNameRecord& record);  // the bytes before the first NUL

// A type 10 record (docs/formats/msh.md 6.2): `uint32 len; if len > 0: char text[len + 1]`, the part
// prefix the node's socket accepts.
struct NodeString {
  bool present = false;        // len > 0
  std::string text;            // len bytes, cp1251
  std::uint8_t terminator = 0; // the byte after the text (a NUL in every known file; kept)
  bool operator==(const NodeString&) const = default;
};

// Type 17, the path graph of a building (docs/formats/msh.md 6.6): attr1 nodes, then attr2 links.
struct PathNode {
  Vec3 position{};
  std::uint32_t place_flags = 0;
  std::uint32_t frame_node = 0;  // the model node whose frame holds the point
  bool operator==(const PathNode&) const;  // bitwise
};
inline constexpr std::uint32_t kPathLinkReserved = 0xFFFFFFFFu;
struct PathLink {
  std::uint32_t from = 0, to = 0;  // path node indices
  std::array<std::uint32_t, 8> reserved{kPathLinkReserved, kPathLinkReserved, kPathLinkReserved,
                                        kPathLinkReserved, kPathLinkReserved, kPathLinkReserved,
                                        kPathLinkReserved, kPathLinkReserved};
  bool operator==(const PathLink&) const = default;
};

// One stream as stored: its directory row and payload, in directory order.
struct StreamRow {
  std::uint32_t type_id = 0;
  std::uint32_t attr1 = 0, attr2 = 0, attr3 = 0;
  std::string name;     // as stored
  // The bytes as read, written unchanged, for streams without a typed form. Empty for the typed
  // streams (the first of types 1, 2, 3, 4, 5, 6, 7, 9, 10, 13, 17, 18; type 1 unless legacy): their bytes are
  // the fields of Model (and are in Model::container); the writer serializes them from the fields.
  ByteBuffer payload;
  bool operator==(const StreamRow&) const = default;
};

enum class ModelKind {
  model,    // a standard model (types 1, 2, 3, 6, 13 at least)
  terrain,  // Land.msh: streams 1, 2, 3, 4, 5, 18, 14, 11, 21, no 6 or 13 (docs/formats/msh.md 9)
};

struct Model {
  ModelKind kind = ModelKind::model;
  NodeLayout node_layout = NodeLayout::node38;  // legacy24: nodes is empty, type 1 passes through raw
  std::vector<Node> nodes;
  ModelBounds bounds;
  std::vector<Slot> slots;
  std::vector<Vec3> positions;
  std::vector<PackedNormal> normals;
  std::vector<PackedUv> uv0;
  std::vector<PackedUv> lightmap_uv;  // type 18: present exactly when the WEAR has LIGHTMAPS
  std::vector<std::uint16_t> indices;
  std::vector<TriangleDesc> triangles;
  std::vector<Batch> batches;
  std::vector<NodeNameRecord> node_names;  // type 9, one per node
  std::vector<NodeString> node_strings;    // type 10, one per node
  ByteBuffer node_strings_tail;  // bytes after the last record (the engine never reads them)
  std::vector<PathNode> path_nodes;  // type 17
  std::vector<PathLink> path_links;
  // Every stream in directory order. Typed streams (1, 2, 3, 4, 5, 6, 7, 9, 10, 13, 17, 18; the first of
  // each type) are written from the fields above; the others (8, 11, 14, 15, 16, 19-21 ...) from their
  // payload, unchanged.
  std::vector<StreamRow> streams;
  // The model NRes as read: write_model keeps its layout (gaps, padding, name bytes, sort table) and
  // replaces only the payloads and rows that changed. Empty for a model built in code.
  ByteBuffer container;

  // The node's name: its type 9 name when present and not empty, else "node<i>".
  std::string node_name(std::size_t node) const;
  // The part prefix the node's socket accepts: its type 10 text, "" when absent.
  std::string socket_prefix(std::size_t node) const;
  bool has_stream(std::uint32_t type_id) const;
  const StreamRow* stream(std::uint32_t type_id) const;  // the first of that type
};

// Reads every stream of a model NRes (docs/formats/msh.md 1-7, 9). Errors are the structural rules without which
// nothing can be read (an NRes, a stride remainder, a type 10 record past its payload), each with its
// code (msh.*, listed at check_model), the stream's directory index in the message and the offset in
// the model (Error::entry stays free for the library entry that holds the model).
Result<Model> read_model(ByteView model);

// Every rule of docs/formats/msh.md 8 on a read model: stream sizes and counts that disagree, slot, triangle,
// batch and index ranges, indices past the vertex count, non-finite or inverted bounds, forward and
// self parents, the Batch20 fields, twin edges, node names, the path graph, cockpit and stage rules.
// The model against its WEAR is validate::check_model_wear (include/parkan/validate/model_wear.hpp). Stable codes msh.<stream>.<rule>; messages name the stream and the element. Offsets
// are inside the model NRes when `container` is the model's, else absent.
//   reader errors (read_model, and check_model(ByteView) as its one finding):
//     msh.model.container (not an NRes; or the NRes reader's own code), msh.nodes.stride,
//     msh.slots.header (type 2 shorter than 0x8C), msh.slots.stride, msh.positions.stride,
//     msh.normals.stride, msh.uv0.stride, msh.lightmap_uv.stride, msh.indices.stride,
//     msh.triangles.stride, msh.batches.stride, msh.node_names.stride (type 9, 32 bytes a name),
//     msh.path.stride (type 17 is not attr1 20-byte nodes and whole 40-byte links),
//     msh.strings.past_end (a type 10 record past its payload)
//   errors: msh.stream.missing (1, 2, 3, 6, 13; terrain 1, 2, 3, 21), msh.normals.count, msh.uv0.count,
//     msh.lightmap_uv.count, msh.stream15.stride, msh.stream15.count, msh.stream16.stride,
//     msh.stream16.count (8.: counts equal the vertex count), msh.slot.range,
//     msh.slot.triangles, msh.slot.batches, msh.batch.index_count (not a multiple of 3),
//     msh.batch.indices, msh.index.vertex, msh.batch.vertex_count (+0x0E is not the largest relative
//     index + 1), msh.batch.lightmap (+5 neither 0x00 nor 0xFF), msh.batch.lightmap_uv (a lightmapped
//     batch without type 18), msh.batch.room (+6 past the nodes), msh.triangle.link (a twin past the
//     triangles), msh.node_names.count (a non-empty type 9 not one name per node), msh.path.count (type 17 attr2
//     is not its link count), msh.path.link_node (a link end past the path nodes), msh.path.frame_node
//     (a point's frame node past the nodes), msh.slot.aabb, msh.slot.sphere, msh.bounds.finite,
//     msh.node.parent_forward, msh.node.parent_self, msh.strings.count (more strings than nodes);
//     terrain: msh.terrain.faces_stride, msh.terrain.pairs_stride, msh.terrain.aux_stride,
//     msh.terrain.face_vertex
//   warnings: msh.stream.duplicate (a second stream of a typed type, kept raw), msh.positions.finite,
//     msh.nodes.attr3, msh.slots.attr1, msh.slots.attr3, msh.triangles.attr1, msh.triangles.attr3,
//     msh.strings.attr1, msh.batch.word (bits above 0x4000), msh.batch.lightmap_word (+5 and word bit
//     0x2000 disagree), msh.batch.portal_room (a room without word bit 0x8 or the reverse),
//     msh.triangle.edge_code (an edge code that does not match its link), msh.node.cockpit (flag 0x20
//     on a node with geometry outside level 4, or none), msh.node.stage_order (a damage stage filled
//     before the one below it)
//   notes: msh.nodes.legacy (24-byte node table: node rules not checked), msh.findings.truncated
std::vector<Diagnostic> check_model(const Model& model);
// Reads, then checks; a model that cannot be read gives its read error as the one finding.
std::vector<Diagnostic> check_model(ByteView model);

// The model NRes: byte-identical to the input for a model read and not modified (the NRes layout of
// `container` is kept, payloads and rows replaced only where they changed); a model built in code
// (no container) gets the corpus's stream order [1,2,3,4,5,15,13,6,7,8,19,9,10,17] with the corpus's
// attributes (attr1 = count, attr3 = stride; 2: slots, 68; 8: attr3 4; 19: attr2 frames, attr3 2;
// 17: attr1 nodes, attr2 links), and a type 18 row after type 5 when it has lightmap UVs.
// A type 17 that changed gets attr1 and attr2 from its nodes and links (the reader splits it by attr1).
// There the rows in `streams` (8 and 19 from set_animation, or 9, 15, 17, 18, 20 ...) replace the
// default row of their type, types outside the list go in the order of the 21 models with 18 and 20;
// type 15 when empty gets 8 zero bytes per vertex; nodes without a string get an empty type 10
// record (any model: the engine reads one per node); without a type 8 row every node's fallback key
// gets an identity key at time 0 (a static model). Errors: typed data without its stream
// (msh.write.no_stream), a payload or model past 4 GiB.
Result<ByteBuffer> write_model(const Model& model);

// Attaches animation to a model (usually one built in code): one track per node in node order (the
// tracks' node_bytes are ignored: the model's nodes are used), written by the canonical writer
// (write_anim_canonical: whole frame times from 0, maps derived from the key times). Sets every
// node's anim_map_start and fallback_key and the type 8 and 19 rows of `streams` (replaced, or
// appended as "Res8" / "Res19"). Errors: msh.anim.layout (legacy node table), msh.anim.track_count,
// and those of write_anim_canonical.
Status set_animation(Model& model, const AnimTracks& tracks);

}  // namespace parkan::msh
