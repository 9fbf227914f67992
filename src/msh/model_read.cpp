// The model reader (docs/formats/msh.md 1-7, 9): every stream of a model NRes into the structs of model.hpp.
// Counts come from the payload sizes only (every division exact), so nothing is allocated beyond
// the bytes that are present; the raw rows are kept for the writer.
#include <algorithm>
#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "parkan/msh/codes.hpp"
#include "msh/model_codec.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::msh {

namespace {

using detail::load_vec3;

// The first stream of every type id the reader knows (1..21), by directory index.
struct FirstOfType {
  std::array<std::optional<std::size_t>, 22> index;
  const std::optional<std::size_t>& operator[](std::uint32_t type_id) const { return index[type_id]; }
};

FirstOfType first_streams(const nres::Archive& archive) {
  FirstOfType first;
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    const std::uint32_t type = archive.entries[i].type_id;
    if (type < first.index.size() && !first.index[type]) first.index[type] = i;
  }
  return first;
}

// A stream and where it is, for the element counts and the error messages.
struct StreamAt {
  std::size_t index = 0;  // directory index
  const nres::Entry* entry = nullptr;
  ByteView bytes;
  std::uint64_t offset = 0;  // of `bytes` in the model
};

// Element count of a stream of `stride`-byte elements; a remainder is the error `code`, reported at
// the first byte of the incomplete element.
Result<std::size_t> element_count(const StreamAt& s, std::size_t stride, const char* code, const char* what) {
  const std::size_t remainder = s.bytes.size() % stride;
  if (remainder != 0)
    return invalid_rule(code,
                        fmt::format("stream #{} (type {}, {}): size {} is not a multiple of {} ({} bytes left over; "
                                    "docs/formats/msh.md 8)",
                                    s.index, s.entry->type_id, what, s.bytes.size(), stride, remainder),
                        s.offset + s.bytes.size() - remainder);
  return s.bytes.size() / stride;
}

Node decode_node(const std::uint8_t* p) {
  Node node;
  node.flags = load_u16(p);
  node.parent = load_u16(p + kNodeParentOffset);
  node.anim_map_start = load_u16(p + kNodeMapStartOffset);
  node.fallback_key = load_u16(p + kNodeFallbackOffset);
  for (std::size_t stage = 0; stage < kDamageStageCount; ++stage)
    for (std::size_t level = 0; level < kLevelCount; ++level)
      node.slots[stage][level] = load_u16(p + detail::kNodeSlotsOffset + 2 * (kLevelCount * stage + level));
  return node;
}

// Type 1 (docs/formats/msh.md 2): Node38, or the 24-byte table passed through (attr3 == 24).
Status read_nodes(const StreamAt& s, Model& m, std::size_t& node_count) {
  m.node_layout = s.entry->attr3 == kLegacyNodeStride ? NodeLayout::legacy24 : NodeLayout::node38;
  const std::size_t stride = m.node_layout == NodeLayout::legacy24 ? kLegacyNodeStride : kNodeStride;
  PARKAN_ASSIGN(node_count, element_count(s, stride, codes::kNodesStride, "node table"));
  if (m.node_layout == NodeLayout::legacy24) return {};
  m.nodes.reserve(node_count);
  for (std::size_t i = 0; i < node_count; ++i) m.nodes.push_back(decode_node(s.bytes.data() + i * kNodeStride));
  return {};
}

