#pragma once
// MSH animation: reading the streams, sampling and blending exactly as AniMesh does, world
// matrices of the hierarchy, the checks of section 9, the editor IR and its writers.
// Every function takes views and plain structs; nothing reads files.
#include <span>
#include <vector>

#include "parkan/msh/model.hpp"

namespace parkan::msh {

// ---- Runtime layer (read.cpp, sample.cpp) ----

// Finds types 1, 8 and 19 in a parsed model NRes (exactly one of each) and checks the sizes
// (rule 9.1 and the node stride). `archive.bytes` must stay alive while the result is used.
Result<AnimStreams> read_anim_streams(const nres::Archive& archive);
// The same from the bytes of a model (a file, or the payload of a MESH entry of a library).
Result<AnimStreams> read_anim_streams(ByteView model);

// sub_10012880 for one node at time t (3.1-3.3): the key selection including the fallback branch,
// strict float equality with the key times, quaternions decoded to [w, x, y, z]. Unlike the engine
// it never reads outside the streams: an error names the rule that stopped it. A non-finite t is
// refused; a legacy 24-byte node table is never sampled.
Result<NodePose> sample_node(const AnimStreams& streams, std::uint32_t node, float t);

// The local matrix of a pose: quat_to_matrix(q) with pos in elements 3, 7, 11.
Mat4 pose_matrix(const NodePose& pose);

// sub_10012560 (4.1-4.3): the matrix built from two samples of one node. The engine leaves the
// case with neither sample undefined; here it is an error.
Result<Mat4> blend_node(const AnimStreams& streams, std::uint32_t node, float ta, float tb, float blend);

// Parents from the node table, checked: every parent precedes its child; forward parents,
// self-parents (cycles) and missing nodes are rejected with the node named.
Result<Hierarchy> read_hierarchy(const AnimStreams& streams);

// World matrices of every node at time t: W(root) = L(root), W(n) = W(parent) * L(n)
// (msh.md 7, decisions.md C5). `out` must hold streams.node_count matrices.
Status world_matrices(const AnimStreams& streams, const Hierarchy& hierarchy, float t, std::span<Mat4> out);
// One call for a whole model: hierarchy + world matrices.
Result<std::vector<Mat4>> world_matrices(const AnimStreams& streams, float t);

// 4x4 product in the engine's order (row-major, column vectors): a * b.
Mat4 multiply(const Mat4& a, const Mat4& b);

// ---- Checks (check.cpp) ----

// The mandatory list of section 9 as errors (one per violation), the canonical list and the
// attribute conventions of sections 2, 5 and 8 as warnings; a legacy node table gives a note.
std::vector<Finding> check_anim(const AnimStreams& streams);
// Reads the model first; a model that cannot be read gives its read error as the one finding.
std::vector<Finding> check_anim(ByteView model);
bool has_errors(std::span<const Finding> findings);

// ---- Editor IR and writers (ir.cpp, write.cpp) ----

// Decomposes the key pool into per-node tracks (5.1, 7). Fails on what the IR cannot hold:
// fallback keys not strictly increasing or past the pool, map blocks outside Res19.
Result<AnimModel> read_anim_model(const AnimStreams& streams);

// Lossless writer: the streams of `model` as read, edits applied; unchanged IR gives the input
// streams byte for byte (rows as read, attributes as read).
Result<AnimStreamsOut> write_anim(const AnimModel& model);

// Canonical writer (5.4, 8): keys in node order, hdr3 = each track's last key, frame_count =
// max end time + 1, maps from the key times with fallback frames written as the fallback index,
// static tracks (no map, or all keys equal) as one key at time 0 with no map, attributes of
// section 8. Refuses tracks that cannot be canonical (times not whole, not increasing, not
// starting at 0; too many keys or map words for 16-bit indices).
Result<AnimStreamsOut> write_anim_canonical(const AnimModel& model);

// The model with its three animation streams replaced. When every stream equals the one in
// `model` (row and payload), the input bytes are returned unchanged; otherwise the NRes is
// rebuilt canonically with every other entry kept in directory order.
Result<ByteBuffer> replace_anim_streams(ByteView model, const AnimStreamsOut& streams);

// A new model NRes holding just the three streams (in the order 1, 8, 19).
Result<ByteBuffer> build_anim_model(const AnimStreamsOut& streams);

// A Node38 for authoring: flags and parent set, no map, fallback 0, every slot 0xFFFF.
std::array<std::uint8_t, kNodeStride> make_node38(std::uint16_t parent, std::uint16_t flags = 0);

// Default row of a new stream: type id, attributes and a name ("Res1", "Res8", "Res19").
nres::Entry make_stream_entry(std::uint32_t type_id);

}  // namespace parkan::msh
