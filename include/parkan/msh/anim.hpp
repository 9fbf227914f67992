#pragma once
// MSH animation: reading the streams, sampling and blending exactly as AniMesh does, world
// matrices of the hierarchy, the checks of section 9, the editor IR and its writers.
// Every function takes views and plain structs; nothing reads files.
#include <span>
#include <vector>

#include "parkan/core/diagnostic.hpp"
#include "parkan/msh/anim_types.hpp"

namespace parkan::msh {

// ---- Runtime layer (read.cpp, sample.cpp) ----

// Finds types 1, 8 and 19 in a parsed model NRes (exactly one of each) and checks the sizes
// (rule 9.1 and the node stride). `archive.bytes` must stay alive while the result is used.
// Errors carry the rule code: anim.stream.missing, anim.stream.duplicate, anim.nodes.size,
// anim.keys.size, anim.map.size.
Result<AnimStreams> read_anim_streams(const nres::Archive& archive);
// The same from the bytes of a model (a file, or the payload of a MESH entry of a library). A
// container that does not parse keeps the NRes reader's code, or anim.model.container.
Result<AnimStreams> read_anim_streams(ByteView model);

// The per-node tracks as `anim info` lists them (5.1); empty for a legacy node table.
std::vector<TrackSummary> track_summaries(const AnimStreams& streams);

// sub_10012880 for one node at time t (3.1-3.3), t in frames of the model's timeline: the key
// selection including the fallback branch, strict float equality with the key times, quaternions
// decoded to [w, x, y, z]. Unlike the engine it never reads outside the streams: an error names
// the rule that stopped it (anim.node.fallback_range, anim.node.map_range, anim.map.next_key). A
// non-finite t is refused (anim.sample.time), so is a node past the table (anim.sample.node); a
// legacy 24-byte node table is never sampled (anim.nodes.legacy).
Result<NodePose> sample_node(const AnimStreams& streams, std::uint32_t node, float t);

// The local matrix of a pose: quat_to_matrix(q) with pos in elements 3, 7, 11.
Mat4 pose_matrix(const NodePose& pose);

// sub_10012560 (4.1-4.3): the matrix built from two samples of one node. The engine leaves the
// case with neither sample undefined; here it is an error (anim.blend.no_sample).
Result<Mat4> blend_node(const AnimStreams& streams, std::uint32_t node, float ta, float tb, float blend);

// Parents from the node table, checked: every parent precedes its child; forward parents and
// self-parents (cycles) are rejected as anim.node.parent_order, missing nodes as
// anim.node.parent_range, with the node named.
Result<Hierarchy> read_hierarchy(const AnimStreams& streams);

// The engine's pose walk (docs/formats/msh.md 7.4; AniMesh 0x10008d88): node 0 without a parent keeps
// its rotation and loses its translation (elements 3, 7, 11 zeroed); every other node keeps its pose.
// The placement of the object supplies the root's position instead.
Mat4 pose_walk_local(std::uint32_t node, std::uint16_t parent, const NodePose& pose);

// World matrices of every node at time t: W(root) = L(root), W(n) = W(parent) * L(n), L from
// pose_walk_local (docs/formats/msh.md 7, 7.3, 7.4). `out` must hold streams.node_count matrices (anim.world.output) and
// `hierarchy` be the model's (anim.world.hierarchy); a sampler error stops it.
Status world_matrices(const AnimStreams& streams, const Hierarchy& hierarchy, float t, std::span<Mat4> out);
// One call for a whole model: hierarchy + world matrices.
Result<std::vector<Mat4>> world_matrices(const AnimStreams& streams, float t);

// 4x4 product in the engine's order (row-major, column vectors): a * b.
Mat4 multiply(const Mat4& a, const Mat4& b);

// ---- Checks (check.cpp) ----

// The mandatory list of section 9 as errors (one per violation), the canonical list and the
// attribute conventions of sections 2, 5 and 8 as warnings; a legacy node table gives a note.
// Offsets are inside the model bytes; file and entry are left for the caller (Payload::locate).
// The codes, one per rule:
//   errors    anim.keys.size, anim.map.size (9.1; from read_anim_streams), anim.nodes.size,
//             anim.node.fallback_range (9.2), anim.node.map_range (9.3), anim.map.next_key (9.4),
//             anim.key.time_order, anim.track.map_keys (9.5), anim.frame_count.zero (9.6),
//             anim.key.finite (positions and times are finite numbers)
//   warnings  anim.node.fallback_order (9 canonical 1, 5.1), anim.track.start_time (9 canonical 2),
//             anim.frame_count.canonical (9 canonical 3), anim.map.block_order and anim.map.coverage
//             (9 canonical 4, 5.3), anim.key.whole_time (5.2), anim.track.unmapped_keys (5.1),
//             anim.map.canonical_word (5.4), anim.frame_count.static (5.3), anim.key.quat_range
//             (10.4), and the attributes anim.nodes.attr3, anim.keys.attr1, anim.keys.attr2,
//             anim.keys.attr3, anim.map.attr1, anim.map.attr3 (docs/formats/msh.md 1; 2.1, 2.2)
//   notes     anim.nodes.legacy (10.3: node rules not checked), anim.map.scan_limit (word scans
//             stopped on overlapping blocks)
std::vector<Diagnostic> check_anim(const AnimStreams& streams);
// Reads the model first; a model that cannot be read gives its read error as the one finding
// (its code: a read_anim_streams code, the NRes reader's, or anim.model.container).
std::vector<Diagnostic> check_anim(ByteView model);

// ---- Editor IR and writers (ir.cpp, write.cpp) ----

// Decomposes the key pool into per-node tracks (5.1, 7). Fails on what the IR cannot hold:
// fallback keys not strictly increasing (anim.node.fallback_order) or past the pool
// (anim.node.fallback_range), map blocks outside Res19 (anim.node.map_range), overlapping blocks
// that would copy more than 2^24 words (anim.tracks.map_limit).
Result<AnimTracks> read_anim_tracks(const AnimStreams& streams);

// Lossless writer: the streams of `tracks` as read, edits applied; unchanged IR gives the input
// streams byte for byte (rows as read, attributes as read). Refuses tracks out of node order
// (anim.tracks.order), an empty track (anim.track.empty), tracks on a legacy table
// (anim.nodes.legacy), more keys or map words than 16-bit indices reach (anim.keys.too_many,
// anim.map.too_many_words).
Result<AnimStreamsOut> write_anim(const AnimTracks& tracks);

// Canonical writer (5.4, 8): keys in node order, hdr3 = each track's last key, frame_count =
// max end time + 1, maps from the key times with fallback frames written as the fallback index,
// static tracks (no map, or all keys equal) as one key at time 0 with no map, attributes of
// section 8. Refuses tracks that cannot be canonical: times not whole (anim.key.whole_time), not
// increasing (anim.key.time_order), not starting at 0 (anim.track.start_time); too many keys or
// map words for 16-bit indices; a legacy node table (anim.nodes.legacy); and what write_anim refuses.
Result<AnimStreamsOut> write_anim_canonical(const AnimTracks& tracks);

// The model with its three animation streams replaced. When every stream equals the one in
// `model` (row and payload), the input bytes are returned unchanged; otherwise the NRes is
// rebuilt canonically with every other entry kept in directory order. A model without exactly
// one stream of each type: anim.stream.missing, anim.stream.duplicate.
Result<ByteBuffer> replace_anim_streams(ByteView model, const AnimStreamsOut& streams);

// A new model NRes holding just the three streams (in the order 1, 8, 19).
Result<ByteBuffer> build_anim_model(const AnimStreamsOut& streams);

// A Node38 for authoring: flags and parent set, no map, fallback 0, every slot 0xFFFF.
std::array<std::uint8_t, kNodeStride> make_node38(std::uint16_t parent, std::uint16_t flags = 0);

// Default row of a new stream: type id, attributes and a name ("Res1", "Res8", "Res19").
nres::Entry make_stream_entry(std::uint32_t type_id);

}  // namespace parkan::msh