// Type 2 (docs/formats/msh.md 3): the 0x8C-byte header, then Slot68 records.
Status read_slots(const StreamAt& s, Model& m) {
  if (s.bytes.size() < kModelHeaderSize)
    return invalid_rule(codes::kSlotsHeader,
                        fmt::format("stream #{} (type 2, model header and slots): size {} is shorter than the "
                                    "0x8C-byte header (docs/formats/msh.md 3)",
                                    s.index, s.bytes.size()),
                        s.entry->data_offset);
  StreamAt slots = s;
  slots.bytes = s.bytes.subspan(kModelHeaderSize);
  slots.offset = s.offset + kModelHeaderSize;
  PARKAN_ASSIGN(std::size_t count, element_count(slots, kSlotStride, codes::kSlotsStride, "slots after the header"));
  const std::uint8_t* h = s.bytes.data();
  for (std::size_t c = 0; c < 8; ++c) m.bounds.corners[c] = load_vec3(h + 12 * c);
  for (std::size_t c = 0; c < 4; ++c) m.bounds.sphere[c] = load_f32(h + 0x60 + 4 * c);
  m.bounds.segment_bottom = load_vec3(h + 0x70);
  m.bounds.segment_top = load_vec3(h + 0x7C);
  m.bounds.xy_radius = load_f32(h + 0x88);
  m.slots.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* p = slots.bytes.data() + i * kSlotStride;
    Slot& slot = m.slots[i];
    slot.tri_start = load_u16(p);
    slot.tri_count = load_u16(p + 2);
    slot.batch_start = load_u16(p + 4);
    slot.batch_count = load_u16(p + 6);
    slot.aabb_min = load_vec3(p + 0x08);
    slot.aabb_max = load_vec3(p + 0x14);
    slot.sphere_center = load_vec3(p + 0x20);
    slot.sphere_radius = load_f32(p + 0x2C);
    slot.area = load_f32(p + detail::kSlotAreaOffset);
    slot.box_volume = load_f32(p + detail::kSlotBoxVolumeOffset);
    for (std::size_t t = 0; t < slot.tail.size(); ++t) slot.tail[t] = load_u32(p + detail::kSlotTailOffset + 4 * t);
  }
  return {};
}

Status read_positions(const StreamAt& s, Model& m) {
  PARKAN_ASSIGN(std::size_t count, element_count(s, kPositionStride, codes::kPositionsStride, "positions"));
  m.positions.resize(count);
  for (std::size_t i = 0; i < count; ++i) m.positions[i] = load_vec3(s.bytes.data() + i * kPositionStride);
  return {};
}

Status read_normals(const StreamAt& s, Model& m) {
  PARKAN_ASSIGN(std::size_t count, element_count(s, kNormalStride, codes::kNormalsStride, "packed normals"));
  m.normals.resize(count);
  if (count) std::memcpy(m.normals.data(), s.bytes.data(), count * kNormalStride);
  return {};
}

// Types 5 and 18 (docs/formats/msh.md 4.3): u16 pairs.
Status read_uvs(const StreamAt& s, std::vector<PackedUv>& uvs, const char* code, const char* what) {
  PARKAN_ASSIGN(std::size_t count, element_count(s, kUvStride, code, what));
  uvs.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    uvs[i].u = load_u16(s.bytes.data() + i * kUvStride);
    uvs[i].v = load_u16(s.bytes.data() + i * kUvStride + 2);
  }
  return {};
}

Status read_indices(const StreamAt& s, Model& m) {
  PARKAN_ASSIGN(std::size_t count, element_count(s, kIndexStride, codes::kIndicesStride, "index buffer"));
  m.indices.resize(count);
  if (count) std::memcpy(m.indices.data(), s.bytes.data(), count * kIndexStride);
  return {};
}

Status read_triangles(const StreamAt& s, Model& m) {
  PARKAN_ASSIGN(std::size_t count,
                element_count(s, kTriangleStride, codes::kTrianglesStride, "triangle descriptors"));
  m.triangles.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* p = s.bytes.data() + i * kTriangleStride;
    TriangleDesc& t = m.triangles[i];
    t.flags = load_u16(p);
    for (std::size_t k = 0; k < 3; ++k) t.link[k] = load_u16(p + 2 + 2 * k);
    for (std::size_t k = 0; k < 3; ++k) t.normal[k] = load_i16(p + 8 + 2 * k);
    t.selectors = load_u16(p + 0x0E);
  }
  return {};
}

Status read_batches(const StreamAt& s, Model& m) {
  PARKAN_ASSIGN(std::size_t count, element_count(s, kBatchStride, codes::kBatchesStride, "batches"));
  m.batches.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* p = s.bytes.data() + i * kBatchStride;
    Batch& b = m.batches[i];
    b.word = load_u32(p);
    b.wear_row = p[detail::kBatchWearRowOffset];
    b.lightmap = p[detail::kBatchLightmapOffset];
    b.room = load_u16(p + detail::kBatchRoomOffset);
    b.index_count = load_u16(p + detail::kBatchIndexCountOffset);
    b.index_start = load_u32(p + detail::kBatchIndexStartOffset);
    b.vertex_count = load_u16(p + detail::kBatchVertexCountOffset);
    b.base_vertex = load_u32(p + detail::kBatchBaseVertexOffset);
  }
  return {};
}

// Type 9 (docs/formats/msh.md 6.5): one 32-byte NUL-padded name per node, kept whole.
Status read_node_names(const StreamAt& s, Model& m) {
  PARKAN_ASSIGN(std::size_t count, element_count(s, kNodeNameSize, codes::kNodeNamesStride, "node names"));
  m.node_names.resize(count);
  for (std::size_t i = 0; i < count; ++i)
    std::memcpy(m.node_names[i].data(), s.bytes.data() + i * kNodeNameSize, kNodeNameSize);
  return {};
}

// Type 17 (docs/formats/msh.md 6.6): attr1 path nodes of 20 bytes, then links of 40 bytes to the end.
Status read_path_graph(const StreamAt& s, Model& m) {
  const std::uint64_t node_bytes = std::uint64_t(s.entry->attr1) * kPathNodeStride;
  if (node_bytes > s.bytes.size() || (s.bytes.size() - node_bytes) % kPathLinkStride != 0)
    return invalid_rule(codes::kPathStride,
                        fmt::format("stream #{} (type 17, path graph): size {} is not attr1 = {} nodes of 20 bytes "
                                    "followed by whole 40-byte links (docs/formats/msh.md 6.6)",
                                    s.index, s.bytes.size(), s.entry->attr1),
                        s.offset);
  const std::size_t node_count = static_cast<std::size_t>(s.entry->attr1);
  const std::size_t link_count = (s.bytes.size() - static_cast<std::size_t>(node_bytes)) / kPathLinkStride;
  m.path_nodes.resize(node_count);
  for (std::size_t i = 0; i < node_count; ++i) {
    const std::uint8_t* p = s.bytes.data() + i * kPathNodeStride;
    m.path_nodes[i].position = load_vec3(p);
    m.path_nodes[i].place_flags = load_u32(p + 12);
    m.path_nodes[i].frame_node = load_u32(p + detail::kPathNodeFrameOffset);
  }
  m.path_links.resize(link_count);
  for (std::size_t i = 0; i < link_count; ++i) {
    const std::uint8_t* p = s.bytes.data() + node_bytes + i * kPathLinkStride;
    PathLink& link = m.path_links[i];
    link.from = load_u32(p + detail::kPathLinkFromOffset);
    link.to = load_u32(p + detail::kPathLinkToOffset);
    for (std::size_t k = 0; k < link.reserved.size(); ++k) link.reserved[k] = load_u32(p + 8 + 4 * k);
  }
  return {};
}

// Type 10 (docs/formats/msh.md 6): one record per node, `uint32 len; if len > 0: char text[len + 1]`; what
// follows the last node's record is kept as the tail.
Status read_node_strings(const StreamAt& s, std::size_t node_count, Model& m) {
  const std::size_t size = s.bytes.size();
  m.node_strings.reserve(std::min(node_count, size / 4));  // a record is at least 4 bytes
  std::size_t at = 0;
  for (std::size_t i = 0; i < node_count; ++i) {
    if (size - at < 4)
      return invalid_rule(codes::kStringsPastEnd,
                          fmt::format("stream #{} (type 10, node strings): the record of node {} at +{} needs 4 "
                                      "bytes for its length, {} left (docs/formats/msh.md 6)",
                                      s.index, i, at, size - at),
                          std::uint64_t(s.entry->data_offset) + at);
    const std::uint32_t length = load_u32(s.bytes.data() + at);
    NodeString record;
    if (length > 0) {
      if (std::uint64_t(length) + 1 > size - at - 4)
        return invalid_rule(codes::kStringsPastEnd,
                            fmt::format("stream #{} (type 10, node strings): the record of node {} at +{} holds {} "
                                        "bytes and a NUL, {} left in the payload (docs/formats/msh.md 6)",
                                        s.index, i, at, length, size - at - 4),
                            std::uint64_t(s.entry->data_offset) + at);
      record.present = true;
      record.text.assign(reinterpret_cast<const char*>(s.bytes.data() + at + 4), length);
      record.terminator = s.bytes[at + 4 + length];
      at += 4 + std::size_t(length) + 1;
    } else {
      at += 4;
    }
    m.node_strings.push_back(std::move(record));
  }
  m.node_strings_tail.assign(s.bytes.begin() + static_cast<std::ptrdiff_t>(at), s.bytes.end());
  return {};
}

}  // namespace

Result<Model> read_model(ByteView bytes) {
  auto read = nres::read(bytes, nres::Profile::compatible);
  if (!read) {
    Error error = std::move(read).error();
    if (error.rule.empty()) error.rule = codes::kModelContainer;
    return error;
  }
  const nres::Archive& archive = *read;
  Model m;
  m.container.assign(bytes.begin(), bytes.end());
  const FirstOfType first = first_streams(archive);
  // The typed streams' bytes live in the fields (and in `container`); the others are copied.
  const bool legacy_nodes = first[kNodeTableType] && archive.entries[*first[kNodeTableType]].attr3 == kLegacyNodeStride;
  m.streams.reserve(archive.entries.size());
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    const nres::Entry& e = archive.entries[i];
    const bool typed = detail::is_typed_stream(e.type_id) && first[e.type_id] == i &&
                       !(e.type_id == kNodeTableType && legacy_nodes);
    const ByteView payload = typed ? ByteView() : archive.payload(i);
    m.streams.push_back(StreamRow{e.type_id, e.attr1, e.attr2, e.attr3, std::string(e.name()),
                                  ByteBuffer(payload.begin(), payload.end())});
  }
  // docs/formats/msh.md 9: Land.msh has the terrain faces and neither indices nor batches.
  if (first[kTerrainFacesType] && !first[kIndicesType] && !first[kBatchesType]) m.kind = ModelKind::terrain;
  const auto at = [&](std::uint32_t type_id) {
    const std::size_t i = *first[type_id];
    return StreamAt{i, &archive.entries[i], archive.payload(i), archive.entries[i].data_offset};
  };

  std::size_t node_count = 0;
  if (first[kNodeTableType]) PARKAN_TRY(read_nodes(at(kNodeTableType), m, node_count));
  if (first[kSlotsType]) PARKAN_TRY(read_slots(at(kSlotsType), m));
  if (first[kPositionsType]) PARKAN_TRY(read_positions(at(kPositionsType), m));
  if (first[kNormalsType]) PARKAN_TRY(read_normals(at(kNormalsType), m));
  if (first[kUv0Type]) PARKAN_TRY(read_uvs(at(kUv0Type), m.uv0, codes::kUv0Stride, "packed UV0"));
  if (first[kLightmapUvType])
    PARKAN_TRY(read_uvs(at(kLightmapUvType), m.lightmap_uv, codes::kLightmapUvStride, "lightmap UVs"));
  if (first[kIndicesType]) PARKAN_TRY(read_indices(at(kIndicesType), m));
  if (first[kTrianglesType]) PARKAN_TRY(read_triangles(at(kTrianglesType), m));
  if (first[kBatchesType]) PARKAN_TRY(read_batches(at(kBatchesType), m));
  if (first[kNodeNamesType]) PARKAN_TRY(read_node_names(at(kNodeNamesType), m));
  if (first[kPathGraphType]) PARKAN_TRY(read_path_graph(at(kPathGraphType), m));
  if (first[kNodeStringsType]) PARKAN_TRY(read_node_strings(at(kNodeStringsType), node_count, m));
  return m;
}

}  // namespace parkan::msh
